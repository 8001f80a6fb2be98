//! Dynamic move ordering: the hash move, killer moves and the history heuristic.

use crate::score::MAX_PLY;

/// Killer moves (two per ply: quiet moves that caused a cutoff at the same ply elsewhere)
/// and history scores (how often a move code caused cutoffs, weighted by depth squared).
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

/// Ordering key of the hash move: above everything else.
pub const HASH_MOVE_BONUS: i64 = i64::MAX;

impl<M: Copy + Eq> Ordering<M> {
    /// Empty tables for a game with `move_codes` distinct move codes.
    pub fn new(move_codes: usize) -> Self {
        Ordering {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; move_codes],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Halves history so a new search keeps the trend but adapts.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
    }

    /// 2 for the first killer at `ply`, 1 for the second, 0 otherwise.
    #[inline]
    pub fn killer_rank(&self, ply: usize, mv: M) -> i64 {
        let k = &self.killers[ply.min(MAX_PLY)];
        if k[0] == Some(mv) {
            2
        } else if k[1] == Some(mv) {
            1
        } else {
            0
        }
    }

    /// The history score of a move code.
    #[inline]
    pub fn history(&self, code: u16) -> i64 {
        self.history.get(code as usize).copied().unwrap_or(0) as i64
    }

    /// Records that `mv` (with `code`) refuted a node at `ply` with `depth` plies to go.
    pub fn record_cutoff(&mut self, ply: usize, depth: i32, mv: M, code: Option<u16>) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(h) = code.and_then(|c| self.history.get_mut(c as usize)) {
            let d = depth.max(1);
            *h = h.saturating_add(d * d);
            if *h > 1 << 30 {
                self.history.iter_mut().for_each(|x| *x /= 2);
            }
        }
    }
}
