//! The engine never misses a five or a forced block, solves constructed VCF and VCT
//! positions under each rule, and never plays a forbidden point.

use qi_gomoku::board::point;
use qi_gomoku::eval::Threat;
use qi_gomoku::{
    engine_move, play_checked, renju, Board, Color, Engine, EngineOptions, MoveResult, MoveSource,
    Rule, ThreatSearch,
};

/// A 15x15 position with `black` and `white` stones and `to_move` to play: far filler
/// stones (isolated, harmless) even out the counts.
fn position(
    rule: Rule,
    black: &[(usize, usize)],
    white: &[(usize, usize)],
    to_move: Color,
) -> Board {
    let fill: Vec<(usize, usize)> = [
        (0, 14),
        (3, 14),
        (6, 14),
        (9, 14),
        (12, 14),
        (0, 11),
        (0, 8),
        (14, 0),
        (11, 0),
        (8, 0),
    ]
    .to_vec();
    let mut b: Vec<(usize, usize)> = black.to_vec();
    let mut w: Vec<(usize, usize)> = white.to_vec();
    let mut f = fill.into_iter();
    loop {
        let want_b = match to_move {
            Color::Black => w.len(),
            Color::White => w.len() + 1,
        };
        if b.len() < want_b {
            b.push(f.next().unwrap());
        } else if b.len() > want_b {
            w.push(f.next().unwrap());
        } else {
            break;
        }
    }
    let mut board = Board::new(15, rule).unwrap();
    for i in 0..b.len() {
        board.play(point(b[i].0, b[i].1));
        if i < w.len() {
            board.play(point(w[i].0, w[i].1));
        }
    }
    assert_eq!(board.to_move(), to_move);
    board
}

fn fast() -> EngineOptions {
    EngineOptions {
        depth: Some(4),
        seed: Some(1),
        ..EngineOptions::default()
    }
}

/// Plays the engine against itself for `plies`, checking every move: a five when there is
/// one, else a block of the opponent's five; never a forbidden point. Returns the winner.
fn self_play(mut board: Board, plies: usize) -> Option<Color> {
    for _ in 0..plies {
        let me = board.to_move();
        let m = engine_move(&board, &fast()).expect("a move");
        let fives: Vec<_> = board.points_with(me, Threat::Five).collect();
        let blocks: Vec<_> = board.points_with(me.other(), Threat::Five).collect();
        if !fives.is_empty() {
            assert!(fives.contains(&m.point), "missed a five:\n{board}");
        } else if blocks.len() == 1
            && !(me == Color::Black && renju::is_forbidden(&board, blocks[0]))
        {
            assert_eq!(m.point, blocks[0], "missed a block:\n{board}");
        }
        assert!(
            !(me == Color::Black && renju::is_forbidden(&board, m.point)),
            "played a forbidden point"
        );
        let (x, y) = qi_gomoku::board::xy(m.point);
        match play_checked(&mut board, x as i64, y as i64).unwrap() {
            MoveResult::Five(c) => return Some(c),
            MoveResult::Forbidden(f) => panic!("forbidden {f}"),
            MoveResult::NoPointForBlack => return Some(Color::White),
            MoveResult::Draw => return None,
            MoveResult::Continue => {}
        }
    }
    None
}

#[test]
fn takes_a_five_under_each_rule() {
    for rule in Rule::ALL {
        for me in [Color::Black, Color::White] {
            let four = vec![(5, 7), (6, 7), (7, 7), (8, 7)];
            let other = vec![(5, 9), (6, 9), (7, 9), (8, 9)];
            let (b, w) = match me {
                Color::Black => (four, other),
                Color::White => (other, four),
            };
            let board = position(rule, &b, &w, me);
            let m = engine_move(&board, &fast()).unwrap();
            assert!(
                m.point == point(4, 7) || m.point == point(9, 7),
                "{rule} {me}"
            );
            assert_eq!(m.source, MoveSource::Five);
        }
    }
}

