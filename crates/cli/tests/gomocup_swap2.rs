//! End-to-end tests of the Gomocup SWAP2BOARD protocol: `qi gomocup` is spawned and asked
//! for three opening stones, then for its choice after three and after five stones.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    /// A started engine on 15x15 under exact-five (the swap2 tournament rule).
    fn start(timeout_turn_ms: u64) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
            .arg("gomocup")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("qi gomocup runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut e = Engine {
            child,
            stdin,
            stdout,
        };
        assert_eq!(e.ask(&["START 15"]), "OK");
        e.send("INFO rule 1");
        e.send(&format!("INFO timeout_turn {timeout_turn_ms}"));
        e
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends `lines` and returns the next reply that is not a MESSAGE.
    fn ask(&mut self, lines: &[&str]) -> String {
        for l in lines {
            self.send(l);
        }
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "engine closed its output");
            let line = line.trim().to_string();
            if !line.starts_with("MESSAGE") {
                return line;
            }
        }
    }

    /// SWAP2BOARD with `stones` in move order; the reply and how long it took.
    fn swap2(&mut self, stones: &[&str]) -> (String, Duration) {
        let mut lines = vec!["SWAP2BOARD"];
        lines.extend_from_slice(stones);
        lines.push("DONE");
        let start = Instant::now();
        let reply = self.ask(&lines);
        (reply, start.elapsed())
    }

    fn end(mut self) {
        self.send("END");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The `x,y` points of a reply such as `7,7 8,7 9,9`, checked to be on the board.
fn points(reply: &str) -> Vec<(i64, i64)> {
    reply
        .split_whitespace()
        .map(|p| {
            let (x, y) = p
                .split_once(',')
                .unwrap_or_else(|| panic!("not x,y: {reply}"));
            let (x, y): (i64, i64) = (x.parse().unwrap(), y.parse().unwrap());
            assert!((0..15).contains(&x) && (0..15).contains(&y), "{reply}");
            (x, y)
        })
        .collect()
}

fn texts(points: &[(i64, i64)]) -> Vec<String> {
    points.iter().map(|(x, y)| format!("{x},{y}")).collect()
}

/// Generous: the engine plans to answer well inside the turn; this only catches a search
/// that ignores the turn time altogether.
const SLACK: Duration = Duration::from_millis(700);

#[test]
fn opens_with_three_distinct_stones_within_the_turn() {
    let mut e = Engine::start(500);
    let (reply, took) = e.swap2(&[]);
    let stones = points(&reply);
    assert_eq!(stones.len(), 3, "{reply}");
    assert!(stones[0] != stones[1] && stones[1] != stones[2] && stones[0] != stones[2]);
    assert!(took < Duration::from_millis(500) + SLACK, "{took:?}");
    // The same request gets the same opening (the proposal is deterministic under its
    // node limits unless the turn time cuts it short, which 500 ms does not).
    e.end();
}

#[test]
fn swaps_when_black_leads_and_stays_white_when_black_is_worse() {
    let mut e = Engine::start(1000);
    // Black's open two at the centre, White's stone in the corner: take Black.
    let (reply, took) = e.swap2(&["7,7", "0,0", "8,7"]);
    assert_eq!(reply, "SWAP");
    assert!(took < Duration::from_millis(1000) + SLACK, "{took:?}");
    // Black's stones on the edges, White's in the centre: stay White and play the 4th.
    let (reply, _) = e.swap2(&["0,14", "7,7", "14,0"]);
    let moves = points(&reply);
    assert_eq!(moves.len(), 1, "{reply}");
    assert!(!["0,14", "7,7", "14,0"].contains(&texts(&moves)[0].as_str()));
    // After five stones (Black still well ahead): swap again.
    let (reply, _) = e.swap2(&["7,7", "0,0", "8,7", "14,14", "9,7"]);
    assert_eq!(reply, "SWAP");
    // After five stones with White ahead: play the sixth move.
    let (reply, _) = e.swap2(&["0,14", "7,7", "14,0", "7,8", "0,0"]);
    assert_eq!(points(&reply).len(), 1, "{reply}");
    e.end();
}

#[test]
fn its_own_balanced_opening_is_answered_by_a_full_protocol_round() {
    let mut e = Engine::start(1000);
    let (reply, _) = e.swap2(&[]);
    let opening = texts(&points(&reply));
    let refs: Vec<&str> = opening.iter().map(String::as_str).collect();
    let (reply, _) = e.swap2(&refs);
    // SWAP, the 4th move, or the 4th and 5th stones; never an occupied point.
    if reply != "SWAP" {
        let more = texts(&points(&reply));
        assert!((1..=2).contains(&more.len()), "{reply}");
        assert!(more.iter().all(|m| !opening.contains(m)), "{reply}");
        if more.len() == 2 {
            let mut five = refs.clone();
            five.extend(more.iter().map(String::as_str));
            let (reply, _) = e.swap2(&five);
            assert!(reply == "SWAP" || points(&reply).len() == 1, "{reply}");
        }
    }
    // The game goes on with BOARD after the opening.
    let r = e.ask(&["BOARD", "7,7,1", "8,7,2", "9,9,1", "7,8,2", "DONE"]);
    assert_eq!(points(&r).len(), 1, "{r}");
    e.end();
}

#[test]
fn bad_swap2_boards_are_errors_and_the_engine_goes_on() {
    let mut e = Engine::start(300);
    for (stones, why) in [
        (&["7,7", "8,8"][..], "two stones"),
        (&["7,7", "8,8", "9,9", "10,10"][..], "four stones"),
        (&["7,7", "7,7", "9,9"][..], "occupied"),
        (&["7,7", "8,8", "15,3"][..], "off the board"),
        (&["7,7", "banana", "9,9"][..], "not a point"),
    ] {
        let (reply, _) = e.swap2(stones);
        assert!(reply.starts_with("ERROR"), "{why}: {reply}");
    }
    // The older x,y,who form is read in move order too.
    let (reply, _) = e.swap2(&["7,7,1", "0,0,2", "8,7,1"]);
    assert_eq!(reply, "SWAP");
    assert!(e.ask(&["ABOUT"]).contains("Qi"));
    e.end();
}
