//! Tuning Qi's evaluations from game results (Texel tuning).
//!
//! * [`fit`]: the game-agnostic part: samples as sparse linear features with a result,
//!   the logistic scale and a gradient fit of the weights;
//! * [`xiangqi`]: Xiangqi's data: quiet positions taken from game records (PGN) and
//!   labelled with the game's result, the data file, and the fit of the engine's
//!   [`qi_xiangqi_engine::weights`] that writes a new `tuned.rs`.
//!
//! `docs/tuning.md` says how to run the whole pipeline.
#![warn(missing_docs)]

pub mod data;
pub mod fit;
pub mod gomoku;
pub mod report;
pub mod xiangqi;
