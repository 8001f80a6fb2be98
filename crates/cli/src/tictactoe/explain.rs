//! `qi explain tictactoe`: the search tree with backed-up values and pruning, and the node
//! counts of each algorithm on the same position.

use super::{parse_unfinished, remaining, ExplainArgs};
use anyhow::{bail, Result};
use qi_search::{
    score, Algorithm, Limits, NodeKind, Score, SearchConfig, Searcher, TraceNode, TreeRecorder,
    INFINITY_SCORE,
};
use qi_tictactoe::{solver::small_table, Board, Mark, Square, TicTacToe};
use std::fmt::Write;

/// `qi explain tictactoe`.
pub fn explain(args: ExplainArgs) -> Result<()> {
    let board = parse_unfinished(&args.board)?;
    let depth = match args.depth {
        Some(0) => bail!("--depth must be at least 1"),
        Some(d) => d,
        None if remaining(board) <= 5 => remaining(board),
        None => 2,
    };
    let config = SearchConfig {
        ordering: args.ordering,
        ..SearchConfig::plain(args.algo)
    };
    let mut recorder = TreeRecorder::new();
    let mut searcher = Searcher::<TicTacToe>::new(config);
    let result = searcher.search_observed(
        &TicTacToe::new(board),
        &Limits::depth(depth),
        &mut recorder,
        |_| {},
    );
    let tree = recorder
        .into_trees()
        .pop()
        .expect("one iteration was recorded");
    let table = comparison(board, depth);
    let me = board.to_move();
    let title = format!(
        "{}{} search of {board} to depth {depth}; {me} to move is MAX, values from {me}'s view",
        args.algo,
        if args.ordering { " (ordered)" } else { "" },
    );
    if tree.size() > args.max_nodes {
        bail!(
            "the tree has {} nodes, more than --max-nodes {}: lower --depth or raise --max-nodes",
            tree.size(),
            args.max_nodes
        );
    }
    if args.dot {
        print!("{}", to_dot(&tree, me, &title, &table));
    } else {
        println!("{title}");
        println!("[α, β] is the window a node was entered with; ✂ marks moves alpha-beta never searched.\n");
        let mut out = String::new();
        render(&tree, me, 0, "", true, &mut out);
        print!("{out}");
        println!(
            "\nbest move: {} ({}); {} nodes in this tree\n",
            result.best_move.map_or("-".into(), |m| (m + 1).to_string()),
            score::describe(result.score),
            result.stats.nodes
        );
        println!("{table}");
    }
    Ok(())
}

/// A value in the root player's view at `ply` (negamax values alternate sign).
fn root_view(value: Score, ply: usize) -> Score {
    if ply % 2 == 0 {
        value
    } else {
        -value
    }
}

fn show(value: Score) -> String {
    if value >= INFINITY_SCORE {
        "+∞".into()
    } else if value <= -INFINITY_SCORE {
        "−∞".into()
    } else if let Some(plies) = score::plies_to_end(value) {
        format!("{} (in {plies})", if value > 0 { "win" } else { "loss" })
    } else {
        format!("{value:+}")
    }
}

fn window(node: &TraceNode<Square>, ply: usize) -> String {
    if node.alpha <= -INFINITY_SCORE && node.beta >= INFINITY_SCORE {
        return String::new();
    }
    let (a, b) = if ply % 2 == 0 {
        (node.alpha, node.beta)
    } else {
        (-node.beta, -node.alpha)
    };
    format!(" [α {}, β {}]", show(a), show(b))
}

fn kind_note(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Terminal => "game over",
        NodeKind::Horizon => "evaluated at the depth limit",
        NodeKind::TableHit => "from the transposition table",
        NodeKind::Exact => "",
        NodeKind::FailLow => "upper bound: every move failed low",
        NodeKind::Cutoff => "lower bound: beta cutoff",
        NodeKind::Aborted => "search stopped",
    }
}

fn mover_at(root: Mark, ply: usize) -> Mark {
    if ply % 2 == 0 {
        root
    } else {
        root.other()
    }
}

fn label(node: &TraceNode<Square>, root: Mark, ply: usize) -> String {
    let role = if ply % 2 == 0 { "MAX" } else { "MIN" };
    match node.mv {
        None => format!("root ({role})"),
        Some(sq) => format!("{} {} ({role})", mover_at(root, ply - 1), sq + 1),
    }
}

