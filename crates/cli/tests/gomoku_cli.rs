//! End-to-end tests of `qi move gomoku`, `qi bench gomoku` and `qi gomocup`, spawning the
//! `qi` binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn qi(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .output()
        .expect("qi runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn move_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["move", "gomoku", "--json"];
    all.extend_from_slice(args);
    let (ok, out, err) = qi(&all);
    assert!(ok, "qi {all:?} failed: {err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

#[test]
fn move_takes_a_five_and_blocks_a_four() {
    // Black: h8 i8 j8 k8 (an open four); White to move must block... it cannot block both,
    // but Black to move after White's reply takes the five.
    let v = move_json(&["--moves", "h8 a1 i8 a3 j8 a5 k8 a7", "--depth", "3"]);
    let m = v["move"].as_str().unwrap();
    assert!(m == "g8" || m == "l8", "{v}");
    assert_eq!(v["source"], "five");
    // White must block Black's closed four at l8 (g8 is White's already).
    let v = move_json(&["--moves", "h8 g8 i8 a1 j8 a3 k8", "--depth", "3"]);
    assert_eq!(v["move"], "l8", "{v}");
    for key in ["score", "pv", "depth", "nodes", "nps"] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    // Gomocup coordinates and other rules and sizes.
    let v = move_json(&[
        "--moves",
        "7,7 0,0 8,7 0,2 9,7 0,4 10,7",
        "--rule",
        "renju",
        "--movetime",
        "200",
    ]);
    assert!(v["move"] == "g8" || v["move"] == "l8", "{v}");
    let v = move_json(&["--moves", "", "--size", "19", "--depth", "2"]);
    assert_eq!(v["move"], "j10");
}

#[test]
fn move_rejects_bad_input_with_a_clear_error() {
    for args in [
        vec!["--moves", "h8 z99"],
        vec!["--moves", "h8 h8"],
        vec!["--moves", "h8 banana"],
        vec!["--size", "4"],
        vec!["--size", "30"],
        vec!["--rule", "caro"],
        vec!["--moves", "h8 a1 i8 a2 j8 a3 k8 a4 l8 a5"],
        vec!["--depth", "0"],
    ] {
        let mut all = vec!["move", "gomoku", "--json"];
        all.extend_from_slice(&args);
        let (ok, out, err) = qi(&all);
        assert!(!ok, "{args:?} should fail but printed {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.trim().is_empty());
    }
}

#[test]
fn bench_prints_nodes_and_nps_last() {
    let (ok, out, err) = qi(&["bench", "gomoku", "--depth", "2"]);
    assert!(ok, "{err}");
    let last = out.lines().last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{last}");
    assert!(words[0].parse::<u64>().is_ok() && words[1] == "nodes" && words[3] == "nps");
}

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
            .arg("gomocup")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("qi gomocup runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that is not a MESSAGE.
    fn reply(&mut self) -> String {
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

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply()
    }
}

fn xy(reply: &str) -> (i64, i64) {
    let (x, y) = reply
        .split_once(',')
        .unwrap_or_else(|| panic!("not x,y: {reply}"));
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn gomocup_session_with_bad_input() {
    let mut e = Engine::start();
    assert!(e.ask("BEGIN").starts_with("ERROR"), "no board yet");
    assert!(e.ask("START 4").starts_with("ERROR"));
    assert!(e.ask("START 40").starts_with("ERROR"));
    assert!(e.ask("RECTSTART 15,20").starts_with("ERROR"));
    assert_eq!(e.ask("RECTSTART 15,15"), "OK");
    assert_eq!(e.ask("START 15"), "OK");
    e.send("info Timeout_Turn 300");
    e.send("INFO timeout_match 100000");
    e.send("INFO time_left 100000");
    e.send("INFO max_memory 83886080");
    e.send("INFO game_type 1");
    e.send("INFO some_future_key 7");
    e.send("INFO rule 0");
    assert!(e.ask("ABOUT").contains("name=\"Qi\""));
    assert_eq!(e.ask("BEGIN"), "7,7");
    let r = e.ask("TURN 8,8");
    let (x, y) = xy(&r);
    assert!((0..15).contains(&x) && (0..15).contains(&y) && (x, y) != (8, 8) && (x, y) != (7, 7));
    assert!(e.ask("TURN 15,3").starts_with("ERROR"), "off board");
    assert!(e.ask("TURN 8,8").starts_with("ERROR"), "occupied");
    assert!(e.ask("TURN banana").starts_with("ERROR"));
    assert!(e.ask("TURN -1,2").starts_with("ERROR"));
    assert!(e.ask("FROBNICATE").starts_with("UNKNOWN"));
    // Still playing after the errors.
    let r = e.ask("TURN 1,1");
    xy(&r);
    assert_eq!(e.ask(&format!("TAKEBACK {r}")), "OK");
    assert_eq!(e.ask("TAKEBACK 1,1"), "OK");
    assert!(e.ask("TAKEBACK 1,1").starts_with("ERROR"));
    assert_eq!(e.ask("PLAY 3,3"), "3,3");
    assert_eq!(e.ask("RESTART"), "OK");
    // BOARD: own four on row 0 → the engine completes five.
    e.send("BOARD");
    for l in [
        "1,0,1", "5,5,2", "2,0,1", "5,7,2", "3,0,1", "5,9,2", "4,0,1", "9,9,2", "bad",
    ] {
        e.send(l);
    }
    e.send("DONE");
    e.send("BOARD");
    for l in [
        "1,0,1", "5,5,2", "2,0,1", "5,7,2", "3,0,1", "5,9,2", "4,0,1", "9,9,2",
    ] {
        e.send(l);
    }
    e.send("DONE");
    let r = e.reply();
    assert!(r.starts_with("ERROR"), "the bad BOARD line: {r}");
    let r = e.reply();
    assert!(r == "0,0" || r == "5,0", "{r}");
    // BOARD: opponent four → the engine blocks.
    e.send("BOARD");
    for l in [
        "7,7,2", "0,14,1", "8,7,2", "2,14,1", "9,7,2", "4,14,1", "10,7,2", "6,7,1",
    ] {
        e.send(l);
    }
    e.send("DONE");
    assert_eq!(e.reply(), "11,7");
    e.send("END");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn gomocup_renju_forbidden_points_and_yixin_board() {
    let mut e = Engine::start();
    assert_eq!(e.ask("START 15"), "OK");
    e.send("INFO rule 4");
    // Black (own) open twos on row 7 and column 7 meeting at 7,7: a double three.
    e.send("YXBOARD");
    for l in [
        "5,7,1", "0,14,2", "6,7,1", "2,14,2", "7,5,1", "4,14,2", "7,6,1", "6,14,2",
    ] {
        e.send(l);
    }
    e.send("DONE");
    assert_eq!(e.ask("YXSHOWFORBID"), "FORBID 0707.");
    e.send("INFO timeout_turn 300");
    e.send("BOARD");
    for l in [
        "5,7,1", "0,14,2", "6,7,1", "2,14,2", "7,5,1", "4,14,2", "7,6,1", "6,14,2",
    ] {
        e.send(l);
    }
    e.send("DONE");
    let r = e.reply();
    assert_ne!(r, "7,7", "never a forbidden move");
    xy(&r);
    // Caro is not supported: an error, and the engine keeps running.
    assert!(e.ask("INFO rule 8").starts_with("ERROR"));
    assert!(e.ask("ABOUT").contains("Qi"));
    e.send("END");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn terminal_game_saves_a_move_list_that_reads_back() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-gomoku-Save-{}.txt", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "gomoku", "--movetime", "50"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("h8\nsave {}\nsave\nquit\n", path.display());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Saved the moves to"), "{text}");
    assert!(text.contains("Usage: save FILE"), "{text}");
    let saved = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let moves = saved.lines().nth(1).unwrap();
    assert!(moves.starts_with("h8 "), "{saved}");
    let again = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["move", "gomoku", "--moves", moves, "--depth", "1", "--json"])
        .output()
        .unwrap();
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

#[test]
fn move_errors_speak_the_typed_notation() {
    for (moves, want) in [
        (
            "h8 p16",
            "move 2: p16 is off the 15x15 board (columns a-o, rows 1-15)",
        ),
        ("h8 i9 h8", "move 3: h8 is already occupied"),
        ("z99", "move 1: z99 is off the 15x15 board"),
        ("7,7 h8", "move 2: h8 is already occupied"),
    ] {
        let (ok, _, err) = qi(&["move", "gomoku", "--moves", moves]);
        assert!(!ok, "{moves}");
        assert!(err.contains(want), "{moves}: {err}");
        assert!(!err.contains("point ("), "no internal points: {err}");
    }
}

/// Plays the terminal game with `input`; returns its stdout.
fn terminal(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["play", "gomoku", "--movetime", "50"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into()
}

#[test]
fn terminal_game_errors_and_undo_say_what_happened() {
    let text = terminal(&[], "undo\np16\nh8\nh8\nundo\nquit\n");
    assert!(text.contains("Nothing to undo."), "{text}");
    assert!(text.contains("p16 is off the 15x15 board"), "{text}");
    assert!(text.contains("h8 is already occupied"), "{text}");
    assert!(text.contains("Took back 2 moves."), "{text}");
    assert!(!text.contains("point ("), "{text}");
    // The engine's move comes with a side and a unit-free lead or a win distance.
    assert!(
        ["Black +", "White +", "even", "wins in"]
            .iter()
            .any(|w| text.contains(w)),
        "{text}"
    );
    // The engine opening: the player has no stone yet, nothing to undo.
    let text = terminal(&["--first", "computer"], "undo\nquit\n");
    assert!(text.contains("Computer plays "), "{text}");
    assert!(text.contains("Nothing to undo."), "{text}");
}
