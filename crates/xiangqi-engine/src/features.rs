//! Switches for the search's techniques, so the engine can be compared with the textbook
//! searches of `qi-search` (`tests/agrees_with_qi_search.rs`) and each technique's effect
//! measured on its own.
//!
//! Every switch is on by default, and on is the engine's tournament behaviour. The
//! switches fall in two groups:
//!
//! * **value-preserving**: principal variation search, move ordering (the table's move
//!   included), aspiration windows (re-searched until the score falls inside) and
//!   mate-distance pruning never change the value of a fixed-depth search, only its cost.
//!   PVS and ordering are always on; aspiration and mate-distance pruning can be switched
//!   off to show that they change nothing;
//! * **value-changing**: quiescence and check extensions change what a leaf is; null
//!   move, reverse futility, futility, late-move pruning and reductions, internal
//!   iterative reduction, delta and exchange pruning skip or shorten moves on a forecast;
//!   table cutoffs (in quiescence too) take a score from another depth; repetition
//!   rulings depend on the path. With these off
//!   ([`SearchFeatures::fixed_depth_minimax`]) a depth-`d` search returns the depth-`d`
//!   minimax value of the engine's evaluation, exactly as `qi-search` computes it on
//!   [`crate::game::XiangqiGame`].

/// Which of the search's techniques are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFeatures {
    /// Windows around the previous iteration's score (value-preserving).
    pub aspiration_windows: bool,
    /// Bounds the window by the fastest mate possible from a node (value-preserving).
    pub mate_distance_pruning: bool,
    /// Cutoffs from table entries, which may come from a deeper search of the position.
    pub table_cutoffs: bool,
    /// Repetitions judged by the Asian rules inside the search (the path decides them).
    pub repetition_rulings: bool,
    /// One more ply after a checking move.
    pub check_extensions: bool,
    /// Captures (and check evasions) searched beyond the depth limit; off, the depth limit
    /// returns the static evaluation.
    pub quiescence: bool,
    /// Skips quiescence captures that cannot bring the score up to alpha.
    pub delta_pruning: bool,
    /// Skips quiescence captures that lose material by static exchange.
    pub see_pruning: bool,
    /// Returns the static evaluation far above beta at low depth.
    pub reverse_futility: bool,
    /// Tries a pass at reduced depth and cuts off when even it fails high.
    pub null_move: bool,
    /// Skips late quiet moves at low depth.
    pub late_move_pruning: bool,
    /// Searches late quiet moves shallower first.
    pub late_move_reductions: bool,
    /// Skips quiet, non-checking moves at low depth when the node is far below alpha.
    pub futility_pruning: bool,
    /// Searches a node without a table move one ply shallower.
    pub internal_iterative_reduction: bool,
}

impl Default for SearchFeatures {
    fn default() -> Self {
        SearchFeatures::all()
    }
}

impl SearchFeatures {
    /// Everything on: the engine as it plays.
    pub const fn all() -> SearchFeatures {
        SearchFeatures {
            aspiration_windows: true,
            mate_distance_pruning: true,
            table_cutoffs: true,
            repetition_rulings: true,
            check_extensions: true,
            quiescence: true,
            delta_pruning: true,
            see_pruning: true,
            reverse_futility: true,
            null_move: true,
            late_move_pruning: true,
            late_move_reductions: true,
            futility_pruning: true,
            internal_iterative_reduction: true,
        }
    }

    /// Only the value-preserving techniques: a depth-`d` search then returns the depth-`d`
    /// minimax value of the evaluation (checkmate and stalemate lose, 120 quiet plies draw),
    /// whatever the move ordering, the window or the number of threads.
    pub const fn fixed_depth_minimax() -> SearchFeatures {
        SearchFeatures {
            aspiration_windows: true,
            mate_distance_pruning: true,
            table_cutoffs: false,
            repetition_rulings: false,
            check_extensions: false,
            quiescence: false,
            delta_pruning: false,
            see_pruning: false,
            reverse_futility: false,
            null_move: false,
            late_move_pruning: false,
            late_move_reductions: false,
            futility_pruning: false,
            internal_iterative_reduction: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_full_engine() {
        assert_eq!(SearchFeatures::default(), SearchFeatures::all());
        let minimax = SearchFeatures::fixed_depth_minimax();
        assert!(minimax.aspiration_windows && minimax.mate_distance_pruning);
        assert!(!minimax.quiescence && !minimax.null_move && !minimax.table_cutoffs);
    }
}
