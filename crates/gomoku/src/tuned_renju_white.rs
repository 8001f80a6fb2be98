//! The evaluation's weights for renju positions with White to move (see `crate::weights`).
//!
//! `qi tune gomoku fit --weights renju-white` rewrites this file with fitted numbers
//! (docs/tuning.md). Until a renju fit wins its SPRT, renju plays the freestyle set
//! (`crate::tuned`: the points' weights and the tempo table, fitted together), named
//! here instead of copied. Every renju fit so far lost its SPRT against the freestyle
//! numbers (docs/gomoku-strength.md). What renju's fouls change is the rules' part, kept
//! apart: Black's own double three is worth nothing (`crate::tuned_renju_black`), and a
//! double three of Black's counts as a three in the tempo table's row or column
//! (`crate::eval`).

use crate::weights::EvalWeights;

/// The weights (quarter points): the freestyle set.
pub const WEIGHTS: EvalWeights = crate::tuned::WEIGHTS;
