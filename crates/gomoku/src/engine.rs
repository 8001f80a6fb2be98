//! The engine: immediate wins and forced blocks first, then VCF and VCT at the root, then
//! iterative-deepening PVS under depth, time and node limits, at levels 1–10: the
//! specialised search ([`crate::search`]) at full strength, on several threads when asked
//! (Lazy SMP, sharing its table), and `qi-search`'s generic one below it.

use crate::board::{Board, Point};
use crate::eval::Threat;
use crate::game::{Gomoku, SearchSettings};
use crate::level::level_settings;
use crate::movegen::{self, any_legal, is_legal, Generator};
use crate::params::{
    DEFAULT_NODES, ENGINE_MEMORY_MEGABYTES, HELPER_MEMORY_MEGABYTES, HELPER_STACK_BYTES,
    MAX_THREADS, MIN_THREAT_BUDGET, ROOT_VCF_BUDGET, ROOT_VCF_MAX_PLIES, ROOT_VCT_BUDGET,
    ROOT_VCT_MAX_PLIES, SEARCH_RESERVE, SEARCH_RESERVE_SHARE, SOFT_TIME_SHARE, THREAT_TIME_SHARE,
    TT_MEGABYTES,
};
use crate::search::{GomokuSearch, SearchLimits, SearchOutcome, Techniques};
use crate::threats::ThreatSearch;
use qi_search::score::{loss_in, win_in};
use qi_search::{
    level, Algorithm, IterationInfo, Level, Limits, Score, SearchConfig, Searcher, StopFlag,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// How the engine searches.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Depth limit of the main search.
    pub depth: Option<u32>,
    /// Time for the whole move (threat searches included).
    pub movetime: Option<Duration>,
    /// Node limit of the main search.
    pub nodes: Option<u64>,
    /// Strength, 1..=10.
    pub level: Level,
    /// Seed for weaker levels' choices (`None`: random).
    pub seed: Option<u64>,
    /// Search settings (evaluator, generator, caps, in-search VCF budget).
    pub settings: SearchSettings,
    /// Root VCF node budget (0: off).
    pub vcf_budget: u64,
    /// Root VCT node budget (0: off).
    pub vct_budget: u64,
    /// Transposition table size in MB.
    pub tt_megabytes: usize,
    /// Threads of the full-strength search, 1 to [`MAX_THREADS`] (Lazy SMP: they share
    /// the table). A search under a node limit runs on one thread, so that its count, and
    /// the move, stay deterministic.
    pub threads: usize,
    /// Raise to stop the search from another thread.
    pub stop: StopFlag,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            depth: None,
            movetime: None,
            nodes: None,
            level: Level::MAX,
            seed: None,
            settings: SearchSettings::default(),
            vcf_budget: ROOT_VCF_BUDGET,
            vct_budget: ROOT_VCT_BUDGET,
            tt_megabytes: TT_MEGABYTES,
            threads: 1,
            stop: StopFlag::new(),
        }
    }
}

impl EngineOptions {
    /// Full strength to a fixed depth.
    pub fn depth(depth: u32) -> Self {
        EngineOptions {
            depth: Some(depth),
            ..Self::default()
        }
    }

    /// Full strength for a fixed time.
    pub fn movetime(time: Duration) -> Self {
        EngineOptions {
            movetime: Some(time),
            ..Self::default()
        }
    }
}

/// Why the engine chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// It completes a five.
    Five,
    /// It blocks the opponent's five (the only sensible move).
    Block,
    /// The only legal candidate.
    Forced,
    /// The first move of a VCF.
    Vcf,
    /// The first move of a VCT.
    Vct,
    /// The main search.
    Search,
}

impl MoveSource {
    /// Its name in output.
    pub fn name(self) -> &'static str {
        match self {
            MoveSource::Five => "five",
            MoveSource::Block => "block",
            MoveSource::Forced => "forced",
            MoveSource::Vcf => "vcf",
            MoveSource::Vct => "vct",
            MoveSource::Search => "search",
        }
    }
}

