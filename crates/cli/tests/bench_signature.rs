//! End to end: `qi bench` and `qi bench gomoku` report the recorded node counts.
//!
//! The node count of the fixed benchmark is the search's signature: any change to search,
//! move ordering, evaluation or the table changes it, and a change that does not mean to
//! (a refactor, a speed-up) must leave it alone. A commit that changes the search on
//! purpose updates the numbers below in the same commit (README, "Bench signature").
//!
//! The counts do not depend on the build profile or the machine: one thread, a fixed
//! depth, a fresh table per position, no clock.

use std::process::Command;

/// `qi bench` (Xiangqi, default depth 8): total nodes.
const XIANGQI_SIGNATURE: u64 = 192_464;
/// `qi bench gomoku` (default depth 8): total nodes.
const GOMOKU_SIGNATURE: u64 = 73_414;

/// Runs `qi bench ARGS` and returns the node count of its last line, `N nodes M nps`.
fn bench_nodes(args: &[&str]) -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_qi"))
        .arg("bench")
        .args(args)
        .output()
        .expect("qi runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "qi bench {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    match words.as_slice() {
        [nodes, "nodes", _, "nps"] => nodes
            .parse()
            .unwrap_or_else(|_| panic!("node count in {last:?}")),
        _ => panic!("qi bench {args:?}: last line {last:?} is not 'N nodes M nps'"),
    }
}

#[test]
fn xiangqi_bench_matches_the_recorded_signature() {
    let nodes = bench_nodes(&[]);
    assert_eq!(
        nodes, XIANGQI_SIGNATURE,
        "qi bench: {nodes} nodes, recorded {XIANGQI_SIGNATURE}. If the search changed on \
         purpose, update XIANGQI_SIGNATURE in this commit; otherwise the change altered \
         the search by accident"
    );
}

#[test]
fn gomoku_bench_matches_the_recorded_signature() {
    let nodes = bench_nodes(&["gomoku"]);
    assert_eq!(
        nodes, GOMOKU_SIGNATURE,
        "qi bench gomoku: {nodes} nodes, recorded {GOMOKU_SIGNATURE}. If the search changed \
         on purpose, update GOMOKU_SIGNATURE in this commit; otherwise the change altered \
         the search by accident"
    );
}
