//! Mobility: how many points a piece can reach by its own movement rule, for evaluations.

use crate::position::Position;
use crate::tables::{
    file_of, idx_of, rank_of, step, DIAG, EMPTY, ENEMY, HORSE, ORTHO, OWN_HALF, PALACE, TARGET,
};
use crate::types::Square;

impl Position {
    /// The number of points the piece on `sq` can move to by its movement rule — empty
    /// points and enemy pieces it could capture — without asking whether the move would
    /// leave its own general in check (0 for an empty point). A horse is blocked at its
    /// leg, an elephant at its eye, a cannon captures over exactly one screen.
    pub fn mobility(&self, sq: Square) -> u32 {
        let f = sq.idx();
        let p = self.board[f as usize];
        let us = (p >> 3) as usize & 1;
        let reachable = |t: u8| u32::from(TARGET[us][self.board[t as usize] as usize]);
        match p & 7 {
            // The general steps straight, the advisor diagonally, both inside the palace.
            kind @ (1 | 2) => {
                let steps = if kind == 1 { &ORTHO } else { &DIAG };
                steps
                    .iter()
                    .map(|&d| step(f, d))
                    .filter(|&t| PALACE[us][t as usize])
                    .map(reachable)
                    .sum()
            }
            3 => DIAG
                .iter()
                .filter(|&&d| self.board[step(f, d) as usize] == EMPTY)
                .map(|&d| step(step(f, d), d))
                .filter(|&t| OWN_HALF[us][t as usize])
                .map(reachable)
                .sum(),
            4 => HORSE
                .iter()
                .filter(|&&(leg, _)| self.board[step(f, leg) as usize] == EMPTY)
                .map(|&(_, d)| reachable(step(f, d)))
                .sum(),
            5 => self.line_mobility::<false>(f, us),
            6 => self.line_mobility::<true>(f, us),
            7 => {
                let forward: i8 = if us == 0 { 16 } else { -16 };
                let mut n = reachable(step(f, forward));
                if !OWN_HALF[us][f as usize] {
                    n += reachable(step(f, 1)) + reachable(step(f, -1));
                }
                n
            }
            _ => 0,
        }
    }

    /// Mobility of a chariot (or, with `CANNON`, a cannon) on padded index `f`, read from
    /// the rank and file occupancy masks.
    #[inline]
    fn line_mobility<const CANNON: bool>(&self, f: u8, us: usize) -> u32 {
        let (file, rank) = (file_of(f), rank_of(f));
        let enemy = |t: u8| ENEMY[us][self.board[t as usize] as usize];
        let along_rank = Self::line_targets::<false, CANNON>(
            self.rank_occ[rank as usize],
            file as u32,
            9,
            |i| enemy(idx_of(i as u8, rank)),
        );
        let along_file = Self::line_targets::<false, CANNON>(
            self.file_occ[file as usize],
            rank as u32,
            10,
            |i| enemy(idx_of(file, i as u8)),
        );
        along_rank.count_ones() + along_file.count_ones()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, PieceKind, Position, Square};

    /// The movement rules walked square by square on (file, rank) coordinates.
    fn reference(pos: &Position, sq: Square) -> u32 {
        let Some(piece) = pos.piece_at(sq) else {
            return 0;
        };
        let us = piece.color();
        let (f, r) = (sq.file() as i32, sq.rank() as i32);
        let at = |x: i32, y: i32| -> Option<Option<crate::Piece>> {
            let on_board = (0..9).contains(&x) && (0..10).contains(&y);
            on_board.then(|| pos.piece_at(Square::new(x as u8, y as u8).unwrap()))
        };
        let open = |x: i32, y: i32| matches!(at(x, y), Some(None));
        let reachable = |x: i32, y: i32| match at(x, y) {
            Some(None) => true,
            Some(Some(p)) => p.color() != us,
            None => false,
        };
        let in_palace = |x: i32, y: i32| {
            (3..=5).contains(&x)
                && match us {
                    Color::Red => (0..=2).contains(&y),
                    Color::Black => (7..=9).contains(&y),
                }
        };
        let own_half = |y: i32| match us {
            Color::Red => y <= 4,
            Color::Black => y >= 5,
        };
        let mut n = 0;
        match piece.kind() {
            PieceKind::General => {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    n += u32::from(in_palace(f + dx, r + dy) && reachable(f + dx, r + dy));
                }
            }
            PieceKind::Advisor => {
                for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    n += u32::from(in_palace(f + dx, r + dy) && reachable(f + dx, r + dy));
                }
            }
            PieceKind::Elephant => {
                for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (x, y) = (f + 2 * dx, r + 2 * dy);
                    n += u32::from(open(f + dx, r + dy) && own_half(y) && reachable(x, y));
                }
            }
            PieceKind::Horse => {
                for (lx, ly) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if !open(f + lx, r + ly) {
                        continue;
                    }
                    for side in [-1, 1] {
                        let (x, y) = if lx != 0 {
                            (f + 2 * lx, r + side)
                        } else {
                            (f + side, r + 2 * ly)
                        };
                        n += u32::from(reachable(x, y));
                    }
                }
            }
            PieceKind::Chariot | PieceKind::Cannon => {
                let cannon = piece.kind() == PieceKind::Cannon;
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mut x, mut y) = (f + dx, r + dy);
                    let mut screens = 0;
                    while let Some(cell) = at(x, y) {
                        match (cell, screens, cannon) {
                            (None, 0, _) => n += 1,
                            (None, _, _) => {}
                            (Some(p), 0, false) => {
                                n += u32::from(p.color() != us);
                                break;
                            }
                            (Some(_), 0, true) => screens = 1,
                            (Some(p), _, _) => {
                                n += u32::from(p.color() != us);
                                break;
                            }
                        }
                        x += dx;
                        y += dy;
                    }
                }
            }
            PieceKind::Soldier => {
                let forward = if us == Color::Red { 1 } else { -1 };
                n += u32::from(reachable(f, r + forward));
                if !own_half(r) {
                    n += u32::from(reachable(f + 1, r)) + u32::from(reachable(f - 1, r));
                }
            }
        }
        n
    }

    #[test]
    fn mobility_matches_the_movement_rules_on_random_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut squares = 0;
        for _game in 0..60 {
            let mut pos = Position::startpos();
            for _ply in 0..120 {
                for sq in Square::all() {
                    assert_eq!(
                        pos.mobility(sq),
                        reference(&pos, sq),
                        "{} at {sq}",
                        pos.to_fen()
                    );
                    squares += 1;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(squares > 100_000);
    }
}
