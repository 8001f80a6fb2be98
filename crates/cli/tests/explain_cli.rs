//! `qi explain` for every game, end to end: the tree printed has as many nodes, leaves and
//! cutoffs as the search counted; the table's figures are those of the same searches run
//! through the library; every printed bound and cutoff label matches the printed window and
//! value by the textbook's rule; legends fit the algorithm.

mod common;

use common::cli::{fails, qi};
use qi_explain::Restricted;
use qi_search::score::win_in;
use qi_search::{Algorithm, Game, Limits, Score, SearchConfig, Searcher, TranspositionTable};
use std::sync::Arc;

/// A position to explain: the command line and the same position as a library game.
struct Case {
    args: Vec<&'static str>,
    /// Node, leaf and cutoff counts of the five table configurations, from the library.
    table: Vec<(u64, u64, u64)>,
    /// The root player's name, for decisive values.
    root: &'static str,
}

fn table_figures<G: Game>(game: &G, depth: u32) -> Vec<(u64, u64, u64)> {
    let plain = |algorithm, ordering, tt: bool| {
        (
            SearchConfig {
                ordering,
                tt_megabytes: usize::from(tt),
                ..SearchConfig::plain(algorithm)
            },
            tt,
        )
    };
    [
        plain(Algorithm::Minimax, false, false),
        plain(Algorithm::AlphaBeta, false, false),
        plain(Algorithm::AlphaBeta, true, false),
        plain(Algorithm::AlphaBeta, true, true),
        plain(Algorithm::Pvs, true, true),
    ]
    .into_iter()
    .map(|(config, tt)| {
        let table = tt.then(|| Arc::new(TranspositionTable::new(1)));
        let r = Searcher::with_table(config, table).search(game, &Limits::depth(depth));
        (r.stats.nodes, r.stats.leaves, r.stats.beta_cutoffs)
    })
    .collect()
}

fn cases() -> Vec<Case> {
    let ttt = |board: &'static str, depth: u32| {
        let game = qi_tictactoe::TicTacToe::new(board.parse().unwrap());
        Case {
            args: vec![
                "tictactoe",
                board,
                "--depth",
                ["1", "2", "3", "4"][depth as usize - 1],
            ],
            table: table_figures(&game, depth),
            root: if game.side_to_move() == qi_search::Player::First {
                "X"
            } else {
                "O"
            },
        }
    };
    let gomoku = {
        let moves = "h8 i9 h9 h10 j8";
        let parsed = qi_gomoku::parse_moves(moves).unwrap();
        let (board, _) =
            qi_gomoku::board_from_moves(15, qi_gomoku::Rule::Freestyle, &parsed).unwrap();
        let game = qi_gomoku::Gomoku::new(board, qi_gomoku::SearchSettings::default());
        Case {
            args: vec!["gomoku", "--moves", moves, "--depth", "3", "--top", "3"],
            table: table_figures(&Restricted::new(game, Some(3)), 3),
            root: "White",
        }
    };
    let xiangqi = {
        let mut pos = qi_xiangqi::Position::startpos();
        for m in ["h2e2", "h9g7"] {
            let mv = pos.parse_move(m).unwrap();
            pos.make_move(mv);
        }
        let game = qi_xiangqi_engine::game::XiangqiGame::new(pos);
        Case {
            args: vec![
                "xiangqi",
                "--moves",
                "h2e2 h9g7",
                "--depth",
                "3",
                "--top",
                "3",
            ],
            table: table_figures(&Restricted::new(game, Some(3)), 3),
            root: "Red",
        }
    };
    let endgame = {
        // Red's chariot and general against a lone general: short forced lines.
        let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
        let game =
            qi_xiangqi_engine::game::XiangqiGame::new(qi_xiangqi::Position::from_fen(fen).unwrap());
        Case {
            args: vec!["xiangqi", "--fen", fen, "--depth", "3", "--top", "4"],
            table: table_figures(&Restricted::new(game, Some(4)), 3),
            root: "Red",
        }
    };
    vec![
        ttt("xo./.x./..o", 2),
        ttt("xo./.x./..o", 4),
        ttt("x../.o./...", 3),
        gomoku,
        xiangqi,
        endgame,
    ]
}

/// A printed value as a number from the root player's view.
fn value(text: &str, root: &str) -> Score {
    let text = text.trim();
    match text {
        "+∞" => return Score::MAX,
        "−∞" => return Score::MIN,
        _ => {}
    }
    if let Some((who, plies)) = text.split_once(" wins in ") {
        let v = win_in(plies.parse().unwrap());
        return if who == root { v } else { -v };
    }
    text.parse().unwrap_or_else(|_| panic!("value {text:?}"))
}

