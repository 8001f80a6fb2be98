//! Gomoku records in SGF (`FF[4]`, `GM[4]`): `(;FF[4]GM[4]SZ[15]RU[renju];B[hh];W[ig])`.
//!
//! Coordinates follow SGF's convention for every game: two letters, the column from `a` at
//! the left and the row from `a` at the *top*, so on 15×15 `h8` (the centre) is `hh` and `i9`
//! is `ig`; Qi's row 1 (`y` 0) is SGF's bottom row, so a record opens as it was played.
//! `RU` carries the rule (`freestyle`, `standard`, `renju`; not a standard `GM[4]` property,
//! but SGF allows it and Qi reads it back). Reading takes the main line (the first variation
//! at each branch), `SZ`, `RU`, `GM` and the `B`/`W` moves; setup stones and passes are
//! refused. Every front end (web page, match referee) reads and writes records here.

use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::rules::Rule;

/// What a record says about a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header<'a> {
    /// The board size (`SZ`).
    pub size: usize,
    /// The rule (`RU`).
    pub rule: Rule,
    /// Black's and White's names (`PB`, `PW`), when known.
    pub players: Option<[&'a str; 2]>,
    /// The result (`RE`: `B+`, `W+`, `W+F` for a renju foul, `0` for a draw), when the game
    /// is over.
    pub result: Option<&'a str>,
    /// A comment on the game (`C`), e.g. why it ended.
    pub comment: Option<&'a str>,
}

/// A record as read: what it states, and the moves as `(x, y)` from Qi's bottom-left corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// `SZ`, when the record gives it.
    pub size: Option<usize>,
    /// `RU`, when the record gives a rule Qi knows.
    pub rule: Option<Rule>,
    /// The moves in order, Black first, as `(x, y)` with `y` 0 on the bottom row.
    pub moves: Vec<(usize, usize)>,
    /// `RE` as written (`B+`, `W+F`, `0`, …), when the record gives it.
    pub result: Option<String>,
}

/// Why a text is not a gomoku record Qi can read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad SGF: {0}")]
pub struct SgfError(String);

fn bad(why: impl std::fmt::Display) -> SgfError {
    SgfError(why.to_string())
}

/// A property value with SGF's escapes (`\` before `]` and `\`).
fn escaped(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes a record: `moves` are `(x, y)` from the bottom-left corner, Black first. Points
/// off the board (which a caller should never pass) are written clamped into it rather than
/// as letters SGF cannot hold.
pub fn write(header: &Header<'_>, moves: &[(usize, usize)]) -> String {
    let size = header.size.clamp(1, 26);
    let mut out = format!("(;FF[4]GM[4]AP[Qi]SZ[{size}]RU[{}]", header.rule.name());
    if let Some([black, white]) = header.players {
        out.push_str(&format!("PB[{}]PW[{}]", escaped(black), escaped(white)));
    }
    if let Some(result) = header.result {
        out.push_str(&format!("RE[{}]", escaped(result)));
    }
    if let Some(comment) = header.comment {
        out.push_str(&format!("C[{}]", escaped(comment)));
    }
    for (i, &(x, y)) in moves.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        let who = if i % 2 == 0 { 'B' } else { 'W' };
        let column = (b'a' + x.min(size - 1) as u8) as char;
        let row = (b'a' + (size - 1 - y.min(size - 1)) as u8) as char;
        out.push_str(&format!(";{who}[{column}{row}]"));
    }
    out.push_str(")\n");
    out
}

/// The properties of the main line's nodes, in order: `(ident, values)` per property,
/// with a node boundary as `(";", [])`.
fn main_line(text: &str) -> Result<Vec<(String, Vec<String>)>, SgfError> {
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
                    if !c.is_ascii_alphabetic() {
                        break;
                    }
                    // FF[3] allowed lower-case letters inside identifiers (`CoPyright`).
                    if c.is_ascii_uppercase() {
                        ident.push(c);
                    }
                    chars.next();
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

/// The records of a file holding several games one after another (as `qi match` writes
/// them): the text from each `(;` that starts a line to the next.
pub fn split_records(text: &str) -> Vec<&str> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("(;") {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

/// Reads a record's main line. Points are checked against the record's `SZ`, or against
/// `default_size` when it gives none.
pub fn read(text: &str, default_size: usize) -> Result<Record, SgfError> {
    let props = main_line(text)?;
    let mut record = Record {
        size: None,
        rule: None,
        moves: Vec::new(),
        result: None,
    };
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
                record.size = Some(size);
            }
            "RU" => record.rule = value.parse::<Rule>().ok(),
            "RE" => record.result = Some(value.to_string()),
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
    let size = record.size.unwrap_or(default_size);
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
        record.moves.push((x, size - 1 - row));
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_main_line_with_size_and_rule() {
        let text =
            "(;GM[4]FF[4]SZ[15]RU[renju]PB[Ann]C[a [comment\\]];B[hh];W[ig](;B[hg])(;B[aa]))";
        let r = read(text, 15).unwrap();
        assert_eq!(r.moves, [(7, 7), (8, 8), (7, 8)]);
        assert_eq!(r.rule, Some(Rule::Renju));
        assert_eq!(r.size, Some(15));
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
            assert!(read(text, 15).is_err(), "{text}");
        }
    }

    #[test]
    fn what_is_written_reads_back() {
        let moves = [(7, 7), (8, 8), (0, 0), (14, 14), (3, 11)];
        let header = Header {
            size: 15,
            rule: Rule::Standard,
            players: Some(["Ann ]\\", "Bo"]),
            result: Some("B+"),
            comment: Some("five in a row ]"),
        };
        let text = write(&header, &moves);
        assert!(text.contains("PB[Ann \\]\\\\]"), "{text}");
        let back = read(&text, 19).unwrap();
        assert_eq!(back.moves, moves);
        assert_eq!(back.size, Some(15));
        assert_eq!(back.rule, Some(Rule::Standard));
    }
}
