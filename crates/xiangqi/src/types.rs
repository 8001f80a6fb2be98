//! Basic value types: colours, pieces, squares and moves.

use crate::tables::{IDX_TO_SQ, SQ_TO_IDX};
use std::fmt;

/// One of the two sides. Red moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that starts on ranks 0..=4 and moves first.
    Red = 0,
    /// The side that starts on ranks 5..=9.
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black: handy for indexing per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The seven kinds of Xiangqi pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// General (帅/将), confined to the palace.
    General = 0,
    /// Advisor (仕/士), moves one point diagonally inside the palace.
    Advisor = 1,
    /// Elephant (相/象), moves two points diagonally, never across the river.
    Elephant = 2,
    /// Horse (马), moves like a knight but can be blocked at its leg.
    Horse = 3,
    /// Chariot (车), moves like a rook.
    Chariot = 4,
    /// Cannon (炮), moves like a rook, captures by jumping exactly one screen.
    Cannon = 5,
    /// Soldier (兵/卒), forward only until it crosses the river, then also sideways.
    Soldier = 6,
}

impl PieceKind {
    /// All kinds in code order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// Kind from its index `0..7`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 7 {
            Some(Self::ALL[i])
        } else {
            None
        }
    }

    /// The kind's English name in lower case (`general`, `advisor`, … `soldier`), as
    /// messages and the web page name it.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }

    /// Number of pieces of this kind each side starts with (and may never exceed).
    pub const fn max_count(self) -> u8 {
        match self {
            PieceKind::General => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }
}

/// A coloured piece, stored as the board byte the generator works on:
/// `1 + kind + 8 * color` (so Red is 1..=7 and Black 9..=15).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(pub(crate) u8);

impl Piece {
    /// Builds a piece from colour and kind.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(1 + kind as u8 + 8 * color as u8)
    }

    /// The piece's colour.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 8 != 0 {
            Color::Black
        } else {
            Color::Red
        }
    }

    /// The piece's kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0 & 7) - 1) as usize]
    }

    /// Dense index `0..14` (Red kinds then Black kinds), for per-piece arrays.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 7) as usize - 1 + 7 * (self.0 >> 3) as usize
    }

    /// FEN letter: Red upper case, Black lower case (`K A B N R C P`).
    pub const fn fen_char(self) -> char {
        let c = b"KABNRCP"[self.kind() as usize];
        match self.color() {
            Color::Red => c as char,
            Color::Black => (c + 32) as char,
        }
    }
}

impl Piece {
    /// The character written on the piece, in the traditional forms, which differ between
    /// the sides (Red 帥 仕 相 傌 俥 炮 兵, Black 將 士 象 馬 車 砲 卒).
    pub const fn glyph(self) -> &'static str {
        const RED: [&str; 7] = ["帥", "仕", "相", "傌", "俥", "炮", "兵"];
        const BLACK: [&str; 7] = ["將", "士", "象", "馬", "車", "砲", "卒"];
        match self.color() {
            Color::Red => RED[self.kind() as usize],
            Color::Black => BLACK[self.kind() as usize],
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// A point of the board, `0..90`, numbered `rank * 9 + file`.
///
/// Files run a..i (0..8) from Red's left, ranks 0..9 from Red's side, so
/// rank 0 is Red's back rank (ICCS coordinates).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 90;

    /// Square at `file` (0..9) and `rank` (0..10), or `None` when off the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// Square from its index `0..90`, or `None` when out of range.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 90 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Index `0..90`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (a..i) from Red's left.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0..10 from Red's side.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// Iterator over all 90 squares.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// Internal padded-mailbox index.
    #[inline]
    pub(crate) const fn idx(self) -> u8 {
        SQ_TO_IDX[self.0 as usize]
    }

    /// Square from an internal padded-mailbox index known to be on the board.
    #[inline]
    pub(crate) const fn from_idx(idx: u8) -> Square {
        Square(IDX_TO_SQ[idx as usize])
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move from one square to another, packed in 16 bits.
///
/// The bytes hold the generator's internal mailbox indices so that making a
/// move needs no conversion; use [`Move::from`] / [`Move::to`] for squares.
/// `Move::NULL` (all zero) never equals a real move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The null move: not a legal move, used as a placeholder.
    pub const NULL: Move = Move(0);

    /// Move between two squares (legality is not checked here).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::from_idx(from.idx(), to.idx())
    }

    #[inline]
    pub(crate) const fn from_idx(from: u8, to: u8) -> Move {
        Move(from as u16 | (to as u16) << 8)
    }

    /// Origin square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_idx(self.origin_index())
    }

    /// Destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_idx(self.target_index())
    }

    #[inline]
    pub(crate) const fn origin_index(self) -> u8 {
        self.0 as u8
    }

    #[inline]
    pub(crate) const fn target_index(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// True for [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// Raw 16-bit encoding, stable within one build (e.g. for hash-table entries).
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Inverse of [`Move::raw`]; `None` when the bits do not name two board squares.
    pub const fn from_raw(raw: u16) -> Option<Move> {
        let m = Move(raw);
        if crate::tables::ON_BOARD[m.origin_index() as usize]
            && crate::tables::ON_BOARD[m.target_index() as usize]
        {
            Some(m)
        } else {
            None
        }
    }

    /// ICCS coordinate text, e.g. `h2e2`.
    pub fn to_iccs(self) -> String {
        if self.is_null() {
            return "0000".to_string();
        }
        format!("{}{}", self.from(), self.to())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_iccs())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_iccs())
    }
}
