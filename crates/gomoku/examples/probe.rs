//! Measures the main search on a few positions with different settings:
//! `cargo run --release -p qi-gomoku --example probe -- DEPTH VCF_BUDGET CAP`.

use qi_gomoku::{board_from_moves, parse_moves, Engine, EngineOptions, Rule};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(6);
    let vcf: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(64);
    let cap: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(12);
    let positions = [
        (Rule::Freestyle, "h8 i9 i8 g8 j7 k6"),
        (Rule::Freestyle, "h8 i7 j8 i8 i9 g7 j7 j9 h6 k10 h9 h10"),
        (Rule::Standard, "h8 h9 i8 g8 j9 i10 k10 j8"),
        (Rule::Renju, "h8 i9 j8 j9 i8 g8 k10 h7"),
    ];
    let mut total = 0;
    let start = Instant::now();
    for (rule, moves) in positions {
        let (board, _) = board_from_moves(15, rule, &parse_moves(moves).unwrap()).unwrap();
        let mut o = EngineOptions::depth(depth);
        o.vcf_budget = 0;
        o.vct_budget = 0;
        o.settings.vcf_budget = vcf;
        o.settings.cap = cap;
        let t = Instant::now();
        let m = Engine::new(o).best_move(&board, |_| {}).unwrap();
        total += m.nodes;
        println!(
            "{rule} {moves}: {} score {} depth {} nodes {} in {:?}",
            qi_gomoku::format_point(m.point),
            m.score,
            m.depth,
            m.nodes,
            t.elapsed()
        );
    }
    let s = start.elapsed().as_secs_f64();
    println!("{total} nodes {:.0} nps", total as f64 / s);
}
