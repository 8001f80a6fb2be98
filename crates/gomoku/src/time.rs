//! How much of the clock a move may use, under the Gomocup manager's limits: a time per
//! turn, a time for the whole match, or both.

use crate::params::{FAST_TURN_MS, MATCH_MOVES_AHEAD, TURN_MARGIN_MIN_MS, TURN_MARGIN_SHARE};
use std::time::Duration;

/// The limits a Gomocup manager sets (`INFO timeout_turn`, `timeout_match`, `time_left`),
/// in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchClock {
    /// Time for each move; 0 asks for moves as fast as possible.
    pub timeout_turn: u64,
    /// Time for the whole match; 0 means no match limit.
    pub timeout_match: u64,
    /// Match time left, when the manager says.
    pub time_left: Option<u64>,
}

/// The time the engine gives its next move, the margin for reading, writing and the
/// operating system already taken off: at most the turn limit, and with a match limit a
/// share of what is left that would last [`MATCH_MOVES_AHEAD`] more moves.
pub fn turn_budget(clock: MatchClock) -> Duration {
    let mut ms = if clock.timeout_turn == 0 {
        FAST_TURN_MS
    } else {
        clock.timeout_turn
    };
    if let Some(left) = clock.time_left {
        if clock.timeout_match > 0 || left > 0 {
            ms = ms.min(left / MATCH_MOVES_AHEAD + 1);
        }
    }
    let margin = TURN_MARGIN_MIN_MS.max((ms as f64 * TURN_MARGIN_SHARE) as u64);
    Duration::from_millis(ms.saturating_sub(margin).max(5))
}

/// A game's clock as the engine keeps it: the manager's limits and the engine's own
/// thinking time since them. The match time left is the manager's last `time_left` less
/// what the engine has spent since it came, or, where the manager sets `timeout_match` but
/// never says what is left, the match time less everything the engine has spent this game:
/// a match limit holds either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// Time for each move in milliseconds; 0 asks for moves as fast as possible.
    pub timeout_turn: u64,
    /// Time for the whole game in milliseconds; 0 means no match limit.
    pub timeout_match: u64,
    time_left: Option<u64>,
    spent_since_time_left: Duration,
    spent_in_game: Duration,
}

impl GameClock {
    /// A clock with a turn limit and no match limit, nothing spent yet.
    pub fn with_turn_limit(timeout_turn: u64) -> Self {
        GameClock {
            timeout_turn,
            timeout_match: 0,
            time_left: None,
            spent_since_time_left: Duration::ZERO,
            spent_in_game: Duration::ZERO,
        }
    }

    /// The manager's `INFO time_left`: the engine's spending is counted afresh from it.
    pub fn set_time_left(&mut self, ms: u64) {
        self.time_left = Some(ms);
        self.spent_since_time_left = Duration::ZERO;
    }

    /// A new game: nothing spent, and no `time_left` until the manager sends one (the last
    /// game's figure says nothing of this one's).
    pub fn new_game(&mut self) {
        self.time_left = None;
        self.spent_since_time_left = Duration::ZERO;
        self.spent_in_game = Duration::ZERO;
    }

    /// Counts `spent`, the engine's time on one answer (from the command's arrival to the
    /// reply), against the match time.
    pub fn charge(&mut self, spent: Duration) {
        self.spent_since_time_left = self.spent_since_time_left.saturating_add(spent);
        self.spent_in_game = self.spent_in_game.saturating_add(spent);
    }

    /// The limits as [`turn_budget`] reads them, with the match time left as this clock
    /// counts it.
    pub fn limits(&self) -> MatchClock {
        let less = |ms: u64, spent: Duration| {
            ms.saturating_sub(u64::try_from(spent.as_millis()).unwrap_or(u64::MAX))
        };
        let time_left = match self.time_left {
            Some(left) => Some(less(left, self.spent_since_time_left)),
            None if self.timeout_match > 0 => Some(less(self.timeout_match, self.spent_in_game)),
            None => None,
        };
        MatchClock {
            timeout_turn: self.timeout_turn,
            timeout_match: self.timeout_match,
            time_left,
        }
    }

