//! `qi-search`: adversarial search done properly, for any two-player zero-sum game.
//!
//! Implement [`Game`] for a game's state and every search here works on it:
//! plain minimax in MAX/MIN form (the reference), negamax, fail-soft alpha-beta and
//! principal variation search, iterative deepening under depth/node/time limits with a
//! stop flag, a lock-free transposition table, move ordering (hash move, killers, history,
//! the game's hints), exact solving, statistics, seeded random tie-breaks and Lazy SMP.
//! Engines with a root search of their own keep what it finds in a [`RootKeeper`], which
//! names the move to play when the clock stops an iteration.
//!
//! ```
//! use qi_search::{random_tree::RandomTree, search, Algorithm, Limits, SearchConfig};
//!
//! let game = RandomTree::new(7, 4, 6, 100);
//! let reference = search(&game, SearchConfig::plain(Algorithm::Minimax), &Limits::depth(6));
//! let fast = search(&game, SearchConfig::default(), &Limits::depth(6));
//! assert_eq!(reference.score, fast.score);
//! assert!(fast.stats.nodes < reference.stats.nodes);
//! ```

pub mod game;
pub mod level;
pub mod limits;
pub mod observer;
pub mod ordering;
pub mod random_tree;
pub mod root;
pub mod score;
pub mod search;
pub mod smp;
pub mod stats;
pub mod tt;

pub use game::{Game, Outcome, Player};
pub use level::{Level, LevelError};
pub use limits::{Limits, StopFlag};
pub use observer::{
    NoObserver, NodeKind, NodeLabel, Observer, Reason, Role, TraceNode, TreeRecorder, ValueBound,
};
pub use root::RootKeeper;
pub use score::{Score, INFINITY as INFINITY_SCORE};
pub use search::{
    outcome_score, search, Algorithm, IterationInfo, SearchConfig, SearchResult, Searcher,
};
pub use smp::search_parallel;
pub use stats::SearchStats;
pub use tt::TranspositionTable;
