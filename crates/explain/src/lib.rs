//! Qi's explanations (`qi explain GAME`, the web page's Learn view): the search tree of a position as the textbook draws it (MAX/MIN nodes,
//! windows, backed-up values, bounds, cutoffs and pruned moves, leaf evaluations in terms),
//! and the node counts of minimax, alpha-beta, ordering, a table and PVS on that position.
//!
//! One generic explanation over [`qi_search::Game`], recorded by qi-search's observer from the
//! search that really runs; each game only says how to name its players, moves and
//! evaluation terms (a [`Describer`]).

pub mod connect4;
mod describe;
pub mod gomoku;
mod render;
mod restrict;
pub mod table;
pub mod tictactoe;
pub mod xiangqi;

pub use describe::{Describer, Terms};
pub use restrict::Restricted;

use anyhow::{bail, Result};
use qi_search::{
    Algorithm, Game, Limits, SearchConfig, SearchResult, Searcher, TraceNode, TreeRecorder,
};
pub use render::{FlatNode, Pass, Renderer};
use std::fmt::Write;
use std::str::FromStr;

/// The most nodes an explained search may visit (the tree is drawn only up to --max-nodes).
const RECORD_CAP: u64 = 100_000;

/// How many moves each node keeps: `all`, or the best `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Top {
    /// Every legal move.
    All,
    /// The `N` moves the mover's evaluation likes best one move ahead.
    Best(usize),
}

impl FromStr for Top {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "all" => Ok(Top::All),
            n => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(Top::Best(n)),
                _ => Err(format!(
                    "expected a number of moves ≥ 1 or 'all', not '{s}'"
                )),
            },
        }
    }
}

impl Top {
    fn limit(self) -> Option<usize> {
        match self {
            Top::All => None,
            Top::Best(n) => Some(n),
        }
    }
}

/// What the user asked to see, shared by every game; `None` takes the game's default.
#[derive(Debug, Clone)]
pub struct Choices {
    /// Depth of the search shown, in plies (each game has its default).
    pub depth: Option<u32>,
    /// Algorithm whose tree is shown.
    pub algorithm: Algorithm,
    /// Order moves in the tree shown (hash move, killers, history, the game's hints).
    pub ordering: bool,
    /// Moves kept at each node (each game has its default).
    pub top: Option<Top>,
    /// Graphviz DOT instead of text.
    pub dot: bool,
    /// Trees larger than this many nodes are not drawn.
    pub max_nodes: usize,
}

impl Default for Choices {
    fn default() -> Self {
        Choices {
            depth: None,
            algorithm: Algorithm::AlphaBeta,
            ordering: false,
            top: None,
            dot: false,
            max_nodes: 2000,
        }
    }
}

/// What to explain, with each game's defaults applied.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search depth.
    pub depth: u32,
    /// Algorithm of the tree shown.
    pub algorithm: Algorithm,
    /// Move ordering in the tree shown.
    pub ordering: bool,
    /// Moves kept per node (`None`: all).
    pub top: Option<usize>,
    /// DOT instead of text.
    pub dot: bool,
    /// The largest tree drawn.
    pub max_nodes: usize,
}

impl Settings {
    /// `choices` with `depth` and `top` as the defaults for what they leave out.
    pub fn from_choices(choices: &Choices, depth: u32, top: Top) -> Result<Settings> {
        let depth = choices.depth.unwrap_or(depth);
        if depth == 0 {
            bail!("--depth must be at least 1");
        }
        if depth > 12 {
            bail!("--depth {depth} is more than an explanation can show (at most 12)");
        }
        Ok(Settings {
            depth,
            algorithm: choices.algorithm,
            ordering: choices.ordering,
            top: choices.top.unwrap_or(top).limit(),
            dot: choices.dot,
            max_nodes: choices.max_nodes,
        })
    }
}

/// A recorded search: its tree and its result (statistics, best move, value).
pub type Recorded<M> = (TraceNode<M>, SearchResult<M>);

/// Runs the search `settings` describe on `game` (not over), recording its tree; fails
/// when the search needs more than `cap` nodes or the game is over. The web page's Learn
/// view and `qi explain` both draw the tree this returns.
pub fn record<G: Game>(game: &G, settings: &Settings, cap: u64) -> Result<Recorded<G::Move>> {
    let restricted = Restricted::new(game.clone(), settings.top);
    let config = SearchConfig {
        ordering: settings.ordering,
        ..SearchConfig::plain(settings.algorithm)
    };
    let mut recorder = TreeRecorder::new();
    let mut searcher = Searcher::<Restricted<G>>::new(config);
    // The recorder keeps every node in memory: stop a search too big to show.
    let limits = Limits {
        nodes: Some(cap),
        ..Limits::depth(settings.depth)
    };
    let result = searcher.search_observed(&restricted, &limits, &mut recorder, |_| {});
    if result.stats.depth < settings.depth {
        bail!(
            "the search needs more than {cap} nodes, too many to explain: lower the depth or the moves kept per node"
        );
    }
    let Some(tree) = recorder.into_trees().pop() else {
        bail!("the game is already over: nothing to search");
    };
    Ok((tree, result))
}