    /// The time the engine gives its next move ([`turn_budget`] of [`Self::limits`]).
    pub fn turn_budget(&self) -> Duration {
        turn_budget(self.limits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(turn: u64, matched: u64, left: Option<u64>) -> u64 {
        turn_budget(MatchClock {
            timeout_turn: turn,
            timeout_match: matched,
            time_left: left,
        })
        .as_millis() as u64
    }

    #[test]
    fn a_turn_limit_is_never_reached() {
        for turn in [1, 50, 100, 200, 1000, 5000, 30_000] {
            let b = budget(turn, 0, None);
            assert!(b < turn.max(6), "{turn}: {b}");
            assert!(b + TURN_MARGIN_MIN_MS >= turn.min(TURN_MARGIN_MIN_MS + 5));
        }
        assert_eq!(budget(1000, 0, None), 1000 - 1000 / 16);
        assert_eq!(budget(200, 0, None), 200 - TURN_MARGIN_MIN_MS);
        assert_eq!(budget(0, 0, None), FAST_TURN_MS - TURN_MARGIN_MIN_MS);
    }

    #[test]
    fn a_match_limit_is_shared_over_the_moves_to_come() {
        // 180 s for the match, 30 s a turn: a twentieth of what is left.
        assert_eq!(budget(30_000, 180_000, Some(180_000)), {
            let ms = 180_000 / MATCH_MOVES_AHEAD + 1;
            ms - ms / 16
        });
        // Almost nothing left: still a legal, tiny budget.
        assert_eq!(budget(30_000, 180_000, Some(0)), 5);
        let mut left = 180_000u64;
        let mut moves = 0;
        while left > 1_000 {
            left -= budget(30_000, 180_000, Some(left));
            moves += 1;
        }
        assert!(moves >= 60, "the match time lasts {moves} moves");
    }

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    #[test]
    fn a_match_limit_holds_when_the_manager_never_says_what_is_left() {
        let mut clock = GameClock::with_turn_limit(100_000);
        clock.timeout_match = 2_000;
        // The whole match time is left at first: a twentieth of it, not the turn limit.
        assert_eq!(ms(clock.turn_budget()), budget(100_000, 2_000, Some(2_000)));
        // The engine's own answers come off it.
        clock.charge(Duration::from_millis(500));
        clock.charge(Duration::from_millis(700));
        assert_eq!(clock.limits().time_left, Some(800));
        assert_eq!(ms(clock.turn_budget()), budget(100_000, 2_000, Some(800)));
        // Spent past the limit: the smallest legal budget, never an overflow.
        clock.charge(Duration::from_secs(5));
        assert_eq!(clock.limits().time_left, Some(0));
        assert_eq!(ms(clock.turn_budget()), 5);
        // A new game has the whole match time again.
        clock.new_game();
        assert_eq!(clock.limits().time_left, Some(2_000));
    }

    #[test]
    fn the_managers_time_left_is_counted_down_until_the_next_one() {
        let mut clock = GameClock::with_turn_limit(30_000);
        clock.timeout_match = 180_000;
        clock.charge(Duration::from_millis(9_000));
        // The manager's figure replaces the engine's own count ...
        clock.set_time_left(150_000);
        assert_eq!(clock.limits().time_left, Some(150_000));
        // ... and the engine's answers come off it until the next one arrives.
        clock.charge(Duration::from_millis(4_000));
        assert_eq!(clock.limits().time_left, Some(146_000));
        clock.set_time_left(140_000);
        assert_eq!(clock.limits().time_left, Some(140_000));
        // A new game forgets the old figure.
        clock.new_game();
        assert_eq!(clock.limits().time_left, Some(180_000));
    }

    #[test]
    fn without_a_match_limit_only_the_turn_counts() {
        let mut clock = GameClock::with_turn_limit(1_000);
        clock.charge(Duration::from_secs(3_600));
        assert_eq!(clock.limits().time_left, None);
        assert_eq!(ms(clock.turn_budget()), budget(1_000, 0, None));
    }
}
