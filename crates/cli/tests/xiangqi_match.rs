//! End to end: `qi match` between real engines (Qi itself) and scripted misbehaving ones.

use std::process::{Command, Output};

fn qi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .output()
        .expect("qi runs")
}

/// A fake UCI engine in sh: answers the handshake, then `reply` to every `go`.
fn fake_engine(name: &str, reply: &str) -> String {
    let path = std::env::temp_dir().join(format!("qi-fake-{name}-{}.sh", std::process::id()));
    let script = format!(
        "while read line; do case \"$line\" in\n\
         uci) echo 'id name {name}'; echo uciok;;\n\
         isready) echo readyok;;\n\
         go*) {reply};;\n\
         quit) exit 0;;\n\
         esac; done\n"
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

fn last_line(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.trim().lines().last().unwrap().to_string()
}

#[test]
fn qi_against_itself_in_both_protocols_with_pgn() {
    let pgn = std::env::temp_dir().join(format!("qi-match-{}.pgn", std::process::id()));
    let out = qi(&[
        "match",
        "--engine1",
        "qi uci",
        "--engine2",
        "qi ucci --level 2",
        "--protocol2",
        "ucci",
        "--depth",
        "2",
        "--rounds",
        "1",
        "--max-plies",
        "60",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let last = last_line(&out);
    assert!(last.starts_with("Score of Qi"), "{last}");
    assert!(last.contains("2 games, Elo difference: "), "{last}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert_eq!(text.matches("[Event \"qi match\"]").count(), 2);
    assert!(text.contains("[Red \"Qi 0.1.0 #1\"]") && text.contains("[Red \"Qi 0.1.0 #2\"]"));
}

#[test]
fn illegal_moves_and_silence_lose() {
    let illegal = fake_engine("Cheat", "echo 'bestmove a0a9'");
    let silent = fake_engine("Sleepy", ":");
    let out = qi(&[
        "match",
        "--engine1",
        "qi uci",
        "--engine2",
        &illegal,
        "--movetime",
        "50",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("Cheat played an illegal move"), "{text}");
    assert!(last_line(&out).contains(": 2 - 0 - 0"), "{text}");
    let out = qi(&[
        "match",
        "--engine1",
        &silent,
        "--engine2",
        "qi uci",
        "--movetime",
        "50",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("Sleepy lost on time"), "{text}");
    assert!(last_line(&out).contains(": 0 - 2 - 0"), "{text}");
}

#[test]
fn openings_file_and_bad_arguments() {
    let file = std::env::temp_dir().join(format!("qi-openings-{}.epd", std::process::id()));
    std::fs::write(
        &file,
        "# two openings\n4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1 ; id \"central cannon\"\n",
    )
    .unwrap();
    let out = qi(&[
        "match",
        "--engine1",
        "qi uci",
        "--engine2",
        "qi uci",
        "--nodes",
        "2000",
        "--rounds",
        "2",
        "--openings",
        file.to_str().unwrap(),
        "--max-plies",
        "20",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    // Game 1: engine 1 has Red in the mate-in-one position and mates at once.
    assert!(
        text.contains(
            "Game 1 of 4: Qi 0.1.0 #1 (Red) vs Qi 0.1.0 #2 (Black): 1-0 {checkmate} after 1 plies"
        ),
        "{text}"
    );
    assert!(
        text.contains("Game 2 of 4: Qi 0.1.0 #2 (Red) vs Qi 0.1.0 #1 (Black): 1-0 {checkmate}"),
        "{text}"
    );
    assert!(last_line(&out).contains("4 games"));
    let _ = std::fs::remove_file(&file);
    for bad in [
        vec!["match", "--engine1", "qi uci", "--engine2", "qi uci"],
        vec![
            "match",
            "--engine1",
            "qi uci",
            "--engine2",
            "qi uci",
            "--depth",
            "2",
            "--nodes",
            "5",
        ],
        vec![
            "match",
            "--engine1",
            "/no/such/engine",
            "--engine2",
            "qi uci",
            "--depth",
            "2",
        ],
        vec![
            "match",
            "--engine1",
            "qi uci",
            "--engine2",
            "qi uci",
            "--depth",
            "2",
            "--protocol1",
            "xboard",
        ],
        vec![
            "match",
            "--engine1",
            "qi uci",
            "--engine2",
            "qi uci",
            "--depth",
            "2",
            "--openings",
            "/no/such/file",
        ],
    ] {
        let out = qi(&bad);
        assert!(!out.status.success(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