#[test]
fn blocks_a_four_under_each_rule() {
    for rule in Rule::ALL {
        for me in [Color::Black, Color::White] {
            // The opponent's four is closed on the left; ours is only a three.
            let theirs = vec![(5, 7), (6, 7), (7, 7), (8, 7)];
            let mine = vec![(5, 10), (6, 10), (7, 10), (4, 7)];
            let (b, w) = match me {
                Color::Black => (mine, theirs),
                Color::White => (theirs, mine),
            };
            let board = position(rule, &b, &w, me);
            let m = engine_move(&board, &fast()).unwrap();
            assert_eq!(m.point, point(9, 7), "{rule} {me}:\n{board}");
        }
    }
}

#[test]
fn double_four_wins_except_for_black_in_renju() {
    let attack = vec![(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)];
    let defence = vec![(3, 7), (7, 3), (1, 1), (1, 3), (3, 1), (12, 12)];
    for rule in Rule::ALL {
        for me in [Color::Black, Color::White] {
            let (b, w) = match me {
                Color::Black => (attack.clone(), defence.clone()),
                Color::White => (defence.clone(), attack.clone()),
            };
            let board = position(rule, &b, &w, me);
            let m = engine_move(&board, &fast()).unwrap();
            if rule == Rule::Renju && me == Color::Black {
                assert_ne!(m.point, point(7, 7), "the double four is forbidden");
            } else {
                assert_eq!(m.point, point(7, 7), "{rule} {me}");
                assert_eq!(self_play(board, 6), Some(me));
            }
        }
    }
}

/// A VCF by a four-three: (7,7) makes a four on row 7 (closed by a stone at 3,7) and an
/// open three on column 7; after the block at (8,7) an open four follows.
fn vcf_position(rule: Rule, me: Color) -> Board {
    let attack = vec![(4, 7), (5, 7), (6, 7), (7, 8), (7, 9), (11, 4)];
    let defence = vec![(3, 7), (2, 2), (2, 4), (4, 2), (12, 2), (12, 12)];
    let (b, w) = match me {
        Color::Black => (attack, defence),
        Color::White => (defence, attack),
    };
    position(rule, &b, &w, me)
}

#[test]
fn solves_a_vcf_under_each_rule() {
    for rule in Rule::ALL {
        for me in [Color::Black, Color::White] {
            let mut board = vcf_position(rule, me);
            let mut t = ThreatSearch::new();
            let win = t.vcf(&mut board, 20, 100_000);
            assert!(win.is_some(), "{rule} {me}: no VCF in\n{board}");
            let m = engine_move(&board, &fast()).unwrap();
            assert!(m.score > 0, "{rule} {me}");
            assert_eq!(self_play(board, 12), Some(me), "{rule} {me}");
        }
    }
}

#[test]
fn solves_a_vct_under_each_rule() {
    for rule in Rule::ALL {
        // Black's double three is forbidden in renju: there White attacks.
        let attackers: &[Color] = if rule == Rule::Renju {
            &[Color::White]
        } else {
            &[Color::Black, Color::White]
        };
        for &me in attackers {
            // Open two on row 7 and a split two on column 8: (8,7) makes two open threes.
            let attack = vec![(6, 7), (7, 7), (8, 9), (8, 10)];
            let defence = vec![(2, 2), (2, 5), (5, 2), (12, 3)];
            let (b, w) = match me {
                Color::Black => (attack, defence),
                Color::White => (defence, attack),
            };
            let mut board = position(rule, &b, &w, me);
            let mut t = ThreatSearch::new();
            assert!(t.vcf(&mut board, 20, 100_000).is_none());
            let win = t.vct(&mut board, 15, 200_000);
            assert!(win.is_some(), "{rule} {me}: no VCT in\n{board}");
            assert_eq!(self_play(board, 14), Some(me), "{rule} {me}");
        }
    }
}

