//! Connect Four through the web API over real HTTP: the game is listed and its board script
//! served, positions replay, the engine replies and takes a win, the game ends with the
//! winning four, and bad moves are 400s that say which move and why.

mod common;

use common::http::{error_of, get, post, search, server};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn position(server: &qi_web::RunningServer, moves: &[&str]) -> (StatusCode, Value) {
    post(
        server,
        "api/games/connect4/position",
        &json!({ "moves": moves }),
    )
}

fn done_event(events: &[(String, Value)]) -> &Value {
    &events
        .iter()
        .find(|(name, _)| name == "done")
        .expect("a done event")
        .1
}

#[test]
fn the_game_is_listed_with_its_levels_and_its_board_script_is_served() {
    let server = server();
    let (status, info) = get(&server, "api/games/connect4");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["name"], "Connect Four");
    assert_eq!(info["sides"][0]["id"], "red");
    assert_eq!(info["levels"].as_array().unwrap().len(), 10);
    assert_eq!(info["levels"][9]["depth"], Value::Null);
    let script = reqwest::blocking::get(format!("{}assets/connect4.js", server.url)).unwrap();
    assert_eq!(script.status(), StatusCode::OK);
    assert!(script
        .text()
        .unwrap()
        .contains("export function createBoard"));
    let app = reqwest::blocking::get(format!("{}assets/app.js", server.url))
        .unwrap()
        .text()
        .unwrap();
    assert!(
        app.contains("./connect4.js"),
        "the page imports the board script"
    );
}

#[test]
fn a_new_game_replays_its_moves() {
    let server = server();
    let (status, p) = position(&server, &[]);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p["to_move"], "red");
    assert_eq!(p["legal"], json!(["1", "2", "3", "4", "5", "6", "7"]));
    assert_eq!(p["status"]["over"], false);
    let (_, p) = position(&server, &["4", "4", "5"]);
    assert_eq!(p["to_move"], "yellow");
    assert_eq!(p["ply"], 3);
    assert_eq!(p["last_move"], "5");
    assert_eq!(p["board"]["last"], json!([4, 0]));
    assert_eq!(p["board"]["cells"][4][3], "yellow");
    assert_eq!(p["board"]["cells"][5][3], "red");
    assert_eq!(
        p["moves"][1],
        json!({"move": "4", "side": "yellow", "notation": {"column": "4"}})
    );
    assert_eq!(p["exports"]["moves"], "445");
}

#[test]
fn the_engine_replies_and_a_win_ends_the_game_with_its_four() {
    let server = server();
    // A reply at a weak level is a legal column.
    let (status, events) = search(&server, "connect4", &json!({"moves": ["4"], "level": 3}));
    assert_eq!(status, StatusCode::OK);
    assert_eq!(events[0].0, "start");
    let reply = done_event(&events)["best"].as_str().unwrap().to_string();
    let (status, _) = position(&server, &["4", &reply]);
    assert_eq!(status, StatusCode::OK);
    // Red a1 b1 c1 against Yellow a2 b2 c2: the engine takes the win in column 4.
    let moves = ["1", "1", "2", "2", "3", "3"];
    let (_, events) = search(&server, "connect4", &json!({"moves": moves, "level": 10}));
    assert!(events.iter().any(|(name, _)| name == "info"));
    let done = done_event(&events);
    assert_eq!(done["best"], "4");
    assert_eq!(done["decisive"], true);
    let (_, p) = position(&server, &["1", "1", "2", "2", "3", "3", "4"]);
    assert_eq!(p["status"]["over"], true);
    assert_eq!(p["status"]["winner"], "red");
    assert_eq!(p["status"]["result"], "1-0");
    assert_eq!(p["status"]["reason"], "four_in_a_row");
    assert_eq!(p["board"]["line"], json!([[0, 0], [1, 0], [2, 0], [3, 0]]));
    assert_eq!(p["legal"], json!([]));
    // The game is over: nothing to search.
    let (status, _) = search(
        &server,
        "connect4",
        &json!({"moves": ["1", "1", "2", "2", "3", "3", "4"], "level": 5}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[test]
fn bad_moves_are_400s_naming_the_move() {
    let server = server();
    for (moves, want) in [
        (vec!["8"], "illegal move '8' (move 1): columns are 1–7"),
        (vec!["x"], "illegal move 'x' (move 1)"),
        (vec!["1"; 7], "illegal move '1' (move 7): column 1 is full"),
        (
            vec!["1", "2", "1", "2", "1", "2", "1", "5"],
            "illegal move '5' (move 8): the game is already over",
        ),
    ] {
        let (status, body) = position(&server, &moves);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{moves:?}");
        assert!(error_of(&body).contains(want), "{moves:?}: {body}");
    }
    let (status, body) = post(
        &server,
        "api/games/connect4/position",
        &json!({"start": "anything"}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("no start position"), "{body}");
    let (status, _) = search(&server, "connect4", &json!({"moves": ["9"], "level": 5}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[test]
fn move_records_import_and_bad_ones_are_refused() {
    let server = server();
    let import = |format: &str, text: &str| {
        post(
            &server,
            "api/games/connect4/import",
            &json!({"format": format, "text": text}),
        )
    };
    let (status, body) = import("moves", "4453");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["moves"], json!(["4", "4", "5", "3"]));
    let (status, body) = import("moves", "44x");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error_of(&body).contains("unexpected 'x' at character 3"),
        "{body}"
    );
    let (status, _) = import("moves", "1111111");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = import("pgn", "1. e4");
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
