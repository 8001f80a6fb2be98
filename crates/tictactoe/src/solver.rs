//! Questions players and students ask: the exact value, the best moves, the winning moves,
//! and the engine's move.

use crate::board::{Board, Square};
use crate::game::{square_preference, TicTacToe};
use qi_search::{
    level, score, Algorithm, Game, IterationInfo, Level, Limits, SearchConfig, SearchResult,
    Searcher, TranspositionTable,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// How to solve a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Use a transposition table (pruning algorithms only).
    pub tt: bool,
    /// Store symmetric positions once in the table (implies `tt`).
    pub symmetry: bool,
    /// Order moves (hash move, killers, history, win/block/centre hints).
    pub ordering: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            algorithm: Algorithm::AlphaBeta,
            tt: false,
            symmetry: false,
            ordering: true,
        }
    }
}

/// The exact answer for a position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// 1 won, 0 drawn, -1 lost, for the side to move.
    pub value: i32,
    /// Every move that keeps the best result by the fastest win or slowest loss, in square order.
    pub best_moves: Vec<Square>,
    /// The search behind it.
    pub search: SearchResult<Square>,
}

/// A table big enough for every tic-tac-toe position, small enough to clear in microseconds.
pub fn small_table() -> Arc<TranspositionTable> {
    Arc::new(TranspositionTable::with_buckets(4096))
}

fn solve_config(options: &SolveOptions) -> SearchConfig {
    SearchConfig {
        algorithm: options.algorithm,
        tt_megabytes: 0,
        ordering: options.ordering && options.algorithm.prunes(),
        iterative_deepening: false,
        collect_ties: true,
        random_ties: false,
        seed: Some(0),
        threads: 1,
    }
}

/// Solves `board` exactly (search to the end of the game).
pub fn solve(board: Board, options: SolveOptions) -> Solution {
    let use_tt = (options.tt || options.symmetry) && options.algorithm.prunes();
    let mut searcher = Searcher::with_table(solve_config(&options), use_tt.then(small_table));
    solve_with(&mut searcher, board, options.symmetry)
}

/// Solves with a prepared searcher (benchmarks reuse one to measure the search alone).
pub fn solve_with(searcher: &mut Searcher<TicTacToe>, board: Board, symmetry: bool) -> Solution {
    if let Some(tt) = searcher.table() {
        tt.clear();
    }
    let game = TicTacToe::new(board).with_symmetry(symmetry);
    let search = searcher.search(&game, &Limits::default());
    let mut best_moves = search.best_moves.clone();
    best_moves.sort_unstable();
    Solution {
        value: score::decisive_sign(search.score),
        best_moves,
        search,
    }
}

/// Every move that forces a win for the side to move (by any distance), in square order.
pub fn winning_moves(board: Board) -> Vec<Square> {
    let game = TicTacToe::new(board);
    if game.outcome().is_some() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let options = SolveOptions {
        tt: true,
        ..SolveOptions::default()
    };
    moves
        .into_iter()
        .filter(|&sq| {
            let mut after = board;
            after.place(sq);
            // The opponent, to move after `sq`, has lost: an immediate line or a forced loss.
            after.has_line(board.to_move()) || solve(after, options).value < 0
        })
        .collect()
}

/// How the engine picks its move.
#[derive(Clone, Debug, Default)]
pub struct EngineOptions {
    /// Search depth limit (`None`: to the end, i.e. perfect play).
    pub depth: Option<u32>,
    /// Time limit.
    pub movetime: Option<std::time::Duration>,
    /// Seed for the choice among equally good moves (`None`: random).
    pub seed: Option<u64>,
    /// Prefer centre, then corners, then edges among equally good moves (the seeds' book).
    pub book: bool,
}

/// How far below the best a move may score and still tempt a weak level, per level below
/// the top (evaluation units: one open line is worth 1–9), so a beginner considers almost
/// any move its shallow search does not see losing, and level 9 only near-equal ones.
const LEVEL_MARGIN_STEP: qi_search::Score = 3;

