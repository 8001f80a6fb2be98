//! `qi play xiangqi`: the terminal game. The board is drawn with Chinese glyphs (red and
//! black when the terminal has colours); moves are typed in ICCS (`h2e2`), WXF (`C2.5`) or
//! Chinese (`炮二平五`); commands: undo, hint, level N, flip, fen, save FILE, new, help, quit.

use crate::{ask, colours, paint};
use anyhow::{anyhow, Result};
use qi_search::StopFlag;
use qi_xiangqi::{Color, Game, Move, Outcome, Position, Square};
use qi_xiangqi_engine::level::Rng;
use qi_xiangqi_engine::play::{game_history, think};
use qi_xiangqi_engine::score_text;
use qi_xiangqi_engine::time::Clock;
use qi_xiangqi_engine::{Engine, EngineOptions, SearchRequest};
use std::time::Duration;

/// How `qi play xiangqi` starts.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Position in FEN (default: the start position).
    pub fen: Option<String>,
    /// Engine level 1–10 (the default, 10, is full strength, as in every game).
    pub level: u8,
    /// Who moves first: human (you play Red) or computer (you play Black).
    pub first: crate::First,
    /// Play Black (the same as --first computer).
    pub black: bool,
    /// Engine thinking time per move in milliseconds (level 10 only), 1 to 3600000.
    pub movetime: u64,
}

const HELP: &str = "\
Type a move as ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五), or a command:
  undo        take back your last move (and the engine's reply)
  hint        ask the engine for a suggestion
  level N     engine strength 1 (beginner) to 10 (full strength)
  flip        turn the board around
  fen         show the position in FEN
  save FILE   write the game as PGN to FILE
  new         start again
  help        this text
  quit        leave";

/// The board as text, Red at the bottom unless `flipped`; the last move's squares marked.
fn draw(pos: &Position, last: Option<Move>, flipped: bool, colour: bool) -> String {
    let files: Vec<u8> = if flipped {
        (0..9).rev().collect()
    } else {
        (0..9).collect()
    };
    let ranks: Vec<u8> = if flipped {
        (0..10).collect()
    } else {
        (0..10).rev().collect()
    };
    let letters: String = files
        .iter()
        .map(|&f| format!("{} ", (b'a' + f) as char))
        .collect();
    let mut out = format!("    {letters}\n");
    for (row, &rank) in ranks.iter().enumerate() {
        let mut line = format!(" {rank}  ");
        for &file in &files {
            let sq = Square::new(file, rank).expect("on the board");
            let marked = last.is_some_and(|m| m.from() == sq || m.to() == sq);
            let cell = match pos.piece_at(sq) {
                Some(p) => {
                    // Red in red, Black in the terminal's own (plain, bold) colour: readable
                    // on dark and light backgrounds, unlike a literal black.
                    let code = match (p.color(), marked) {
                        (Color::Red, false) => "1;31",
                        (Color::Red, true) => "1;31;7",
                        (Color::Black, false) => "1",
                        (Color::Black, true) => "1;7",
                    };
                    paint(p.glyph(), code, colour)
                }
                None if marked => paint("()", "2;7", colour),
                None => paint("・", "2", colour),
            };
            line.push_str(&cell);
        }
        out.push_str(&format!("{line}  {rank}\n"));
        if row == 4 {
            let river = if flipped {
                "  漢 界    楚 河"
            } else {
                "  楚 河    漢 界"
            };
            out.push_str(&format!("    {}\n", paint(river, "2", colour)));
        }
    }
    out.push_str(&format!("    {letters}\n"));
    out
}

/// A human-readable end of game: who won from the player's view, then the ruling in the
/// rules crate's words.
fn announce(outcome: Outcome, human: Color) -> String {
    match outcome.winner.color() {
        Some(c) if c == human => format!("You win ({outcome})."),
        Some(_) => format!("The engine wins ({outcome})."),
        None => format!("{outcome}."),
    }
}

struct Table {
    game: Game,
    human: Color,
    level: u8,
    flipped: bool,
    engine: Engine,
    rng: Rng,
    movetime: Duration,
    colour: bool,
}

impl Table {
    /// The engine's choice for the current position at `level`.
    fn engine_choice(&mut self, level: u8) -> Option<(Move, String)> {
        let (position, history) = game_history(&self.game);
        let clock = Clock {
            movetime: (level == 10).then_some(self.movetime),
            ..Clock::default()
        };
        let request = SearchRequest {
            position,
            history,
            time: clock.budget(),
            ..SearchRequest::default()
        };
        let (mv, result) = think(
            &self.engine,
            request,
            Some(level),
            &mut self.rng,
            &StopFlag::new(),
            |_| {},
        );
        let summary = format!(
            "depth {}, {}",
            result.stats.depth,
            score_text::describe(result.score, self.game.position().side_to_move())
        );
        mv.map(|m| (m, summary))
    }

    fn describe_move(&self, pos: &Position, mv: Move) -> String {
        format!(
            "{} ({}, {})",
            pos.to_chinese(mv).unwrap_or_default(),
            pos.to_wxf(mv).unwrap_or_default(),
            mv.to_iccs()
        )
    }

    fn show(&self) {
        println!(
            "\n{}",
            draw(
                self.game.position(),
                self.game.moves().last().copied(),
                self.flipped,
                self.colour
            )
        );
        if self.game.position().in_check() && self.game.outcome().is_none() {
            println!("{}", paint("Check!", "1;33", self.colour));
        }
    }

    fn result_text(&self) -> &'static str {
        self.game.outcome().map_or("*", |o| o.result_str())
    }
}

