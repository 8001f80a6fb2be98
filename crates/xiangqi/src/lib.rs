//! Xiangqi (Chinese chess) rules for the Qi engine: exact, allocation-free
//! and fast.
//!
//! * [`Position`]: padded-mailbox board with piece lists, incremental
//!   Zobrist [`Position::key`] and piece counts, [`Position::make_move`] /
//!   [`Position::unmake_move`] with caller-held [`Undo`] records, FEN
//!   ([`Position::from_fen`], [`Position::to_fen`]).
//! * Move generation into a fixed-capacity [`MoveList`]:
//!   [`Position::generate_legal`], [`Position::generate_captures`] (for
//!   quiescence), [`Position::count_legal`], [`Position::is_legal`],
//!   [`Position::in_check`], [`Position::gives_check`].
//! * [`perft()`] / [`divide()`] for verification and benchmarking.
//! * Notation: [`Move::to_iccs`], [`Position::to_wxf`],
//!   [`Position::to_chinese`] and [`Position::parse_move`] (any of the three).
//! * [`Game`]: move list and history with [`Game::outcome`] applying mate,
//!   Asian repetition rulings (perpetual check/chase) and the 60-move rule.
//!
//! Squares use ICCS coordinates: files a..i from Red's left, ranks 0..9 from
//! Red's side. Having no legal move loses, in check or not.
//!
//! ```
//! use qi_xiangqi::{perft, Game, Position, Reason};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! assert_eq!(perft(&mut pos, 3), 79_666);
//!
//! let mv = pos.parse_move("炮二平五").unwrap();
//! assert_eq!(mv.to_iccs(), "h2e2");
//! assert_eq!(pos.to_wxf(mv).as_deref(), Some("C2.5"));
//! assert_eq!(pos.parse_move("C2.5"), Ok(mv));
//!
//! // Everything a `moves --json` command needs:
//! let moves: Vec<(String, String, String)> = pos
//!     .legal_moves()
//!     .iter()
//!     .map(|&m| (m.to_iccs(), pos.to_wxf(m).unwrap(), pos.to_chinese(m).unwrap()))
//!     .collect();
//! assert!(moves.contains(&("h2e2".into(), "C2.5".into(), "炮二平五".into())));
//!
//! let mut game = Game::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").unwrap();
//! game.push_str("b0b9").unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.reason, Reason::Checkmate);
//! assert_eq!(outcome.result_str(), "1-0");
//! ```
#![warn(missing_docs)]

mod attacks;
pub mod error;
pub mod fen;
pub mod game;
mod mobility;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod position;
mod see;
mod tables;
pub mod types;
mod zobrist;

pub use error::{FenError, GameError, MoveParseError};
pub use game::{Game, MOVE_RULE_PLIES};
pub use movegen::{MoveList, MAX_MOVES};
pub use outcome::{Outcome, Reason, Winner};
pub use perft::{divide, perft};
pub use position::{Position, Undo, START_FEN};
pub use see::ExchangeValues;
pub use types::{Color, Move, Piece, PieceKind, Square};
