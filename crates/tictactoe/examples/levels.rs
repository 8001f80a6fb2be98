//! Plays each level against perfect play, as X and as O, and prints the results: a check
//! that the level scale is monotone and that low levels really are beatable.
//!
//! `cargo run --release -p qi-tictactoe --example levels`

use qi_search::Level;
use qi_tictactoe::{engine_move_at_level, Board, EngineOptions, Mark};

fn main() {
    let games = 200u64;
    println!("level  losses as X  losses as O  (of {games} games each, against perfect play)");
    for n in 1..=10u8 {
        let level = Level::new(n).expect("1..=10");
        let mut losses = [0u32; 2];
        for (side, weak) in [Mark::X, Mark::O].into_iter().enumerate() {
            for seed in 0..games {
                let mut board = Board::empty();
                while !board.is_over() {
                    let l = if board.to_move() == weak {
                        level
                    } else {
                        Level::MAX
                    };
                    let options = EngineOptions {
                        seed: Some(seed * 31 + side as u64),
                        ..EngineOptions::default()
                    };
                    let sq = engine_move_at_level(board, &options, l, |_| {})
                        .expect("a move")
                        .square;
                    board.place(sq);
                }
                losses[side] += u32::from(board.winner() == Some(weak.other()));
            }
        }
        println!("{n:>5}  {:>11}  {:>11}", losses[0], losses[1]);
    }
}
