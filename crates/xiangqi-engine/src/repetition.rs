//! Repetitions under the Asian rules, judged in the search exactly as the referee
//! ([`qi_xiangqi::Game`]) judges them in a game:
//! * a side that gives check with every one of its moves in the cycle (perpetual check)
//!   loses; both sides checking perpetually is a draw;
//! * when neither side checks perpetually, a side whose every move in the cycle chases one
//!   and the same enemy piece ([`Position::chased_by`], pieces followed by identity) loses;
//!   both sides chasing is a draw;
//! * any other repetition is a draw.
//!
//! Finding a repetition is a cheap scan of Zobrist keys; only when one is found are the
//! cycle's moves replayed to look for chases, so the search pays for the chase rules only
//! in the rare nodes that repeat.

use qi_xiangqi::{Move, Position, Square};

/// One position of a game or search path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistEntry {
    /// Zobrist key of the position (placement and side to move).
    pub key: u64,
    /// Whether the side to move there is in check, i.e. the move into it gave check.
    pub in_check: bool,
    /// The move played from this position to reach the next entry; [`Move::NULL`] when
    /// unknown (the cycle then cannot be replayed and chases count as absent).
    pub played: Move,
}

impl HistEntry {
    /// The entry for `pos` with `played` the move made from it.
    pub fn new(pos: &Position, played: Move) -> HistEntry {
        HistEntry {
            key: pos.key(),
            in_check: pos.in_check(),
            played,
        }
    }
}

/// The verdict on a repeated position, from the view of the side to move in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// Neither side (or both) forced the repetition by checking or chasing: a draw.
    Draw,
    /// The opponent checked or chased perpetually and loses.
    Win,
    /// The side to move checked or chased perpetually and loses.
    Loss,
}

/// Index in `path` of the earlier occurrence of the last entry's position that starts the
/// cycle, or `None` when it has not repeated `earlier` times within `reversible` plies.
fn cycle_start(path: &[HistEntry], reversible: usize, earlier: usize) -> Option<usize> {
    let n = path.len().checked_sub(1)?;
    let key = path[n].key;
    let limit = reversible.min(n);
    let mut found = 0;
    let mut back = 4;
    while back <= limit {
        if path[n - back].key == key {
            found += 1;
            if found >= earlier {
                return Some(n - back);
            }
        }
        back += 2;
    }
    None
}

/// Rules on the last entry of `path`, whose position is `pos`, when it repeats an
/// earlier position.
///
/// `reversible` is how many of the latest plies were reversible (the half-move clock), so
/// the scan never crosses a capture. `earlier` is how many earlier occurrences are needed
/// (1 inside a search, 2 for a threefold repetition in a game). Returns `None` when the
/// position has not repeated often enough.
pub fn ruling(
    pos: &Position,
    path: &[HistEntry],
    reversible: usize,
    earlier: usize,
) -> Option<Ruling> {
    let j = cycle_start(path, reversible, earlier)?;
    let n = path.len() - 1;
    // Positions j+2, j+4, …, n were reached by the opponent's moves; j+1, …, n-1 by ours.
    let them_checking = (j + 2..=n).step_by(2).all(|i| path[i].in_check);
    let us_checking = (j + 1..n).step_by(2).all(|i| path[i].in_check);
    Some(match (them_checking, us_checking) {
        (true, false) => Ruling::Win,
        (false, true) => Ruling::Loss,
        (true, true) => Ruling::Draw,
        (false, false) => match perpetual_chasers(pos, path, j) {
            // `[us, them]`: the side to move at `j` is the side to move now.
            Some([false, true]) => Ruling::Win,
            Some([true, false]) => Ruling::Loss,
            _ => Ruling::Draw,
        },
    })
}

