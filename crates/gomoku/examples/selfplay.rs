//! Plays two engine configurations against each other from random openings, swapping
//! colours: `cargo run --release -p qi-gomoku --example selfplay -- GAMES MOVETIME_MS A B [RULE]`
//! where A and B are `patterns`, `seed001`, `seed000` (evaluator) or `near` (patterns with
//! the neighbourhood generator and no threat search).

use qi_gomoku::{
    play_checked, Board, Engine, EngineOptions, Evaluator, Generator, MoveResult, Rule,
};
use std::time::Duration;

fn options(name: &str, ms: u64) -> EngineOptions {
    let mut o = EngineOptions::movetime(Duration::from_millis(ms));
    o.tt_megabytes = 16;
    match name {
        "patterns" => {}
        "seed001" => o.settings.evaluator = Evaluator::Seed001,
        "seed000" => o.settings.evaluator = Evaluator::Seed000,
        "near" => {
            o.settings.generator = Generator::Neighbourhood;
            o.settings.vcf_budget = 0;
            o.vcf_budget = 0;
            o.vct_budget = 0;
        }
        other => panic!("unknown configuration {other}"),
    }
    o
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let games: usize = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let ms: u64 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let name_a = a.get(3).cloned().unwrap_or_else(|| "patterns".into());
    let name_b = a.get(4).cloned().unwrap_or_else(|| "seed001".into());
    let rule: Rule = a.get(5).map_or(Rule::Freestyle, |s| s.parse().unwrap());
    let mut seed: u64 = 12345;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut wins_a, mut wins_b, mut draws) = (0, 0, 0);
    let mut opening = Vec::new();
    for g in 0..games {
        if g % 2 == 0 {
            // A new random opening: three stones near the centre, played by both colours.
            opening.clear();
            while opening.len() < 3 {
                let p = (5 + (next() % 5) as i64, 5 + (next() % 5) as i64);
                if !opening.contains(&p) {
                    opening.push(p);
                }
            }
        }
        let a_is_black = g % 2 == 0;
        let mut board = Board::new(15, rule).unwrap();
        for &(x, y) in &opening {
            play_checked(&mut board, x, y).unwrap();
        }
        let mut ea = Engine::new(options(&name_a, ms));
        let mut eb = Engine::new(options(&name_b, ms));
        let result = loop {
            let black_to_move = board.to_move() == qi_gomoku::Color::Black;
            let engine = if black_to_move == a_is_black {
                &mut ea
            } else {
                &mut eb
            };
            let Some(m) = engine.best_move(&board, |_| {}) else {
                break None;
            };
            let (x, y) = qi_gomoku::board::xy(m.point);
            match play_checked(&mut board, x as i64, y as i64).unwrap() {
                MoveResult::Continue => {}
                MoveResult::Five(c) => break Some(c == qi_gomoku::Color::Black),
                MoveResult::Forbidden(f) => {
                    println!("black played a forbidden point ({f})");
                    break Some(false);
                }
                MoveResult::Draw => break None,
                MoveResult::NoPointForBlack => break Some(false),
            }
        };
        match result {
            Some(black_won) if black_won == a_is_black => wins_a += 1,
            Some(_) => wins_b += 1,
            None => draws += 1,
        }
        println!(
            "game {}: {} as {} vs {}: {} ({} stones)",
            g + 1,
            name_a,
            if a_is_black { "black" } else { "white" },
            name_b,
            match result {
                Some(b) if b == a_is_black => name_a.as_str(),
                Some(_) => name_b.as_str(),
                None => "draw",
            },
            board.stones()
        );
    }
    println!("{name_a} {wins_a} - {wins_b} {name_b}, {draws} draws ({rule}, {ms} ms/move)");
}
