//! Error types for every fallible entry point.

use thiserror::Error;

/// Why a FEN string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The string has no board field.
    #[error("empty FEN")]
    Empty,
    /// The board field does not have exactly ten ranks.
    #[error("board has {0} ranks, expected 10")]
    RankCount(usize),
    /// A rank does not describe exactly nine files.
    #[error("rank {rank} (counting from Red's side, 0-based) describes {files} files, expected 9")]
    FileCount {
        /// Rank 0..10 from Red's side.
        rank: u8,
        /// Files described (may exceed 9).
        files: usize,
    },
    /// A character in the board field is not a piece letter or digit 1-9.
    #[error("unknown piece character {0:?}")]
    UnknownPiece(char),
    /// A side has no general or more than one.
    #[error("{color:?} has {count} generals, expected exactly 1")]
    GeneralCount {
        /// Side concerned.
        color: crate::Color,
        /// Generals found.
        count: usize,
    },
    /// A side has more pieces of one kind than the game provides.
    #[error("{color:?} has {count} pieces of kind {kind:?}, at most {max} allowed")]
    TooManyPieces {
        /// Side concerned.
        color: crate::Color,
        /// Kind concerned.
        kind: crate::PieceKind,
        /// Pieces found.
        count: usize,
        /// Maximum possible.
        max: u8,
    },
    /// A piece stands on a point it can never reach (e.g. general outside the palace).
    #[error("{piece:?} cannot stand on {square}")]
    ImpossibleSquare {
        /// The piece (FEN letter in Debug output).
        piece: crate::Piece,
        /// Where it was found.
        square: crate::Square,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("bad side to move {0:?} (expected w, r or b)")]
    BadSide(String),
    /// A move counter is not a number.
    #[error("bad move counter {0:?}")]
    BadCounter(String),
    /// The side that just moved is still in check (or the generals face each other).
    #[error("the side not to move is in check, so the position cannot arise")]
    OpponentInCheck,
}

/// Why a move string could not be turned into a legal move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveParseError {
    /// The text is empty.
    #[error("empty move text")]
    Empty,
    /// The text matches none of ICCS, WXF or Chinese notation.
    #[error("unrecognised move syntax {0:?}")]
    Syntax(String),
    /// A square coordinate is outside the board.
    #[error("square out of range in {0:?}")]
    SquareOutOfRange(String),
    /// The text names no piece of the side to move that fits the description.
    #[error("no matching piece for {0:?}")]
    NoSuchPiece(String),
    /// More than one piece fits and the text does not say which.
    #[error("ambiguous move {0:?}")]
    Ambiguous(String),
    /// The move is well formed but not legal in this position.
    #[error("illegal move {0:?}")]
    Illegal(String),
}

/// Why a move could not be pushed onto a [`crate::Game`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error("illegal move {0}")]
    Illegal(crate::Move),
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
}
