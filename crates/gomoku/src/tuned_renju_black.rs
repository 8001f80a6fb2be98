//! The evaluation's weights for renju positions with Black to move (see `crate::weights`).
//!
//! `qi tune gomoku fit --weights renju-black` rewrites this file with fitted numbers
//! (docs/tuning.md). Until a renju fit wins its SPRT, this derives the set from White's
//! (`crate::tuned_renju_white`, the freestyle set), naming it instead of copying it, with
//! one value set from the rules: Black's own double-three point is worth nothing, since
//! under renju it is a foul unless one of its threes is false. The point keeps its threat
//! class, which the search and the move ordering read (changing the class itself lost its
//! SPRTs). Against the freestyle set under renju: H1, +11.2 ± 8.7 Elo after 1 679 pairs
//! (docs/gomoku-strength.md).

use crate::pattern::Threat;
use crate::weights::EvalWeights;

/// The weights (quarter points): White's set, Black's own double three worth 0.
pub const WEIGHTS: EvalWeights =
    crate::tuned_renju_white::WEIGHTS.with_mover_threat(Threat::DoubleThree, 0);
