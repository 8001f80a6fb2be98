//! The evaluation's weights for renju positions with Black to move (see `crate::weights`).
//!
//! `qi tune gomoku fit --weights renju-black` rewrites this file with fitted numbers
//! (docs/tuning.md). Until a renju fit wins its SPRT, renju plays the freestyle weights:
//! this names them instead of copying them, so a freestyle refit carries over.

use crate::weights::EvalWeights;

/// The weights (quarter points): for now the freestyle set.
pub const WEIGHTS: EvalWeights = crate::tuned::WEIGHTS;