#[test]
fn black_never_plays_a_forbidden_point_in_renju() {
    // (7,7) is a double three for Black; White threatens nothing.
    let board = position(
        Rule::Renju,
        &[(5, 7), (6, 7), (7, 5), (7, 6)],
        &[(1, 1), (1, 3), (3, 1), (13, 13)],
        Color::Black,
    );
    assert!(renju::is_forbidden(&board, point(7, 7)));
    for depth in 1..=4 {
        let m = engine_move(
            &board,
            &EngineOptions {
                depth: Some(depth),
                ..fast()
            },
        )
        .unwrap();
        assert_ne!(m.point, point(7, 7));
    }
}

#[test]
fn incremental_patterns_match_a_fresh_board() {
    let moves = [
        (7, 7),
        (8, 8),
        (8, 7),
        (6, 7),
        (9, 6),
        (10, 5),
        (7, 8),
        (7, 6),
        (6, 9),
        (5, 10),
        (9, 8),
        (9, 7),
    ];
    for rule in Rule::ALL {
        let mut board = Board::new(15, rule).unwrap();
        let empty = board.clone();
        for &(x, y) in &moves {
            board.play(point(x, y));
        }
        let mut fresh = Board::new(15, rule).unwrap();
        for &(x, y) in &moves {
            fresh.play(point(x, y));
        }
        for _ in &moves {
            board.undo();
        }
        for p in empty.empty_points() {
            for c in [Color::Black, Color::White] {
                assert_eq!(board.info(c, p), empty.info(c, p));
                for d in 0..4 {
                    assert_eq!(board.pattern(c, p, d), empty.pattern(c, p, d));
                }
            }
        }
        for role in qi_gomoku::weights::Role::ALL {
            assert_eq!(
                board.eval_sum(Color::Black, role),
                empty.eval_sum(Color::Black, role)
            );
        }
        assert_eq!(board.hash(), empty.hash());
    }
}

#[test]
fn small_and_large_boards_work() {
    for size in [5, 6, 9, 19, 22] {
        let board = Board::new(size, Rule::Freestyle).unwrap();
        let m = engine_move(&board, &fast()).unwrap();
        assert!(board.is_empty(m.point));
    }
    assert!(Board::new(4, Rule::Freestyle).is_err());
    assert!(Board::new(23, Rule::Freestyle).is_err());
}

#[test]
fn white_wins_by_a_four_whose_block_is_forbidden_in_renju() {
    // (7,7) is a double three for Black; White's (8,8) makes a four that only (7,7) blocks.
    let black = vec![(5, 7), (6, 7), (7, 5), (7, 6), (3, 3)];
    let white = vec![(4, 4), (5, 5), (6, 6)];
    let mut board = position(Rule::Renju, &black, &white, Color::White);
    let mut t = ThreatSearch::new();
    let win = t
        .vcf(&mut board, 10, 10_000)
        .expect("a VCF through the forbidden point");
    assert_eq!(win.first(), point(8, 8));
    let m = engine_move(&board, &fast()).unwrap();
    assert_eq!(m.point, point(8, 8));
    assert!(m.score > 0);
    // In freestyle the same four is simply blocked.
    let mut free = position(Rule::Freestyle, &black, &white, Color::White);
    let line = t.vcf(&mut free, 10, 10_000);
    assert!(line.is_none_or(|w| w.first() != point(8, 8)));
}

#[test]
fn every_level_takes_a_five_and_blocks_a_four() {
    for level in 1..=10 {
        let opts = EngineOptions {
            level: qi_search::Level::new(level).unwrap(),
            seed: Some(level as u64),
            ..fast()
        };
        let five = position(
            Rule::Freestyle,
            &[(5, 7), (6, 7), (7, 7), (8, 7)],
            &[(5, 9), (6, 9), (7, 9)],
            Color::Black,
        );
        let m = engine_move(&five, &opts).unwrap();
        assert!(
            m.point == point(4, 7) || m.point == point(9, 7),
            "level {level}"
        );
        let block = position(
            Rule::Freestyle,
            &[(5, 7), (6, 7), (7, 7), (8, 7)],
            &[(4, 7), (5, 9), (7, 10)],
            Color::White,
        );
        let m = engine_move(&block, &opts).unwrap();
        assert_eq!(m.point, point(9, 7), "level {level}");
    }
}

