//! `qi bench [depth]`: the engine's fixed benchmark.

use super::BenchArgs;
use anyhow::Result;
use qi_xiangqi_engine::bench::{run, DEFAULT_DEPTH, POSITIONS};

/// Runs the bench; the last line is `N nodes M nps`, the signature quoted in commits.
/// Each finished position is reported on stderr as it completes (the progress of a long run).
pub fn bench(args: BenchArgs) -> Result<()> {
    let depth = args.depth().unwrap_or(DEFAULT_DEPTH);
    eprintln!("bench: {} positions to depth {depth}", POSITIONS.len());
    let mut done = 0;
    let report = run(depth, |fen, best, nodes| {
        done += 1;
        let best = best.map_or_else(|| "(none)".to_string(), |m| m.to_iccs());
        eprintln!(
            "[{done}/{}] {fen}: bestmove {best}, {nodes} nodes",
            POSITIONS.len()
        );
    });
    println!(
        "depth {depth}, {} positions, {:.3} s",
        POSITIONS.len(),
        report.time.as_secs_f64()
    );
    println!("{} nodes {} nps", report.nodes, report.nps());
    Ok(())
}
