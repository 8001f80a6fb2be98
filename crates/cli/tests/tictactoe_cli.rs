//! End to end: spawn `qi`, check its JSON and its errors.

mod common;

use common::cli::{json, qi};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn count_prints_the_facts_with_their_key_names() {
    let v = json(&["count", "tictactoe", "--json"]);
    assert_eq!(v["games_total"], 255_168);
    assert_eq!(v["games_x_wins"], 131_184);
    assert_eq!(v["games_o_wins"], 77_904);
    assert_eq!(v["games_draw"], 46_080);
    assert_eq!(v["positions_reachable"], 5_478);
    assert_eq!(v["positions_up_to_symmetry"], 765);
    assert_eq!(v["terminal_positions"], 958);
    assert_eq!(v["terminal_positions_up_to_symmetry"], 138);
    assert_eq!(v["full_game_tree_nodes"], 549_946);
    assert_eq!(v["value_of_empty_board"], "draw");
}

#[test]
fn solve_with_every_algorithm_agrees_and_minimax_visits_the_whole_tree() {
    let minimax = json(&["solve", "tictactoe", "--algo", "minimax", "--json"]);
    assert_eq!(minimax["nodes"], 549_946);
    assert_eq!(minimax["value"], 0);
    assert_eq!(minimax["best_moves"].as_array().unwrap().len(), 9);
    for extra in [
        &["--algo", "negamax"][..],
        &["--algo", "alphabeta"],
        &["--algo", "pvs", "--tt"],
        &["--symmetry"],
    ] {
        let mut args = vec!["solve", "tictactoe", "--json"];
        args.extend_from_slice(extra);
        let v = json(&args);
        assert_eq!(v["value"], 0, "{extra:?}");
        assert_eq!(v["best_moves"], minimax["best_moves"], "{extra:?}");
    }
    let fast = json(&["solve", "tictactoe", "--tt", "--symmetry", "--json"]);
    assert!(fast["nodes"].as_u64().unwrap() < 1000, "{}", fast["nodes"]);
}

#[test]
fn solve_reads_a_board_and_finds_the_win() {
    let v = json(&["solve", "tictactoe", "xx./oo./...", "--json"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["best_moves"], serde_json::json!([3]));
    assert_eq!(v["to_move"], "X");
}

#[test]
fn best_lists_every_winning_move_and_the_boards() {
    let v = json(&["best", "tictactoe", "x.o/.x./o..", "--json"]);
    let moves: Vec<u64> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_u64().unwrap())
        .collect();
    assert!(moves.contains(&9));
    assert_eq!(v["boards"].as_array().unwrap().len(), moves.len());
    let plain = String::from_utf8(qi(&["best", "tictactoe", "x.o/.x./o.."]).stdout).unwrap();
    assert!(plain.contains("best move way: 9"), "{plain}");
    let none = json(&["best", "tictactoe", ".........", "--json"]);
    assert_eq!(none["winning_moves"], serde_json::json!([]));
}

#[test]
fn move_is_reproducible_with_a_seed_and_reports_statistics() {
    let a = json(&["move", "tictactoe", "x........", "--seed", "5", "--json"]);
    let b = json(&["move", "tictactoe", "x........", "--seed", "5", "--json"]);
    assert_eq!(a["move"], b["move"]);
    assert_eq!(a["value"], 0);
    // Against a corner, only the centre draws.
    assert_eq!(a["move"], 5);
    for key in [
        "nodes",
        "leaves",
        "beta_cutoffs",
        "first_move_cutoff_rate",
        "tt_probes",
        "tt_hits",
        "depth",
        "time_ms",
        "nps",
        "pv",
    ] {
        assert!(a.get(key).is_some(), "missing {key}");
    }
}

#[test]
fn explain_shows_the_tree_pruning_and_the_comparison_table() {
    let out = qi(&["explain", "tictactoe", "xo./.x./..o", "--depth", "2"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("✂ pruned"), "{text}");
    for row in ["minimax", "alpha-beta + ordering + TT", "PVS"] {
        assert!(text.contains(row), "missing {row}");
    }
    let dot =
        String::from_utf8(qi(&["explain", "tictactoe", "xox/.o./...", "--dot"]).stdout).unwrap();
    assert!(dot.contains("digraph search {") && dot.trim_end().ends_with('}'));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_a_failure_exit() {
    for args in [
        &["solve", "tictactoe", "xxo"][..],
        &["solve", "tictactoe", "xxx/ooo/..."],
        &["solve", "tictactoe", "xxx/oo./..."],
        &["solve", "tictactoe", "--algo", "magic"],
        &["move", "tictactoe", "abc/def/ghi"],
        &["best", "tictactoe", "ooo/xx./xx."],
        &["solve", "tictactoe", "--bogus"],
        &["move", "tictactoe", ".........", "--depth", "0"],
    ] {
        let out = qi(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn play_runs_a_whole_game_from_stdin_and_handles_bad_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "tictactoe", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Bad input first, then squares in order: the engine never loses, the game ends, and "n" quits.
    let input = "hello\n0\n10\n1\n1\n2\n3\n4\n5\n6\n7\n8\n9\nn\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("is not a number"), "{text}");
    assert!(text.contains("out of range"), "{text}");
    assert!(text.contains("is taken"), "{text}");
    assert!(
        text.contains("The computer wins.") || text.contains("A draw."),
        "{text}"
    );
}

#[test]
fn console_game_commands() {
    let save = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-ttt-{}.txt", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "tictactoe", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "help\nundo\n5\nhint\nundo\nlevel 11\nlevel 2\n5\nsave {}\nsave\nquit\n",
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
    assert!(out.status.success());
    for want in [
        "undo        take back",
        "Nothing to undo.",
        "The computer plays",
        "Hint: square",
        "Took back 2 moves.",
        "level must be a whole number from 1 to 10",
        "now plays at level 2",
        "Saved the game",
        "Usage: level N, save FILE.",
        "bye",
    ] {
        assert!(text.contains(want), "missing {want:?} in:\n{text}");
    }
    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    // X took the centre again after the undo, and O answered.
    assert!(saved.lines().nth(1).unwrap().starts_with("5 "), "{saved}");
}
