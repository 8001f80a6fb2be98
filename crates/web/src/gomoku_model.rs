//! The web's gomoku game model: its options (rule, size) and how a game ended (the game
//! crate's ruling with the winning line), shared by the adapter, its records and openings.

use super::error::ApiError;
use qi_gomoku::{Color, GameEnd, Point, Rule, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use serde_json::{json, Value};

/// A game's options: the rule and the board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which rule decides wins and forbidden points.
    pub rule: Rule,
    /// Points per side.
    pub size: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rule: Rule::Freestyle,
            size: DEFAULT_SIZE,
        }
    }
}

impl Options {
    /// The options as the API writes them.
    pub fn to_json(self) -> Value {
        json!({"rule": self.rule.name(), "size": self.size})
    }
}

fn size_error(size: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!(
        "board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, not {size}"
    ))
}

/// Reads `{"rule": "renju", "size": 15}`; either may be left out, `null` is the defaults.
pub fn parse_options(value: &Value) -> Result<Options, ApiError> {
    let mut options = Options::default();
    let object = match value {
        Value::Null => return Ok(options),
        Value::Object(object) => object,
        _ => {
            return Err(ApiError::bad_request(
                "gomoku options are an object like {\"rule\": \"renju\", \"size\": 15}",
            ))
        }
    };
    for (key, v) in object {
        match key.as_str() {
            "rule" => {
                let text = v.as_str().ok_or_else(|| {
                    ApiError::bad_request("the rule is a string: freestyle, standard or renju")
                })?;
                options.rule = text
                    .parse()
                    .map_err(|e: qi_gomoku::UnknownRule| ApiError::bad_request(e.to_string()))?;
            }
            "size" => {
                let size = match v {
                    Value::Number(n) => n.as_u64().ok_or_else(|| size_error(n))?,
                    Value::String(s) => s.trim().parse::<u64>().map_err(|_| size_error(s))?,
                    other => return Err(size_error(other)),
                };
                if !(MIN_SIZE as u64..=MAX_SIZE as u64).contains(&size) {
                    return Err(size_error(size));
                }
                options.size = size as usize;
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown gomoku option '{other}' (rule, size)"
                )))
            }
        }
    }
    Ok(options)
}

/// How a game ended: the game crate's ruling, and the winning stones when a line won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// The ruling ([`GameEnd`]: a five, a renju foul, no point left for Black, a full board).
    pub ruling: GameEnd,
    /// The stones of the winning line from one end to the other (empty unless a line won).
    pub line: Vec<Point>,
}

impl End {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        self.ruling.winner()
    }

    /// The reason's id in the API: the ruling's, with `overline` for a winning line longer
    /// than five.
    pub fn reason(&self) -> &'static str {
        if self.line.len() > 5 {
            "overline"
        } else {
            self.ruling.id()
        }
    }

    /// The reason in words (the ruling's, naming an overline's length).
    pub fn describe(&self) -> String {
        if self.line.len() > 5 {
            format!("an overline ({} in a row)", self.line.len())
        } else {
            self.ruling.to_string()
        }
    }
}
