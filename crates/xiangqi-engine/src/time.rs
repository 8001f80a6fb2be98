//! Time management: turns a clock into a soft limit (do not start another iteration) and a
//! hard limit (abort the search), both measured from the start of the search.

use crate::params::{
    HARD_LIMIT_CAP, HARD_LIMIT_FACTOR, INCREMENT_SHARE, LAST_MOVE_HARD_LIMIT_CAP, MAX_MOVES_TO_GO,
    MOVETIME_MAX_OVERHEAD, NEW_ITERATION_SOFT_SHARE, NEXT_ITERATION_GROWTH, RESERVE_SPEND,
    SOFT_LIMIT_CAP, SUDDEN_DEATH_MOVES,
};
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

pub use crate::params::MOVE_COST;

impl Clock {
    /// The budget for this move; no limits when neither a clock nor a movetime is given.
    ///
    /// A zero limit means "answer from the first iteration" (the search always completes
    /// depth 1). The overhead is never spent: from a clock, it and [`MOVE_COST`] for every
    /// move still expected are kept back, and when only that reserve is left the engine
    /// moves at once (spending at most half its increment), so a long game at a fast
    /// control runs its clock down slowly instead of flagging.
    pub fn budget(&self) -> TimeBudget {
        if let Some(mt) = self.movetime {
            // A fixed move time: keep the overhead, but never more than half of it. Time
            // not spent on this move is not banked for later ones, so there is no soft
            // limit: the search goes on until the hard one (an unfinished iteration still
            // gives its best move).
            let hard = mt.saturating_sub(self.overhead.min(MOVETIME_MAX_OVERHEAD.of(mt)));
            return TimeBudget {
                soft: None,
                hard: Some(hard),
            };
        }
        let Some(remaining) = self.remaining else {
            return TimeBudget::default();
        };
        let mtg = self
            .moves_to_go
            .unwrap_or(SUDDEN_DEATH_MOVES)
            .clamp(1, MAX_MOVES_TO_GO);
        let reserve = self.overhead + MOVE_COST * mtg;
        let Some(available) = remaining.checked_sub(reserve).filter(|a| !a.is_zero()) else {
            // Only the reserve is left: move at once, or spend half the increment, which
            // the next move gives back.
            let spend = RESERVE_SPEND
                .of(self.increment)
                .min(RESERVE_SPEND.of(remaining.saturating_sub(self.overhead)));
            return TimeBudget {
                soft: Some(spend),
                hard: Some(spend),
            };
        };
        // Plan as if `mtg` moves remain, adding most of the increment.
        let share = available / mtg;
        let inc = if mtg == 1 {
            Duration::ZERO
        } else {
            INCREMENT_SHARE.of(self.increment)
        };
        let soft = (share + inc).min(SOFT_LIMIT_CAP.of(available));
        // The hard limit lets an iteration that is almost finished complete, but never
        // spends more than a fraction of the available time on one move.
        let cap = if mtg == 1 {
            LAST_MOVE_HARD_LIMIT_CAP.of(available)
        } else {
            HARD_LIMIT_CAP.of(available)
        };
        let hard = (soft * HARD_LIMIT_FACTOR).min(cap).max(soft);
        TimeBudget {
            soft: Some(soft),
            hard: Some(hard),
        }
    }
}

impl TimeBudget {
    /// Whether another iteration may start, `elapsed` into the search, when the last one
    /// took `last_iteration`. With a soft limit (a clock, where time saved now is spent
    /// later): not past half of it (the next iteration usually costs more than all before
    /// it), and not when it could not finish before the hard limit (an unfinished
    /// iteration only changes the move when another root move has beaten the first, so
    /// most of it would be clock spent for nothing). Without one (a fixed move time): until
    /// the hard limit.
    pub fn may_start_iteration(&self, elapsed: Duration, last_iteration: Duration) -> bool {
        if self.soft.is_none() {
            return self.hard.map_or(true, |hard| elapsed < hard);
        }
        if self
            .soft
            .is_some_and(|soft| elapsed >= NEW_ITERATION_SOFT_SHARE.of(soft))
        {
            return false;
        }
        !self
            .hard
            .is_some_and(|hard| elapsed + last_iteration * NEXT_ITERATION_GROWTH > hard)
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
    fn clock_budget_never_touches_the_reserve() {
        for remaining in [0, 1, 10, 31, 60, 100, 300, 1000, 60_000] {
            for inc in [0, 10, 100, 5000] {
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
                        hard <= ms(remaining.saturating_sub(20)),
                        "the overhead is kept: {c:?} {b:?}"
                    );
                }
            }
        }
    }

    /// A 300 ms sudden-death game in which every move takes its whole hard limit (the
    /// worst case) plus half a millisecond of communication still has time after 150
    /// moves each (the referee's usual 300-ply cap).
    #[test]
    fn a_fast_sudden_death_game_keeps_its_clock() {
        let mut remaining = ms(300);
        for _ in 0..150 {
            let c = Clock {
                remaining: Some(remaining),
                overhead: ms(30),
                ..Clock::default()
            };
            let used = c.budget().hard.unwrap() + Duration::from_micros(500);
            remaining = remaining.checked_sub(used).expect("flagged");
        }
        assert!(remaining > Duration::ZERO, "{remaining:?}");
    }

    #[test]
    fn only_the_reserve_left_means_move_at_once_or_spend_half_the_increment() {
        let c = Clock {
            remaining: Some(ms(40)),
            overhead: ms(30),
            ..Clock::default()
        };
        assert_eq!(c.budget().hard, Some(Duration::ZERO));
        let c = Clock {
            increment: ms(10),
            ..c
        };
        assert_eq!(c.budget().hard, Some(ms(5)));
    }

    #[test]
    fn an_iteration_that_cannot_finish_is_not_started() {
        let b = TimeBudget {
            soft: Some(ms(100)),
            hard: Some(ms(100)),
        };
        assert!(b.may_start_iteration(ms(10), ms(5)));
        assert!(!b.may_start_iteration(ms(45), ms(30)), "45 + 2×30 > 100");
        assert!(
            !b.may_start_iteration(ms(50), ms(1)),
            "half the soft limit is gone"
        );
        assert!(TimeBudget::default().may_start_iteration(ms(1_000_000), ms(500_000)));
        let instant = TimeBudget {
            soft: Some(Duration::ZERO),
            hard: Some(Duration::ZERO),
        };
        assert!(!instant.may_start_iteration(Duration::ZERO, Duration::ZERO));
    }

    #[test]
    fn a_fixed_move_time_is_spent_to_its_end() {
        let b = Clock {
            movetime: Some(ms(200)),
            overhead: ms(20),
            ..Clock::default()
        }
        .budget();
        assert_eq!(b.soft, None);
        assert!(b.may_start_iteration(ms(150), ms(100)), "no time is banked");
        assert!(
            !b.may_start_iteration(ms(180), ms(1)),
            "the hard limit is reached"
        );
    }

    #[test]
    fn no_clock_means_no_time_limit() {
        assert_eq!(Clock::default().budget(), TimeBudget::default());
    }
}
