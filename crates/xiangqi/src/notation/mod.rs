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
//!   Advisors and elephants are the exception: two on one file can only move
//!   towards each other's side of the file (the front one back, the rear one
//!   forward), so the direction already tells them apart and they are written by
//!   file as usual, `A6-5` / `仕六退五`; the front/rear form (`A+-5`, `前仕退五`)
//!   is still accepted on input.
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

    /// Whether the piece is written by its place on the file (front/rear) rather than by
    /// the file number: two of a kind on one file, except generals (never two) and
    /// advisors and elephants (their direction tells the two apart).
    pub fn tandem_by_place(&self) -> bool {
        self.on_file == 2
            && !matches!(
                self.kind,
                PieceKind::General | PieceKind::Advisor | PieceKind::Elephant
            )
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
        found.ok_or_else(|| {
            if self.leaves_the_board(d) {
                MoveParseError::SquareOutOfRange(text.to_string())
            } else {
                MoveParseError::NoSuchPiece(text.to_string())
            }
        })
    }

    /// Whether a straight move of the description (`炮五进九`) would take every piece it can
    /// name off the board: the text names a piece, but no point to go to.
    fn leaves_the_board(&self, d: &Description) -> bool {
        if d.dir == Dir::Sideways
            || matches!(
                d.kind,
                Some(PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse)
            )
        {
            return false;
        }
        let color = self.side_to_move();
        let mut named = false;
        for (sq, piece) in self.pieces(color) {
            if d.kind.is_some_and(|k| k != piece.kind()) {
                continue;
            }
            let file_ok = match d.origin {
                Origin::File(f) | Origin::PlaceOnFile(_, f) => file_number(color, sq) == f,
                Origin::Place(_) => true,
            };
            if !file_ok {
                continue;
            }
            named = true;
            let forward = match (color, d.dir) {
                (Color::Red, Dir::Forward) | (Color::Black, Dir::Backward) => 1,
                _ => -1,
            };
            let rank = i32::from(sq.rank()) + forward * i32::from(d.amount);
            if (0..=9).contains(&rank) {
                return false;
            }
        }
        named
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

#[cfg(test)]
mod tests {
    use crate::error::MoveParseError;
    use crate::position::Position;

    fn written(fen: &str, iccs: &str) -> (String, String) {
        let pos = Position::from_fen(fen).unwrap();
        let mv = pos.parse_move(iccs).unwrap();
        (pos.to_wxf(mv).unwrap(), pos.to_chinese(mv).unwrap())
    }

    #[test]
    fn advisors_and_elephants_on_one_file_are_written_by_file() {
        // Red advisors on d0 and d2 (file 6), both can reach e1.
        let fen = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
        assert_eq!(written(fen, "d2e1"), ("A6-5".into(), "仕六退五".into()));
        assert_eq!(written(fen, "d0e1"), ("A6+5".into(), "仕六进五".into()));
        // Red elephants on c0 and c4 (file 7).
        let fen = "4k4/9/9/9/9/2B6/9/9/9/2B2K3 w - - 0 1";
        assert_eq!(written(fen, "c4e2"), ("E7-5".into(), "相七退五".into()));
        assert_eq!(written(fen, "c0e2"), ("E7+5".into(), "相七进五".into()));
        // Black advisors on f9 and f7 (Black's file 6).
        let fen = "3k1a3/9/5a3/9/9/9/9/9/9/4K4 b - - 0 1";
        assert_eq!(written(fen, "f7e8"), ("A6-5".into(), "士6退5".into()));
        // Both forms are read.
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1").unwrap();
        for text in ["A6-5", "A+-5", "+A-5", "仕六退五", "前仕退五"] {
            assert_eq!(pos.parse_move(text).unwrap().to_iccs(), "d2e1", "{text}");
        }
        for text in ["A6+5", "A-+5", "仕六进五", "后仕进五"] {
            assert_eq!(pos.parse_move(text).unwrap().to_iccs(), "d0e1", "{text}");
        }
        // Chariots still use front and rear.
        let fen = "4k4/9/9/9/9/R8/9/9/9/R4K3 w - - 0 1";
        assert_eq!(written(fen, "a4b4"), ("R+.8".into(), "前车平八".into()));
    }

    #[test]
    fn a_straight_move_off_the_board_says_so() {
        let mut pos = Position::startpos();
        for m in ["h2e2", "h9g7"] {
            let mv = pos.parse_move(m).unwrap();
            pos.make_move(mv);
        }
        for text in ["炮五进九", "C5+9"] {
            assert_eq!(
                pos.parse_move(text),
                Err(MoveParseError::SquareOutOfRange(text.into())),
                "{text}"
            );
        }
        assert_eq!(
            pos.parse_move("炮三进一"),
            Err(MoveParseError::NoSuchPiece("炮三进一".into()))
        );
        assert!(pos.parse_move("炮五进四").is_ok());
    }
}
