//! Iterative-deepening principal-variation search specialised for Xiangqi: the engine's
//! tournament search.
//!
//! Uses `qi-search`'s lock-free transposition table, stop flag, statistics and score
//! encoding; everything that touches the position (incremental evaluation, repetition
//! rulings, check extensions, null-move guards) lives here for speed. Its constants are in
//! [`crate::params`]; its techniques can be switched off ([`crate::features`]), and with
//! the value-changing ones off it computes exactly the fixed-depth minimax value that
//! `qi-search` computes on [`crate::game::XiangqiGame`] (`tests/agrees_with_qi_search.rs`).

use crate::eval::{evaluate_with, piece_value, Accumulator};
use crate::features::SearchFeatures;
use crate::ordering::{is_capture, pick, piece_square, score_moves, QuietHistory, PIECE_SQUARES};
use crate::params::{
    ASPIRATION_DELTA, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH, CAPTURE_SCORE,
    CHECK_EXTENSION_PLY_FACTOR, DEFAULT_HASH_MB, DELTA_MARGIN, FUTILITY_BASE, FUTILITY_MAX_DEPTH,
    FUTILITY_PER_DEPTH, HELPER_DEPTH_SPREAD, HISTORY_LIMIT, HISTORY_MAX_BONUS, IIR_MIN_DEPTH,
    LATE_MOVE_PRUNING_BASE, LATE_MOVE_PRUNING_MAX_DEPTH, LATE_MOVE_PRUNING_SCALE, LMR_BASE,
    LMR_DIVISOR, LMR_HISTORY_DIVISOR, LMR_MIN_DEPTH, LMR_MIN_MOVES, LMR_PV_RELIEF, LMR_TABLE_SIZE,
    MAX_HASH_MB, MAX_PLY_MARGIN, MAX_THREADS, NODES_BETWEEN_CHECKS, NULL_MOVE_BASE_REDUCTION,
    NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_EVAL_DIVISOR, NULL_MOVE_MAX_EVAL_REDUCTION,
    NULL_MOVE_MIN_DEPTH, REVERSE_FUTILITY_MARGIN, REVERSE_FUTILITY_MAX_DEPTH,
};
use crate::repetition::{ruling, HistEntry, Ruling};
use crate::time::TimeBudget;
use qi_search::score::{
    from_table, is_decisive, loss_in, plies_to_end, to_table, win_in, Score, INFINITY, MAX_PLY,
};
use qi_search::tt::{Bound, Entry};
use qi_search::{RootKeeper, SearchStats, StopFlag, TranspositionTable};
use qi_xiangqi::{Move, MoveList, Piece, PieceKind, Position, Undo, MAX_MOVES, MOVE_RULE_PLIES};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Deepest ply the search visits; leaves room for the score encoding's distance range.
const MAX_SEARCH_PLY: usize = MAX_PLY - MAX_PLY_MARGIN;

/// Entries of a worker's evaluation cache (a power of two; 16 bytes each).
const EVAL_CACHE_ENTRIES: usize = 1 << 14;
/// The value an empty cache entry holds (no evaluation is this far below zero).
const EMPTY_EVAL: Score = Score::MIN;
pub use crate::params::MAX_DEPTH;

/// Engine-wide settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// Search threads (Lazy SMP).
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
        }
    }
}

/// What to search and under which limits.
#[derive(Clone, Debug, Default)]
pub struct SearchRequest {
    /// The position to search.
    pub position: Position,
    /// Earlier positions of the game, oldest first, without `position` itself; used for
    /// repetition rulings.
    pub history: Vec<HistEntry>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Approximate node budget.
    pub nodes: Option<u64>,
    /// Time limits from the start of the search.
    pub time: TimeBudget,
    /// While this flag is up the search ignores its time limits (pondering); the limits
    /// then count from the moment it is lowered.
    pub pondering: Option<Arc<AtomicBool>>,
    /// Root moves the search must not play (UCCI `banmoves`).
    pub banned: Vec<Move>,
    /// Search every root move with a full window so each gets an exact score (levels).
    pub all_root_scores: bool,
}

/// Progress report after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move's view.
    pub score: Score,
    /// Nodes so far, all threads.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Table fill in permille (sampled).
    pub hashfull: u32,
}

/// The answer of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// Best move, `None` when no legal (unbanned) move exists.
    pub best: Option<Move>,
    /// Expected reply, for pondering.
    pub ponder: Option<Move>,
    /// Score of the best move from the side to move's view.
    pub score: Score,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Statistics summed over threads.
    pub stats: SearchStats,
    /// Exact scores of root moves when [`SearchRequest::all_root_scores`] was set.
    pub root_scores: Vec<(Move, Score)>,
}

/// The engine: a shared table and thread settings. Searches borrow it immutably, so one
/// engine can serve a protocol loop and its search thread.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    options: EngineOptions,
    features: SearchFeatures,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineOptions::default())
    }
}

