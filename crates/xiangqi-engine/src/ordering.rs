//! Move ordering: hash move, captures by MVV-LVA, killers, then history.

use crate::eval::piece_value;
use crate::params::{
    CAPTURE_SCORE, HASH_MOVE_SCORE, KILLER_SCORES, MVV_LVA_ATTACKER_DIVISOR, MVV_LVA_VICTIM_WEIGHT,
};
use qi_xiangqi::{Move, Position};

/// Most valuable victim, least valuable attacker: cheap and good enough without SEE.
#[inline]
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.captured_piece(mv).map_or(0, |p| piece_value(p.kind()));
    let attacker = pos.moved_piece(mv).map_or(0, |p| piece_value(p.kind()));
    victim * MVV_LVA_VICTIM_WEIGHT - attacker / MVV_LVA_ATTACKER_DIVISOR
}

/// Scores every move of `moves` into `scores` for [`pick`].
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    scores: &mut [i32],
    hash: Move,
    killers: &[Move; 2],
    history: &[[i32; 90]; 14],
) {
    for (i, &mv) in moves.iter().enumerate() {
        scores[i] = if mv == hash {
            HASH_MOVE_SCORE
        } else if pos.captured_piece(mv).is_some() {
            CAPTURE_SCORE + mvv_lva(pos, mv)
        } else if mv == killers[0] {
            KILLER_SCORES[0]
        } else if mv == killers[1] {
            KILLER_SCORES[1]
        } else {
            pos.moved_piece(mv)
                .map_or(0, |p| history[p.index()][mv.to().index()])
        };
    }
}

/// Moves the best-scored move among `moves[i..]` to position `i` (selection sort step:
/// most nodes cut off after one or two moves, so sorting everything would be wasted).
#[inline]
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

/// Whether `mv` captures something.
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    pos.captured_piece(mv).is_some()
}
