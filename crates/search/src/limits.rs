//! When a search stops: depth, node and time limits, and a stop flag other threads can set.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag that stops a running search from another thread (a GUI's `stop`, a closed page).
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A lowered flag.
    pub fn new() -> Self {
        Self::default()
    }
    /// Asks every search holding this flag to stop as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Whether a stop was requested.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
    /// Lowers the flag again, for reuse.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// The limits of one search. Unset limits do not apply; with none set the search runs
/// to the game's end (exact solving), which only small games can afford.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (remaining plies at the root).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after about this much wall-clock time.
    pub movetime: Option<Duration>,
    /// Stop when this flag is raised.
    pub stop: StopFlag,
}

impl Limits {
    /// Limits to a fixed depth.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// Limits to a wall-clock time.
    pub fn movetime(time: Duration) -> Self {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
    /// Limits to a node count.
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
    /// The deadline implied by `movetime`, counted from `start`.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.movetime.map(|t| start + t)
    }
}
