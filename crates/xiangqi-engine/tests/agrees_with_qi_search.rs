//! The engine's tournament search and `qi-search`'s textbook searches on
//! [`XiangqiGame`] agree wherever they must.
//!
//! The two searches share the evaluation and the rules (checkmate and stalemate lose, 120
//! quiet plies draw) but not their code: the engine has its own move loop, incremental
//! evaluation, aspiration windows, PVS, ordering, table and threads. What must agree:
//!
//! 1. **Fixed-depth minimax.** With only its value-preserving techniques on
//!    ([`SearchFeatures::fixed_depth_minimax`]: PVS, ordering, aspiration windows,
//!    mate-distance pruning, the table for move ordering only), the engine's depth-`d`
//!    value is the depth-`d` minimax value, exactly: the root score, the exact score of
//!    every root move, the score of the move it plays, and the position its principal
//!    variation leads to — the same as `qi-search`'s alpha-beta without a table, which in
//!    turn equals plain minimax (checked here at the shallow depths minimax can afford).
//!    More threads change only the order of the work, never this value.
//! 2. **Mates.** With every technique on, pruning may change heuristic values, but a mate
//!    the engine claims must be real: the same distance as the shortest forced mate that
//!    a full-width `qi-search` proves, on positions where the engine's depth reaches it.
//!
//! Where they need not agree (quiescence, extensions and pruning change heuristic values),
//! nothing is asserted except that the difference shows: each value-changing technique,
//! switched on alone, changes some root move's score on these positions, so the comparison
//! in 1 would notice any of them left on.

