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
}