/// One node line: role, window, value and note.
struct Line {
    role: &'static str,
    window: Option<(Score, Score)>,
    value: Score,
    note: String,
}

fn parse_line(line: &str, root: &str) -> Option<Line> {
    let role = if line.contains(" (MAX)") {
        "MAX"
    } else if line.contains(" (MIN)") {
        "MIN"
    } else {
        return None;
    };
    let after_role = &line[line.find(&format!(" ({role})")).unwrap() + 6..];
    let (head, rest) = after_role.split_once(" = ").expect("a value");
    let window = head.trim().strip_prefix("[α ").map(|w| {
        let (a, b) = w.trim_end_matches(']').split_once(", β ").unwrap();
        (value(a, root), value(b, root))
    });
    let (value_text, note) = match rest.split_once("  (") {
        Some((v, n)) => (v, n.trim_end_matches(')').to_string()),
        None => (rest, String::new()),
    };
    Some(Line {
        role,
        window,
        value: value(value_text, root),
        note,
    })
}

/// The label the textbook gives an inner node with this window and value.
fn textbook_note(line: &Line) -> &'static str {
    let (alpha, beta) = line.window.unwrap_or((Score::MIN, Score::MAX));
    match line.role {
        "MAX" if line.value >= beta => "lower bound: beta cutoff",
        "MAX" if line.value <= alpha => "upper bound: every move failed low",
        "MIN" if line.value <= alpha => "upper bound: alpha cutoff",
        "MIN" if line.value >= beta => "lower bound: every move failed high",
        _ => "",
    }
}

