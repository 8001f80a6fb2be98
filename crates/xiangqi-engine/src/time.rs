//! Time management: turns a clock into a soft limit (do not start another iteration) and a
//! hard limit (abort the search), both measured from the start of the search.

use std::time::Duration;

/// What the protocol says about time for the coming move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Our remaining time on the clock, if a clock is running.
    pub remaining: Option<Duration>,
    /// Our increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Safety margin for communication and process scheduling.
    pub overhead: Duration,
}

/// Soft and hard time limits of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeBudget {
    /// Past this, no new iteration starts (an iteration usually costs more than all before).
    pub soft: Option<Duration>,
    /// Past this, the search stops at once.
    pub hard: Option<Duration>,
}

/// The shortest hard limit we allow: enough for a depth-1 answer.
const MIN_TIME: Duration = Duration::from_millis(1);

impl Clock {
    /// The budget for this move; no limits when neither a clock nor a movetime is given.
    pub fn budget(&self) -> TimeBudget {
        if let Some(mt) = self.movetime {
            let hard = mt.saturating_sub(self.overhead).max(MIN_TIME);
            return TimeBudget {
                soft: Some(hard),
                hard: Some(hard),
            };
        }
        let Some(remaining) = self.remaining else {
            return TimeBudget::default();
        };
        let available = remaining.saturating_sub(self.overhead).max(MIN_TIME);
        // With no moves-to-go, assume the game lasts another ~30 moves of ours, but plan
        // as if fewer remain when the increment carries most of the budget.
        let mtg = self.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = available / mtg;
        let inc = if self.moves_to_go == Some(1) {
            Duration::ZERO
        } else {
            self.increment * 3 / 4
        };
        let soft = (share + inc).min(available / 2).max(MIN_TIME);
        // The hard limit lets an iteration that is almost finished complete, but never
        // spends more than a fraction of the remaining time on one move.
        let cap = if mtg == 1 {
            available * 9 / 10
        } else {
            available / 3
        };
        let hard = (soft * 4).min(cap).max(soft.min(available)).max(MIN_TIME);
        TimeBudget {
            soft: Some(soft.min(hard)),
            hard: Some(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_leaves_the_overhead() {
        let c = Clock {
            movetime: Some(ms(1000)),
            overhead: ms(30),
            ..Clock::default()
        };
        assert_eq!(c.budget().hard, Some(ms(970)));
    }

    #[test]
    fn clock_budget_never_exceeds_the_remaining_time() {
        for remaining in [1, 10, 100, 1000, 60_000] {
            for inc in [0, 100, 5000] {
                for mtg in [None, Some(1), Some(5), Some(40)] {
                    let c = Clock {
                        remaining: Some(ms(remaining)),
                        increment: ms(inc),
                        moves_to_go: mtg,
                        overhead: ms(20),
                        movetime: None,
                    };
                    let b = c.budget();
                    let hard = b.hard.unwrap();
                    assert!(b.soft.unwrap() <= hard);
                    assert!(
                        hard <= ms(remaining.saturating_sub(20).max(1)),
                        "{c:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn no_clock_means_no_time_limit() {
        assert_eq!(Clock::default().budget(), TimeBudget::default());
    }
}
