//! Gomoku swap openings through the web server's JSON API over real HTTP: the engine's
//! proposal, its colour choices after three and five stones, bad requests, and position
//! answers that stay as they were.

mod common;

use common::http::{error_of, post, server};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn opening(server: &qi_web::RunningServer, body: Value) -> (StatusCode, Value) {
    post(server, "api/games/gomoku/opening", &body)
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_engine_proposes_three_stones_and_chooses_colours() {
    let server = server();
    // Proposal: three distinct points, a position the page can replay.
    let (status, proposal) = opening(&server, json!({"moves": [], "opening": "swap2", "seed": 4}));
    assert_eq!(status, StatusCode::OK, "{proposal}");
    assert_eq!(proposal["choice"], "propose");
    let stones = strings(&proposal["moves"]);
    assert_eq!(stones.len(), 3, "{proposal}");
    let (status, pos) = post(
        &server,
        "api/games/gomoku/position",
        &json!({"moves": stones}),
    );
    assert_eq!(status, StatusCode::OK, "{pos}");
    assert_eq!(pos["to_move"], "white");
    // Black's open two in the centre against White's corner stone: take Black.
    let (status, taken) = opening(
        &server,
        json!({"moves": ["h8", "a1", "i8"], "opening": "swap"}),
    );
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["choice"], "take_black");
    assert_eq!(taken["moves"], json!([]));
    assert_eq!(taken["message"], "Engine takes Black: you play White");
    assert!(taken["score"].as_i64().unwrap() < 0, "{taken}");
    // Black's stones on the edges, White's in the centre: stay White and play.
    let (status, stays) = opening(
        &server,
        json!({"moves": ["a15", "h8", "o1"], "opening": "swap2", "options": {"rule": "renju"}}),
    );
    assert_eq!(status, StatusCode::OK, "{stays}");
    assert_eq!(stays["choice"], "stay_white");
    let reply = strings(&stays["moves"]);
    assert_eq!(reply.len(), 1);
    assert!(!["a15", "h8", "o1"].contains(&reply[0].as_str()));
    assert!(stays["message"]
        .as_str()
        .unwrap()
        .starts_with("Engine stays White and plays"));
    // Swap2 after five stones: a colour, never two more stones.
    let (status, five) = opening(
        &server,
        json!({"moves": ["h8", "a1", "i8", "o15", "j8"], "opening": "swap2"}),
    );
    assert_eq!(status, StatusCode::OK, "{five}");
    assert_eq!(five["choice"], "take_black");
}

#[test]
fn bad_opening_requests_are_refused_and_positions_are_unchanged() {
    let server = server();
    for (body, want) in [
        (
            json!({"moves": ["h8", "a1"], "opening": "swap"}),
            "3 stones",
        ),
        (
            json!({"moves": ["h8", "a1", "i8", "o15", "j8"], "opening": "swap"}),
            "3 stones",
        ),
        (
            json!({"moves": ["h8", "a1", "i8"], "opening": "swap3"}),
            "unknown opening",
        ),
        (
            json!({"moves": ["h8", "h8", "i8"], "opening": "swap"}),
            "already taken",
        ),
        (
            json!({"moves": ["h8", "a1", "i8"], "opening": "swap", "colour": "b"}),
            "colour",
        ),
        (
            json!({"moves": ["a", "b", "c", "d", "e", "f"], "opening": "swap2"}),
            "0, 3 or 5",
        ),
    ] {
        let (status, answer) = opening(&server, body.clone());
        assert!(status.is_client_error(), "{body}: {status} {answer}");
        let text = error_of(&answer).to_string() + &answer.to_string();
        assert!(text.contains(want), "{body}: {answer}");
    }
    let (status, answer) = post(
        &server,
        "api/games/xiangqi/opening",
        &json!({"moves": [], "opening": "swap"}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    // A position answer has no opening fields: without an opening nothing changes.
    let (status, pos) = post(
        &server,
        "api/games/gomoku/position",
        &json!({"moves": ["h8", "a1", "i8"]}),
    );
    assert_eq!(status, StatusCode::OK);
    assert!(
        pos.get("opening").is_none() && pos.get("choice").is_none(),
        "{pos}"
    );
}
