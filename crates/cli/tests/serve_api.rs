//! The web server's JSON API over real HTTP: a server on a free port, a blocking client.

mod common;

use common::http::{error_of, get, post, search, server};
use qi_web::{games::GameRegistry, start};
use reqwest::blocking::Client;
use reqwest::StatusCode;
use serde_json::{json, Value};

#[test]
fn the_games_are_listed_and_the_page_is_served() {
    let server = server();
    let (status, games) = get(&server, "api/games");
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["connect4", "gomoku", "tictactoe", "xiangqi"]);
    let page = reqwest::blocking::get(&server.url).unwrap().text().unwrap();
    assert!(page.contains("/assets/app.js"));
    for asset in ["app.js", "tictactoe.js", "xiangqi.js", "style.css"] {
        let response = reqwest::blocking::get(format!("{}assets/{asset}", server.url)).unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
        assert!(!response.text().unwrap().is_empty(), "{asset} is empty");
    }
}

#[test]
fn an_unknown_game_is_a_404_naming_the_known_ones() {
    let server = server();
    let (status, body) = post(&server, "api/games/chess/position", &json!({}));
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&body).contains("unknown game 'chess'"), "{body}");
    assert!(error_of(&body).contains("xiangqi"), "{body}");
}

#[test]
fn an_illegal_xiangqi_move_is_a_400_naming_the_move() {
    let server = server();
    let (status, body) = post(
        &server,
        "api/games/xiangqi/position",
        &json!({"moves": ["h2e2", "e0e5"]}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("'e0e5' (move 2)"), "{body}");
    let (status, body) = post(
        &server,
        "api/games/xiangqi/position",
        &json!({"moves": ["nonsense"]}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("nonsense"), "{body}");
}

#[test]
fn a_malformed_fen_is_a_400_for_positions_imports_and_searches() {
    let server = server();
    let bad = "rnbakabnr/9/9 w";
    let (status, body) = post(
        &server,
        "api/games/xiangqi/position",
        &json!({"start": bad}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).starts_with("bad FEN"), "{body}");
    let (status, body) = post(
        &server,
        "api/games/xiangqi/import",
        &json!({"format": "fen", "text": bad}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).starts_with("bad FEN"), "{body}");
    let (status, _) = search(&server, "xiangqi", &json!({"start": bad, "level": 1}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[test]
fn an_oversized_body_is_a_413_with_a_message() {
    let server = server();
    let huge = "h2e2 ".repeat(20_000);
    let (status, body) = post(
        &server,
        "api/games/xiangqi/import",
        &json!({"format": "pgn", "text": huge}),
    );
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error_of(&body).contains("too large"), "{body}");
}

#[test]
fn malformed_json_and_unknown_fields_are_4xx_with_a_message() {
    let server = server();
    let response = Client::new()
        .post(format!("{}api/games/xiangqi/position", server.url))
        .header("content-type", "application/json")
        .body("{\"moves\": [")
        .send()
        .unwrap();
    assert!(response.status().is_client_error());
    let body: Value = response.json().unwrap();
    assert!(!error_of(&body).is_empty());
    let (status, body) = post(&server, "api/games/xiangqi/position", &json!({"mvs": []}));
    assert!(status.is_client_error());
    assert!(error_of(&body).contains("mvs"), "{body}");
    let (status, body) = search(&server, "xiangqi", &json!({"level": 11}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.is_empty());
}

#[test]
fn a_xiangqi_search_streams_progress_and_returns_a_legal_move() {
    let server = server();
    let moves = json!(["h2e2", "h9g7"]);
    let (status, events) = search(&server, "xiangqi", &json!({"moves": moves, "level": 3}));
    assert_eq!(status, StatusCode::OK);
    assert_eq!(events.first().map(|e| e.0.as_str()), Some("start"));
    assert!(events
        .iter()
        .any(|(name, data)| name == "info" && data["depth"].as_u64() >= Some(1)));
    let (name, done) = events.last().unwrap();
    assert_eq!(name, "done");
    let best = done["best"].as_str().unwrap().to_string();
    let (_, position) = post(
        &server,
        "api/games/xiangqi/position",
        &json!({"moves": moves}),
    );
    let legal: Vec<&str> = position["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(legal.contains(&best.as_str()), "{best} not in {legal:?}");
    assert!(!done["notation"].as_str().unwrap().is_empty());
}

#[test]
fn a_finished_xiangqi_game_reports_its_reason_and_refuses_a_search() {
    let server = server();
    let body = json!({"start": "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "moves": ["R8+9"]});
    let (status, position) = post(&server, "api/games/xiangqi/position", &body);
    assert_eq!(status, StatusCode::OK, "{position}");
    assert_eq!(position["status"]["reason"], "checkmate");
    assert_eq!(position["status"]["winner"], "red");
    let mut search_body = body.clone();
    search_body["level"] = json!(1);
    let (status, _) = search(&server, "xiangqi", &search_body);
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[test]
fn a_pgn_import_gives_iccs_moves_that_replay() {
    let server = server();
    let pgn = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n1. 炮二平五 马8进7 2. H2+3 i9h9 *\n";
    let (status, imported) = post(
        &server,
        "api/games/xiangqi/import",
        &json!({"format": "pgn", "text": pgn}),
    );
    assert_eq!(status, StatusCode::OK, "{imported}");
    assert_eq!(imported["moves"], json!(["h2e2", "h9g7", "h0g2", "i9h9"]));
    let (status, body) = post(
        &server,
        "api/games/xiangqi/import",
        &json!({"format": "pgn", "text": "1. h2e2 h2e2"}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("move 2"), "{body}");
}

#[test]
fn a_tictactoe_search_returns_the_winning_square() {
    let server = server();
    let (status, events) = search(
        &server,
        "tictactoe",
        &json!({"moves": ["1", "4", "2", "5"], "level": 10}),
    );
    assert_eq!(status, StatusCode::OK);
    let (name, done) = events.last().unwrap();
    assert_eq!(name, "done");
    assert_eq!(done["best"], "3");
    let (status, body) = post(
        &server,
        "api/games/tictactoe/position",
        &json!({"moves": ["5", "5"]}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("taken"), "{body}");
}

#[test]
fn a_second_search_beyond_the_slots_gets_429_and_a_closed_page_cancels_its_search() {
    let server = start("127.0.0.1", 0, GameRegistry::standard(), 1).expect("starts");
    let long = Client::new()
        .post(format!("{}api/games/xiangqi/search", server.url))
        .json(&json!({"level": 10}))
        .send()
        .expect("the first search starts");
    assert_eq!(long.status(), StatusCode::OK);
    let (status, body) = post(&server, "api/games/xiangqi/search", &json!({"level": 1}));
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error_of(&body).contains("busy"), "{body}");
    drop(long);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_, status) = get(&server, "api/status");
        let searches = &status["searches"];
        if searches["cancelled"] == 1 && searches["running"] == 0 {
            assert_eq!(searches["rejected"], 1);
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not cancelled: {status}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn qi_serve_prints_its_url_and_serves_the_page() {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("qi runs");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("piped");
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .map(str::to_string);
    let page = url
        .as_ref()
        .map(|u| reqwest::blocking::get(u).and_then(|r| r.text()));
    let _ = child.kill();
    let _ = child.wait();
    let url = url.unwrap_or_else(|| panic!("no URL in {line:?}"));
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let page = page.expect("fetched").expect("the page");
    assert!(page.contains("<title>Qi"), "{page}");
}
