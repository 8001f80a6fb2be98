//! Coordinates: a letter column `a`… (no letter skipped) and a row number from 1
//! (`h8` is the centre of 15x15), or Gomocup's 0-based `x,y`.

use crate::board::{xy, Board, MoveError, Point, SizeError};
use crate::game::{play_checked, GameEnd, MoveResult};
use crate::rules::Rule;

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

/// Why a typed move cannot be played, in the notation the player typed (`p16`, `7,7`),
/// never the board's internal 0-based points.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text is not a point at all.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The point lies outside the board.
    #[error("{text} is off the {size}x{size} board (columns a-{last_column}, rows 1-{size})")]
    OffBoard {
        /// The move as typed.
        text: String,
        /// The board's size.
        size: usize,
        /// The board's last column letter.
        last_column: char,
    },
    /// A stone already stands there.
    #[error("{text} is already occupied")]
    Occupied {
        /// The move as typed.
        text: String,
    },
    /// The game ended before this move.
    #[error("the game is already over, so {text} cannot be played")]
    GameOver {
        /// The move as typed.
        text: String,
    },
}

/// Parses `text` (`h8` or `7,7`) and plays it for the side to move with the rules checked;
/// an error speaks the player's notation.
pub fn play_text(board: &mut Board, text: &str) -> Result<MoveResult, PlayError> {
    let (x, y) = parse_move(text)?;
    let typed = text.trim().to_string();
    play_checked(board, x, y).map_err(|e| match e {
        MoveError::OffBoard(..) => PlayError::OffBoard {
            text: typed,
            size: board.size(),
            last_column: (b'a' + board.size() as u8 - 1) as char,
        },
        MoveError::Occupied(..) => PlayError::Occupied { text: typed },
        MoveError::GameOver => PlayError::GameOver { text: typed },
    })
}

/// Why a move list cannot be replayed: the board size, or the numbered move that fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The board size is not allowed.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Move `number` (from 1) cannot be played.
    #[error("move {number}: {error}")]
    Move {
        /// The move's number in the list, from 1.
        number: usize,
        /// Why.
        error: PlayError,
    },
}

/// Replays a typed move list (Black first, `h8 i9 …` or `7,7 8,8 …`) from the empty board,
/// with errors in the list's own notation; returns the board and how the game ended, if it
/// did (a move after the end is an error).
pub fn replay_text(
    size: usize,
    rule: Rule,
    moves: &str,
) -> Result<(Board, Option<GameEnd>), ReplayError> {
    let mut board = Board::new(size, rule)?;
    let mut end = None;
    let texts = moves
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|s| !s.is_empty());
    for (i, text) in texts.enumerate() {
        let fail = |error| ReplayError::Move {
            number: i + 1,
            error,
        };
        if end.is_some() {
            return Err(fail(PlayError::GameOver {
                text: text.to_string(),
            }));
        }
        end = play_text(&mut board, text).map_err(fail)?.end();
    }
    Ok((board, end))
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

    #[test]
    fn errors_speak_the_typed_notation() {
        let err = |moves: &str| {
            replay_text(15, Rule::Freestyle, moves)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("h8 p16"),
            "move 2: p16 is off the 15x15 board (columns a-o, rows 1-15)"
        );
        assert_eq!(err("h8 i9 h8"), "move 3: h8 is already occupied");
        assert_eq!(err("7,7 h8"), "move 2: h8 is already occupied");
        assert!(err("z99").starts_with("move 1: z99 is off the 15x15 board"));
        assert!(err("h8 q").contains("bad move 'q'"));
        let (board, end) = replay_text(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4 l8").unwrap();
        assert_eq!(board.stones(), 9);
        assert!(matches!(end, Some(GameEnd::Won(_))));
        assert!(err("h8 a1 i8 a2 j8 a3 k8 a4 l8 a5").contains("already over, so a5"));
        let mut board = Board::new(9, Rule::Freestyle).unwrap();
        assert_eq!(
            play_text(&mut board, "j1").unwrap_err().to_string(),
            "j1 is off the 9x9 board (columns a-i, rows 1-9)"
        );
    }
}
