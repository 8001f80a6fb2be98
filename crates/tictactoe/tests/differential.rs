//! On tic-tac-toe positions, every algorithm and option combination returns the same value
//! as plain minimax at the same depth, exactly and depth-limited.

use proptest::prelude::*;
use qi_search::{search, Algorithm, Game, Limits, SearchConfig};
use qi_tictactoe::{Board, TicTacToe};

/// A reachable, unfinished position from a random move sequence.
fn position() -> impl Strategy<Value = Board> {
    proptest::collection::vec(0u8..9, 0..7).prop_map(|choices| {
        let mut board = Board::empty();
        for c in choices {
            if board.is_over() {
                break;
            }
            let mut moves = Vec::new();
            TicTacToe::new(board).legal_moves(&mut moves);
            let sq = moves[c as usize % moves.len()];
            let mut next = board;
            next.place(sq);
            if next.is_over() {
                break;
            }
            board = next;
        }
        board
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_configuration_agrees_with_minimax(board in position(), depth in 1u32..10, symmetry: bool) {
        let game = TicTacToe::new(board).with_symmetry(symmetry);
        let reference = search(&game, SearchConfig::plain(Algorithm::Minimax), &Limits::depth(depth));
        for algorithm in Algorithm::ALL {
            for (tt, ordering, id) in [(0, false, false), (0, true, false), (1, false, false), (1, true, true), (0, true, true)] {
                if !algorithm.prunes() && (tt > 0 || ordering) {
                    continue;
                }
                let config = SearchConfig { algorithm, tt_megabytes: tt, ordering, iterative_deepening: id, seed: Some(0), ..SearchConfig::default() };
                let r = search(&game, config.clone(), &Limits::depth(depth));
                prop_assert_eq!(r.score, reference.score, "{} {:?}", board, config);
            }
        }
    }
}
