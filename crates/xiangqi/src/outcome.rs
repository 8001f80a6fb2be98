//! How a game ended.

use std::fmt;

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

impl Reason {
    /// A stable identifier in snake case (`checkmate`, `perpetual_check`, `move_rule`, …),
    /// for machine-readable output such as the web API.
    pub const fn id(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::PerpetualChase => "perpetual_chase",
            Reason::Repetition => "repetition",
            Reason::MoveRule => "move_rule",
            Reason::InsufficientMaterial => "insufficient_material",
        }
    }

    /// The reason in words, as every front end shows it.
    pub const fn text(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate (no legal move)",
            Reason::PerpetualCheck => "perpetual check",
            Reason::PerpetualChase => "perpetual chase",
            Reason::Repetition => "repetition",
            Reason::MoveRule => "60 moves without a capture",
            Reason::InsufficientMaterial => "no attacking pieces left on either side",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Who lost and why ("Red loses: perpetual check", "Black is checkmated"), or why the game
/// is drawn ("Draw: repetition"). Every ruling but checkmate is a rule the loser broke or ran
/// into, so the message names the loser.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loser = match self.winner {
            Winner::Red => "Black",
            Winner::Black => "Red",
            Winner::Draw => return write!(f, "Draw: {}", self.reason),
        };
        match self.reason {
            Reason::Checkmate => write!(f, "{loser} is checkmated"),
            reason => write!(f, "{loser} loses: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_loser() {
        let check = Outcome {
            winner: Winner::Black,
            reason: Reason::PerpetualCheck,
        };
        assert_eq!(check.to_string(), "Red loses: perpetual check");
        let mate = Outcome {
            winner: Winner::Red,
            reason: Reason::Checkmate,
        };
        assert_eq!(mate.to_string(), "Black is checkmated");
        let draw = Outcome {
            winner: Winner::Draw,
            reason: Reason::Repetition,
        };
        assert_eq!(draw.to_string(), "Draw: repetition");
        assert_eq!(Reason::MoveRule.id(), "move_rule");
    }
}
