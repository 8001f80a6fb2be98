//! Prints playouts rich in chases, checks and repetitions, for cross-checking
//! the repetition rulings (scripts/xiangqi_oracle_games.py).
//!
//! `chase_playouts GAMES SEED MAXPLIES` reads start FENs on stdin (one per
//! line) and prints `FEN | m1 m2 ...` (ICCS) per game. After a few random
//! opening plies each side prefers, in turn: a move that chases the enemy
//! piece that just moved, any chasing move, a checking move (sometimes),
//! the reverse of its own previous move, a random move. A game stops when
//! [`Game::outcome`] ends it or after MAXPLIES plies.

use qi_xiangqi::{Game, Move, Position};
use std::io::BufRead;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn pick(rng: &mut Rng, v: &[Move]) -> Option<Move> {
    (!v.is_empty()).then(|| v[rng.below(v.len())])
}

fn choose(pos: &Position, moves: &[Move], history: &[Move], rng: &mut Rng) -> Move {
    let last = history.last().copied();
    let own_last = history.len().checked_sub(2).map(|i| history[i]);
    let chases: Vec<(Move, Vec<qi_xiangqi::Square>)> = moves
        .iter()
        .map(|&m| (m, pos.chased_by(m)))
        .filter(|(_, c)| !c.is_empty())
        .collect();
    if let Some(l) = last {
        let follow: Vec<Move> = chases
            .iter()
            .filter(|(_, c)| c.contains(&l.to()))
            .map(|(m, _)| *m)
            .collect();
        if rng.chance(85) {
            if let Some(m) = pick(rng, &follow) {
                return m;
            }
        }
    }
    if rng.chance(50) {
        let any: Vec<Move> = chases.iter().map(|(m, _)| *m).collect();
        if let Some(m) = pick(rng, &any) {
            return m;
        }
    }
    if rng.chance(15) {
        let checks: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.gives_check(m))
            .collect();
        if let Some(m) = pick(rng, &checks) {
            return m;
        }
    }
    if let Some(o) = own_last {
        let back = Move::new(o.to(), o.from());
        if rng.chance(70) && moves.contains(&back) {
            return back;
        }
    }
    moves[rng.below(moves.len())]
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let games = *args.first().unwrap_or(&10);
    // Wrapping: any seed above 1 overflows the product, which panics in the test profile
    // (overflow checks on) that scripts/oracles.sh uses.
    let seed = args.get(1).copied().unwrap_or(1).max(1);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let max_plies = *args.get(2).unwrap_or(&200) as usize;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let fen = line.trim();
        let Ok(start) = Position::from_fen(fen) else {
            continue;
        };
        for _ in 0..games {
            let mut game = Game::new(start.clone());
            let opening = rng.below(30);
            while game.moves().len() < max_plies && game.outcome().is_none() {
                let pos = game.position().clone();
                let moves = pos.legal_moves();
                let mv = if game.moves().len() < opening {
                    moves[rng.below(moves.len())]
                } else {
                    choose(&pos, &moves, game.moves(), &mut rng)
                };
                if game.push(mv).is_err() {
                    break;
                }
            }
            let text: Vec<String> = game.moves().iter().map(|m| m.to_iccs()).collect();
            println!("{fen} | {}", text.join(" "));
        }
    }
}
