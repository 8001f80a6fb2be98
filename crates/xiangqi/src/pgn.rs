//! Xiangqi game records in PGN: writing a game with ICCS moves, and reading the tags and
//! moves of a record whose moves are in ICCS, WXF or Chinese notation.

use crate::START_FEN;

/// A record read from PGN text: its start position (the `FEN` tag) and its move texts,
/// still in whatever notation the record used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnRecord {
    /// The `FEN` tag, when the game does not start from the usual position.
    pub fen: Option<String>,
    /// The moves in the record's notation, in order.
    pub moves: Vec<String>,
    /// The `Result` tag (`1-0`, `0-1`, `1/2-1/2`, `*`), when there is one.
    pub result: Option<String>,
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError(
    /// What is wrong, in one sentence.
    pub String,
);

/// The PGN tags of an exported game.
#[derive(Clone, Copy, Debug)]
pub struct PgnHeader<'a> {
    /// The `Event` tag.
    pub event: &'a str,
    /// The `Red` player (`?` when unknown).
    pub red: &'a str,
    /// The `Black` player (`?` when unknown).
    pub black: &'a str,
    /// Further tags, written after `Result` (e.g. `Round`, `Termination`).
    pub extra: &'a [(&'a str, &'a str)],
    /// The start position's FEN, written as a `FEN` tag unless it is the usual start.
    pub start_fen: &'a str,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// The date as `YYYY.MM.DD`, or `????.??.??`.
    pub date: &'a str,
}

/// Today's date (UTC) as PGN's `Date` tag writes it, `YYYY.MM.DD`; `????.??.??` when the
/// system clock is before 1970.
pub fn today() -> String {
    match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        Ok(now) => date_of_day((now.as_secs() / 86_400) as i64),
        Err(_) => "????.??.??".into(),
    }
}

/// The civil date of a day counted from 1970-01-01, as `YYYY.MM.DD`.
fn date_of_day(days: i64) -> String {
    // Civil-from-days over 400-year eras of 146 097 days, each starting on 1 March.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Writes a game: the usual tags, then the ICCS moves (`h2-e2`) numbered per move pair from
/// the start FEN's move number. `first_is_red` says whether the first move is Red's (a FEN
/// can give Black the move).
pub fn write(header: &PgnHeader, iccs_moves: &[String], first_is_red: bool) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag(&mut out, "Game", "Chinese Chess");
    tag(&mut out, "Event", header.event);
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", header.date);
    tag(&mut out, "Red", header.red);
    tag(&mut out, "Black", header.black);
    tag(&mut out, "Result", header.result);
    for (name, value) in header.extra {
        tag(&mut out, name, value);
    }
    if !same_position(header.start_fen, START_FEN) {
        tag(&mut out, "FEN", header.start_fen);
    }
    tag(&mut out, "Format", "ICCS");
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let first_number: usize = header
        .start_fen
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1);
    let offset = 2 * (first_number - 1) + usize::from(!first_is_red);
    for (i, mv) in iccs_moves.iter().enumerate() {
        let ply = i + offset;
        let dashed = if mv.len() == 4 {
            format!("{}-{}", &mv[..2], &mv[2..])
        } else {
            mv.clone()
        };
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(dashed);
    }
    words.push(header.result.to_string());
    // Lines of at most about 80 characters, as PGN readers expect.
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

fn same_position(a: &str, b: &str) -> bool {
    let fields = |f: &str| f.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    fields(a) == fields(b)
}

/// `game` as PGN with ICCS moves (`h2-e2`, as the web page writes them) and today's date;
/// `players` are Red and Black, `extra` further tags. A game that does not start from the
/// start position gets its `FEN` tag.
pub fn write_game(
    game: &crate::Game,
    result: &str,
    event: &str,
    players: [&str; 2],
    extra: &[(&str, &str)],
) -> String {
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_iccs()).collect();
    let start = game.start().to_fen();
    let date = today();
    let header = PgnHeader {
        event,
        red: players[0],
        black: players[1],
        extra,
        start_fen: &start,
        result,
        date: &date,
    };
    write(
        &header,
        &moves,
        game.start().side_to_move() == crate::Color::Red,
    )
}

/// Reads a PGN record (or a bare move list): tags, comments (`{…}`, `;…`), variations
/// (`(…)`), move numbers, NAGs (`$1`) and results are skipped; what is left are the moves.
pub fn read(text: &str) -> Result<PgnRecord, PgnError> {
    let mut record = PgnRecord::default();
    let mut movetext = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(inner) = trimmed.strip_prefix('[') {
            let inner = inner
                .strip_suffix(']')
                .ok_or_else(|| PgnError(format!("unclosed tag: {trimmed}")))?;
            let (name, value) = parse_tag(inner)?;
            if name.eq_ignore_ascii_case("FEN") && !value.trim().is_empty() {
                record.fen = Some(value);
            } else if name.eq_ignore_ascii_case("Result") {
                record.result = Some(value.trim().to_string());
            }
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let cleaned = strip_comments(&movetext)?;
    for token in cleaned.split_whitespace() {
        if let Some(mv) = move_of(token) {
            record.moves.push(mv.to_string());
        }
    }
    Ok(record)
}

/// Splits a PGN file into its records (a record starts at a tag line that follows
/// moves) and reads each one.
pub fn read_all(text: &str) -> Vec<Result<PgnRecord, PgnError>> {
    let mut records = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            records.push(std::mem::take(&mut current));
            in_moves = false;
        }
        in_moves |= !tag && !line.trim().is_empty();
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        records.push(current);
    }
    records.iter().map(|r| read(r)).collect()
}

