//! End to end: `qi match --game gomoku` between Gomocup brains (Qi itself and a scripted one).

use std::process::{Command, Output};

fn qi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .output()
        .expect("qi runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A brain in sh that always answers `0,0`: legal once, then an occupied point.
fn stubborn_brain() -> String {
    let path = std::env::temp_dir().join(format!("qi-stubborn-{}.sh", std::process::id()));
    let script = "while read line; do case \"$line\" in\n\
                  START*) echo OK;;\n\
                  ABOUT*) echo 'name=\"Stubborn\", version=\"1\"';;\n\
                  BEGIN*|TURN*|DONE*) echo 0,0;;\n\
                  END*) exit 0;;\n\
                  esac; done\n";
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn qi_against_itself_under_renju_with_sgf() {
    let sgf = std::env::temp_dir().join(format!("qi-gomoku-match-{}.sgf", std::process::id()));
    let out = qi(&[
        "match",
        "--game",
        "gomoku",
        "--rule",
        "renju",
        "--engine1",
        "qi gomocup",
        "--engine2",
        "qi gomocup",
        "--depth",
        "2",
        "--rounds",
        "1",
        "--pgn",
        sgf.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Game 2 of 2: Qi #2 (Black) vs Qi #1 (White)"),
        "{text}"
    );
    let last = text.trim().lines().last().unwrap();
    assert!(last.starts_with("Score of Qi #1 vs Qi #2: "), "{last}");
    let records = std::fs::read_to_string(&sgf).unwrap();
    let _ = std::fs::remove_file(&sgf);
    assert_eq!(
        records.matches("(;FF[4]GM[4]AP[Qi]SZ[15]RU[renju]").count(),
        2
    );
    // Nobody loses by an illegal move or on time at a fixed depth.
    assert!(
        !text.contains("illegal") && !text.contains("on time"),
        "{text}"
    );
}

#[test]
fn an_occupied_point_loses_and_openings_are_offsets() {
    let file = std::env::temp_dir().join(format!("qi-gomoku-openings-{}.txt", std::process::id()));
    std::fs::write(&file, "# two stones\n0,0, 1,1\n").unwrap();
    let out = qi(&[
        "match",
        "--game",
        "gomoku",
        "--engine1",
        "qi gomocup",
        "--engine2",
        &stubborn_brain(),
        "--depth",
        "1",
        "--openings",
        file.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&file);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Stubborn played an illegal move 0,0"),
        "{text}"
    );
    assert!(
        text.trim().lines().last().unwrap().contains(": 2 - 0 - 0"),
        "{text}"
    );
}

#[test]
fn bad_match_arguments_fail_cleanly() {
    for bad in [
        vec![
            "match",
            "--game",
            "chess",
            "--engine1",
            "qi uci",
            "--engine2",
            "qi uci",
            "--depth",
            "1",
        ],
        vec![
            "match",
            "--game",
            "gomoku",
            "--engine1",
            "qi gomocup",
            "--engine2",
            "qi gomocup",
        ],
        vec![
            "match",
            "--game",
            "gomoku",
            "--size",
            "40",
            "--engine1",
            "qi gomocup",
            "--engine2",
            "qi gomocup",
            "--depth",
            "1",
        ],
        vec![
            "match",
            "--game",
            "gomoku",
            "--rule",
            "caro",
            "--engine1",
            "qi gomocup",
            "--engine2",
            "qi gomocup",
            "--depth",
            "1",
        ],
    ] {
        let out = qi(&bad);
        assert!(!out.status.success(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