use qi_search::score::{is_decisive, loss_in, plies_to_end, win_in, Score, INFINITY};
use qi_search::{Algorithm, Limits, SearchConfig, Searcher, StopFlag};
use qi_xiangqi::{Move, Position, MOVE_RULE_PLIES};
use qi_xiangqi_engine::eval::evaluate;
use qi_xiangqi_engine::game::XiangqiGame;
use qi_xiangqi_engine::{Engine, EngineOptions, SearchFeatures, SearchRequest, SearchResult};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A test position: a name for messages, a FEN, moves (ICCS) played from it, and the
/// deepest fixed depth it is compared at (wide middlegames cost more per ply).
struct Case {
    name: &'static str,
    fen: &'static str,
    moves: &'static str,
    max_depth: u32,
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Sixteen positions: opening, middlegames with pieces hanging, endings, checkmates and
/// (losing) stalemates from both sides, a root in check, a root already mated, and one two
/// plies from the 60-move rule.
const CASES: &[Case] = &[
    Case {
        name: "start",
        fen: START,
        moves: "",
        max_depth: 4,
    },
    Case {
        // The central cannon has taken the centre soldier: it hangs to the horse and the
        // elephant's file is open.
        name: "cannon took the centre soldier",
        fen: START,
        moves: "h2e2 h9g7 e2e6",
        max_depth: 4,
    },
    Case {
        name: "developed opening, Black to move",
        fen: "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 6 4",
        moves: "",
        max_depth: 4,
    },
    Case {
        // A Black cannon deep in Red's camp, exchanges on both wings.
        name: "middlegame with captures",
        fen: "r2akab2/9/2n1b1c2/p3p1p1p/2p6/6P2/P1c1P3P/1CN1B1N2/4A4/R2AK1B2 w - - 0 15",
        moves: "",
        max_depth: 4,
    },
    Case {
        // The Red chariot and the Black cannon face each other on an open rank.
        name: "chariot attacks an unguarded cannon",
        fen: "3akab2/9/4b4/4p4/2R3c2/9/9/9/4A4/4K4 w - - 0 1",
        moves: "",
        max_depth: 6,
    },
    Case {
        name: "chariot against the full defence",
        fen: "4kab2/4a4/4b4/9/9/9/9/4B4/4A4/3AKR3 w - - 0 40",
        moves: "",
        max_depth: 6,
    },
    Case {
        name: "cannon against cannon",
        fen: "2bak4/4a4/4b4/4C4/9/9/9/9/4c4/4K4 w - - 0 1",
        moves: "",
        max_depth: 6,
    },
    Case {
        name: "soldier at the general's side",
        fen: "3k5/9/9/9/9/9/9/9/3p5/4K4 w - - 0 1",
        moves: "",
        max_depth: 6,
    },
    Case {
        name: "mate in 1",
        fen: "4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1",
        moves: "",
        max_depth: 6,
    },
    Case {
        // 1. e1e9+ f9f8 2. h0h8 mate.
        name: "mate in 2",
        fen: "5k3/9/3a1a3/9/9/9/9/9/4R4/4K2R1 w - - 8 5",
        moves: "",
        max_depth: 5,
    },
    Case {
        name: "mated in 2 plies, Black to move",
        fen: "5k3/9/3a1a3/9/9/9/9/9/4R4/4K2R1 w - - 8 5",
        moves: "e1e9",
        max_depth: 5,
    },
    Case {
        // 1. a1a8 e9f9 2. a8e8: the Black general has no move left, and in Xiangqi a
        // stalemated side loses.
        name: "stalemate in 2",
        fen: "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1",
        moves: "",
        max_depth: 5,
    },
    Case {
        name: "stalemated in 2 plies, Black to move",
        fen: "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1",
        moves: "a1a8",
        max_depth: 5,
    },
    Case {
        // The Black chariot checks along the back rank; block, step aside or give up.
        name: "in check at the root",
        fen: "4k4/9/9/9/9/9/9/9/5R3/3K4r w - - 0 1",
        moves: "",
        max_depth: 5,
    },
    Case {
        name: "checkmated at the root",
        fen: "R3k4/4c4/9/9/9/9/9/9/9/3K5 b - - 0 1",
        moves: "",
        max_depth: 3,
    },
    Case {
        // Two quiet plies from the 60-move rule: the draw cuts every quiet line at ply 2.
        name: "two plies from the 60-move rule",
        fen: "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/2BAK1B2 w - - 118 70",
        moves: "",
        max_depth: 3,
    },
];

/// Whether the side to move mates or is mated, and in how many plies.
#[derive(Clone, Copy)]
enum Mate {
    In(usize),
    Mated(usize),
}

/// The mate positions with their distance.
const MATES: &[(&str, Mate)] = &[
    ("mate in 1", Mate::In(1)),
    ("mate in 2", Mate::In(3)),
    ("mated in 2 plies, Black to move", Mate::Mated(2)),
    ("stalemate in 2", Mate::In(3)),
    ("stalemated in 2 plies, Black to move", Mate::Mated(2)),
    ("checkmated at the root", Mate::Mated(0)),
];

fn case(name: &str) -> &'static Case {
    CASES
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

/// The position of a case.
fn position(case: &Case) -> Position {
    let mut pos = Position::from_fen(case.fen)
        .unwrap_or_else(|e| panic!("{}: bad FEN {}: {e}", case.name, case.fen));
    for text in case.moves.split_whitespace() {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{}: bad move {text}: {e}", case.name));
        pos.make_move(mv);
    }
    pos
}

/// `qi-search`'s answer at `depth`: alpha-beta without a table, every root move scored
/// exactly (the root margin covers every score).
fn reference(pos: &Position, depth: u32, algorithm: Algorithm) -> qi_search::SearchResult<Move> {
    let mut searcher = Searcher::<XiangqiGame>::new(SearchConfig {
        ordering: true,
        seed: Some(1),
        ..SearchConfig::plain(algorithm)
    });
    searcher.set_root_margin(INFINITY);
    searcher.search(&XiangqiGame::new(pos.clone()), &Limits::depth(depth))
}

/// The reference for every case at every depth it is compared at, computed once for all
/// tests (it is the expensive part: alpha-beta without a table).
fn references() -> &'static [(&'static Case, u32, qi_search::SearchResult<Move>)] {
    static REFERENCES: OnceLock<Vec<(&'static Case, u32, qi_search::SearchResult<Move>)>> =
        OnceLock::new();
    REFERENCES.get_or_init(|| {
        let mut all = Vec::new();
        for case in CASES {
            let pos = position(case);
            for depth in 1..=case.max_depth {
                all.push((case, depth, reference(&pos, depth, Algorithm::AlphaBeta)));
            }
        }
        all
    })
}

/// The engine's answer at `depth` with `features`, on `threads` threads.
fn engine(
    pos: &Position,
    depth: u32,
    features: SearchFeatures,
    threads: usize,
    all_root_scores: bool,
) -> SearchResult {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 4,
        threads,
    });
    engine.set_features(features);
    let req = SearchRequest {
        position: pos.clone(),
        depth: Some(depth),
        all_root_scores,
        ..SearchRequest::default()
    };
    engine.search(&req, &StopFlag::new(), |_| {})
}

