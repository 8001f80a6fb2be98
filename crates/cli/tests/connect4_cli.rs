//! End to end: `qi move`, `qi explain` and `qi play` for Connect Four, by spawning `qi`.

mod common;

use common::cli::{fails, json, qi};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `qi play connect4 ARGS` with `input` on stdin, to the end.
fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "connect4"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qi starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().expect("qi ends")
}

#[test]
fn move_takes_a_win_in_one_and_says_so() {
    // Red a1 b1 c1 against Yellow e1 e2 e3: column 4 wins.
    let v = json(&["move", "connect4", "--moves", "152535", "--json"]);
    assert_eq!(v["move"], 4);
    assert_eq!(v["result"], "win");
    assert_eq!(v["end_in_plies"], 1);
    assert_eq!(v["verdict"], "Red wins in 1");
    assert_eq!(v["after"], "1525354");
    assert!(v["end"]
        .as_str()
        .unwrap()
        .starts_with("Red connects four (a1 b1 c1 d1)"));
    let text = String::from_utf8(qi(&["move", "connect4", "--moves", "152535"]).stdout).unwrap();
    assert!(text.starts_with("Red plays column 4"), "{text}");
    assert!(text.contains("R R R R Y . .\n1 2 3 4 5 6 7"), "{text}");
}

#[test]
fn move_honours_depth_level_and_seed() {
    let v = json(&[
        "move", "connect4", "--moves", "4453", "--depth", "4", "--json",
    ]);
    assert_eq!(v["depth"], 4);
    assert_eq!(v["to_move"], "Red");
    let column = v["move"].as_u64().unwrap();
    assert!((1..=7).contains(&column));
    assert_eq!(v["after"], format!("4453{column}"));
    let a = json(&["move", "connect4", "--level", "1", "--seed", "9", "--json"]);
    let b = json(&["move", "connect4", "--level", "1", "--seed", "9", "--json"]);
    assert_eq!(a["move"], b["move"]);
    assert!(a["depth"].as_u64().unwrap() <= 2, "{a}");
    // Yellow must block Red's three on the bottom row.
    let block = json(&[
        "move", "connect4", "--moves", "11223", "--depth", "2", "--json",
    ]);
    assert_eq!(block["move"], 4);
}

#[test]
fn bad_moves_and_options_are_one_line_errors() {
    for (args, want) in [
        (&["move", "connect4", "--moves", "8"][..], "unexpected '8'"),
        (
            &["move", "connect4", "--moves", "1111111"],
            "column 1 is full",
        ),
        (&["move", "connect4", "--moves", "1212121"], "already over"),
        (&["move", "connect4", "--moves", "44x"], "bad --moves '44x'"),
        (&["move", "connect4", "--level", "11"], "1 to 10"),
        (&["move", "connect4", "--depth", "0"], "1 to 64"),
        (
            &["explain", "connect4", "--moves", "1212121"],
            "already over",
        ),
        (&["explain", "connect4", "--moves", "0"], "unexpected '0'"),
        (&["play", "connect4", "--first", "nobody"], "nobody"),
    ] {
        let err = fails(args);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn explain_draws_the_tree_with_columns_and_window_terms() {
    let out = qi(&["explain", "connect4", "--moves", "44"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("moves so far: 44\n"), "{text}");
    assert!(text.contains("connect four alphabeta search of"), "{text}");
    assert!(text.contains("Red to move is MAX"), "{text}");
    assert!(text.contains("best move: Red "), "{text}");
    assert!(text.contains("EVAL: Red "), "{text}");
    let minimax = qi(&["explain", "connect4", "--algo", "minimax", "--depth", "1"]);
    let text = String::from_utf8(minimax.stdout).unwrap();
    assert!(text.contains("Minimax searches every move"), "{text}");
}

#[test]
fn play_reads_columns_and_commands_and_answers_bad_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-c4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let script = format!(
        "help\n9\nnine\n4\nundo\nundo\n4\nlevel 12\nlevel 2\nsave {}\nquit\n",
        file.display()
    );
    let out = play(&["--level", "1", "--seed", "4"], &script);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for want in [
        "you are Red, the computer is Yellow",
        "Type a column 1-7",
        "9 is out of range: columns are 1 to 7.",
        "'nine' is not a number or a command",
        "The computer plays column",
        "Took back 2 moves.",
        "Nothing to undo.",
        "level must be a whole number from 1 to 10",
        "The computer now plays at level 2.",
        "Saved the game to",
        "bye",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.lines().nth(1).unwrap().starts_with('4'), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_goes_to_the_end_of_a_game_and_reads_on_after_refusals() {
    // The computer moves first; the human keeps dropping discs in column 1, then 2, …, and
    // starts again (a full column is refused and the next line read) until the game ends.
    let script: String = (0..3)
        .flat_map(|_| 1..=7)
        .flat_map(|c| std::iter::repeat(format!("{c}\n")).take(6))
        .collect();
    let out = play(
        &["--first", "computer", "--level", "1", "--seed", "2"],
        &script,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you are Yellow"), "{text}");
    assert!(
        text.contains("You win!") || text.contains("The computer wins") || text.contains("A draw"),
        "{text}"
    );
    assert!(text.contains("Moves: "), "{text}");
    assert!(!text.contains("panicked"));
}

#[test]
fn play_ends_quietly_at_end_of_input() {
    let out = play(&[], "");
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("bye"));
}
