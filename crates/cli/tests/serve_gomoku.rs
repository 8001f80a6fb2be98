//! Gomoku through the web server's JSON API over real HTTP: the three rules, renju's
//! forbidden points, records, engine searches and bad input.

mod common;

use common::http::{error_of, get, post, server};
use qi_web::RunningServer;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn moves(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

fn position(server: &RunningServer, options: Value, list: &str) -> (StatusCode, Value) {
    post(
        server,
        "api/games/gomoku/position",
        &json!({"options": options, "moves": moves(list)}),
    )
}

/// The events of a gomoku search stream, read to its end.
fn search(server: &RunningServer, body: &Value) -> (StatusCode, Vec<(String, Value)>) {
    common::http::search(server, "gomoku", body)
}

fn done_of(events: &[(String, Value)]) -> &Value {
    &events
        .iter()
        .find(|(name, _)| name == "done")
        .expect("a done event")
        .1
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Black i8 j8 h9 h10 (White far away on the a file): h8 would make two open threes.
const DOUBLE_THREE_AT_H8: &str = "i8 a1 j8 a3 h9 a5 h10 a7";

#[test]
fn gomoku_is_listed_with_its_options_and_its_page_module() {
    let server = server();
    let (status, games) = get(&server, "api/games");
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"gomoku"), "{ids:?}");
    let (status, info) = get(&server, "api/games/gomoku");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["sides"][0]["id"], "black");
    let rules: Vec<&str> = info["options"][0]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["freestyle", "standard", "renju"]);
    assert_eq!(info["options"][1]["default"], 15);
    assert_eq!(info["levels"].as_array().unwrap().len(), 10);
    assert_eq!(info["levels"][9]["movetime_ms"], 4000);
    let js = reqwest::blocking::get(format!("{}assets/gomoku.js", server.url)).unwrap();
    assert_eq!(js.status(), StatusCode::OK);
}

#[test]
fn the_empty_board_has_every_point_and_black_to_move() {
    let server = server();
    let (status, p) = position(&server, Value::Null, "");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p["to_move"], "black");
    assert_eq!(p["first_to_move"], true);
    assert_eq!(p["legal"].as_array().unwrap().len(), 225);
    assert_eq!(p["options"], json!({"rule": "freestyle", "size": 15}));
    assert_eq!(p["board"]["size"], 15);
    let (_, p) = position(&server, json!({"size": 19}), "s19 a1");
    assert_eq!(p["legal"].as_array().unwrap().len(), 19 * 19 - 2);
    assert_eq!(
        p["board"]["stones"][0],
        json!({"point": "s19", "side": "black"})
    );
    assert_eq!(
        p["moves"][1],
        json!({"move": "a1", "side": "white", "notation": {"point": "a1"}})
    );
    assert_eq!(p["last_move"], "a1");
    assert_eq!(p["to_move"], "black");
}

#[test]
fn freestyle_five_wins_and_ends_the_game() {
    let server = server();
    let game = "h8 a1 i9 a2 j10 a3 k11 a4 l12";
    let (status, p) = position(&server, json!({"rule": "freestyle"}), game);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p["status"]["over"], true);
    assert_eq!(p["status"]["winner"], "black");
    assert_eq!(p["status"]["result"], "1-0");
    assert_eq!(p["status"]["reason"], "five");
    assert_eq!(p["status"]["message"], "Black wins with five in a row");
    assert_eq!(
        strings(&p["board"]["line"]),
        ["h8", "i9", "j10", "k11", "l12"]
    );
    assert_eq!(p["legal"], json!([]));
    assert_eq!(p["exports"]["moves"], game);
    assert!(p["exports"]["sgf"].as_str().unwrap().contains("RE[B+]"));
    let (status, err) = position(&server, Value::Null, &format!("{game} b1"));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&err).contains("already over"), "{err}");
    assert!(error_of(&err).contains("(move 10)"), "{err}");
}

#[test]
fn an_overline_wins_in_freestyle_only() {
    let server = server();
    // Black h8 i8 j8 l8 m8, then k8 joins six.
    let game = "h8 a1 i8 a2 j8 a3 l8 a4 m8 a6 k8";
    let (_, free) = position(&server, json!({"rule": "freestyle"}), game);
    assert_eq!(free["status"]["reason"], "overline");
    assert_eq!(free["status"]["winner"], "black");
    assert_eq!(free["board"]["line"].as_array().unwrap().len(), 6);
    let (status, standard) = position(&server, json!({"rule": "standard"}), game);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(standard["status"]["over"], false);
    assert_eq!(standard["to_move"], "white");
    // Under standard rules exactly five still wins, for White too.
    let (_, five) = position(
        &server,
        json!({"rule": "standard"}),
        "h8 a1 h9 a2 h10 a3 o15 a4 o13 a5",
    );
    assert_eq!(five["status"]["winner"], "white");
    assert_eq!(five["status"]["result"], "0-1");
    // Renju: Black's overline is a foul, and Black loses by it.
    let (status, renju) = position(&server, json!({"rule": "renju"}), game);
    assert_eq!(status, StatusCode::OK, "{renju}");
    assert_eq!(renju["status"]["winner"], "white");
    assert_eq!(renju["status"]["reason"], "forbidden");
    let message = renju["status"]["message"].as_str().unwrap();
    assert!(message.contains("overline"), "{message}");
    // ... while White's overline wins there.
    let white_six = "h8 a1 h10 a2 h12 a3 j8 a5 j10 a6 j12 a4";
    let (status, p) = position(&server, json!({"rule": "renju"}), white_six);
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(p["status"]["winner"], "white");
    assert_eq!(p["status"]["reason"], "overline");
    assert_eq!(
        p["status"]["message"],
        "White wins with an overline (6 in a row)"
    );
}

