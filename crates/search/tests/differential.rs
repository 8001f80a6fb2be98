//! Differential tests: every algorithm and option combination returns the root value of
//! plain minimax at the same depth, on random game trees with and without transpositions.

use proptest::prelude::*;
use qi_search::random_tree::RandomTree;
use qi_search::{score, search, Algorithm, Limits, Score, SearchConfig};

fn configs() -> Vec<SearchConfig> {
    let mut all = Vec::new();
    for algorithm in Algorithm::ALL {
        for tt in [0, 1] {
            for ordering in [false, true] {
                for iterative_deepening in [false, true] {
                    for collect_ties in [false, true] {
                        if !algorithm.prunes() && (tt > 0 || ordering) {
                            continue;
                        }
                        all.push(SearchConfig {
                            algorithm,
                            tt_megabytes: tt,
                            ordering,
                            iterative_deepening,
                            collect_ties,
                            random_ties: collect_ties,
                            seed: Some(1),
                            threads: 1,
                        });
                    }
                }
            }
        }
    }
    all
}

fn tree_strategy() -> impl Strategy<Value = (RandomTree, u32)> {
    (
        any::<u64>(),
        1u8..6,
        1u32..7,
        1i32..50,
        any::<bool>(),
        1u32..7,
    )
        .prop_map(
            |(seed, branching, max_depth, range, transpositions, depth)| {
                let tree = RandomTree::new(seed, branching, max_depth, range);
                let tree = if transpositions {
                    tree.with_transpositions()
                } else {
                    tree
                };
                (tree, depth)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_configuration_agrees_with_minimax((tree, depth) in tree_strategy()) {
        let reference = search(&tree, SearchConfig::plain(Algorithm::Minimax), &Limits::depth(depth));
        for config in configs() {
            let result = search(&tree, config.clone(), &Limits::depth(depth));
            prop_assert_eq!(result.score, reference.score, "{:?}", config);
            if let (Some(mv), true) = (result.best_move, depth > 1) {
                // The chosen move really achieves the value: search the child with minimax.
                let child = qi_search::Game::result(&tree, mv);
                let child_value = search(&child, SearchConfig::plain(Algorithm::Minimax), &Limits::depth(depth - 1));
                prop_assert_eq!(parent_view(child_value.score), reference.score, "{:?} chose {}", config, mv);
            }
        }
    }

    #[test]
    fn collected_ties_are_exactly_the_best_moves_of_minimax((tree, depth) in tree_strategy()) {
        let minimax = search(&tree, SearchConfig { collect_ties: true, ..SearchConfig::plain(Algorithm::Minimax) }, &Limits::depth(depth));
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs] {
            let config = SearchConfig { algorithm, collect_ties: true, ..SearchConfig::default() };
            let mut got = search(&tree, config, &Limits::depth(depth)).best_moves;
            let mut want = minimax.best_moves.clone();
            got.sort_unstable();
            want.sort_unstable();
            prop_assert_eq!(got, want);
        }
    }
}

/// A child's score seen from its parent: negated, and a decisive score one ply further away.
fn parent_view(child: Score) -> Score {
    let s = -child;
    if score::is_decisive(s) {
        s - s.signum()
    } else {
        s
    }
}

#[test]
fn alphabeta_visits_strictly_fewer_nodes_than_minimax_on_non_trivial_trees() {
    let mut checked = 0;
    for seed in 0..200u64 {
        let tree = RandomTree::new(seed, 4, 6, 100);
        let depth = 6;
        let minimax = search(
            &tree,
            SearchConfig::plain(Algorithm::Minimax),
            &Limits::depth(depth),
        );
        let negamax = search(
            &tree,
            SearchConfig::plain(Algorithm::Negamax),
            &Limits::depth(depth),
        );
        assert_eq!(
            minimax.stats.nodes, negamax.stats.nodes,
            "negamax visits the same tree"
        );
        // Non-trivial: some node below the root has two or more children, so something can be pruned.
        if minimax.stats.nodes < 20 {
            continue;
        }
        checked += 1;
        // PVS is left out: without good ordering its re-searches can cost more than they save.
        for ordering in [false, true] {
            let config = SearchConfig {
                ordering,
                ..SearchConfig::plain(Algorithm::AlphaBeta)
            };
            let ab = search(&tree, config, &Limits::depth(depth));
            assert!(
                ab.stats.nodes < minimax.stats.nodes,
                "seed {seed}: alpha-beta (ordering {ordering}) {} vs minimax {}",
                ab.stats.nodes,
                minimax.stats.nodes
            );
        }
    }
    assert!(checked > 150, "only {checked} non-trivial trees");
}

#[test]
fn random_tie_breaks_are_reproducible_and_cover_every_tied_move() {
    // Flat trees with values in -1..=1 have many tied root moves; take the first with three.
    let config = |seed| SearchConfig {
        random_ties: true,
        seed: Some(seed),
        ..SearchConfig::default()
    };
    let (tree, ties) = (0..100)
        .map(|s| RandomTree::new(s, 8, 1, 1))
        .map(|t| {
            let ties = search(&t, config(0), &Limits::depth(1)).best_moves;
            (t, ties)
        })
        .find(|(_, ties)| ties.len() >= 3)
        .expect("some flat tree has three tied moves");
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let a = search(&tree, config(seed), &Limits::depth(1)).best_move;
        let b = search(&tree, config(seed), &Limits::depth(1)).best_move;
        assert_eq!(a, b, "same seed, same choice");
        assert!(ties.contains(&a.unwrap()));
        seen.insert(a.unwrap());
    }
    assert_eq!(
        seen.len(),
        ties.len(),
        "every tied move gets chosen by some seed"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// With a root margin, every root move within it carries its exact minimax value.
    #[test]
    fn root_margin_gives_exact_scores_to_near_best_moves((tree, depth) in tree_strategy(), margin in 0i32..40) {
        let mut searcher = qi_search::Searcher::new(SearchConfig::default());
        searcher.set_root_margin(margin);
        let result = searcher.search(&tree, &Limits::depth(depth));
        let Some(&(_, best)) = result.root_moves.first() else { return Ok(()) };
        prop_assert_eq!(best, result.score);
        for &(mv, s) in &result.root_moves {
            if s >= best - margin && depth > 1 {
                let child = qi_search::Game::result(&tree, mv);
                let exact = search(&child, SearchConfig::plain(Algorithm::Minimax), &Limits::depth(depth - 1));
                prop_assert_eq!(parent_view(exact.score), s, "move {} margin {}", mv, margin);
            }
        }
    }

    /// The principal variation is a legal line from the root.
    #[test]
    fn the_principal_variation_is_legal((tree, depth) in tree_strategy()) {
        for algorithm in Algorithm::ALL {
            let config = SearchConfig { algorithm, ..SearchConfig::default() };
            let result = search(&tree, config, &Limits::depth(depth));
            let mut game = tree.clone();
            for &mv in &result.pv {
                let mut moves = Vec::new();
                qi_search::Game::legal_moves(&game, &mut moves);
                prop_assert!(moves.contains(&mv), "{} pv {:?}", algorithm, result.pv);
                qi_search::Game::play(&mut game, mv);
            }
            prop_assert_eq!(result.pv.first(), result.best_move.as_ref());
        }
    }
}