/// The engine's move and how it was found.
#[derive(Clone, Debug)]
pub struct EngineMove {
    /// The move.
    pub point: Point,
    /// Its value for the side to move (decisive scores carry the distance in plies).
    pub score: Score,
    /// The principal variation (or the threat line), starting with the move.
    pub pv: Vec<Point>,
    /// Depth of the last completed iteration (0 when no search ran).
    pub depth: u32,
    /// Nodes of the main search plus the threat searches.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// How it was found.
    pub source: MoveSource,
}

impl EngineMove {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// A reusable engine: its transposition table, ordering and threat tables persist between
/// moves of one game.
pub struct Engine {
    options: EngineOptions,
    /// The generic reference search: weaker levels choose among its scored root moves
    /// (made on first use, so a full-strength engine holds one table, not two).
    searcher: Option<Searcher<Gomoku>>,
    /// The specialised search that plays at full strength.
    search: GomokuSearch,
    /// The helper threads' searches, sharing `search`'s table (made when first needed,
    /// and again after the table is resized).
    helpers: Vec<GomokuSearch>,
    threats: ThreatSearch,
    /// The table size the engine was made with (MB): a memory limit shrinks the table
    /// below it, and lifting the limit brings it back.
    made_megabytes: usize,
    /// The memory limit in bytes ([`Engine::set_memory_limit`]).
    memory_limit: Option<u64>,
}

impl Engine {
    /// An engine with `options`.
    pub fn new(options: EngineOptions) -> Engine {
        let options = EngineOptions {
            threads: thread_count(options.threads),
            ..options
        };
        Engine {
            searcher: None,
            search: GomokuSearch::new(options.tt_megabytes, options.settings, Techniques::ALL),
            helpers: Vec::new(),
            threats: ThreatSearch::new(),
            made_megabytes: options.tt_megabytes,
            memory_limit: None,
            options,
        }
    }

    /// The generic searcher, made the first time a weaker level needs it.
    fn generic_searcher(&mut self) -> &mut Searcher<Gomoku> {
        let options = &self.options;
        self.searcher.get_or_insert_with(|| {
            Searcher::new(SearchConfig {
                algorithm: Algorithm::Pvs,
                tt_megabytes: options.tt_megabytes,
                ordering: true,
                iterative_deepening: true,
                collect_ties: false,
                random_ties: false,
                seed: Some(options.seed.unwrap_or(0)),
                threads: 1,
            })
        })
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets the limits of the next moves: the main search's depth and node count and the
    /// time for the whole move (`None`: no limit of that kind). The other options (table
    /// size, search settings, budgets) are fixed when the engine is made, so they have no
    /// setter: changing them here would not reach the search.
    pub fn set_limits(
        &mut self,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<Duration>,
    ) {
        self.options.depth = depth;
        self.options.nodes = nodes;
        self.options.movetime = movetime;
    }

    /// Sets the strength of the next moves.
    pub fn set_level(&mut self, level: Level) {
        self.options.level = level;
    }

    /// Switches the full-strength search's techniques (all on by default).
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.search.set_techniques(techniques);
        // Helpers copy the techniques when they are made.
        self.helpers.clear();
    }

    /// Sets the full-strength search's threads, clamped to 1..=[`MAX_THREADS`], as a
    /// Gomocup manager sets them with `INFO thread_num`. Under a memory limit the table
    /// makes room for the helpers ([`Engine::set_memory_limit`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = thread_count(threads);
        self.fit_table();
    }

    /// Fits the engine to a memory limit in bytes (`None`: no limit), as a Gomocup
    /// manager sets it with `INFO max_memory`: the transposition table gets what the
    /// limit leaves after [`ENGINE_MEMORY_MEGABYTES`] for the rest of the engine and
    /// [`HELPER_MEMORY_MEGABYTES`] for each helper thread, at most the size the engine was
    /// made with ([`EngineOptions::tt_megabytes`], by default [`TT_MEGABYTES`]) and at
    /// least 1 MB (below about 17 MB the limit cannot be kept). A table of another size
    /// starts empty; the same size (after the table's rounding down to a power of two)
    /// keeps what it holds.
    pub fn set_memory_limit(&mut self, bytes: Option<u64>) {
        self.memory_limit = bytes;
        self.fit_table();
    }

