//! Finds positions with long VCFs in quick engine games (material for benchmarks and tests):
//! `cargo run --release -p qi-gomoku --example find_vcf -- GAMES`.

use qi_gomoku::{
    format_point, play_checked, Board, Engine, EngineOptions, MoveResult, Rule, ThreatSearch,
};
use std::time::{Duration, Instant};

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut seed: u64 = 99;
    let mut found: Vec<(usize, u64, Duration, String)> = Vec::new();
    for g in 0..games {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        for _ in 0..4 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (x, y) = (4 + (seed >> 33) % 7, 4 + (seed >> 45) % 7);
            let _ = play_checked(&mut board, x as i64, y as i64);
        }
        let mut e = Engine::new(EngineOptions {
            movetime: Some(Duration::from_millis(20)),
            vcf_budget: 0,
            vct_budget: 0,
            seed: Some(g as u64),
            level: qi_search::Level::new(6).unwrap(),
            ..EngineOptions::default()
        });
        loop {
            let mut t = ThreatSearch::new();
            let mut b = board.clone();
            let start = Instant::now();
            if let Some(w) = t.vcf(&mut b, 60, 2_000_000) {
                let moves: Vec<String> = board.moves().map(format_point).collect();
                found.push((w.plies(), t.nodes, start.elapsed(), moves.join(" ")));
            }
            let Some(m) = e.best_move(&board, |_| {}) else {
                break;
            };
            let (x, y) = qi_gomoku::board::xy(m.point);
            if play_checked(&mut board, x as i64, y as i64).unwrap() != MoveResult::Continue {
                break;
            }
        }
    }
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    for (plies, nodes, time, moves) in found.iter().take(5) {
        println!("{plies} plies, {nodes} nodes, {time:?}: {moves}");
    }
}