/// `qi play xiangqi`.
pub fn play(args: PlayOptions) -> Result<()> {
    let start = match &args.fen {
        Some(f) => Game::from_fen(f).map_err(|e| anyhow!("bad FEN {f:?}: {e}"))?,
        None => Game::default(),
    };
    let engine_first = args.black || args.first == crate::First::Computer;
    let human = if engine_first {
        Color::Black
    } else {
        Color::Red
    };
    let mut table = Table {
        game: start.clone(),
        human,
        level: args.level,
        flipped: engine_first,
        engine: Engine::new(EngineOptions {
            hash_mb: 64,
            threads: 1,
        }),
        rng: Rng::from_time(),
        movetime: Duration::from_millis(args.movetime),
        colour: colours(),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    println!(
        "Xiangqi: you play {}, the engine is at level {}. Type 'help' for commands.",
        if human == Color::Red { "Red" } else { "Black" },
        table.level
    );
    loop {
        if let Some(outcome) = table.game.outcome() {
            table.show();
            println!(
                "{}",
                paint(&announce(outcome, table.human), "1", table.colour)
            );
            match ask(
                &mut input,
                "Type 'new' for another game, 'undo', or 'quit': ",
            ) {
                None => return Ok(()),
                Some(cmd) => {
                    if !command(&mut table, &cmd, &start) {
                        return Ok(());
                    }
                }
            }
            continue;
        }
        if table.game.position().side_to_move() != table.human {
            let pos = table.game.position().clone();
            let level = table.level;
            match table.engine_choice(level) {
                Some((mv, summary)) => {
                    println!(
                        "The engine plays {}  [{summary}]",
                        table.describe_move(&pos, mv)
                    );
                    table.game.push(mv)?;
                }
                None => return Err(anyhow!("the engine found no move in {}", pos.to_fen())),
            }
            continue;
        }
        table.show();
        let Some(line) = ask(&mut input, "Your move: ") else {
            println!("\nbye");
            return Ok(());
        };
        if line.is_empty() {
            continue;
        }
        if !command(&mut table, &line, &start) {
            return Ok(());
        }
    }
}

/// Handles a command or a move; false to quit.
fn command(table: &mut Table, line: &str, start: &Game) -> bool {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    match first.to_ascii_lowercase().as_str() {
        "quit" | "exit" | "q" => {
            println!("bye");
            return false;
        }
        "help" | "?" => println!("{HELP}"),
        "undo" => {
            // Take back the engine's reply and the human move before it.
            let mut undone = 0;
            while table.game.pop().is_some() {
                undone += 1;
                if table.game.position().side_to_move() == table.human {
                    break;
                }
            }
            match undone {
                0 => println!("Nothing to undo."),
                1 => println!("Took back one move."),
                n => println!("Took back {n} moves."),
            }
        }
        "hint" => {
            let pos = table.game.position().clone();
            if table.game.outcome().is_some() {
                println!("The game is over.");
            } else if let Some((mv, summary)) = table.engine_choice(10) {
                println!("Hint: {}  [{summary}]", table.describe_move(&pos, mv));
            }
        }
        "level" => match words.next().map(str::parse::<u8>) {
            Some(Ok(n @ 1..=10)) => {
                table.level = n;
                println!("The engine now plays at level {n}.");
            }
            _ => println!("Usage: level N, with N from 1 (beginner) to 10 (full strength)."),
        },
        "flip" => {
            table.flipped = !table.flipped;
            table.show();
        }
        "fen" => println!("{}", table.game.position().to_fen()),
        "save" => match words.next() {
            Some(path) => {
                let players = match table.human {
                    Color::Red => ["you", "Qi"],
                    Color::Black => ["Qi", "you"],
                };
                let text = qi_xiangqi::pgn::write_game(
                    &table.game,
                    table.result_text(),
                    "Qi terminal game",
                    players,
                    &[],
                );
                match std::fs::write(path, text) {
                    Ok(()) => println!("Saved the game to {path}."),
                    Err(e) => println!("Cannot write {path}: {e}"),
                }
            }
            None => println!("Usage: save FILE"),
        },
        "new" => {
            table.game = start.clone();
            table.engine.clear();
            println!("A new game.");
        }
        _ => {
            if table.game.outcome().is_some() {
                println!("The game is over: type 'new', 'undo' or 'quit'.");
                return true;
            }
            let pos = table.game.position().clone();
            match pos.parse_move(line) {
                Ok(mv) => {
                    println!("You play {}", table.describe_move(&pos, mv));
                    if let Err(e) = table.game.push(mv) {
                        println!("That move cannot be played: {e}");
                    }
                }
                Err(e) => {
                    println!("'{line}' is not a legal move here ({e}). Type 'help' for help.")
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shows_glyphs_and_river() {
        let text = draw(&Position::startpos(), None, false, false);
        assert!(text.contains("車馬象士將士象馬車"));
        assert!(text.contains("俥傌相仕帥仕相傌俥"));
        assert!(text.contains("楚 河"));
        let flipped = draw(&Position::startpos(), None, true, false);
        let first_rank = flipped.lines().nth(1).unwrap();
        assert!(first_rank.contains("俥傌相仕帥仕相傌俥"), "{flipped}");
    }

    #[test]
    fn black_pieces_are_plain_not_cyan() {
        let text = draw(&Position::startpos(), None, false, true);
        assert!(!text.contains("\x1b[1;36m"), "no cyan: {text}");
        assert!(text.contains("\x1b[1m將\x1b[0m"), "{text}");
        assert!(text.contains("\x1b[1;31m帥\x1b[0m"), "{text}");
    }
}
