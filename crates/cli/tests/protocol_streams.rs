//! End to end: seeded streams of valid and invalid commands for UCI, UCCI and Gomocup fed
//! to the `qi` binary. Invalid UTF-8, huge lines, unknown commands, bad numbers, `go` before
//! any `position`, `stop` and `ponderhit` at any moment, moves on occupied points and
//! commands out of order are mixed into real games. Throughout:
//!
//! * the engine never exits before `quit` / `END` (and exits cleanly after it);
//! * `isready` is always answered with `readyok` (Gomocup: `ABOUT` with its `name=` line);
//! * every `bestmove` is legal in the position searched (checked with `qi-xiangqi`), every
//!   Gomocup move is an empty point of the game (checked with `qi-gomoku`);
//! * a timed `go` is answered within its time (plus a scheduling allowance, [`SLACK`]).
//!
//! CI runs a few short streams (seconds). `QI_STREAM_STEPS=N` (default 25) sets the commands
//! per stream, `QI_STREAM_SEEDS=N` (default 2) the streams per protocol, `QI_STREAM_SEED` the
//! first seed: `QI_STREAM_STEPS=400 QI_STREAM_SEEDS=20 cargo test --release -p qi --test
//! protocol_streams` is the long run.

use qi_gomoku::board::xy;
use qi_gomoku::{Board, Rule};
use qi_xiangqi::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Allowance for process scheduling on a loaded CI machine, added to every time limit.
const SLACK: Duration = Duration::from_millis(150);
/// How long an untimed answer (`readyok`, a shallow search, a stopped search) may take.
const PROMPT: Duration = Duration::from_secs(20);

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A running engine: bytes in, lines out (read on a thread so waits time out), and a log
/// of what was sent for the failure message.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    sent: Vec<String>,
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
        let input = child.stdin.take();
        let out = BufReader::new(child.stdout.take().expect("stdout"));
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
            sent: Vec::new(),
        }
    }

    /// What was sent so far, shortened, for a failure message.
    fn log(&self) -> String {
        let tail = self.sent.len().saturating_sub(12);
        self.sent[tail..].join(" | ")
    }

    fn bytes(&mut self, bytes: &[u8]) {
        let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(60)]).into_owned();
        self.sent.push(format!("{shown:?} ({} bytes)", bytes.len()));
        assert!(
            self.child.try_wait().expect("wait").is_none(),
            "the engine exited before quit; sent: {}",
            self.log()
        );
        let input = self.input.as_mut().expect("stdin open");
        input
            .write_all(bytes)
            .and_then(|()| input.flush())
            .unwrap_or_else(|e| panic!("the engine stopped reading ({e}); sent: {}", self.log()));
    }

    fn send(&mut self, line: &str) {
        self.bytes(format!("{line}\n").as_bytes());
    }

    /// Lines up to and including the first that `done` accepts, within `limit`.
    fn until(&mut self, limit: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let last = done(&line);
                    seen.push(line);
                    if last {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no expected line within {limit:?}; got {:?}; sent: {}",
                    seen.iter().rev().take(5).collect::<Vec<_>>(),
                    self.log()
                ),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output; sent: {}", self.log())
                }
            }
        }
    }

    /// Sends the ending command and checks the engine then exits, successfully.
    fn finish(mut self, last: &str) {
        self.send(last);
        drop(self.input.take());
        let deadline = Instant::now() + PROMPT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status} after {last}");
                return;
            }
            assert!(
                Instant::now() < deadline,
                "still running {PROMPT:?} after {last}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Garbage the engine must shrug off: invalid UTF-8, a huge line, unknown commands, bad
/// numbers, a broken FEN or move list, options out of range.
fn garbage(rng: &mut Rng, protocol: &str) -> Vec<u8> {
    let huge = 1 + rng.below(3) * 700_000;
    match rng.below(9) {
        0 => b"\xff\xfe\xc3 go \x80\n".to_vec(),
        1 => {
            let mut line = b"go depth 1 ".to_vec();
            line.resize(huge, b'x');
            line.push(b'\n');
            line
        }
        2 => format!(
            "{}\n",
            rng.pick(&["frobnicate", "GO", "uciok", "xyzzy 1 2", "  "])
        )
        .into(),
        3 => {
            let go = if protocol == "ucci" {
                [
                    "go time abc",
                    "go depth abc",
                    "go movetime x",
                    "go time 1e9 increment x",
                ]
            } else {
                [
                    "go wtime -1 btime x",
                    "go depth -3",
                    "go movetime abc",
                    "go nodes 1.5",
                ]
            };
            format!("{}\n", rng.pick(&go)).into()
        }
        4 => b"position fen rnbakabnr/9/9 w - - 0 1\n".to_vec(),
        5 => b"position startpos moves h2e2 h2e2 z9z9\n".to_vec(),
        6 => b"banmoves a0a0\n".to_vec(),
        7 => {
            let option = if protocol == "ucci" {
                [
                    "setoption hashsize 99999999",
                    "setoption threads -4",
                    "setoption bogus 1",
                ]
            } else {
                [
                    "setoption name Hash value 99999999",
                    "setoption name Threads value 0",
                    "setoption name Nope value 1",
                ]
            };
            format!("{}\n", rng.pick(&option)).into()
        }
        _ => {
            let n = rng.below(300);
            (0..n)
                .map(|_| match rng.next() as u8 {
                    b'\n' => b' ',
                    b => b,
                })
                .chain(*b"\n")
                .collect()
        }
    }
}

/// The move text of a `bestmove` line, if it names one.
fn best_word(line: &str) -> Option<&str> {
    let word = line.split_whitespace().nth(1)?;
    (word != "(none)" && word != "0000").then_some(word)
}

/// Checks a `bestmove` line against the position searched.
fn check_best(engine: &Engine, line: &str, searched: &Position) {
    if line.starts_with("nobestmove") {
        assert!(
            searched.legal_moves().is_empty(),
            "nobestmove with legal moves; sent: {}",
            engine.log()
        );
        return;
    }
    match best_word(line) {
        Some(word) => {
            let legal = searched
                .parse_move(word)
                .is_ok_and(|mv| mv.to_iccs() == word);
            assert!(
                legal,
                "{line:?} is not legal in {}; sent: {}",
                searched.to_fen(),
                engine.log()
            );
        }
        None => assert!(
            searched.legal_moves().is_empty(),
            "{line:?} with legal moves in {}; sent: {}",
            searched.to_fen(),
            engine.log()
        ),
    }
}

fn is_answer(line: &str) -> bool {
    line.starts_with("bestmove") || line.starts_with("nobestmove")
}

/// Waits for the answer to a search and checks it; returns it.
fn answer(engine: &mut Engine, searched: &Position, limit: Duration) -> String {
    let started = Instant::now();
    let lines = engine.until(limit, is_answer);
    let last = lines.last().cloned().unwrap_or_default();
    assert!(
        started.elapsed() <= limit,
        "{last:?} after {:?}, limit {limit:?}; sent: {}",
        started.elapsed(),
        engine.log()
    );
    check_best(engine, &last, searched);
    last
}

fn ready(engine: &mut Engine) {
    engine.send("isready");
    engine.until(PROMPT, |l| l == "readyok");
}

/// A random legal continuation of `moves` from the start (stops where the game ends).
fn extend(rng: &mut Rng, moves: &mut Vec<String>, pos: &mut Position) {
    for _ in 0..1 + rng.below(4) {
        let legal = pos.legal_moves();
        if legal.is_empty() || moves.len() > 120 {
            return;
        }
        let mv = legal[rng.below(legal.len())];
        moves.push(mv.to_iccs());
        pos.make_move(mv);
    }
}

/// One UCI or UCCI stream.
fn xiangqi_stream(protocol: &str, seed: u64, steps: u64) {
    let mut rng = Rng(seed);
    let mut engine = Engine::start(&[protocol]);
    engine.send(protocol);
    let ok = if protocol == "ucci" {
        "ucciok"
    } else {
        "uciok"
    };
    engine.until(PROMPT, |l| l == ok);
    if protocol == "ucci" {
        engine.send("setoption usemillisec true");
    }
    // `go` before any `position`: the start position.
    let mut pos = Position::startpos();
    let mut moves: Vec<String> = Vec::new();
    if rng.below(2) == 0 {
        engine.send("go depth 2");
        answer(&mut engine, &pos, PROMPT);
    }
    for _ in 0..steps {
        match rng.below(10) {
            0 | 1 => {
                if rng.below(8) == 0 {
                    moves.clear();
                    pos = Position::startpos();
                }
                extend(&mut rng, &mut moves, &mut pos);
                let line = if rng.below(2) == 0 || moves.is_empty() {
                    format!("position startpos moves {}", moves.join(" "))
                } else {
                    let start = Position::startpos().to_fen();
                    format!("position fen {start} moves {}", moves.join(" "))
                };
                engine.send(line.trim_end());
            }
            2 => {
                engine.send(&format!("go depth {}", 1 + rng.below(3)));
                answer(&mut engine, &pos, PROMPT);
            }
            3 => {
                let ms = 20 + rng.below(200) as u64;
                // UCCI has no movetime: the whole clock for one move instead.
                engine.send(&if protocol == "ucci" {
                    format!("go time {ms} movestogo 1")
                } else {
                    format!("go movetime {ms}")
                });
                answer(&mut engine, &pos, Duration::from_millis(ms) + SLACK);
            }
            4 => {
                let ms = 100 + rng.below(900) as u64;
                let line = if protocol == "ucci" {
                    format!("go time {ms} increment 0")
                } else {
                    format!("go wtime {ms} btime {ms}")
                };
                engine.send(&line);
                answer(&mut engine, &pos, Duration::from_millis(ms) + SLACK);
            }
            5 => {
                // A race: stop (or ponderhit, then stop) at once or after a while.
                let ponder = rng.below(2) == 0;
                engine.send(if ponder {
                    "go ponder depth 30"
                } else {
                    "go infinite"
                });
                std::thread::sleep(Duration::from_millis(rng.below(40) as u64));
                if ponder && rng.below(2) == 0 {
                    engine.send("ponderhit");
                }
                engine.send("stop");
                answer(&mut engine, &pos, PROMPT);
            }
            6 => {
                // stop and ponderhit with no search running: nothing to answer.
                engine.send(rng.pick::<&str>(&["stop", "ponderhit"]));
                ready(&mut engine);
            }
            _ => {
                engine.bytes(&garbage(&mut rng, protocol));
                ready(&mut engine);
            }
        }
        if rng.below(4) == 0 {
            ready(&mut engine);
        }
    }
    ready(&mut engine);
    engine.finish("quit");
}

/// One Gomocup stream: games on a 15×15 freestyle board mixed with bad commands.
fn gomocup_stream(seed: u64, steps: u64) {
    let mut rng = Rng(seed);
    let mut engine = Engine::start(&["gomocup"]);
    let ping = |engine: &mut Engine| {
        engine.send("ABOUT");
        engine.until(PROMPT, |l| l.starts_with("name="));
    };
    // Commands before START: errors, not an exit.
    engine.send(rng.pick::<&str>(&["BEGIN", "TURN 7,7", "TAKEBACK 1,1"]));
    ping(&mut engine);
    engine.send("START 15");
    engine.until(PROMPT, |l| l == "OK");
    engine.send("INFO timeout_turn 300");
    let turn = Duration::from_millis(300) + SLACK;
    let mut board = Board::new(15, Rule::Freestyle).expect("a board");
    let over = |b: &Board| b.last_move_won() || b.is_full();
    // The engine's reply to a move request: a point, or ERROR when the game is over.
    let reply = |engine: &mut Engine, board: &mut Board| {
        let started = Instant::now();
        let lines = engine.until(turn, |l| {
            l.starts_with("ERROR")
                || l.split_once(',')
                    .is_some_and(|(x, _)| x.parse::<u32>().is_ok())
        });
        let last = lines.last().cloned().unwrap_or_default();
        assert!(
            started.elapsed() <= turn,
            "{last:?} late; sent: {}",
            engine.log()
        );
        if last.starts_with("ERROR") {
            assert!(
                over(board),
                "{last:?} in a live game; sent: {}",
                engine.log()
            );
            return;
        }
        let (x, y) = last.split_once(',').expect("x,y");
        let point = board.point(x.parse().unwrap_or(-1), y.parse().unwrap_or(-1));
        let legal = point.is_some_and(|p| board.is_empty(p)) && !over(board);
        assert!(
            legal,
            "{last:?} is not an empty point; sent: {}",
            engine.log()
        );
        board.play(point.expect("checked"));
    };
    for _ in 0..steps {
        match rng.below(8) {
            0 => {
                engine.send("RESTART");
                engine.until(PROMPT, |l| l == "OK");
                board = Board::new(15, Rule::Freestyle).expect("a board");
            }
            1 if board.stones() == 0 => {
                engine.send("BEGIN");
                reply(&mut engine, &mut board);
            }
            1..=3 if !over(&board) => {
                let empty: Vec<_> = board.empty_points().collect();
                let p = *rng.pick(&empty);
                let (x, y) = xy(p);
                board.play(p);
                engine.send(&format!("TURN {x},{y}"));
                reply(&mut engine, &mut board);
            }
            4 => {
                // An occupied point, or one off the board: an error, the game unchanged.
                let line = match board.moves().next() {
                    Some(p) if rng.below(2) == 0 => {
                        let (x, y) = xy(p);
                        format!("TURN {x},{y}")
                    }
                    _ => "TURN 15,99".to_string(),
                };
                engine.send(&line);
                engine.until(PROMPT, |l| l.starts_with("ERROR"));
            }
            _ => {
                let bad: Vec<u8> = match rng.below(5) {
                    0 => b"\xff\xfe\x80\n".to_vec(),
                    1 => {
                        let mut v = vec![b'T'; 1 + rng.below(2) * 900_000];
                        v.push(b'\n');
                        v
                    }
                    2 => b"INFO timeout_turn abc\nINFO rule x\n".to_vec(),
                    3 => b"FROB 1,2\nTURN\nTURN a,b\n".to_vec(),
                    _ => b"BOARD\n1,1,9\nx\nDONE\n".to_vec(),
                };
                engine.bytes(&bad);
            }
        }
        ping(&mut engine);
    }
    engine.finish("END");
}

#[test]
fn uci_streams_keep_the_engine_answering_with_legal_moves() {
    let (steps, seeds) = (
        env_number("QI_STREAM_STEPS", 25),
        env_number("QI_STREAM_SEEDS", 2),
    );
    let first = env_number("QI_STREAM_SEED", 1);
    for seed in first..first + seeds {
        xiangqi_stream("uci", seed, steps);
    }
}

#[test]
fn ucci_streams_keep_the_engine_answering_with_legal_moves() {
    let (steps, seeds) = (
        env_number("QI_STREAM_STEPS", 25),
        env_number("QI_STREAM_SEEDS", 2),
    );
    let first = env_number("QI_STREAM_SEED", 1);
    for seed in first..first + seeds {
        xiangqi_stream("ucci", seed + 1000, steps);
    }
}

#[test]
fn gomocup_streams_keep_the_engine_answering_with_legal_moves() {
    let (steps, seeds) = (
        env_number("QI_STREAM_STEPS", 25),
        env_number("QI_STREAM_SEEDS", 2),
    );
    let first = env_number("QI_STREAM_SEED", 1);
    for seed in first..first + seeds {
        gomocup_stream(seed + 2000, steps);
    }
}
