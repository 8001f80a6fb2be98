//! Tic-tac-toe on `qi-search`: rules, perfect play, exhaustive facts and symmetry.
//!
//! ```
//! use qi_tictactoe::{solve, Board, SolveOptions};
//! use qi_search::Algorithm;
//!
//! let empty = Board::empty();
//! let minimax = solve(empty, SolveOptions { algorithm: Algorithm::Minimax, ..SolveOptions::default() });
//! assert_eq!(minimax.value, 0); // a draw with perfect play
//! assert_eq!(minimax.search.stats.nodes, 549_946); // the whole game tree
//! ```

pub mod board;
pub mod facts;
pub mod game;
pub mod score_text;
pub mod solver;

pub use board::{Board, BoardError, Mark, Square};
pub use game::TicTacToe;
pub use solver::{
    engine_move, engine_move_at_level, level_settings, solve, solve_with, winning_moves,
    EngineMove, EngineOptions, LevelSettings, Solution, SolveOptions,
};