/// Plays `pv` from `pos`, failing on an illegal move, and returns the position reached.
fn play_line(pos: &Position, pv: &[Move], what: &str) -> Position {
    let mut p = pos.clone();
    for (i, &mv) in pv.iter().enumerate() {
        assert!(
            p.is_legal(mv),
            "{what}: PV move {i} ({}) is illegal in {}",
            mv.to_iccs(),
            p.to_fen()
        );
        p.make_move(mv);
    }
    p
}

/// A principal variation proves its score: a heuristic score is the evaluation (or the
/// 60-move draw) of the position `depth` plies down the line, seen from the root's side;
/// a mate score ends in a position without a legal move after exactly that many plies.
fn assert_pv_proves(pos: &Position, pv: &[Move], score: Score, depth: u32, what: &str) {
    let end = play_line(pos, pv, what);
    if let Some(plies) = plies_to_end(score) {
        assert_eq!(pv.len() as u32, plies, "{what}: mate PV length");
        assert!(
            end.legal_moves().is_empty(),
            "{what}: the mate PV ends in {} with legal moves",
            end.to_fen()
        );
        return;
    }
    let plies = pv.len() as u32;
    let leaf = if end.halfmove_clock() >= MOVE_RULE_PLIES {
        0
    } else {
        assert_eq!(plies, depth, "{what}: a heuristic PV reaches the horizon");
        evaluate(&end)
    };
    let from_root = if plies % 2 == 0 { leaf } else { -leaf };
    assert_eq!(from_root, score, "{what}: PV leaf {} value", end.to_fen());
}

/// Root move scores by move, checking that every legal move of `pos` is scored once.
fn scores_by_move(pos: &Position, scores: &[(Move, Score)], what: &str) -> BTreeMap<String, Score> {
    let mut map = BTreeMap::new();
    for &(mv, s) in scores {
        let earlier = map.insert(mv.to_iccs(), s);
        assert!(earlier.is_none(), "{what}: {} scored twice", mv.to_iccs());
    }
    assert_eq!(map.len(), pos.legal_moves().len(), "{what}: moves scored");
    map
}

/// 1a. `qi-search`'s alpha-beta (the reference below) is plain minimax, at the depths
/// minimax can afford on these positions.
#[test]
fn qi_search_alpha_beta_is_minimax_on_xiangqi() {
    for case in CASES {
        let pos = position(case);
        for depth in 1..=2 {
            let minimax = reference(&pos, depth, Algorithm::Minimax);
            let alphabeta = reference(&pos, depth, Algorithm::AlphaBeta);
            assert_eq!(
                minimax.score, alphabeta.score,
                "{} depth {depth}: minimax and alpha-beta",
                case.name
            );
            assert_eq!(
                scores_by_move(&pos, &minimax.root_moves, case.name),
                scores_by_move(&pos, &alphabeta.root_moves, case.name),
                "{} depth {depth}: root move scores",
                case.name
            );
        }
    }
}