#[test]
fn node_and_depth_limits_are_respected() {
    let board = position(
        Rule::Freestyle,
        &[(7, 7), (8, 8), (6, 8)],
        &[(7, 8), (8, 7)],
        Color::White,
    );
    let m = engine_move(
        &board,
        &EngineOptions {
            nodes: Some(500),
            depth: None,
            vcf_budget: 0,
            vct_budget: 0,
            ..fast()
        },
    )
    .unwrap();
    // The search checks its node limit at every node, and the in-search VCF gets no more
    // than the nodes left.
    assert!(m.nodes <= 600, "{} nodes", m.nodes);
    let m = engine_move(
        &board,
        &EngineOptions {
            depth: Some(3),
            vcf_budget: 0,
            vct_budget: 0,
            ..fast()
        },
    )
    .unwrap();
    assert!(m.depth <= 3);
}

#[test]
fn the_kept_point_survives_the_candidate_cap() {
    use qi_gomoku::board::Point;
    use qi_gomoku::movegen::{order_key_point, threat_candidates, Candidates};
    let board = position(
        Rule::Freestyle,
        &[(7, 7), (8, 8)],
        &[(7, 8), (9, 6)],
        Color::Black,
    );
    let points = |cap: usize, keep: Option<Point>| {
        let (mut keys, mut out) = (Vec::new(), Vec::new());
        assert_eq!(
            threat_candidates(&board, cap, keep, &mut keys, &mut out),
            Candidates::Scored
        );
        let mut points: Vec<Point> = keys.iter().map(|&k| order_key_point(k)).collect();
        points.sort_unstable();
        points
    };
    let all = points(0, None);
    let capped = points(6, None);
    assert_eq!(capped.len(), 6);
    assert!(all.len() > 6);
    // A point the cap drops comes back, alone, when it is kept.
    let dropped = *all.iter().find(|p| !capped.contains(p)).unwrap();
    let kept = points(6, Some(dropped));
    assert_eq!(kept.len(), 7);
    assert!(kept.contains(&dropped) && capped.iter().all(|p| kept.contains(p)));
    // A point inside the cap, or one that is no candidate at all, changes nothing.
    assert_eq!(points(6, Some(capped[0])), capped);
    assert_eq!(points(6, Some(point(7, 7))), capped);
}

#[test]
fn seed_evaluators_and_neighbourhood_generator_work() {
    use qi_gomoku::eval::{evaluate, seed000_line, seed001_line, Evaluator};
    use qi_gomoku::movegen::{generate, Generator};
    assert_eq!(seed000_line(&[0, 1, 1, 1, 0]), 1000);
    assert_eq!(seed000_line(&[2, 1, 1, 1, 0]), 100);
    assert_eq!(seed000_line(&[0, 1, 1, 1, 1, 1, 0]), 100_000);
    assert_eq!(seed001_line(&[0, 0, 1, 1, 1, 0, 0]), 2 * 9_000);
    assert_eq!(seed001_line(&[0, 1, 1, 1, 1, 0]), 100_000);
    // Black to move with an open three is better off than White.
    let board = position(
        Rule::Freestyle,
        &[(6, 7), (7, 7), (8, 7)],
        &[(1, 1), (13, 13), (1, 13)],
        Color::Black,
    );
    for e in [Evaluator::Patterns, Evaluator::Seed001, Evaluator::Seed000] {
        assert!(evaluate(&board, e) > 0, "{e:?}");
    }
    let mut near = Vec::new();
    generate(&board, Generator::Neighbourhood, 0, &mut near);
    assert!(near.iter().all(|&p| board.is_empty(p) && board.is_near(p)));
    let mut threats = Vec::new();
    generate(&board, Generator::Threats, 8, &mut threats);
    assert!(threats.len() <= 8 && !threats.is_empty());
    assert!(threats[0] == point(5, 7) || threats[0] == point(9, 7));
}

