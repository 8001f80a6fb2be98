//! The searches: minimax (the reference), negamax, alpha-beta and principal variation
//! search, driven by iterative deepening under depth, node and time limits.

use crate::game::{Game, Outcome};
use crate::limits::Limits;
use crate::observer::{NoObserver, NodeKind, Observer};
use crate::ordering::{Ordering, HASH_MOVE_BONUS};
use crate::score::{self, loss_in, win_in, Score, INFINITY, MAX_PLY};
use crate::stats::SearchStats;
use crate::tt::{Bound, Entry, TranspositionTable};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Instant;

/// The search algorithms, each selectable by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax in the textbook's MAX-VALUE/MIN-VALUE form: the reference.
    Minimax,
    /// Minimax in negamax form (one function, values from the side to move's view).
    Negamax,
    /// Fail-soft alpha-beta in negamax form.
    AlphaBeta,
    /// Principal variation search: null windows after the first move, re-search on fail high.
    Pvs,
}

impl Algorithm {
    /// Every algorithm, reference first.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::Pvs,
    ];

    /// The name used on command lines.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
        }
    }

    /// Whether the algorithm prunes (and so can use a window, a table and move ordering).
    pub fn prunes(self) -> bool {
        matches!(self, Algorithm::AlphaBeta | Algorithm::Pvs)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown algorithm name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm '{}' (expected minimax, negamax, alphabeta or pvs)",
            self.0
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "minimax" => Ok(Algorithm::Minimax),
            "negamax" => Ok(Algorithm::Negamax),
            "alphabeta" | "ab" => Ok(Algorithm::AlphaBeta),
            "pvs" | "principalvariation" => Ok(Algorithm::Pvs),
            _ => Err(UnknownAlgorithm(s.to_string())),
        }
    }
}

/// How a search is configured (what it searches with); [`Limits`] say how long.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Transposition table size in MB; 0 disables the table. Pruning algorithms only.
    pub tt_megabytes: usize,
    /// Order moves by hash move, killers, history and the game's hints. Pruning algorithms only.
    pub ordering: bool,
    /// Search depth 1, 2, 3, … up to the limit instead of the limit at once.
    pub iterative_deepening: bool,
    /// Find every root move as good as the best (costs a slightly wider root window).
    pub collect_ties: bool,
    /// Choose among tied root moves at random (implies `collect_ties`).
    pub random_ties: bool,
    /// Seed for the random choices; `None` draws one from the system.
    pub seed: Option<u64>,
    /// Threads for [`crate::smp::search_parallel`].
    pub threads: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Pvs,
            tt_megabytes: 16,
            ordering: true,
            iterative_deepening: true,
            collect_ties: false,
            random_ties: false,
            seed: None,
            threads: 1,
        }
    }
}

impl SearchConfig {
    /// A configuration for `algorithm` with no table, no ordering and no deepening:
    /// the textbook algorithm alone.
    pub fn plain(algorithm: Algorithm) -> Self {
        SearchConfig {
            algorithm,
            tt_megabytes: 0,
            ordering: false,
            iterative_deepening: false,
            ..SearchConfig::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The chosen move; `None` only when the root is terminal or has no legal move.
    pub best_move: Option<M>,
    /// The root's value from the side to move's view.
    pub score: Score,
    /// Every root move found as good as the best (just the best unless ties were collected).
    pub best_moves: Vec<M>,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// Whether `score` is the exact game-theoretic value (no heuristic leaf influenced it).
    pub solved: bool,
    /// Counters.
    pub stats: SearchStats,
    /// Root moves with their scores, best first. Scores are exact for moves within the root
    /// margin of the best (see [`Searcher::set_root_margin`]); others are upper bounds.
    pub root_moves: Vec<(M, Score)>,
}

/// Progress reported after each completed iteration.
#[derive(Clone, Debug)]
pub struct IterationInfo<'a, M> {
    /// The depth just completed.
    pub depth: u32,
    /// Its score, from the side to move's view.
    pub score: Score,
    /// Its principal variation.
    pub pv: &'a [M],
    /// Counters so far.
    pub stats: &'a SearchStats,
}

/// Depth stored for a subtree whose value no depth limit influenced: valid at any depth.
const SOLVED_DEPTH: u8 = u8::MAX;

/// A reusable search context: buffers, ordering tables and the transposition table
/// survive between searches, so nothing is allocated per node.
pub struct Searcher<G: Game> {
    config: SearchConfig,
    tt: Option<Arc<TranspositionTable>>,
    ordering: Ordering<G::Move>,
    move_buffers: Vec<Vec<G::Move>>,
    score_buffers: Vec<Vec<(i64, u32, G::Move)>>,
    pv: Vec<Vec<G::Move>>,
    stats: SearchStats,
    horizon_leaves: u64,
    aborted: bool,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    limits: Limits,
    rng: StdRng,
    first_depth: u32,
    /// Set by [`Searcher::set_root_margin`]: root moves within it of the best are exact.
    root_margin: Option<Score>,
}

impl<G: Game> Searcher<G> {
    /// A searcher with its own transposition table (if the configuration asks for one).
    pub fn new(config: SearchConfig) -> Self {
        let tt = (config.tt_megabytes > 0 && config.algorithm.prunes())
            .then(|| Arc::new(TranspositionTable::new(config.tt_megabytes)));
        Self::with_table(config, tt)
    }

