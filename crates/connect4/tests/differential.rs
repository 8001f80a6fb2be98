//! On random Connect Four positions, alpha-beta and PVS (with and without a table, move
//! ordering and iterative deepening) return the value of plain minimax at the same depth;
//! near the end of the game the solver's exact value is that of minimax to the end.

use proptest::prelude::*;
use qi_connect4::{solve, Board, Connect4};
use qi_search::{search, Algorithm, Game, Limits, SearchConfig};

/// A reachable, unfinished position from a random move sequence of `len` moves at most;
/// a move that would end the game is passed over for the next column that does not.
fn position(len: std::ops::Range<usize>) -> impl Strategy<Value = Board> {
    proptest::collection::vec(0u8..7, len).prop_map(|choices| {
        let mut board = Board::empty();
        for c in choices {
            let moves = board.legal_columns();
            let next = (0..moves.len())
                .map(|k| {
                    let mut next = board;
                    next.drop_disc(moves[(c as usize + k) % moves.len()]);
                    next
                })
                .find(|next| !next.is_over());
            match next {
                Some(next) => board = next,
                None => break,
            }
        }
        board
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pruning_searches_agree_with_minimax(board in position(0..30), depth in 1u32..5, symmetry: bool) {
        let game = Connect4::new(board).with_symmetry(symmetry);
        let reference = search(&game, SearchConfig::plain(Algorithm::Minimax), &Limits::depth(depth));
        for algorithm in [Algorithm::Negamax, Algorithm::AlphaBeta, Algorithm::Pvs] {
            for (tt, ordering, id) in [(0, false, false), (0, true, false), (1, false, false), (1, true, true)] {
                if !algorithm.prunes() && (tt > 0 || ordering) {
                    continue;
                }
                let config = SearchConfig { algorithm, tt_megabytes: tt, ordering, iterative_deepening: id, seed: Some(0), ..SearchConfig::default() };
                let r = search(&game, config.clone(), &Limits::depth(depth));
                prop_assert_eq!(r.score, reference.score, "{}\n{:?}", board, config);
            }
        }
    }

    #[test]
    fn the_solver_agrees_with_minimax_to_the_end(board in position(33..42)) {
        prop_assume!(board.discs() >= 30);
        let game = Connect4::new(board);
        let minimax = search(&game, SearchConfig::plain(Algorithm::Minimax), &Limits::default());
        let solution = solve(board);
        prop_assert_eq!(solution.search.score, minimax.score, "{}", board);
        // Every move the solver calls best achieves that score.
        for &col in &solution.best_moves {
            let child = game.result(col);
            let child_value = search(&child, SearchConfig::plain(Algorithm::Minimax), &Limits::default());
            let back = -child_value.score;
            let back = if qi_search::score::is_decisive(back) { back - back.signum() } else { back };
            prop_assert_eq!(back, minimax.score, "{} column {}", board, col + 1);
        }
    }
}