fn render(
    node: &TraceNode<Square>,
    root: Mark,
    ply: usize,
    prefix: &str,
    last: bool,
    out: &mut String,
) {
    let (branch, child_prefix) = match (ply, last) {
        (0, _) => ("", String::new()),
        (_, true) => ("└─ ", format!("{prefix}   ")),
        (_, false) => ("├─ ", format!("{prefix}│  ")),
    };
    let note = kind_note(node.kind);
    let _ = writeln!(
        out,
        "{prefix}{branch}{}{} = {}{}",
        label(node, root, ply),
        window(node, ply),
        show(root_view(node.value, ply)),
        if note.is_empty() {
            String::new()
        } else {
            format!("  ({note})")
        }
    );
    let n = node.children.len();
    for (i, child) in node.children.iter().enumerate() {
        let is_last = i + 1 == n && node.pruned.is_empty();
        render(child, root, ply + 1, &child_prefix, is_last, out);
    }
    if !node.pruned.is_empty() {
        let moves: Vec<String> = node
            .pruned
            .iter()
            .map(|sq| format!("{} {}", mover_at(root, ply), sq + 1))
            .collect();
        let _ = writeln!(out, "{child_prefix}└─ ✂ pruned: {}", moves.join(", "));
    }
}

fn to_dot(tree: &TraceNode<Square>, root: Mark, title: &str, table: &str) -> String {
    let mut out = String::new();
    for line in table.lines() {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(out, "digraph search {{");
    let _ = writeln!(
        out,
        "  label=\"{}\"; labelloc=t; fontname=\"Helvetica\";",
        title.replace('"', "'")
    );
    let _ = writeln!(
        out,
        "  node [shape=box, style=rounded, fontname=\"Helvetica\"];"
    );
    let mut next = 0usize;
    dot_node(tree, root, 0, &mut next, &mut out);
    out.push_str("}\n");
    out
}

fn dot_node(
    node: &TraceNode<Square>,
    root: Mark,
    ply: usize,
    next: &mut usize,
    out: &mut String,
) -> usize {
    let id = *next;
    *next += 1;
    let colour = if ply % 2 == 0 { "#1f6feb" } else { "#d1242f" };
    let note = kind_note(node.kind);
    let _ = writeln!(
        out,
        "  n{id} [label=\"{}{}\\n= {}{}\", color=\"{colour}\"];",
        label(node, root, ply),
        window(node, ply),
        show(root_view(node.value, ply)),
        if note.is_empty() {
            String::new()
        } else {
            format!("\\n{note}")
        }
    );
    for child in &node.children {
        let c = dot_node(child, root, ply + 1, next, out);
        let _ = writeln!(out, "  n{id} -> n{c};");
    }
    if !node.pruned.is_empty() {
        let p = *next;
        *next += 1;
        let moves: Vec<String> = node.pruned.iter().map(|sq| (sq + 1).to_string()).collect();
        let _ = writeln!(
            out,
            "  n{p} [label=\"pruned: {}\", style=dashed, color=gray, fontcolor=gray];\n  n{id} -> n{p} [style=dashed, color=gray];",
            moves.join(", ")
        );
    }
    id
}

/// The node counts of each algorithm at `depth` on `board`, as a table.
fn comparison(board: Board, depth: u32) -> String {
    let rows: [(&str, Algorithm, bool, bool); 5] = [
        ("minimax", Algorithm::Minimax, false, false),
        ("alpha-beta", Algorithm::AlphaBeta, false, false),
        ("alpha-beta + ordering", Algorithm::AlphaBeta, true, false),
        (
            "alpha-beta + ordering + TT",
            Algorithm::AlphaBeta,
            true,
            true,
        ),
        ("PVS + ordering + TT", Algorithm::Pvs, true, true),
    ];
    let mut out = String::new();
    let _ = writeln!(out, "nodes visited on {board} at depth {depth}:");
    let _ = writeln!(
        out,
        "{:<28}{:>10}{:>10}{:>10}  value",
        "algorithm", "nodes", "leaves", "cutoffs"
    );
    let mut baseline = 0u64;
    for (name, algorithm, ordering, tt) in rows {
        let config = SearchConfig {
            ordering,
            ..SearchConfig::plain(algorithm)
        };
        let mut searcher = Searcher::with_table(config, tt.then(small_table));
        let r = searcher.search(&TicTacToe::new(board), &Limits::depth(depth));
        if baseline == 0 {
            baseline = r.stats.nodes;
        }
        let _ = writeln!(
            out,
            "{name:<28}{:>10}{:>10}{:>10}  {}   ({:.1}% of minimax)",
            r.stats.nodes,
            r.stats.leaves,
            r.stats.beta_cutoffs,
            show(r.score),
            100.0 * r.stats.nodes as f64 / baseline as f64
        );
    }
    out
}
