//! Reads lines `FEN | m1 m2 ...` (moves in any notation, usually ICCS) on
//! stdin, plays the moves in a [`Game`] and prints, per line, one JSON object
//! with the first ply at which [`Game::outcome`] ends the game (`null` when it
//! never does), the reason and the winner. Used by
//! scripts/xiangqi_oracle_games.py.

use qi_xiangqi::{Game, Winner};
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let (fen, moves) = match line.split_once('|') {
            Some((f, m)) => (f.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (line.trim(), Vec::new()),
        };
        if fen.is_empty() {
            continue;
        }
        let json = match Game::from_fen(fen) {
            Err(e) => format!("{{\"error\":\"bad FEN: {e}\"}}"),
            Ok(mut game) => {
                let mut result = None;
                let mut error = None;
                for ply in 0..=moves.len() {
                    if let Some(o) = game.outcome() {
                        result = Some((ply, o));
                        break;
                    }
                    if ply == moves.len() {
                        break;
                    }
                    if let Err(e) = game.push_str(moves[ply]) {
                        error = Some(format!("ply {ply} {}: {e}", moves[ply]));
                        break;
                    }
                }
                match (error, result) {
                    (Some(e), _) => format!("{{\"error\":\"{}\"}}", e.replace('"', "'")),
                    (None, None) => "{\"ply\":null}".to_string(),
                    (None, Some((ply, o))) => {
                        let winner = match o.winner {
                            Winner::Red => "red",
                            Winner::Black => "black",
                            Winner::Draw => "draw",
                        };
                        format!(
                            "{{\"ply\":{ply},\"reason\":\"{:?}\",\"winner\":\"{winner}\"}}",
                            o.reason
                        )
                    }
                }
            }
        };
        if writeln!(out, "{json}").is_err() {
            break;
        }
    }
}
