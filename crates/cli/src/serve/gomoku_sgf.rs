//! Gomoku records in SGF (FF[4], GM[4]): `(;FF[4]GM[4]SZ[15]RU[renju];B[hh];W[ig])`.
//!
//! Coordinates follow SGF's convention for every game: two letters, the column from `a` at
//! the left and the row from `a` at the *top*, so on 15×15 `h8` (the centre) is `hh` and `i9`
//! is `ig`. `RU` carries the rule (`freestyle`, `standard`, `renju`; not a standard GM[4]
//! property, but SGF allows it and Qi reads it back). Reading takes the main line (the
//! first variation at each branch), `SZ`, `RU`, `GM` and the `B`/`W` moves; setup stones and
//! passes are refused.

use super::error::ApiError;
use super::gomoku::{End, Options};
use qi_gomoku::board::xy;
use qi_gomoku::{format_xy, Color, Point, Rule, MAX_SIZE, MIN_SIZE};

/// A point as SGF writes it on a board of `size`.
fn coord(p: Point, size: usize) -> String {
    let (x, y) = xy(p);
    let row = size - 1 - y;
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + row as u8) as char)
}

/// The record of a game.
pub fn write(options: Options, points: &[Point], end: Option<&End>) -> String {
    let result = match end {
        None => None,
        Some(End::NoPointForBlack) => Some("W+F"),
        Some(e) => Some(match e.winner() {
            Some(Color::Black) => "B+",
            Some(Color::White) => "W+",
            None => "0",
        }),
    };
    let mut out = format!(
        "(;FF[4]GM[4]AP[Qi]SZ[{}]RU[{}]",
        options.size,
        options.rule.name()
    );
    if let Some(r) = result {
        out.push_str(&format!("RE[{r}]"));
    }
    for (i, &p) in points.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        let who = if i % 2 == 0 { 'B' } else { 'W' };
        out.push_str(&format!(";{who}[{}]", coord(p, options.size)));
    }
    out.push_str(")\n");
    out
}

/// What a record says: the options and the moves written `h8`.
#[derive(Debug)]
pub struct Record {
    /// The rule (from `RU`, else the caller's) and size (from `SZ`, else the caller's).
    pub options: Options,
    /// The moves in order.
    pub moves: Vec<String>,
}

fn bad(why: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!("bad SGF: {why}"))
}

/// The properties of the main line's nodes, in order: `(ident, values)` per property,
/// with a node boundary as `(";", [])`.
fn main_line(text: &str) -> Result<Vec<(String, Vec<String>)>, ApiError> {
    let mut chars = text.chars().peekable();
    let mut props = Vec::new();
    let mut opened = false;
    while let Some(&c) = chars.peek() {
        match c {
            '(' => {
                opened = true;
                chars.next();
            }
            // The first close ends the main line: variations after it are siblings.
            ')' if opened => break,
            ';' if opened => {
                chars.next();
                props.push((";".to_string(), Vec::new()));
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            c if c.is_ascii_uppercase() && opened => {
                let mut ident = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_ascii_alphabetic() {
                        if c.is_ascii_uppercase() {
                            ident.push(c);
                        }
                        chars.next();
                    } else {
                        break;
                    }
                }
                let mut values = Vec::new();
                loop {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                    if chars.peek() != Some(&'[') {
                        break;
                    }
                    chars.next();
                    let mut value = String::new();
                    loop {
                        match chars.next() {
                            None => return Err(bad(format!("the value of {ident} is not closed"))),
                            Some('\\') => {
                                if let Some(c) = chars.next() {
                                    value.push(c);
                                }
                            }
                            Some(']') => break,
                            Some(c) => value.push(c),
                        }
                    }
                    values.push(value);
                }
                if values.is_empty() {
                    return Err(bad(format!("property {ident} has no value")));
                }
                props.push((ident, values));
            }
            other if !opened => {
                return Err(bad(format!(
                    "a record starts with '(;', not '{}'",
                    other.escape_default()
                )))
            }
            other => return Err(bad(format!("unexpected '{}'", other.escape_default()))),
        }
    }
    if !opened {
        return Err(bad("the text holds no game"));
    }
    Ok(props)
}

