//! The position: a padded mailbox plus piece lists, with incremental Zobrist
//! key and piece counts, and make/unmake with caller-held undo records.

use crate::tables::{file_of, rank_of, EMPTY, OFF, ON_BOARD};
use crate::types::{Color, Move, Piece, PieceKind, Square};
use crate::zobrist::{PIECE_KEYS, SIDE_KEY};

/// FEN of the initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Everything needed to take a move back; returned by [`Position::make_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    cap_slot: u8,
    rule60: u16,
    key: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    #[inline]
    pub fn captured(&self) -> Option<Piece> {
        (self.captured != EMPTY).then_some(Piece(self.captured))
    }
}

/// A Xiangqi position.
///
/// Piece lists are kept in a stable order under make/unmake (a captured piece
/// goes back to its old slot), so move order is reproducible for the search.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [u8; 256],
    /// Slot of each occupied square in its colour's piece list.
    index: [u8; 256],
    pub(crate) list: [[u8; 16]; 2],
    pub(crate) len: [u8; 2],
    pub(crate) king: [u8; 2],
    counts: [u8; 16],
    /// Occupancy bit per file, for each rank (bit = file), for slider tables.
    pub(crate) rank_occ: [u16; 10],
    /// Occupancy bit per rank, for each file (bit = rank).
    pub(crate) file_occ: [u16; 9],
    pub(crate) side: Color,
    key: u64,
    rule60: u16,
    fullmove: u16,
}

impl PartialEq for Position {
    /// Same placement, side to move and counters; piece-list order is ignored.
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.rule60 == other.rule60
            && self.fullmove == other.fullmove
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// An empty board with Red to move; only for builders that add both generals.
    pub(crate) fn empty() -> Position {
        let mut board = [OFF; 256];
        for (i, b) in board.iter_mut().enumerate() {
            if ON_BOARD[i] {
                *b = EMPTY;
            }
        }
        Position {
            board,
            index: [0; 256],
            list: [[0; 16]; 2],
            len: [0; 2],
            king: [0; 2],
            counts: [0; 16],
            rank_occ: [0; 10],
            file_occ: [0; 9],
            side: Color::Red,
            key: 0,
            rule60: 0,
            fullmove: 1,
        }
    }

