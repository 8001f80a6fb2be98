//! Numeric command-line arguments: one validated range per option, the same in every game
//! and subcommand, with the range in the error (`--depth 0`, `--depth -5` and
//! `--movetime 18446744073709551615` are all refused the same way).
//!
//! Each parser is used as `#[arg(long, value_parser = args::depth, allow_negative_numbers = true)]`:
//! accepting a leading `-` lets a negative number reach the parser, which names the range,
//! instead of clap's "unexpected argument '-5'".

use std::ops::RangeInclusive;

/// Search depth in plies (`--depth` of `move`, `explain`, `match`): the engines' deepest
/// iteration.
pub const DEPTH: RangeInclusive<u64> = 1..=64;
/// Benchmark depth (`qi bench [DEPTH]`, `qi bench gomoku --depth`): a benchmark is a short,
/// fixed run.
pub const BENCH_DEPTH: RangeInclusive<u64> = 1..=20;
/// Perft depth: the leaf count grows about 40-fold per ply.
pub const PERFT_DEPTH: RangeInclusive<u64> = 1..=8;
/// Time per move in milliseconds (`--movetime`): up to an hour.
pub const MOVETIME_MS: RangeInclusive<u64> = 1..=3_600_000;
/// Node budget (`--nodes`): up to a trillion.
pub const NODES: RangeInclusive<u64> = 1..=1_000_000_000_000;
/// Search threads (`--threads`).
pub const THREADS: RangeInclusive<u64> = 1..=256;
/// Gomoku board size (`--size`).
pub const BOARD_SIZE: RangeInclusive<u64> = 5..=22;
/// Playing level (`--level`): 1 beginner to 10 full strength, in every game.
pub const LEVEL: RangeInclusive<u64> = 1..=10;
/// Random seed (`--seed`): any 64-bit number.
pub const SEED: RangeInclusive<u64> = 0..=u64::MAX;
/// A match clock (`qi match --time`) in milliseconds: up to a day.
pub const CLOCK_MS: RangeInclusive<u64> = 1..=86_400_000;
/// A time allowance that may be zero (`--inc`, `--timemargin`) in milliseconds: up to an hour.
pub const ALLOWANCE_MS: RangeInclusive<u64> = 0..=3_600_000;
/// Memory a Gomocup brain may use (`qi match --max-memory`) in MB: up to a terabyte.
pub const MEMORY_MB: RangeInclusive<u64> = 0..=1_048_576;
/// A count of games or plies (`qi match --rounds`, `--max-plies`).
pub const COUNT: RangeInclusive<u64> = 1..=100_000;
/// Tree nodes drawn by `qi explain` (`--max-nodes`).
pub const DRAWN_NODES: RangeInclusive<u64> = 0..=10_000_000;

/// Reads a whole number in `range`; the error names the range and what was wrong.
pub fn in_range(text: &str, range: &RangeInclusive<u64>) -> Result<u64, String> {
    let (min, max) = (*range.start(), *range.end());
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{t}' is not a whole number (expected {min} to {max})"
        ));
    }
    match t.parse::<i128>() {
        Ok(n) if (i128::from(min)..=i128::from(max)).contains(&n) => Ok(n as u64),
        _ => Err(format!("{t} is out of range (expected {min} to {max})")),
    }
}

/// `--depth`: [`DEPTH`].
pub fn depth(text: &str) -> Result<u32, String> {
    in_range(text, &DEPTH).map(|n| n as u32)
}

/// `qi bench` depth: [`BENCH_DEPTH`].
pub fn bench_depth(text: &str) -> Result<u32, String> {
    in_range(text, &BENCH_DEPTH).map(|n| n as u32)
}

/// `qi perft --depth`: [`PERFT_DEPTH`].
pub fn perft_depth(text: &str) -> Result<u32, String> {
    in_range(text, &PERFT_DEPTH).map(|n| n as u32)
}

/// `--movetime`: [`MOVETIME_MS`].
pub fn movetime(text: &str) -> Result<u64, String> {
    in_range(text, &MOVETIME_MS)
}

/// `--nodes`: [`NODES`].
pub fn nodes(text: &str) -> Result<u64, String> {
    in_range(text, &NODES)
}

/// `--threads`: [`THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    in_range(text, &THREADS).map(|n| n as usize)
}

/// Gomoku `--size`: [`BOARD_SIZE`].
pub fn board_size(text: &str) -> Result<usize, String> {
    in_range(text, &BOARD_SIZE).map(|n| n as usize)
}

