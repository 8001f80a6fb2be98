//! Which move a root search plays when the clock stops it part-way through an iteration.
//!
//! Iterative deepening plays the last complete iteration's move, but an unfinished
//! iteration may already know better: a root move that beat the best in the new depth's
//! search, a window that failed high on a move before its re-search was stopped, or a
//! proof that the last iteration's move loses. [`RootKeeper`] records that evidence as the
//! root searches and makes the choice in one place, for every engine that aspires and
//! re-searches at its root.

use crate::score::{is_decisive, Score};

/// The root's record of one turn's search: the root moves proven lost, and for the
/// iteration under way the moves that beat the best so far. An engine tells it what its
/// root finds ([`RootKeeper::searched`], [`RootKeeper::re_search_started`],
/// [`RootKeeper::window_failed_high`]) and asks [`RootKeeper::stopped`] for the line to
/// play when the clock stops an iteration.
#[derive(Clone, Debug)]
pub struct RootKeeper<M> {
    /// Root moves that any iteration of this turn proved lost.
    lost: Vec<M>,
    /// The root line and score of this iteration's last window that failed high: each
    /// re-search starts from an empty root line, so a stop before that move is searched
    /// again would otherwise leave the last iteration's move, which this depth has just
    /// shown to be worse.
    failed_high: Option<(Vec<M>, Score)>,
    /// A later root move that beat the best in its full-depth null-window search, with
    /// that score, while its full-window re-search is under way: searched to the full
    /// depth, it is better than the best so far even if the re-search is stopped.
    re_searching: Option<(M, Score)>,
}

impl<M> Default for RootKeeper<M> {
    fn default() -> Self {
        RootKeeper {
            lost: Vec::new(),
            failed_high: None,
            re_searching: None,
        }
    }
}

impl<M: Copy + PartialEq> RootKeeper<M> {
    /// A keeper with nothing recorded.
    pub fn new() -> Self {
        Self::default()
    }

    /// A new turn: forgets everything, proofs included (they were about another position).
    pub fn start_turn(&mut self) {
        self.lost.clear();
        self.start_iteration();
    }

    /// A new iteration: the last one's windows say nothing about this depth. The proofs
    /// stay: a move proven lost stays lost at any depth.
    pub fn start_iteration(&mut self) {
        self.failed_high = None;
        self.re_searching = None;
    }

    /// A window of this iteration failed high with root line `line` and score `score` (an
    /// empty line leaves the earlier record as it is).
    pub fn window_failed_high(&mut self, line: &[M], score: Score) {
        if !line.is_empty() {
            self.failed_high = Some((line.to_vec(), score));
        }
    }

    /// A window of this iteration failed low: every root move scored below it, which
    /// contradicts an earlier fail-high.
    pub fn window_failed_low(&mut self) {
        self.failed_high = None;
    }

    /// Root move `mv` beat the best so far with `score` in its full-depth null-window
    /// search, and its re-search in the full window starts.
    pub fn re_search_started(&mut self, mv: M, score: Score) {
        self.re_searching = Some((mv, score));
    }

    /// Root move `mv`'s search finished with `score` (not stopped). A decisive loss, exact
    /// or as an upper bound, proves it lost.
    pub fn searched(&mut self, mv: M, score: Score) {
        self.re_searching = None;
        if score < 0 && is_decisive(score) && !self.lost.contains(&mv) {
            self.lost.push(mv);
        }
    }

    /// Whether an iteration of this turn proved `mv` lost.
    pub fn is_lost(&self, mv: M) -> bool {
        self.lost.contains(&mv)
    }

    /// The root moves this turn's iterations proved lost, in the order of their proofs.
    pub fn lost(&self) -> &[M] {
        &self.lost
    }

