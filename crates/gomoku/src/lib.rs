//! Gomoku (five in a row) on `qi-search`: freestyle, standard and renju rules on square
//! boards 5..=22, incremental line-pattern evaluation, threat-aware move generation,
//! VCF/VCT threat-space search and an engine with depth, time, node limits and levels.
//!
//! ```
//! use qi_gomoku::{engine_move, Board, EngineOptions, Rule};
//!
//! let mut board = Board::new(15, Rule::Freestyle).unwrap();
//! for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 2), (9, 7), (0, 4), (10, 7), (0, 6)] {
//!     board.play(board.point(x, y).unwrap());
//! }
//! let m = engine_move(&board, &EngineOptions::depth(2)).unwrap();
//! assert!(m.point == board.point(6, 7).unwrap() || m.point == board.point(11, 7).unwrap());
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod cell;
pub mod engine;
pub mod eval;
pub mod game;
pub mod level;
pub mod movegen;
pub mod notation;
pub mod opening;
pub mod params;
pub mod pattern;
pub mod renju;
pub mod rules;
pub mod score_text;
pub mod search;
pub mod sgf;
pub mod threats;
pub mod time;
pub mod tuned;
pub mod tuned_renju_black;
pub mod tuned_renju_white;
pub mod weight_sets;
pub mod weights;

pub use board::{
    Board, MoveError, PictureError, Point, SizeError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE,
};
pub use engine::{engine_move, Engine, EngineMove, EngineOptions, MoveSource};
pub use eval::Evaluator;
pub use game::{
    black_has_no_point, board_from_moves, play_checked, winning_line, GameEnd, Gomoku, MoveResult,
    SearchSettings,
};
pub use level::{level_settings, LevelSettings};
pub use movegen::Generator;
pub use notation::{
    format_point, format_xy, parse_move, parse_moves, play_text, replay_text, NotationError,
    PlayError, ReplayError,
};
pub use opening::{
    propose_opening, swap_decision, OpeningError, OpeningLimits, OpeningRule, Proposal, SwapChoice,
    SwapDecision,
};
pub use renju::{forbidden_points, Foul};
pub use rules::{Color, Rule, UnknownRule};
pub use threats::{ThreatSearch, ThreatWin};

/// Errors building a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bad board size.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A move that cannot be played.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A move given after the game ended.
    #[error("move {0} comes after the end of the game")]
    AfterEnd(usize),
    /// A coordinate that does not parse.
    #[error(transparent)]
    Notation(#[from] NotationError),
}
