//! A sweep of every subcommand with malformed, out-of-range and extreme arguments: each
//! must end within its time limit with an ordinary status — no panic (101), no abort (134),
//! no death by a signal, no hang. Interactive commands and protocol loops get an empty
//! stdin, so they must also end at end of input.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one command may run: generous for a loaded 2-core machine; every command here
/// finishes in well under a second when nothing is wrong.
const LIMIT: Duration = Duration::from_secs(10);

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const KINGS: &str = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
/// Black to move and checkmated (a chariot on e8 guarded by a horse, the f-file closed).
const MATED: &str = "4k4/4R4/2N6/9/9/9/9/9/9/3K1R3 b - - 0 1";

/// The sweep: each entry is one command line.
fn cases() -> Vec<Vec<String>> {
    let long_moves = "h8 ".repeat(2000);
    let long_board = "x".repeat(10_000);
    let list: Vec<Vec<&str>> = vec![
        // The top level.
        vec![],
        vec!["--bogus"],
        vec!["nonsense"],
        vec!["help"],
        vec!["--version"],
        vec!["play"],
        vec!["play", "chess"],
        // play: bad options, and good ones ending at end of input.
        vec!["play", "tictactoe", "--level", "0"],
        vec!["play", "tictactoe", "--level", "11"],
        vec!["play", "tictactoe", "--first", "nobody"],
        vec!["play", "tictactoe", "--depth", "-1"],
        vec!["play", "tictactoe", "--first", "computer", "--level", "1"],
        vec!["play", "gomoku", "--size", "4"],
        vec!["play", "gomoku", "--size", "99999999999999999999"],
        vec!["play", "gomoku", "--rule", "caro"],
        vec!["play", "gomoku", "--movetime", "0"],
        vec!["play", "gomoku", "--first", "computer", "--movetime", "1"],
        vec!["play", "gomoku", "--size", "5", "--level", "1"],
        vec!["play", "connect4", "--level", "0"],
        vec!["play", "connect4", "--first", "computer", "--level", "1"],
        vec!["move", "connect4", "--moves", "99999"],
        vec!["move", "connect4", "--moves", "象"],
        vec!["move", "connect4", "--moves", "4444444"],
        vec!["move", "connect4", "--moves", "1212121"],
        vec!["move", "connect4", "--nodes", "1", "--json"],
        vec!["explain", "connect4", "--depth", "13"],
        vec![
            "explain",
            "connect4",
            "--moves",
            "111111222222533333344444455555666667777776",
        ],
        vec!["play", "xiangqi", "--fen", "garbage"],
        vec!["play", "xiangqi", "--fen", ""],
        vec!["play", "xiangqi", "--fen", MATED],
        vec!["play", "xiangqi", "--level", "0"],
        vec!["play", "xiangqi", "--movetime", "-5"],
        vec!["play", "xiangqi", "--first", "computer", "--level", "1"],
        // count, solve, best.
        vec!["count", "tictactoe", "--json", "extra"],
        vec!["solve", "tictactoe", "xxxxxxxxx"],
        vec!["solve", "tictactoe", "ooo......"],
        vec!["solve", "tictactoe", "xxx/ooo/..."],
        vec!["solve", "tictactoe", ""],
        vec!["solve", "tictactoe", "象象象"],
        vec!["solve", "tictactoe", "--algo", "magic"],
        vec![
            "solve",
            "tictactoe",
            "--algo",
            "minimax",
            "--tt",
            "--symmetry",
            "--json",
        ],
        vec!["best", "tictactoe"],
        vec!["best", "tictactoe", "x.o/.x./o.."],
        vec!["best", "tictactoe", "xox/oxo/oxo"],
        // move.
        vec!["move", "tictactoe", "........."],
        vec!["move", "tictactoe", "xxx/oo./..."],
        vec!["move", "tictactoe", "x", "--depth", "0"],
        vec![
            "move",
            "tictactoe",
            ".........",
            "--depth",
            "64",
            "--movetime",
            "1",
        ],
        vec!["move", "tictactoe", ".........", "--level", "-3"],
        vec!["move", "tictactoe", ".........", "--seed", "-1"],
        vec![
            "move",
            "gomoku",
            "--moves",
            "h8",
            "--depth",
            "64",
            "--movetime",
            "300",
        ],
        vec!["move", "gomoku", "--moves", "h8", "--nodes", "1"],
        vec!["move", "gomoku", "--moves", "h8", "--movetime", "1"],
        vec!["move", "gomoku", "--moves", "h8", "--depth", "-1"],
        vec!["move", "gomoku", "--moves", "p16"],
        vec!["move", "gomoku", "--moves", "7,-1"],
        vec!["move", "gomoku", "--moves", "99999999999999999999,1"],
        vec!["move", "gomoku", "--moves", "a99999"],
        vec!["move", "gomoku", "--moves", "h8 a1 i8 a2 j8 a3 k8 a4 l8"],
        vec![
            "move",
            "gomoku",
            "--size",
            "5",
            "--moves",
            "a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 c1 c2 c3 c4 c5 d1 d2 d3 d4 d5 e1 e2 e3 e4 e5",
        ],
        vec![
            "move",
            "gomoku",
            "--size",
            "22",
            "--rule",
            "renju",
            "--movetime",
            "100",
        ],
        vec!["move", "gomoku", "--evaluator", "none"],
        vec!["move", "xiangqi", "--fen", "garbage"],
        vec!["move", "xiangqi", "--fen", MATED],
        vec!["move", "xiangqi", "--fen", MATED, "--json"],
        vec![
            "move",
            "xiangqi",
            "--fen",
            KINGS,
            "--depth",
            "64",
            "--movetime",
            "300",
        ],
        vec!["move", "xiangqi", "--depth", "64", "--movetime", "300"],
        vec!["move", "xiangqi", "--nodes", "1"],
        vec!["move", "xiangqi", "--movetime", "1"],
        vec!["move", "xiangqi", "--threads", "0"],
        vec!["move", "xiangqi", "--threads", "4", "--depth", "3"],
        vec!["move", "xiangqi", "--level", "1", "--seed", "5"],
        vec!["move", "xiangqi", "--moves", "h2e2 h2e2"],
        vec!["move", "xiangqi", "--moves", "炮五进九"],
        vec!["move", "xiangqi", "--depth", "1000"],
        vec!["move", "xiangqi", "--movetime", "18446744073709551615"],
        // explain.
        vec!["explain", "tictactoe", "........."],
        vec![
            "explain",
            "tictactoe",
            ".........",
            "--depth",
            "64",
            "--max-nodes",
            "10",
        ],
        vec!["explain", "tictactoe", ".........", "--depth", "0"],
        vec![
            "explain",
            "tictactoe",
            ".........",
            "--max-nodes",
            "0",
            "--dot",
        ],
        vec!["explain", "tictactoe", "xxx/ooo/..."],
        vec![
            "explain",
            "tictactoe",
            ".........",
            "--algo",
            "minimax",
            "--depth",
            "9",
            "--max-nodes",
            "100",
        ],
        // perft and moves.
        vec!["perft", "xiangqi", "--depth", "0"],
        vec!["perft", "xiangqi", "--depth", "9"],
        vec!["perft", "xiangqi", "--depth", "-1"],
        vec!["perft", "xiangqi", "--depth", "8", "--fen", KINGS],
        vec![
            "perft", "xiangqi", "--depth", "3", "--fen", MATED, "--divide", "--json",
        ],
        vec!["perft", "xiangqi", "--depth", "2", "--fen", "rnbakabnr"],
        vec!["moves", "xiangqi", "--fen", MATED],
        vec!["moves", "xiangqi", "--fen", START, "--moves", "zz99"],
        vec![
            "moves",
            "xiangqi",
            "--moves",
            "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 h7h3",
        ],
        vec!["moves", "xiangqi", "--fen", "9/9/9/9/9/9/9/9/9/9 w - - 0 1"],
        vec![
            "moves",
            "xiangqi",
            "--fen",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        ],
        // bench.
        vec!["bench", "0"],
        vec!["bench", "21"],
        vec!["bench", "abc"],
        vec!["bench", "1", "--depth", "1"],
        vec!["bench", "gomoku", "--depth", "0"],
        vec!["bench", "gomoku", "-- depth"],
        vec!["bench", "chess"],
        vec!["bench", "1"],
        vec!["bench", "gomoku", "1"],
        // protocols at end of input.
        vec!["ucci"],
        vec!["uci"],
        vec!["gomocup"],
        vec!["ucci", "--threads", "0"],
        vec!["uci", "--level", "11"],
        // match: bad set-ups are refused quickly.
        vec!["match"],
        vec!["match", "--engine1", "qi uci"],
        vec![
            "match",
            "--engine1",
            "/nonexistent/engine",
            "--engine2",
            "/nonexistent/engine",
        ],
        vec![
            "match",
            "--game",
            "chess",
            "--engine1",
            "a",
            "--engine2",
            "b",
        ],
        vec![
            "match",
            "--engine1",
            "a",
            "--engine2",
            "b",
            "--protocol1",
            "xboard",
        ],
        vec![
            "match",
            "--engine1",
            "a",
            "--engine2",
            "b",
            "--openings",
            "/nonexistent/file",
        ],
        vec!["match", "--engine1", "a", "--engine2", "b", "--depth", "0"],
        vec![
            "match",
            "--engine1",
            "a",
            "--engine2",
            "b",
            "--movetime",
            "-1",
        ],
        vec![
            "match",
            "--game",
            "gomoku",
            "--engine1",
            "a",
            "--engine2",
            "b",
            "--size",
            "3",
        ],
        // serve: bad addresses are refused (a good one would serve forever).
        vec!["serve", "--port", "99999"],
        vec!["serve", "--port", "-1"],
        vec!["serve", "--host", "not an address"],
    ];
    let mut out: Vec<Vec<String>> = list
        .into_iter()
        .map(|c| c.into_iter().map(String::from).collect())
        .collect();
    out.push(vec![
        "move".into(),
        "gomoku".into(),
        "--moves".into(),
        long_moves,
    ]);
    out.push(vec!["solve".into(), "tictactoe".into(), long_board.clone()]);
    out.push(vec![
        "moves".into(),
        "xiangqi".into(),
        "--fen".into(),
        long_board,
    ]);
    out
}

