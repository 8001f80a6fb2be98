//! [`qi_search::Game`] for Xiangqi, so the generic tools of `qi-search` (and anything built
//! on them) can search Xiangqi too. The specialised [`crate::search`] is faster; with its
//! value-changing techniques off it returns the same fixed-depth values as `qi-search` on
//! this game, which `tests/agrees_with_qi_search.rs` checks.

use crate::eval::evaluate;
use qi_search::{Game, Outcome, Player, Score};
use qi_xiangqi::{Color, Move, Position, Undo};

/// A position plus the undo records of the moves played on it.
#[derive(Clone, Debug, Default)]
pub struct XiangqiGame {
    /// The current position.
    pub position: Position,
    undos: Vec<Undo>,
}

impl XiangqiGame {
    /// A game starting from `position`.
    pub fn new(position: Position) -> XiangqiGame {
        XiangqiGame {
            position,
            undos: Vec::new(),
        }
    }
}

impl Game for XiangqiGame {
    type Move = Move;
    const MOVE_CODES: usize = 90 * 90;

    fn side_to_move(&self) -> Player {
        match self.position.side_to_move() {
            Color::Red => Player::First,
            Color::Black => Player::Second,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.extend(self.position.legal_moves().iter().copied());
    }

    fn play(&mut self, mv: Move) {
        let undo = self.position.make_move(mv);
        self.undos.push(undo);
    }

    fn undo(&mut self, mv: Move) {
        if let Some(u) = self.undos.pop() {
            self.position.unmake_move(mv, u);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        // Checkmate and stalemate are left to the search (`outcome_without_moves`).
        (self.position.halfmove_clock() >= 120).then_some(Outcome::Draw)
    }

    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Loss
    }

    fn evaluate(&self) -> Score {
        evaluate(&self.position)
    }

    fn hash(&self) -> Option<u64> {
        Some(self.position.key())
    }

    fn move_code(&self, mv: Move) -> u16 {
        (mv.from().index() * 90 + mv.to().index()) as u16
    }

    fn order_hint(&self, mv: Move) -> i32 {
        crate::ordering::mvv_lva(&self.position, mv)
            * i32::from(self.position.captured_piece(mv).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::{search, Limits, SearchConfig};

    #[test]
    fn generic_search_finds_a_move() {
        let g = XiangqiGame::new(Position::startpos());
        let r = search(&g, SearchConfig::default(), &Limits::depth(2));
        let best = r.best_move.expect("a move");
        assert!(g.position.is_legal(best));
    }
}