/// 1b. The engine with only value-preserving techniques is fixed-depth minimax.
#[test]
fn engine_without_value_changing_techniques_is_fixed_depth_minimax() {
    let features = SearchFeatures::fixed_depth_minimax();
    for (case, depth, want) in references() {
        let (depth, pos) = (*depth, position(case));
        let what = format!("{} depth {depth}", case.name);
        let got = engine(&pos, depth, features, 1, false);
        assert_eq!(got.score, want.score, "{what}: root value");
        assert_eq!(
            got.best.is_some(),
            want.best_move.is_some(),
            "{what}: a move iff any"
        );
        if let Some(best) = got.best {
            let value = want.root_moves.iter().find(|&&(m, _)| m == best);
            assert_eq!(
                value.map(|&(_, s)| s),
                Some(want.score),
                "{what}: the engine's move {} is not one of the best",
                best.to_iccs()
            );
            assert_eq!(
                got.pv.first(),
                Some(&best),
                "{what}: PV starts with the move"
            );
            assert_pv_proves(&pos, &got.pv, got.score, depth, &format!("{what} engine"));
        }
        assert_pv_proves(
            &pos,
            &want.pv,
            want.score,
            depth,
            &format!("{what} qi-search"),
        );
    }
}

/// 1c. Scored one by one (levels, MultiPV), every root move gets its exact minimax value,
/// once.
#[test]
fn engine_root_move_scores_are_the_minimax_values() {
    let features = SearchFeatures::fixed_depth_minimax();
    for (case, depth, want) in references() {
        let what = format!("{} depth {depth}", case.name);
        let pos = position(case);
        let got = engine(&pos, *depth, features, 1, true);
        assert_eq!(got.score, want.score, "{what}: root value");
        assert_eq!(
            scores_by_move(&pos, &got.root_scores, &what),
            scores_by_move(&pos, &want.root_moves, &what),
            "{what}: root move scores"
        );
    }
}

/// 1d. Lazy SMP's helpers share the table; with table cutoffs off it only orders moves,
/// so the value is still exact.
#[test]
fn helper_threads_do_not_change_the_minimax_value() {
    let features = SearchFeatures::fixed_depth_minimax();
    for name in [
        "cannon took the centre soldier",
        "chariot attacks an unguarded cannon",
        "in check at the root",
    ] {
        let case = case(name);
        let pos = position(case);
        let depth = case.max_depth;
        let want = reference(&pos, depth, Algorithm::AlphaBeta);
        let got = engine(&pos, depth, features, 3, false);
        assert_eq!(got.score, want.score, "{name} depth {depth}, 3 threads");
    }
}

/// 2. Mates: the full engine and full-width `qi-search` give the same distance.
///
/// A full-width search sees a mate `p` plies away from depth `p + 1` on (the mated
/// position must be searched, not evaluated); the full engine must report it by depth
/// `p + 3`: reverse futility may return a null-window node's static evaluation, far above
/// beta, without searching the quiet mating move below it, and late-move pruning,
/// reductions and internal iterative reduction may put that move off too, each costing
/// an iteration ("stalemate in 2", mate in 3 plies, shows at depth 6 with the tuned
/// weights; with any one of those four switched off it shows at depth 4 or 5). Before
/// that the engine may see it early (quiescence searches every evasion from check, and
/// checks are extended) or not (quiescence does not look for stalemate), but a mate it
/// reports must be this one.
#[test]
fn both_find_the_same_mates() {
    for &(name, mate) in MATES {
        let case = case(name);
        let pos = position(case);
        let (expected, plies) = match mate {
            Mate::In(plies) => (win_in(plies), plies as u32),
            Mate::Mated(plies) => (loss_in(plies), plies as u32),
        };
        let depth = case.max_depth;
        let want = reference(&pos, depth, Algorithm::AlphaBeta);
        assert_eq!(want.score, expected, "{name}: qi-search at depth {depth}");
        assert!(plies < depth, "{name}: compare deeper");
        let seen_from = plies + 3;
        for d in 1..=depth.max(seen_from) {
            let got = engine(&pos, d, SearchFeatures::all(), 1, false);
            if d < seen_from && !is_decisive(got.score) {
                continue;
            }
            assert_eq!(got.score, expected, "{name}: the engine at depth {d}");
            if let Some(best) = got.best {
                assert_pv_proves(&pos, &got.pv, got.score, d, &format!("{name} engine"));
                let value = want.root_moves.iter().find(|&&(m, _)| m == best);
                assert_eq!(
                    value.map(|&(_, s)| s),
                    Some(expected),
                    "{name} depth {d}: the engine's move {} is not a fastest mate",
                    best.to_iccs()
                );
            }
        }
    }
}

