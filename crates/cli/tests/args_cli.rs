//! End to end: what every game's commands share — a closed pipe, numeric ranges, missing
//! arguments, progress on stderr, scores with a side and unit.

mod common;

use common::cli::{fails, qi};
use std::process::{Command, Stdio};

/// Runs `qi` with its stdout closed before it writes anything (as `| head -0` would, and as
/// `| head -1` does for every line after the first); returns its status and stderr.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qi runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("qi ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    for args in [
        &["moves", "xiangqi"][..],
        &["explain", "tictactoe", "........."],
        &["bench", "1"],
        &["count", "tictactoe"],
        &["perft", "xiangqi", "--depth", "2", "--divide"],
        &["move", "tictactoe", "x........"],
    ] {
        let (code, err) = with_closed_stdout(args);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
}

/// Every command with a numeric option, as `(arguments before the option, option)`.
const NUMERIC: &[(&[&str], &str, &str)] = &[
    (&["move", "tictactoe", "x........"], "--depth", "1 to 64"),
    (&["move", "gomoku", "--moves", "h8"], "--depth", "1 to 64"),
    (&["move", "xiangqi"], "--depth", "1 to 64"),
    (&["explain", "tictactoe", "x........"], "--depth", "1 to 64"),
    (&["play", "tictactoe"], "--depth", "1 to 64"),
    (
        &["match", "--engine1", "a", "--engine2", "b"],
        "--depth",
        "1 to 64",
    ),
    (
        &["move", "tictactoe", "x........"],
        "--movetime",
        "1 to 3600000",
    ),
    (&["move", "gomoku"], "--movetime", "1 to 3600000"),
    (&["move", "xiangqi"], "--movetime", "1 to 3600000"),
    (&["play", "gomoku"], "--movetime", "1 to 3600000"),
    (&["play", "xiangqi"], "--movetime", "1 to 3600000"),
    (
        &["match", "--engine1", "a", "--engine2", "b"],
        "--movetime",
        "1 to 3600000",
    ),
    (&["move", "gomoku"], "--nodes", "1 to 1000000000000"),
    (&["move", "xiangqi"], "--nodes", "1 to 1000000000000"),
    (&["move", "xiangqi"], "--threads", "1 to 256"),
    (&["ucci"], "--threads", "1 to 256"),
    (&["uci"], "--threads", "1 to 256"),
    (&["move", "gomoku"], "--size", "5 to 22"),
    (&["play", "gomoku"], "--size", "5 to 22"),
    (&["perft", "xiangqi"], "--depth", "1 to 8"),
    (&["bench"], "--depth", "1 to 20"),
    (&["bench", "xiangqi"], "--depth", "1 to 20"),
    (&["bench", "gomoku"], "--depth", "1 to 20"),
    (&["move", "tictactoe", "x........"], "--level", "1 to 10"),
    (&["move", "gomoku"], "--level", "1 to 10"),
    (&["move", "xiangqi"], "--level", "1 to 10"),
    (&["play", "tictactoe"], "--level", "1 to 10"),
    (&["play", "gomoku"], "--level", "1 to 10"),
    (&["play", "xiangqi"], "--level", "1 to 10"),
    (&["ucci"], "--level", "1 to 10"),
    (
        &["match", "--engine1", "a", "--engine2", "b"],
        "--rounds",
        "1 to 100000",
    ),
    (
        &["match", "--engine1", "a", "--engine2", "b"],
        "--max-plies",
        "1 to 100000",
    ),
    (
        &["match", "--engine1", "a", "--engine2", "b"],
        "--time",
        "1 to 86400000",
    ),
];

#[test]
fn numeric_options_share_one_range_each_and_name_it() {
    for &(command, option, range) in NUMERIC {
        for bad in ["0", "-5", "18446744073709551615", "1e3", "ten"] {
            let mut args = command.to_vec();
            args.extend([option, bad]);
            let err = fails(&args);
            assert!(err.contains(range), "{args:?}: {err}");
            assert!(err.contains(option), "{args:?}: {err}");
            assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
        }
    }
}

