//! One difficulty scale for every game: levels 1 (a beginner) to 10 (full strength).
//!
//! A level says two things in game-independent terms: how much of the full search budget
//! to spend ([`Level::budget`]) and how often to play a plausible but not best move
//! ([`Level::mistake_rate`]). Each game turns the budget into its own depth, node and time
//! caps and says what "plausible" means in its score units (the margin given to [`choose`]).

use crate::score::{self, Score};
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// A difficulty level, 1..=10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1..=10 or not a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level must be a whole number from 1 to 10, not '{}'",
            self.0
        )
    }
}

impl std::error::Error for LevelError {}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// A level from its number.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        if (1..=10).contains(&n) {
            Ok(Level(n))
        } else {
            Err(LevelError(n.to_string()))
        }
    }

    /// The level's number, 1..=10.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Share of the full-strength search budget, 1.0 at level 10. Each level below halves
    /// the time or node budget, roughly one ply of depth in a well-pruned search.
    pub fn budget(self) -> f64 {
        0.5f64.powi(10 - self.0 as i32)
    }

    /// Scales a full-strength depth to this level: at least 1 ply, full depth at level 10.
    pub fn depth(self, full_depth: u32) -> u32 {
        let lost = (10 - self.0 as u32) * full_depth.max(1) / 10;
        full_depth.saturating_sub(lost).max(1)
    }

    /// Share of the caller's full thinking time a level spends: its [`budget`](Self::budget),
    /// but never under 5 % (a level-1 move still gets a moment to see a five or a mate).
    pub fn time_share(self) -> f64 {
        self.budget().max(0.05)
    }

    /// Probability of deliberately playing a near-best move instead of the best.
    pub fn mistake_rate(self) -> f64 {
        [0.5, 0.4, 0.32, 0.25, 0.18, 0.12, 0.07, 0.03, 0.0, 0.0][self.0 as usize - 1]
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim()
            .parse::<u8>()
            .map_err(|_| LevelError(s.to_string()))
            .and_then(Level::new)
    }
}

/// Picks the move to play at `level` from root moves scored best first (as in
/// [`crate::SearchResult::root_moves`], searched with a root margin of at least `margin`).
///
/// At the level's mistake rate it plays another move within `margin` of the best, but never
/// one that throws away a win or walks into a forced loss the search has seen: beginners
/// miss things, they do not resign on purpose.
pub fn choose<M: Copy>(
    root_moves: &[(M, Score)],
    level: Level,
    margin: Score,
    rng: &mut impl Rng,
) -> Option<M> {
    let &(best_move, best) = root_moves.first()?;
    if !rng.random_bool(level.mistake_rate()) {
        return Some(best_move);
    }
    let plausible: Vec<M> = root_moves[1..]
        .iter()
        .filter(|&&(_, s)| s >= best.saturating_sub(margin))
        .filter(|&&(_, s)| score::decisive_sign(s) >= score::decisive_sign(best))
        .map(|&(m, _)| m)
        .collect();
    if plausible.is_empty() {
        return Some(best_move);
    }
    Some(plausible[rng.random_range(0..plausible.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{loss_in, win_in};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn parses_and_rejects() {
        assert_eq!("7".parse::<Level>(), Ok(Level(7)));
        assert!("0".parse::<Level>().is_err());
        assert!("11".parse::<Level>().is_err());
        assert!("hard".parse::<Level>().is_err());
        assert_eq!(Level::MAX.budget(), 1.0);
        assert!(Level::MIN.budget() < 0.01);
        assert_eq!(Level::MAX.depth(9), 9);
        assert_eq!(Level::MIN.depth(9), 1);
        assert!(Level::new(5).unwrap().depth(9) < 9);
    }

    #[test]
    fn full_strength_always_plays_the_best_move() {
        let moves = [(1, 50), (2, 49), (3, 48)];
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..200 {
            assert_eq!(choose(&moves, Level::MAX, 100, &mut rng), Some(1));
        }
    }

    #[test]
    fn a_beginner_errs_but_only_among_plausible_moves() {
        let moves = [(1, 50), (2, 40), (3, -500), (4, loss_in(3))];
        let mut rng = StdRng::seed_from_u64(2);
        let picks: Vec<i32> = (0..400)
            .map(|_| choose(&moves, Level::MIN, 100, &mut rng).unwrap())
            .collect();
        assert!(picks.contains(&1) && picks.contains(&2));
        assert!(!picks.contains(&3), "outside the margin");
        assert!(!picks.contains(&4), "never walks into a seen loss");
        let winning = [(1, win_in(3)), (2, 30)];
        assert!((0..100).all(|_| choose(&winning, Level::MIN, 1_000_000_000, &mut rng) == Some(1)));
    }
}
