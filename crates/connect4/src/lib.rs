//! Connect Four on `qi-search`: a 7×6 bitboard, the rules (gravity, four in a row in any
//! direction, a draw on a full board), move records such as `4453`, an evaluation with
//! move-ordering hints, exact solving of small positions and the engine at levels 1–10.
//!
//! ```
//! use qi_connect4::{solve, Board};
//!
//! // Red has three on the bottom row (columns 1–3) and wins at once in column 4.
//! let board = Board::from_record("152535").unwrap();
//! let solution = solve(board);
//! assert_eq!(solution.value, 1);
//! assert_eq!(solution.best_moves, vec![3]); // column 4 (columns count from 0 inside)
//! ```

pub mod board;
pub mod eval;
pub mod game;
pub mod record;
pub mod score_text;
pub mod solver;

pub use board::{Board, Cell, Column, Disc, GameEnd, MoveError, HEIGHT, WIDTH};
pub use game::Connect4;
pub use record::{format_moves, parse_moves, RecordError};
pub use solver::{
    engine_move, level_settings, solve, EngineMove, EngineOptions, LevelSettings, Solution,
};