#[test]
fn options_that_may_be_zero_still_refuse_negatives_by_range() {
    for (command, option, range) in [
        (
            &["move", "tictactoe", "x........"][..],
            "--seed",
            "0 to 18446744073709551615",
        ),
        (&["move", "xiangqi"], "--seed", "0 to 18446744073709551615"),
        (
            &["match", "--engine1", "a", "--engine2", "b"],
            "--inc",
            "0 to 3600000",
        ),
        (
            &["explain", "tictactoe", "x........"],
            "--max-nodes",
            "0 to 10000000",
        ),
    ] {
        let mut args = command.to_vec();
        args.extend([option, "-1"]);
        let err = fails(&args);
        assert!(err.contains(range), "{args:?}: {err}");
    }
}

#[test]
fn bench_depth_is_a_word_or_an_option_in_every_game() {
    for args in [
        &["bench", "1"][..],
        &["bench", "--depth", "1"],
        &["bench", "xiangqi", "1"],
        &["bench", "gomoku", "1"],
        &["bench", "gomoku", "--depth", "1"],
    ] {
        let out = qi(args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args:?}: {text}");
        assert!(text.starts_with("depth 1, "), "{args:?}: {text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("[1/"), "progress per position: {err}");
    }
    for bad in [
        &["bench", "0"][..],
        &["bench", "-1"],
        &["bench", "gomoku", "21"],
    ] {
        assert!(fails(bad).contains("1 to 20"), "{bad:?}");
    }
    let err = fails(&["bench", "2", "--depth", "3"]);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn a_missing_argument_is_named() {
    let err = fails(&["move", "tictactoe"]);
    assert!(err.contains("<BOARD>"), "{err}");
    let err = fails(&["perft", "xiangqi"]);
    assert!(err.contains("--depth"), "{err}");
    let err = fails(&["match", "--engine1", "qi uci"]);
    assert!(err.contains("--engine2"), "{err}");
}

#[test]
fn searches_report_each_iteration_on_stderr_and_keep_stdout() {
    let out = qi(&["move", "xiangqi", "--depth", "3"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for depth in 1..=3 {
        assert!(err.contains(&format!("depth {depth} score ")), "{err}");
    }
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.trim().lines().count(), 1, "{text}");
    let out = qi(&["move", "gomoku", "--moves", "h8", "--depth", "2", "--json"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("depth 2 score "));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(serde_json::from_str::<serde_json::Value>(text.trim()).is_ok());
}

#[test]
fn deep_perft_reports_each_root_move() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let out = qi(&["perft", "xiangqi", "--fen", fen, "--depth", "5"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("perft depth 5: [1/"), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("nodes "), "{text}");
    // The progress walk counts the same leaves as the plain count.
    let quiet = qi(&["perft", "xiangqi", "--fen", fen, "--depth", "4", "--json"]);
    let divided = qi(&["perft", "xiangqi", "--fen", fen, "--depth", "4", "--divide"]);
    let nodes: serde_json::Value = serde_json::from_slice(&quiet.stdout).unwrap();
    let last = String::from_utf8_lossy(&divided.stdout)
        .lines()
        .last()
        .unwrap()
        .to_string();
    assert_eq!(last, format!("nodes {}", nodes["nodes"]));
}

#[test]
fn scores_name_a_side_and_a_unit() {
    let out = qi(&["move", "xiangqi", "--depth", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(" pawns") || text.contains("level"), "{text}");
    let out = qi(&["move", "gomoku", "--moves", "h8 i9", "--depth", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        ["Black +", "White +", "even"]
            .iter()
            .any(|w| text.contains(w)),
        "{text}"
    );
    let out = qi(&["move", "tictactoe", "xx./oo./..."]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("X wins in 1"), "{text}");
    let out = qi(&["solve", "tictactoe"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("a draw with best play"), "{text}");
}
