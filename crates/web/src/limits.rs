//! How much work the server lets anyone ask for: request sizes and the number of searches
//! running at once. (What a level means is each game crate's own mapping.)

use super::error::ApiError;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Largest request body; a long Xiangqi game with its FEN is a few kilobytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Longest move list a request may carry (no real game of these games gets near it).
pub const MAX_MOVES: usize = 1000;

/// Longest text an import may carry.
pub const MAX_IMPORT_CHARS: usize = 32 * 1024;

/// Searches running at once when `--max-searches` is not given: one per core on a small
/// machine, so a page's engine never starves the others for long.
pub const DEFAULT_MAX_SEARCHES: usize = 2;

/// Counts of searches since the server started, for `GET /api/status`.
#[derive(Debug, Default, Serialize)]
pub struct SearchCounts {
    /// Searches started.
    pub started: u64,
    /// Searches that ran to their limits.
    pub completed: u64,
    /// Searches stopped because their page went away.
    pub cancelled: u64,
    /// Requests turned away with 429.
    pub rejected: u64,
    /// Searches running now.
    pub running: u64,
    /// The most that may run at once.
    pub max: u64,
}

/// The search slots: at most `max` searches hold one; a request finding none gets 429.
#[derive(Debug)]
pub struct SearchSlots {
    semaphore: Arc<Semaphore>,
    max: usize,
    started: AtomicU64,
    completed: AtomicU64,
    cancelled: AtomicU64,
    rejected: AtomicU64,
}

/// How a search ended, for the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It ran to its limits.
    Completed,
    /// Its page went away first.
    Cancelled,
}

impl SearchSlots {
    /// Slots for `max` searches at once (at least one).
    pub fn new(max: usize) -> Self {
        let max = max.max(1);
        SearchSlots {
            semaphore: Arc::new(Semaphore::new(max)),
            max,
            started: AtomicU64::new(0),
            completed: AtomicU64::new(0),
            cancelled: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
        }
    }

    /// Takes a slot, held until the permit is dropped (when the search thread ends, not when
    /// its page goes away: a stopping search still uses its core).
    pub fn try_acquire(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match self.semaphore.clone().try_acquire_owned() {
            Ok(permit) => {
                self.started.fetch_add(1, Ordering::Relaxed);
                Ok(permit)
            }
            Err(_) => {
                self.rejected.fetch_add(1, Ordering::Relaxed);
                Err(ApiError::busy(format!(
                    "the engine is busy ({} searches running); try again in a moment",
                    self.max
                )))
            }
        }
    }

    /// Records how a search ended.
    pub fn record(&self, ending: Ending) {
        let counter = match ending {
            Ending::Completed => &self.completed,
            Ending::Cancelled => &self.cancelled,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// The counts now.
    pub fn counts(&self) -> SearchCounts {
        SearchCounts {
            started: self.started.load(Ordering::Relaxed),
            completed: self.completed.load(Ordering::Relaxed),
            cancelled: self.cancelled.load(Ordering::Relaxed),
            rejected: self.rejected.load(Ordering::Relaxed),
            running: (self.max - self.semaphore.available_permits()) as u64,
            max: self.max as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_turn_away_the_extra_search_and_free_on_drop() {
        let slots = SearchSlots::new(1);
        let held = slots.try_acquire().unwrap();
        let refused = slots.try_acquire().unwrap_err();
        assert_eq!(refused.status, axum::http::StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(slots.counts().running, 1);
        drop(held);
        assert_eq!(slots.counts().running, 0);
        let counts = slots.counts();
        assert_eq!((counts.started, counts.rejected), (1, 1));
    }
}
