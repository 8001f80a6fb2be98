//! How a game ended.

use crate::types::Color;

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Red won.
    Red,
    /// Black won.
    Black,
    /// Nobody won.
    Draw,
}

impl Winner {
    /// The winning side as a colour (`None` for a draw).
    pub fn color(self) -> Option<Color> {
        match self {
            Winner::Red => Some(Color::Red),
            Winner::Black => Some(Color::Black),
            Winner::Draw => None,
        }
    }

    /// The winner when `loser` loses.
    pub fn against(loser: Color) -> Winner {
        match loser {
            Color::Red => Winner::Black,
            Color::Black => Winner::Red,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move (it loses).
    Checkmate,
    /// The side to move is not in check but has no legal move (it also loses).
    Stalemate,
    /// A repetition in which one side checked with every move; that side loses.
    PerpetualCheck,
    /// A repetition in which one side chased the same piece with every move; that side loses.
    PerpetualChase,
    /// Any other three-fold repetition: a draw.
    Repetition,
    /// 120 plies (60 moves per side) without a capture: a draw.
    MoveRule,
    /// Neither side has a chariot, horse, cannon or soldier left: nobody can mate, a draw.
    InsufficientMaterial,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub winner: Winner,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// Short result string: `1-0` (Red won), `0-1` or `1/2-1/2`.
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Winner::Red => "1-0",
            Winner::Black => "0-1",
            Winner::Draw => "1/2-1/2",
        }
    }
}