/// Which sides chased one and the same enemy piece with every move of the cycle that
/// starts at `path[j]` and ends at the last entry (position `pos`): `[side to move at j,
/// the other side]`. `None` when the cycle cannot be replayed (a move is unknown).
fn perpetual_chasers(pos: &Position, path: &[HistEntry], j: usize) -> Option<[bool; 2]> {
    const NO_ID: u8 = u8::MAX;
    let n = path.len() - 1;
    // Walk back to the cycle's first position: its moves are reversible (no captures),
    // so moving each piece back restores the earlier placement, checked by its key.
    let mut p = pos.clone();
    for entry in path[j..n].iter().rev() {
        let mv = entry.played;
        if mv.is_null() || p.piece_at(mv.to()).is_none() || p.piece_at(mv.from()).is_some() {
            return None;
        }
        p.make_move(Move::new(mv.to(), mv.from()));
        if p.key() != entry.key {
            return None;
        }
    }
    // Pieces are followed by identity: the square each stood on at the cycle's start.
    let mut ids = [NO_ID; 90];
    for sq in Square::all() {
        if p.piece_at(sq).is_some() {
            ids[sq.index()] = sq.index() as u8;
        }
    }
    let mut chased = [u128::MAX; 2];
    for (k, entry) in path[j..n].iter().enumerate() {
        let side = k % 2;
        let mv = entry.played;
        if chased[side] != 0 {
            let victims = p
                .chased_by(mv)
                .iter()
                .fold(0u128, |set, sq| match ids[sq.index()] {
                    NO_ID => set,
                    id => set | 1 << id,
                });
            chased[side] &= victims;
            if chased == [0, 0] {
                return Some([false, false]);
            }
        }
        ids[mv.to().index()] = ids[mv.from().index()];
        ids[mv.from().index()] = NO_ID;
        p.make_move(mv);
    }
    Some([chased[0] != 0, chased[1] != 0])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(keys: &[(u64, bool)]) -> Vec<HistEntry> {
        keys.iter()
            .map(|&(key, in_check)| HistEntry {
                key,
                in_check,
                played: Move::NULL,
            })
            .collect()
    }

    /// The path of `moves` (ICCS) played from `fen`, and the final position.
    fn replay(fen: &str, moves: &str) -> (Position, Vec<HistEntry>) {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut path = Vec::new();
        for text in moves.split_whitespace() {
            let mv = pos.parse_move(text).unwrap();
            path.push(HistEntry::new(&pos, mv));
            pos.make_move(mv);
        }
        path.push(HistEntry::new(&pos, Move::NULL));
        (pos, path)
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // 1 (us to move, in check) → 2 → 3 (in check) → 4 → 1 (in check): the opponent
        // checked on each of its moves, we never did.
        let pos = Position::startpos();
        let p = keys(&[(1, true), (2, false), (3, true), (4, false), (1, true)]);
        assert_eq!(ruling(&pos, &p, 10, 1), Some(Ruling::Win));
        let p = keys(&[(1, false), (2, true), (3, false), (4, true), (1, false)]);
        assert_eq!(ruling(&pos, &p, 10, 1), Some(Ruling::Loss));
        let p = keys(&[(1, true), (2, true), (3, true), (4, true), (1, true)]);
        assert_eq!(ruling(&pos, &p, 10, 1), Some(Ruling::Draw));
    }

    #[test]
    fn idle_repetition_is_a_draw_and_captures_reset_it() {
        let pos = Position::startpos();
        let p = keys(&[(1, false), (2, false), (3, false), (4, false), (1, false)]);
        assert_eq!(ruling(&pos, &p, 10, 1), Some(Ruling::Draw));
        assert_eq!(ruling(&pos, &p, 3, 1), None);
        assert_eq!(ruling(&pos, &p, 10, 2), None);
    }

    #[test]
    fn perpetual_chase_loses_for_the_chaser() {
        // Red's chariot chases Black's unprotected cannon along the ranks. After Red's
        // i8i7 Black is to move and the chaser (Red) loses.
        let fen = "4k4/9/c8/9/9/9/9/9/9/3K4R w - - 0 1";
        let (pos, path) = replay(fen, "i0i7 a7a8 i7i8 a8a7 i8i7");
        assert_eq!(ruling(&pos, &path, 4, 1), Some(Ruling::Win));
        // One ply later Red is to move in a repeated position: Red loses.
        let (pos, path) = replay(fen, "i0i7 a7a8 i7i8 a8a7 i8i7 a7a8");
        assert_eq!(ruling(&pos, &path, 4, 1), Some(Ruling::Loss));
        // Black chases Red's horse.
        let fen = "3k5/9/2r6/9/9/9/9/N8/9/4K4 b - - 0 1";
        let (pos, path) = replay(fen, "c7a7 a2c1 a7c7 c1a2");
        assert_eq!(ruling(&pos, &path, 4, 1), Some(Ruling::Loss));
    }

    #[test]
    fn protected_or_unknown_chases_are_draws() {
        // The chariot on a9 protects the fleeing cannon: no chase.
        let fen = "r3k4/9/c8/9/9/9/9/9/9/3K4R w - - 0 1";
        let (pos, path) = replay(fen, "i0i7 a7a8 i7i8 a8a7 i8i7");
        assert_eq!(ruling(&pos, &path, 4, 1), Some(Ruling::Draw));
        // Without the moves the cycle cannot be replayed and counts as a draw.
        let fen = "4k4/9/c8/9/9/9/9/9/9/3K4R w - - 0 1";
        let (pos, mut path) = replay(fen, "i0i7 a7a8 i7i8 a8a7 i8i7");
        for e in &mut path {
            e.played = Move::NULL;
        }
        assert_eq!(ruling(&pos, &path, 4, 1), Some(Ruling::Draw));
    }

    #[test]
    fn agrees_with_the_referee_on_a_threefold_chase() {
        use qi_xiangqi::{Game, Reason, Winner};
        let fen = "4k4/9/n8/9/9/9/9/2R6/9/3K5 w - - 0 1";
        let moves = "c2a2 a7c8 a2c2 c8a7 c2a2 a7c8 a2c2 c8a7";
        let mut game = Game::from_fen(fen).unwrap();
        for m in moves.split_whitespace() {
            let mv = game.position().parse_move(m).unwrap();
            game.push(mv).unwrap();
        }
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.reason, Reason::PerpetualChase);
        assert_eq!(outcome.winner, Winner::Black);
        let (pos, path) = replay(fen, moves);
        // Red to move, Red chased: Red loses, with one or two earlier occurrences.
        assert_eq!(ruling(&pos, &path, 8, 2), Some(Ruling::Loss));
        assert_eq!(ruling(&pos, &path, 8, 1), Some(Ruling::Loss));
    }
}
