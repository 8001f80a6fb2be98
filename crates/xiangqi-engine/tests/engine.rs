//! End-to-end checks of the engine: mates, legality, limits and repetition rulings.

use qi_search::score::{loss_in, win_in};
use qi_search::StopFlag;
use qi_xiangqi::{Move, Position};
use qi_xiangqi_engine::level::{choose, settings, Level, Rng};
use qi_xiangqi_engine::repetition::HistEntry;
use qi_xiangqi_engine::time::Clock;
use qi_xiangqi_engine::{Engine, EngineOptions, SearchRequest};
use std::time::{Duration, Instant};

fn parse(pos: &Position, iccs: &str) -> Move {
    pos.parse_move(iccs).unwrap()
}

fn search(fen: &str, depth: u32) -> qi_xiangqi_engine::SearchResult {
    let engine = Engine::default();
    let req = SearchRequest {
        position: Position::from_fen(fen).unwrap(),
        depth: Some(depth),
        ..SearchRequest::default()
    };
    engine.search(&req, &StopFlag::new(), |_| {})
}

#[test]
fn finds_mate_in_one_with_a_mate_score() {
    let fen = "4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let r = search(fen, 4);
    assert_eq!(r.best.unwrap().to_iccs(), "a8a9");
    assert_eq!(r.score, win_in(1));
}

#[test]
fn mated_side_sees_the_loss() {
    // After the mate there is no legal move: the search reports the loss at once.
    let fen = "R3k4/4c4/9/9/9/9/9/9/9/3K5 b - - 0 1";
    let r = search(fen, 3);
    assert!(r.best.is_none());
    assert_eq!(r.score, loss_in(0));
}

#[test]
fn finds_mate_in_two() {
    // Two chariots: any first check is met, the second chariot mates on the next move.
    let fen = "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1";
    let r = search(fen, 6);
    assert!(r.score >= win_in(5), "score {}", r.score);
}

#[test]
fn never_plays_an_illegal_move_from_random_positions() {
    let mut rng = Rng::new(42);
    let engine = Engine::default();
    for game in 0..6 {
        let mut pos = Position::startpos();
        for ply in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 12 == game % 12 {
                let req = SearchRequest {
                    position: pos.clone(),
                    depth: Some(3),
                    nodes: Some(20_000),
                    ..SearchRequest::default()
                };
                let r = engine.search(&req, &StopFlag::new(), |_| {});
                let best = r.best.expect("a move exists");
                assert!(pos.is_legal(best), "{} in {}", best, pos.to_fen());
                for w in r.pv.windows(1) {
                    assert!(!w[0].is_null());
                }
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            pos.make_move(mv);
        }
    }
}

#[test]
fn node_and_time_limits_are_respected() {
    let engine = Engine::default();
    let req = SearchRequest {
        position: Position::startpos(),
        nodes: Some(5_000),
        ..SearchRequest::default()
    };
    let r = engine.search(&req, &StopFlag::new(), |_| {});
    assert!(r.stats.nodes <= 5_100, "{}", r.stats.nodes);
    assert!(r.best.is_some());

    let clock = Clock {
        movetime: Some(Duration::from_millis(100)),
        ..Clock::default()
    };
    let req = SearchRequest {
        position: Position::startpos(),
        time: clock.budget(),
        ..SearchRequest::default()
    };
    let t = Instant::now();
    let r = engine.search(&req, &StopFlag::new(), |_| {});
    assert!(t.elapsed() < Duration::from_millis(1500));
    assert!(r.best.is_some());
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let engine = Engine::new(EngineOptions {
        hash_mb: 8,
        threads: 2,
    });
    let stop = StopFlag::new();
    let req = SearchRequest {
        position: Position::startpos(),
        ..SearchRequest::default()
    };
    let t = Instant::now();
    let r = std::thread::scope(|s| {
        let stopper = stop.clone();
        s.spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stopper.stop();
        });
        engine.search(&req, &stop, |_| {})
    });
    assert!(t.elapsed() < Duration::from_secs(3));
    assert!(Position::startpos().is_legal(r.best.unwrap()));
}

#[test]
fn banned_moves_are_not_played() {
    let pos = Position::startpos();
    let first = search(qi_xiangqi::START_FEN, 2).best.unwrap();
    let req = SearchRequest {
        position: pos.clone(),
        depth: Some(2),
        banned: vec![first],
        ..SearchRequest::default()
    };
    let r = Engine::default().search(&req, &StopFlag::new(), |_| {});
    assert_ne!(r.best, Some(first));
}

#[test]
fn perpetual_check_is_avoided() {
    // Red has checked on every move of a cycle (a8a9+, a9a8+); playing a8a9 again would
    // repeat the cycle with Red checking perpetually, which loses under the Asian rules.
    let mut pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let mut history = Vec::new();
    for m in ["a8a9", "e9e8", "a9a8", "e8e9"] {
        let mv = parse(&pos, m);
        history.push(HistEntry::new(&pos, mv));
        pos.make_move(mv);
    }
    let req = SearchRequest {
        position: pos.clone(),
        history,
        depth: Some(4),
        ..SearchRequest::default()
    };
    let r = Engine::default().search(&req, &StopFlag::new(), |_| {});
    assert_ne!(r.best.unwrap().to_iccs(), "a8a9");
}

#[test]
fn low_levels_choose_legal_moves() {
    let engine = Engine::default();
    let pos = Position::startpos();
    let settings = settings(Level::new(2).unwrap());
    let req = SearchRequest {
        position: pos.clone(),
        depth: settings.depth,
        nodes: settings.nodes,
        all_root_scores: true,
        ..SearchRequest::default()
    };
    let r = engine.search(&req, &StopFlag::new(), |_| {});
    assert_eq!(r.root_scores.len(), 44);
    let m = choose(&r.root_scores, &settings, &mut Rng::new(3)).unwrap();
    assert!(pos.is_legal(m));
}
