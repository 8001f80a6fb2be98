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
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-fake-{name}-{}.sh", std::process::id()));
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
    let pgn = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-match-{}.pgn", std::process::id()));
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
fn given_names_replace_the_reported_ones_in_the_lines_and_the_pgn() {
    let pgn = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-named-match-{}.pgn", std::process::id()));
    let out = qi(&[
        "match",
        "--engine1",
        "qi uci",
        "--engine2",
        "qi uci",
        "--name1",
        "Qi new",
        "--name2",
        "Qi old",
        "--depth",
        "1",
        "--max-plies",
        "20",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("Game 1 of 2: Qi new (Red) vs Qi old (Black): "),
        "{text}"
    );
    assert!(
        text.contains("Game 2 of 2: Qi old (Red) vs Qi new (Black): "),
        "{text}"
    );
    let last = last_line(&out);
    assert!(last.starts_with("Score of Qi new vs Qi old: "), "{last}");
    let records = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert!(records.contains("[Red \"Qi new\"]") && records.contains("[Red \"Qi old\"]"));
    assert!(!records.contains("#1"), "{records}");
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
    // An engine that dies at its move loses for that, not on time, and is restarted.
    let crashing = fake_engine("Crashy", "exit 3");
    let out = qi(&[
        "match",
        "--engine1",
        &crashing,
        "--engine2",
        "qi uci",
        "--movetime",
        "50",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("Crashy lost: its process ended without answering"),
        "{text}"
    );
    assert!(!text.contains("on time"), "{text}");
    assert!(last_line(&out).contains(": 0 - 2 - 0"), "{text}");
}

#[test]
fn openings_file_and_bad_arguments() {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-openings-{}.epd", std::process::id()));
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

#[test]
fn sprt_with_concurrent_games_stops_at_a_bound() {
    // Every game against an engine that only plays illegal moves is won, so the test
    // accepts H1 after a handful of pairs and prints its figures.
    let illegal = fake_engine("Hopeless", "echo 'bestmove a0a9'");
    let out = qi(&[
        "match",
        "--engine1",
        "qi uci",
        "--engine2",
        &illegal,
        "--depth",
        "1",
        "--concurrency",
        "2",
        "--sprt",
        "0",
        "200",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let last = last_line(&out);
    assert!(
        text.contains("SPRT [0, 200] alpha 0.05 beta 0.05: H1 accepted (LLR "),
        "{text}"
    );
    let pentanomial = text
        .lines()
        .find(|l| l.starts_with("Games "))
        .unwrap_or_else(|| panic!("{text}"));
    // All pairs were won twice: only the last count is non-zero.
    let counts: Vec<u32> = pentanomial
        .rsplit(": ")
        .next()
        .unwrap()
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(&counts[..4], &[0, 0, 0, 0], "{pentanomial}");
    assert!(counts[4] >= 5 && counts[4] < 40, "{pentanomial}");
    assert!(text.contains("Elo (from pairs) +inf +/- inf"), "{text}");
    assert!(last.contains(" - 0 - 0 "), "{last}");
}

#[test]
fn sprt_and_concurrency_arguments_are_checked() {
    let base = ["match", "--engine1", "qi uci", "--engine2", "qi uci"];
    for extra in [
        &["--depth", "1", "--sprt", "10", "0"][..],
        &["--depth", "1", "--sprt", "0", "5", "--alpha", "0.9"],
        &["--depth", "1", "--concurrency", "0"],
        &["--depth", "1", "--sprt", "0"],
        &["--movetime", "10", "--game", "gomoku", "--sprt", "5", "0"],
        &[
            "--movetime",
            "10",
            "--game",
            "gomoku",
            "--concurrency",
            "65",
        ],
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = qi(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_opening_generator_is_reproducible_and_its_book_plays() {
    let book = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-book-{}.epd", std::process::id()));
    let make = |out: &str| {
        qi(&[
            "openings", "xiangqi", "--count", "6", "--depth", "3", "--seed", "7", "--out", out,
        ])
    };
    assert!(make(book.to_str().unwrap()).status.success());
    let first = std::fs::read_to_string(&book).unwrap();
    assert!(make(book.to_str().unwrap()).status.success());
    assert_eq!(std::fs::read_to_string(&book).unwrap(), first);
    assert!(first.starts_with("# Qi's Xiangqi opening book: 6 balanced positions"));
    assert!(first.contains("# Made with: qi openings xiangqi --count 6 "));
    let fens: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(fens.len(), 6);
    for fen in &fens {
        let pos = qi_xiangqi::Position::from_fen(fen).unwrap();
        assert!(!pos.in_check() && pos.has_legal_move(), "{fen}");
    }
    let out = qi(&[
        "match",
        "--engine1",
        "qi uci",
        "--engine2",
        "qi uci",
        "--depth",
        "1",
        "--max-plies",
        "10",
        "--rounds",
        "2",
        "--openings",
        book.to_str().unwrap(),
    ]);
    assert!(last_line(&out).contains("4 games"));
    let _ = std::fs::remove_file(&book);
    let out = qi(&["openings", "xiangqi", "--count", "0"]);
    assert!(!out.status.success());
}

#[test]
fn the_committed_book_holds_hundreds_of_distinct_positions() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/openings/balanced.epd"
    );
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.starts_with("# "), "the book says how it was made");
    let mut keys = std::collections::HashSet::new();
    for fen in text.lines().filter(|l| !l.starts_with('#')) {
        let pos = qi_xiangqi::Position::from_fen(fen).unwrap();
        assert!(!pos.in_check(), "{fen}");
        assert!(keys.insert(pos.key()), "duplicate {fen}");
    }
    assert!(keys.len() >= 300, "{}", keys.len());
}