/// The explanation of a search of `game` (not over) as text or DOT.
pub fn explain<G: Game, D: Describer<G>>(
    game: &G,
    describer: &D,
    settings: &Settings,
) -> Result<String> {
    let restricted = Restricted::new(game.clone(), settings.top);
    let (tree, result) = record(game, settings, RECORD_CAP)?;
    let mut renderer = Renderer::new(describer, game);
    let me = describer.player(game.side_to_move());
    let restriction = match settings.top {
        Some(n) => format!(", each node's moves cut to its best {n}"),
        None => String::new(),
    };
    let title = format!(
        "{} {}{} search of {} to depth {}{restriction}; {me} to move is MAX, values from {me}'s view",
        describer.game_name(),
        settings.algorithm,
        if settings.ordering { " (ordered)" } else { "" },
        describer.position(game),
        settings.depth,
    );
    let legend = legend(describer, game, settings);
    let rows = table::rows(&restricted, settings.depth);
    let mut table = format!(
        "nodes visited to depth {}{}:\n",
        settings.depth,
        match settings.top {
            Some(n) => format!(
                " with each node's moves cut to its best {n} (as in the tree; --top all for every move)"
            ),
            None => String::new(),
        }
    );
    table.push_str(&table::format(&rows, |v| renderer.value(v)));

    let too_big = tree.size() > settings.max_nodes;
    if settings.dot {
        if too_big {
            bail!(
                "the tree has {} nodes, more than --max-nodes {}: lower --depth or --top, or raise --max-nodes",
                tree.size(),
                settings.max_nodes
            );
        }
        let comments = format!("{legend}\n{table}");
        return Ok(renderer.dot(&tree, &title, &comments));
    }
    let mut out = format!("{title}\n{legend}\n");
    if too_big {
        let _ = writeln!(
            out,
            "(the tree has {} nodes, more than --max-nodes {}: not drawn; lower --depth or --top, or raise --max-nodes)",
            tree.size(),
            settings.max_nodes
        );
    } else {
        out.push_str(&renderer.text(&tree));
    }
    let best = result.best_move.map_or("-".into(), |mv| {
        format!("{me} {}", describer.move_text(game, mv))
    });
    let _ = writeln!(
        out,
        "\nbest move: {best} ({}); the tree has {}; the search counted {}\n",
        renderer.value(result.score),
        counts(
            tree.size() as u64,
            tree.leaves() as u64,
            tree.cutoffs() as u64
        ),
        counts(
            result.stats.nodes,
            result.stats.leaves,
            result.stats.beta_cutoffs
        ),
    );
    out.push_str(&table);
    Ok(out)
}

/// "N nodes, L leaves and C cutoffs", in the singular where it is one.
fn counts(nodes: u64, leaves: u64, cutoffs: u64) -> String {
    let n = |count: u64, what: &str| format!("{count} {what}{}", if count == 1 { "" } else { "s" });
    format!(
        "{}, {} and {}",
        n(nodes, "node"),
        n(leaves, if leaves == 1 { "leaf" } else { "leave" }),
        n(cutoffs, "cutoff")
    )
}

/// What the marks in the tree mean, for the algorithm shown (one sentence a line).
pub fn legend<G: Game, D: Describer<G>>(describer: &D, game: &G, settings: &Settings) -> String {
    let me = describer.player(game.side_to_move());
    let them = describer.player(game.side_to_move().other());
    let mut lines = vec![format!(
        "MAX ({me}) takes the largest child value, MIN ({them}) the smallest."
    )];
    match settings.algorithm {
        Algorithm::Minimax => lines.push(
            "Minimax searches every move: no window, nothing pruned, every value exact.".into(),
        ),
        Algorithm::Negamax => lines.push(format!(
            "Negamax searches every move (no window, nothing pruned) and gives each value from the mover's view; shown here from {me}'s."
        )),
        Algorithm::AlphaBeta | Algorithm::Pvs => {
            lines.push(
                "[α, β] is the window a node was entered with (left out while it is (−∞, +∞)): a value inside it is exact, at or below α an upper bound, at or above β a lower bound.".into(),
            );
            lines.push(
                "A MAX node stops when a value reaches β (beta cutoff: MIN above already has better); a MIN node stops when one falls to α (alpha cutoff: MAX above already has better). ✂ marks the moves never searched.".into(),
            );
        }
    }
    if settings.algorithm == Algorithm::Pvs {
        lines.push(
            "PVS searches the first move with the full window and the others with a null window (probe); a probe that lands inside the window is searched again (re-search).".into(),
        );
    }
    lines.push(format!(
        "Leaves: a finished game scores its result (a win as 'wins in N' plies); at the depth limit EVAL = {}",
        describer.evaluation()
    ));
    if let Some(n) = settings.top {
        lines.push(format!(
            "Each node keeps only the {n} moves the mover's EVAL likes best one move ahead (a winning move first), in the game's own order."
        ));
    }
    if let Some(note) = describer.search_note() {
        lines.push(note.into());
    }
    lines.join("\n")
}
