//! The engine never loses, as X or as O, against every possible sequence of opponent moves,
//! whichever of its equally good moves it picks.

use qi_search::{Algorithm, Game};
use qi_tictactoe::{
    engine_move, solve, winning_moves, Board, EngineOptions, Mark, SolveOptions, TicTacToe,
};

/// Walks every game where `engine` plays any of its best moves; returns (games, losses).
fn walk(board: Board, engine: Mark, games: &mut u64) {
    if board.is_over() {
        *games += 1;
        assert_ne!(board.winner(), Some(engine.other()), "engine lost: {board}");
        return;
    }
    let mut moves = Vec::new();
    if board.to_move() == engine {
        let choice = engine_move(
            board,
            &EngineOptions {
                seed: Some(1),
                ..EngineOptions::default()
            },
            |_| {},
        )
        .unwrap();
        assert!(choice.search.best_moves.contains(&choice.square));
        moves.extend(choice.search.best_moves);
    } else {
        TicTacToe::new(board).legal_moves(&mut moves);
    }
    for sq in moves {
        let mut next = board;
        next.place(sq);
        walk(next, engine, games);
    }
}

#[test]
fn never_loses_as_x() {
    let mut games = 0;
    walk(Board::empty(), Mark::X, &mut games);
    assert!(games > 100, "{games}");
}

#[test]
fn never_loses_as_o() {
    let mut games = 0;
    walk(Board::empty(), Mark::O, &mut games);
    assert!(games > 100, "{games}");
}

#[test]
fn the_book_prefers_centre_then_corners() {
    let book = EngineOptions {
        book: true,
        seed: Some(3),
        ..EngineOptions::default()
    };
    assert_eq!(
        engine_move(Board::empty(), &book, |_| {}).unwrap().square,
        4
    );
    let centre_taken: Board = "..../.x./...".replace("....", "...").parse().unwrap();
    let reply = engine_move(centre_taken, &book, |_| {}).unwrap().square;
    assert!([0, 2, 6, 8].contains(&reply), "{reply}");
}

#[test]
fn takes_the_fastest_win_and_delays_a_loss() {
    // X to move can win at once (square 3) or later: it must win at once.
    let board: Board = "xx./oo./...".parse().unwrap();
    let r = engine_move(
        board,
        &EngineOptions {
            seed: Some(0),
            ..EngineOptions::default()
        },
        |_| {},
    )
    .unwrap();
    assert_eq!(r.square, 2);
    assert_eq!(qi_search::score::plies_to_end(r.search.score), Some(1));
}

#[test]
fn winning_moves_match_the_seed_exercise() {
    // X to move; both 3 (completing the top row) and others may win: every listed move wins.
    let board: Board = "x.o/.x./o..".parse().unwrap();
    let wins = winning_moves(board);
    assert!(wins.contains(&8), "{wins:?}");
    for sq in wins {
        let mut after = board;
        after.place(sq);
        assert!(after.has_line(Mark::X) || solve(after, SolveOptions::default()).value == -1);
    }
    assert!(winning_moves(Board::empty()).is_empty());
    // Every move that does not win really does not.
    let all: Vec<u8> = (0..9).filter(|&s| board.get(s).is_none()).collect();
    for sq in all
        .iter()
        .copied()
        .filter(|s| !winning_moves(board).contains(s))
    {
        let mut after = board;
        after.place(sq);
        assert!(
            solve(
                after,
                SolveOptions {
                    algorithm: Algorithm::Minimax,
                    ..SolveOptions::default()
                }
            )
            .value
                >= 0
        );
    }
}

#[test]
fn weak_levels_make_mistakes_but_never_illegal_moves() {
    use qi_search::Level;
    // Level 1 against perfect play from every reply: over many seeds it loses some games.
    let mut losses = 0;
    for seed in 0..40u64 {
        let mut board = Board::empty();
        while !board.is_over() {
            let level = if board.to_move() == Mark::X {
                Level::MIN
            } else {
                Level::MAX
            };
            let options = EngineOptions {
                seed: Some(seed),
                ..EngineOptions::default()
            };
            let sq = qi_tictactoe::engine_move_at_level(board, &options, level, |_| {})
                .unwrap()
                .square;
            assert!(board.get(sq).is_none());
            board.place(sq);
        }
        losses += u32::from(board.winner() == Some(Mark::O));
    }
    assert!(losses > 0, "a beginner should lose sometimes");
}
