//! The node counts of the textbook's algorithms on one position: how much each idea saves.

use qi_search::{Algorithm, Game, Limits, Score, SearchConfig, Searcher, TranspositionTable};
use std::sync::Arc;

/// A search stops here rather than run for minutes; its row then says so.
pub const NODE_CAP: u64 = 1_000_000;

/// One configuration's figures.
#[derive(Clone, Debug)]
pub struct Row {
    /// The configuration in words.
    pub name: &'static str,
    /// Positions visited, the root included.
    pub nodes: u64,
    /// Terminal states and depth-limit evaluations.
    pub leaves: u64,
    /// Nodes that ended in a cutoff.
    pub cutoffs: u64,
    /// The root's value from the side to move's view (meaningless when stopped).
    pub value: Score,
    /// Whether the search finished within [`NODE_CAP`].
    pub complete: bool,
}

/// The configurations compared, in the order they add ideas.
pub fn configurations() -> [(&'static str, SearchConfig); 5] {
    let with = |algorithm, ordering| SearchConfig {
        ordering,
        ..SearchConfig::plain(algorithm)
    };
    [
        ("minimax", with(Algorithm::Minimax, false)),
        ("alpha-beta", with(Algorithm::AlphaBeta, false)),
        ("alpha-beta + ordering", with(Algorithm::AlphaBeta, true)),
        (
            "alpha-beta + ordering + TT",
            SearchConfig {
                tt_megabytes: 1,
                ..with(Algorithm::AlphaBeta, true)
            },
        ),
        (
            "PVS + ordering + TT",
            SearchConfig {
                tt_megabytes: 1,
                ..with(Algorithm::Pvs, true)
            },
        ),
    ]
}

/// Searches `game` to `depth` with every configuration.
pub fn rows<G: Game>(game: &G, depth: u32) -> Vec<Row> {
    configurations()
        .into_iter()
        .map(|(name, config)| {
            let table = (config.tt_megabytes > 0)
                .then(|| Arc::new(TranspositionTable::new(config.tt_megabytes)));
            let mut searcher = Searcher::with_table(config, table);
            let limits = Limits {
                nodes: Some(NODE_CAP),
                ..Limits::depth(depth)
            };
            let r = searcher.search(game, &limits);
            Row {
                name,
                nodes: r.stats.nodes,
                leaves: r.stats.leaves,
                cutoffs: r.stats.beta_cutoffs,
                value: r.score,
                // A search stopped by the cap has not completed its (only) iteration.
                complete: r.stats.depth == depth || r.best_move.is_none(),
            }
        })
        .collect()
}

/// The rows as an aligned table; `value` shows a root value in the reader's view.
pub fn format(rows: &[Row], value: impl Fn(Score) -> String) -> String {
    let mut out = format!(
        "{:<28}{:>10}{:>10}{:>10}  {:<16}of minimax\n",
        "algorithm", "nodes", "leaves", "cutoffs", "value"
    );
    let baseline = rows.first().filter(|r| r.complete).map(|r| r.nodes as f64);
    for r in rows {
        let share = match (baseline, r.complete) {
            (Some(b), true) => format!("{:.1}%", 100.0 * r.nodes as f64 / b),
            _ => "—".into(),
        };
        if r.complete {
            out.push_str(&format!(
                "{:<28}{:>10}{:>10}{:>10}  {:<16}{share}\n",
                r.name,
                r.nodes,
                r.leaves,
                r.cutoffs,
                value(r.value)
            ));
        } else {
            out.push_str(&format!(
                "{:<28}{:>10}  (stopped at the {NODE_CAP}-node cap before finishing)\n",
                r.name,
                format!(">{NODE_CAP}"),
            ));
        }
    }
    out
}
