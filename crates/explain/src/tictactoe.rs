//! `qi explain tictactoe`: names, squares 1–9 and the open-lines evaluation.

use super::{Choices, Describer, Settings, Terms, Top};
use anyhow::{bail, Context, Result};
use qi_search::{Game, Player, Score};
use qi_tictactoe::board::LINES;
use qi_tictactoe::{Board, Mark, Square, TicTacToe};

/// The weight of a line a side can still complete, by its own marks on it (0, 1 or 2).
const LINE_WEIGHTS: [Score; 3] = [1, 3, 9];

/// Tic-tac-toe for the explanation.
pub struct TicTacToeDescriber;

fn mark(player: Player) -> Mark {
    match player {
        Player::First => Mark::X,
        Player::Second => Mark::O,
    }
}

/// `mark`'s open lines (no enemy mark on them) counted by own marks 0, 1, 2.
fn open_lines(board: &Board, mark: Mark) -> [Score; 3] {
    let (mine, theirs) = match mark {
        Mark::X => (board.x_mask(), board.o_mask()),
        Mark::O => (board.o_mask(), board.x_mask()),
    };
    let mut counts = [0; 3];
    for &line in &LINES {
        let own = (mine & line).count_ones() as usize;
        if theirs & line == 0 && own < 3 {
            counts[own] += 1;
        }
    }
    counts
}

impl Describer<TicTacToe> for TicTacToeDescriber {
    fn game_name(&self) -> &'static str {
        "tic-tac-toe"
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }

    fn position(&self, game: &TicTacToe) -> String {
        game.board.to_string()
    }

    fn move_text(&self, _game: &TicTacToe, mv: Square) -> String {
        (mv + 1).to_string()
    }

    fn evaluation(&self) -> String {
        "each side's open lines (the 8 rows, columns and diagonals with no enemy mark) weighted 1, 3, 9 for 0, 1, 2 own marks, the mover's sum minus the other's (an empty line counts for both and cancels). Written 'X 2·1 + 1·3 = 5': two open lines with no X yet, one with one X.".into()
    }

    fn terms(&self, game: &TicTacToe, view: Player) -> Terms {
        let sum = |counts: [Score; 3]| -> Score {
            counts.iter().zip(LINE_WEIGHTS).map(|(c, w)| c * w).sum()
        };
        let side = |player: Player| -> (String, Score) {
            let counts = open_lines(&game.board, mark(player));
            let parts: Vec<String> = counts
                .iter()
                .zip(LINE_WEIGHTS)
                .filter(|(&c, _)| c > 0)
                .map(|(c, w)| format!("{c}·{w}"))
                .collect();
            let total = sum(counts);
            let parts = if parts.is_empty() {
                "none".to_string()
            } else {
                parts.join(" + ")
            };
            (format!("{} {parts} = {total}", mark(player)), total)
        };
        let (mine, a) = side(view);
        let (theirs, b) = side(view.other());
        Terms {
            text: format!("{mine} − {theirs} → {:+}", a - b),
            total: Some(a - b),
        }
    }

    fn game_over(&self, game: &TicTacToe) -> String {
        match game.board.winner() {
            Some(m) => format!("{m} has three in a row"),
            None => "the board is full: a draw".into(),
        }
    }
}

/// `qi explain tictactoe`: the explanation of the search of `board` (e.g. `xo./.x./..o`).
pub fn explain_board(board: &str, choices: &Choices) -> Result<String> {
    let board: Board = board
        .parse()
        .with_context(|| format!("bad board '{board}'"))?;
    if board.is_over() {
        bail!("the game on board '{board}' is already over");
    }
    let game = TicTacToe::new(board);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let remaining = moves.len() as u32;
    // Small enough to the end when at most five squares are left, else two plies.
    let depth = if remaining <= 5 { remaining } else { 2 };
    let settings = Settings::from_choices(choices, depth, Top::All)?;
    super::explain(&game, &TicTacToeDescriber, &settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position reachable from `board`, visited once per path.
    fn each_position(board: Board, f: &mut impl FnMut(Board)) {
        f(board);
        if board.is_over() {
            return;
        }
        for sq in 0..9 {
            if board.get(sq).is_none() {
                let mut next = board;
                next.place(sq);
                each_position(next, f);
            }
        }
    }

    #[test]
    fn the_terms_add_up_to_the_evaluation_in_every_position() {
        let mut checked = 0;
        each_position(Board::empty(), &mut |board| {
            if board.is_over() {
                return;
            }
            let game = TicTacToe::new(board);
            let mover = game.side_to_move();
            let eval = game.evaluate();
            assert_eq!(TicTacToeDescriber.terms(&game, mover).total, Some(eval));
            assert_eq!(
                TicTacToeDescriber.terms(&game, mover.other()).total,
                Some(-eval)
            );
            checked += 1;
        });
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn terms_read_as_open_lines() {
        // X in the centre: X has 4 lines with one X and 4 empty; O's open lines are the
        // 4 without the centre.
        let game = TicTacToe::new(".../.x./...".parse().unwrap());
        let t = TicTacToeDescriber.terms(&game, Player::First);
        assert_eq!(t.text, "X 4·1 + 4·3 = 16 − O 4·1 = 4 → +12");
    }
}