/// Reads a record; options it does not state come from `defaults`.
pub fn read(text: &str, defaults: Options) -> Result<Record, ApiError> {
    let props = main_line(text)?;
    let mut options = defaults;
    let mut sgf_moves: Vec<(char, String)> = Vec::new();
    for (ident, values) in &props {
        let value = values.first().map(|v| v.trim()).unwrap_or("");
        match ident.as_str() {
            "GM" if value != "4" => {
                return Err(bad(format!("GM[{value}] is not gomoku (GM[4])")));
            }
            "SZ" => {
                let (w, h) = value.split_once(':').unwrap_or((value, value));
                let (w, h) = (w.trim(), h.trim());
                let size: usize = w.parse().map_err(|_| bad(format!("SZ[{value}]")))?;
                if w != h {
                    return Err(bad(format!("SZ[{value}]: only square boards")));
                }
                if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
                    return Err(bad(format!(
                        "SZ[{size}]: board sizes are {MIN_SIZE} to {MAX_SIZE}"
                    )));
                }
                options.size = size;
            }
            "RU" => {
                if let Ok(rule) = value.parse::<Rule>() {
                    options.rule = rule;
                }
            }
            "AB" | "AW" | "AE" => {
                return Err(bad("setup stones (AB/AW/AE) are not supported"));
            }
            "B" | "W" => {
                let who = if ident == "B" { 'B' } else { 'W' };
                sgf_moves.push((who, value.to_string()));
            }
            _ => {}
        }
    }
    let size = options.size;
    let mut moves = Vec::with_capacity(sgf_moves.len());
    for (i, (who, value)) in sgf_moves.iter().enumerate() {
        let expected = if i % 2 == 0 { 'B' } else { 'W' };
        if *who != expected {
            return Err(bad(format!(
                "move {} is {who}[{value}]; Black and White alternate from Black",
                i + 1
            )));
        }
        let letters: Vec<char> = value.chars().collect();
        let (x, row) = match letters[..] {
            // FF[3]'s pass, still read by SGF programs on boards up to 19×19.
            ['t', 't'] if size <= 19 => return Err(bad(format!("move {} is a pass", i + 1))),
            [a, b] if a.is_ascii_lowercase() && b.is_ascii_lowercase() => {
                (a as usize - 'a' as usize, b as usize - 'a' as usize)
            }
            [] => return Err(bad(format!("move {} is a pass", i + 1))),
            _ => return Err(bad(format!("move {} '{value}' is not two letters", i + 1))),
        };
        if x >= size || row >= size {
            return Err(bad(format!(
                "move {} '{value}' is off the {size}×{size} board",
                i + 1
            )));
        }
        moves.push(format_xy(x, size - 1 - row));
    }
    Ok(Record { options, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_main_line_with_size_and_rule() {
        let text =
            "(;GM[4]FF[4]SZ[15]RU[renju]PB[Ann]C[a [comment\\]];B[hh];W[ig](;B[hg])(;B[aa]))";
        let r = read(text, Options::default()).unwrap();
        assert_eq!(r.moves, ["h8", "i9", "h9"]);
        assert_eq!(r.options.rule, Rule::Renju);
    }

    #[test]
    fn refuses_what_is_not_a_gomoku_game() {
        for text in [
            "",
            "hello",
            "(;GM[1]SZ[19];B[pd])",
            "(;GM[4]SZ[15];W[hh])",
            "(;GM[4]SZ[15];B[])",
            "(;GM[4]SZ[15];B[tt])",
            "(;GM[4]SZ[15]AB[hh])",
            "(;GM[4]SZ[15];B[zz])",
            "(;GM[4]SZ[30])",
            "(;GM[4]SZ[15];B[hh",
        ] {
            assert!(read(text, Options::default()).is_err(), "{text}");
        }
    }
}