    /// Sizes the table for the memory limit and the threads.
    fn fit_table(&mut self) {
        // An engine made without a table (0 MB: the quick sessions of the fuzz targets)
        // stays without one: a 32 MB table cleared at every START would slow them down.
        if self.made_megabytes == 0 {
            return;
        }
        let rest = ENGINE_MEMORY_MEGABYTES + (self.options.threads - 1) * HELPER_MEMORY_MEGABYTES;
        let megabytes = match self.memory_limit {
            None => self.made_megabytes,
            Some(b) => ((b >> 20) as usize)
                .saturating_sub(rest)
                .clamp(1, self.made_megabytes),
        };
        if megabytes != self.options.tt_megabytes {
            self.options.tt_megabytes = megabytes;
            self.search.resize_table(megabytes);
            // The weaker levels' searcher is made again, with the new size, when needed.
            self.searcher = None;
        }
    }

    /// Makes the full-strength search's table resident in the background, once per table
    /// (the table ignores later calls; [`GomokuSearch::commit_table`]): a Gomocup brain
    /// calls it before each search, once the manager's `INFO` lines have sized the table,
    /// so that no timed move pays for the page faults of a large table and no table about
    /// to be resized adds to the memory the manager counts. Engines that never call it
    /// (the benchmarks, the page, `qi move`) search deterministic trees. An engine made
    /// without a table (0 MB, the fuzz targets' quick sessions) keeps its tiny one as it is.
    pub fn commit_table(&mut self) {
        if self.made_megabytes > 0 {
            self.search.commit_table();
        }
    }

    /// Empties the full-strength search's table by writing all of it, so that a timed
    /// search after it pays no first-touch page faults (the benchmark's use: a game pays
    /// them once, not per move).
    pub fn make_table_resident(&mut self) {
        self.search.make_table_resident();
    }