impl Engine {
    /// A fresh engine.
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(options.hash_mb.max(1))),
            options,
            features: SearchFeatures::all(),
        }
    }

    /// The techniques the search uses (all of them unless [`Engine::set_features`] said
    /// otherwise).
    pub fn features(&self) -> SearchFeatures {
        self.features
    }

    /// Switches the search's techniques on or off for the following searches (comparison
    /// with `qi-search`, measuring one technique); play keeps the default, all on.
    pub fn set_features(&mut self, features: SearchFeatures) {
        self.features = features;
    }

    /// Current options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Resizes the table (clearing it).
    pub fn set_hash(&mut self, mb: usize) {
        self.options.hash_mb = mb.clamp(1, MAX_HASH_MB);
        self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb));
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// Makes a fresh table's memory resident on a thread of its own, the searches using
    /// the part already resident meanwhile, so that no timed search pays the table's page
    /// faults (see [`TranspositionTable::commit_in_background`]). Call it before the
    /// first search.
    pub fn commit_table(&self) {
        self.tt.commit_in_background();
    }

    /// The table's actual size in MB: the size asked for, or less where the system had
    /// less memory available.
    pub fn table_megabytes(&self) -> usize {
        self.tt.bytes() >> 20
    }

    /// Searches `req` until a limit is reached or `stop` is raised, reporting each
    /// completed iteration of the main thread to `on_info`.
    pub fn search(
        &self,
        req: &SearchRequest,
        stop: &StopFlag,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let internal = StopFlag::new();
        let nodes = AtomicU64::new(0);
        let shared = Shared {
            tt: &self.tt,
            user_stop: stop,
            stop: &internal,
            nodes: &nodes,
            start,
            features: self.features,
        };
        let threads = self.options.threads.max(1);
        let mut result = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    let shared = &shared;
                    scope.spawn(move || {
                        let mut t = Worker::new(req, shared, id);
                        t.iterate(req, &mut |_| {});
                        t.stats.clone()
                    })
                })
                .collect();
            let mut main = Worker::new(req, &shared, 0);
            let mut result = main.iterate(req, &mut on_info);
            internal.stop();
            for h in helpers {
                if let Ok(s) = h.join() {
                    let depth = result.stats.depth;
                    result.stats.absorb(&s);
                    result.stats.depth = depth;
                }
            }
            result
        });
        result.stats.time = start.elapsed();
        result
    }
}

/// State shared by all threads of one search.
struct Shared<'a> {
    tt: &'a TranspositionTable,
    user_stop: &'a StopFlag,
    stop: &'a StopFlag,
    nodes: &'a AtomicU64,
    start: Instant,
    features: SearchFeatures,
}

/// `LMR[depth][move_number]`: how many plies a late quiet move is reduced.
type LmrTable = [[u8; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];

/// The reduction table, computed once.
fn lmr_table() -> &'static LmrTable {
    static T: OnceLock<LmrTable> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u8; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        t
    })
}

/// One search thread.
struct Worker<'a> {
    pos: Position,
    path: Vec<HistEntry>,
    accs: Vec<Accumulator>,
    /// Index in `path` of the latest null move: repetitions never span one.
    rep_floor: usize,
    root_index: usize,
    shared: &'a Shared<'a>,
    id: usize,
    killers: Vec<[Move; 2]>,
    /// Butterfly history of quiet moves by [`piece_square`].
    history: Vec<i32>,
    /// Continuation history: row `piece_square` of a move, column that of its answer.
    continuation: Vec<i16>,
    /// `piece_square` of the move that led to each ply (`None` for a null move, the root).
    moved: [Option<usize>; MAX_PLY + 2],
    /// Evaluations already made, by position key: the same positions come back in every
    /// iteration and through transpositions, and a lookup is cheaper than an evaluation.
    eval_cache: Vec<(u64, Score)>,
    /// Static evaluation at each ply of the current line (`None` when in check).
    static_evals: [Option<Score>; MAX_PLY + 2],
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    stats: SearchStats,
    unreported: u64,
    stopped: bool,
    node_limit: Option<u64>,
    budget: TimeBudget,
    pondering: Option<Arc<AtomicBool>>,
    /// When pondering ended (or the search start): time limits count from here.
    clock_start: Instant,
    root_depth: i32,
    banned: Vec<Move>,
    all_root_scores: bool,
    root_scores: Vec<(Move, Score)>,
    features: SearchFeatures,
    /// The score of the root move in `pv[0]`, for an iteration that is stopped.
    root_best: Score,
    /// What the root found that the last complete iteration does not know (moves proven
    /// lost, a fail-high, a move being re-searched): the move played when the clock stops
    /// an iteration comes from it.
    root: RootKeeper<Move>,
    /// The root's moves in the order it searches them (banned moves left out), for a
    /// stopped iteration whose move is proven lost.
    root_order: Vec<Move>,
    /// The nodes counted each time a root move was first proven lost, and that move (for a
    /// test that stops the search right there).
    #[cfg(test)]
    root_losses: Vec<(u64, Move)>,
    /// Where the root first re-searched a move in the full window after it beat alpha in
    /// a full-depth null window: the nodes counted by then, the move and that score (for a
    /// test that stops the search right there).
    #[cfg(test)]
    root_re_search: Option<(u64, Move, Score)>,
}

