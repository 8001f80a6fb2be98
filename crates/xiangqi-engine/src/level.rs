//! Playing levels 1–10.
//!
//! | level | depth | nodes     | noise (cp) | blunder chance |
//! |-------|-------|-----------|------------|----------------|
//! | 1     | 1     | 300       | 250        | 30 %           |
//! | 2     | 1     | 1 000     | 180        | 20 %           |
//! | 3     | 2     | 3 000     | 120        | 12 %           |
//! | 4     | 3     | 8 000     | 80         | 8 %            |
//! | 5     | 4     | 20 000    | 50         | 5 %            |
//! | 6     | 5     | 60 000    | 30         | 2 %            |
//! | 7     | 6     | 200 000   | 15         | 0              |
//! | 8     | 8     | 800 000   | 0          | 0              |
//! | 9     | 12    | 3 000 000 | 0          | 0              |
//! | 10    | —     | —         | 0          | 0              |
//!
//! Below level 8 every root move gets an exact score; the engine then picks at random among
//! the moves within `noise` of the best (closer moves more likely), and with the blunder
//! chance among the moves within three times the noise — the kind of slip a human makes,
//! rather than a random move. Level 10 is full strength under the caller's own limits.

use qi_search::score::{is_decisive, Score};
use qi_xiangqi::Move;

/// The one level scale of every Qi game ([`qi_search::Level`], 1..=10).
pub use qi_search::Level;

/// Limits and randomness of one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// Depth cap.
    pub depth: Option<u32>,
    /// Node cap.
    pub nodes: Option<u64>,
    /// Share of the caller's thinking time spent ([`Level::time_share`]; 1.0 at level 10).
    pub time_share: f64,
    /// Moves within this many centipawns of the best may be chosen.
    pub noise: i32,
    /// Percent chance of choosing among moves within three times the noise.
    pub blunder_percent: u32,
}

/// What `level` means for the Xiangqi engine (see the module table), in one place: the
/// terminal game, `qi move`, UCI/UCCI and the web page all read it through
/// [`crate::play::think`].
pub fn settings(level: Level) -> LevelSettings {
    let (depth, nodes, noise, blunder_percent) = match level.get() {
        1 => (Some(1), Some(300), 250, 30),
        2 => (Some(1), Some(1_000), 180, 20),
        3 => (Some(2), Some(3_000), 120, 12),
        4 => (Some(3), Some(8_000), 80, 8),
        5 => (Some(4), Some(20_000), 50, 5),
        6 => (Some(5), Some(60_000), 30, 2),
        7 => (Some(6), Some(200_000), 15, 0),
        8 => (Some(8), Some(800_000), 0, 0),
        9 => (Some(12), Some(3_000_000), 0, 0),
        _ => (None, None, 0, 0),
    };
    LevelSettings {
        depth,
        nodes,
        time_share: if level == Level::MAX {
            1.0
        } else {
            level.time_share()
        },
        noise,
        blunder_percent,
    }
}

/// A small deterministic random generator (SplitMix64), so levels need no dependency and
/// a seed reproduces a game.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator seeded from the clock.
    pub fn from_time() -> Rng {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Rng(t ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// Chooses a move among scored root moves for a level; `None` when `scored` is empty.
pub fn choose(scored: &[(Move, Score)], settings: &LevelSettings, rng: &mut Rng) -> Option<Move> {
    let best = scored.iter().map(|&(_, s)| s).max()?;
    let best_move = scored.iter().find(|&&(_, s)| s == best).map(|&(m, _)| m);
    if settings.noise == 0 || is_decisive(best) {
        // Even a beginner takes a mate in one and avoids walking into a forced loss.
        return best_move;
    }
    let margin = if rng.below(100) < settings.blunder_percent as u64 {
        settings.noise * 3
    } else {
        settings.noise
    };
    let candidates: Vec<(Move, u64)> = scored
        .iter()
        .filter(|&&(_, s)| !is_decisive(s) && best - s <= margin)
        .map(|&(m, s)| (m, (margin - (best - s) + 1) as u64))
        .collect();
    let total: u64 = candidates.iter().map(|&(_, w)| w).sum();
    if total == 0 {
        return best_move;
    }
    let mut pick = rng.below(total);
    for (m, w) in candidates {
        if pick < w {
            return Some(m);
        }
        pick -= w;
    }
    best_move
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_xiangqi::Position;

    #[test]
    fn levels_are_one_to_ten() {
        assert!(Level::new(0).is_err() && Level::new(11).is_err());
        assert_eq!(settings(Level::MAX).depth, None);
        assert_eq!(settings(Level::MAX).time_share, 1.0);
        assert!(settings(Level::MIN).noise > 0);
        for n in 1..10 {
            let (a, b) = (Level::new(n).unwrap(), Level::new(n + 1).unwrap());
            assert!(settings(a).time_share <= settings(b).time_share);
            assert!(settings(a).nodes <= settings(b).nodes || settings(b).nodes.is_none());
        }
    }

    #[test]
    fn choice_stays_near_the_best() {
        let moves = Position::startpos().legal_moves();
        let scored: Vec<_> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, -(i as i32) * 100))
            .collect();
        let s = settings(Level::new(3).unwrap());
        let mut rng = Rng::new(1);
        for _ in 0..100 {
            let m = choose(&scored, &s, &mut rng).unwrap();
            let score = scored.iter().find(|x| x.0 == m).unwrap().1;
            assert!(score >= -3 * s.noise);
        }
    }
}
