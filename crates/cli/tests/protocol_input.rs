//! End to end: hostile input to the three engine protocols (UCI, UCCI, Gomocup) — invalid
//! UTF-8, overlong lines, finished boards, out-of-range numbers — never ends the engine,
//! never grows it without bound, and gets a short, clear answer.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine: raw bytes in, lines out (read on a thread so waits can time out).
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(program: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn qi(args: &[&str]) -> Engine {
        Engine::start(env!("CARGO_BIN_EXE_qi"), args)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.bytes(format!("{line}\n").as_bytes());
    }

    /// The next line, or a panic naming what was expected after `limit`.
    fn next(&mut self, what: &str, limit: Duration) -> String {
        self.lines
            .recv_timeout(limit)
            .unwrap_or_else(|_| panic!("no line ({what}) within {limit:?}"))
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The next Gomocup reply that is not a MESSAGE.
    fn reply(&mut self) -> String {
        loop {
            let line = self.next("a Gomocup reply", Duration::from_secs(60));
            if !line.starts_with("MESSAGE") {
                return line;
            }
        }
    }

    /// Peak resident memory in KiB (Linux), to show a line was not kept whole.
    fn peak_kib(&self) -> Option<u64> {
        common::process::peak_kib(self.child.id())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_point(reply: &str) -> bool {
    reply
        .split_once(',')
        .is_some_and(|(x, y)| x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok())
}

fn gomocup_survives_invalid_utf8(mut engine: Engine) {
    engine.bytes(b"START 15\n\xff\xfe garbage \xc3\n");
    assert_eq!(engine.reply(), "OK");
    let unknown = engine.reply();
    assert!(unknown.starts_with("UNKNOWN"), "{unknown}");
    engine.bytes(b"BEGIN\n");
    let first = engine.reply();
    assert!(is_point(&first), "BEGIN is answered with a move: {first}");
    // Inside a BOARD block too: the bad line is a bad entry, the engine goes on.
    engine.bytes(b"BOARD\n7,7,1\n\xff,\x80,2\nDONE\n");
    let bad = engine.reply();
    assert!(bad.starts_with("ERROR"), "{bad}");
    engine.bytes(b"BOARD\n7,7,2\nDONE\n");
    let reply = engine.reply();
    assert!(is_point(&reply), "BOARD after bad bytes: {reply}");
    engine.send("END");
}

#[test]
fn gomocup_survives_invalid_utf8_in_commands_and_boards() {
    gomocup_survives_invalid_utf8(Engine::qi(&["gomocup"]));
}

/// Sends one `megabytes` MB line without a space, then `probe`, and returns the answers.
fn flood(engine: &mut Engine, megabytes: usize, probe: &str) -> Option<(u64, u64)> {
    let before = engine.peak_kib();
    let chunk = vec![b'a'; 1 << 20];
    for _ in 0..megabytes {
        engine.bytes(&chunk);
    }
    engine.bytes(b"\n");
    engine.send(probe);
    Some((before?, engine.peak_kib().unwrap_or(0)))
}

/// The memory an overlong line may add: far less than the line.
const GROWTH_LIMIT_KIB: u64 = 32 * 1024;

#[test]
fn gomocup_overlong_line_is_skipped_in_bounded_memory_and_echoed_short() {
    let mut engine = Engine::qi(&["gomocup"]);
    engine.send("START 15");
    assert_eq!(engine.reply(), "OK");
    // A 4 MB table: the brain makes its table resident in the background, and its
    // 256 MB one would grow the peak while the line is read.
    engine.send("INFO max_memory 20971520");
    let memory = flood(&mut engine, 128, "ABOUT");
    let error = engine.reply();
    assert!(error.starts_with("ERROR"), "{error}");
    assert!(
        error.len() < 200,
        "the echo is short: {} bytes",
        error.len()
    );
    assert!(engine.reply().starts_with("name="), "ABOUT still answered");
    if let Some((before, after)) = memory {
        assert!(
            after < before + GROWTH_LIMIT_KIB,
            "peak memory grew from {before} KiB to {after} KiB"
        );
    }
    engine.send("BEGIN");
    assert!(is_point(&engine.reply()));
}

#[test]
fn uci_and_ucci_skip_overlong_lines_in_bounded_memory() {
    for (greeting, ok) in [("uci", "uciok"), ("ucci", "ucciok")] {
        let mut engine = Engine::qi(&[greeting, "--hash", "1"]);
        engine.send(greeting);
        engine.until(ok);
        let memory = flood(&mut engine, 128, "isready");
        let seen = engine.until("readyok");
        let note = seen
            .iter()
            .find(|l| l.contains("ignored"))
            .unwrap_or_else(|| panic!("{greeting}: the long line is reported: {seen:?}"));
        assert!(note.len() < 200, "{greeting}: short note: {note}");
        if let Some((before, after)) = memory {
            assert!(
                after < before + GROWTH_LIMIT_KIB,
                "{greeting}: peak memory grew from {before} KiB to {after} KiB"
            );
        }
        // A long unknown command is echoed short.
        engine.send(&"x".repeat(5000));
        engine.send("isready");
        let seen = engine.until("readyok");
        assert!(seen.iter().all(|l| l.len() < 200), "{seen:?}");
    }
}

#[test]
fn uci_and_ucci_survive_invalid_utf8() {
    for (greeting, ok) in [("uci", "uciok"), ("ucci", "ucciok")] {
        let mut engine = Engine::qi(&[greeting]);
        engine.send(greeting);
        engine.bytes(b"\x01\xff\xfe\nisready\n");
        engine.until(ok);
        engine.until("readyok");
        engine.send("go depth 1");
        engine.until("bestmove");
    }
}

#[test]
fn gomocup_board_that_already_holds_a_five_gets_no_move() {
    let mut engine = Engine::qi(&["gomocup"]);
    engine.send("START 15");
    assert_eq!(engine.reply(), "OK");
    // The opponent's five is on 0,0..4,0 and one more of its stones comes after it, so
    // the last stone played is not part of the five: a check of the last move alone
    // would miss it.
    let mut board = String::from("BOARD\n");
    for i in 0..5 {
        board.push_str(&format!("{i},0,2\n"));
    }
    board.push_str("10,10,2\n");
    for x in [0, 2, 4, 6, 8] {
        board.push_str(&format!("{x},5,1\n"));
    }
    board.push_str("DONE");
    engine.send(&board);
    let reply = engine.reply();
    assert!(
        reply.starts_with("ERROR"),
        "a finished game gets no move: {reply}"
    );
    assert!(reply.contains("five"), "{reply}");
    // The engine's own five, with equal counts (the engine is Black, the opponent's stone
    // is the last one played).
    let mut board = String::from("BOARD\n");
    for i in 0..5 {
        board.push_str(&format!("{i},0,1\n{},9,2\n", 2 * i));
    }
    board.push_str("DONE");
    engine.send(&board);
    let reply = engine.reply();
    assert!(
        reply.starts_with("ERROR"),
        "a finished game gets no move: {reply}"
    );
    // A board with the same stones but no five still gets a move.
    engine.send("BOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n0,5,1\n1,5,1\n2,5,1\nDONE");
    let reply = engine.reply();
    assert_eq!(reply, "4,0", "the engine blocks the open four's end");
}

#[test]
fn ucci_negative_time_still_gets_a_bestmove() {
    let mut engine = Engine::qi(&["ucci"]);
    engine.send("ucci");
    engine.until("ucciok");
    engine.send("position startpos");
    let started = Instant::now();
    engine.send("go time -1");
    let line = engine.until("bestmove").pop().unwrap();
    assert!(line.split_whitespace().nth(1).is_some_and(|m| m.len() == 4));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answered at once"
    );
    engine.send("setoption usemillisec true");
    engine.send("go time -250 increment -5");
    engine.until("bestmove");
}

#[test]
fn uci_bad_go_number_names_the_go_parameter() {
    let mut engine = Engine::qi(&["uci"]);
    engine.send("uci");
    engine.until("uciok");
    engine.send("go movetime soon");
    engine.send("isready");
    let seen = engine.until("readyok");
    let note = seen
        .iter()
        .find(|l| l.starts_with("info string"))
        .unwrap_or_else(|| panic!("a diagnostic: {seen:?}"));
    assert!(note.contains("go: 'movetime soon'"), "{note}");
    assert!(!note.contains("option"), "{note}");
}
