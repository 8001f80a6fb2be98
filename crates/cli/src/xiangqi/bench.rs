//! `qi bench [depth]`: the engine's fixed benchmark.

use super::BenchArgs;
use anyhow::{bail, Result};
use qi_xiangqi_engine::bench::{run, DEFAULT_DEPTH};

/// Runs the bench; the last line is `N nodes M nps`, the signature quoted in commits.
pub fn bench(args: BenchArgs) -> Result<()> {
    let depth = args.depth.unwrap_or(DEFAULT_DEPTH);
    if !(1..=30).contains(&depth) {
        bail!("bench depth must be between 1 and 30, not {depth}");
    }
    let report = run(depth, |fen, best, nodes| {
        let best = best.map_or_else(|| "(none)".to_string(), |m| m.to_iccs());
        eprintln!("{fen}: bestmove {best}, {nodes} nodes");
    });
    println!(
        "depth {depth}, {} positions, {:.3} s",
        qi_xiangqi_engine::bench::POSITIONS.len(),
        report.time.as_secs_f64()
    );
    println!("{} nodes {} nps", report.nodes, report.nps());
    Ok(())
}
