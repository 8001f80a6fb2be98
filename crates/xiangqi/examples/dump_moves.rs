//! Reads FENs (one per line) on stdin and prints, per line, a JSON object
//! with the legal moves in ICCS, WXF and Chinese, whether the side to move
//! is in check, and the FEN as re-written (used by scripts/xiangqi_oracle_check.py).
//! A line `FEN | m1 m2 ...` also parses each move text (any notation) and
//! reports the ICCS result or the error under "parsed".

use qi_xiangqi::Position;
use std::io::{BufRead, Write};

fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let (fen, texts) = match line.split_once('|') {
            Some((f, t)) => (f.trim(), t.split_whitespace().collect::<Vec<_>>()),
            None => (line.trim(), Vec::new()),
        };
        if fen.is_empty() {
            continue;
        }
        let json = match Position::from_fen(fen) {
            Err(e) => format!(
                "{{\"fen\":{},\"error\":{}}}",
                quote(fen),
                quote(&e.to_string())
            ),
            Ok(pos) => {
                let moves: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&mv| {
                        format!(
                            "{{\"iccs\":{},\"wxf\":{},\"chinese\":{}}}",
                            quote(&mv.to_iccs()),
                            quote(&pos.to_wxf(mv).unwrap_or_default()),
                            quote(&pos.to_chinese(mv).unwrap_or_default())
                        )
                    })
                    .collect();
                let parsed: Vec<String> = texts
                    .iter()
                    .map(|t| match pos.parse_move(t) {
                        Ok(mv) => quote(&mv.to_iccs()),
                        Err(e) => quote(&format!("ERR:{e}")),
                    })
                    .collect();
                format!(
                    "{{\"fen\":{},\"check\":{},\"moves\":[{}],\"parsed\":[{}]}}",
                    quote(&pos.to_fen()),
                    pos.in_check(),
                    moves.join(","),
                    parsed.join(",")
                )
            }
        };
        if writeln!(out, "{json}").is_err() {
            break;
        }
    }
}
