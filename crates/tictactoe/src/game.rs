//! Tic-tac-toe as a [`qi_search::Game`].

use crate::board::{Board, Mark, Square, LINES};
use qi_search::{Game, Outcome, Player, Score};

/// A position plus how the search should see it: with `symmetry`, the hash key is the same
/// for all eight symmetric images, so the transposition table stores each position once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe {
    /// The position.
    pub board: Board,
    /// Share table entries between symmetric positions.
    pub symmetry: bool,
}

impl TicTacToe {
    /// The game at `board`, without symmetry reduction.
    pub fn new(board: Board) -> Self {
        TicTacToe {
            board,
            symmetry: false,
        }
    }

    /// The same game with symmetry reduction on or off.
    pub fn with_symmetry(mut self, symmetry: bool) -> Self {
        self.symmetry = symmetry;
        self
    }

    fn masks(&self) -> (u16, u16) {
        let (x, o) = (self.board.x_mask(), self.board.o_mask());
        match self.board.to_move() {
            Mark::X => (x, o),
            Mark::O => (o, x),
        }
    }
}

/// Whether placing on `sq` completes a line for the player owning `mine`.
fn completes_line(mine: u16, sq: Square) -> bool {
    let with = mine | 1 << sq;
    LINES.iter().any(|&l| l & (1 << sq) != 0 && with & l == l)
}

impl Game for TicTacToe {
    type Move = Square;
    const MOVE_CODES: usize = 9;

    fn side_to_move(&self) -> Player {
        match self.board.to_move() {
            Mark::X => Player::First,
            Mark::O => Player::Second,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Square>) {
        let mut empty = self.board.empty_mask();
        while empty != 0 {
            moves.push(empty.trailing_zeros() as Square);
            empty &= empty - 1;
        }
    }

    #[inline]
    fn play(&mut self, sq: Square) {
        self.board.place(sq);
    }

    #[inline]
    fn undo(&mut self, sq: Square) {
        self.board.remove(sq);
    }

    fn outcome(&self) -> Option<Outcome> {
        // Only the player who just moved can have a line.
        if self.board.has_line(self.board.to_move().other()) {
            Some(Outcome::Loss)
        } else if self.board.empty_mask() == 0 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Lines still open to each side, weighted by how full they are.
    fn evaluate(&self) -> Score {
        let (mine, theirs) = self.masks();
        let mut score = 0;
        for &line in &LINES {
            let (m, t) = ((mine & line).count_ones(), (theirs & line).count_ones());
            if t == 0 {
                score += [1, 3, 9, 0][m as usize];
            }
            if m == 0 {
                score -= [1, 3, 9, 0][t as usize];
            }
        }
        score
    }

    fn hash(&self) -> Option<u64> {
        Some(if self.symmetry {
            self.board.canonical_key() as u64
        } else {
            self.board.key() as u64
        })
    }

    fn move_code(&self, sq: Square) -> u16 {
        sq as u16
    }

    /// Win now, else block, else centre, corners, edges.
    fn order_hint(&self, sq: Square) -> i32 {
        let (mine, theirs) = self.masks();
        if completes_line(mine, sq) {
            100
        } else if completes_line(theirs, sq) {
            50
        } else {
            square_preference(sq)
        }
    }
}

/// The seeds' preference: centre (3), then corners (2), then edges (1).
pub fn square_preference(sq: Square) -> i32 {
    match sq {
        4 => 3,
        0 | 2 | 6 | 8 => 2,
        _ => 1,
    }
}
