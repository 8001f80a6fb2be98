//! End to end: `qi perft|moves|move|play|bench xiangqi` as a user runs them.

mod common;

use common::cli::{fails, json, qi};
use qi_xiangqi::Position;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn perft_and_divide() {
    let v = json(&["perft", "xiangqi", "--depth", "3", "--json"]);
    assert_eq!(v["nodes"], 79666);
    let v = json(&["perft", "xiangqi", "--depth", "2", "--divide", "--json"]);
    assert_eq!(v["nodes"], 1920);
    assert_eq!(v["divide"].as_object().unwrap().len(), 44);
    // Each root move's count is the number of replies after it.
    let replies = json(&["moves", "xiangqi", "--moves", "h2e2", "--json"]);
    assert_eq!(
        v["divide"]["h2e2"],
        replies["moves"].as_array().unwrap().len()
    );
    fails(&["perft", "xiangqi", "--depth", "2", "--fen", "not a fen"]);
    fails(&["perft", "xiangqi", "--depth", "99"]);
}

#[test]
fn moves_in_three_notations() {
    let v = json(&["moves", "xiangqi", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 44);
    assert!(moves
        .iter()
        .any(|m| m["iccs"] == "h2e2" && m["wxf"] == "C2.5" && m["chinese"] == "炮二平五"));
    // Moves may be given in any notation.
    let v = json(&["moves", "xiangqi", "--moves", "炮二平五 H8+7", "--json"]);
    assert!(v["fen"].as_str().unwrap().ends_with("w - - 2 2"));
    fails(&["moves", "xiangqi", "--moves", "h2e2 h2e2"]);
    fails(&[
        "moves",
        "xiangqi",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
    ]);
}

#[test]
fn engine_move_is_legal_and_finds_mate() {
    let v = json(&[
        "move",
        "xiangqi",
        "--fen",
        "4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "--depth",
        "4",
        "--json",
    ]);
    assert_eq!(v["move"], "a8a9");
    assert_eq!(v["mate"], 1);
    let v = json(&[
        "move", "xiangqi", "--moves", "h2e2", "--nodes", "20000", "--json",
    ]);
    let pos = {
        let mut p = Position::startpos();
        let m = p.parse_move("h2e2").unwrap();
        p.make_move(m);
        p
    };
    assert!(pos.parse_move(v["move"].as_str().unwrap()).is_ok());
    assert!(!v["pv"].as_array().unwrap().is_empty());
    // Every level plays a legal, searched move.
    for level in ["1", "5", "9"] {
        let v = json(&[
            "move", "xiangqi", "--moves", "h2e2", "--level", level, "--seed", "7", "--json",
        ]);
        assert!(pos.parse_move(v["move"].as_str().unwrap()).is_ok());
        assert!(v["depth"].as_u64().unwrap() >= 1, "level {level}: {v}");
    }
    // Mated: no move, said plainly.
    let v = json(&[
        "move",
        "xiangqi",
        "--fen",
        "R3k4/4c4/9/9/9/9/9/9/9/3K5 b - - 0 1",
        "--json",
    ]);
    assert!(v["move"].is_null());
    fails(&["move", "xiangqi", "--level", "11"]);
}

#[test]
fn bench_prints_the_signature_line() {
    let out = qi(&["bench", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.trim().lines().last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"));
    let nodes: u64 = words[0].parse().unwrap();
    assert!(nodes > 0);
    // Deterministic: the same count twice.
    let again = String::from_utf8(qi(&["bench", "3"]).stdout).unwrap();
    assert_eq!(
        again
            .trim()
            .lines()
            .last()
            .unwrap()
            .split_whitespace()
            .next(),
        Some(words[0])
    );
}

#[test]
fn terminal_game_takes_every_notation_and_commands() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "xiangqi", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let save = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-play-{}.pgn", std::process::id()));
    let input = format!(
        "nonsense\nh2e2\nlevel 42\nlevel 2\nfen\nhint\nundo\nundo\n炮二平五\nflip\nsave {}\nhelp\nquit\n",
        save.display()
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    for want in [
        "'nonsense' is not a legal move",
        "You play 炮二平五 (C2.5, h2e2)",
        "The engine plays",
        "Usage: level N",
        "now plays at level 2",
        "Hint: ",
        "Took back 2 moves.",
        "Nothing to undo.",
        "Saved the game",
        "undo        take back",
        "bye",
        "楚 河",
    ] {
        assert!(text.contains(want), "missing {want:?} in:\n{text}");
    }
    let pgn = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    assert!(pgn.contains("1. h2-e2 "), "{pgn}");
}

#[test]
fn terminal_game_as_black_lets_the_engine_open() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "xiangqi", "--black", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you play Black"));
    assert!(text.contains("The engine plays"), "{text}");
}

#[test]
fn terminal_game_first_computer_is_black_and_off_board_moves_say_so() {
    for first in [&["--first", "computer"][..], &["--black"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
            .args(["play", "xiangqi", "--level", "1"])
            .args(first)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdin.take());
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("you play Black"), "{first:?}: {text}");
        assert!(text.contains("The engine plays"), "{first:?}: {text}");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "xiangqi", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let save = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-play-date-{}.pgn", std::process::id()));
    let input = format!("炮二平五\n炮五进九\nsave {}\nquit\n", save.display());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("'炮五进九' is not a legal move here (square out of range"),
        "{text}"
    );
    // The engine's reply names a side and a unit.
    assert!(text.contains(" pawns") || text.contains("level"), "{text}");
    let pgn = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    assert!(pgn.contains("1. h2-e2 "), "{pgn}");
    assert!(!pgn.contains("????"), "a real date: {pgn}");
    assert!(pgn.contains("[Date \"20"), "{pgn}");
}

#[test]
fn notation_writes_advisors_on_one_file_by_file() {
    let fen = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
    let v = json(&["moves", "xiangqi", "--fen", fen, "--json"]);
    let moves = v["moves"].as_array().unwrap();
    let d2e1 = moves.iter().find(|m| m["iccs"] == "d2e1").unwrap();
    assert_eq!(d2e1["wxf"], "A6-5");
    assert_eq!(d2e1["chinese"], "仕六退五");
    for text in ["A6-5", "A+-5", "仕六退五", "前仕退五"] {
        let v = json(&["moves", "xiangqi", "--fen", fen, "--moves", text, "--json"]);
        assert!(
            v["fen"]
                .as_str()
                .unwrap()
                .starts_with("4k4/9/9/9/9/9/9/9/4A4/3A1K3"),
            "{text}: {v}"
        );
    }
}
