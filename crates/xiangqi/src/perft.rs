//! Perft: counting leaf nodes of the legal move tree, the standard check
//! that move generation is exact. The last ply is bulk-counted with the same
//! legal generator the search uses.

use crate::movegen::MoveList;
use crate::position::Position;
use crate::types::Move;

/// Number of leaf nodes `depth` plies below `pos` (1 at depth 0).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut list = MoveList::new();
            pos.generate_legal(&mut list);
            let mut n = 0;
            for &mv in list.iter() {
                let undo = pos.make_move(mv);
                n += perft(pos, depth - 1);
                pos.unmake_move(mv, undo);
            }
            n
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it
/// (`depth - 1` plies after the move). Empty for `depth == 0`.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let list = pos.legal_moves();
    list.iter()
        .map(|&mv| {
            let undo = pos.make_move(mv);
            let n = perft(pos, depth - 1);
            pos.unmake_move(mv, undo);
            (mv, n)
        })
        .collect()
}