/// The tic-tac-toe engine at one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// The level.
    pub level: Level,
    /// Plies searched (`None`: to the end of the game, perfect play at level 10).
    pub depth: Option<u32>,
    /// Near-best moves within this many points of the best may be played instead.
    pub margin: qi_search::Score,
    /// The chance of playing such a near-best move ([`Level::mistake_rate`]).
    pub mistake_rate: f64,
}

/// What `level` means for the tic-tac-toe engine, in one place: the terminal game,
/// `qi move` and the web page all play through [`engine_move_at_level`], which reads it.
pub fn level_settings(level: Level) -> LevelSettings {
    let full = level == Level::MAX;
    LevelSettings {
        level,
        depth: (!full).then(|| level.depth(9)),
        margin: LEVEL_MARGIN_STEP * qi_search::Score::from(10 - level.get()),
        mistake_rate: level.mistake_rate(),
    }
}

/// The engine's choice and the search behind it.
#[derive(Clone, Debug)]
pub struct EngineMove {
    /// The chosen square.
    pub square: Square,
    /// The search (its `best_moves` lists every equally good move).
    pub search: SearchResult<Square>,
}

/// The engine's move at full strength on a board where the game is not over.
pub fn engine_move(
    board: Board,
    options: &EngineOptions,
    on_iteration: impl FnMut(&IterationInfo<'_, Square>),
) -> Option<EngineMove> {
    engine_move_at_level(board, options, Level::MAX, on_iteration)
}

/// The engine's move at `level`: weaker levels look fewer plies ahead and sometimes settle
/// for a near-best move (see [`qi_search::level`]); level 10 is perfect play.
pub fn engine_move_at_level(
    board: Board,
    options: &EngineOptions,
    level: Level,
    on_iteration: impl FnMut(&IterationInfo<'_, Square>),
) -> Option<EngineMove> {
    let config = SearchConfig {
        algorithm: Algorithm::Pvs,
        tt_megabytes: 0,
        ordering: true,
        iterative_deepening: true,
        collect_ties: true,
        random_ties: !options.book,
        seed: options.seed,
        threads: 1,
    };
    let mut searcher = Searcher::with_table(config, Some(small_table()));
    // A weak level looks fewer plies ahead and sometimes settles for a near-best move.
    let strength = level_settings(level);
    let depth = match (options.depth, strength.depth) {
        (Some(d), Some(cap)) => Some(d.min(cap)),
        (d, cap) => d.or(cap),
    };
    if level < Level::MAX {
        searcher.set_root_margin(strength.margin);
    }
    let limits = Limits {
        depth,
        movetime: options.movetime,
        ..Limits::default()
    };
    let game = TicTacToe::new(board).with_symmetry(true);
    let search = searcher.search_with_info(&game, &limits, on_iteration);
    let mut square = search.best_move?;
    if level < Level::MAX {
        let mut rng = match options.seed {
            Some(seed) => StdRng::seed_from_u64(seed ^ board.key() as u64),
            None => StdRng::from_os_rng(),
        };
        square =
            level::choose(&search.root_moves, level, strength.margin, &mut rng).unwrap_or(square);
        return Some(EngineMove { square, search });
    }
    if options.book {
        // Among the equally good moves, the seeds' preference; ties within it by the seed.
        let top = search
            .best_moves
            .iter()
            .map(|&sq| square_preference(sq))
            .max()
            .unwrap_or(0);
        let preferred: Vec<Square> = search
            .best_moves
            .iter()
            .copied()
            .filter(|&sq| square_preference(sq) == top)
            .collect();
        let pick = options
            .seed
            .map_or_else(rand::random::<u64>, |s| s ^ board.key() as u64);
        square = preferred[(pick % preferred.len() as u64) as usize];
    }
    Some(EngineMove { square, search })
}
