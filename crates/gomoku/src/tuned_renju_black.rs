//! The evaluation's weights for renju positions with Black to move (see `crate::weights`).
//!
//! `qi tune gomoku fit --weights renju-black` rewrites this file with fitted numbers
//! (docs/tuning.md). Until a renju fit wins its SPRT, this derives the set from the
//! freestyle weights (naming them instead of copying them, so a freestyle refit carries
//! over), without their tempo table (fitted on freestyle positions only), with one value
//! set from the rules: Black's own double-three point is worth
//! nothing, since under renju it is a foul unless one of its threes is false. The point
//! keeps its threat class, which the search and the move ordering read (changing the class
//! itself lost its SPRTs). Against the freestyle set under renju: H1, +11.2 ± 8.7 Elo after
//! 1 679 pairs (docs/gomoku-strength.md).

use crate::pattern::Threat;
use crate::weights::EvalWeights;

/// The weights (quarter points): the freestyle set without its tempo table, Black's own
/// double three worth 0.
pub const WEIGHTS: EvalWeights = crate::tuned::WEIGHTS
    .without_tempo()
    .with_mover_threat(Threat::DoubleThree, 0);
