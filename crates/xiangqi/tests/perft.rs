//! Perft counts: embedded reference numbers (always run) and the shared
//! perft.epd suite (skipped with a message when the file is absent).

use qi_xiangqi::{divide, perft, Position, START_FEN};
use std::path::PathBuf;

/// (FEN, counts for depth 1..) copied from public reference results.
const EMBEDDED: &[(&str, &[u64])] = &[
    (START_FEN, &[44, 1920, 79666, 3290240]),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        &[38, 1128, 43929, 1339047],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        &[7, 281, 8620, 326201],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        &[25, 424, 9850, 202884],
    ),
    (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        &[28, 222, 6241, 64971],
    ),
    (
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        &[13, 272, 3707, 92741],
    ),
];

fn epd_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xiangqi/perft.epd")
}

/// A FEN and its known `(depth, leaf count)` pairs.
type PerftCase = (String, Vec<(u32, u64)>);

/// Parses `FEN ;D1 n ;D2 n ...` lines.
fn load_epd() -> Option<Vec<PerftCase>> {
    let text = std::fs::read_to_string(epd_path()).ok()?;
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p.split_once(' ').expect("`Dn count` field");
                (d[1..].parse().unwrap(), n.trim().parse().unwrap())
            })
            .collect();
        out.push((fen, counts));
    }
    Some(out)
}

#[test]
fn embedded_counts() {
    for (fen, counts) in EMBEDDED {
        let mut pos = Position::from_fen(fen).unwrap();
        for (d, &want) in counts.iter().enumerate() {
            assert_eq!(perft(&mut pos, d as u32 + 1), want, "{fen} depth {}", d + 1);
        }
        assert_eq!(pos.to_fen(), Position::from_fen(fen).unwrap().to_fen());
    }
}

/// Reports a missing `../shared` file where `cargo test` shows it (straight to stderr, past
/// the harness's capture), or fails when `QI_REQUIRE_SHARED=1` says the data must be there
/// (`.ci/run` sets it whenever `../shared` exists).
fn shared_missing(path: &std::path::Path, consequence: &str) {
    if std::env::var_os("QI_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!(
            "{} is missing but QI_REQUIRE_SHARED=1 requires it",
            path.display()
        );
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {} not found; {consequence}",
        path.display()
    );
}

fn run_epd(max_depth: u32, min_depth: u32) {
    let Some(cases) = load_epd() else {
        shared_missing(&epd_path(), "only the embedded counts were checked");
        return;
    };
    let mut checked = 0;
    for (fen, counts) in &cases {
        let mut pos = Position::from_fen(fen).unwrap();
        for &(d, want) in counts {
            if d >= min_depth && d <= max_depth {
                assert_eq!(perft(&mut pos, d), want, "{fen} depth {d}");
                checked += 1;
            }
        }
    }
    println!(
        "checked {checked} perft counts from {} positions",
        cases.len()
    );
    assert!(checked > 0);
}

#[test]
fn epd_up_to_depth_4() {
    run_epd(4, 1);
}

#[test]
#[ignore = "deep perft: minutes in release mode"]
fn epd_deep() {
    run_epd(u32::MAX, 5);
}

#[test]
fn divide_sums_to_perft() {
    let mut pos = Position::startpos();
    let d = divide(&mut pos, 3);
    assert_eq!(d.len(), 44);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 79666);
    assert!(divide(&mut pos, 0).is_empty());
    assert_eq!(perft(&mut pos, 0), 1);
}
