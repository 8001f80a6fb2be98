//! The game abstraction the search library works on, in the textbook's terms.
//!
//! | textbook       | here                                              |
//! |----------------|---------------------------------------------------|
//! | S0             | any value of the implementing type (games provide their own constructors) |
//! | PLAYER(s)      | [`Game::side_to_move`]                            |
//! | ACTIONS(s)     | [`Game::legal_moves`]                             |
//! | RESULT(s, a)   | [`Game::play`] (in place) / [`Game::result`] (copy) |
//! | TERMINAL-TEST  | [`Game::outcome`] is `Some`                       |
//! | UTILITY(s, p)  | the [`Outcome`] returned by [`Game::outcome`]     |
//! | EVAL(s)        | [`Game::evaluate`] (depth-limited search)         |

use crate::score::Score;
use std::fmt::Debug;

/// One of the two players; `First` moves first from the usual start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first (X, Black in gomoku, Red in Xiangqi).
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The opponent.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// The utility of a terminal state, from the view of the side to move in that state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost (usually: the opponent's last move ended the game).
    Loss,
    /// Nobody wins.
    Draw,
    /// A numeric utility (games with graded payoffs, synthetic test trees).
    Utility(Score),
}

/// A two-player, zero-sum, perfect-information game.
///
/// The search calls `play`/`undo` in strict stack order, so implementations may keep
/// undo information internally. Moves must be cheap `Copy` values.
pub trait Game: Clone {
    /// A move (action). Compared with `==` for killer moves and hash-move lookup.
    type Move: Copy + Eq + Debug;

    /// Number of distinct [`Game::move_code`] values, or 0 when the game gives none.
    /// With codes the search can use history ordering and the transposition table's hash move.
    const MOVE_CODES: usize = 0;

    /// PLAYER(s): whose turn it is.
    fn side_to_move(&self) -> Player;

    /// ACTIONS(s): appends every legal move to `moves` (which the caller has cleared).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// RESULT(s, a), in place.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// TERMINAL-TEST and UTILITY: `Some` when the game is over, from the side to move's view.
    ///
    /// A game may leave "no legal move" to the search (it calls [`Game::outcome_without_moves`])
    /// when detecting it here would mean generating moves twice.
    fn outcome(&self) -> Option<Outcome>;

    /// The result when `outcome` is `None` but the side to move has no legal move
    /// (stalemate). Draw unless the game says otherwise (in Xiangqi it loses).
    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Draw
    }

    /// Heuristic value of a non-terminal state for the side to move (EVAL).
    /// Must stay strictly inside `±score::MAX_HEURISTIC`.
    fn evaluate(&self) -> Score;

    /// A hash key of the state (side to move included) for the transposition table;
    /// `None` disables the table for this game.
    fn hash(&self) -> Option<u64> {
        None
    }

    /// A code in `0..MOVE_CODES` identifying `mv` among this state's legal moves.
    fn move_code(&self, _mv: Self::Move) -> u16 {
        0
    }

    /// A static ordering hint: moves with higher hints are searched first.
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// RESULT(s, a) as a new state, for callers that prefer values to mutation.
    fn result(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }
}
