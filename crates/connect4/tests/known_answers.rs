//! Known answers, each proved by exact search: forced wins in 1, 3 and 5 plies, a position
//! where every move but one loses, and a full-board draw.

use qi_connect4::{solve, Board, Connect4, Disc, GameEnd};
use qi_search::score::{loss_in, win_in};
use qi_search::{search, Algorithm, Game, Limits, SearchConfig};

fn board(record: &str) -> Board {
    Board::from_record(record).unwrap_or_else(|e| panic!("{record}: {e}"))
}

/// The score of a fixed-depth search: a decisive score found at depth N is a proof, since
/// only finished games score as wins or losses.
fn score_at_depth(board: Board, depth: u32) -> i32 {
    let config = SearchConfig {
        tt_megabytes: 1,
        ..SearchConfig::default()
    };
    search(&Connect4::new(board), config, &Limits::depth(depth)).score
}

#[test]
fn a_win_in_one_ply() {
    // Red a1 b1 c1 against Yellow e1 e2 e3: d1 wins before Yellow's e4.
    let b = board("152535");
    let s = solve(b);
    assert_eq!(s.search.score, win_in(1));
    assert_eq!(s.best_moves, vec![3]);
}

#[test]
fn a_win_in_three_plies_by_a_double_threat() {
    // Red b1 c1 with a1, d1 and e1 open: d1 threatens both a1 and e1.
    let b = board("2233");
    let s = solve(b);
    assert_eq!(s.search.score, win_in(3));
    assert_eq!(s.best_moves, vec![3]);
    assert!(s.search.solved);
    // A mid-game one, found among random games and proved here.
    let mid = solve(board("512762752357564173151537"));
    assert_eq!(mid.search.score, win_in(3));
    assert_eq!(mid.best_moves, vec![3]);
}

#[test]
fn a_win_in_five_plies_and_none_faster() {
    let b = board("441545511632553317675131");
    assert_eq!(b.to_move(), Disc::Red);
    let s = solve(b);
    assert_eq!(s.search.score, win_in(5));
    assert_eq!(s.best_moves, vec![3, 6]);
    // The same proof by depth: nothing decisive within 4 plies, the win at 5.
    assert!(score_at_depth(b, 4) < win_in(5));
    assert_eq!(score_at_depth(b, 5), win_in(5));
    // Exactly the two columns win that fast: after them Yellow is lost in 4 plies, after any
    // other move Yellow lasts longer (or is not lost at all).
    for col in b.legal_columns() {
        let mut after = b;
        after.play(col).unwrap();
        let reply = solve(after).search.score;
        if [3, 6].contains(&col) {
            assert_eq!(reply, loss_in(4), "column {}", col + 1);
        } else {
            assert!(reply > loss_in(4), "column {}", col + 1);
        }
    }
}

#[test]
fn every_move_but_one_loses() {
    let b = board("617471462467443516556757");
    let s = solve(b);
    assert_eq!(s.value, 0, "the one saving move draws");
    assert_eq!(s.best_moves, vec![6]);
    let mut moves = Vec::new();
    Connect4::new(b).legal_moves(&mut moves);
    assert_eq!(moves.len(), 7);
    for col in moves {
        let mut after = b;
        after.play(col).unwrap();
        let reply = solve(after);
        if col == 6 {
            assert_eq!(reply.value, 0, "column 7 draws");
        } else {
            assert_eq!(reply.value, 1, "column {} loses", col + 1);
        }
    }
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    // Columns coloured R R Y Y R R Y at the bottom, alternating upwards: no four anywhere.
    let record = "111111222222533333344444455555666667777776";
    let full = board(record);
    assert!(full.is_full());
    assert_eq!(full.winner(), None);
    assert_eq!(full.end(), Some(GameEnd::Full));
    assert_eq!(full.end().unwrap().to_string(), "the board is full: a draw");
    assert_eq!(full.end().unwrap().reason_id(), "board_full");
    assert_eq!(
        Connect4::new(full).outcome(),
        Some(qi_search::Outcome::Draw)
    );
    assert!(full.legal_columns().is_empty());
    // One move before the end the only move draws, and the solver says so.
    let last = board(&record[..41]);
    let s = solve(last);
    assert_eq!((s.value, s.best_moves.clone()), (0, vec![5]));
    assert!(s.search.solved);
    // Eight cells before the end, the solver and plain minimax agree.
    let earlier = board(&record[..34]);
    let minimax = search(
        &Connect4::new(earlier),
        SearchConfig::plain(Algorithm::Minimax),
        &Limits::default(),
    );
    assert_eq!(solve(earlier).search.score, minimax.score);
}

#[test]
fn a_lost_position_scores_the_slowest_loss() {
    // Yellow to move cannot stop both a1 and e1 after Red's d1: lost in 2 plies.
    let b = board("22334");
    assert_eq!(b.to_move(), Disc::Yellow);
    assert_eq!(solve(b).search.score, loss_in(2));
}
