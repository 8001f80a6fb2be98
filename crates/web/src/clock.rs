//! Searches under a game clock: the page sends the engine's remaining time and increment,
//! and the server turns them into a wall-clock budget for this one move, so the engine
//! plays by its clock and never flags while it still has time for a quick move.

use super::error::ApiError;
use serde::Deserialize;
use std::time::Duration;

/// The most time a clock may show: a day is far beyond any game the page offers.
pub const MAX_REMAINING_MS: u64 = 24 * 60 * 60 * 1000;
/// The largest increment per move the server accepts (ten minutes).
pub const MAX_INCREMENT_MS: u64 = 10 * 60 * 1000;
/// The shortest budget a move gets, so a nearly empty clock still yields a move.
const MIN_BUDGET_MS: u64 = 20;
/// Moves the remaining time is shared over, when the game's length is unknown.
const MOVES_TO_GO: u64 = 30;

/// The engine's clock in a search request (`"clock": {"remaining_ms": …, "increment_ms": …}`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Time left on the engine's clock before this move, in milliseconds (1 to a day).
    pub remaining_ms: u64,
    /// Time added after each move, in milliseconds (0 to ten minutes).
    #[serde(default)]
    pub increment_ms: u64,
}

impl Clock {
    /// Checks the ranges and names the bad field with its range.
    pub fn validate(&self) -> Result<(), ApiError> {
        if self.remaining_ms == 0 || self.remaining_ms > MAX_REMAINING_MS {
            return Err(ApiError::bad_request(format!(
                "clock.remaining_ms {} is out of range (1–{MAX_REMAINING_MS})",
                self.remaining_ms
            )));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(ApiError::bad_request(format!(
                "clock.increment_ms {} is out of range (0–{MAX_INCREMENT_MS})",
                self.increment_ms
            )));
        }
        Ok(())
    }

    /// The time this move may take: a 30th of the remaining time plus most of the
    /// increment, never more than a third of what is left (the rest covers the network and
    /// the page's reaction), never less than [`MIN_BUDGET_MS`].
    pub fn budget(&self) -> Duration {
        let share = self.remaining_ms / MOVES_TO_GO + self.increment_ms * 3 / 4;
        let ceiling = (self.remaining_ms / 3).max(MIN_BUDGET_MS);
        Duration::from_millis(share.clamp(MIN_BUDGET_MS, ceiling))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64, increment_ms: u64) -> Clock {
        Clock {
            remaining_ms,
            increment_ms,
        }
    }

    #[test]
    fn the_budget_shares_the_remaining_time_and_uses_the_increment() {
        assert_eq!(clock(180_000, 0).budget(), Duration::from_millis(6_000));
        assert_eq!(clock(180_000, 2_000).budget(), Duration::from_millis(7_500));
        assert!(clock(60_000, 0).budget() < clock(600_000, 0).budget());
    }

    #[test]
    fn a_nearly_empty_clock_keeps_a_reserve_and_a_minimum() {
        assert_eq!(clock(900, 5_000).budget(), Duration::from_millis(300));
        assert_eq!(clock(1, 0).budget(), Duration::from_millis(MIN_BUDGET_MS));
        for remaining in [30, 100, 1_000, 10_000] {
            assert!(
                clock(remaining, 10_000).budget().as_millis() as u64
                    <= remaining / 3 + MIN_BUDGET_MS
            );
        }
    }

    #[test]
    fn out_of_range_clocks_are_refused_naming_the_field_and_range() {
        let err = clock(0, 0).validate().unwrap_err();
        assert!(
            err.to_string()
                .contains("clock.remaining_ms 0 is out of range"),
            "{err}"
        );
        let err = clock(MAX_REMAINING_MS + 1, 0).validate().unwrap_err();
        assert!(err.to_string().contains("remaining_ms"), "{err}");
        let err = clock(1_000, MAX_INCREMENT_MS + 1).validate().unwrap_err();
        assert!(err.to_string().contains("clock.increment_ms"), "{err}");
        assert!(clock(1_000, MAX_INCREMENT_MS).validate().is_ok());
    }
}
