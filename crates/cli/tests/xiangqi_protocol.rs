//! End to end: spawn `qi`, speak UCCI and UCI, check answers, legality, bad input and time.

use qi_xiangqi::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine: lines in, lines out (read on a thread so waits can time out).
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("qi starts");
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

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
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

    fn last(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().unwrap()
    }

    fn bestmove(&mut self) -> String {
        let line = self.last("bestmove");
        line.split_whitespace().nth(1).unwrap().to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_legal(fen: Option<&str>, moves: &[&str], mv: &str) -> bool {
    let mut pos = fen.map_or_else(Position::startpos, |f| Position::from_fen(f).unwrap());
    for m in moves {
        let m = pos.parse_move(m).unwrap();
        pos.make_move(m);
    }
    pos.parse_move(mv).is_ok() && mv.len() == 4
}

#[test]
fn ucci_handshake_search_and_quit() {
    let mut e = Engine::start(&["ucci"]);
    e.send("ucci");
    let hello = e.until("ucciok");
    assert!(hello.iter().any(|l| l.starts_with("id name Qi")));
    assert!(hello.iter().any(|l| l.starts_with("option hashsize")));
    e.send("isready");
    e.last("readyok");
    e.send("setoption hashsize 8");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 score")));
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(is_legal(None, &["h2e2", "h9g7"], mv), "{mv}");
    e.send("quit");
    e.last("bye");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn ucci_time_is_in_seconds_and_nobestmove_when_mated() {
    let mut e = Engine::start(&["ucci"]);
    e.send("ucci");
    e.until("ucciok");
    let start = Instant::now();
    e.send("go time 1 increment 0");
    let mv = e.bestmove();
    assert!(
        start.elapsed() < Duration::from_millis(1000),
        "overran the clock"
    );
    assert!(is_legal(None, &[], &mv));
    e.send("position fen R3k4/4c4/9/9/9/9/9/9/9/3K5 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.last("nobestmove"), "nobestmove");
}

#[test]
fn ucci_banmoves_are_never_played() {
    let mut e = Engine::start(&["ucci"]);
    e.send("ucci");
    e.until("ucciok");
    // a8a9 mates at once; banned, the engine must find something else.
    e.send("position fen 4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "a8a9");
    e.send("banmoves a8a9");
    e.send("go depth 3");
    let mv = e.bestmove();
    assert_ne!(mv, "a8a9");
    assert!(is_legal(
        Some("4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1"),
        &[],
        &mv
    ));
}

#[test]
fn bad_input_is_diagnosed_and_changes_nothing() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send("position fen 4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    for bad in [
        "xyzzy",
        "position fen rnbakabnr/9/1c5c1 w",
        "position fen 4k4/4k4/9/9/9/9/9/9/9/3K5 w",
        "position startpos moves h2e2 h2e2",
        "position startpos moves z9z9",
        "position",
        "setoption name Hash value lots",
        "setoption name Nonsense value 3",
        "setoption name UCI_Variant value chess",
        "go depth",
        "go wtime banana",
        "go sideways 3",
    ] {
        e.send(bad);
        e.send("isready");
        let lines = e.until("readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("info string")),
            "no diagnostic for {bad:?}: {lines:?}"
        );
    }
    let long = format!("position startpos moves {}", "h2e2 e2h2 ".repeat(10_000));
    e.send(&long);
    e.send("isready");
    e.until("readyok");
    // Still the mate-in-one position from before all that.
    e.send("go depth 2");
    assert_eq!(e.bestmove(), "a8a9");
}

#[test]
fn uci_search_reports_mate_and_none_when_mated() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send("position fen 4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove a8a9"));
    e.send("position fen R3k4/4c4/9/9/9/9/9/9/9/3K5 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.last("bestmove"), "bestmove (none)");
}

#[test]
fn uci_infinite_waits_for_stop_and_stop_is_prompt() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    // Mate in one: the search ends at once but must not answer before `stop`.
    e.send("position fen 4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    let start = Instant::now();
    e.send("stop");
    assert_eq!(e.bestmove(), "a8a9");
    assert!(start.elapsed() < Duration::from_secs(2));
    // From the start position the search would run for ever; stop ends it.
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    let mv = e.bestmove();
    assert!(is_legal(None, &[], &mv));
}

#[test]
fn uci_clock_and_ponderhit() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send("position startpos moves h2e2");
    let start = Instant::now();
    e.send("go wtime 100000 btime 800 winc 0 binc 0");
    let mv = e.bestmove();
    assert!(
        start.elapsed() < Duration::from_millis(800),
        "overran black's clock"
    );
    assert!(is_legal(None, &["h2e2"], &mv));
    // Pondering ignores the clock until ponderhit.
    e.send("go ponder wtime 300 btime 300");
    std::thread::sleep(Duration::from_millis(500));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("ponderhit");
    let mv = e.bestmove();
    assert!(is_legal(None, &["h2e2"], &mv));
}

#[test]
fn uci_rank_numbering_and_multipv() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello.iter().any(|l| l.contains("UCI_Variant")));
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("setoption name Rank Numbering value 1-10");
    e.send("setoption name MultiPV value 3");
    // h3e3 is h2e2 with ranks from one.
    e.send("position startpos moves h3e3");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    for rank in 2..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("multipv {rank} "))),
            "{lines:?}"
        );
    }
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    // Back to ranks 0–9 for the check.
    let (from_rank, rest) =
        mv[1..].split_at(mv[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap());
    let to_rank = &rest[1..];
    let iccs = format!(
        "{}{}{}{}",
        &mv[..1],
        from_rank.parse::<u32>().unwrap() - 1,
        &rest[..1],
        to_rank.parse::<u32>().unwrap() - 1
    );
    assert!(is_legal(None, &["h2e2"], &iccs), "{mv} -> {iccs}");
}

#[test]
fn no_subcommand_sniffs_the_protocol() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until("uciok");
    e.send("isready");
    e.last("readyok");
    let mut e = Engine::start(&[]);
    e.send("ucci");
    e.until("ucciok");
    e.send("quit");
    e.last("bye");
}