fn parse_tag(inner: &str) -> Result<(String, String), PgnError> {
    let inner = inner.trim();
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| PgnError(format!("tag without a value: [{inner}]")))?;
    let rest = rest.trim();
    let value = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| PgnError(format!("tag value not in quotes: [{inner}]")))?;
    Ok((name.to_string(), value.replace("\\\"", "\"")))
}

/// Removes `{…}` and `;…` comments and `(…)` variations (which may nest).
fn strip_comments(text: &str) -> Result<String, PgnError> {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == '}' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(PgnError("a comment '{' is never closed".into()));
                }
                out.push(' ');
            }
            ';' if depth == 0 => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                out.push('\n');
            }
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| PgnError("a ')' closes no variation".into()))?;
                out.push(' ');
            }
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    if depth > 0 {
        return Err(PgnError("a variation '(' is never closed".into()));
    }
    Ok(out)
}

/// The move in a movetext token, without a leading move number; `None` for move numbers,
/// NAGs and results.
fn move_of(token: &str) -> Option<&str> {
    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") || token.starts_with('$') {
        return None;
    }
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let rest = &token[digits..];
    let dots = rest.chars().take_while(|&c| c == '.' || c == '。').count();
    if digits > 0 && dots > 0 {
        let after: &str = rest.trim_start_matches(['.', '。']);
        // `19.8` is a WXF soldier move, `19.` a move number, `19.C2.5` a number and a move.
        if after.is_empty() {
            return None;
        }
        if !after.starts_with(|c: char| c.is_ascii_digit()) {
            return Some(after);
        }
    }
    Some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_all_splits_records_and_keeps_their_results() {
        let text = "[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n[Event \"x\"]\n[Result \"*\"]\n1. b2e2 *\n[Result \"0-1\"]\n{unclosed";
        let records = read_all(text);
        assert_eq!(records.len(), 3);
        let first = records[0].as_ref().unwrap();
        assert_eq!(first.result.as_deref(), Some("1-0"));
        assert_eq!(first.moves, vec!["h2e2", "h9g7"]);
        assert_eq!(records[1].as_ref().unwrap().result.as_deref(), Some("*"));
        assert!(records[2].is_err());
        assert!(read_all("").is_empty());
    }

    #[test]
    fn a_game_is_written_with_numbered_moves_and_its_start() {
        let mut game = crate::Game::default();
        for m in ["h2e2", "h9g7", "h0g2"] {
            game.push_str(m).unwrap();
        }
        let text = write_game(&game, "*", "test", ["?", "?"], &[]);
        assert!(text.contains("1. h2-e2 h9-g7 2. h0-g2 *"), "{text}");
        assert!(!text.contains("????"), "a real date: {text}");
        assert!(!text.contains("[FEN"));
        let mut game = crate::Game::from_fen("4k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 7").unwrap();
        game.push_str("e9f9").unwrap();
        let text = write_game(&game, "*", "test", ["?", "?"], &[]);
        assert!(text.contains("[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 7\"]"));
        assert!(text.contains("7... e9-f9 *"), "{text}");
    }

    #[test]
    fn reads_tags_numbers_comments_and_results() {
        let text = "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n\
                    1. h2-e2 {centre cannon} h9g7 (1... b9c7) 2.C8.5 $1 马8进7; a comment\n1-0\n";
        let r = read(text).unwrap();
        assert_eq!(r.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
        assert_eq!(r.moves, ["h2-e2", "h9g7", "C8.5", "马8进7"]);
    }

    #[test]
    fn keeps_numbered_soldier_moves() {
        assert_eq!(read("1. 19.8 2...").unwrap().moves, ["19.8"]);
    }

    #[test]
    fn refuses_unclosed_comments_and_variations() {
        assert!(read("1. h2e2 {oops").is_err());
        assert!(read("1. h2e2 (h9g7").is_err());
        assert!(read("[Event \"x\"").is_err());
    }

    #[test]
    fn writes_numbered_iccs_moves_and_a_fen_tag_only_when_needed() {
        let header = PgnHeader {
            event: "test",
            red: "?",
            black: "?",
            extra: &[],
            start_fen: START_FEN,
            result: "*",
            date: "2026.01.02",
        };
        let moves = vec!["h2e2".to_string(), "h9g7".to_string(), "h0g2".to_string()];
        let pgn = write(&header, &moves, true);
        assert!(pgn.contains("1. h2-e2 h9-g7 2. h0-g2 *"));
        assert!(!pgn.contains("[FEN"));
        let black_first = write(
            &PgnHeader {
                start_fen: "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
                ..header
            },
            &moves[..1],
            false,
        );
        assert!(black_first.contains("[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1\"]"));
        assert!(black_first.contains("1... h2-e2 *"));
        assert_eq!(read(&pgn).unwrap().moves, ["h2-e2", "h9-g7", "h0-g2"]);
    }

    #[test]
    fn dates_follow_the_civil_calendar() {
        assert_eq!(super::date_of_day(0), "1970.01.01");
        assert_eq!(super::date_of_day(11_016), "2000.02.29");
        assert_eq!(super::date_of_day(20_454), "2026.01.01");
        let today = super::today();
        assert_eq!(today.len(), 10, "{today}");
        assert!(today.starts_with("20"), "{today}");
    }
}