    /// Places a piece on an empty point. Returns false when the colour's list is full.
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) -> bool {
        let i = sq.idx();
        let c = piece.color().index();
        if self.len[c] as usize >= 16 || self.board[i as usize] != EMPTY {
            return false;
        }
        self.board[i as usize] = piece.0;
        self.toggle_occ(i);
        self.index[i as usize] = self.len[c];
        self.list[c][self.len[c] as usize] = i;
        self.len[c] += 1;
        self.counts[piece.0 as usize] += 1;
        self.key ^= PIECE_KEYS[piece.0 as usize][i as usize];
        if piece.kind() == PieceKind::General {
            self.king[c] = i;
        }
        true
    }

    #[inline(always)]
    fn toggle_occ(&mut self, i: u8) {
        let (f, r) = (file_of(i) as usize, rank_of(i) as usize);
        self.rank_occ[r] ^= 1 << f;
        self.file_occ[f] ^= 1 << r;
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if self.side != side {
            self.key ^= SIDE_KEY;
        }
        self.side = side;
    }

    pub(crate) fn set_counters(&mut self, rule60: u16, fullmove: u16) {
        self.rule60 = rule60;
        self.fullmove = fullmove.max(1);
    }

    /// The initial position.
    pub fn startpos() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Piece on a square, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = self.board[sq.idx() as usize];
        (b != EMPTY).then_some(Piece(b))
    }

    /// Square of a side's general.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_idx(self.king[color.index()])
    }

    /// Zobrist key of placement and side to move (not the counters).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture (the FEN half-move field), for the 60-move rule.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.rule60
    }

    /// Full-move number, starting at 1 and incremented after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// How many of this piece are on the board.
    #[inline]
    pub fn count(&self, piece: Piece) -> u8 {
        self.counts[piece.0 as usize]
    }

    /// Total number of pieces of a colour, generals included.
    #[inline]
    pub fn count_color(&self, color: Color) -> u8 {
        self.len[color.index()]
    }

    /// The pieces of one colour with their squares, in piece-list order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let c = color.index();
        self.list[c][..self.len[c] as usize]
            .iter()
            .map(move |&i| (Square::from_idx(i), Piece(self.board[i as usize])))
    }

    /// The piece a move would move, if its origin is occupied.
    #[inline]
    pub fn moved_piece(&self, mv: Move) -> Option<Piece> {
        let b = self.board[mv.origin_index() as usize];
        (b != EMPTY && b != OFF).then_some(Piece(b))
    }

    /// The piece a move would capture, if any.
    #[inline]
    pub fn captured_piece(&self, mv: Move) -> Option<Piece> {
        let b = self.board[mv.target_index() as usize];
        (b != EMPTY && b != OFF).then_some(Piece(b))
    }

    /// Plays a move that must be legal (e.g. from [`Position::legal_moves`]);
    /// returns what [`Position::unmake_move`] needs to take it back.
    ///
    /// Feeding an arbitrary move corrupts nothing memory-wise, but the
    /// position is then meaningless; use [`Position::is_legal`] first for
    /// untrusted input.
    #[inline]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let f = mv.origin_index() as usize;
        let t = mv.target_index() as usize;
        let p = self.board[f];
        let c = self.board[t];
        let us = self.side.index();
        let mut undo = Undo {
            captured: c,
            cap_slot: 0,
            rule60: self.rule60,
            key: self.key,
        };
        let mut key = self.key ^ PIECE_KEYS[p as usize][f] ^ PIECE_KEYS[p as usize][t] ^ SIDE_KEY;
        if c != EMPTY {
            key ^= PIECE_KEYS[c as usize][t];
            let them = us ^ 1;
            let slot = self.index[t];
            let last_slot = self.len[them] - 1;
            let last = self.list[them][last_slot as usize];
            self.list[them][slot as usize] = last;
            self.index[last as usize] = slot;
            self.len[them] = last_slot;
            self.counts[c as usize] -= 1;
            undo.cap_slot = slot;
            self.rule60 = 0;
        } else {
            self.rule60 = self.rule60.saturating_add(1);
        }
        self.board[t] = p;
        self.board[f] = EMPTY;
        self.toggle_occ(f as u8);
        if c == EMPTY {
            self.toggle_occ(t as u8);
        }
        let slot = self.index[f];
        self.list[us][slot as usize] = t as u8;
        self.index[t] = slot;
        if p & 7 == 1 {
            self.king[us] = t as u8;
        }
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.key = key;
        undo
    }

    /// Takes back `mv`, which must be the last move made, with its undo record.
    #[inline]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let f = mv.origin_index() as usize;
        let t = mv.target_index() as usize;
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        let us = self.side.index();
        let p = self.board[t];
        self.board[f] = p;
        self.toggle_occ(f as u8);
        let slot = self.index[t];
        self.list[us][slot as usize] = f as u8;
        self.index[f] = slot;
        if p & 7 == 1 {
            self.king[us] = f as u8;
        }
        let c = undo.captured;
        self.board[t] = c;
        if c == EMPTY {
            self.toggle_occ(t as u8);
        }
        if c != EMPTY {
            let them = us ^ 1;
            let slot = undo.cap_slot;
            let end = self.len[them];
            let moved = self.list[them][slot as usize];
            self.list[them][end as usize] = moved;
            self.index[moved as usize] = end;
            self.list[them][slot as usize] = t as u8;
            self.index[t] = slot;
            self.len[them] = end + 1;
            self.counts[c as usize] += 1;
        }
        self.rule60 = undo.rule60;
        self.key = undo.key;
    }

    /// Passes the turn (for null-move pruning); never legal in a real game.
    #[inline]
    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: EMPTY,
            cap_slot: 0,
            rule60: self.rule60,
            key: self.key,
        };
        self.key ^= SIDE_KEY;
        self.side = self.side.flip();
        undo
    }

    /// Takes back [`Position::make_null`].
    #[inline]
    pub fn unmake_null(&mut self, undo: Undo) {
        self.side = self.side.flip();
        self.key = undo.key;
        self.rule60 = undo.rule60;
    }

    /// Key recomputed from scratch; equals [`Position::key`] unless something is broken.
    pub fn compute_key(&self) -> u64 {
        let mut k = if self.side == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        for c in 0..2 {
            for &i in &self.list[c][..self.len[c] as usize] {
                k ^= PIECE_KEYS[self.board[i as usize] as usize][i as usize];
            }
        }
        k
    }
}