impl<'a> Worker<'a> {
    fn new(req: &SearchRequest, shared: &'a Shared<'a>, id: usize) -> Worker<'a> {
        let pos = req.position.clone();
        let mut path = req.history.clone();
        path.push(HistEntry::new(&pos, Move::NULL));
        let root_index = path.len() - 1;
        let acc = Accumulator::new(&pos);
        Worker {
            pos,
            path,
            accs: vec![acc],
            rep_floor: 0,
            root_index,
            shared,
            id,
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            history: vec![0; PIECE_SQUARES],
            continuation: vec![0; PIECE_SQUARES * PIECE_SQUARES],
            moved: [None; MAX_PLY + 2],
            eval_cache: vec![(0, EMPTY_EVAL); EVAL_CACHE_ENTRIES],
            static_evals: [None; MAX_PLY + 2],
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            stats: SearchStats::default(),
            unreported: 0,
            stopped: false,
            node_limit: req.nodes,
            budget: req.time,
            pondering: req.pondering.clone(),
            clock_start: shared.start,
            root_depth: 1,
            banned: req.banned.clone(),
            all_root_scores: req.all_root_scores && id == 0,
            root_scores: Vec::new(),
            features: shared.features,
            root_best: 0,
            root: RootKeeper::new(),
            root_order: Vec::new(),
            #[cfg(test)]
            root_losses: Vec::new(),
            #[cfg(test)]
            root_re_search: None,
        }
    }

    fn elapsed(&self) -> Duration {
        self.clock_start.elapsed()
    }

    fn is_pondering(&mut self) -> bool {
        if let Some(p) = &self.pondering {
            if p.load(Ordering::Relaxed) {
                return true;
            }
            // The opponent played the expected move: our clock starts now.
            self.pondering = None;
            self.clock_start = Instant::now();
        }
        false
    }

    /// Counts a node and decides whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.stats.nodes += 1;
        self.unreported += 1;
        // The first iteration always completes, so even a tiny node budget (weak levels)
        // plays a searched move rather than the first legal one.
        if let Some(limit) = self.node_limit.filter(|_| self.root_depth > 1) {
            // A single thread stays deterministic by checking its own count every node.
            let total = if self.shared_threads_running() {
                self.shared.nodes.load(Ordering::Relaxed) + self.unreported
            } else {
                self.stats.nodes
            };
            if total >= limit {
                self.stopped = true;
                self.shared.stop.stop();
            }
        }
        if self.unreported >= NODES_BETWEEN_CHECKS {
            self.shared
                .nodes
                .fetch_add(self.unreported, Ordering::Relaxed);
            self.unreported = 0;
            if self.shared.user_stop.is_stopped() || self.shared.stop.is_stopped() {
                self.stopped = true;
            }
            // Depth 1 always completes, so even a zero time limit plays a searched move.
            if self.id == 0 && self.root_depth > 1 && !self.is_pondering() {
                if let Some(hard) = self.budget.hard {
                    if self.elapsed() >= hard {
                        self.stopped = true;
                        self.shared.stop.stop();
                    }
                }
            }
        }
        self.stopped
    }

    fn shared_threads_running(&self) -> bool {
        self.id != 0 || self.shared.nodes.load(Ordering::Relaxed) > self.stats.nodes
    }

    fn ply(&self) -> usize {
        self.path.len() - 1 - self.root_index
    }

    fn make(&mut self, mv: Move) -> Undo {
        let acc = self.accs[self.accs.len() - 1].after(&self.pos, mv);
        let child = self.ply() + 1;
        if child < self.moved.len() {
            self.moved[child] = self.pos.moved_piece(mv).map(|p| piece_square(p, mv.to()));
        }
        // The move is recorded on the position it leaves, so a repetition's cycle can be
        // replayed to judge chases.
        if let Some(last) = self.path.last_mut() {
            last.played = mv;
        }
        let undo = self.pos.make_move(mv);
        // The child probes the table first thing; start loading its bucket now.
        self.shared.tt.prefetch(self.pos.key());
        self.accs.push(acc);
        self.path.push(HistEntry::new(&self.pos, Move::NULL));
        undo
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        self.pos.unmake_move(mv, undo);
        self.accs.pop();
        self.path.pop();
    }

    fn eval(&mut self) -> Score {
        let key = self.pos.key();
        let cached = &mut self.eval_cache[key as usize & (EVAL_CACHE_ENTRIES - 1)];
        if cached.0 == key && cached.1 != EMPTY_EVAL {
            return cached.1;
        }
        // The evaluation reads only the placement and the side to move, which the key
        // stands for, so a cached value is the value.
        let v = evaluate_with(&self.pos, &self.accs[self.accs.len() - 1]);
        *cached = (key, v);
        v
    }

    /// Whether the side to move keeps a piece that can force progress, so passing is
    /// unlikely to be its best option (null move is unsafe in bare endings: zugzwang).
    fn has_attackers(&self) -> bool {
        let side = self.pos.side_to_move();
        [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
            .iter()
            .any(|&k| self.pos.count(Piece::new(side, k)) > 0)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let next = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..next {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = next;
    }

    /// One iteration: the root searched to `depth` in windows around `prev`, the last
    /// iteration's score, each failing side widened until the score falls inside. When the
    /// search stops, the root line is what this depth found so far: a move that beat a
    /// window's lower bound, or none.
    fn aspiration(&mut self, depth: i32, prev: Score) -> Score {
        let mut delta = ASPIRATION_DELTA;
        let aspire = self.features.aspiration_windows && depth >= ASPIRATION_MIN_DEPTH;
        let (mut alpha, mut beta) = if aspire && !is_decisive(prev) {
            (prev - delta, prev + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            // Only the last pass's root scores count: a pass re-searched with a wider
            // window scores every root move again.
            self.root_scores.clear();
            let s = self.negamax(alpha, beta, depth, false);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITY);
                self.root.window_failed_low();
            } else if s >= beta {
                beta = (s + delta).min(INFINITY);
                self.root
                    .window_failed_high(&self.pv[0][..self.pv_len[0]], s);
            } else {
                return s;
            }
            delta *= 2;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The line and score a stopped iteration plays (see [`RootKeeper::stopped`]), after
    /// the last complete iteration's line and score `completed`.
    fn stopped_line(&self, completed: Option<(&[Move], Score)>) -> Option<(Vec<Move>, Score)> {
        let found = &self.pv[0][..self.pv_len[0]];
        self.root
            .stopped(found, self.root_best, completed, &self.root_order)
    }

    /// Iterative deepening with aspiration windows.
    fn iterate(&mut self, req: &SearchRequest, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut result = SearchResult::default();
        let mut root = MoveList::new();
        self.pos.generate_legal(&mut root);
        let playable: Vec<Move> = root
            .iter()
            .copied()
            .filter(|m| !self.banned.contains(m))
            .collect();
        if playable.is_empty() {
            result.score = if root.is_empty() { loss_in(0) } else { 0 };
            return result;
        }
        result.best = Some(playable[0]);
        result.pv = vec![playable[0]];
        let max_depth = req.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH) as i32;
        let mut prev = 0;
        let mut completed_any = false;
        self.root.start_turn();
        // Helper threads skip depths so they explore ahead of the main thread.
        let first = 1 + (self.id % HELPER_DEPTH_SPREAD) as i32;
        let mut depth = first;
        while depth <= max_depth {
            let iteration_start = self.elapsed();
            self.root_depth = depth;
            self.root.start_iteration();
            let score = self.aspiration(depth, prev);
            if self.stopped {
                // An unfinished iteration still counts where a root move was searched to
                // the end and beat the window's lower bound (the previous best move comes
                // first, so another move there has beaten it at this depth), and a move it
                // proved lost gives way (see `RootKeeper::stopped`). Not where every root
                // move's exact score was asked for: the iteration's are incomplete.
                if !self.all_root_scores {
                    let completed = completed_any.then_some((result.pv.as_slice(), result.score));
                    if let Some((pv, score)) = self.stopped_line(completed) {
                        result.best = Some(pv[0]);
                        result.ponder = pv.get(1).copied();
                        result.pv = pv;
                        result.score = score;
                    }
                }
                break;
            }
            completed_any = true;
            prev = score;
            self.stats.depth = depth as u32;
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
            if let Some(&m) = pv.first() {
                result.best = Some(m);
                result.ponder = pv.get(1).copied();
                result.pv = pv.clone();
            }
            result.score = score;
            if self.all_root_scores {
                result.root_scores = self.root_scores.clone();
            }
            if self.id == 0 {
                let info = Info {
                    depth: depth as u32,
                    seldepth: self.stats.seldepth,
                    score,
                    nodes: self.shared.nodes.load(Ordering::Relaxed) + self.unreported,
                    time: self.shared.start.elapsed(),
                    pv,
                    hashfull: 0,
                };
                on_info(&info);
                // A mate found well inside the horizon will not change with more depth.
                if let Some(p) = plies_to_end(score) {
                    if (p as i32) < depth && self.pondering.is_none() && req.time.hard.is_some() {
                        break;
                    }
                }
                if !self.is_pondering() {
                    let elapsed = self.elapsed();
                    let last = elapsed.saturating_sub(iteration_start);
                    if !self.budget.may_start_iteration(elapsed, last) {
                        break;
                    }
                }
            }
            depth += 1;
        }
        self.shared
            .nodes
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
        result.stats = self.stats.clone();
        result
    }

    fn negamax(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        mut depth: i32,
        null_ok: bool,
    ) -> Score {
        let ply = self.ply();
        if depth <= 0 {
            return if self.features.quiescence {
                self.qsearch(alpha, beta)
            } else {
                self.horizon()
            };
        }
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        let in_check = self.path[self.path.len() - 1].in_check;
        if !root {
            let reversible =
                (self.pos.halfmove_clock() as usize).min(self.path.len() - 1 - self.rep_floor);
            if self.features.repetition_rulings {
                if let Some(r) = ruling(&self.pos, &self.path, reversible, 1) {
                    return match r {
                        Ruling::Draw => 0,
                        Ruling::Win => win_in(ply),
                        Ruling::Loss => loss_in(ply),
                    };
                }
            }
            if self.pos.halfmove_clock() >= MOVE_RULE_PLIES {
                return 0;
            }
            // Mate-distance pruning: no line from here beats a faster mate already found.
            if self.features.mate_distance_pruning {
                alpha = alpha.max(loss_in(ply));
                beta = beta.min(win_in(ply + 1));
                if alpha >= beta {
                    return alpha;
                }
            }
            if ply >= MAX_SEARCH_PLY {
                return self.eval();
            }
        }

        let key = self.pos.key();
        self.stats.tt_probes += 1;
        let mut hash_move = Move::NULL;
        let mut table_hint: Option<(Score, Bound)> = None;
        if let Some(e) = self.shared.tt.probe(key) {
            self.stats.tt_hits += 1;
            if let Some(m) = e.move_code.and_then(Move::from_raw) {
                hash_move = m;
            }
            let s = from_table(e.score, ply);
            if self.features.table_cutoffs
                && !pv_node
                && !root
                && e.depth as i32 >= depth
                && e.bound.settles(s, alpha, beta)
            {
                self.stats.tt_cutoffs += 1;
                return s;
            }
            if self.features.table_cutoffs {
                table_hint = Some((s, e.bound));
            }
        }

        let static_eval = if in_check { -INFINITY } else { self.eval() };
        self.static_evals[ply] = (!in_check).then_some(static_eval);
        // The table's bound, where it says more than the static evaluation, is the better
        // forecast for the pruning decisions below.
        let estimate = match table_hint {
            Some((s, bound)) if !in_check && !is_decisive(s) => match bound {
                Bound::Exact => s,
                Bound::Lower => s.max(static_eval),
                Bound::Upper => s.min(static_eval),
            },
            _ => static_eval,
        };
        // Improving: better than two plies ago, when this side last moved; prunes less.
        let improving = !in_check
            && match ply.checked_sub(2).map(|p| self.static_evals[p]) {
                Some(Some(before)) => static_eval > before,
                _ => true,
            };
        if !pv_node && !in_check && !is_decisive(beta) {
            // Reverse futility: far above beta at low depth, a quiet move will not lose it all.
            if self.features.reverse_futility
                && depth <= REVERSE_FUTILITY_MAX_DEPTH
                && estimate - REVERSE_FUTILITY_MARGIN * (depth - i32::from(improving)) >= beta
            {
                return estimate;
            }
            // Null move: if passing still fails high, a real move will too.
            if self.features.null_move
                && null_ok
                && depth >= NULL_MOVE_MIN_DEPTH
                && estimate >= beta
                && self.has_attackers()
            {
                let r = NULL_MOVE_BASE_REDUCTION
                    + depth / NULL_MOVE_DEPTH_DIVISOR
                    + ((estimate - beta) / NULL_MOVE_EVAL_DIVISOR)
                        .min(NULL_MOVE_MAX_EVAL_REDUCTION);
                let undo = self.pos.make_null();
                let acc = self.accs[self.accs.len() - 1];
                self.accs.push(acc);
                self.moved[ply + 1] = None;
                self.path.push(HistEntry {
                    key: self.pos.key(),
                    in_check: false,
                    played: Move::NULL,
                });
                let floor = self.rep_floor;
                self.rep_floor = self.path.len() - 1;
                let s = -self.negamax(-beta, -beta + 1, depth - r, false);
                self.rep_floor = floor;
                self.path.pop();
                self.accs.pop();
                self.pos.unmake_null(undo);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if is_decisive(s) { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: a node the table knows nothing about is searched a
        // ply shallower; the next iteration finds it with a move to try first.
        if self.features.internal_iterative_reduction
            && hash_move.is_null()
            && !in_check
            && depth >= IIR_MIN_DEPTH
        {
            depth -= 1;
        }

        let mut list = MoveList::new();
        self.pos.generate_legal(&mut list);
        if list.is_empty() {
            // Checkmate and stalemate both lose in Xiangqi.
            return loss_in(ply);
        }
        let n = list.len();
        let moves = list.as_mut_slice();
        let mut scores = [0i32; MAX_MOVES];
        let killers = self.killers[ply];
        score_moves(
            &self.pos,
            moves,
            &mut scores[..n],
            hash_move,
            &killers,
            &self.quiet_history(ply),
        );
        if root {
            // The root's whole order, for a stopped iteration whose move is proven lost:
            // sorted here by the same picks the loop makes, which then change nothing.
            for i in 0..n {
                pick(moves, &mut scores[..n], i);
            }
            self.root_order.clear();
            let banned = &self.banned;
            self.root_order
                .extend(moves.iter().filter(|m| !banned.contains(m)));
        }
        // Children start with fresh killers: the grandchildren's are about other positions.
        if ply + 2 < self.killers.len() {
            self.killers[ply + 2] = [Move::NULL; 2];
        }

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        let mut quiets: [Move; MAX_MOVES] = [Move::NULL; MAX_MOVES];
        let mut nquiets = 0;
        let late_move_count = (LATE_MOVE_PRUNING_BASE + LATE_MOVE_PRUNING_SCALE * depth * depth)
            / if improving { 1 } else { 2 };
        let futile = self.features.futility_pruning
            && !root
            && !pv_node
            && !in_check
            && depth <= FUTILITY_MAX_DEPTH
            && estimate + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha;
        for i in 0..n {
            pick(moves, &mut scores[..n], i);
            let mv = moves[i];
            if root && self.banned.contains(&mv) {
                continue;
            }
            let capture = is_capture(&self.pos, mv);
            // The ordering score: for a quiet move other than the table move and the
            // killers, its history score.
            let order_score = scores[i];
            // Late-move pruning: at shallow depth, quiet moves far down the list rarely
            // matter once several have been tried.
            if self.features.late_move_pruning
                && !root
                && !pv_node
                && !in_check
                && !capture
                && depth <= LATE_MOVE_PRUNING_MAX_DEPTH
                && searched >= late_move_count as usize
                && !is_decisive(best)
            {
                continue;
            }
            // Futility pruning: far below alpha near the horizon, a quiet move that does not
            // check will not bring the score back.
            if futile && !capture && searched > 0 && !is_decisive(best) && !self.pos.gives_check(mv)
            {
                continue;
            }
            let undo = self.make(mv);
            let gives_check = self.path[self.path.len() - 1].in_check;
            // Check extension, bounded so perpetual-check lines cannot explode the tree.
            let ext = i32::from(
                self.features.check_extensions
                    && gives_check
                    && (ply as i32) < CHECK_EXTENSION_PLY_FACTOR * self.root_depth,
            );
            let new_depth = depth - 1 + ext;
            let mut s;
            if root && self.all_root_scores {
                s = -self.negamax(-INFINITY, INFINITY, new_depth, true);
            } else if searched == 0 {
                s = -self.negamax(-beta, -alpha, new_depth, true);
            } else {
                let mut r = 0;
                if self.features.late_move_reductions
                    && depth >= LMR_MIN_DEPTH
                    && searched >= LMR_MIN_MOVES
                    && !capture
                    && !in_check
                    && !gives_check
                {
                    let last = LMR_TABLE_SIZE - 1;
                    r = lmr_table()[(depth as usize).min(last)][searched.min(last)] as i32;
                    if pv_node {
                        r -= LMR_PV_RELIEF;
                    }
                    if !improving {
                        r += 1;
                    }
                    // Killers and moves with a good history are reduced less, moves that
                    // keep failing more. (Killers' ordering scores are not histories.)
                    if mv == killers[0] || mv == killers[1] {
                        r -= 1;
                    } else {
                        r -= order_score / LMR_HISTORY_DIVISOR;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                s = -self.negamax(-alpha - 1, -alpha, new_depth - r, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(-alpha - 1, -alpha, new_depth, true);
                }
                if s > alpha && s < beta {
                    if root && !self.stopped {
                        // Kept in case the clock stops the full-window re-search.
                        self.root.re_search_started(mv, s);
                        #[cfg(test)]
                        if self.root_re_search.is_none() {
                            self.root_re_search = Some((self.stats.nodes, mv, s));
                        }
                    }
                    s = -self.negamax(-beta, -alpha, new_depth, true);
                }
            }
            self.unmake(mv, undo);
            if self.stopped {
                return 0;
            }
            searched += 1;
            if root {
                #[cfg(test)]
                let proven_before = self.root.is_lost(mv);
                self.root.searched(mv, s);
                #[cfg(test)]
                if !proven_before && self.root.is_lost(mv) {
                    self.root_losses.push((self.stats.nodes, mv));
                }
            }
            if root && self.all_root_scores {
                self.root_scores.push((mv, s));
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = mv;
                    self.update_pv(ply, mv);
                    if root {
                        self.root_best = s;
                    }
                    alpha = s;
                    if s >= beta {
                        self.stats.beta_cutoffs += 1;
                        if searched == 1 {
                            self.stats.first_move_cutoffs += 1;
                        }
                        if !capture {
                            self.reward(ply, mv, depth, &quiets[..nquiets]);
                        }
                        break;
                    }
                }
            }
            if !capture && nquiets < MAX_MOVES {
                quiets[nquiets] = mv;
                nquiets += 1;
            }
        }
        if searched == 0 {
            // Every root move is banned (other nodes always search at least one move).
            return if root { 0 } else { loss_in(ply) };
        }
        let depth = depth.clamp(0, 255) as u8;
        self.store(key, ply, depth, best, (orig_alpha, beta), best_move);
        best
    }

    /// Stores a node's result: a lower bound at or above beta, exact inside the window
    /// it was searched with, an upper bound at or below its alpha.
    fn store(
        &self,
        key: u64,
        ply: usize,
        depth: u8,
        best: Score,
        (alpha, beta): (Score, Score),
        best_move: Move,
    ) {
        self.shared.tt.store(
            key,
            Entry {
                score: to_table(best, ply),
                depth,
                bound: Bound::of(best, alpha, beta),
                move_code: (!best_move.is_null()).then(|| best_move.raw()),
            },
        );
    }

    /// The quiet-move histories that apply at `ply`: the butterfly table and the
    /// continuation rows of the last two moves.
    fn quiet_history(&self, ply: usize) -> QuietHistory<'_> {
        let row = |p: Option<usize>| {
            p.and_then(|p| self.moved[p])
                .map(|m| &self.continuation[m * PIECE_SQUARES..(m + 1) * PIECE_SQUARES])
        };
        QuietHistory {
            main: &self.history,
            continuations: [row(Some(ply)), row(ply.checked_sub(1))],
        }
    }

    /// Killer and history updates after a quiet move caused a cutoff; the quiet moves
    /// tried before it are penalised so the history tables keep discriminating.
    fn reward(&mut self, ply: usize, mv: Move, depth: i32, failed: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let bonus = (depth * depth).min(HISTORY_MAX_BONUS);
        let previous = [Some(ply), ply.checked_sub(1)].map(|p| p.and_then(|p| self.moved[p]));
        let update = |h: &mut i32, b: i32| {
            *h += b - *h * b.abs() / HISTORY_LIMIT;
        };
        for (m, b) in std::iter::once((mv, bonus)).chain(failed.iter().map(|&q| (q, -bonus))) {
            let Some(p) = self.pos.moved_piece(m) else {
                continue;
            };
            let index = piece_square(p, m.to());
            update(&mut self.history[index], b);
            for prev in previous.iter().flatten() {
                // Gravity keeps the entry within ±HISTORY_LIMIT, which an i16 holds.
                let entry = &mut self.continuation[prev * PIECE_SQUARES + index];
                let mut h = i32::from(*entry);
                update(&mut h, b);
                *entry = h as i16;
            }
        }
    }

    /// The depth limit without quiescence: the static evaluation, as a textbook
    /// depth-limited search has it (the 60-move rule still ends the game there).
    fn horizon(&mut self) -> Score {
        let ply = self.ply();
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        self.stats.leaves += 1;
        if self.pos.halfmove_clock() >= MOVE_RULE_PLIES {
            return 0;
        }
        self.eval()
    }

    /// Quiescence: captures only, or every evasion when in check (so mates are seen).
    fn qsearch(&mut self, mut alpha: Score, beta: Score) -> Score {
        let ply = self.ply();
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        if ply >= MAX_SEARCH_PLY {
            return self.eval();
        }
        // The table: a null-window node takes a stored bound that settles it, and any
        // node tries the stored move first.
        let key = self.pos.key();
        let mut hash_move = Move::NULL;
        if self.features.table_cutoffs {
            if let Some(e) = self.shared.tt.probe(key) {
                let s = from_table(e.score, ply);
                if beta - alpha == 1 && e.bound.settles(s, alpha, beta) {
                    return s;
                }
                if let Some(m) = e.move_code.and_then(Move::from_raw) {
                    hash_move = m;
                }
            }
        }
        let orig_alpha = alpha;
        let mut best_move = Move::NULL;
        let in_check = self.path[self.path.len() - 1].in_check;
        let mut list = MoveList::new();
        let mut best;
        let stand;
        if in_check {
            self.pos.generate_legal(&mut list);
            if list.is_empty() {
                return loss_in(ply);
            }
            best = -INFINITY;
            stand = -INFINITY;
        } else {
            stand = self.eval();
            if stand >= beta {
                self.stats.leaves += 1;
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            self.pos.generate_captures(&mut list);
        }
        let n = list.len();
        let moves = list.as_mut_slice();
        let mut scores = [0i32; MAX_MOVES];
        score_moves(
            &self.pos,
            moves,
            &mut scores[..n],
            hash_move,
            &[Move::NULL; 2],
            &self.quiet_history(ply),
        );
        for i in 0..n {
            pick(moves, &mut scores[..n], i);
            let mv = moves[i];
            if !in_check && self.features.see_pruning && scores[i] < CAPTURE_SCORE {
                // Ordered last, the captures that lose material by static exchange: a
                // quiescence search stands pat rather than play them.
                break;
            }
            if !in_check && self.features.delta_pruning {
                // Delta pruning: even winning this piece outright cannot reach alpha.
                let gain = self
                    .pos
                    .captured_piece(mv)
                    .map_or(0, |p| piece_value(p.kind()));
                if stand + gain + DELTA_MARGIN < alpha {
                    continue;
                }
            }
            let undo = self.make(mv);
            let s = -self.qsearch(-beta, -alpha);
            self.unmake(mv, undo);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = mv;
                    self.update_pv(ply, mv);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if self.features.table_cutoffs {
            self.store(key, ply, 0, best, (orig_alpha, beta), best_move);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-thread search of `req` on its own fresh table, run by `f` on the main worker.
    fn with_worker<T>(req: &SearchRequest, f: impl FnOnce(&mut Worker) -> T) -> T {
        let tt = TranspositionTable::new(1);
        let (user_stop, stop, nodes) = (StopFlag::new(), StopFlag::new(), AtomicU64::new(0));
        let shared = Shared {
            tt: &tt,
            user_stop: &user_stop,
            stop: &stop,
            nodes: &nodes,
            start: Instant::now(),
            features: SearchFeatures::all(),
        };
        let mut worker = Worker::new(req, &shared, 0);
        f(&mut worker)
    }

    /// A search stopped right after a root move is proven lost plays another root move
    /// when one is not proven lost (positions of seeded random games, each search stopped
    /// after each of its first proofs).
    #[test]
    fn a_move_proven_lost_is_not_played_when_the_clock_stops() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let (mut stops, mut would_have_played_it) = (0, 0);
        for _ in 0..400 {
            // Captures taken half the time open the generals up, so that mates come early.
            let mut pos = Position::startpos();
            for _ in 0..20 + random(60) {
                let mut list = MoveList::new();
                pos.generate_legal(&mut list);
                if list.is_empty() {
                    break;
                }
                let moves = list.as_slice();
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| is_capture(&pos, m))
                    .collect();
                let mv = if !captures.is_empty() && random(2) == 0 {
                    captures[random(captures.len())]
                } else {
                    moves[random(moves.len())]
                };
                pos.make_move(mv);
            }
            let mut list = MoveList::new();
            pos.generate_legal(&mut list);
            if list.is_empty() {
                continue;
            }
            let req = SearchRequest {
                position: pos,
                depth: Some(5),
                ..SearchRequest::default()
            };
            let losses = with_worker(&req, |whole| {
                whole.iterate(&req, &mut |_| {});
                whole.root_losses.clone()
            });
            for (nodes, lost) in losses.into_iter().take(6) {
                let stopped = SearchRequest {
                    nodes: Some(nodes + 1),
                    ..req.clone()
                };
                with_worker(&stopped, |worker| {
                    let found = worker.iterate(&stopped, &mut |_| {});
                    // A proof that ended the search leaves nothing to stop.
                    if !worker.stopped {
                        return;
                    }
                    assert!(worker.root.is_lost(lost));
                    let played = found.best.expect("a move");
                    let unproven = worker.root_order.iter().any(|&m| !worker.root.is_lost(m));
                    if unproven {
                        assert!(
                            !worker.root.is_lost(played),
                            "{:?} {played:?}",
                            req.position
                        );
                        // The move the stopped iteration's own evidence named (before the
                        // last complete iteration's is consulted) was the lost one.
                        if worker
                            .root
                            .stopped(&worker.pv[0][..worker.pv_len[0]], 0, None, &[])
                            .is_some_and(|(line, _)| worker.root.is_lost(line[0]))
                        {
                            would_have_played_it += 1;
                        }
                    }
                    stops += 1;
                });
            }
        }
        assert!(stops > 60, "only {stops} stops");
        assert!(
            would_have_played_it > 12,
            "the stopped line held a lost move at only {would_have_played_it} stops"
        );
    }

    #[test]
    fn a_root_move_that_beat_alpha_survives_a_stopped_re_search() {
        let req = SearchRequest {
            position: Position::startpos(),
            ..SearchRequest::default()
        };
        let depth = 5;
        let (nodes, mv, score) = with_worker(&req, |first| {
            first.root_depth = depth;
            first.negamax(-INFINITY, INFINITY, depth, false);
            first
                .root_re_search
                .expect("a later root move beat the first in the null window")
        });
        // The same search, stopped at the re-search's first node.
        let stopped = SearchRequest {
            nodes: Some(nodes + 1),
            ..req
        };
        with_worker(&stopped, |second| {
            second.root_depth = depth;
            second.negamax(-INFINITY, INFINITY, depth, false);
            assert!(second.stopped);
            assert_eq!(second.stopped_line(None), Some((vec![mv], score)));
        });
    }

    #[test]
    fn a_move_that_failed_high_survives_a_stopped_re_search() {
        let req = SearchRequest {
            position: Position::startpos(),
            ..SearchRequest::default()
        };
        let depth = ASPIRATION_MIN_DEPTH + 1;
        // A last score far below the position's, so that the first window fails high.
        let last = -3_000;
        let beta = last + ASPIRATION_DELTA;
        let (line, nodes) = with_worker(&req, |first| {
            first.root_depth = depth;
            let score = first.negamax(last - ASPIRATION_DELTA, beta, depth, false);
            assert!(score >= beta, "the first window did not fail high: {score}");
            (first.pv[0][..first.pv_len[0]].to_vec(), first.stats.nodes)
        });
        assert!(!line.is_empty());
        // The same search, stopped right after its first window: the re-search runs out
        // of nodes at its own root node.
        let stopped = SearchRequest {
            nodes: Some(nodes + 1),
            ..req
        };
        with_worker(&stopped, |second| {
            second.root_depth = depth;
            second.aspiration(depth, last);
            assert!(second.stopped);
            let (played, score) = second.stopped_line(None).expect("a line");
            assert_eq!(played, line);
            assert!(score >= beta, "{score}");
        });
    }
}
