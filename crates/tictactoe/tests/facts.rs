//! Every figure of `../shared/data/tictactoe/facts.txt`, reproduced by exhaustive enumeration.

use qi_search::Algorithm;
use qi_tictactoe::{facts, solve, Board, SolveOptions};
use std::path::PathBuf;

/// The published figures (facts carry over, so the test means something in a plain clone).
const KNOWN: [(&str, u64); 9] = [
    ("games_total", 255_168),
    ("games_x_wins", 131_184),
    ("games_o_wins", 77_904),
    ("games_draw", 46_080),
    ("positions_reachable", 5_478),
    ("positions_up_to_symmetry", 765),
    ("terminal_positions", 958),
    ("terminal_positions_up_to_symmetry", 138),
    ("full_game_tree_nodes", 549_946),
];

fn counted(f: &facts::Facts, key: &str) -> Option<u64> {
    Some(match key {
        "games_total" => f.games_total,
        "games_x_wins" => f.games_x_wins,
        "games_o_wins" => f.games_o_wins,
        "games_draw" => f.games_draw,
        "positions_reachable" => f.positions_reachable,
        "positions_up_to_symmetry" => f.positions_up_to_symmetry,
        "terminal_positions" => f.terminal_positions,
        "terminal_positions_up_to_symmetry" => f.terminal_positions_up_to_symmetry,
        "full_game_tree_nodes" => f.full_game_tree_nodes,
        _ => return None,
    })
}

#[test]
fn enumeration_reproduces_the_published_figures() {
    let f = facts::count();
    for (key, value) in KNOWN {
        assert_eq!(counted(&f, key), Some(value), "{key}");
    }
    assert_eq!(
        f.games_x_wins + f.games_o_wins + f.games_draw,
        f.games_total
    );
}

#[test]
fn enumeration_reproduces_every_line_of_the_shared_facts_file() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tictactoe/facts.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        shared_missing(&path, "the facts were counted but not compared");
        return;
    };
    let f = facts::count();
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(levels) =
            line.strip_prefix("# Nodes per level when no game ends early (level: count):")
        {
            // Those counts ignore early wins: 9!/(9-k)!; the first wins happen at level 5, so the real tree is smaller from level 6 on.
            for item in levels.split_whitespace() {
                let (level, count) = item.split_once(':').expect("level:count");
                let (level, count): (usize, u64) = (level.parse().unwrap(), count.parse().unwrap());
                let no_early_end: u64 = (0..level as u64).map(|i| 9 - i).product();
                assert_eq!(count, no_early_end, "level {level}");
                if level <= 5 {
                    assert_eq!(f.nodes_per_level[level], count, "level {level}");
                } else {
                    assert!(f.nodes_per_level[level] < count, "level {level}");
                }
                checked += 1;
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (key, value) = (parts.next().unwrap(), parts.next().unwrap());
        if key == "value_of_empty_board" {
            let minimax = solve(
                Board::empty(),
                SolveOptions {
                    algorithm: Algorithm::Minimax,
                    ..SolveOptions::default()
                },
            );
            assert_eq!(value, ["loss", "draw", "win"][(minimax.value + 1) as usize]);
        } else {
            let expected: u64 = value.parse().unwrap();
            assert_eq!(counted(&f, key), Some(expected), "{key}");
        }
        checked += 1;
    }
    assert!(checked >= 19, "checked only {checked} figures");
}

#[test]
fn plain_minimax_visits_the_whole_game_tree() {
    let r = solve(
        Board::empty(),
        SolveOptions {
            algorithm: Algorithm::Minimax,
            ..SolveOptions::default()
        },
    );
    assert_eq!(r.search.stats.nodes, 549_946);
    assert_eq!(r.value, 0);
    assert_eq!(r.best_moves.len(), 9, "every first move draws");
}

/// Reports a missing `../shared` file where `cargo test` shows it (straight to stderr, past
/// the harness's capture), or fails when `QI_REQUIRE_SHARED=1` says the data must be there
/// (`.ci/run` sets it whenever `../shared` exists).
fn shared_missing(path: &std::path::Path, consequence: &str) {
    if std::env::var_os("QI_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!(
            "{} is missing but QI_REQUIRE_SHARED=1 requires it",
            path.display()
        );
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {} not found; {consequence}",
        path.display()
    );
}
