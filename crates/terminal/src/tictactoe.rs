//! `qi play tictactoe`: the console game.

use crate::{ask, colours, paint, First};
use anyhow::Result;
use qi_tictactoe::{engine_move_at_level, Board, EngineOptions, Mark};
use std::io::BufRead;

/// How `qi play tictactoe` starts.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Who moves first.
    pub first: First,
    /// Turn off the opening preference (centre, corners, edges) and choose among equal moves at random.
    pub no_book: bool,
    /// Search depth of the computer, 1 to 64 (default: perfect play).
    pub depth: Option<u32>,
    /// Seed for the computer's choices.
    pub seed: Option<u64>,
    /// Computer strength, 1 (beginner) to 10 (perfect play).
    pub level: qi_search::Level,
}

fn draw(board: &Board, colour: bool) -> String {
    let mut out = String::new();
    for row in 0..3u8 {
        let cells: Vec<String> = (0..3u8)
            .map(|c| {
                let sq = row * 3 + c;
                match board.get(sq) {
                    Some(Mark::X) => paint("X", "1;34", colour),
                    Some(Mark::O) => paint("O", "1;31", colour),
                    None => paint(&(sq + 1).to_string(), "2", colour),
                }
            })
            .collect();
        out.push_str(&format!(" {} \n", cells.join(" | ")));
        if row < 2 {
            out.push_str("---+---+---\n");
        }
    }
    out
}

const HELP: &str = "\
Type a square 1-9 (numbered row by row from the top left), or a command:
  undo        take back your last move (and the computer's reply)
  hint        ask the engine for the best move
  level N     computer strength 1 (beginner) to 10 (perfect play)
  save FILE   write the moves so far to FILE
  help        this text
  quit        leave";

/// What the human typed.
enum Input {
    Square(u8),
    Undo,
    Hint,
    Level(qi_search::Level),
    Save(String),
    Quit,
}

/// Reads the human's square or command, re-asking on bad input; `None` when input ends.
fn read_input(input: &mut impl BufRead, board: &Board) -> Option<Input> {
    loop {
        let line = ask(
            input,
            &format!("Your move ({}), square 1-9 or 'help': ", board.to_move()),
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
                    "'{line}' is not a number or a command: type a square from 1 to 9, or 'help'."
                ),
                Ok(n) if !(1..=9).contains(&n) => {
                    println!("{n} is out of range: squares are 1 to 9.")
                }
                Ok(n) if board.get(n as u8 - 1).is_some() => {
                    println!("square {n} is taken: choose an empty one.")
                }
                Ok(n) => return Some(Input::Square(n as u8 - 1)),
            },
        }
    }
}

/// The board after `moves` from the empty board.
fn replay(moves: &[u8]) -> Board {
    let mut board = Board::empty();
    for &sq in moves {
        board.place(sq);
    }
    board
}

/// `qi play tictactoe`: human against the engine, as many games as wanted.
pub fn play(args: PlayOptions) -> Result<()> {
    let colour = colours();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut game_number = 0u64;
    loop {
        let human = match args.first {
            First::Human => Mark::X,
            First::Computer => Mark::O,
        };
        println!(
            "\nQi tic-tac-toe: you are {human}, the computer is {}.",
            human.other()
        );
        let mut level = args.level;
        let mut moves: Vec<u8> = Vec::new();
        let mut board = Board::empty();
        let options = EngineOptions {
            depth: args.depth,
            movetime: None,
            seed: args.seed.map(|s| s.wrapping_add(game_number)),
            book: !args.no_book,
        };
        while !board.is_over() {
            if board.to_move() != human {
                let choice = engine_move_at_level(board, &options, level, |_| {})
                    .expect("an unfinished game has a move");
                println!("The computer plays {}.", choice.square + 1);
                board.place(choice.square);
                moves.push(choice.square);
                continue;
            }
            println!("\n{}", draw(&board, colour));
            match read_input(&mut input, &board) {
                None | Some(Input::Quit) => {
                    println!("\nbye");
                    return Ok(());
                }
                Some(Input::Square(sq)) => {
                    board.place(sq);
                    moves.push(sq);
                }
                Some(Input::Undo) => {
                    // Back to the human's previous turn: their move and the reply after it.
                    let mut earlier = moves.clone();
                    while earlier.pop().is_some() {
                        if replay(&earlier).to_move() == human {
                            break;
                        }
                    }
                    if earlier.len() == moves.len() || replay(&earlier).to_move() != human {
                        println!("Nothing to undo.");
                    } else {
                        println!("Took back {} moves.", moves.len() - earlier.len());
                        moves = earlier;
                        board = replay(&moves);
                    }
                }
                Some(Input::Hint) => {
                    let perfect = EngineOptions {
                        depth: None,
                        ..options.clone()
                    };
                    if let Some(choice) =
                        engine_move_at_level(board, &perfect, qi_search::Level::MAX, |_| {})
                    {
                        let verdict = match choice.search.score.signum() {
                            1 => "it wins",
                            -1 => "it still loses against perfect play",
                            _ => "it draws with best play",
                        };
                        println!("Hint: square {} ({verdict}).", choice.square + 1);
                    }
                }
                Some(Input::Level(l)) => {
                    level = l;
                    println!("The computer now plays at level {l}.");
                }
                Some(Input::Save(path)) => {
                    let squares: Vec<String> = moves.iter().map(|s| (s + 1).to_string()).collect();
                    let text = format!(
                        "# qi tic-tac-toe: squares 1-9 row by row, X first\n{}\n{board}\n",
                        squares.join(" ")
                    );
                    match std::fs::write(&path, text) {
                        Ok(()) => println!("Saved the game to {path}."),
                        Err(e) => println!("Cannot write {path}: {e}"),
                    }
                }
            }
        }
        println!("\n{}", draw(&board, colour));
        match board.winner() {
            Some(m) if m == human => println!("{}", paint("You win!", "1;32", colour)),
            Some(_) => println!("{}", paint("The computer wins.", "1;31", colour)),
            None => println!("{}", paint("A draw.", "1", colour)),
        }
        game_number += 1;
        match ask(&mut input, "Play again? [y/N] ") {
            Some(a) if a.eq_ignore_ascii_case("y") || a.eq_ignore_ascii_case("yes") => continue,
            _ => return Ok(()),
        }
    }
}
