//! Qi's Xiangqi engine: evaluation, a Xiangqi-specific principal-variation search with
//! quiescence, repetition rulings, Lazy SMP, time management and playing levels.
//!
//! The generic pieces (transposition table, stop flag, statistics, score encoding) come
//! from `qi-search`; the search itself is specialised here because move generation,
//! incremental evaluation and the Asian repetition rules need the concrete position.
#![warn(missing_docs)]

pub mod bench;
pub mod eval;
pub mod features;
pub mod game;
pub mod level;
mod ordering;
pub mod params;
pub mod play;
pub mod pst;
pub mod repetition;
pub mod score_text;
pub mod search;
pub mod time;
pub mod tuned;
pub mod weights;

pub use features::SearchFeatures;
pub use level::Level;
pub use search::{Engine, EngineOptions, Info, SearchRequest, SearchResult};
pub use time::{Clock, TimeBudget};