#[test]
fn defends_against_the_opponents_vcf_under_each_rule() {
    // White threatens the four-three at (7,7); Black to move must stop every VCF.
    let white = vec![(4, 7), (5, 7), (6, 7), (7, 8), (7, 9), (11, 4)];
    let black = vec![(3, 7), (2, 2), (2, 4), (4, 2), (12, 2), (12, 12)];
    for rule in Rule::ALL {
        let board = position(rule, &black, &white, Color::Black);
        let mut probe = board.clone();
        probe.play(point(0, 0));
        assert!(ThreatSearch::new().vcf(&mut probe, 20, 100_000).is_some());
        let m = engine_move(&board, &fast()).unwrap();
        let mut after = board.clone();
        after.play(m.point);
        assert!(
            ThreatSearch::new().vcf(&mut after, 30, 1_000_000).is_none(),
            "{rule}: {} leaves White a VCF",
            qi_gomoku::format_point(m.point)
        );
    }
}

#[test]
fn solves_a_nine_ply_vcf_from_a_real_game() {
    // Found by examples/find_vcf.rs in an engine game: Black to move wins by fours alone.
    let moves =
        qi_gomoku::parse_moves("k8 h5 g6 k10 h8 j8 g7 g5 i9 f6 i7 f5 i5 d5 e5 f7 f8 f4 f3 h6")
            .unwrap();
    let (board, end) = qi_gomoku::board_from_moves(15, Rule::Freestyle, &moves).unwrap();
    assert!(end.is_none());
    let mut b = board.clone();
    let win = ThreatSearch::new()
        .vcf(&mut b, 40, 1_000_000)
        .expect("a VCF");
    assert!(win.plies() >= 5, "{} plies", win.plies());
    // Every attacking move of the line is a four.
    let mut replay = board.clone();
    for (i, &p) in win.line.iter().enumerate() {
        if i % 2 == 0 {
            assert!(replay.info(replay.to_move(), p).threat >= Threat::Four);
        }
        replay.play(p);
    }
    assert!(replay.last_move_won());
    let m = engine_move(&board, &fast()).unwrap();
    assert_eq!(m.source, MoveSource::Vcf);
    assert_eq!(self_play(board, 20), Some(Color::Black));
}

#[test]
fn the_table_fits_a_memory_limit() {
    const MB: usize = 1 << 20;
    let mut engine = Engine::new(fast());
    let full = engine.table_bytes();
    assert!(full <= 32 * MB, "default table {full} bytes");
    // 20 MB leaves 4 MB for the table; far more keeps the default; no limit too.
    engine.set_memory_limit(Some(20 * MB as u64));
    assert_eq!(engine.table_bytes(), 4 * MB);
    engine.set_memory_limit(Some(1));
    assert_eq!(engine.table_bytes(), MB);
    engine.set_memory_limit(Some(1 << 40));
    assert_eq!(engine.table_bytes(), full);
    engine.set_memory_limit(Some(20 * MB as u64));
    engine.set_memory_limit(None);
    assert_eq!(engine.table_bytes(), full);
    // The engine still plays after a resize.
    engine.set_memory_limit(Some(24 * MB as u64));
    let board = Board::new(15, Rule::Freestyle).unwrap();
    assert!(engine.best_move(&board, |_| {}).is_some());
    // One made without a table keeps none.
    let mut quick = Engine::new(EngineOptions {
        tt_megabytes: 0,
        ..fast()
    });
    let none = quick.table_bytes();
    quick.set_memory_limit(Some(1 << 30));
    assert_eq!(quick.table_bytes(), none);
    // One made with a larger table keeps that size as its ceiling, not the default's.
    let mut large = Engine::new(EngineOptions {
        tt_megabytes: 64,
        ..fast()
    });
    let made = large.table_bytes();
    assert!(made > full, "64 MB made {made} bytes");
    large.set_memory_limit(Some(1 << 40));
    assert_eq!(large.table_bytes(), made);
    // 48 MB leaves 32 MB for the table: a limit still shrinks it.
    large.set_memory_limit(Some(48 * MB as u64));
    assert_eq!(large.table_bytes(), 32 * MB);
    large.set_memory_limit(None);
    assert_eq!(large.table_bytes(), made);
}

