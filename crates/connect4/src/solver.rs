//! Exact values of small positions, the engine's move, and what each level 1–10 means.

use crate::board::{Board, Column};
use crate::game::Connect4;
use qi_search::{
    level, score, Algorithm, IterationInfo, Level, Limits, Score, SearchConfig, SearchResult,
    Searcher, StopFlag,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Duration;

/// The exact answer for a position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// 1 won, 0 drawn, -1 lost, for the side to move.
    pub value: i32,
    /// Every move that keeps the best result by the fastest win or slowest loss, in
    /// column order (0..7).
    pub best_moves: Vec<Column>,
    /// The search behind it.
    pub search: SearchResult<Column>,
}

/// Transposition table size of the solver and the engine: room for the positions a level-10
/// search visits, small enough to clear at once.
const TABLE_MEGABYTES: usize = 16;

/// Solves `board` exactly. The empty board takes far too long; positions with about 20
/// empty cells or fewer, or with a short forced win, are quick.
///
/// A first search stops at the first decisive score (a forced win or loss is proven as soon
/// as it is found) or runs to the end of the game. For a win or a loss, a second search to
/// exactly that distance collects every move that wins as fast (or loses as slowly); for a
/// draw, the second search collects every drawing move, to the end of the game again.
pub fn solve(board: Board) -> Solution {
    let config = |collect_ties| SearchConfig {
        algorithm: Algorithm::Pvs,
        tt_megabytes: TABLE_MEGABYTES,
        ordering: true,
        iterative_deepening: true,
        collect_ties,
        random_ties: false,
        seed: Some(0),
        threads: 1,
    };
    let game = Connect4::new(board).with_symmetry(true);
    let first = Searcher::new(config(false)).search(&game, &Limits::default());
    let limits = match score::plies_to_end(first.score) {
        Some(plies) => Limits::depth(plies.max(1)),
        None => Limits::default(),
    };
    let mut search = Searcher::new(config(true)).search(&game, &limits);
    if score::is_decisive(first.score) {
        // Only finished games score as wins or losses: the distance is proven.
        search.solved = true;
    }
    let mut best_moves = search.best_moves.clone();
    best_moves.sort_unstable();
    Solution {
        value: score::decisive_sign(search.score),
        best_moves,
        search,
    }
}

/// What a level means in search terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Deepest iteration (`None`: to the end of the game, within the node budget).
    pub depth: Option<u32>,
    /// Node budget of the move.
    pub nodes: u64,
    /// How far below the best (evaluation units) a move may score and still tempt the level
    /// into a deliberate near-best move (0 at full strength).
    pub margin: Score,
}

/// Depth of the scale below level 10: level 9 looks 18 plies ahead, level 1 two.
const SCALE_DEPTH: u32 = 20;
/// Node budget at level 10 (about a second in a release build); each level below halves it.
const FULL_NODES: f64 = 2_000_000.0;
/// The smallest node budget, so that even level 1 finishes its shallow search.
const MIN_NODES: u64 = 2_000;
/// Margin per level below 10, in evaluation units (an open window with three discs is 16).
const MARGIN_STEP: Score = 4;

/// The one mapping from a [`Level`] to depth, nodes and margin: the terminal game, `qi move`
/// and the web page all play a level through it.
pub fn level_settings(level: Level) -> LevelSettings {
    let full = level == Level::MAX;
    LevelSettings {
        depth: (!full).then(|| level.depth(SCALE_DEPTH)),
        nodes: ((FULL_NODES * level.budget()) as u64).max(MIN_NODES),
        margin: MARGIN_STEP * Score::from(10 - level.get()),
    }
}

/// How the engine picks its move.
#[derive(Clone, Debug, Default)]
pub struct EngineOptions {
    /// Strength 1..=10 (default 10); its depth and node budget apply unless `depth`,
    /// `nodes` or `movetime` are given.
    pub level: Level,
    /// Depth limit (capped by a weaker level's own depth).
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Time limit.
    pub movetime: Option<Duration>,
    /// Seed for weaker levels' choices and ties (`None`: random).
    pub seed: Option<u64>,
    /// Raise to stop the search from another thread.
    pub stop: StopFlag,
}

