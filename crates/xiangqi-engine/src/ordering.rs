//! Move ordering: hash move, captures that do not lose material by MVV-LVA, killers,
//! quiet moves by history, and last the captures that static exchange says lose.

use crate::eval::piece_value;
use crate::params::{
    BAD_CAPTURE_SCORE, CAPTURE_SCORE, HASH_MOVE_SCORE, KILLER_SCORES, MVV_LVA_ATTACKER_DIVISOR,
    MVV_LVA_VICTIM_WEIGHT,
};
use qi_xiangqi::{ExchangeValues, Move, Piece, PieceKind, Position};
use std::sync::OnceLock;

/// The engine's piece values for static exchange evaluation (the same as MVV-LVA's).
pub fn exchange_values() -> &'static ExchangeValues {
    static VALUES: OnceLock<ExchangeValues> = OnceLock::new();
    VALUES.get_or_init(|| ExchangeValues::new(PieceKind::ALL.map(piece_value)))
}

/// The values of the piece `mv` captures (0 for none) and of the piece it moves.
#[inline]
fn victim_and_attacker(pos: &Position, mv: Move) -> (i32, i32) {
    let value = |p: Option<Piece>| p.map_or(0, |p| piece_value(p.kind()));
    (value(pos.captured_piece(mv)), value(pos.moved_piece(mv)))
}

/// Most valuable victim, least valuable attacker, from the two pieces' values.
#[inline]
fn mvv_lva_of(victim: i32, attacker: i32) -> i32 {
    victim * MVV_LVA_VICTIM_WEIGHT - attacker / MVV_LVA_ATTACKER_DIVISOR
}

/// Most valuable victim, least valuable attacker: cheap and good enough without SEE.
#[inline]
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let (victim, attacker) = victim_and_attacker(pos, mv);
    mvv_lva_of(victim, attacker)
}

/// Number of (piece, destination) pairs: the index space of the history tables.
pub const PIECE_SQUARES: usize = 14 * 90;

/// The history index of a move: the piece that moves and where it goes.
#[inline]
pub fn piece_square(piece: Piece, to: qi_xiangqi::Square) -> usize {
    piece.index() * 90 + to.index()
}

/// What the search has learnt about quiet moves, read for ordering and reductions: the
/// butterfly history (piece and destination) and the continuation histories of the moves
/// one and two plies back (how well this move answered that one).
pub struct QuietHistory<'a> {
    /// Piece-destination history.
    pub main: &'a [i32],
    /// Rows of the continuation tables for the previous move and the one before it
    /// (`None` after a null move or at the root).
    pub continuations: [Option<&'a [i16]>; 2],
}

impl QuietHistory<'_> {
    /// The quiet move's combined history score (its index from [`piece_square`]).
    #[inline]
    pub fn score(&self, index: usize) -> i32 {
        let mut s = self.main[index];
        for row in self.continuations.iter().flatten() {
            s += i32::from(row[index]);
        }
        s
    }
}

/// Scores every move of `moves` into `scores` for [`pick`].
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    scores: &mut [i32],
    hash: Move,
    killers: &[Move; 2],
    history: &QuietHistory,
) {
    for (i, &mv) in moves.iter().enumerate() {
        scores[i] = if mv == hash {
            HASH_MOVE_SCORE
        } else if pos.captured_piece(mv).is_some() {
            // Only a capture of a piece worth less than the capturer can lose material:
            // taking one worth as much or more gains at least the difference, whatever
            // follows, so those skip the exchange.
            let (victim, attacker) = victim_and_attacker(pos, mv);
            let losing = victim < attacker && pos.see(mv, exchange_values()) < 0;
            let base = if losing {
                BAD_CAPTURE_SCORE
            } else {
                CAPTURE_SCORE
            };
            base + mvv_lva_of(victim, attacker)
        } else if mv == killers[0] {
            KILLER_SCORES[0]
        } else if mv == killers[1] {
            KILLER_SCORES[1]
        } else {
            pos.moved_piece(mv)
                .map_or(0, |p| history.score(piece_square(p, mv.to())))
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