/// The comparison is sharp: each value-changing technique, switched on alone, changes
/// some root move's score on these positions, so 1c would notice it left on by mistake
/// (or a "value-preserving" change that is not). Delta and exchange (SEE) pruning are left
/// out: they act only inside quiescence, which changes the values by itself.
///
/// When retuning makes a technique invisible here, add a position where it acts rather
/// than dropping it from the list.
#[test]
fn each_value_changing_technique_shows_in_the_comparison() {
    let minimax = SearchFeatures::fixed_depth_minimax();
    let techniques = [
        (
            "table cutoffs",
            SearchFeatures {
                table_cutoffs: true,
                ..minimax
            },
        ),
        (
            "repetition rulings",
            SearchFeatures {
                repetition_rulings: true,
                ..minimax
            },
        ),
        (
            "check extensions",
            SearchFeatures {
                check_extensions: true,
                ..minimax
            },
        ),
        (
            "quiescence",
            SearchFeatures {
                quiescence: true,
                ..minimax
            },
        ),
        (
            "reverse futility",
            SearchFeatures {
                reverse_futility: true,
                ..minimax
            },
        ),
        (
            "null move",
            SearchFeatures {
                null_move: true,
                ..minimax
            },
        ),
        (
            "late-move pruning",
            SearchFeatures {
                late_move_pruning: true,
                ..minimax
            },
        ),
        (
            "late-move reductions",
            SearchFeatures {
                late_move_reductions: true,
                ..minimax
            },
        ),
        (
            "futility pruning",
            SearchFeatures {
                futility_pruning: true,
                ..minimax
            },
        ),
    ];
    for (technique, features) in techniques {
        let shows = references().iter().any(|(case, depth, want)| {
            let what = format!("{technique}: {} depth {depth}", case.name);
            let pos = position(case);
            let got = engine(&pos, *depth, features, 1, true);
            scores_by_move(&pos, &got.root_scores, &what)
                != scores_by_move(&pos, &want.root_moves, &what)
        });
        assert!(
            shows,
            "{technique} changes no root move's score on any position"
        );
    }
}

/// Futility pruning and internal iterative reduction must each shrink the tree somewhere
/// when switched on alone, so a switch that did nothing would be noticed. (Futility also
/// changes root scores: it is in the list above. Internal iterative reduction searches a
/// node without a table move one ply shallower; on these positions that changes no root
/// score, only the tree.)
#[test]
fn futility_and_internal_iterative_reduction_shrink_the_tree() {
    let minimax = SearchFeatures::fixed_depth_minimax();
    for (technique, features) in [
        (
            "futility pruning",
            SearchFeatures {
                futility_pruning: true,
                ..minimax
            },
        ),
        (
            "internal iterative reduction",
            SearchFeatures {
                internal_iterative_reduction: true,
                ..minimax
            },
        ),
    ] {
        let smaller = references()
            .iter()
            .filter(|(case, depth, _)| {
                let pos = position(case);
                let without = engine(&pos, *depth, minimax, 1, true);
                let with = engine(&pos, *depth, features, 1, true);
                with.stats.nodes < without.stats.nodes
            })
            .count();
        assert!(smaller > 0, "{technique} pruned no node anywhere");
    }
}

/// With everything on, the engine's values differ from fixed-depth minimax on most
/// positions (and the test above says which technique does it).
#[test]
fn the_full_engine_differs_from_fixed_depth_minimax() {
    let differing = references()
        .iter()
        .filter(|(case, depth, want)| {
            let got = engine(&position(case), *depth, SearchFeatures::all(), 1, false);
            !is_decisive(want.score) && got.score != want.score
        })
        .count();
    assert!(
        differing * 3 >= references().len(),
        "only {differing} of {} values differ",
        references().len()
    );
}