    /// The full-strength search's transposition table size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.search.table_bytes()
    }

    /// Forgets what was learnt (a new game).
    pub fn clear(&mut self) {
        if let Some(searcher) = &mut self.searcher {
            searcher.clear();
        }
        self.search.clear();
        for helper in &mut self.helpers {
            helper.clear();
        }
        self.threats.clear();
    }

    /// The engine's move on `board`, or `None` when the game is over or no point is left.
    pub fn best_move(
        &mut self,
        board: &Board,
        mut on_iteration: impl FnMut(&IterationInfo<'_, Point>),
    ) -> Option<EngineMove> {
        let start = Instant::now();
        let deadline = self.options.movetime.map(|t| start + t);
        if board.last_move_won() || board.is_full() {
            return None;
        }
        let level = self.options.level;
        let strength = level_settings(level);
        let me = board.to_move();
        let opp = me.other();
        let done = |point: Point, score: Score, pv: Vec<Point>, nodes: u64, source| {
            Some(EngineMove {
                point,
                score,
                pv,
                depth: 0,
                nodes,
                time: start.elapsed(),
                source,
            })
        };
        // 1. A five wins at once.
        if let Some(p) = board.points_with(me, Threat::Five).next() {
            return done(p, win_in(1), vec![p], 1, MoveSource::Five);
        }
        // 2. The opponent's five must be blocked.
        let opp_fives: Vec<Point> = board.points_with(opp, Threat::Five).collect();
        if !opp_fives.is_empty() {
            let block = opp_fives.iter().copied().find(|&p| is_legal(board, p));
            let score = if opp_fives.len() > 1 || block.is_none() {
                loss_in(2)
            } else {
                0
            };
            let p = block.or_else(|| any_legal(board))?;
            return done(p, score, vec![p], 1, MoveSource::Block);
        }
        let mut root = Vec::new();
        movegen::generate(board, Generator::Threats, 0, &mut root);
        if root.is_empty() {
            let p = any_legal(board)?;
            let score = match movegen::plies_to_loss_without_candidates(board) {
                Some(plies) => loss_in(plies),
                None => crate::eval::evaluate(board, self.options.settings.evaluator),
            };
            return done(p, score, vec![p], 1, MoveSource::Forced);
        }
        if root.len() == 1 {
            return done(root[0], 0, vec![root[0]], 1, MoveSource::Forced);
        }
        // 3. Threat-space search at the root (weaker levels look less far).
        let mut scratch = board.clone();
        self.threats.reset_nodes();
        let share = strength.threat_share;
        let (threat_time, of) = THREAT_TIME_SHARE;
        let threat_deadline = deadline.map(|d| start + (d - start) * threat_time / of);
        self.threats.set_deadline(threat_deadline);
        if self.options.vcf_budget > 0 && strength.vcf {
            let budget = (self.options.vcf_budget as f64 * share) as u64;
            let budget = budget.max(MIN_THREAT_BUDGET);
            if let Some(win) = self.threats.vcf(&mut scratch, ROOT_VCF_MAX_PLIES, budget) {
                let n = self.threats.nodes;
                let win = win.completed(board);
                return done(
                    win.first(),
                    win_in(win.plies()),
                    win.line,
                    n,
                    MoveSource::Vcf,
                );
            }
        }
        if self.options.vct_budget > 0 && strength.vct {
            let budget = (self.options.vct_budget as f64 * share) as u64;
            let budget = budget.max(MIN_THREAT_BUDGET);
            if let Some(win) = self.threats.vct(&mut scratch, ROOT_VCT_MAX_PLIES, budget) {
                let n = self.threats.nodes;
                let win = win.completed(board);
                return done(
                    win.first(),
                    win_in(win.plies()),
                    win.line,
                    n,
                    MoveSource::Vct,
                );
            }
        }
        self.threats.set_deadline(None);
        let threat_nodes = self.threats.nodes;
        // 4. The main search.
        let full = level == Level::MAX;
        let depth = match (self.options.depth, strength.depth) {
            (Some(d), Some(cap)) => Some(d.min(cap)),
            (d, cap) => d.or(cap),
        };
        // The search notices its deadline every thousand nodes or so and uses the moves a
        // stopped iteration finished: keep SEARCH_RESERVE_SHARE (at least SEARCH_RESERVE)
        // in hand.
        let movetime = deadline.map(|d| {
            let left = d.saturating_duration_since(Instant::now());
            left.saturating_sub(left.mul_f64(SEARCH_RESERVE_SHARE).max(SEARCH_RESERVE))
        });
        let movetime = match (movetime, full) {
            (t, true) => t,
            (Some(t), false) => Some(t.mul_f64(strength.time_share)),
            (None, false) => None,
        };
        // A level's node cap always holds; at full strength with no limit at all, the
        // full-strength node count keeps the move finite.
        let unbounded = self.options.depth.is_none() && self.options.movetime.is_none();
        let nodes = match (self.options.nodes, strength.nodes) {
            (Some(n), Some(cap)) => Some(n.min(cap)),
            (n, cap) => n.or(cap).or(unbounded.then_some(DEFAULT_NODES)),
        };
        let limits = Limits {
            depth,
            nodes,
            movetime,
            stop: self.options.stop.clone(),
        };
        if full {
            return Some(self.full_strength(
                board,
                &root,
                limits,
                start,
                threat_nodes,
                on_iteration,
            ));
        }
        let margin = strength.margin;
        let settings = self.options.settings;
        let seed = self.options.seed;
        let searcher = self.generic_searcher();
        searcher.set_root_margin(margin);
        let game = Gomoku::new(board.clone(), settings);
        let result = searcher.search_with_info(&game, &limits, &mut on_iteration);
        let mut rng = match seed {
            Some(seed) => StdRng::seed_from_u64(seed ^ board.hash()),
            None => StdRng::from_os_rng(),
        };
        let point = level::choose(&result.root_moves, level, margin, &mut rng)
            .or(result.best_move)
            .unwrap_or(root[0]);
        let nodes = result.stats.nodes + threat_nodes;
        Some(searched_move(
            board,
            &root,
            point,
            result.score,
            result.pv,
            result.stats.depth,
            nodes,
            start,
        ))
    }
}