#[test]
fn renju_marks_black_s_forbidden_points_and_a_foul_played_loses() {
    let server = server();
    let (status, p) = position(&server, json!({"rule": "renju"}), DOUBLE_THREE_AT_H8);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p["to_move"], "black");
    assert!(strings(&p["board"]["forbidden"]).contains(&"h8"), "{p}");
    assert_eq!(p["board"]["fouls"]["h8"], "double three");
    assert!(!strings(&p["legal"]).contains(&"h8"));
    assert!(strings(&p["legal"]).contains(&"g8"));
    let (status, err) = position(
        &server,
        json!({"rule": "renju"}),
        &format!("{DOUBLE_THREE_AT_H8} h8"),
    );
    // One ruling everywhere (the game crate's, as in the terminal, Gomocup and the match
    // referee): a foul played by Black is a lost game, not a refused move.
    assert_eq!(status, StatusCode::OK, "{err}");
    assert_eq!(err["status"]["over"], true, "{err}");
    assert_eq!(err["status"]["winner"], "white");
    assert_eq!(err["status"]["reason"], "forbidden");
    let message = err["status"]["message"].as_str().unwrap();
    assert!(
        message.contains("forbidden point (double three)"),
        "{message}"
    );
    assert!(
        err["exports"]["sgf"].as_str().unwrap().contains("RE[W+F]"),
        "{err}"
    );
    // The same point is fine under the other rules, and for White.
    for rule in ["freestyle", "standard"] {
        let (status, p) = position(
            &server,
            json!({"rule": rule}),
            &format!("{DOUBLE_THREE_AT_H8} h8"),
        );
        assert_eq!(status, StatusCode::OK, "{rule}: {p}");
        assert_eq!(p["board"]["forbidden"], json!([]));
    }
    // With White to move no point is marked.
    let (_, p) = position(&server, json!({"rule": "renju"}), "i8 a1 j8 a3 h9 a5 h10");
    assert_eq!(p["board"]["forbidden"], json!([]));
    // A search for Black never plays a forbidden point.
    let (status, events) = search(
        &server,
        &json!({"options": {"rule": "renju"}, "moves": moves(DOUBLE_THREE_AT_H8), "level": 3}),
    );
    assert_eq!(status, StatusCode::OK);
    let best = done_of(&events)["best"].as_str().unwrap().to_string();
    let (_, p) = position(&server, json!({"rule": "renju"}), DOUBLE_THREE_AT_H8);
    assert!(strings(&p["legal"]).contains(&best.as_str()), "{best}");
}

