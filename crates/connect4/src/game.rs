//! Connect Four as a [`qi_search::Game`].

use crate::board::{mask_has_four, Board, Column, Disc, WIDTH};
use crate::eval;
use qi_search::{Game, Outcome, Player, Score};

/// A position for the search. With `symmetry`, a position and its mirror image share one
/// hash key, so the transposition table stores each pair once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Connect4 {
    /// The position.
    pub board: Board,
    /// Share table entries between mirrored positions.
    pub symmetry: bool,
}

impl Connect4 {
    /// The game at `board`, without symmetry reduction.
    pub fn new(board: Board) -> Self {
        Connect4 {
            board,
            symmetry: false,
        }
    }

    /// The same game with symmetry reduction on or off.
    pub fn with_symmetry(mut self, symmetry: bool) -> Self {
        self.symmetry = symmetry;
        self
    }
}

/// Whether a disc of `disc` on `landing` (a bit, 0 for none) completes a four for it.
fn completes_four(board: &Board, disc: Disc, landing: u64) -> bool {
    landing != 0 && mask_has_four(board.mask_of(disc) | landing)
}

/// The centre-first preference: 3 for the centre column down to 0 at the edges.
pub fn column_preference(col: Column) -> i32 {
    3 - (i32::from(col) - i32::from(WIDTH / 2)).abs()
}

impl Game for Connect4 {
    type Move = Column;
    const MOVE_CODES: usize = WIDTH as usize;

    fn side_to_move(&self) -> Player {
        match self.board.to_move() {
            Disc::Red => Player::First,
            Disc::Yellow => Player::Second,
        }
    }

    /// Open columns, centre first (the order the search tries them in without hints).
    fn legal_moves(&self, moves: &mut Vec<Column>) {
        for col in [3, 2, 4, 1, 5, 0, 6] {
            if self.board.has_room(col) {
                moves.push(col);
            }
        }
    }

    #[inline]
    fn play(&mut self, col: Column) {
        self.board.drop_disc(col);
    }

    #[inline]
    fn undo(&mut self, col: Column) {
        self.board.undo(col);
    }

    fn outcome(&self) -> Option<Outcome> {
        // Only the player who just moved can have made a four.
        if self.board.has_four(self.board.to_move().other()) {
            Some(Outcome::Loss)
        } else if self.board.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Open windows weighted by the discs in them, and centre discs (see [`crate::eval`]).
    fn evaluate(&self) -> Score {
        eval::evaluate(&self.board, self.board.to_move())
    }

    fn hash(&self) -> Option<u64> {
        let key = if self.symmetry {
            self.board.key().min(self.board.mirrored().key())
        } else {
            self.board.key()
        };
        // Multiplying by an odd constant keeps keys unique and spreads them over the table.
        Some(key.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn move_code(&self, col: Column) -> u16 {
        u16::from(col)
    }

    /// Win now, else block the opponent's four, else centre first.
    fn order_hint(&self, col: Column) -> i32 {
        let landing = self.board.landing_bit(col);
        let me = self.board.to_move();
        if completes_four(&self.board, me, landing) {
            100
        } else if completes_four(&self.board, me.other(), landing) {
            50
        } else {
            column_preference(col)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_put_the_win_first_then_the_block_then_the_centre() {
        // Red a1 b1 c1, Yellow a2 b2 c2: Red to move wins in column 4, Yellow would too.
        let board = Board::from_moves(&[0, 0, 1, 1, 2, 2]).unwrap();
        let game = Connect4::new(board);
        assert_eq!(game.order_hint(3), 100);
        assert_eq!(game.order_hint(6), 0);
        assert_eq!(game.order_hint(4), 2);
        let blocking = Connect4::new(Board::from_moves(&[6, 0, 6, 1, 5, 2]).unwrap());
        assert_eq!(blocking.order_hint(3), 50);
    }

    #[test]
    fn the_last_mover_wins_and_a_full_board_is_a_draw() {
        let won = Connect4::new(Board::from_moves(&[0, 1, 0, 1, 0, 1, 0]).unwrap());
        assert_eq!(won.outcome(), Some(Outcome::Loss));
        assert_eq!(Connect4::new(Board::empty()).outcome(), None);
    }

    #[test]
    fn mirrored_positions_share_a_key_only_with_symmetry() {
        let a = Connect4::new(Board::from_moves(&[0]).unwrap());
        let b = Connect4::new(Board::from_moves(&[6]).unwrap());
        assert_ne!(a.hash(), b.hash());
        assert_eq!(a.with_symmetry(true).hash(), b.with_symmetry(true).hash());
    }
}
