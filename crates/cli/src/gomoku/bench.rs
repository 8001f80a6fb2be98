//! `qi bench gomoku`: fixed positions searched to a fixed depth on one thread.

use super::BenchArgs;
use anyhow::Result;
use qi_gomoku::{board_from_moves, format_point, parse_moves, Engine, EngineOptions, Rule};
use std::time::Instant;

/// The default bench depth: deep enough that the searches take long enough to time
/// (the node count it gives is pinned by `tests/bench_signature.rs`).
pub const DEFAULT_DEPTH: u32 = 8;

/// The bench positions: rule and moves.
const POSITIONS: &[(Rule, &str)] = &[
    (Rule::Freestyle, "h8 i9"),
    (Rule::Freestyle, "h8 i7 j8 i8 i9 g7 j7 j9 h6 k10 h9 h10"),
    (Rule::Freestyle, "h8 i9 g9 i7 i8 g7 h7 h9"),
    (Rule::Freestyle, "h8 h9 g9 i7 g7 g8 f8 i10"),
    (Rule::Standard, "h8 i9 i8 g8"),
    (Rule::Standard, "h8 i9 g9 i7 i8 g7"),
    (Rule::Renju, "h8 i9 j8 j9 i8 g8 k10 h7 i10"),
    (Rule::Renju, "h8 h9 i9 g7 j10 k11 i10 i11 h10 g10 j11"),
];

/// Runs the bench; the last line is `N nodes M nps`. Each finished position is reported on
/// stderr as it completes (the progress of a long run).
pub fn run(args: BenchArgs) -> Result<()> {
    let depth = args.depth().unwrap_or(DEFAULT_DEPTH);
    eprintln!(
        "bench gomoku: {} positions to depth {depth}",
        POSITIONS.len()
    );
    let mut total_nodes = 0u64;
    let mut searching = std::time::Duration::ZERO;
    let start = Instant::now();
    for (done, &(rule, moves)) in POSITIONS.iter().enumerate() {
        let mv = parse_moves(moves)?;
        let (board, _) = board_from_moves(15, rule, &mv)?;
        // The main search alone: no root threat search, a fresh table per position.
        let options = EngineOptions {
            depth: Some(depth),
            seed: Some(0),
            vcf_budget: 0,
            vct_budget: 0,
            ..EngineOptions::default()
        };
        let mut engine = Engine::new(options);
        // A large table's memory is mapped lazily: writing every page now means the timed
        // search pays no first-touch page faults (a game pays them once, not per move).
        engine.make_table_resident();
        let t = Instant::now();
        let m = engine.best_move(&board, |_| {});
        searching += t.elapsed();
        let (best, nodes) = m.as_ref().map_or(("(none)".to_string(), 0), |m| {
            (format_point(m.point), m.nodes)
        });
        eprintln!(
            "[{}/{}] {rule} [{moves}]: bestmove {best}, {nodes} nodes",
            done + 1,
            POSITIONS.len()
        );
        total_nodes += nodes;
    }
    // Speed counts the searches only, not allocating each position's fresh table.
    let secs = searching.as_secs_f64();
    println!(
        "depth {depth}, {} positions, {secs:.3} s searching ({:.3} s in all)",
        POSITIONS.len(),
        start.elapsed().as_secs_f64()
    );
    let nps = if secs > 0.0 {
        (total_nodes as f64 / secs) as u64
    } else {
        0
    };
    println!("{total_nodes} nodes {nps} nps");
    Ok(())
}