impl Engine {
    /// The full-strength main search: the specialised search, which stops starting
    /// iterations once [`SOFT_TIME_SHARE`] of the time is gone and stops at the deadline.
    fn full_strength(
        &mut self,
        board: &Board,
        root: &[Point],
        limits: Limits,
        start: Instant,
        threat_nodes: u64,
        on_iteration: impl FnMut(&IterationInfo<'_, Point>),
    ) -> EngineMove {
        let search_limits = SearchLimits {
            depth: limits.depth,
            nodes: limits.nodes,
            soft_time: limits.movetime.map(|t| t.mul_f64(SOFT_TIME_SHARE)),
            hard_time: limits.movetime,
            stop: limits.stop,
        };
        self.search.set_settings(self.options.settings);
        // A node limit is kept on one thread: helpers would make the count and the move
        // depend on the threads' timing.
        let threads = if search_limits.nodes.is_some() {
            1
        } else {
            self.options.threads
        };
        let (result, helper_nodes) = if threads == 1 {
            (self.search.search(board, &search_limits, on_iteration), 0)
        } else {
            self.search_with_helpers(board, &search_limits, threads - 1, on_iteration)
        };
        let point = result.best_move.unwrap_or(root[0]);
        let nodes = result.stats.nodes + helper_nodes + threat_nodes;
        searched_move(
            board,
            root,
            point,
            result.score,
            result.pv,
            result.stats.depth,
            nodes,
            start,
        )
    }
}

impl Engine {
    /// Lazy SMP: `helpers` threads search the same position beside the main search, under
    /// the same limits, and fill the shared table; every second one skips depth 1. They
    /// stop when the main search does, whose result is the engine's. Returns it with the
    /// helpers' nodes.
    fn search_with_helpers(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        helpers: usize,
        on_iteration: impl FnMut(&IterationInfo<'_, Point>),
    ) -> (SearchOutcome, u64) {
        // Helpers made for another table (resized since) or other techniques go.
        if self
            .helpers
            .first()
            .is_some_and(|h| !h.shares_table_with(&self.search))
        {
            self.helpers.clear();
        }
        while self.helpers.len() < helpers {
            let first_depth = 1 + (self.helpers.len() as u32 + 1) % 2;
            self.helpers.push(self.search.helper(first_depth));
        }
        let settings = self.options.settings;
        let helpers_stop = StopFlag::new();
        let main = &mut self.search;
        std::thread::scope(|scope| {
            let running: Vec<_> = self.helpers[..helpers]
                .iter_mut()
                .filter_map(|helper| {
                    helper.set_settings(settings);
                    let limits = SearchLimits {
                        stop: helpers_stop.clone(),
                        ..limits.clone()
                    };
                    // A thread that cannot be started leaves the search to the others.
                    std::thread::Builder::new()
                        .name("gomoku-helper".into())
                        .stack_size(HELPER_STACK_BYTES)
                        .spawn_scoped(scope, move || {
                            helper.search(board, &limits, |_| {}).stats.nodes
                        })
                        .ok()
                })
                .collect();
            let result = main.search(board, limits, on_iteration);
            helpers_stop.stop();
            let nodes = running
                .into_iter()
                .map(|thread| thread.join().unwrap_or(0))
                .sum();
            (result, nodes)
        })
    }
}

/// The threads a request for `requested` gets: 1 to [`MAX_THREADS`].
fn thread_count(requested: usize) -> usize {
    requested.clamp(1, MAX_THREADS)
}

/// The move a main search chose, as the engine reports it: an illegal choice (never
/// expected) falls back to the first candidate, and a principal variation that does not
/// start with the move is replaced by the move alone.
#[allow(clippy::too_many_arguments)]
fn searched_move(
    board: &Board,
    root: &[Point],
    point: Point,
    score: Score,
    pv: Vec<Point>,
    depth: u32,
    nodes: u64,
    start: Instant,
) -> EngineMove {
    let point = if is_legal(board, point) {
        point
    } else {
        root[0]
    };
    let pv = if pv.first() == Some(&point) {
        pv
    } else {
        vec![point]
    };
    EngineMove {
        point,
        score,
        pv,
        depth,
        nodes,
        time: start.elapsed(),
        source: MoveSource::Search,
    }
}

/// The engine's move on `board` with a fresh engine.
pub fn engine_move(board: &Board, options: &EngineOptions) -> Option<EngineMove> {
    Engine::new(options.clone()).best_move(board, |_| {})
}