#[test]
fn threads_make_room_in_a_memory_limit_and_keep_node_limits_exact() {
    const MB: u64 = 1 << 20;
    let mut engine = Engine::new(fast());
    // 36 MB less 16 for the engine and 4 for each of two helpers leaves 12: 8 MB after
    // rounding down to a power of two. Either order of the two settings gives it.
    engine.set_memory_limit(Some(36 * MB));
    assert_eq!(engine.table_bytes() as u64, 16 * MB);
    engine.set_threads(3);
    assert_eq!(engine.table_bytes() as u64, 8 * MB);
    let mut other = Engine::new(fast());
    other.set_threads(3);
    other.set_memory_limit(Some(36 * MB));
    assert_eq!(other.table_bytes() as u64, 8 * MB);
    // Threads are clamped to 1..=256.
    engine.set_threads(0);
    assert_eq!(engine.options().threads, 1);
    engine.set_threads(100_000);
    assert_eq!(engine.options().threads, 256);
    // A node-limited search runs on one thread: the same move and count as with one.
    let board = position(
        Rule::Freestyle,
        &[(7, 7), (8, 8), (6, 8)],
        &[(7, 8), (8, 7)],
        Color::White,
    );
    let limited = |threads| {
        engine_move(
            &board,
            &EngineOptions {
                nodes: Some(20_000),
                depth: None,
                threads,
                ..fast()
            },
        )
        .map(|m| (m.point, m.nodes))
    };
    assert_eq!(limited(4), limited(1));
}

#[test]
fn threads_search_together_and_keep_the_clock() {
    // Black's open three h8 i8 j8: White must stop it at an end, Black to move wins.
    let mut board = Board::new(15, Rule::Freestyle).unwrap();
    for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 2), (9, 7)] {
        play_checked(&mut board, x, y).unwrap();
    }
    for threads in [2, 4] {
        let mut engine = Engine::new(EngineOptions {
            depth: None,
            movetime: Some(std::time::Duration::from_millis(300)),
            vcf_budget: 0,
            vct_budget: 0,
            threads,
            ..fast()
        });
        let start = std::time::Instant::now();
        let m = engine.best_move(&board, |_| {}).unwrap();
        // Helpers stop with the main search, which keeps its deadline (a loaded test
        // machine may add some milliseconds, not a second).
        assert!(start.elapsed().as_millis() < 1_300, "{:?}", start.elapsed());
        assert_eq!(m.source, MoveSource::Search);
        let stop = qi_gomoku::format_point(m.point);
        assert!(
            ["f8", "g8", "k8", "l8"].contains(&stop.as_str()),
            "{threads} threads play {stop}"
        );
        // A second move with the same engine reuses its helpers.
        let mut next = board.clone();
        next.play(m.point);
        let m = engine.best_move(&next, |_| {}).unwrap();
        assert!(qi_gomoku::movegen::is_legal(&next, m.point));
    }
}

/// The limits set between moves hold for the next move: a depth limit caps the search's
/// depth, and lifting it lets the next search go deeper.
#[test]
fn limits_set_between_moves_hold() {
    let mut engine = Engine::new(fast());
    let mut board = Board::new(15, Rule::Freestyle).unwrap();
    play_checked(&mut board, 7, 7).unwrap();
    play_checked(&mut board, 8, 8).unwrap();
    engine.set_limits(Some(2), None, None);
    let shallow = engine.best_move(&board, |_| {}).unwrap();
    assert_eq!(shallow.source, MoveSource::Search);
    assert_eq!(shallow.depth, 2);
    engine.set_limits(Some(4), Some(1_000_000), None);
    let deeper = engine.best_move(&board, |_| {}).unwrap();
    assert_eq!(deeper.depth, 4);
}
