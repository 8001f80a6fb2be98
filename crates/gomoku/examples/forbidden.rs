//! Prints Black's forbidden points (renju) for positions read from stdin, one per line as
//! space-separated 0-based `x,y` moves (Black first): `x,y:kind …` or `-`.
//! Used by `scripts/renju_oracle_check.py`.

use qi_gomoku::board::xy;
use qi_gomoku::{forbidden_points, parse_moves, Board, Rule};
use std::io::BufRead;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let moves = match parse_moves(&line) {
            Ok(m) => m,
            Err(e) => {
                println!("ERROR {e}");
                continue;
            }
        };
        let mut board = Board::new(15, Rule::Renju).expect("15x15");
        let mut ok = true;
        for (x, y) in moves {
            match board.check_move(x, y) {
                Ok(p) => board.play(p),
                Err(e) => {
                    println!("ERROR {e}");
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        let points: Vec<String> = forbidden_points(&board)
            .into_iter()
            .map(|(p, f)| {
                let (x, y) = xy(p);
                format!("{x},{y}:{}", f.code())
            })
            .collect();
        if points.is_empty() {
            println!("-");
        } else {
            println!("{}", points.join(" "));
        }
    }
}