/// Runs one command line with an empty stdin; returns its exit status (None: a signal)
/// and its stderr, or an error when it outlives [`LIMIT`].
fn run(args: &[String]) -> Result<(Option<i32>, String), String> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qi runs");
    // Stderr is read on a thread so that a chatty command cannot block on a full pipe.
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let err = reader.join().unwrap_or_default();
            return Ok((status.code(), err));
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn every_subcommand_survives_bad_and_extreme_arguments() {
    let mut failures = Vec::new();
    for args in cases() {
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                if a.len() > 40 {
                    format!("{}…({} chars)", &a[..20], a.len())
                } else {
                    a.clone()
                }
            })
            .collect();
        match run(&args) {
            Err(why) => failures.push(format!("{shown:?}: {why}")),
            Ok((code, err)) => {
                let bad = match code {
                    None => Some("killed by a signal".to_string()),
                    Some(101) => Some("panicked (101)".to_string()),
                    Some(134) => Some("aborted (134)".to_string()),
                    Some(_) if err.contains("panicked") => Some("printed a panic".to_string()),
                    _ => None,
                };
                if let Some(why) = bad {
                    let tail: String = err.lines().take(3).collect::<Vec<_>>().join(" | ");
                    failures.push(format!("{shown:?}: {why}: {tail}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
