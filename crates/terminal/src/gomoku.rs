//! `qi play gomoku`: a game in the terminal against the engine.

use crate::{ask, First};
use anyhow::Result;
use qi_gomoku::score_text::describe as describe_score;
use qi_gomoku::{
    format_point, play_checked, play_text, Board, Color, Engine, EngineOptions, GameEnd,
    MoveResult, Rule,
};
use qi_search::Level;
use std::io::BufRead;
use std::time::Duration;

/// How `qi play gomoku` starts.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Rule: freestyle, standard or renju.
    pub rule: Rule,
    /// Board size, 5 to 22.
    pub size: usize,
    /// Who plays Black (moves first): human or computer.
    pub first: crate::First,
    /// Engine strength 1 (beginner) to 10.
    pub level: Level,
    /// Engine time per move in milliseconds, 1 to 3600000.
    pub movetime: u64,
}

const HELP: &str = "Moves: a letter and a row number (h8) or x,y (7,7).
Commands: undo (take back your last move), hint (the engine's suggestion),
level N (strength 1-10), new (start again), board (show the board),
save FILE (the moves in h8 notation, readable by 'qi move gomoku --moves' and the web page),
help, quit.";

/// `qi play gomoku`: plays until quit or end of input.
pub fn play(args: PlayOptions) -> Result<()> {
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
                engine.set_level(l);
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

/// Describes how a game ended.
pub fn describe_end(end: GameEnd) -> String {
    // The game crate rules and words the end; this only says who won.
    match end.winner() {
        Some(c) => format!("{c} wins: {end}"),
        None => format!("a draw: {end}"),
    }
}

/// The board with coordinates: columns as letters, rows numbered from 1 at the bottom;
/// `X` Black, `O` White, the last move in brackets. Under renju, while Black is to move,
/// Black's forbidden points are marked `×` and a legend line follows.
pub fn render(board: &Board) -> String {
    let n = board.size();
    let last = board.last_move();
    let forbidden: Vec<qi_gomoku::Point> = if board.rule().has_forbidden(qi_gomoku::Color::Black)
        && board.to_move() == qi_gomoku::Color::Black
        && !board.last_move_won()
    {
        qi_gomoku::forbidden_points(board)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    };
    let mut s = String::from("    ");
    for x in 0..n {
        s.push_str(&format!(" {} ", (b'a' + x as u8) as char));
    }
    s.push('\n');
    for y in (0..n).rev() {
        s.push_str(&format!("{:>3} ", y + 1));
        for x in 0..n {
            let p = qi_gomoku::board::point(x, y);
            let c = match board.stone(p) {
                Some(qi_gomoku::Color::Black) => 'X',
                Some(qi_gomoku::Color::White) => 'O',
                None if forbidden.contains(&p) => '×',
                None => '.',
            };
            if Some(p) == last {
                s.push_str(&format!("[{c}]"));
            } else {
                s.push_str(&format!(" {c} "));
            }
        }
        s.push_str(&format!(" {}\n", y + 1));
    }
    if !forbidden.is_empty() {
        let names: Vec<String> = forbidden
            .iter()
            .map(|&p| qi_gomoku::format_point(p))
            .collect();
        s.push_str(&format!(
            "    × forbidden for Black (renju): {}\n",
            names.join(" ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rule: Rule, moves: &str) -> Board {
        let mut b = Board::new(15, rule).unwrap();
        for m in moves.split_whitespace() {
            qi_gomoku::play_text(&mut b, m).unwrap();
        }
        b
    }

    #[test]
    fn renju_marks_blacks_forbidden_points() {
        // Black open twos on row 8 and column h meet at h8: a double three there.
        let moves = "f8 a15 g8 c15 h6 e15 h7 g15";
        let text = render(&board(Rule::Renju, moves));
        let row8 = text.lines().find(|l| l.starts_with("  8 ")).unwrap();
        assert!(row8.contains(" X  X  × "), "{text}");
        assert!(text.contains("× forbidden for Black (renju): h8"), "{text}");
        // Freestyle has no forbidden points; White to move shows none either.
        assert!(!render(&board(Rule::Freestyle, moves)).contains('×'));
        assert!(!render(&board(Rule::Renju, &format!("{moves} a1"))).contains('×'));
    }
}
