//! The `pbrain-qi` binary end to end: it speaks the Gomocup protocol on stdin/stdout and
//! survives bytes that are not UTF-8.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `pbrain-qi` on `input` to the end and returns its stdout lines without MESSAGEs.
fn run(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-qi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pbrain-qi runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "pbrain-qi exits cleanly");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
        .map(str::to_owned)
        .collect()
}

fn is_point(text: &str) -> bool {
    let parts: Vec<&str> = text.split(',').collect();
    parts.len() == 2 && parts.iter().all(|p| p.parse::<u32>().is_ok())
}

#[test]
fn pbrain_binary_speaks_gomocup() {
    let lines = run(b"START 15\nINFO timeout_turn 200\nABOUT\nBEGIN\nEND\n");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("name=\"Qi\""), "{lines:?}");
    assert_eq!(lines[2], "7,7");
}

#[test]
fn pbrain_survives_invalid_utf8() {
    let lines = run(
        b"START 15\n\xff\xfe garbage \xc3\nINFO timeout_turn 100\nBEGIN\nBOARD\n7,7,1\n\xff,\x80,2\nDONE\nBOARD\n7,7,2\nDONE\nEND\n",
    );
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("UNKNOWN"), "{lines:?}");
    assert!(
        is_point(&lines[2]),
        "BEGIN is answered with a move: {lines:?}"
    );
    assert!(
        lines[3].starts_with("ERROR"),
        "the bad BOARD entry: {lines:?}"
    );
    assert!(is_point(&lines[4]), "BOARD after bad bytes: {lines:?}");
}

#[test]
fn pbrain_takes_a_thread_count() {
    let lines = run(
        b"START 15\nINFO thread_num 2\nINFO thread_num many\nINFO timeout_turn 200\nBEGIN\nINFO thread_num 0\nTURN 8,8\nINFO thread_num 99999999999\nINFO max_memory 40000000\nTURN 6,6\nEND\n",
    );
    assert_eq!(lines[0], "OK");
    assert!(
        lines[1].starts_with("ERROR bad value 'many' for INFO thread_num"),
        "{lines:?}"
    );
    assert!(lines[2..5].iter().all(|l| is_point(l)), "{lines:?}");
    assert_eq!(lines.len(), 5, "{lines:?}");
}

#[test]
fn pbrain_takes_a_memory_limit() {
    let lines = run(
        b"START 15\nINFO max_memory 20000000\nINFO max_memory lots\nINFO timeout_turn 200\nBEGIN\nINFO max_memory 0\nTURN 8,8\nINFO max_memory -1\nTURN 6,6\nEND\n",
    );
    assert_eq!(lines[0], "OK");
    assert!(
        lines[1].starts_with("ERROR bad value 'lots' for INFO max_memory"),
        "{lines:?}"
    );
    assert!(lines[2..5].iter().all(|l| is_point(l)), "{lines:?}");
    assert_eq!(lines.len(), 5, "{lines:?}");
}

#[test]
fn pbrain_keeps_a_match_limit_the_manager_never_counts_down() {
    // A manager that sets the game's time but never sends `time_left`: the engine counts
    // its own answers against it instead of thinking each turn to the 20 s turn limit
    // (which would take a minute here and lose the game on time).
    let started = std::time::Instant::now();
    let lines = run(
        b"START 15\nINFO timeout_turn 20000\nINFO timeout_match 4000\nBEGIN\nTURN 8,8\nTURN 6,6\nTURN 9,9\nEND\n",
    );
    let took = started.elapsed();
    assert_eq!(lines[0], "OK");
    assert!(lines[1..].iter().all(|l| is_point(l)), "{lines:?}");
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(
        took < std::time::Duration::from_millis(4000),
        "the session outlasted its match time: {took:?}"
    );
}
