//! The fuzz targets' bodies on stable Rust: each target (`qi_fuzz_checks::TARGETS`) runs
//! over its committed corpus (`fuzz/corpus/<target>/`) and then over seeded mutations of it,
//! so `cargo test` exercises every parser's invariants without cargo-fuzz or nightly.
//!
//! `QI_FUZZ_CASES` sets the mutated inputs per target (default 10000); `QI_FUZZ_SEED` the
//! seed (default fixed, so a failure repeats). A failing input is printed as bytes.

use qi_fuzz_checks::{Body, TARGETS};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Pieces of every target's language, spliced into the mutations so they reach past the
/// first token more often than random bytes do.
const TOKENS: &[&str] = &[
    "\n",
    " ",
    ",",
    "/",
    "-",
    "0",
    "1",
    "9",
    "10",
    "-1",
    "99999999999999999999",
    "w",
    "b",
    "startpos",
    "fen",
    "moves",
    "position",
    "go",
    "depth",
    "movetime",
    "wtime",
    "time",
    "searchmoves",
    "banmoves",
    "setoption name ",
    " value ",
    "Hash",
    "usemillisec",
    "infinite",
    "ponder",
    "h2e2",
    "h3e3",
    "a10a9",
    "C2.5",
    "炮二平五",
    "前",
    "进",
    "平",
    "退",
    "+",
    "=",
    "[FEN \"",
    "\"]",
    "{",
    "}",
    "(",
    ")",
    "1.",
    "(;",
    "GM[4]",
    "SZ[15]",
    "RU[renju]",
    ";B[hh]",
    ";W[ig]",
    "h8",
    "i9",
    "7,7",
    "START 15",
    "BEGIN",
    "TURN ",
    "BOARD\n",
    "DONE",
    "INFO ",
    "rule 4",
    "TAKEBACK ",
    "SWAP2BOARD",
    "bestmove ",
    "Game ",
    " of ",
    ": ",
    " (Black) vs ",
    " (White): ",
    " (Red) vs ",
    " (Black): ",
    "1/2-1/2",
    "\u{FF}",
    "é",
    "\0",
];

/// A small deterministic generator (SplitMix64): the same seed, the same inputs.
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
}

/// One random edit of `data`: flip, insert, delete, splice a token, copy a run, truncate.
fn mutate(data: &mut Vec<u8>, rng: &mut Rng) {
    let at = rng.below(data.len() + 1);
    match rng.below(7) {
        0 if !data.is_empty() => {
            let i = rng.below(data.len());
            data[i] ^= 1 << rng.below(8);
        }
        1 => data.insert(at, rng.next() as u8),
        2 if !data.is_empty() => {
            let end = (at + 1 + rng.below(8)).min(data.len());
            data.drain(at.min(end)..end);
        }
        3 | 4 => {
            let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
            data.splice(at..at, token.iter().copied());
        }
        5 if !data.is_empty() => {
            let from = rng.below(data.len());
            let end = (from + 1 + rng.below(16)).min(data.len());
            let run = data[from..end].to_vec();
            data.splice(at..at, run);
        }
        _ => data.truncate(at),
    }
}

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .collect();
    files.sort();
    let seeds: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).expect("a corpus file"))
        .collect();
    assert!(!seeds.is_empty(), "{}: no seed inputs", dir.display());
    seeds
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `body` on `input`; a panic fails the test naming the target and the bytes.
fn check(name: &str, body: Body, input: &[u8]) {
    if catch_unwind(AssertUnwindSafe(|| body(input))).is_err() {
        panic!(
            "fuzz target {name} failed on {:?} (bytes {input:?})",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn every_fuzz_target_holds_on_its_corpus_and_seeded_mutations() {
    let cases = env_number("QI_FUZZ_CASES", 10_000);
    let seed = env_number("QI_FUZZ_SEED", 0x5157_1d0c);
    for &(name, body) in TARGETS {
        // A gomocup input is a whole engine session (searches included), some ten times a
        // parser's cost: a tenth of the cases keeps it to about a second.
        let cases = if name == "gomocup" { cases / 10 } else { cases };
        let started = std::time::Instant::now();
        let seeds = corpus(name);
        for input in &seeds {
            check(name, body, input);
        }
        let mut rng = Rng(seed ^ name.len() as u64);
        for _ in 0..cases {
            let mut input = seeds[rng.below(seeds.len())].clone();
            for _ in 0..1 + rng.below(8) {
                mutate(&mut input, &mut rng);
            }
            check(name, body, &input);
        }
        // Pure noise, too: parsers must refuse it without a panic.
        for _ in 0..cases / 10 {
            let input: Vec<u8> = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
            check(name, body, &input);
        }
        eprintln!(
            "{name}: {} seeds, {cases} mutations, seed {seed:#x}, {:.1} s",
            seeds.len(),
            started.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn every_target_has_a_cargo_fuzz_file_and_a_corpus() {
    let fuzz = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for &(name, _) in TARGETS {
        let file = fuzz.join(format!("fuzz_targets/{name}.rs"));
        let source = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            source.contains(&format!("fuzz_checks::{name}(")),
            "{}",
            file.display()
        );
        assert!(manifest.contains(&format!("name = \"{name}\"")), "{name}");
        assert!(!corpus(name).is_empty());
    }
}
