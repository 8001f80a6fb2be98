//! Coordinates: a letter column `a`… (no letter skipped) and a row number from 1
//! (`h8` is the centre of 15x15), or Gomocup's 0-based `x,y`.

use crate::board::{xy, Point};

/// A move text that is neither `h8` nor `x,y`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move '{0}' (expected a letter and a row number like h8, or x,y like 7,7)")]
pub struct NotationError(pub String);

/// Parses `h8`, `H8` or `7,7` into 0-based `(x, y)` (not checked against a board size).
pub fn parse_move(text: &str) -> Result<(i64, i64), NotationError> {
    let t = text.trim();
    let err = || NotationError(text.to_string());
    if let Some((a, b)) = t.split_once(',') {
        let x = a.trim().parse::<i64>().map_err(|_| err())?;
        let y = b.trim().parse::<i64>().map_err(|_| err())?;
        return Ok((x, y));
    }
    let mut chars = t.chars();
    let c = chars.next().ok_or_else(err)?.to_ascii_lowercase();
    if !c.is_ascii_lowercase() {
        return Err(err());
    }
    let rest = chars.as_str();
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.len() > 3 {
        return Err(err());
    }
    let row: i64 = rest.parse().map_err(|_| err())?;
    if row < 1 {
        return Err(err());
    }
    Ok((c as i64 - 'a' as i64, row - 1))
}

/// Parses a list of moves separated by spaces (or semicolons).
pub fn parse_moves(text: &str) -> Result<Vec<(i64, i64)>, NotationError> {
    text.split(|c: char| c.is_whitespace() || c == ';')
        .filter(|s| !s.is_empty())
        .map(parse_move)
        .collect()
}

/// `(x, y)` as `h8`.
pub fn format_xy(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// A point as `h8`.
pub fn format_point(p: Point) -> String {
    let (x, y) = xy(p);
    format_xy(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_notations() {
        assert_eq!(parse_move("h8"), Ok((7, 7)));
        assert_eq!(parse_move("A1"), Ok((0, 0)));
        assert_eq!(parse_move("v22"), Ok((21, 21)));
        assert_eq!(parse_move(" 7 , 7 "), Ok((7, 7)));
        assert!(parse_move("h0").is_err());
        assert!(parse_move("8h").is_err());
        assert!(parse_move("").is_err());
        assert!(parse_move("h").is_err());
        assert!(parse_move("x,").is_err());
        assert_eq!(format_xy(7, 7), "h8");
        assert_eq!(parse_moves("h8 i9  7,7").unwrap().len(), 3);
    }
}
