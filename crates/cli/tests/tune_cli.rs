//! End to end: `qi tune xiangqi positions` and `qi tune xiangqi fit` on a small record,
//! and their errors on bad input.

use std::process::{Command, Output};

fn qi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .output()
        .expect("qi runs")
}

/// Runs qi and checks that it succeeded.
fn qi_ok(args: &[&str]) -> Output {
    let out = qi(args);
    assert_success(&out);
    out
}

/// Checks that a run of qi succeeded, showing its errors when not.
fn assert_success(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const GAMES: &str = r#"[Game "Chinese Chess"]
[Result "1-0"]

1. h2-e2 h9-g7 2. h0-g2 i9-h9 3. i0-h0 b9-c7 4. h0-h6 h7-i7 5. h6-g6 i7-i3 1-0

[Game "Chinese Chess"]
[Result "0-1"]

1. b2-e2 b9-c7 2. b0-c2 a9-b9 3. a0-b0 h9-g7 4. b0-b6 c6-c5 5. b6-c6 b7-b3 0-1
"#;

#[test]
fn positions_then_fit_write_a_weights_file() {
    let dir = std::env::temp_dir().join(format!("qi-tune-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let data = dir.join("positions.txt");
    let tuned = dir.join("tuned.rs");
    std::fs::write(&pgn, GAMES).unwrap();

    qi_ok(&[
        "tune",
        "xiangqi",
        "positions",
        "--pgn",
        pgn.to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
        "--skip-plies",
        "0",
    ]);
    let text = std::fs::read_to_string(&data).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() >= 10, "{text}");
    assert!(lines.iter().any(|l| l.ends_with("| 1")) && lines.iter().any(|l| l.ends_with("| 0")));

    let out = qi_ok(&[
        "tune",
        "xiangqi",
        "fit",
        "--data",
        data.to_str().unwrap(),
        "--out",
        tuned.to_str().unwrap(),
        "--epochs",
        "5",
        "--holdout",
        "0",
    ]);
    let source = std::fs::read_to_string(&tuned).unwrap();
    assert!(
        source.contains("pub const WEIGHTS: EvalWeights"),
        "{source}"
    );
    assert!(source.contains("Command: qi tune xiangqi fit --epochs 5"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("k = "), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("qi-tune-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# header\nnot a position | 1\n").unwrap();
    let out_file = dir.join("out.rs");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["positions", "--pgn", "/nonexistent/games.pgn", "--out", "x"],
            "reading /nonexistent/games.pgn",
        ),
        (
            vec![
                "fit",
                "--data",
                bad.to_str().unwrap(),
                "--out",
                out_file.to_str().unwrap(),
            ],
            "line 2",
        ),
        (
            vec![
                "fit",
                "--data",
                bad.to_str().unwrap(),
                "--out",
                "x",
                "--epochs",
                "100001",
            ],
            "--epochs",
        ),
    ];
    for (args, expected) in cases {
        let mut full = vec!["tune", "xiangqi"];
        full.extend(args.iter());
        let out = qi(&full);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{full:?} succeeded");
        assert!(stderr.contains(expected), "{full:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{full:?}: {stderr}");
    }
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let out = qi(&[
        "tune",
        "xiangqi",
        "fit",
        "--data",
        empty.to_str().unwrap(),
        "--out",
        "x",
        "--holdout",
        "0.95",
    ]);
    assert!(!out.status.success());
    assert!(!out_file.exists(), "nothing is written on an error");
    std::fs::remove_dir_all(&dir).ok();
}

const GOMOKU_GAMES: &str = "(;FF[4]GM[4]SZ[15]RU[freestyle]RE[B+]
;B[hh];W[ih];B[fj];W[hg];B[ji];W[jg];B[ig];W[gi];B[gj];W[hj]
;B[fh];W[fi];B[ei];W[gk];B[gg];W[hf];B[dj];W[ck];B[ej];W[cj])
(;FF[4]GM[4]SZ[15]RU[freestyle]RE[W+]
;B[hh];W[ih];B[fi];W[hg];B[gf];W[gj];B[jg];W[ij];B[ii];W[jj]
;B[hj];W[hi];B[jh];W[gk])
";

/// Runs `qi tune gomoku fit --data DATA --out TUNED EXTRA…`.
fn gomoku_fit(data: &std::path::Path, tuned: &std::path::Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "tune",
        "gomoku",
        "fit",
        "--data",
        data.to_str().unwrap(),
        "--out",
        tuned.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    qi(&args)
}

#[test]
fn gomoku_positions_then_fit_write_a_weights_file() {
    let dir = std::env::temp_dir().join(format!("qi-tune-gomoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = dir.join("games.sgf");
    let data = dir.join("positions.txt");
    let tuned = dir.join("tuned.rs");
    std::fs::write(&sgf, GOMOKU_GAMES).unwrap();
    qi_ok(&[
        "tune",
        "gomoku",
        "positions",
        "--sgf",
        sgf.to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
        "--skip-plies",
        "2",
    ]);
    let text = std::fs::read_to_string(&data).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() >= 10, "{text}");
    assert!(lines.iter().all(|l| l.starts_with("freestyle 15 ")));
    assert!(lines.iter().any(|l| l.ends_with("| 1")) && lines.iter().any(|l| l.ends_with("| 0")));

    assert_success(&gomoku_fit(&data, &tuned, &["--epochs", "5"]));
    let source = std::fs::read_to_string(&tuned).unwrap();
    assert!(
        source.contains("pub const WEIGHTS: EvalWeights"),
        "{source}"
    );
    assert!(source
        .contains("Command: qi tune gomoku fit --weights freestyle --scope points --epochs 5"));
    // The tempo table fits on its own, or together with the points' weights on the same
    // positions; an unknown scope is refused.
    for scope in ["tempo", "all"] {
        assert_success(&gomoku_fit(
            &data,
            &tuned,
            &["--epochs", "5", "--scope", scope],
        ));
        let source = std::fs::read_to_string(&tuned).unwrap();
        assert!(
            source.contains(&format!("--scope {scope} --epochs 5")),
            "{source}"
        );
        assert!(source.contains("tempo: ["), "{source}");
    }
    let out = gomoku_fit(&data, &tuned, &["--scope", "both"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("points, tempo or all"));

    // Positions labelled by an engine's judgement (scripts/gomoku_label.py): expected
    // scores between 0 and 1 fit as results do; a score outside them is refused.
    let soft: String = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let (position, _) = l.rsplit_once('|').unwrap();
            format!("{position}| 0.{:03}\n", 100 + i * 37 % 800)
        })
        .collect();
    std::fs::write(&data, &soft).unwrap();
    assert_success(&gomoku_fit(&data, &tuned, &["--epochs", "5"]));
    std::fs::write(&data, format!("{soft}freestyle 15 h8 i9 | 1.5\n")).unwrap();
    let out = gomoku_fit(&data, &tuned, &[]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("line {}", lines.len() + 1)) && stderr.contains("1.5"),
        "{stderr}"
    );

    // Renju has a set of weights per side to move: each fits on its own positions, and a
    // set with none in the data is a clear error.
    let renju: String = soft.replace("freestyle 15", "renju 15");
    std::fs::write(&data, &renju).unwrap();
    let out = gomoku_fit(
        &data,
        &tuned,
        &["--epochs", "5", "--weights", "renju-white"],
    );
    assert_success(&out);
    let source = std::fs::read_to_string(&tuned).unwrap();
    assert!(source
        .contains("Command: qi tune gomoku fit --weights renju-white --scope points --epochs 5"));
    let white_to_move = lines
        .iter()
        .filter(|l| l.split_whitespace().count() % 2 == 1)
        .count();
    assert!(white_to_move > 0 && white_to_move < lines.len());
    let fitted = white_to_move - (white_to_move as f64 * 0.1) as usize;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("{fitted} positions")), "{stdout}");
    let out = gomoku_fit(&data, &tuned, &["--weights", "freestyle"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no positions for --weights freestyle"));
    let out = gomoku_fit(&data, &tuned, &["--weights", "renju"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("renju-black"));

    // Bad input: a data line that does not replay, a missing file.
    std::fs::write(&data, "freestyle 15 h8 h8 | 1\n").unwrap();
    let out = gomoku_fit(&data, &tuned, &[]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    let out = qi(&[
        "tune",
        "gomoku",
        "positions",
        "--sgf",
        "/nonexistent/games.sgf",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    std::fs::remove_dir_all(&dir).ok();
}
