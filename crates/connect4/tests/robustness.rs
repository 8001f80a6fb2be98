//! No input makes the rules crate panic: any text as a record, any column number to play or
//! take back, in any order.

use proptest::prelude::*;
use qi_connect4::{parse_moves, Board, Connect4};
use qi_search::Game;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_text_is_read_or_refused(text in ".{0,80}") {
        let parsed = parse_moves(&text);
        let board = Board::from_record(&text);
        if parsed.is_err() {
            prop_assert!(board.is_err());
        }
        if let Ok(board) = board {
            prop_assert!(board.discs() <= 42);
        }
    }

    #[test]
    fn any_column_sequence_keeps_the_board_consistent(ops in proptest::collection::vec((any::<u8>(), any::<bool>()), 0..120)) {
        let mut board = Board::empty();
        let mut game = Connect4::new(Board::empty());
        for (col, undo) in ops {
            if undo {
                board.undo(col);
                game.undo(col);
            } else {
                let _ = board.play(col);
                game.play(col);
            }
            prop_assert_eq!(board.red_mask() & board.yellow_mask(), 0);
            prop_assert!(board.discs() <= 42);
            let _ = (board.end(), board.legal_columns(), board.to_string(), game.evaluate());
        }
    }
}
