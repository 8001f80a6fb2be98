//! End to end: the engine keeps its clock. Fast sudden-death games through `qi match`
//! (which forfeits an engine past its clock plus 30 ms here) end without a time loss, and
//! many threads do not push a `go movetime` past its time.
//!
//! The long version (≥ 100 games per setting, also with `--option1 Threads=4`) is a
//! documented command, not a test:
//! `qi match --engine1 "qi uci" --engine2 "qi ucci" --protocol2 ucci --time 300 --rounds 50`.
//! On a heavily overloaded machine, several search threads can still lose a game at this
//! control: helper threads are joined before `bestmove`, and one that is not scheduled
//! for tens of milliseconds delays the answer.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The tests of this file time engines, so they run one at a time rather than compete
/// with each other for the cores.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// Plays two game pairs at 300 ms sudden death and returns the match output.
fn sudden_death(protocol1: &str, protocol2: &str, extra: &[&str]) -> String {
    let qi = env!("CARGO_BIN_EXE_qi");
    let engine = |p: &str| format!("{qi} {p}");
    let mut args = vec![
        "match".to_string(),
        "--engine1".to_string(),
        engine(protocol1),
        "--engine2".to_string(),
        engine(protocol2),
        "--protocol1".to_string(),
        protocol1.to_string(),
        "--protocol2".to_string(),
        protocol2.to_string(),
        "--time".to_string(),
        "300".to_string(),
        "--rounds".to_string(),
        "2".to_string(),
        "--max-plies".to_string(),
        "160".to_string(),
        // CI shares its cores with the build and other jobs: a scheduling hiccup of a few
        // milliseconds is not what this test looks for (the documented command above runs
        // with no margin).
        "--timemargin".to_string(),
        "30".to_string(),
        "--openings".to_string(),
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/openings/xiangqi.epd"
        )
        .to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let out = Command::new(qi)
        .args(&args)
        .output()
        .expect("qi match runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

fn assert_no_time_loss(text: &str) {
    let losses: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("on time") || l.contains("did not answer"))
        .collect();
    assert!(losses.is_empty(), "time losses: {losses:#?}\n{text}");
    assert!(text.contains("4 games"), "{text}");
}

#[test]
fn uci_sudden_death_300ms_has_no_time_losses() {
    let _serial = serial();
    assert_no_time_loss(&sudden_death("uci", "uci", &[]));
}

#[test]
fn ucci_and_mixed_sudden_death_300ms_have_no_time_losses() {
    let _serial = serial();
    assert_no_time_loss(&sudden_death("ucci", "ucci", &[]));
    assert_no_time_loss(&sudden_death("uci", "ucci", &[]));
}

/// Reads lines until one starts with `prefix`, panicking after `limit`.
fn wait_for(lines: &std::sync::mpsc::Receiver<String>, prefix: &str, limit: Duration) -> String {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no '{prefix}' within {limit:?}"));
        if line.starts_with(prefix) {
            return line;
        }
    }
}

#[test]
fn movetime_100_with_32_threads_answers_in_time() {
    let _serial = serial();
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut send = |line: &str| {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    };
    send("uci");
    wait_for(&lines, "uciok", Duration::from_secs(30));
    send("setoption name Threads value 32");
    send("isready");
    wait_for(&lines, "readyok", Duration::from_secs(30));
    for _ in 0..3 {
        send("position startpos moves h2e2 h9g7");
        let started = Instant::now();
        send("go movetime 100");
        let best = wait_for(&lines, "bestmove", Duration::from_secs(10));
        let took = started.elapsed();
        assert!(best.split_whitespace().nth(1).is_some_and(|m| m.len() == 4));
        // Ten times the budget: generous for a loaded machine, far below the half second
        // to seconds that threads started per search cost.
        assert!(
            took < Duration::from_secs(1),
            "go movetime 100 took {took:?}"
        );
    }
    let _ = child.kill();
    let _ = child.wait();
}
