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

/// A move in the coordinates of engines that number ranks 1..10 instead of ICCS's 0..9
/// (Fairy-Stockfish and Sjaak for Xiangqi): `h2e2` is written `h3e3`.
pub fn to_ranks_from_one(mv: Move) -> String {
    let square = |s: Square| format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1);
    format!("{}{}", square(mv.from()), square(mv.to()))
}

/// Reads a move in ranks-from-one coordinates (`a10a9`, any case) back to ICCS (`a9a8`);
/// `None` when the text is not two points with files a..i and ranks 1..10.
pub fn from_ranks_from_one(text: &str) -> Option<String> {
    let text = text.to_ascii_lowercase();
    let mut out = String::with_capacity(4);
    let mut rest = text.as_str();
    for _ in 0..2 {
        let file = rest.chars().next().filter(|c| ('a'..='i').contains(c))?;
        rest = &rest[1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rank: u8 = rest[..digits]
            .parse()
            .ok()
            .filter(|r| (1..=10).contains(r))?;
        rest = &rest[digits..];
        out.push(file);
        out.push((b'0' + rank - 1) as char);
    }
    rest.is_empty().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_from_one_round_trip() {
        let mv = |t: &str| parse_coords(t).unwrap().unwrap();
        assert_eq!(to_ranks_from_one(mv("h2e2")), "h3e3");
        assert_eq!(to_ranks_from_one(mv("a9a8")), "a10a9");
        assert_eq!(from_ranks_from_one("A10A9").as_deref(), Some("a9a8"));
        assert_eq!(from_ranks_from_one("h3e3").as_deref(), Some("h2e2"));
        for bad in [
            "", "a", "h2e", "h3e3x", "a11a9", "a0a1", "j1a1", "é1a2", "a1é2", "(none)", "1010",
        ] {
            assert_eq!(from_ranks_from_one(bad), None, "{bad:?}");
        }
    }
}
