//! `qi play tictactoe`: the console game.

use crate::terminal::{ask, colours, paint};
use anyhow::Result;
use clap::{Args, ValueEnum};
use qi_tictactoe::{engine_move_at_level, Board, EngineOptions, Mark};
use std::io::BufRead;

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You play X and move first.
    Human,
    /// The computer plays X and moves first.
    Computer,
}

/// Arguments of `qi play tictactoe`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    first: First,
    /// Turn off the opening preference (centre, corners, edges) and choose among equal moves at random.
    #[arg(long)]
    no_book: bool,
    /// Search depth of the computer (default: perfect play).
    #[arg(long)]
    depth: Option<u32>,
    /// Seed for the computer's choices.
    #[arg(long)]
    seed: Option<u64>,
    /// Computer strength, 1 (beginner) to 10 (perfect play).
    #[arg(long, default_value = "10")]
    level: qi_search::Level,
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

/// Reads the human's square, re-asking on bad input; `None` when input ends.
fn read_square(input: &mut impl BufRead, board: &Board) -> Option<u8> {
    loop {
        let line = ask(
            input,
            &format!("Your move ({}), square 1-9: ", board.to_move()),
        )?;
        match line.parse::<i64>() {
            Err(_) => println!("'{line}' is not a number: type a square from 1 to 9."),
            Ok(n) if !(1..=9).contains(&n) => println!("{n} is out of range: squares are 1 to 9."),
            Ok(n) if board.get(n as u8 - 1).is_some() => {
                println!("square {n} is taken: choose an empty one.")
            }
            Ok(n) => return Some(n as u8 - 1),
        }
    }
}

/// `qi play tictactoe`: human against the engine, as many games as wanted.
pub fn play(args: PlayArgs) -> Result<()> {
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
        let mut board = Board::empty();
        while !board.is_over() {
            println!("\n{}", draw(&board, colour));
            if board.to_move() == human {
                let Some(sq) = read_square(&mut input, &board) else {
                    println!("\nbye");
                    return Ok(());
                };
                board.place(sq);
            } else {
                let options = EngineOptions {
                    depth: args.depth,
                    movetime: None,
                    seed: args.seed.map(|s| s.wrapping_add(game_number)),
                    book: !args.no_book,
                };
                let choice = engine_move_at_level(board, &options, args.level, |_| {})
                    .expect("an unfinished game has a move");
                println!("The computer plays {}.", choice.square + 1);
                board.place(choice.square);
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