#[test]
fn a_search_streams_progress_and_returns_a_legal_move() {
    let server = server();
    let body = json!({"options": {"rule": "standard"}, "moves": ["h8", "i9"], "level": 4});
    let (status, events) = search(&server, &body);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(events[0].0, "start");
    assert_eq!(events[0].1["first_to_move"], true);
    let infos: Vec<&Value> = events
        .iter()
        .filter(|(n, _)| n == "info")
        .map(|(_, d)| d)
        .collect();
    assert!(!infos.is_empty());
    assert!(infos[0]["depth"].as_u64().unwrap() >= 1);
    assert!(infos[0]["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    let done = done_of(&events);
    let best = done["best"].as_str().unwrap();
    let (_, p) = position(&server, json!({"rule": "standard"}), "h8 i9");
    assert!(strings(&p["legal"]).contains(&best), "{best}");
    assert_eq!(done["notation"], best);
}

#[test]
fn the_engine_blocks_fours() {
    let server = server();
    // White d4 e4 f4 g4, an open four: Black can only block one end.
    let (_, events) = search(
        &server,
        &json!({"moves": moves("h8 d4 a1 e4 a3 f4 a5 g4"), "level": 3}),
    );
    let best = done_of(&events)["best"].as_str().unwrap();
    assert!(["c4", "h4"].contains(&best), "{best}");
    // With c4 already Black's, h4 is the one block.
    let (_, events) = search(
        &server,
        &json!({"moves": moves("h8 d4 c4 e4 a1 f4 a3 g4"), "level": 3}),
    );
    let done = done_of(&events);
    assert_eq!(done["best"], "h4");
    assert_eq!(done["note"], "blocks a five");
    // And it completes its own five rather than block.
    let (_, events) = search(
        &server,
        &json!({"moves": moves("h8 d4 h9 e4 h10 f4 h11 g4"), "level": 1}),
    );
    let best = done_of(&events)["best"].as_str().unwrap();
    assert!(["h7", "h12"].contains(&best), "{best}");
}

#[test]
fn the_engine_finds_a_win_by_continuous_fours() {
    let server = server();
    // Black h8 i8 j8 (g8 White's) and k9 k10 k11 (k12 White's): k8 makes two fours.
    let game = "h8 g8 i8 k12 j8 a1 k9 a3 k10 a5 k11 a7";
    let (status, events) = search(&server, &json!({"moves": moves(game), "level": 3}));
    assert_eq!(status, StatusCode::OK);
    let done = done_of(&events);
    assert_eq!(done["decisive"], true, "{done}");
    assert!(done["score"].as_i64().unwrap() > 0, "{done}");
    assert!(done["note"].as_str().unwrap().contains("VCF"), "{done}");
    // The line arrives as an info before the answer, starting with the move.
    let info = &events.iter().rev().find(|(n, _)| n == "info").unwrap().1;
    assert_eq!(info["pv"][0], done["best"]);
    assert!(info["pv"].as_array().unwrap().len() >= 3, "{info}");
    assert_eq!(done["score_text"], "win in 3", "{done}");
}

#[test]
fn imports_read_move_lists_and_sgf() {
    let server = server();
    let (status, imported) = post(
        &server,
        "api/games/gomoku/import",
        &json!({"format": "moves", "text": "1. H8 i9\n2. h9", "options": {"rule": "renju"}}),
    );
    assert_eq!(status, StatusCode::OK, "{imported}");
    assert_eq!(imported["moves"], json!(["h8", "i9", "h9"]));
    assert_eq!(imported["options"], json!({"rule": "renju", "size": 15}));
    assert_eq!(imported["start"], Value::Null);
    let (_, p) = position(&server, json!({"rule": "renju", "size": 19}), "j10 k11");
    let sgf = p["exports"]["sgf"].as_str().unwrap();
    assert!(sgf.starts_with("(;FF[4]GM[4]"), "{sgf}");
    assert!(sgf.contains("SZ[19]RU[renju]"), "{sgf}");
    // j10 on 19×19: column j, row 10 from the bottom = row j from the top.
    assert!(sgf.contains(";B[jj];W[ki]"), "{sgf}");
    let (status, imported) = post(
        &server,
        "api/games/gomoku/import",
        &json!({"format": "sgf", "text": sgf}),
    );
    assert_eq!(status, StatusCode::OK, "{imported}");
    assert_eq!(imported["moves"], json!(["j10", "k11"]));
    assert_eq!(imported["options"], json!({"rule": "renju", "size": 19}));
    // A record that does not replay is refused with the move.
    let (status, err) = post(
        &server,
        "api/games/gomoku/import",
        &json!({"format": "moves", "text": "h8 h8"}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&err).contains("taken"), "{err}");
    for (format, text) in [("sgf", "(;GM[1]SZ[19];B[dd])"), ("psq", "x"), ("sgf", "h8")] {
        let (status, err) = post(
            &server,
            "api/games/gomoku/import",
            &json!({"format": format, "text": text}),
        );
        assert_eq!(status, StatusCode::BAD_REQUEST, "{format} {text}");
        assert!(!error_of(&err).is_empty());
    }
}

#[test]
fn bad_input_is_a_400_with_a_message() {
    let server = server();
    let cases: [(Value, &str, &str); 10] = [
        (json!({"rule": "go"}), "", "unknown rule"),
        (json!({"rule": 3}), "", "rule"),
        (json!({"size": 4}), "", "board size"),
        (json!({"size": 23}), "", "board size"),
        (json!({"size": "big"}), "", "board size"),
        (json!({"colour": "black"}), "", "unknown gomoku option"),
        (Value::Null, "p16", "off the 15×15 board"),
        (json!({"size": 19}), "t1", "off the 19×19 board"),
        (Value::Null, "h8 h8", "h8 is already taken"),
        (Value::Null, "h8 zz9", "like h8"),
    ];
    for (options, list, wanted) in cases {
        let (status, err) = position(&server, options.clone(), list);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{options} {list}: {err}");
        assert!(error_of(&err).contains(wanted), "{options} {list}: {err}");
    }
    let (status, err) = post(
        &server,
        "api/games/gomoku/position",
        &json!({"start": "something", "moves": []}),
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&err).contains("empty board"), "{err}");
    // Searches: the same checks, a level, and a game still going.
    let (status, _) = search(&server, &json!({"options": {"size": 99}, "level": 3}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = search(&server, &json!({"moves": ["h8"], "level": 11}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let over = moves("h8 a1 h9 a2 h10 a3 h11 a4 h12");
    let (status, _) = search(&server, &json!({"moves": over, "level": 3}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
