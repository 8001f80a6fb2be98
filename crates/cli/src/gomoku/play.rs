//! `qi play gomoku`: a game in the terminal against the engine.

use super::{describe_end, render, PlayArgs};
use crate::terminal::{ask, First};
use anyhow::Result;
use qi_gomoku::score_text::describe as describe_score;
use qi_gomoku::{
    format_point, play_checked, play_text, Board, Color, Engine, EngineOptions, GameEnd, MoveResult,
};
use qi_search::Level;
use std::io::BufRead;
use std::time::Duration;

const HELP: &str = "Moves: a letter and a row number (h8) or x,y (7,7).
Commands: undo (take back your last move), hint (the engine's suggestion),
level N (strength 1-10), new (start again), board (show the board),
save FILE (the moves in h8 notation, readable by 'qi move gomoku --moves' and the web page),
help, quit.";

pub fn run(args: PlayArgs) -> Result<()> {
    let computer = match args.first {
        First::Human => Color::White,
        First::Computer => Color::Black,
    };
    let mut board = Board::new(args.size, args.rule)?;
    let mut engine = Engine::new(EngineOptions {
        movetime: Some(Duration::from_millis(args.movetime.max(10))),
        level: args.level,
        ..EngineOptions::default()
    });
    println!(
        "Gomoku, {} rule, {n}x{n}. You play {}. Type 'help' for commands.",
        args.rule,
        computer.other(),
        n = args.size
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut end: Option<GameEnd> = None;
    let mut show = true;
    loop {
        if show {
            println!("{}", render(&board));
        }
        show = true;
        if let Some(e) = end {
            println!("Game over: {}.", describe_end(e));
            match ask(&mut input, "Another game? (y/n) ") {
                Some(a) if a.eq_ignore_ascii_case("y") || a.eq_ignore_ascii_case("yes") => {
                    board = Board::new(args.size, args.rule)?;
                    engine.clear();
                    end = None;
                    continue;
                }
                _ => return Ok(()),
            }
        }
        if board.to_move() == computer {
            let Some(m) = engine.best_move(&board, |_| {}) else {
                end = Some(GameEnd::Draw);
                continue;
            };
            let (x, y) = qi_gomoku::board::xy(m.point);
            println!(
                "Computer plays {} ({})",
                format_point(m.point),
                describe_score(m.score, board.to_move())
            );
            end = finish(play_checked(&mut board, x as i64, y as i64).ok());
            continue;
        }
        let Some(line) = ask(&mut input, &format!("{} to move> ", board.to_move())) else {
            return Ok(());
        };
        if !handle(
            &line,
            &mut board,
            &mut engine,
            &mut end,
            &mut show,
            &mut input,
        )? {
            return Ok(());
        }
    }
}

fn finish(result: Option<MoveResult>) -> Option<GameEnd> {
    result?.end()
}

/// Handles one line from the player; false to quit.
fn handle(
    line: &str,
    board: &mut Board,
    engine: &mut Engine,
    end: &mut Option<GameEnd>,
    show: &mut bool,
    _input: &mut impl BufRead,
) -> Result<bool> {
    let lower = line.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.as_slice() {
        [] => *show = false,
        ["quit" | "exit" | "q"] => return Ok(false),
        ["help" | "?"] => {
            println!("{HELP}");
            *show = false;
        }
        ["board"] => {}
        ["save", _] => {
            // The path as typed (the command words were lower-cased).
            let path = line.split_whitespace().nth(1).unwrap_or_default();
            let moves: Vec<String> = board.moves().map(format_point).collect();
            let text = format!(
                "# qi gomoku, {} rule, {n}x{n}\n{}\n",
                board.rule(),
                moves.join(" "),
                n = board.size()
            );
            match std::fs::write(path, text) {
                Ok(()) => println!("Saved the moves to {path}."),
                Err(e) => println!("Cannot write {path}: {e}"),
            }
            *show = false;
        }
        ["save"] => {
            println!("Usage: save FILE");
            *show = false;
        }
        ["new"] => {
            *board = Board::new(board.size(), board.rule())?;
            engine.clear();
        }
        ["undo"] => {
            // Back to the player's previous turn: the computer's reply and the player's move.
            // Nothing to take back when no stone of the player's is on the board.
            // Black plays the odd-numbered moves, so the player has a stone down once the
            // board holds one (as Black) or two (as White).
            let me = board.to_move();
            let my_first_move = if me == Color::Black { 1 } else { 2 };
            if board.stones() >= my_first_move {
                let mut taken = 0;
                while board.undo().is_some() {
                    taken += 1;
                    if board.to_move() == me {
                        break;
                    }
                }
                println!(
                    "Took back {taken} move{}.",
                    if taken == 1 { "" } else { "s" }
                );
            } else {
                println!("Nothing to undo.");
                *show = false;
            }
        }
        ["hint"] => {
            match engine.best_move(board, |_| {}) {
                Some(m) => println!(
                    "Hint: {} ({})",
                    format_point(m.point),
                    describe_score(m.score, board.to_move())
                ),
                None => println!("No move left."),
            }
            *show = false;
        }
        ["level", n] => match n.parse::<Level>() {
            Ok(l) => {
                engine.options_mut().level = l;
                println!("Level {l}.");
                *show = false;
            }
            Err(e) => {
                println!("{e}");
                *show = false;
            }
        },
        _ => match play_text(board, &lower) {
            Ok(r) => *end = finish(Some(r)),
            Err(e) => {
                println!("{e}; try again ('help' for commands).");
                *show = false;
            }
        },
    }
    Ok(true)
}
