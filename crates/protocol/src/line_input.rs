//! Reading protocol input one line at a time, safely: a line longer than a cap is
//! discarded as it streams past (never held in memory whole), and bytes that are not
//! UTF-8 are decoded lossily instead of ending the engine.

use std::io::{BufRead, ErrorKind};

/// Longest command line any protocol accepts, in bytes. Real commands are far shorter
/// (a `position … moves …` line of a 300-ply game is under 2 KB).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How many characters of an unusable line are echoed back in a diagnostic.
pub const ECHO_CHARS: usize = 40;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line within the cap, without its line ending, decoded lossily.
    Text(String),
    /// A line over the cap: its first characters (for the diagnostic) and its length.
    TooLong {
        /// The start of the line, at most [`ECHO_CHARS`] characters.
        prefix: String,
        /// How many bytes the line had, line ending excluded.
        bytes: usize,
    },
}

/// Reads the next line, keeping at most `max` bytes of it. `None` at end of input.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<InputLine>> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    let mut seen_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !seen_any {
                return Ok(None);
            }
            break;
        }
        seen_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let room = (max + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        total += chunk.len();
        let used = chunk.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if kept.last() == Some(&b'\r') && total <= max {
        kept.pop();
        total -= 1;
    }
    if total > max {
        return Ok(Some(InputLine::TooLong {
            prefix: echo(&String::from_utf8_lossy(&kept)),
            bytes: total,
        }));
    }
    Ok(Some(InputLine::Text(
        String::from_utf8_lossy(&kept).into_owned(),
    )))
}

/// The start of `text`, at most [`ECHO_CHARS`] characters, with `…` when cut.
pub fn echo(text: &str) -> String {
    let mut chars = text.chars();
    let start: String = chars.by_ref().take(ECHO_CHARS).collect();
    if chars.next().is_some() {
        format!("{start}…")
    } else {
        start
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn all_lines(bytes: &[u8], max: usize, capacity: usize) -> Vec<InputLine> {
        let mut input = BufReader::with_capacity(capacity, Cursor::new(bytes.to_vec()));
        std::iter::from_fn(|| read_line(&mut input, max).unwrap()).collect()
    }

    fn text(s: &str) -> InputLine {
        InputLine::Text(s.to_string())
    }

    #[test]
    fn splits_lines_and_strips_endings() {
        assert_eq!(
            all_lines(b"uci\r\nisready\n\nlast", 100, 3),
            vec![text("uci"), text("isready"), text(""), text("last")]
        );
        assert!(all_lines(b"", 100, 8).is_empty());
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily() {
        assert_eq!(
            all_lines(b"START 15\n\xff\nBEGIN\n", 100, 8),
            vec![text("START 15"), text("\u{fffd}"), text("BEGIN")]
        );
    }

    #[test]
    fn overlong_lines_are_skipped_with_a_short_prefix() {
        let mut bytes = vec![b'x'; 10_000];
        bytes.extend_from_slice(b"\nisready\n");
        let lines = all_lines(&bytes, 100, 64);
        assert_eq!(lines.len(), 2);
        match &lines[0] {
            InputLine::TooLong { prefix, bytes } => {
                assert_eq!(*bytes, 10_000);
                assert_eq!(prefix.chars().count(), ECHO_CHARS + 1);
            }
            other => panic!("expected TooLong, got {other:?}"),
        }
        assert_eq!(lines[1], text("isready"));
        // Exactly at the cap is still a line.
        assert_eq!(all_lines(b"abcd\n", 4, 2), vec![text("abcd")]);
    }

    /// An endless line is read in bounded memory: the reader only ever keeps `max + 1`
    /// bytes, so a stream far larger than memory would do passes through.
    #[test]
    fn an_unending_line_does_not_grow_memory() {
        let endless = std::io::repeat(b'a').take(50 << 20).chain(&b"\nok\n"[..]);
        let mut input = BufReader::new(endless);
        let first = read_line(&mut input, 1000).unwrap().unwrap();
        assert!(matches!(first, InputLine::TooLong { bytes, .. } if bytes == 50 << 20));
        assert_eq!(read_line(&mut input, 1000).unwrap(), Some(text("ok")));
    }
}
