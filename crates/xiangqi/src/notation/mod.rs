//! Move notation: ICCS coordinates, WXF and Chinese.
//!
//! WXF and Chinese describe a move relative to the mover: files are numbered
//! 1..9 from the mover's right, and the direction (`+ - .` / 进 退 平) is
//! forward, backward or sideways from the mover's side. Both print from the
//! same [`Features`] of a legal move and parse by matching a description
//! against the features of every legal move, so printing and parsing cannot
//! drift apart.
//!
//! Pieces sharing a file (conventions implemented):
//! * Two pieces of one kind (not the general) on a file are told apart as
//!   front/rear: WXF `R+.5` / `R-.5` (also accepted `+R.5`), Chinese `前车平五`.
//! * Soldiers: when three or more stand on one file, or two or more files each
//!   hold two or more soldiers, WXF drops the letter and writes the soldier's
//!   rank on its file counted from the front (1 = frontmost) followed by the
//!   file: `19.8` (as Fairy-Stockfish prints). Chinese uses 前/中/后 for up to
//!   three and 一二三四五 beyond that, followed by 兵/卒, or, when several files
//!   hold tandem soldiers, by the file number instead: `前七平六`.
//! * Parsing is lenient: a plain file designation (`P9+1`) is accepted
//!   whenever it identifies exactly one legal move.

pub mod chinese;
pub mod iccs;
pub mod wxf;

use crate::error::MoveParseError;
use crate::position::Position;
use crate::types::{Color, Move, PieceKind, Square};

/// Direction of a move seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Forward,
    Backward,
    Sideways,
}

/// How a written move singles out the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// By file number 1..9 from the mover's right.
    File(u8),
    /// By place among same-kind pieces on one file, whichever file that is.
    Place(Place),
    /// By place on a given file (soldiers on several tandem files).
    PlaceOnFile(Place, u8),
}

/// Place of a piece among same-kind pieces on its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Front,
    Middle,
    Rear,
    /// 1-based rank counted from the front.
    Nth(u8),
}

/// A parsed, not yet resolved description of a move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Description {
    pub kind: Option<PieceKind>,
    pub origin: Origin,
    pub dir: Dir,
    pub amount: u8,
}

/// Everything a WXF or Chinese rendering of one legal move depends on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    pub color: Color,
    pub kind: PieceKind,
    /// File of origin, 1..9 from the mover's right.
    pub file: u8,
    /// Index among same-kind own pieces on that file, 0 = front.
    pub place: u8,
    /// Number of same-kind own pieces on that file.
    pub on_file: u8,
    /// Number of files holding two or more own soldiers.
    pub tandem_files: u8,
    pub dir: Dir,
    /// Steps for straight forward/backward moves, else destination file number.
    pub amount: u8,
}

impl Features {
    /// Whether the soldier-specific numbered designation applies.
    pub fn numbered_soldier(&self) -> bool {
        self.kind == PieceKind::Soldier
            && self.on_file >= 2
            && (self.on_file >= 3 || self.tandem_files >= 2)
    }

    fn matches(&self, d: &Description) -> bool {
        if d.kind.is_some_and(|k| k != self.kind) || d.dir != self.dir || d.amount != self.amount {
            return false;
        }
        let place_ok = |p: Place| {
            self.on_file >= 2
                && self.kind != PieceKind::General
                && match p {
                    Place::Front => self.place == 0,
                    Place::Rear => self.place + 1 == self.on_file,
                    Place::Middle => self.on_file == 3 && self.place == 1,
                    Place::Nth(n) => n >= 1 && self.place + 1 == n,
                }
        };
        match d.origin {
            Origin::File(f) => self.file == f,
            Origin::Place(p) => place_ok(p),
            Origin::PlaceOnFile(p, f) => self.file == f && place_ok(p),
        }
    }
}

/// File number 1..9 from `color`'s right.
pub(crate) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

impl Position {
    /// Features of a move whose origin holds a piece of the side to move.
    pub(crate) fn features(&self, mv: Move) -> Option<Features> {
        let piece = self.moved_piece(mv)?;
        if piece.color() != self.side_to_move() {
            return None;
        }
        let (color, kind) = (piece.color(), piece.kind());
        let (from, to) = (mv.from(), mv.to());
        let forward_rank = |r: u8| match color {
            Color::Red => r as i8,
            Color::Black => -(r as i8),
        };
        let mut place = 0;
        let mut on_file = 0;
        for (sq, p) in self.pieces(color) {
            if p == piece && sq.file() == from.file() {
                on_file += 1;
                if forward_rank(sq.rank()) > forward_rank(from.rank()) {
                    place += 1;
                }
            }
        }
        let mut tandem_files = 0;
        if kind == PieceKind::Soldier {
            let mut per_file = [0u8; 9];
            for (sq, p) in self.pieces(color) {
                if p == piece {
                    per_file[sq.file() as usize] += 1;
                }
            }
            tandem_files = per_file.iter().filter(|&&n| n >= 2).count() as u8;
        }
        let dr = forward_rank(to.rank()) - forward_rank(from.rank());
        let dir = match dr {
            0 => Dir::Sideways,
            d if d > 0 => Dir::Forward,
            _ => Dir::Backward,
        };
        let diagonal = matches!(
            kind,
            PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse
        );
        let amount = if diagonal || dir == Dir::Sideways {
            file_number(color, to)
        } else {
            dr.unsigned_abs()
        };
        Some(Features {
            color,
            kind,
            file: file_number(color, from),
            place,
            on_file,
            tandem_files,
            dir,
            amount,
        })
    }

    /// Resolves a description against the legal moves.
    pub(crate) fn resolve(&self, d: &Description, text: &str) -> Result<Move, MoveParseError> {
        let mut found = None;
        for &mv in self.legal_moves().iter() {
            let Some(f) = self.features(mv) else { continue };
            if f.matches(d) {
                if found.is_some() {
                    return Err(MoveParseError::Ambiguous(text.to_string()));
                }
                found = Some(mv);
            }
        }
        found.ok_or_else(|| MoveParseError::NoSuchPiece(text.to_string()))
    }

    /// Parses a move in ICCS (`h2e2`, `H2-E2`), WXF (`C2.5`) or Chinese
    /// (`炮二平五`) notation and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveParseError::Empty);
        }
        if t.is_ascii() {
            if let Some(r) = iccs::try_parse(self, t) {
                return r;
            }
            return wxf::parse(self, t);
        }
        chinese::parse(self, t)
    }
}
