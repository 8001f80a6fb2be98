//! What a search did: node counts, cutoffs, table use, depth, time.

use std::time::Duration;

/// Counters of one search (summed over threads in a parallel search).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Positions visited, the root included.
    pub nodes: u64,
    /// Nodes scored without expanding them: terminal states and depth-limit evaluations.
    pub leaves: u64,
    /// Nodes where a move reached beta and the remaining moves were pruned.
    pub beta_cutoffs: u64,
    /// Beta cutoffs produced by the first move searched (a measure of ordering quality).
    pub first_move_cutoffs: u64,
    /// Transposition-table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found an entry for the position.
    pub tt_hits: u64,
    /// Look-ups whose stored bound ended the node without searching it.
    pub tt_cutoffs: u64,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Wall-clock time.
    pub time: Duration,
}

impl SearchStats {
    /// Share of beta cutoffs made by the first move, in `[0, 1]`.
    pub fn first_move_cutoff_rate(&self) -> f64 {
        if self.beta_cutoffs == 0 {
            0.0
        } else {
            self.first_move_cutoffs as f64 / self.beta_cutoffs as f64
        }
    }
    /// Nodes per second (0 for an instantaneous search).
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.time.as_secs_f64();
        if secs <= 0.0 {
            0
        } else {
            (self.nodes as f64 / secs) as u64
        }
    }
    /// Adds another thread's counters (depths take the maximum).
    pub fn absorb(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.depth = self.depth.max(other.depth);
        self.seldepth = self.seldepth.max(other.seldepth);
        self.time = self.time.max(other.time);
    }
}
