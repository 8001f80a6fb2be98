//! The data files every game's tuner writes and reads: one position a line,
//! `POSITION | result`, the result as the first player's score: `1`, `0.5`, `0` for a
//! game's result, or any number between 0 and 1 for an expected score (a position
//! labelled by a stronger engine's judgement); lines starting with `#` and blank lines
//! are ignored. Each game says how it writes a position.

/// A line of a data file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DataError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A result as a data file writes it: `1`, `0.5` or `0` (the nearest of the three).
pub fn result_text(result: f32) -> &'static str {
    match result {
        r if r >= 0.75 => "1",
        r if r <= 0.25 => "0",
        _ => "0.5",
    }
}

/// Reads a data file's text: `parse` turns each line's position (before the last `|`)
/// into an entry, given the result after it; the first bad line is an error. `shape`
/// names the line's form for the error (`FEN | result`).
pub fn read_lines<L>(
    text: &str,
    shape: &str,
    parse: impl Fn(&str, f32) -> Result<L, String>,
) -> Result<Vec<L>, DataError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |message: String| DataError {
            line: i + 1,
            message,
        };
        let (position, result) = line
            .rsplit_once('|')
            .ok_or_else(|| error(format!("expected '{shape}'")))?;
        let result = match result.trim() {
            "1" | "1.0" | "1-0" => 1.0,
            "0" | "0.0" | "0-1" => 0.0,
            "0.5" | "1/2" | "1/2-1/2" => 0.5,
            other => match other.parse::<f32>() {
                Ok(score) if (0.0..=1.0).contains(&score) => score,
                _ => {
                    return Err(error(format!(
                        "result {other:?} is not 1, 0.5, 0 or a score between 0 and 1"
                    )))
                }
            },
        };
        out.push(parse(position.trim(), result).map_err(error)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_comments_results_and_errors() {
        let text = "# comment\n\nA | 1\nB | 0.5\nC|0-1\n";
        let read = read_lines(text, "X | result", |p, r| Ok((p.to_string(), r))).unwrap();
        assert_eq!(
            read,
            vec![("A".into(), 1.0), ("B".into(), 0.5), ("C".into(), 0.0)]
        );
        let err = read_lines("A | 1\nB 1", "X | result", |p, _| Ok(p.len())).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("X | result"));
        for bad in ["A | 2", "A | -0.1", "A | NaN", "A | win"] {
            let err = read_lines(bad, "X | result", |p, _| Ok(p.len())).unwrap_err();
            assert!(
                err.to_string().contains("is not 1, 0.5, 0 or a score"),
                "{bad}"
            );
        }
        let soft = read_lines("A | 0.731\nB | 0.000", "X | result", |_, r| Ok(r)).unwrap();
        assert_eq!(soft, vec![0.731, 0.0]);
        let err = read_lines("A | 1", "X", |_, _| Err::<(), _>("bad A".into())).unwrap_err();
        assert_eq!(err.to_string(), "line 1: bad A");
        assert_eq!(
            [result_text(1.0), result_text(0.6), result_text(0.1)],
            ["1", "0.5", "0"]
        );
    }
}