/// The engine's choice and the search behind it.
#[derive(Clone, Debug)]
pub struct EngineMove {
    /// The chosen column, 0..7.
    pub column: Column,
    /// Whether the level chose another move than the search's best (a deliberate mistake).
    pub casual: bool,
    /// The search.
    pub search: SearchResult<Column>,
}

/// The engine's move on a board where the game is not over (`None` when it is).
pub fn engine_move(
    board: Board,
    options: &EngineOptions,
    on_iteration: impl FnMut(&IterationInfo<'_, Column>),
) -> Option<EngineMove> {
    if board.is_over() {
        return None;
    }
    let level = options.level;
    let settings = level_settings(level);
    let config = SearchConfig {
        algorithm: Algorithm::Pvs,
        tt_megabytes: TABLE_MEGABYTES,
        ordering: true,
        iterative_deepening: true,
        collect_ties: false,
        random_ties: false,
        seed: options.seed,
        threads: 1,
    };
    let mut searcher = Searcher::new(config);
    let depth = match (options.depth, settings.depth) {
        (Some(d), Some(cap)) => Some(d.min(cap)),
        (d, cap) => d.or(cap),
    };
    // Explicit limits replace the level's node budget; the level's depth still caps.
    let nodes = options.nodes.or_else(|| {
        (options.depth.is_none() && options.movetime.is_none()).then_some(settings.nodes)
    });
    if settings.margin > 0 {
        searcher.set_root_margin(settings.margin);
    }
    let limits = Limits {
        depth,
        nodes,
        movetime: options.movetime,
        stop: options.stop.clone(),
    };
    let game = Connect4::new(board).with_symmetry(true);
    let search = searcher.search_with_info(&game, &limits, on_iteration);
    let best = search
        .best_move
        .or_else(|| board.legal_columns().first().copied())?;
    let mut column = best;
    if level < Level::MAX {
        let mut rng = match options.seed {
            Some(seed) => StdRng::seed_from_u64(seed ^ board.key()),
            None => StdRng::from_os_rng(),
        };
        column =
            level::choose(&search.root_moves, level, settings.margin, &mut rng).unwrap_or(best);
    }
    Some(EngineMove {
        column,
        casual: column != best,
        search,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_depth_and_budget_and_shrink_in_margin() {
        let all: Vec<LevelSettings> = (1..=10)
            .map(|n| level_settings(Level::new(n).unwrap()))
            .collect();
        for pair in all.windows(2) {
            assert!(pair[0].nodes <= pair[1].nodes);
            assert!(pair[0].margin > pair[1].margin);
        }
        assert_eq!(all[0].depth, Some(2));
        assert_eq!(all[8].depth, Some(18));
        assert_eq!(all[9].depth, None);
        assert_eq!(all[9].margin, 0);
        assert_eq!(all[9].nodes, 2_000_000);
    }

    #[test]
    fn every_level_takes_a_win_in_one() {
        // Red a1 b1 c1 against Yellow a2 b2 c2: column 4 wins.
        let board = Board::from_moves(&[0, 0, 1, 1, 2, 2]).unwrap();
        for n in 1..=10 {
            let options = EngineOptions {
                level: Level::new(n).unwrap(),
                seed: Some(u64::from(n)),
                ..EngineOptions::default()
            };
            let choice = engine_move(board, &options, |_| {}).unwrap();
            assert_eq!(choice.column, 3, "level {n}");
        }
    }

    #[test]
    fn a_finished_game_has_no_engine_move() {
        let won = Board::from_moves(&[0, 1, 0, 1, 0, 1, 0]).unwrap();
        assert!(engine_move(won, &EngineOptions::default(), |_| {}).is_none());
    }
}
