//! The web page's gomoku records: the game crate's SGF ([`qi_gomoku::sgf`]) with the page's
//! options and end of game.

use super::error::ApiError;
use super::gomoku_model::{End, Options};
use qi_gomoku::board::xy;
use qi_gomoku::sgf::{self, Header};
use qi_gomoku::{format_xy, Color, GameEnd, Point};

/// The record of a game.
pub fn write(options: Options, points: &[Point], end: Option<&End>) -> String {
    let result = match end {
        None => None,
        Some(End {
            ruling: GameEnd::Foul(_) | GameEnd::NoPointForBlack,
            ..
        }) => Some("W+F"),
        Some(e) => Some(match e.winner() {
            Some(Color::Black) => "B+",
            Some(Color::White) => "W+",
            None => "0",
        }),
    };
    let header = Header {
        size: options.size,
        rule: options.rule,
        result,
        ..Header::default()
    };
    let moves: Vec<(usize, usize)> = points.iter().map(|&p| xy(p)).collect();
    sgf::write(&header, &moves)
}

/// What a record says: the options and the moves written `h8`.
#[derive(Debug)]
pub struct Record {
    /// The rule (from `RU`, else the caller's) and size (from `SZ`, else the caller's).
    pub options: Options,
    /// The moves in order.
    pub moves: Vec<String>,
}

/// Reads a record; options it does not state come from `defaults`.
pub fn read(text: &str, defaults: Options) -> Result<Record, ApiError> {
    let record =
        sgf::read(text, defaults.size).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let options = Options {
        size: record.size.unwrap_or(defaults.size),
        rule: record.rule.unwrap_or(defaults.rule),
    };
    let moves = record.moves.iter().map(|&(x, y)| format_xy(x, y)).collect();
    Ok(Record { options, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_gomoku::Rule;

    #[test]
    fn reads_moves_as_the_page_writes_them() {
        let r = read("(;GM[4]SZ[15]RU[renju];B[hh];W[ig])", Options::default()).unwrap();
        assert_eq!(r.moves, ["h8", "i9"]);
        assert_eq!(r.options.rule, Rule::Renju);
        let e = read("(;GM[4]SZ[15];W[hh])", Options::default()).unwrap_err();
        assert!(e.to_string().contains("bad SGF"), "{e}");
    }
}
