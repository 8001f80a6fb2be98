//! Searches under a game clock over real HTTP: the engine's move time follows its clock,
//! and out-of-range clocks are refused with the field and range named.

mod common;

use common::http::{error_of, post, search, server};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn done_of(events: &[(String, Value)]) -> &Value {
    let (name, done) = events.last().expect("events");
    assert_eq!(name, "done");
    done
}

#[test]
fn a_short_clock_makes_a_full_strength_search_answer_quickly_with_a_legal_move() {
    let server = server();
    for (game, body) in [
        ("xiangqi", json!({"moves": ["h2e2"]})),
        ("gomoku", json!({"moves": ["h8", "h9"]})),
        ("tictactoe", json!({"moves": ["5"]})),
    ] {
        let mut request = body.clone();
        request["level"] = json!(10);
        request["clock"] = json!({"remaining_ms": 3000, "increment_ms": 0});
        let started = Instant::now();
        let (status, events) = search(&server, game, &request);
        let took = started.elapsed();
        assert_eq!(status, StatusCode::OK, "{game}");
        // 3 s on the clock: a 100 ms budget; 10x generous for a loaded machine.
        assert!(took < Duration::from_millis(2_500), "{game} took {took:?}");
        assert_eq!(events[0].1["clock_budget_ms"], 100, "{game}");
        let done = done_of(&events);
        assert_eq!(done["cancelled"], false, "{game}");
        let best = done["best"].as_str().expect("a move").to_string();
        let (_, position) = post(&server, &format!("api/games/{game}/position"), &body);
        let legal: Vec<&str> = position["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(
            legal.contains(&best.as_str()),
            "{game}: {best} not in {legal:?}"
        );
    }
}

#[test]
fn a_search_without_a_clock_reports_no_budget() {
    let server = server();
    let (status, events) = search(&server, "xiangqi", &json!({"level": 1}));
    assert_eq!(status, StatusCode::OK);
    assert!(events[0].1["clock_budget_ms"].is_null());
}

#[test]
fn out_of_range_or_malformed_clocks_are_400s_naming_the_field() {
    let server = server();
    for (clock, expected) in [
        (
            json!({"remaining_ms": 0}),
            "clock.remaining_ms 0 is out of range",
        ),
        (json!({"remaining_ms": 86_400_001u64}), "clock.remaining_ms"),
        (
            json!({"remaining_ms": 1000, "increment_ms": 600_001}),
            "clock.increment_ms",
        ),
        (json!({"remaining_ms": -5}), "remaining_ms"),
        (json!({"remaining_ms": 1000, "bonus": 1}), "bonus"),
    ] {
        let (status, body) = post(
            &server,
            "api/games/xiangqi/search",
            &json!({"level": 3, "clock": clock}),
        );
        // Ranges are 400s from the server; JSON of the wrong shape is axum's 422.
        assert!(status.is_client_error(), "{clock}: {status}");
        assert!(error_of(&body).contains(expected), "{clock}: {body}");
    }
}

#[test]
fn a_xiangqi_search_with_lines_scores_the_best_root_moves_and_refuses_too_many() {
    let server = server();
    let (status, events) = search(&server, "xiangqi", &json!({"level": 2, "lines": 3}));
    assert_eq!(status, StatusCode::OK);
    let done = done_of(&events);
    let alternatives = done["alternatives"].as_array().expect("alternatives");
    assert_eq!(alternatives.len(), 3, "{done}");
    for a in alternatives {
        assert!(a["best"].as_str().is_some_and(|m| m.len() == 4), "{a}");
        assert!(a["score_first"].is_i64(), "{a}");
        assert!(!a["notation"].as_str().unwrap().is_empty());
    }
    let (status, body) = post(
        &server,
        "api/games/gomoku/search",
        &json!({"level": 1, "lines": 6}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error_of(&body).contains("lines 6 is out of range (1–5)"),
        "{body}"
    );
}
