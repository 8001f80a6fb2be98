//! WXF notation: `C2.5`, `H8+7`, `R9+1`, tandem `R+.5`, numbered soldiers `19.8`.
//!
//! Printed with letters `K A E H R C P` and `.` for sideways moves; parsing
//! also accepts `B` (elephant), `N` (horse), `=` for sideways, lower case, and
//! the sign before the letter (`+R.5`). See the parent module for the
//! conventions on pieces sharing a file.

use super::{Description, Dir, Features, Origin, Place};
use crate::error::MoveParseError;
use crate::position::Position;
use crate::types::{Move, PieceKind};

fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::General => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
    }
}

fn kind_of(c: u8) -> Option<PieceKind> {
    Some(match c.to_ascii_uppercase() {
        b'K' => PieceKind::General,
        b'A' => PieceKind::Advisor,
        b'E' | b'B' => PieceKind::Elephant,
        b'H' | b'N' => PieceKind::Horse,
        b'R' => PieceKind::Chariot,
        b'C' => PieceKind::Cannon,
        b'P' => PieceKind::Soldier,
        _ => return None,
    })
}

/// Renders features as WXF.
pub(crate) fn format(f: &Features) -> String {
    let dir = match f.dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Sideways => '.',
    };
    let head = if f.numbered_soldier() {
        format!("{}{}", f.place + 1, f.file)
    } else if f.tandem_by_place() {
        format!("{}{}", letter(f.kind), if f.place == 0 { '+' } else { '-' })
    } else {
        format!("{}{}", letter(f.kind), f.file)
    };
    format!("{head}{dir}{}", f.amount)
}

fn digit(c: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&c).then(|| c - b'0')
}

/// Parses WXF text and resolves it to a legal move.
pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let syntax = || MoveParseError::Syntax(text.to_string());
    let b = text.as_bytes();
    if b.len() != 4 {
        return Err(syntax());
    }
    let dir = match b[2] {
        b'+' => Dir::Forward,
        b'-' => Dir::Backward,
        b'.' | b'=' => Dir::Sideways,
        _ => return Err(syntax()),
    };
    let amount = digit(b[3]).ok_or_else(syntax)?;
    let sign = |c: u8| match c {
        b'+' => Some(Place::Front),
        b'-' => Some(Place::Rear),
        _ => None,
    };
    let (kind, origin) = if let Some(k) = kind_of(b[0]) {
        if let Some(f) = digit(b[1]) {
            (Some(k), Origin::File(f))
        } else if let Some(p) = sign(b[1]) {
            (Some(k), Origin::Place(p))
        } else {
            return Err(syntax());
        }
    } else if let Some(p) = sign(b[0]) {
        if let Some(k) = kind_of(b[1]) {
            (Some(k), Origin::Place(p))
        } else if let Some(f) = digit(b[1]) {
            (Some(PieceKind::Soldier), Origin::PlaceOnFile(p, f))
        } else {
            return Err(syntax());
        }
    } else if let (Some(n), Some(f)) = (digit(b[0]), digit(b[1])) {
        (
            Some(PieceKind::Soldier),
            Origin::PlaceOnFile(Place::Nth(n), f),
        )
    } else {
        return Err(syntax());
    };
    pos.resolve(
        &Description {
            kind,
            origin,
            dir,
            amount,
        },
        text,
    )
}

impl Position {
    /// WXF text of a legal move (e.g. `C2.5`); `None` if the origin is not
    /// a piece of the side to move.
    pub fn to_wxf(&self, mv: Move) -> Option<String> {
        self.features(mv).map(|f| format(&f))
    }
}
