//! `qi play connect4`: the console game.

use crate::{ask, colours, paint, First};
use anyhow::Result;
use qi_connect4::{engine_move, format_moves, Board, Cell, Column, Disc, EngineOptions, HEIGHT};
use qi_search::Level;
use std::io::BufRead;

/// How `qi play connect4` starts.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Who moves first.
    pub first: First,
    /// Search depth of the computer, 1 to 64 (capped by a weaker level's own depth).
    pub depth: Option<u32>,
    /// Seed for the computer's choices.
    pub seed: Option<u64>,
    /// Computer strength, 1 (beginner) to 10 (full strength).
    pub level: Level,
}

fn draw(board: &Board, colour: bool) -> String {
    let four: Vec<Cell> = board.winning_four().map(|f| f.to_vec()).unwrap_or_default();
    let mut out = String::new();
    for row in (0..HEIGHT).rev() {
        out.push('|');
        for column in 0..qi_connect4::WIDTH {
            let cell = Cell { column, row };
            let bold = if four.contains(&cell) && board.winner().is_some() {
                ";7"
            } else {
                ""
            };
            let text = match board.get(cell) {
                Some(Disc::Red) => paint("R", &format!("1;31{bold}"), colour),
                Some(Disc::Yellow) => paint("Y", &format!("1;33{bold}"), colour),
                None => paint(".", "2", colour),
            };
            out.push_str(&format!(" {text}"));
        }
        out.push_str(" |\n");
    }
    out.push_str("+---------------+\n  1 2 3 4 5 6 7\n");
    out
}

const HELP: &str = "\
Type a column 1-7 to drop your disc there, or a command:
  undo        take back your last move (and the computer's reply)
  hint        ask the engine for the best move
  level N     computer strength 1 (beginner) to 10 (full strength)
  save FILE   write the move record so far to FILE
  help        this text
  quit        leave";

/// What the human typed.
enum Input {
    Column(Column),
    Undo,
    Hint,
    Level(Level),
    Save(String),
    Quit,
}

/// Reads the human's column or command, re-asking on bad input; `None` when input ends.
fn read_input(input: &mut impl BufRead, board: &Board) -> Option<Input> {
    loop {
        let line = ask(
            input,
            &format!("Your move ({}), column 1-7 or 'help': ", board.to_move()),
        )?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => continue,
            ["undo"] => return Some(Input::Undo),
            ["hint"] => return Some(Input::Hint),
            ["quit" | "exit" | "q"] => return Some(Input::Quit),
            ["help" | "?"] => println!("{HELP}"),
            ["level", n] => match n.parse() {
                Ok(level) => return Some(Input::Level(level)),
                Err(e) => println!("{e}."),
            },
            ["save", path] => return Some(Input::Save(path.to_string())),
            ["level" | "save", ..] => println!("Usage: level N, save FILE."),
            _ => match line.parse::<i64>() {
                Err(_) => println!(
                    "'{line}' is not a number or a command: type a column from 1 to 7, or 'help'."
                ),
                Ok(n) if !(1..=7).contains(&n) => {
                    println!("{n} is out of range: columns are 1 to 7.")
                }
                Ok(n) if !board.has_room(n as Column - 1) => {
                    println!("column {n} is full: choose another.")
                }
                Ok(n) => return Some(Input::Column(n as Column - 1)),
            },
        }
    }
}

/// `qi play connect4`: human against the engine, as many games as wanted.
pub fn play(args: PlayOptions) -> Result<()> {
    let colour = colours();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut game_number = 0u64;
    loop {
        let human = match args.first {
            First::Human => Disc::Red,
            First::Computer => Disc::Yellow,
        };
        println!(
            "\nQi Connect Four: you are {human}, the computer is {}. Red moves first.",
            human.other()
        );
        let mut level = args.level;
        let mut moves: Vec<Column> = Vec::new();
        let mut board = Board::empty();
        let seed = args.seed.map(|s| s.wrapping_add(game_number));
        while !board.is_over() {
            if board.to_move() != human {
                let options = EngineOptions {
                    level,
                    depth: args.depth,
                    seed: seed.map(|s| s.wrapping_add(moves.len() as u64)),
                    ..EngineOptions::default()
                };
                let Some(choice) = engine_move(board, &options, |_| {}) else {
                    break;
                };
                if board.play(choice.column).is_err() {
                    break;
                }
                moves.push(choice.column);
                println!("The computer plays column {}.", choice.column + 1);
                continue;
            }
            println!("\n{}", draw(&board, colour));
            match read_input(&mut input, &board) {
                None | Some(Input::Quit) => {
                    println!("\nbye");
                    return Ok(());
                }
                Some(Input::Column(col)) => {
                    if board.play(col).is_ok() {
                        moves.push(col);
                    }
                }
                Some(Input::Undo) => {
                    // Back to the human's previous turn: their move and the reply after it.
                    let mut earlier = moves.clone();
                    let turn = |moves: &[Column]| Board::from_moves(moves).ok();
                    while earlier.pop().is_some() {
                        if turn(&earlier).is_some_and(|b| b.to_move() == human) {
                            break;
                        }
                    }
                    match turn(&earlier) {
                        Some(b) if earlier.len() < moves.len() && b.to_move() == human => {
                            println!("Took back {} moves.", moves.len() - earlier.len());
                            moves = earlier;
                            board = b;
                        }
                        _ => println!("Nothing to undo."),
                    }
                }
                Some(Input::Hint) => {
                    let options = EngineOptions {
                        seed,
                        ..EngineOptions::default()
                    };
                    if let Some(choice) = engine_move(board, &options, |_| {}) {
                        println!(
                            "Hint: column {} ({}).",
                            choice.column + 1,
                            qi_connect4::score_text::describe(
                                choice.search.score,
                                board.to_move(),
                                choice.search.solved
                            )
                        );
                    }
                }
                Some(Input::Level(l)) => {
                    level = l;
                    println!("The computer now plays at level {l}.");
                }
                Some(Input::Save(path)) => {
                    let text = format!(
                        "# qi connect4: columns 1-7 from the left, Red first\n{}\n",
                        format_moves(&moves)
                    );
                    match std::fs::write(&path, text) {
                        Ok(()) => println!("Saved the game to {path}."),
                        Err(e) => println!("Cannot write {path}: {e}"),
                    }
                }
            }
        }
        println!("\n{}", draw(&board, colour));
        match board.end() {
            Some(end) if end.winner() == Some(human) => {
                println!("{}", paint(&format!("You win! {end}"), "1;32", colour))
            }
            Some(end) if end.winner().is_some() => println!(
                "{}",
                paint(&format!("The computer wins: {end}."), "1;31", colour)
            ),
            _ => println!("{}", paint("A draw: the board is full.", "1", colour)),
        }
        println!("Moves: {}", format_moves(&moves));
        game_number += 1;
        match ask(&mut input, "Play again? [y/N] ") {
            Some(a) if a.eq_ignore_ascii_case("y") || a.eq_ignore_ascii_case("yes") => continue,
            _ => return Ok(()),
        }
    }
}