/// `--level` as a number: [`LEVEL`].
pub fn level_number(text: &str) -> Result<u8, String> {
    in_range(text, &LEVEL).map(|n| n as u8)
}

/// `--level`: [`LEVEL`].
pub fn level(text: &str) -> Result<qi_search::Level, String> {
    let n = level_number(text)?;
    qi_search::Level::new(n).map_err(|e| e.to_string())
}

/// `--seed`: [`SEED`].
pub fn seed(text: &str) -> Result<u64, String> {
    in_range(text, &SEED)
}

/// `qi match --time`: [`CLOCK_MS`].
pub fn clock_ms(text: &str) -> Result<u64, String> {
    in_range(text, &CLOCK_MS)
}

/// `--inc`, `--timemargin`: [`ALLOWANCE_MS`].
pub fn allowance_ms(text: &str) -> Result<u64, String> {
    in_range(text, &ALLOWANCE_MS)
}

/// `qi match --max-memory`: [`MEMORY_MB`].
pub fn memory_mb(text: &str) -> Result<u64, String> {
    in_range(text, &MEMORY_MB)
}

/// `--rounds`, `--max-plies`: [`COUNT`].
pub fn count(text: &str) -> Result<u32, String> {
    in_range(text, &COUNT).map(|n| n as u32)
}

/// `qi explain --max-nodes`: [`DRAWN_NODES`].
pub fn drawn_nodes(text: &str) -> Result<usize, String> {
    in_range(text, &DRAWN_NODES).map(|n| n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_the_range_and_names_it_otherwise() {
        assert_eq!(depth("1"), Ok(1));
        assert_eq!(depth("64"), Ok(64));
        assert_eq!(
            depth("0").unwrap_err(),
            "0 is out of range (expected 1 to 64)"
        );
        assert_eq!(
            depth("-5").unwrap_err(),
            "-5 is out of range (expected 1 to 64)"
        );
        assert!(depth("1000").unwrap_err().contains("1 to 64"));
        assert!(movetime("18446744073709551615")
            .unwrap_err()
            .contains("out of range (expected 1 to 3600000)"));
        assert!(movetime("99999999999999999999999999999999999999999999")
            .unwrap_err()
            .contains("out of range"));
        assert!(nodes("ten").unwrap_err().contains("not a whole number"));
        assert!(nodes("").unwrap_err().contains("not a whole number"));
        assert!(nodes("-").unwrap_err().contains("not a whole number"));
        assert_eq!(threads("+4"), Ok(4));
        assert_eq!(board_size("22"), Ok(22));
        assert!(board_size("4").is_err());
        assert_eq!(level("10").map(|l| l.get()), Ok(10));
        assert!(level("11").unwrap_err().contains("1 to 10"));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert!(seed("-1")
            .unwrap_err()
            .contains("0 to 18446744073709551615"));
        assert_eq!(allowance_ms("0"), Ok(0));
    }
}

/// The depth of a benchmark, as a word (`qi bench 8`, `qi bench gomoku 6`) or an option
/// (`qi bench --depth 8`, `qi bench gomoku --depth 6`): both forms for every game.
#[derive(clap::Args, Debug, Default)]
pub struct BenchDepth {
    /// Search depth, 1 to 20 (the same as --depth).
    #[arg(value_name = "DEPTH", value_parser = bench_depth, allow_negative_numbers = true)]
    depth_word: Option<u32>,
    /// Search depth, 1 to 20.
    #[arg(
        long = "depth",
        value_name = "DEPTH",
        value_parser = bench_depth,
        allow_negative_numbers = true,
        conflicts_with = "depth_word"
    )]
    depth_option: Option<u32>,
}

impl BenchDepth {
    /// The depth given in either form, if any.
    pub fn depth(&self) -> Option<u32> {
        self.depth_option.or(self.depth_word)
    }
}

/// Who moves first in a terminal game (`--first`), the same word in every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You move first (X, Black in gomoku, Red in Xiangqi).
    #[default]
    #[value(alias = "me")]
    Human,
    /// The engine moves first.
    #[value(alias = "engine")]
    Computer,
}

impl From<First> for qi_terminal::First {
    fn from(first: First) -> Self {
        match first {
            First::Human => qi_terminal::First::Human,
            First::Computer => qi_terminal::First::Computer,
        }
    }
}