    /// The line and score a stopped iteration plays, given what it found (`found`, the
    /// root line of the moves it finished, with `found_score`), the last complete
    /// iteration's line and score (`completed`, `None` before the first; an empty line
    /// counts as none) and the root's move order (`root_order`). `None` only where nothing
    /// was found at all; a line it returns is never empty.
    ///
    /// In order: a move whose re-search was stopped (it beat the best at the full depth),
    /// the iteration's own line, the line of a window that failed high, the completed
    /// iteration's line. A move proven lost gives way to the first root move in
    /// `root_order` not proven lost, if there is one: the stop came before the others were
    /// searched, and one of them may hold. Its score is unknown; the completed
    /// iteration's stands for it (0 where that one was a proof, or where there is none).
    pub fn stopped(
        &self,
        found: &[M],
        found_score: Score,
        completed: Option<(&[M], Score)>,
        root_order: &[M],
    ) -> Option<(Vec<M>, Score)> {
        let chosen = if let Some((mv, score)) = self.re_searching {
            (vec![mv], score)
        } else if !found.is_empty() {
            (found.to_vec(), found_score)
        } else if let Some((line, score)) = &self.failed_high {
            (line.clone(), *score)
        } else {
            let (line, score) = completed.filter(|(line, _)| !line.is_empty())?;
            (line.to_vec(), score)
        };
        if chosen.0.first().is_some_and(|&mv| self.is_lost(mv)) {
            if let Some(&mv) = root_order.iter().find(|&&mv| !self.is_lost(mv)) {
                let score = completed
                    .map(|(_, s)| s)
                    .filter(|&s| !is_decisive(s))
                    .unwrap_or(0);
                return Some((vec![mv], score));
            }
        }
        Some(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{loss_in, win_in};

    #[test]
    fn a_stopped_iteration_plays_the_best_evidence_it_has() {
        let mut keeper = RootKeeper::new();
        keeper.start_turn();
        let completed: Option<(&[u8], Score)> = Some((&[1, 2], 10));
        let order = [1, 2, 3, 4];
        // Nothing found: the completed iteration's line.
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![1, 2], 10))
        );
        // Nothing at all before the first iteration, or from an empty line.
        assert_eq!(keeper.stopped(&[], 0, None, &order), None);
        assert_eq!(keeper.stopped(&[], 0, Some((&[], 5)), &order), None);
        // A window that failed high beats the completed line.
        keeper.window_failed_high(&[3, 1], 40);
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![3, 1], 40))
        );
        // The iteration's own line beats the window's.
        assert_eq!(
            keeper.stopped(&[2], 25, completed, &order),
            Some((vec![2], 25))
        );
        // A move being re-searched beats both.
        keeper.re_search_started(4, 30);
        assert_eq!(
            keeper.stopped(&[2], 25, completed, &order),
            Some((vec![4], 30))
        );
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![4], 30))
        );
        // An empty fail-high line keeps the earlier record.
        keeper.searched(4, 28);
        keeper.window_failed_high(&[], 90);
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![3, 1], 40))
        );
        keeper.re_search_started(4, 30);
        // Its re-search finished: forgotten.
        keeper.searched(4, 28);
        assert_eq!(
            keeper.stopped(&[2], 25, completed, &order),
            Some((vec![2], 25))
        );
        // A window that failed low contradicts the fail-high.
        keeper.window_failed_low();
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![1, 2], 10))
        );
        // A new iteration forgets the windows of the last.
        keeper.window_failed_high(&[3], 40);
        keeper.re_search_started(4, 30);
        keeper.start_iteration();
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![1, 2], 10))
        );
    }

    #[test]
    fn a_move_proven_lost_gives_way_to_one_that_is_not() {
        let mut keeper = RootKeeper::new();
        keeper.start_turn();
        let order = [1, 2, 3];
        // A fail-low to a loss is a proof too; a win or a heuristic score is not.
        keeper.searched(1, loss_in(5) + 2);
        keeper.searched(3, win_in(7));
        keeper.searched(3, -500);
        assert_eq!(keeper.lost(), &[1]);
        let completed: Option<(&[u8], Score)> = Some((&[1, 3], 12));
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![2], 12))
        );
        // The completed iteration's proof is no score for the move that replaces it.
        let proven: Option<(&[u8], Score)> = Some((&[1], win_in(9)));
        assert_eq!(
            keeper.stopped(&[1], -40, proven, &order),
            Some((vec![2], 0))
        );
        // With every root move proven lost, the line stands.
        keeper.searched(2, loss_in(3));
        keeper.searched(3, loss_in(3));
        assert_eq!(
            keeper.stopped(&[], 0, completed, &order),
            Some((vec![1, 3], 12))
        );
        // Proofs last the turn, not beyond it.
        keeper.start_iteration();
        assert!(keeper.is_lost(2));
        keeper.start_turn();
        assert!(keeper.lost().is_empty());
    }
}