fn run(args: &[&str]) -> String {
    let out = qi(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Reads "the tree has N nodes, L leaves and C cutoffs; the search counted N nodes, …".
fn summary(text: &str) -> [u64; 6] {
    let line = text
        .lines()
        .find(|l| l.starts_with("best move:"))
        .expect("a summary line");
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let n = numbers.len();
    numbers[n - 6..].try_into().unwrap()
}

/// The table rows' nodes, leaves and cutoffs, by row name.
fn table(text: &str) -> Vec<(String, (u64, u64, u64))> {
    let start = text
        .lines()
        .position(|l| l.starts_with("algorithm"))
        .expect("a table");
    text.lines()
        .skip(start + 1)
        .take(5)
        .map(|l| {
            let name = l[..28].trim().to_string();
            let n: Vec<u64> = l[28..]
                .split_whitespace()
                .take(3)
                .map(|s| s.parse().unwrap())
                .collect();
            (name, (n[0], n[1], n[2]))
        })
        .collect()
}

#[test]
fn printed_counts_agree_with_the_search_and_labels_with_the_textbook_in_every_game() {
    let shown = [
        ("minimax", false, "minimax"),
        ("alphabeta", false, "alpha-beta"),
        ("alphabeta", true, "alpha-beta + ordering"),
        ("pvs", false, ""),
        ("negamax", false, "minimax"),
    ];
    let mut labels = 0;
    let mut cutoffs = [0, 0];
    for case in cases() {
        for (algo, ordering, row) in shown {
            let mut args = vec!["explain"];
            args.extend_from_slice(&case.args);
            args.extend_from_slice(&["--algo", algo]);
            if ordering {
                args.push("--ordering");
            }
            let text = run(&args);
            let what = format!("{args:?}");
            let lines: Vec<Line> = text
                .lines()
                .filter_map(|l| parse_line(l, case.root))
                .collect();
            let leaves = lines
                .iter()
                .filter(|l| l.note.starts_with("EVAL") || l.note.starts_with("game over"))
                .count() as u64;
            let cuts = lines.iter().filter(|l| l.note.ends_with(" cutoff")).count() as u64;
            let [tree_nodes, tree_leaves, tree_cuts, nodes, leaves_counted, cuts_counted] =
                summary(&text);
            assert_eq!(
                (lines.len() as u64, leaves, cuts),
                (tree_nodes, tree_leaves, tree_cuts),
                "{what}: lines printed"
            );
            assert_eq!(
                (nodes, leaves_counted, cuts_counted),
                (tree_nodes, tree_leaves, tree_cuts),
                "{what}: tree vs the search's statistics"
            );
            let rows = table(&text);
            let expected: Vec<(u64, u64, u64)> = rows.iter().map(|r| r.1).collect();
            assert_eq!(expected, case.table, "{what}: the table vs the library");
            if !row.is_empty() {
                let (_, figures) = rows.iter().find(|r| r.0 == row).expect("the row");
                assert_eq!(*figures, (nodes, leaves_counted, cuts_counted), "{what}");
            }
            for line in &lines {
                if line.note.starts_with("EVAL") || line.note.starts_with("game over") {
                    continue;
                }
                assert_eq!(line.note, textbook_note(line), "{what}");
                labels += 1;
                if line.note.contains("alpha cutoff") {
                    cutoffs[0] += 1;
                }
                if line.note.contains("beta cutoff") {
                    cutoffs[1] += 1;
                }
            }
            if !algo.ends_with("max") {
                continue;
            }
            // Minimax and negamax: no windows, nothing pruned, and a legend that says so.
            assert!(!text.contains("[α"), "{what}");
            assert!(!text.contains('✂'), "{what}");
            assert!(text.contains("no window, nothing pruned"), "{what}");
        }
    }
    assert!(labels > 100, "{labels} inner nodes checked");
    assert!(
        cutoffs[0] > 5 && cutoffs[1] > 5,
        "both cutoff kinds: {cutoffs:?}"
    );
}

#[test]
fn the_reported_min_node_is_an_upper_bound_from_an_alpha_cutoff() {
    let text = run(&["explain", "tictactoe", "xo./.x./..o", "--depth", "2"]);
    let line = text
        .lines()
        .find(|l| l.contains("X 8 (MIN)"))
        .expect("X 8 is searched");
    assert!(
        line.ends_with("[α +3, β +∞] = -3  (upper bound: alpha cutoff)"),
        "{line}"
    );
    assert!(!text.contains("lower bound: beta cutoff"), "{text}");
    // Leaves say what EVAL counted: X 2·3 = 6 − O 1·9 = 9 → -3 under X 8, O 3.
    assert!(
        text.contains("O 3 (MAX) [α +3, β +∞] = -3  (EVAL: X 2·3 = 6 − O 1·9 = 9 → -3)"),
        "{text}"
    );
}

#[test]
fn dot_output_draws_the_same_tree() {
    for args in [
        &["explain", "tictactoe", "xox/.o./...", "--dot"][..],
        &[
            "explain", "gomoku", "--moves", "h8 i9", "--dot", "--depth", "2",
        ],
        &["explain", "xiangqi", "--dot", "--algo", "pvs", "--ordering"],
    ] {
        let dot = run(args);
        assert!(dot.contains("digraph search {"), "{args:?}");
        assert!(dot.trim_end().ends_with('}'), "{args:?}");
        let boxes = dot
            .lines()
            .filter(|l| l.trim_start().starts_with('n') && l.contains("[label=\""))
            .filter(|l| !l.contains("✂ pruned"))
            .count();
        let mut text_args: Vec<&str> = args.iter().copied().filter(|a| *a != "--dot").collect();
        text_args.push("--max-nodes");
        text_args.push("100000");
        let text = run(&text_args);
        assert_eq!(boxes as u64, summary(&text)[0], "{args:?}");
        // The table travels as comments.
        assert!(dot.contains("// minimax"), "{args:?}");
    }
}

#[test]
fn pvs_shows_probes_and_re_searches() {
    let text = run(&[
        "explain",
        "tictactoe",
        "x../.o./...",
        "--depth",
        "3",
        "--algo",
        "pvs",
    ]);
    assert!(text.contains(" probe ("), "{text}");
    assert!(text.contains(" re-search ("), "{text}");
    assert!(text.contains("null window"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_no_panic() {
    for args in [
        &["explain", "tictactoe", "xxx/oo./..."][..],
        &["explain", "tictactoe", "abc"],
        &["explain", "tictactoe", "x../.../...", "--depth", "0"],
        &["explain", "tictactoe", "x../.../...", "--top", "0"],
        &["explain", "tictactoe", "x../.../...", "--top", "some"],
        &["explain", "gomoku", "--moves", "h8 h8"],
        &["explain", "gomoku", "--moves", "h8 a1 i8 a2 j8 a3 k8 a4 l8"],
        &["explain", "gomoku", "--size", "3"],
        &["explain", "xiangqi", "--fen", "not a fen"],
        &["explain", "xiangqi", "--moves", "a0a5"],
        &["explain", "xiangqi", "--depth", "40"],
        &["explain", "xiangqi", "--top", "all", "--depth", "6"],
        &[
            "explain",
            "xiangqi",
            "--top",
            "all",
            "--depth",
            "2",
            "--dot",
            "--max-nodes",
            "10",
        ],
    ] {
        fails(args);
    }
}
