//! The evaluation's weights for renju positions with White to move (see `crate::weights`).
//!
//! `qi tune gomoku fit --weights renju-white` rewrites this file with fitted numbers
//! (docs/tuning.md). Until a renju fit wins its SPRT, renju plays the freestyle weights
//! without their tempo table (fitted on freestyle positions only): this names them instead
//! of copying them, so a freestyle refit carries over.

use crate::weights::EvalWeights;

/// The weights (quarter points): for now the freestyle set without its tempo table.
pub const WEIGHTS: EvalWeights = crate::tuned::WEIGHTS.without_tempo();
