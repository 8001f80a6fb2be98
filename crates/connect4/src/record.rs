//! Move records: the columns played, one digit 1–7 each, Red first (`4453`; spaces between
//! the digits are allowed, as in `4 4 5 3`).

use crate::board::{Board, Column, MoveError};
use thiserror::Error;

/// Why a record cannot be read or replayed.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    /// A character that is not a column digit 1–7 or a space.
    #[error("unexpected '{found}' at character {position} (a record is column digits 1 to 7, e.g. 4453)")]
    BadChar {
        /// The character.
        found: char,
        /// Its position in the text, from 1.
        position: usize,
    },
    /// A move that cannot be played where it comes.
    #[error("move {ply} (column {column}): {reason}")]
    Illegal {
        /// The move's number, from 1.
        ply: usize,
        /// Its column, 1–7.
        column: u8,
        /// Why it cannot be played.
        reason: MoveError,
    },
}

/// Reads the columns of a record (0..7, as the library counts them), without replaying it.
pub fn parse_moves(text: &str) -> Result<Vec<Column>, RecordError> {
    let mut moves = Vec::new();
    for (i, c) in text.chars().enumerate() {
        match c {
            '1'..='7' => moves.push(c as u8 - b'1'),
            c if c.is_whitespace() => {}
            found => {
                return Err(RecordError::BadChar {
                    found,
                    position: i + 1,
                })
            }
        }
    }
    Ok(moves)
}

/// The record of `moves` (columns 0..7): one digit per move, `4453`.
pub fn format_moves(moves: &[Column]) -> String {
    moves.iter().map(|&c| char::from(b'1' + c)).collect()
}

impl Board {
    /// The board after the record `text` (`4453`), checked move by move.
    pub fn from_record(text: &str) -> Result<Board, RecordError> {
        let moves = parse_moves(text)?;
        Board::from_moves(&moves).map_err(|(ply, reason)| RecordError::Illegal {
            ply: ply + 1,
            column: moves[ply] + 1,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_allow_spaces() {
        assert_eq!(parse_moves("4453"), Ok(vec![3, 3, 4, 2]));
        assert_eq!(parse_moves(" 4 4\t5 3 "), Ok(vec![3, 3, 4, 2]));
        assert_eq!(format_moves(&[3, 3, 4, 2]), "4453");
        assert_eq!(parse_moves(""), Ok(vec![]));
        assert_eq!(Board::from_record(""), Ok(Board::empty()));
    }

    #[test]
    fn bad_records_name_the_character_or_the_move() {
        assert_eq!(
            parse_moves("448x"),
            Err(RecordError::BadChar {
                found: '8',
                position: 3
            })
        );
        assert_eq!(
            Board::from_record("0").unwrap_err().to_string(),
            "unexpected '0' at character 1 (a record is column digits 1 to 7, e.g. 4453)"
        );
        assert_eq!(
            Board::from_record("1111111").unwrap_err().to_string(),
            "move 7 (column 1): column 1 is full"
        );
        let over = Board::from_record("12121212").unwrap_err();
        assert!(
            over.to_string()
                .starts_with("move 8 (column 2): the game is already over (Red connects four"),
            "{over}"
        );
        assert!(Board::from_record("４").is_err());
    }
}
