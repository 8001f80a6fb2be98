//! The three rule sets and the two colours.

use std::fmt;
use std::str::FromStr;

/// A stone colour; Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White (array index).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The cell value of a stone of this colour (1 Black, 2 White).
    #[inline]
    pub fn cell(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Which rule decides wins and forbidden moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Black: exactly five wins, double-three, double-four and overline are forbidden and
    /// lose. White: five or more wins.
    Renju,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// Whether only exactly five wins for `color`.
    #[inline]
    pub fn exact_five(self, color: Color) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => color == Color::Black,
        }
    }

    /// Whether `color` has forbidden moves under this rule.
    #[inline]
    pub fn has_forbidden(self, color: Color) -> bool {
        self == Rule::Renju && color == Color::Black
    }

    /// The rule's name on command lines.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is not freestyle, standard or renju.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{0}' (expected freestyle, standard or renju)")]
pub struct UnknownRule(pub String);

impl FromStr for Rule {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "gomoku" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exactfive" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            _ => Err(UnknownRule(s.to_string())),
        }
    }
}
