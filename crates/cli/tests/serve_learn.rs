//! The Learn view's API end to end: `qi serve --port 0` spawned, its trees compared node
//! for node with the search statistics and with `qi explain`'s counts, its limits checked.

mod common;

use common::cli::qi;
use reqwest::blocking::Client;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A spawned `qi serve --port 0`, killed when dropped.
struct Served {
    child: Child,
    url: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("qi runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("a line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    Served { child, url }
}

fn post(served: &Served, path: &str, body: &Value) -> (StatusCode, Value) {
    let response = Client::new()
        .post(format!("{}{path}", served.url))
        .json(body)
        .send()
        .expect("the server answers");
    let status = response.status();
    (status, response.json().expect("a JSON body"))
}

/// The numbers of `qi explain`'s summary line: tree nodes, leaves, cutoffs, then the search's.
fn explain_summary(args: &[&str]) -> [u64; 6] {
    let out = qi(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("best move:"))
        .expect("a summary line");
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    numbers[numbers.len() - 6..].try_into().unwrap()
}

fn count(nodes: &[Value], what: impl Fn(&Value) -> bool) -> u64 {
    nodes.iter().filter(|n| what(n)).count() as u64
}

/// The tree's own node list agrees with its totals, with the search statistics, and with
/// the textbook's parent/child structure.
fn check_tree(answer: &Value) -> [u64; 3] {
    let nodes = answer["nodes"].as_array().expect("nodes");
    let n = nodes.len() as u64;
    let leaves = count(nodes, |v| {
        matches!(
            v["reason"].as_str(),
            Some("game over" | "evaluated at the depth limit")
        )
    });
    let cutoffs = count(nodes, |v| v["cutoff"] == json!(true));
    assert_eq!(answer["tree"]["nodes"], json!(n));
    assert_eq!(answer["tree"]["leaves"], json!(leaves));
    assert_eq!(answer["tree"]["cutoffs"], json!(cutoffs));
    assert_eq!(answer["stats"]["nodes"], json!(n), "node for node");
    assert_eq!(answer["stats"]["leaves"], json!(leaves));
    assert_eq!(answer["stats"]["cutoffs"], json!(cutoffs));
    for (i, node) in nodes.iter().enumerate() {
        assert_eq!(node["id"], json!(i));
        let role = if node["ply"].as_u64().unwrap() % 2 == 0 {
            "MAX"
        } else {
            "MIN"
        };
        assert_eq!(node["role"], role);
        if let Some(parent) = node["parent"].as_u64() {
            assert!(parent < i as u64, "parents come first");
            assert_eq!(
                nodes[parent as usize]["ply"].as_u64().unwrap() + 1,
                node["ply"].as_u64().unwrap()
            );
        } else {
            assert_eq!(i, 0, "only the root has no parent");
        }
        if node["cutoff"] == json!(true) {
            assert!(
                !node["pruned"].as_array().unwrap().is_empty()
                    || node["reason"].as_str().unwrap().contains("cutoff"),
                "{node}"
            );
        }
    }
    [n, leaves, cutoffs]
}

#[test]
fn trees_agree_with_the_search_and_with_qi_explain_in_every_game() {
    let served = serve();
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        (
            "tictactoe",
            json!({"start": "xo./.x./..o", "depth": 2}),
            vec!["explain", "tictactoe", "xo./.x./..o", "--depth", "2"],
        ),
        (
            "tictactoe",
            json!({"moves": ["5"], "depth": 4, "algorithm": "pvs", "ordering": true}),
            vec![
                "explain",
                "tictactoe",
                ".../.x./...",
                "--depth",
                "4",
                "--algo",
                "pvs",
                "--ordering",
            ],
        ),
        (
            "gomoku",
            json!({"moves": ["h8", "i9"], "depth": 3, "top": 3}),
            vec![
                "explain", "gomoku", "--moves", "h8 i9", "--depth", "3", "--top", "3",
            ],
        ),
        (
            "xiangqi",
            json!({"moves": ["h2e2"], "depth": 2, "top": 4, "algorithm": "minimax"}),
            vec![
                "explain", "xiangqi", "--moves", "h2e2", "--depth", "2", "--top", "4", "--algo",
                "minimax",
            ],
        ),
    ];
    for (game, body, args) in cases {
        let (status, answer) = post(&served, &format!("api/games/{game}/learn/tree"), &body);
        assert_eq!(status, StatusCode::OK, "{game} {body}: {answer}");
        let figures = check_tree(&answer);
        let cli = explain_summary(&args);
        assert_eq!(
            figures,
            [cli[0], cli[1], cli[2]],
            "{game} {body} vs {args:?}"
        );
        assert_eq!(
            figures,
            [cli[3], cli[4], cli[5]],
            "{game} {body} vs {args:?}"
        );
    }
}

