//! ICCS coordinates: `h2e2`, files a..i from Red's left, ranks 0..9 from
//! Red's side. Also accepted: upper case and a dash (`H2-E2`).

use crate::error::MoveParseError;
use crate::position::Position;
use crate::types::{Move, Square};

/// Parses the coordinate part only (no legality check). `None` when the text
/// does not look like ICCS at all, so other notations can be tried.
pub fn parse_coords(text: &str) -> Option<Result<Move, MoveParseError>> {
    let b = text.as_bytes();
    let (f, t) = match b.len() {
        4 => (&b[0..2], &b[2..4]),
        5 if b[2] == b'-' => (&b[0..2], &b[3..5]),
        _ => return None,
    };
    let looks = |c: &[u8]| c[0].is_ascii_alphabetic() && c[1].is_ascii_digit();
    // WXF moves also start with a letter and a digit; their third byte is a direction.
    if !looks(f) || !looks(t) {
        return None;
    }
    let sq = |c: &[u8]| {
        let file = c[0].to_ascii_lowercase().wrapping_sub(b'a');
        Square::new(file, c[1] - b'0')
    };
    Some(match (sq(f), sq(t)) {
        (Some(a), Some(b)) => Ok(Move::new(a, b)),
        _ => Err(MoveParseError::SquareOutOfRange(text.to_string())),
    })
}

/// ICCS parse with legality check; `None` when the text is not ICCS.
pub(crate) fn try_parse(pos: &Position, text: &str) -> Option<Result<Move, MoveParseError>> {
    parse_coords(text).map(|r| {
        r.and_then(|mv| {
            if pos.is_legal(mv) {
                Ok(mv)
            } else {
                Err(MoveParseError::Illegal(text.to_string()))
            }
        })
    })
}
