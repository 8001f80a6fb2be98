//! Xiangqi (Chinese chess) rules for the Qi engine.
#![warn(missing_docs)]

mod attacks;
pub mod error;
pub mod fen;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
mod tables;
pub mod types;
mod zobrist;

pub use error::{FenError, GameError, MoveParseError};
pub use movegen::{MoveList, MAX_MOVES};
pub use perft::{divide, perft};
pub use position::{Position, Undo, START_FEN};
pub use types::{Color, Move, Piece, PieceKind, Square};