#[test]
fn a_min_node_below_alpha_is_an_upper_bound_from_an_alpha_cutoff() {
    let served = serve();
    let (_, answer) = post(
        &served,
        "api/games/tictactoe/learn/tree",
        &json!({"start": "xo./.x./..o", "depth": 2}),
    );
    let nodes = answer["nodes"].as_array().unwrap();
    let cut = nodes
        .iter()
        .find(|n| n["cutoff"] == json!(true))
        .expect("a cutoff");
    assert_eq!(cut["role"], "MIN");
    assert_eq!(cut["bound"], "upper bound");
    assert_eq!(cut["reason"], "alpha cutoff");
    assert!(cut["value"].as_i64().unwrap() <= cut["alpha"].as_i64().unwrap());
    assert!(!cut["pruned"].as_array().unwrap().is_empty());
    // Every node carries its board, the root's as the request gave it.
    assert_eq!(nodes[0]["board"], "xo./.x./..o");
}

#[test]
fn counts_grow_with_depth_and_match_the_tree() {
    let served = serve();
    let (status, counts) = post(
        &served,
        "api/games/tictactoe/learn/counts",
        &json!({"start": "xo./.x./..o", "depth": 5}),
    );
    assert_eq!(status, StatusCode::OK, "{counts}");
    let depths = counts["depths"].as_array().unwrap();
    assert_eq!(depths.len(), 5);
    let minimax: Vec<u64> = depths
        .iter()
        .map(|d| d["rows"][0]["nodes"].as_u64().unwrap())
        .collect();
    assert!(minimax.windows(2).all(|w| w[0] <= w[1]), "{minimax:?}");
    for d in depths {
        let rows = d["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 5);
        let ab = rows[1]["nodes"].as_u64().unwrap();
        assert!(ab <= rows[0]["nodes"].as_u64().unwrap(), "{d}");
    }
    // The alpha-beta row at depth 2 is the tree the tree endpoint draws.
    let (_, tree) = post(
        &served,
        "api/games/tictactoe/learn/tree",
        &json!({"start": "xo./.x./..o", "depth": 2}),
    );
    assert_eq!(depths[1]["rows"][1]["nodes"], tree["stats"]["nodes"]);
}

#[test]
fn exercises_answer_for_every_game() {
    let served = serve();
    let (status, wins) = post(
        &served,
        "api/games/tictactoe/learn/exercise",
        &json!({"start": "xo./.x./..o"}),
    );
    assert_eq!(status, StatusCode::OK, "{wins}");
    let winning: Vec<&str> = wins["winning"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(winning.contains(&"4") && winning.contains(&"7"), "{wins}");
    assert_eq!(wins["moves"].as_array().unwrap().len(), 5);

    let (status, shapes) = post(
        &served,
        "api/games/gomoku/learn/exercise",
        &json!({"moves": ["h8", "a1", "i8", "a3"]}),
    );
    assert_eq!(status, StatusCode::OK, "{shapes}");
    let open_three = shapes["table"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["shape"] == "open three")
        .expect("an open-three row");
    assert!(open_three["value"].as_i64().unwrap() > 0);
    // Black's h8 i8 pair: g8 or j8 makes an open three.
    let black = &shapes["sides"][0];
    assert_eq!(black["side"], "black");
    assert!(
        black["best_points"][0]["shapes"]
            .as_array()
            .unwrap()
            .contains(&json!("open three")),
        "{black}"
    );

    let (status, terms) = post(
        &served,
        "api/games/xiangqi/learn/exercise",
        &json!({"moves": ["h2e2", "h9g7", "e2e6"]}),
    );
    assert_eq!(status, StatusCode::OK, "{terms}");
    assert!(
        terms["red_view"]["material"].as_i64().unwrap() > 0,
        "a soldier up"
    );
    assert_eq!(terms["material_table"].as_array().unwrap().len(), 7);
}

#[test]
fn oversized_and_bad_requests_are_clear_400s() {
    let served = serve();
    let bad = [
        // A whole tic-tac-toe game by minimax: half a million nodes.
        (
            "tictactoe/learn/tree",
            json!({"depth": 9, "algorithm": "minimax"}),
            "5000 nodes",
        ),
        ("tictactoe/learn/tree", json!({"depth": 10}), "depth 10"),
        ("tictactoe/learn/tree", json!({"depth": 0}), "depth 0"),
        ("gomoku/learn/tree", json!({"depth": 5}), "depth 5"),
        ("gomoku/learn/tree", json!({"top": 50}), "top 50"),
        (
            "xiangqi/learn/counts",
            json!({"depth": 4, "top": 8}),
            "positions",
        ),
        (
            "xiangqi/learn/tree",
            json!({"algorithm": "mtdf"}),
            "unknown algorithm",
        ),
        (
            "tictactoe/learn/tree",
            json!({"start": "xxx/oo./..."}),
            "over",
        ),
        ("tictactoe/learn/tree", json!({"moves": ["10"]}), "'10'"),
    ];
    for (path, body, words) in bad {
        let (status, answer) = post(&served, &format!("api/games/{path}"), &body);
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {answer}");
        let message = answer["error"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{path} {body}: {message}");
    }
    let (status, _) = post(
        &served,
        "api/games/tictactoe/learn/tree",
        &json!({"depth": 2, "nonsense": 1}),
    );
    assert!(status.is_client_error());
    let (status, _) = post(&served, "api/games/chess/learn/tree", &json!({}));
    assert_eq!(status, StatusCode::NOT_FOUND);
}
