//! The fixed benchmark: a set of positions searched to a fixed depth from a fresh table on
//! one thread. Its node count is a signature of the search: any change to search or
//! evaluation changes it, so commits quote it.

use crate::search::{Engine, EngineOptions, SearchRequest};
use qi_search::StopFlag;
use qi_xiangqi::Position;
use std::time::{Duration, Instant};

/// Default bench depth.
pub const DEFAULT_DEPTH: u32 = 8;

/// Opening, middle-game and ending positions (FEN).
pub const POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 6 4",
    "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/2BAK1B2 w - - 0 12",
    "3akab2/9/4b4/p3p3p/2p3p2/9/P1P3P1P/4B4/4A4/2BAK4 w - - 0 30",
    "4kab2/4a4/4b4/9/9/9/9/4B4/4A4/3AKR3 w - - 0 40",
    "3k5/4a4/4ba3/9/2b6/9/9/3CB4/4A4/3AK4 w - - 0 50",
    "r2akab2/9/2n1b1c2/p3p1p1p/2p6/6P2/P1c1P3P/1CN1B1N2/4A4/R2AK1B2 w - - 0 15",
    "2bak4/4a4/4b4/4C4/9/9/9/9/4c4/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/3p5/4K4 w - - 0 1",
];

/// Totals of one bench run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Wall-clock time.
    pub time: Duration,
}

impl BenchReport {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// Runs the bench to `depth`, calling `each` with every position's FEN, best move and nodes.
pub fn run(depth: u32, mut each: impl FnMut(&str, Option<qi_xiangqi::Move>, u64)) -> BenchReport {
    let start = Instant::now();
    let mut total = 0;
    for fen in POSITIONS {
        let Ok(position) = Position::from_fen(fen) else {
            continue;
        };
        // A fresh engine per position keeps the signature independent of position order.
        let engine = Engine::new(EngineOptions {
            hash_mb: 16,
            threads: 1,
        });
        let req = SearchRequest {
            position,
            depth: Some(depth),
            ..SearchRequest::default()
        };
        let r = engine.search(&req, &StopFlag::new(), |_| {});
        total += r.stats.nodes;
        each(fen, r.best, r.stats.nodes);
    }
    BenchReport {
        nodes: total,
        time: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bench_positions_are_valid_and_the_count_is_deterministic() {
        for fen in super::POSITIONS {
            qi_xiangqi::Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
        let a = super::run(3, |_, _, _| {});
        let b = super::run(3, |_, _, _| {});
        assert_eq!(a.nodes, b.nodes);
    }
}
