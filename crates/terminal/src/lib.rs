//! Qi's terminal games (`qi play GAME`): a board drawn in text, moves typed in the game's
//! notation, undo, hints and levels, against the engine. Each game module presents what its
//! game crate decides; this file holds what they share: colours only on a real terminal,
//! prompts, and who moves first.

pub mod connect4;
pub mod gomoku;
pub mod tictactoe;
pub mod xiangqi;

use std::io::{BufRead, IsTerminal, Write};

/// Whether stdout is a terminal (so ANSI colours are welcome).
pub fn colours() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Wraps `text` in an ANSI colour code when colours are on.
pub fn paint(text: &str, code: &str, on: bool) -> String {
    if on {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// Prints `prompt` and reads one trimmed line; `None` at end of input.
pub fn ask(input: &mut impl BufRead, prompt: &str) -> Option<String> {
    print!("{prompt}");
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
    }
}

/// Who moves first in a terminal game (`--first`), the same word in every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum First {
    /// You move first (X, Black in gomoku, Red in Xiangqi).
    #[default]
    Human,
    /// The engine moves first.
    Computer,
}
