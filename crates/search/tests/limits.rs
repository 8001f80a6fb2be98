//! Limits: node and time limits stop the search with a legal move, the stop flag works
//! from another thread, iterative deepening reports each depth, and Lazy SMP agrees.

use qi_search::random_tree::RandomTree;
use qi_search::{search, search_parallel, Algorithm, Game, Limits, SearchConfig, Searcher};
use std::time::{Duration, Instant};

fn big_tree() -> RandomTree {
    RandomTree::new(99, 12, 60, 1000)
}

#[test]
fn node_limit_stops_close_to_the_limit_with_a_legal_move() {
    let limits = Limits::nodes(20_000);
    let r = search(&big_tree(), SearchConfig::default(), &limits);
    assert!(r.stats.nodes <= 20_000 + 1, "{}", r.stats.nodes);
    let mut moves = Vec::new();
    big_tree().legal_moves(&mut moves);
    assert!(moves.contains(&r.best_move.unwrap()));
}

#[test]
fn time_limit_is_respected() {
    let start = Instant::now();
    let r = search(
        &big_tree(),
        SearchConfig::default(),
        &Limits::movetime(Duration::from_millis(100)),
    );
    let took = start.elapsed();
    assert!(r.best_move.is_some());
    // Generous bound: the machine may be loaded, but a runaway search takes far longer.
    assert!(took < Duration::from_millis(1500), "took {took:?}");
    assert!(r.stats.depth >= 1);
}

#[test]
fn stop_flag_from_another_thread() {
    let limits = Limits::default();
    let stop = limits.stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        stop.stop();
    });
    let r = search(&big_tree(), SearchConfig::default(), &limits);
    stopper.join().unwrap();
    assert!(r.best_move.is_some());
}

#[test]
fn iterative_deepening_reports_every_depth() {
    let mut depths = Vec::new();
    let mut searcher = Searcher::new(SearchConfig::default());
    let r = searcher.search_with_info(&RandomTree::new(5, 5, 12, 100), &Limits::depth(6), |info| {
        depths.push(info.depth);
        assert!(!info.pv.is_empty());
    });
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(r.stats.depth, 6);
    assert_eq!(r.pv.first(), r.best_move.as_ref());
}

#[test]
fn exact_solving_stops_when_no_leaf_depends_on_the_horizon() {
    // Depth-4 trees are solved at depth 4 at the latest, whatever the limit.
    let tree = RandomTree::new(11, 3, 4, 50);
    let r = search(&tree, SearchConfig::default(), &Limits::default());
    assert!(r.solved);
    assert!(r.stats.depth <= 4);
    let reference = search(
        &tree,
        SearchConfig::plain(Algorithm::Minimax),
        &Limits::depth(10),
    );
    assert_eq!(r.score, reference.score);
}

#[test]
fn lazy_smp_returns_the_same_value_at_fixed_depth() {
    for seed in 0..10 {
        let tree = RandomTree::new(seed, 6, 10, 100).with_transpositions();
        let single = search(&tree, SearchConfig::default(), &Limits::depth(7));
        let config = SearchConfig {
            threads: 2,
            ..SearchConfig::default()
        };
        let parallel = search_parallel(&tree, &config, &Limits::depth(7), |_| {});
        assert_eq!(single.score, parallel.score, "seed {seed}");
    }
}