    /// A searcher using the given table (shared between threads, or sized by the caller).
    pub fn with_table(config: SearchConfig, tt: Option<Arc<TranspositionTable>>) -> Self {
        let rng = match config.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        let tt = if config.algorithm.prunes() { tt } else { None };
        Searcher {
            ordering: Ordering::new(G::MOVE_CODES),
            move_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            score_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            config,
            tt,
            stats: SearchStats::default(),
            horizon_leaves: 0,
            aborted: false,
            start: Instant::now(),
            deadline: None,
            node_limit: u64::MAX,
            limits: Limits::default(),
            rng,
            first_depth: 1,
            root_margin: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The transposition table, if any.
    pub fn table(&self) -> Option<&Arc<TranspositionTable>> {
        self.tt.as_ref()
    }

    /// Makes iterative deepening start at `depth` (helper threads of a parallel search).
    pub fn set_first_depth(&mut self, depth: u32) {
        self.first_depth = depth.max(1);
    }

    /// Makes the root search score every move within `margin` of the best exactly (reported
    /// in [`SearchResult::root_moves`]), so a weaker level can choose a near-best move.
    pub fn set_root_margin(&mut self, margin: Score) {
        self.root_margin = Some(margin.max(0));
    }

    /// Forgets everything learnt (a new game): table, killers, history.
    pub fn clear(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
        self.ordering.clear();
    }

    /// Searches `game` under `limits`.
    pub fn search(&mut self, game: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.search_observed(game, limits, &mut NoObserver, |_| {})
    }

    /// Searches `game`, calling `on_iteration` after every completed iteration.
    pub fn search_with_info(
        &mut self,
        game: &G,
        limits: &Limits,
        on_iteration: impl FnMut(&IterationInfo<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_observed(game, limits, &mut NoObserver, on_iteration)
    }

    /// Searches `game` while `observer` watches every node (see [`crate::observer::TreeRecorder`]).
    pub fn search_observed<O: Observer<G::Move>>(
        &mut self,
        game: &G,
        limits: &Limits,
        observer: &mut O,
        mut on_iteration: impl FnMut(&IterationInfo<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        self.start = Instant::now();
        self.deadline = limits.deadline(self.start);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.limits = limits.clone();
        self.stats = SearchStats::default();
        self.horizon_leaves = 0;
        self.aborted = false;
        self.ordering.age();
        if let Some(tt) = &self.tt {
            tt.new_search();
        }
        let mut game = game.clone();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);

        let mut root_moves = Vec::new();
        if let Some(outcome) = game.outcome() {
            self.stats.nodes = 1;
            self.stats.leaves = 1;
            return self.finish(
                None,
                outcome_score(outcome, 0),
                Vec::new(),
                Vec::new(),
                true,
            );
        }
        game.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            self.stats.nodes = 1;
            self.stats.leaves = 1;
            let score = outcome_score(game.outcome_without_moves(), 0);
            return self.finish(None, score, Vec::new(), Vec::new(), true);
        }
        if self.config.ordering && self.config.algorithm.prunes() {
            self.order_moves(&game, &mut root_moves, 0, None);
        }
        let mut best: Option<RootResult<G::Move>> = None;
        let depths: Vec<u32> = if self.config.iterative_deepening {
            (self.first_depth.min(max_depth)..=max_depth).collect()
        } else {
            vec![max_depth]
        };
        for depth in depths {
            let horizon_before = self.horizon_leaves;
            let iteration = self.search_root(&mut game, &mut root_moves, depth as i32, observer);
            if self.aborted {
                // A stopped iteration searched the last best move first, so the best of the
                // moves it finished is at least as well informed as the last complete
                // iteration (and better than an arbitrary choice when none completed). Not
                // when ties or a root margin ask for every root move's score.
                let whole_root = self.config.collect_ties
                    || self.config.random_ties
                    || self.root_margin.is_some_and(|m| m > 0);
                match (&best, iteration) {
                    (None, partial) => best = partial,
                    (Some(_), Some(partial)) if !whole_root => best = Some(partial),
                    _ => {}
                }
                break;
            }
            let Some(iteration) = iteration else { break };
            self.stats.depth = depth;
            let solved = self.horizon_leaves == horizon_before;
            self.stats.time = self.start.elapsed();
            on_iteration(&IterationInfo {
                depth,
                score: iteration.score,
                pv: &iteration.pv,
                stats: &self.stats,
            });
            let decisive = score::is_decisive(iteration.score);
            best = Some(RootResult {
                solved,
                ..iteration
            });
            if solved || (decisive && self.config.algorithm.prunes() && !self.config.collect_ties) {
                break;
            }
            if let Some(deadline) = self.deadline {
                // An iteration costs several times the previous one: do not start one that
                // cannot finish.
                if Instant::now() + (Instant::now() - self.start) > deadline {
                    break;
                }
            }
            if self.limits.stop.is_stopped() || self.stats.nodes >= self.node_limit {
                break;
            }
        }
        let best = best.unwrap_or_else(|| RootResult {
            best_move: root_moves.first().copied(),
            score: 0,
            ties: root_moves.first().copied().into_iter().collect(),
            pv: root_moves.first().copied().into_iter().collect(),
            solved: false,
            scores: Vec::new(),
        });
        let chosen = if self.config.random_ties && best.ties.len() > 1 {
            best.ties[self.rng.random_range(0..best.ties.len())]
        } else {
            best.best_move.expect("a root with moves has a best move")
        };
        let mut pv = best.pv;
        if pv.first() != Some(&chosen) {
            pv = vec![chosen];
        }
        let mut result = self.finish(Some(chosen), best.score, best.ties, pv, best.solved);
        result.root_moves = best.scores.into_iter().map(|(s, m)| (m, s)).collect();
        result
    }

    fn finish(
        &mut self,
        best_move: Option<G::Move>,
        score: Score,
        best_moves: Vec<G::Move>,
        pv: Vec<G::Move>,
        solved: bool,
    ) -> SearchResult<G::Move> {
        self.stats.time = self.start.elapsed();
        SearchResult {
            best_move,
            score,
            best_moves,
            pv,
            solved,
            stats: self.stats.clone(),
            root_moves: Vec::new(),
        }
    }

    /// One iteration at the root. Root moves are re-ordered by their scores for the next one.
    fn search_root<O: Observer<G::Move>>(
        &mut self,
        game: &mut G,
        root_moves: &mut [G::Move],
        depth: i32,
        obs: &mut O,
    ) -> Option<RootResult<G::Move>> {
        let algorithm = self.config.algorithm;
        let ties = self.config.collect_ties || self.config.random_ties;
        self.stats.nodes += 1;
        obs.enter(0, None, depth, -INFINITY, INFINITY);
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<RootResult<G::Move>> = None;
        let mut scored: Vec<(Score, G::Move)> = Vec::with_capacity(root_moves.len());
        for (i, &mv) in root_moves.iter().enumerate() {
            // With ties wanted, a move equal to the best must come back exact, not as a bound;
            // with a margin, so must every move within it.
            // (A fail-soft score above the floor is exact; one at or below it is a bound.)
            let widen = match self.root_margin {
                Some(margin) => margin + 1,
                None => Score::from(ties),
            };
            let floor = alpha.saturating_sub(widen).max(-INFINITY);
            game.play(mv);
            let value = match algorithm {
                Algorithm::Minimax => self.min_value(game, depth - 1, 1, mv, obs),
                Algorithm::Negamax => -self.negamax(game, depth - 1, 1, mv, obs),
                Algorithm::AlphaBeta => {
                    -self.alphabeta(game, depth - 1, 1, -beta, -floor, false, mv, obs)
                }
                Algorithm::Pvs => {
                    if i == 0 || floor == -INFINITY {
                        -self.alphabeta(game, depth - 1, 1, -beta, -floor, true, mv, obs)
                    } else {
                        let v =
                            -self.alphabeta(game, depth - 1, 1, -floor - 1, -floor, true, mv, obs);
                        if v > floor && !self.aborted {
                            -self.alphabeta(game, depth - 1, 1, -beta, -floor, true, mv, obs)
                        } else {
                            v
                        }
                    }
                }
            };
            game.undo(mv);
            if self.aborted {
                break;
            }
            scored.push((value, mv));
            match &mut best {
                Some(b) if value < b.score => {}
                Some(b) if value == b.score => b.ties.push(mv),
                _ => {
                    let mut pv = vec![mv];
                    pv.extend_from_slice(&self.pv[1]);
                    best = Some(RootResult {
                        best_move: Some(mv),
                        score: value,
                        ties: vec![mv],
                        pv,
                        solved: false,
                        scores: Vec::new(),
                    });
                }
            }
            if algorithm.prunes() {
                alpha = alpha.max(value);
            }
        }
        let completed = !self.aborted;
        let kind = if completed {
            NodeKind::Exact
        } else {
            NodeKind::Aborted
        };
        obs.leave(0, best.as_ref().map_or(-INFINITY, |b| b.score), kind);
        if completed {
            if let (Some(b), Some(tt), Some(key)) = (&best, &self.tt, game.hash()) {
                let code = b.best_move.map(|m| game.move_code(m));
                tt.store(
                    key,
                    Entry {
                        score: b.score,
                        depth: depth.clamp(0, SOLVED_DEPTH as i32 - 1) as u8,
                        bound: Bound::Exact,
                        move_code: code.filter(|_| G::MOVE_CODES > 0),
                    },
                );
            }
            if self.config.ordering && algorithm.prunes() {
                // Stable: equal scores keep their previous relative order.
                scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
                for (slot, &(_, mv)) in root_moves.iter_mut().zip(&scored) {
                    *slot = mv;
                }
            }
            if let Some(b) = &mut best {
                scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
                b.scores = scored;
            }
        }
        best
    }

    #[inline]
    fn check_abort(&mut self, ply: usize) -> bool {
        if self.aborted {
            return true;
        }
        if ply as u32 > self.stats.seldepth {
            self.stats.seldepth = ply as u32;
        }
        if self.stats.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.stats.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.limits.stop.is_stopped() {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn take_moves(&mut self, game: &G, ply: usize) -> Vec<G::Move> {
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        moves.clear();
        game.legal_moves(&mut moves);
        moves
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// MAX-VALUE: the value of a state where the root player moves, from the root player's view.
    fn max_value<O: Observer<G::Move>>(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        via: G::Move,
        obs: &mut O,
    ) -> Score {
        self.stats.nodes += 1;
        self.pv[ply].clear();
        obs.enter(ply, Some(via), depth, -INFINITY, INFINITY);
        if self.check_abort(ply) {
            obs.leave(ply, 0, NodeKind::Aborted);
            return 0;
        }
        if let Some(value) = self.leaf_value(game, depth, ply, obs) {
            return value;
        }
        let moves = self.take_moves(game, ply);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return self.stuck(game, ply, obs);
        }
        let mut v = -INFINITY;
        for &mv in &moves {
            game.play(mv);
            let child = self.min_value(game, depth - 1, ply + 1, mv, obs);
            game.undo(mv);
            if self.aborted {
                break;
            }
            if child > v {
                v = child;
                self.update_pv(ply, mv);
            }
        }
        self.move_buffers[ply] = moves;
        obs.leave(ply, v, self.finished_kind());
        v
    }

    /// MIN-VALUE: the value of a state where the opponent moves, from the root player's view.
    fn min_value<O: Observer<G::Move>>(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        via: G::Move,
        obs: &mut O,
    ) -> Score {
        self.stats.nodes += 1;
        self.pv[ply].clear();
        obs.enter(ply, Some(via), depth, -INFINITY, INFINITY);
        if self.check_abort(ply) {
            obs.leave(ply, 0, NodeKind::Aborted);
            return 0;
        }
        // Utilities and evaluations are from the mover's view; here the mover is MIN.
        if let Some(value) = self.leaf_value(game, depth, ply, obs) {
            return -value;
        }
        let moves = self.take_moves(game, ply);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return -self.stuck(game, ply, obs);
        }
        let mut v = INFINITY;
        for &mv in &moves {
            game.play(mv);
            let child = self.max_value(game, depth - 1, ply + 1, mv, obs);
            game.undo(mv);
            if self.aborted {
                break;
            }
            if child < v {
                v = child;
                self.update_pv(ply, mv);
            }
        }
        self.move_buffers[ply] = moves;
        obs.leave(ply, -v, self.finished_kind());
        v
    }

    /// Negamax without pruning.
    fn negamax<O: Observer<G::Move>>(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        via: G::Move,
        obs: &mut O,
    ) -> Score {
        self.stats.nodes += 1;
        self.pv[ply].clear();
        obs.enter(ply, Some(via), depth, -INFINITY, INFINITY);
        if self.check_abort(ply) {
            obs.leave(ply, 0, NodeKind::Aborted);
            return 0;
        }
        if let Some(value) = self.leaf_value(game, depth, ply, obs) {
            return value;
        }
        let moves = self.take_moves(game, ply);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return self.stuck(game, ply, obs);
        }
        let mut best = -INFINITY;
        for &mv in &moves {
            game.play(mv);
            let v = -self.negamax(game, depth - 1, ply + 1, mv, obs);
            game.undo(mv);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                self.update_pv(ply, mv);
            }
        }
        self.move_buffers[ply] = moves;
        obs.leave(ply, best, self.finished_kind());
        best
    }

    /// Fail-soft alpha-beta in negamax form; with `pvs`, principal variation search.
    #[allow(clippy::too_many_arguments)]
    fn alphabeta<O: Observer<G::Move>>(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        pvs: bool,
        via: G::Move,
        obs: &mut O,
    ) -> Score {
        self.stats.nodes += 1;
        self.pv[ply].clear();
        obs.enter(ply, Some(via), depth, alpha, beta);
        if self.check_abort(ply) {
            obs.leave(ply, 0, NodeKind::Aborted);
            return 0;
        }
        if let Some(value) = self.leaf_value(game, depth, ply, obs) {
            return value;
        }
        let alpha_at_entry = alpha;
        let horizon_at_entry = self.horizon_leaves;
        let key = if self.tt.is_some() { game.hash() } else { None };
        let mut hash_code = None;
        if let (Some(tt), Some(key)) = (&self.tt, key) {
            self.stats.tt_probes += 1;
            if let Some(entry) = tt.probe(key) {
                self.stats.tt_hits += 1;
                hash_code = entry.move_code;
                if entry.depth as i32 >= depth {
                    let s = score::from_table(entry.score, ply);
                    if entry.bound.settles(s, alpha, beta) {
                        self.stats.tt_cutoffs += 1;
                        if entry.depth != SOLVED_DEPTH {
                            self.horizon_leaves += 1;
                        }
                        obs.leave(ply, s, NodeKind::TableHit);
                        return s;
                    }
                }
            }
        }
        let mut moves = self.take_moves(game, ply);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return self.stuck(game, ply, obs);
        }
        if self.config.ordering {
            self.order_moves(game, &mut moves, ply, hash_code);
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut kind = NodeKind::FailLow;
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv);
            let v = if !pvs || i == 0 {
                -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, pvs, mv, obs)
            } else {
                let v = -self.alphabeta(game, depth - 1, ply + 1, -alpha - 1, -alpha, pvs, mv, obs);
                if v > alpha && v < beta && !self.aborted {
                    -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, pvs, mv, obs)
                } else {
                    v
                }
            };
            game.undo(mv);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    kind = NodeKind::Exact;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        kind = NodeKind::Cutoff;
                        self.stats.beta_cutoffs += 1;
                        if i == 0 {
                            self.stats.first_move_cutoffs += 1;
                        }
                        if self.config.ordering {
                            let code = (G::MOVE_CODES > 0).then(|| game.move_code(mv));
                            self.ordering.record_cutoff(ply, depth, mv, code);
                        }
                        obs.pruned(ply, &moves[i + 1..]);
                        break;
                    }
                }
            }
        }
        self.move_buffers[ply] = moves;
        if self.aborted {
            obs.leave(ply, 0, NodeKind::Aborted);
            return 0;
        }
        if let (Some(tt), Some(key)) = (&self.tt, key) {
            let bound = Bound::of(best, alpha_at_entry, beta);
            let stored_depth = if self.horizon_leaves == horizon_at_entry {
                SOLVED_DEPTH
            } else {
                depth.clamp(0, SOLVED_DEPTH as i32 - 1) as u8
            };
            tt.store(
                key,
                Entry {
                    score: score::to_table(best, ply),
                    depth: stored_depth,
                    bound,
                    move_code: best_move
                        .filter(|_| G::MOVE_CODES > 0)
                        .map(|m| game.move_code(m)),
                },
            );
        }
        obs.leave(ply, best, kind);
        best
    }

    /// What the observer hears of a node left after its move loop: a search stopped inside
    /// it leaves a partial value.
    fn finished_kind(&self) -> NodeKind {
        if self.aborted {
            NodeKind::Aborted
        } else {
            NodeKind::Exact
        }
    }

    /// The value of a terminal state or of a state at the depth limit, if this is one.
    #[inline]
    fn leaf_value<O: Observer<G::Move>>(
        &mut self,
        game: &G,
        depth: i32,
        ply: usize,
        obs: &mut O,
    ) -> Option<Score> {
        if let Some(outcome) = game.outcome() {
            self.stats.leaves += 1;
            let value = outcome_score(outcome, ply);
            obs.leave(ply, value, NodeKind::Terminal);
            return Some(value);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            self.stats.leaves += 1;
            self.horizon_leaves += 1;
            let value = game.evaluate();
            obs.leave(ply, value, NodeKind::Horizon);
            return Some(value);
        }
        None
    }

    fn stuck<O: Observer<G::Move>>(&mut self, game: &G, ply: usize, obs: &mut O) -> Score {
        self.stats.leaves += 1;
        let value = outcome_score(game.outcome_without_moves(), ply);
        obs.leave(ply, value, NodeKind::Terminal);
        value
    }

    /// Orders `moves` best first: hash move, then the game's hint, killers, history.
    fn order_moves(&mut self, game: &G, moves: &mut [G::Move], ply: usize, hash: Option<u16>) {
        let codes = G::MOVE_CODES > 0;
        let scored = &mut self.score_buffers[ply];
        scored.clear();
        for (index, &mv) in moves.iter().enumerate() {
            let code = if codes {
                Some(game.move_code(mv))
            } else {
                None
            };
            let key = if code.is_some() && code == hash {
                HASH_MOVE_BONUS
            } else {
                let history = code.map_or(0, |c| self.ordering.history(c));
                game.order_hint(mv) as i64 * HINT_WEIGHT
                    + self.ordering.killer_rank(ply, mv) * KILLER_WEIGHT
                    + history.min(KILLER_WEIGHT - 1)
            };
            scored.push((key, index as u32, mv));
        }
        // The index tie-break makes the unstable (allocation-free) sort deterministic and
        // keeps the game's generation order among equals.
        scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (slot, &(_, _, mv)) in moves.iter_mut().zip(scored.iter()) {
            *slot = mv;
        }
    }
}

/// Ordering weights: the game's hint dominates, then killers, then history.
const HINT_WEIGHT: i64 = 1 << 24;
const KILLER_WEIGHT: i64 = 1 << 21;

struct RootResult<M> {
    best_move: Option<M>,
    score: Score,
    ties: Vec<M>,
    pv: Vec<M>,
    solved: bool,
    scores: Vec<(Score, M)>,
}

/// The score of an outcome reached `ply` plies from the root, from the side to move's view.
#[inline]
pub fn outcome_score(outcome: Outcome, ply: usize) -> Score {
    match outcome {
        Outcome::Win => win_in(ply),
        Outcome::Loss => loss_in(ply),
        Outcome::Draw => 0,
        Outcome::Utility(v) => v,
    }
}

/// Searches `game` once with a fresh [`Searcher`]: the convenient entry for one-off questions.
pub fn search<G: Game>(game: &G, config: SearchConfig, limits: &Limits) -> SearchResult<G::Move> {
    Searcher::new(config).search(game, limits)
}
