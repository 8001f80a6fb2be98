//! The full-strength search: principal variation search specialised for gomoku.
//!
//! `qi-search`'s generic searcher is the reference (and what the weaker levels and the
//! teaching views use); this one knows the board, so it can afford what a game-agnostic
//! search cannot: extending fours and open threes (the replies are few, so threat
//! sequences are followed past the nominal depth at little cost), reading
//! wins off the threat shapes (an open four against no four), a quiescence search over
//! fours at the horizon and razoring into it, late-move reductions for quiet points,
//! killers and history by point, and a clock with a soft and a hard limit.
//! The transposition table, score encoding and stop flag come from `qi-search`.

use crate::board::{Board, Point, CELLS};
use crate::eval::{self, Threat};
use crate::game::SearchSettings;
use crate::movegen::{self, Candidates, Generator};
use crate::params::{
    ASPIRATION_MIN_DEPTH, ASPIRATION_OPEN_AFTER, ASPIRATION_WINDOW, CORRECTION_GRAIN,
    CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT, CORRECTION_WEIGHT_TOTAL, FIRST_REPLY_VCF_FACTOR,
    HISTORY_LIMIT, INTERNAL_REDUCTION_MIN_DEPTH, IN_SEARCH_VCF_MAX_PLIES, KILLER_BONUS, LMR_BASE,
    LMR_DIVISOR, LMR_FIRST_MOVE, LMR_MIN_DEPTH, MOVE_COUNT_PRUNING_BASE,
    MOVE_COUNT_PRUNING_MAX_DEPTH, NULL_MOVE_BASE, NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_MIN_DEPTH,
    QUIESCENCE_MAX_OWN_MOVES, QUIESCENCE_PLAIN_FOUR_MOVES, RAZOR_MARGIN, RAZOR_MAX_DEPTH,
    REVERSE_FUTILITY_MARGIN, REVERSE_FUTILITY_MAX_DEPTH, SEARCH_MAX_DEPTH,
    SEARCH_NODES_BETWEEN_CLOCK_CHECKS, THREE_EXTENSION_MAX_DEPTH,
};
use crate::renju;
use crate::rules::Color;
use crate::threats::ThreatSearch;
use qi_search::score::{
    from_table, is_decisive, loss_in, plies_to_end, to_table, win_in, INFINITY,
};
use qi_search::tt::{Bound, Entry, TranspositionTable};
use qi_search::{IterationInfo, RootKeeper, Score, SearchStats, StopFlag};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Deepest ply the search reaches (fours are extended, so lines run past the depth).
const MAX_PLY: usize = 96;

/// Which of the search's gomoku-specific techniques are on. All on is the engine; all off
/// leaves plain PVS with a transposition table, which must agree with minimax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// A move that makes a four is searched one ply deeper (the reply is forced).
    pub four_extension: bool,
    /// An open four (or a double four) against no five of the opponent's is scored a win in 3.
    pub shape_wins: bool,
    /// Late quiet moves are searched shallower first.
    pub late_move_reductions: bool,
    /// Killer and history ordering.
    pub ordering: bool,
    /// A move that makes an open three is searched one ply deeper, at a remaining depth of
    /// at most [`THREE_EXTENSION_MAX_DEPTH`].
    pub three_extension: bool,
    /// Reverse futility: near the horizon, with no threat against it, a side whose static
    /// evaluation is far above beta is taken to stay above it.
    pub reverse_futility: bool,
    /// Null move: with no threat against it and its static evaluation at or above beta,
    /// a side that still holds beta after passing (a shallower search) is taken to hold
    /// it with a move (a stone never hurts in gomoku, so there is no zugzwang to fear).
    pub null_move: bool,
    /// Aspiration windows: from a few plies on, each iteration first searches the root in
    /// a narrow window around the last score and widens it only when the score falls
    /// outside.
    pub aspiration: bool,
    /// Move-count pruning: near the horizon of a quiet null-window node, quiet moves
    /// late in the order are not searched at all.
    pub move_count_pruning: bool,
    /// Internal iterative reduction: a deep node the table knows no move for is searched
    /// a ply shallower (its ordering is a guess, and the next iteration will find it in
    /// the table).
    pub internal_reduction: bool,
    /// Quiescence: at the horizon the side to move may still play fours (each answered by
    /// its forced block) or stand on its static evaluation, so a leaf is not scored in the
    /// middle of a four sequence.
    pub quiescence: bool,
    /// Razoring: near the horizon of a quiet node whose static evaluation is far below
    /// alpha, a null-window quiescence search that fails low settles the node (most such
    /// nodes are lifted, if at all, by fours); otherwise it is searched normally.
    pub razoring: bool,
    /// Evaluation correction: the static evaluation the pruning reads, and the quiescence
    /// search's standing value, are moved by how far searches have found it off after the
    /// same opponent's move (a running average per side and last point, kept through a
    /// game).
    pub eval_correction: bool,
}

impl Techniques {
    /// Everything on.
    pub const ALL: Techniques = Techniques {
        four_extension: true,
        shape_wins: true,
        late_move_reductions: true,
        ordering: true,
        three_extension: true,
        reverse_futility: true,
        null_move: true,
        aspiration: true,
        move_count_pruning: true,
        internal_reduction: true,
        quiescence: true,
        razoring: true,
        eval_correction: true,
    };

    /// Everything off.
    pub const NONE: Techniques = Techniques {
        four_extension: false,
        shape_wins: false,
        late_move_reductions: false,
        ordering: false,
        three_extension: false,
        reverse_futility: false,
        null_move: false,
        aspiration: false,
        move_count_pruning: false,
        internal_reduction: false,
        quiescence: false,
        razoring: false,
        eval_correction: false,
    };
}

/// When the search stops.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node limit (main search and in-search VCF together).
    pub nodes: Option<u64>,
    /// No new iteration starts after this time.
    pub soft_time: Option<Duration>,
    /// The search stops at this time, finished or not.
    pub hard_time: Option<Duration>,
    /// Raised by another thread to stop.
    pub stop: StopFlag,
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// The best move (`None` only when there was no legal candidate).
    pub best_move: Option<Point>,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<Point>,
    /// Counters (nodes include the in-search VCF's).
    pub stats: SearchStats,
}

/// The gomoku search with its table, ordering tables and in-search VCF, reused between
/// moves of one game. Several can share one table ([`GomokuSearch::helper`]): the threads
/// of a Lazy SMP search.
pub struct GomokuSearch {
    tt: Arc<TranspositionTable>,
    /// A helper shares another search's table and leaves the table to it: it neither ages
    /// nor clears it.
    is_helper: bool,
    /// The first iteration's depth: every second helper starts at 2, a small stagger;
    /// beyond it the threads part by the table's timing, what each finds first.
    first_depth: u32,
    threats: ThreatSearch,
    techniques: Techniques,
    settings: SearchSettings,
    killers: [[Point; 2]; MAX_PLY],
    history: Box<[[i32; CELLS]; 2]>,
    /// Per side to move and opponent's last point, how far the search found the static
    /// evaluation off, in 1/[`CORRECTION_GRAIN`] evaluation units.
    correction: Box<[[i32; CELLS]; 2]>,
    moves: Vec<Vec<Point>>,
    pv: Vec<Vec<Point>>,
    stats: SearchStats,
    start: Instant,
    hard_deadline: Option<Instant>,
    node_limit: u64,
    stop: StopFlag,
    aborted: bool,
    /// The score of the root's best move so far in the current iteration.
    root_score: Score,
    /// What the root found that the last complete iteration does not know (moves proven
    /// lost, a fail-high, a move being re-searched): the move played when the clock stops
    /// an iteration comes from it.
    root: RootKeeper<Point>,
    /// The nodes counted each time a root move was first proven lost, and that move (for a
    /// test that stops the search right there).
    #[cfg(test)]
    root_losses: Vec<(u64, Point)>,
    /// Where the root first re-searched a move in the full window after it beat alpha in
    /// a full-depth null window: the nodes counted by then, the move and that score (for a
    /// test that stops the search right there).
    #[cfg(test)]
    root_re_search: Option<(u64, Point, Score)>,
    /// The candidates of the node being ordered, in the generator's order (reused, so no
    /// node allocates).
    candidate_keys: Vec<u64>,
    /// Their ordering keys, with the generator's keys as tie-breaks (reused).
    order_keys: Vec<(i64, u64)>,
    /// Per ply, whether the move into the next ply is a null move (never two in a row).
    passed: [bool; MAX_PLY],
}

/// No point: killers start empty.
const NO_POINT: Point = 0;

/// A candidate's ordering key: its killer bonus and history for the side to move
/// (`killers` and `history` are that side's) plus four times its shape score.
#[inline]
fn ordering_key(killers: [Point; 2], history: &[i32; CELLS], p: Point, score: i32) -> i64 {
    let killer = if killers[0] == p {
        KILLER_BONUS[0]
    } else if killers[1] == p {
        KILLER_BONUS[1]
    } else {
        0
    };
    killer + history[p as usize] as i64 + score as i64 * 4
}

/// The static evaluation `stand`, moved to the table's score where the table's bound
/// says the true value lies beyond it on that side: a searched bound is a better guess
/// than the pattern sum, for the pruning decisions that read it.
fn refined_eval(stand: Score, entry: Option<Entry>, ply: usize) -> Score {
    let Some(e) = entry else {
        return stand;
    };
    let score = from_table(e.score, ply);
    if is_decisive(score) {
        return stand;
    }
    match e.bound {
        Bound::Exact => score,
        Bound::Lower if score > stand => score,
        Bound::Upper if score < stand => score,
        _ => stand,
    }
}

/// The slot of the correction table for `board`'s side to move: the opponent's last
/// stone, or none after a pass (the last stone is then the side's own).
fn correction_slot(board: &Board, passed: bool) -> Option<(usize, usize)> {
    if passed {
        return None;
    }
    let last = board.last_move()?;
    Some((board.to_move().index(), last as usize))
}

/// Moves a correction towards the error a search of `depth` found (`found`: its result
/// less the uncorrected evaluation, in evaluation units), deeper searches weighing more.
fn push_correction(c: &mut i32, found: Score, depth: i32) {
    let found = found.clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT) * CORRECTION_GRAIN;
    let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT);
    *c = (*c * (CORRECTION_WEIGHT_TOTAL - weight) + found * weight) / CORRECTION_WEIGHT_TOTAL;
}

/// Moves a history score by `by` with gravity: the nearer the score already is to the
/// limit on that side, the less it moves, so it never leaves ±[`HISTORY_LIMIT`] and a
/// score at the limit still falls at once when a move starts failing (a clamp would keep
/// it there until as many failures as successes had been counted).
#[inline]
fn push_history(h: &mut i32, by: i32) {
    *h += by - *h * by.abs() / HISTORY_LIMIT;
}

/// Whether `mv` is quiet for the side to move: it makes no open three or better for either
/// side (what move-count pruning and late-move reductions may cut short).
#[inline]
fn is_quiet(board: &Board, mv: Point) -> bool {
    let me = board.to_move();
    board.threat(me, mv) < Threat::Three && board.threat(me.other(), mv) < Threat::Three
}

/// Moves the table's move, when it is among `moves`, to the front; the rest keep their
/// order.
fn put_first(moves: &mut [Point], tt_move: Option<Point>) {
    if let Some(i) = tt_move.and_then(|t| moves.iter().position(|&p| p == t)) {
        moves[..=i].rotate_right(1);
    }
}

impl GomokuSearch {
    /// A search with a table of `tt_megabytes`, the given settings and techniques.
    pub fn new(tt_megabytes: usize, settings: SearchSettings, techniques: Techniques) -> Self {
        let tt = Arc::new(TranspositionTable::new(tt_megabytes));
        GomokuSearch::with_table(tt, false, 1, settings, techniques)
    }

    /// A search on `tt`, with fresh ordering tables and in-search VCF.
    fn with_table(
        tt: Arc<TranspositionTable>,
        is_helper: bool,
        first_depth: u32,
        settings: SearchSettings,
        techniques: Techniques,
    ) -> Self {
        GomokuSearch {
            tt,
            is_helper,
            first_depth,
            threats: ThreatSearch::new(),
            techniques,
            settings,
            killers: [[NO_POINT; 2]; MAX_PLY],
            history: Box::new([[0; CELLS]; 2]),
            correction: Box::new([[0; CELLS]; 2]),
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            stats: SearchStats::default(),
            start: Instant::now(),
            hard_deadline: None,
            node_limit: u64::MAX,
            stop: StopFlag::new(),
            aborted: false,
            root_score: 0,
            root: RootKeeper::new(),
            #[cfg(test)]
            root_losses: Vec::new(),
            #[cfg(test)]
            root_re_search: None,
            candidate_keys: Vec::with_capacity(128),
            order_keys: Vec::with_capacity(128),
            passed: [false; MAX_PLY],
        }
    }

    /// Replaces the transposition table with an empty one of `tt_megabytes`, unless the
    /// table already has the size that asks for (tables hold a power of two of buckets, so
    /// 33 and 40 MB both make 32 MB): then it keeps what it holds. Making the new table
    /// first costs little, since its memory is committed only when first touched.
    pub fn resize_table(&mut self, tt_megabytes: usize) {
        let table = TranspositionTable::new(tt_megabytes);
        if table.bytes() != self.tt.bytes() {
            self.tt = Arc::new(table);
        }
    }

    /// Empties the table by writing all of it, which makes its memory resident now
    /// ([`TranspositionTable::make_resident`]).
    pub fn make_table_resident(&self) {
        self.tt.make_resident();
    }

    /// Makes a fresh table's memory resident on a thread of its own while searches use
    /// the part already resident ([`TranspositionTable::commit_in_background`]), so that
    /// no timed search pays for the page faults of a large table. Call it on a new table,
    /// before searching (later calls on the same table do nothing): the searches' node
    /// counts then depend on timing, so the benchmarks never call it.
    pub fn commit_table(&self) {
        self.tt.commit_in_background();
    }

    /// A helper thread's search for a Lazy SMP search with this one: it shares this
    /// search's table (as it is now: a table resized later is not shared), settings and
    /// techniques, has ordering tables and an in-search VCF of its own, and starts its
    /// iterations at `first_depth`.
    pub fn helper(&self, first_depth: u32) -> GomokuSearch {
        let tt = Arc::clone(&self.tt);
        GomokuSearch::with_table(tt, true, first_depth.max(1), self.settings, self.techniques)
    }

    /// Whether `other` searches with this search's table.
    pub fn shares_table_with(&self, other: &GomokuSearch) -> bool {
        Arc::ptr_eq(&self.tt, &other.tt)
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Uses `settings` from the next search on.
    pub fn set_settings(&mut self, settings: SearchSettings) {
        self.settings = settings;
    }

    /// Uses `techniques` from the next search on.
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.techniques = techniques;
    }

    /// Forgets what was learnt (a new game); a helper leaves the shared table to the
    /// search that made it.
    pub fn clear(&mut self) {
        if !self.is_helper {
            self.tt.clear();
        }
        self.threats.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.correction.iter_mut().for_each(|c| c.fill(0));
        self.killers = [[NO_POINT; 2]; MAX_PLY];
    }

    /// Iterative deepening from `board` (not over, side to move has a candidate) under
    /// `limits`, reporting each finished iteration.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        mut on_iteration: impl FnMut(&IterationInfo<'_, Point>),
    ) -> SearchOutcome {
        self.start = Instant::now();
        self.stats = SearchStats::default();
        self.aborted = false;
        self.stop = limits.stop.clone();
        self.hard_deadline = limits.hard_time.map(|t| self.start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.threats.reset_nodes();
        self.root.start_turn();
        if !self.is_helper {
            self.tt.new_search();
        }
        self.killers = [[NO_POINT; 2]; MAX_PLY];
        // History from the last move still orders well, but should not dominate.
        self.history
            .iter_mut()
            .for_each(|h| h.iter_mut().for_each(|v| *v /= 4));
        let mut board = board.clone();
        let max_depth = limits
            .depth
            .unwrap_or(SEARCH_MAX_DEPTH)
            .clamp(1, SEARCH_MAX_DEPTH);
        let mut best: Option<(Point, Score, Vec<Point>)> = None;
        for depth in self.first_depth.min(max_depth)..=max_depth {
            self.root.start_iteration();
            let score = self.aspiration(&mut board, depth as i32, best.as_ref().map(|b| b.1));
            if self.aborted {
                let completed = best.as_ref().map(|(_, s, pv)| (pv.as_slice(), *s));
                if let Some((line, score)) = self.stopped_line(completed) {
                    best = Some((line[0], score, line));
                }
                break;
            }
            self.stats.depth = depth;
            let root_pv = self.pv[0].clone();
            if let Some(&first) = root_pv.first() {
                best = Some((first, score, root_pv));
            }
            self.stats.time = self.start.elapsed();
            if let Some((_, score, pv)) = &best {
                on_iteration(&IterationInfo {
                    depth,
                    score: *score,
                    pv,
                    stats: &self.reported_stats(),
                });
            }
            // A proven result does not change with more depth.
            if plies_to_end(score).is_some_and(|plies| depth >= plies) {
                break;
            }
            if limits
                .soft_time
                .is_some_and(|soft| self.start.elapsed() >= soft)
            {
                break;
            }
        }
        self.stats.time = self.start.elapsed();
        let stats = self.reported_stats();
        match best {
            Some((mv, score, pv)) => SearchOutcome {
                best_move: Some(mv),
                score,
                pv,
                stats: stats.clone(),
            },
            None => SearchOutcome {
                best_move: None,
                score: 0,
                pv: Vec::new(),
                stats,
            },
        }
    }

    /// The line and score a stopped iteration plays (see [`RootKeeper::stopped`]), after
    /// the last complete iteration's line and score `completed`.
    fn stopped_line(&self, completed: Option<(&[Point], Score)>) -> Option<(Vec<Point>, Score)> {
        // The root puts its list back on every return: `moves[0]` holds this iteration's
        // root order (widened moves included).
        self.root
            .stopped(&self.pv[0], self.root_score, completed, &self.moves[0])
    }

    /// The root searched to `depth`: with aspiration windows, in a window around the last
    /// iteration's score, widened on the side the score falls out of (twice as far each
    /// time, then to the end) until it falls inside.
    fn aspiration(&mut self, board: &mut Board, depth: i32, last: Option<Score>) -> Score {
        let last = last.filter(|&s| {
            self.techniques.aspiration && depth >= ASPIRATION_MIN_DEPTH && !is_decisive(s)
        });
        let Some(last) = last else {
            return self.negamax(board, depth, 0, -INFINITY, INFINITY);
        };
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(board, depth, 0, alpha, beta);
            if self.aborted {
                return score;
            }
            // A proven result, or a score far from the last one, gets an open side.
            let open = delta > ASPIRATION_OPEN_AFTER || is_decisive(score);
            if score <= alpha {
                alpha = if open { -INFINITY } else { score - delta };
                self.root.window_failed_low();
            } else if score >= beta {
                beta = if open { INFINITY } else { score + delta };
                self.root.window_failed_high(&self.pv[0], score);
            } else {
                return score;
            }
            delta *= 2;
        }
    }

    /// The counters as reported: nodes of the main search and the in-search VCF together
    /// (the main count alone stays in `self.stats` while searching).
    fn reported_stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.total_nodes(),
            ..self.stats.clone()
        }
    }

    /// Nodes of the main search and the in-search VCF.
    fn total_nodes(&self) -> u64 {
        self.stats.nodes + self.threats.nodes
    }

    /// Whether the search must stop now (checked every few thousand nodes).
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // The node limit is exact (protocols promise it); the clock is read less often.
        if self.total_nodes() >= self.node_limit
            || (self.stats.nodes % SEARCH_NODES_BETWEEN_CLOCK_CHECKS == 0
                && (self.stop.is_stopped()
                    || self.hard_deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(
        &mut self,
        board: &mut Board,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.visit(ply);
        if ply > 0 && self.out_of_time() {
            return 0;
        }
        if let Some(score) = self.settled_by_rules(board, ply) {
            return score;
        }
        let me = board.to_move();
        let opp = me.other();
        let opp_fives = board.threat_count(opp, Threat::Five);
        let renju_black = me == Color::Black && board.rule().has_forbidden(me);
        if opp_fives == 1 && renju_black {
            let block = board.points_with(opp, Threat::Five).next();
            if block.is_some_and(|p| renju::is_forbidden(board, p)) {
                return loss_in(ply + 2);
            }
        }
        let pv_node = beta - alpha > 1;
        // No result can beat a win on the next move or fall below a loss now.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let depth = depth.max(0);
        // The table.
        let key = board.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            let score = from_table(e.score, ply);
            if ply > 0 && !pv_node && e.depth as i32 >= depth && e.bound.settles(score, alpha, beta)
            {
                return score;
            }
        }
        let tt_move = entry
            .and_then(|e| e.move_code)
            .filter(|&c| (c as usize) < CELLS && board.is_empty(c));
        if opp_fives == 0 && ply > 0 {
            // An unstoppable four against an opponent with no five to make wins.
            if let Some(p) = self.shape_win(board) {
                self.pv[ply].push(p);
                return win_in(ply + 3);
            }
            // Right after a root move the opponent's fours get a VCF search: one there
            // refutes the root move. Deeper, the quiescence search and the four extension
            // follow fours; a small VCF at every node with a four cost far more nodes than
            // it found wins (README: SPRT of the VCF at the first reply only).
            if self.settings.vcf_budget > 0
                && ply == 1
                && board.threats_at_least(me, Threat::Four) > 0
            {
                // Its nodes count against the node limit too.
                let budget = (self.settings.vcf_budget * FIRST_REPLY_VCF_FACTOR)
                    .min(self.node_limit.saturating_sub(self.total_nodes()));
                if let Some(win) = self.threats.vcf(board, IN_SEARCH_VCF_MAX_PLIES, budget) {
                    self.pv[ply].extend_from_slice(&win.line);
                    return win_in(ply + win.plies());
                }
            }
        }
        if depth == 0 && self.techniques.quiescence && ply + 1 < MAX_PLY {
            return self.quiesce(board, ply, alpha, beta, 0);
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return eval::evaluate(board, self.settings.evaluator);
        }
        let depth = if self.techniques.internal_reduction
            && depth >= INTERNAL_REDUCTION_MIN_DEPTH
            && tt_move.is_none()
        {
            depth - 1
        } else {
            depth
        };
        let forced = opp_fives > 0 || board.threats_at_least(opp, Threat::WinFour) > 0;
        // A quiet null-window node (nothing forces the reply, beta is no proven result)
        // is where the pruning below may guess.
        let quiet_node = !pv_node && !forced && ply > 0 && !is_decisive(beta);
        // Reverse futility: near the horizon of a quiet node, a static evaluation far
        // above beta is taken as a fail-high.
        let reverse_futility =
            self.techniques.reverse_futility && depth <= REVERSE_FUTILITY_MAX_DEPTH;
        let null_move = self.techniques.null_move
            && depth >= NULL_MOVE_MIN_DEPTH
            && !self.passed[ply.saturating_sub(1)];
        let razoring = self.techniques.razoring
            && self.techniques.quiescence
            && depth <= RAZOR_MAX_DEPTH
            && ply + 1 < MAX_PLY;
        // All three read the static evaluation; elsewhere it is not computed. The
        // correction learns from nodes that read it: (slot, evaluation, evaluation as corrected).
        let mut corrected: Option<((usize, usize), Score, Score)> = None;
        if quiet_node && (reverse_futility || null_move || razoring) {
            let raw = eval::evaluate(board, self.settings.evaluator);
            let (slot, stand) = self.corrected_eval(board, ply, raw);
            corrected = slot.map(|slot| (slot, raw, stand));
            let static_eval = refined_eval(stand, entry, ply);
            if razoring && static_eval + RAZOR_MARGIN * depth < alpha {
                let score = self.quiesce(board, ply, alpha, alpha + 1, 0);
                if self.aborted {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
                // The quiescence line is no principal variation of this node.
                self.pv[ply].clear();
            }
            if reverse_futility && static_eval - REVERSE_FUTILITY_MARGIN * depth >= beta {
                return static_eval;
            }
            // Null move: pass, and search the opponent's double move shallower.
            if null_move && static_eval >= beta {
                let reduction = NULL_MOVE_BASE + depth / NULL_MOVE_DEPTH_DIVISOR;
                self.passed[ply] = true;
                board.pass();
                let score = -self.negamax(board, depth - 1 - reduction, ply + 1, -beta, -beta + 1);
                board.undo_pass();
                self.passed[ply] = false;
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    // A proven win after a pass is not proven with a move: claim beta only.
                    return if is_decisive(score) { beta } else { score };
                }
            }
        }
        // Move-count pruning: near the horizon of a quiet node, quiet moves from this
        // index on are not searched.
        let mut late_quiet_from = if self.techniques.move_count_pruning
            && quiet_node
            && depth <= MOVE_COUNT_PRUNING_MAX_DEPTH
        {
            MOVE_COUNT_PRUNING_BASE + (depth * depth) as usize
        } else {
            usize::MAX
        };
        // Candidates, best first; the table's move, then the killers, go to the front.
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        let cap = self.settings.cap_at(ply, pv_node);
        self.candidates(board, cap, tt_move, ply, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            // Every candidate is forbidden for Black: lost when the five comes, or no
            // loss at all where he may still play away from the stones.
            return match movegen::plies_to_loss_without_candidates(board) {
                Some(plies) => loss_in(ply + plies),
                None => eval::evaluate(board, self.settings.evaluator),
            };
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        let alpha_in = alpha;
        let mut next = 0;
        let mut widened = false;
        loop {
            if next == moves.len() {
                // Every move searched loses, but the cap or move-count pruning left some
                // out: a loss proven over part of the moves is no proof (the defence the
                // cap dropped may hold), so the rest are searched before the node is lost.
                if widened || !(best < 0 && is_decisive(best)) {
                    break;
                }
                widened = true;
                self.widen(board, tt_move, ply, late_quiet_from, &mut moves);
                late_quiet_from = usize::MAX;
                if next == moves.len() {
                    break;
                }
            }
            let (i, mv) = (next, moves[next]);
            next += 1;
            let threat = board.threat(me, mv);
            let quiet = is_quiet(board, mv);
            let makes_three = matches!(threat, Threat::Three | Threat::DoubleThree);
            if quiet && i >= late_quiet_from {
                continue;
            }
            // The child's entry loads from memory while the move's patterns are updated.
            self.tt.prefetch(board.hash_after(mv));
            board.play(mv);
            let makes_four = board.has_five_point(me);
            // A four or an open three leaves the opponent few answers: searching it a ply
            // deeper costs little and follows threat sequences past the horizon (a three
            // only near the horizon: higher up, extending every three makes the tree bushy).
            let extension = i32::from(
                (self.techniques.four_extension && makes_four)
                    || (self.techniques.three_extension
                        && makes_three
                        && depth <= THREE_EXTENSION_MAX_DEPTH),
            );
            let new_depth = depth - 1 + extension;
            let score = if i == 0 {
                -self.negamax(board, new_depth, ply + 1, -beta, -alpha)
            } else {
                let reduction = if self.techniques.late_move_reductions
                    && quiet
                    && !forced
                    && depth >= LMR_MIN_DEPTH
                    && i >= LMR_FIRST_MOVE
                    && !self.is_killer(ply, mv)
                {
                    let r = LMR_BASE + ((depth as f64).ln() * (i as f64).ln() / LMR_DIVISOR) as i32
                        - i32::from(pv_node);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s =
                    -self.negamax(board, new_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if s > alpha && reduction > 0 {
                    s = -self.negamax(board, new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    if ply == 0 && !self.aborted {
                        // Kept in case the clock stops the full-window re-search.
                        self.root.re_search_started(mv, s);
                        #[cfg(test)]
                        if self.root_re_search.is_none() {
                            self.root_re_search = Some((self.total_nodes(), mv, s));
                        }
                    }
                    s = -self.negamax(board, new_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            board.undo();
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            if ply == 0 {
                #[cfg(test)]
                let proven_before = self.root.is_lost(mv);
                self.root.searched(mv, score);
                #[cfg(test)]
                if !proven_before && self.root.is_lost(mv) {
                    self.root_losses.push((self.total_nodes(), mv));
                }
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if alpha >= beta {
                        self.stats.beta_cutoffs += 1;
                        if i == 0 {
                            self.stats.first_move_cutoffs += 1;
                        }
                        if quiet && self.techniques.ordering {
                            self.reward(me, ply, mv, depth, &moves[..i]);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        // The search's result corrects the static evaluation where it is a true bound on
        // the side of the error: a fail-high above it, a fail-low below it, or exact; a
        // threat move's cut says little about the quiet standing the evaluation scores.
        if let Some(((side, last), raw, stand)) = corrected {
            let cut_by_threat = best >= beta && best_move.is_some_and(|m| !is_quiet(board, m));
            let bound_ok = if best >= beta {
                best > stand
            } else if best <= alpha_in {
                best < stand
            } else {
                true
            };
            if !is_decisive(best) && !cut_by_threat && bound_ok {
                push_correction(&mut self.correction[side][last], best - raw, depth);
            }
        }
        let bound = Bound::of(best, alpha_in, beta);
        self.tt.store(
            key,
            Entry {
                score: to_table(best, ply),
                depth: depth.min(u8::MAX as i32) as u8,
                bound,
                // After a fail-low every move's score is an upper bound, and the highest of
                // them names no best move: the table keeps the move it had.
                move_code: best_move.filter(|_| bound != Bound::Upper),
            },
        );
        best
    }

    /// `raw`, the static evaluation at `ply`, moved by the correction of its slot (when
    /// the correction is on and the node has a slot), with that slot.
    fn corrected_eval(
        &self,
        board: &Board,
        ply: usize,
        raw: Score,
    ) -> (Option<(usize, usize)>, Score) {
        if !self.techniques.eval_correction || ply == 0 {
            return (None, raw);
        }
        match correction_slot(board, self.passed[ply - 1]) {
            Some(slot) => (
                Some(slot),
                raw + self.correction[slot.0][slot.1] / CORRECTION_GRAIN,
            ),
            None => (None, raw),
        }
    }

    /// A point where the side to move makes an unstoppable four (an open four or two fours)
    /// and may play: against an opponent with no five to make, a win in 3, since a reply can
    /// block one of its two five points or make a four, whose five comes a move after the
    /// attacker's own. `None` when [`Techniques::shape_wins`] is off.
    fn shape_win(&self, board: &Board) -> Option<Point> {
        let me = board.to_move();
        if !self.techniques.shape_wins || board.threat_count(me, Threat::WinFour) == 0 {
            return None;
        }
        board
            .points_with(me, Threat::WinFour)
            .find(|&p| movegen::is_legal(board, p))
    }

    /// The quiescence search below the horizon: the side to move stands on its static
    /// evaluation (corrected, [`Techniques::eval_correction`]) or plays a four, which the
    /// opponent must block at once. Only the first [`QUIESCENCE_PLAIN_FOUR_MOVES`] own moves
    /// may be plain fours; deeper, only fours that also make an open three or better, so the
    /// sequence stays short.
    fn quiesce(
        &mut self,
        board: &mut Board,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        own_moves: u32,
    ) -> Score {
        self.visit(ply);
        if self.out_of_time() {
            return 0;
        }
        if let Some(score) = self.settled_by_rules(board, ply) {
            return score;
        }
        let me = board.to_move();
        let opp = me.other();
        let opp_fives = board.threat_count(opp, Threat::Five);
        if ply + 1 >= MAX_PLY {
            return eval::evaluate(board, self.settings.evaluator);
        }
        if opp_fives == 1 {
            // The block is the only move: no standing pat.
            let Some(block) = board.points_with(opp, Threat::Five).next() else {
                return loss_in(ply + 2);
            };
            if !movegen::is_legal(board, block) {
                return loss_in(ply + 2);
            }
            board.play(block);
            let score = -self.quiesce(board, ply + 1, -beta, -alpha, own_moves);
            board.undo();
            if self.aborted {
                return 0;
            }
            self.set_pv(ply, block);
            return score;
        }
        // An unstoppable four wins: the opponent has no five to make (that was answered
        // above), and a four of his comes a move too late.
        if let Some(p) = self.shape_win(board) {
            self.pv[ply].push(p);
            return win_in(ply + 3);
        }
        // The standing value is corrected as the pruning's static evaluation is.
        let raw = eval::evaluate(board, self.settings.evaluator);
        let (_, stand) = self.corrected_eval(board, ply, raw);
        if stand >= beta || own_moves >= QUIESCENCE_MAX_OWN_MOVES {
            return stand;
        }
        alpha = alpha.max(stand);
        let least = if own_moves < QUIESCENCE_PLAIN_FOUR_MOVES {
            Threat::Four
        } else {
            Threat::FourThree
        };
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        moves.extend(
            board
                .points_with(me, least)
                .filter(|&p| movegen::is_legal(board, p)),
        );
        moves.sort_by_key(|&p| std::cmp::Reverse(movegen::point_score(board, p)));
        let mut best = stand;
        for &mv in moves.iter() {
            board.play(mv);
            let score = -self.quiesce(board, ply + 1, -beta, -alpha, own_moves + 1);
            board.undo();
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        best
    }

    /// Counts a node of either search at `ply` and clears its principal variation.
    fn visit(&mut self, ply: usize) {
        self.pv[ply].clear();
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
    }

    /// The value the rules give the node whatever the depth, if they settle it: the last
    /// move made five, the board is full, the side to move has a five to play, or the
    /// opponent has two fives to block.
    fn settled_by_rules(&mut self, board: &Board, ply: usize) -> Option<Score> {
        if board.last_move_won() {
            return Some(loss_in(ply));
        }
        if board.is_full() {
            return Some(0);
        }
        let me = board.to_move();
        if board.has_five_point(me) {
            if let Some(p) = board.points_with(me, Threat::Five).next() {
                self.pv[ply].push(p);
            }
            return Some(win_in(ply + 1));
        }
        if board.threat_count(me.other(), Threat::Five) >= 2 {
            return Some(loss_in(ply + 2));
        }
        None
    }

    /// The principal variation at `ply` becomes `mv` followed by the next ply's.
    fn set_pv(&mut self, ply: usize, mv: Point) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    fn is_killer(&self, ply: usize, mv: Point) -> bool {
        self.techniques.ordering && self.killers[ply].contains(&mv)
    }

    /// Appends the node's candidate moves to `moves` (empty) in the order to search them:
    /// by the ordering key ([`ordering_key`]), highest first, equal keys in the generator's
    /// order, and the table's move before all. One sort, in buffers kept between calls
    /// (this runs at every node).
    fn candidates(
        &mut self,
        board: &Board,
        cap: usize,
        tt_move: Option<Point>,
        ply: usize,
        moves: &mut Vec<Point>,
    ) {
        // Each candidate as a sort key in the generator's order whose low 16 bits are its
        // point: the generator's own key when it scored them (their shape scores come
        // with it), else the candidate's place in its list.
        debug_assert!(moves.is_empty(), "candidates() fills an empty list");
        let mut keys = std::mem::take(&mut self.candidate_keys);
        keys.clear();
        let scored = match self.settings.generator {
            Generator::Threats => {
                movegen::threat_candidates(board, cap, tt_move, &mut keys, moves)
                    == Candidates::Scored
            }
            generator => {
                movegen::generate(board, generator, cap, moves);
                false
            }
        };
        if !scored {
            keys.extend(
                moves
                    .drain(..)
                    .enumerate()
                    .map(|(i, p)| (i as u64) << 16 | p as u64),
            );
        }
        if self.techniques.ordering && keys.len() > 2 {
            let mut keyed = std::mem::take(&mut self.order_keys);
            keyed.clear();
            let killers = self.killers[ply];
            let history = &self.history[board.to_move().index()];
            keyed.extend(keys.iter().map(|&k| {
                let p = movegen::order_key_point(k);
                let score = if scored {
                    movegen::order_key_score(k)
                } else {
                    movegen::point_score(board, p)
                };
                (-ordering_key(killers, history, p, score), k)
            }));
            keyed.sort_unstable();
            moves.extend(keyed.iter().map(|&(_, k)| movegen::order_key_point(k)));
            self.order_keys = keyed;
        } else {
            keys.sort_unstable();
            moves.extend(keys.iter().map(|&k| movegen::order_key_point(k)));
        }
        self.candidate_keys = keys;
        put_first(moves, tt_move);
    }

    /// Appends to `moves` (a node's candidates, all searched and lost) the moves it left
    /// out: the quiet ones move-count pruning skipped (from index `late_quiet_from` on),
    /// then every candidate the cap cut, in the generator's order.
    fn widen(
        &mut self,
        board: &Board,
        tt_move: Option<Point>,
        ply: usize,
        late_quiet_from: usize,
        moves: &mut Vec<Point>,
    ) {
        let searched = moves.len();
        for i in late_quiet_from.min(searched)..searched {
            if is_quiet(board, moves[i]) {
                moves.push(moves[i]);
            }
        }
        // The child's buffer is free between children (every node takes its own and puts
        // it back), and a node below the last ply never searches moves.
        let mut all = std::mem::take(&mut self.moves[ply + 1]);
        all.clear();
        self.candidates(board, 0, tt_move, ply, &mut all);
        for &p in &all {
            if !moves[..searched].contains(&p) {
                moves.push(p);
            }
        }
        self.moves[ply + 1] = all;
    }

    /// A quiet move refuted the node: it becomes a killer and gains history; every move
    /// tried before it loses some, threat moves too (taking it from the quiet ones only,
    /// `quiethist` in docs/gomoku-strength.md, made no difference in self-play).
    fn reward(&mut self, me: Color, ply: usize, mv: Point, depth: i32, tried: &[Point]) {
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        let bonus = depth * depth;
        let history = &mut self.history[me.index()];
        push_history(&mut history[mv as usize], bonus);
        for &p in tried {
            push_history(&mut history[p as usize], -bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::point;
    use crate::game::Gomoku;
    use crate::movegen::Generator;
    use crate::notation::replay_text;
    use crate::rules::Rule;
    use qi_search::{Algorithm, Limits, SearchConfig, Searcher};
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// Settings small enough for plain minimax to search every candidate.
    fn narrow(cap: usize) -> SearchSettings {
        SearchSettings {
            root_cap: cap,
            reply_cap: cap,
            cap,
            vcf_budget: 0,
            ..SearchSettings::default()
        }
    }

    fn minimax_value(board: &Board, settings: SearchSettings, depth: u32) -> Score {
        let config = SearchConfig {
            algorithm: Algorithm::Minimax,
            tt_megabytes: 0,
            ordering: false,
            iterative_deepening: false,
            ..SearchConfig::default()
        };
        let game = Gomoku::new(board.clone(), settings);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        Searcher::new(config).search(&game, &limits).score
    }

    fn fixed_depth_value(board: &Board, settings: SearchSettings, depth: u32) -> Score {
        let mut search = GomokuSearch::new(1, settings, Techniques::NONE);
        let mut b = board.clone();
        search.negamax(&mut b, depth as i32, 0, -INFINITY, INFINITY)
    }

    /// A random position of `stones` stones near the centre with no five on it.
    fn random_position(rng: &mut StdRng, size: usize, rule: Rule, stones: usize) -> Board {
        let mut board = Board::new(size, rule).unwrap();
        while board.stones() < stones {
            let near: Vec<Point> = board.near_points().collect();
            let p = near[rng.random_range(0..near.len())];
            if !movegen::is_legal(&board, p) {
                break;
            }
            board.play(p);
            if board.last_move_won() {
                board.undo();
                break;
            }
        }
        board
    }

    /// The search sorts a node's scored candidates once; the order must be the one that
    /// sorting them by the generator's score and then stably by the ordering key gives.
    #[test]
    fn candidates_sorted_once_match_the_generator_then_ordering() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut search = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        let (mut checked, mut kept_past_cap) = (0, 0);
        for round in 0..300 {
            let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][round % 3];
            let stones = rng.random_range(0..40);
            let board = random_position(&mut rng, 15, rule, stones);
            let near: Vec<Point> = board.near_points().collect();
            // Killers and history as a search leaves them, ties included.
            let ply = rng.random_range(0..4);
            search.killers[ply] = [0, 1].map(|_| near[rng.random_range(0..near.len())]);
            for &p in &near {
                search.history[board.to_move().index()][p as usize] =
                    rng.random_range(-2..=2) * 1000;
            }
            let tt_move = rng
                .random_bool(0.5)
                .then(|| near[rng.random_range(0..near.len())]);
            for cap in [0, 5, 12] {
                // The plain way: the generator's order, with the table's move when the cap
                // alone dropped it, sorted stably by the ordering key, then the table's move
                // first.
                let mut expected = Vec::new();
                movegen::generate(&board, Generator::Threats, cap, &mut expected);
                let mut uncapped = Vec::new();
                movegen::generate(&board, Generator::Threats, 0, &mut uncapped);
                if let Some(kept) = tt_move.filter(|p| uncapped.contains(p)) {
                    if !expected.contains(&kept) {
                        expected.push(kept);
                        kept_past_cap += 1;
                    }
                }
                if expected.len() > 2 {
                    let history = &search.history[board.to_move().index()];
                    let killers = search.killers[ply];
                    expected.sort_by_key(|&p| {
                        let score = movegen::point_score(&board, p);
                        std::cmp::Reverse(ordering_key(killers, history, p, score))
                    });
                }
                put_first(&mut expected, tt_move);
                let mut got = Vec::new();
                search.candidates(&board, cap, tt_move, ply, &mut got);
                assert_eq!(got, expected, "{rule:?} {board:?} cap {cap}");
                checked += usize::from(expected.len() > 2);
            }
        }
        assert!(checked > 500, "only {checked} orderings compared");
        assert!(
            kept_past_cap > 20,
            "the table's move kept past the cap only {kept_past_cap} times"
        );
    }

    /// A root move that fails high keeps its place as the best move when the re-search in
    /// the wider window is stopped before it is searched again.
    #[test]
    fn a_move_that_failed_high_survives_a_stopped_re_search() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        for (x, y) in [(7, 7), (8, 8), (7, 8), (7, 9), (8, 7), (6, 7)] {
            board.play(point(x, y));
        }
        let depth = ASPIRATION_MIN_DEPTH + 1;
        // A last score far below the position's, so that the first window fails high.
        let last = -3_000;
        let (alpha, beta) = (last - ASPIRATION_WINDOW, last + ASPIRATION_WINDOW);
        let mut first = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        let score = first.negamax(&mut board.clone(), depth, 0, alpha, beta);
        assert!(score >= beta, "the first window did not fail high: {score}");
        let line = first.pv[0].clone();
        assert!(!line.is_empty());
        // The same search, stopped right after its first window: the re-search's first
        // node past the root runs out of nodes.
        let mut stopped = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        stopped.node_limit = first.total_nodes() + 1;
        stopped.aspiration(&mut board.clone(), depth, Some(last));
        assert!(stopped.aborted);
        let (played, score) = stopped.stopped_line(None).expect("a line");
        assert_eq!(played, line);
        assert!(score >= beta, "{score}");
    }

    #[test]
    fn a_root_move_that_beat_alpha_survives_a_stopped_re_search() {
        let board = replay_text(15, Rule::Freestyle, "h8 i8 f10 h7 g6 i9 i10 i6 g8 f7 g7 g9")
            .unwrap()
            .0;
        let depth = 6;
        let mut first = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        first.negamax(&mut board.clone(), depth, 0, -INFINITY, INFINITY);
        let (nodes, mv, score) = first
            .root_re_search
            .expect("a later root move beat the first in the null window");
        // The same search, stopped at the re-search's first node.
        let mut stopped = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        stopped.node_limit = nodes + 1;
        stopped.negamax(&mut board.clone(), depth, 0, -INFINITY, INFINITY);
        assert!(stopped.aborted);
        assert_eq!(stopped.stopped_line(None), Some((vec![mv], score)));
    }

    #[test]
    fn the_table_refines_the_static_evaluation_only_towards_its_bound() {
        let entry = |score, bound| {
            Some(Entry {
                score: to_table(score, 3),
                depth: 4,
                bound,
                move_code: None,
            })
        };
        assert_eq!(refined_eval(50, None, 3), 50);
        assert_eq!(refined_eval(50, entry(-20, Bound::Exact), 3), -20);
        assert_eq!(refined_eval(50, entry(120, Bound::Lower), 3), 120);
        assert_eq!(refined_eval(50, entry(20, Bound::Lower), 3), 50);
        assert_eq!(refined_eval(50, entry(20, Bound::Upper), 3), 20);
        assert_eq!(refined_eval(50, entry(120, Bound::Upper), 3), 50);
        // A proven result is the table's to settle, not a guess for the pruning.
        assert_eq!(refined_eval(50, entry(win_in(9), Bound::Exact), 3), 50);
        assert_eq!(refined_eval(50, entry(loss_in(8), Bound::Upper), 3), 50);
    }

    #[test]
    fn the_correction_moves_towards_the_error_and_stays_bounded() {
        let mut c = 0;
        push_correction(&mut c, 100, 3);
        // A depth-3 search moves it 4/256 of the way to 100 (in 1/16 units).
        assert_eq!(c, 100 * CORRECTION_GRAIN * 4 / CORRECTION_WEIGHT_TOTAL);
        for _ in 0..2_000 {
            push_correction(&mut c, 100, 20);
        }
        assert!((c / CORRECTION_GRAIN - 100).abs() <= 1, "{c}");
        // A tactical swing teaches no more than the limit.
        for _ in 0..2_000 {
            push_correction(&mut c, -50_000, 20);
        }
        assert!(c >= -CORRECTION_LIMIT * CORRECTION_GRAIN);
        assert!(c / CORRECTION_GRAIN <= -CORRECTION_LIMIT + 1, "{c}");
    }

    #[test]
    fn the_correction_is_kept_per_side_and_opponents_last_stone() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        assert_eq!(correction_slot(&board, false), None);
        board.play(point(7, 7));
        assert_eq!(
            correction_slot(&board, false),
            Some((Color::White.index(), point(7, 7) as usize))
        );
        // After a pass the last stone is the side's own: no slot.
        board.pass();
        assert_eq!(correction_slot(&board, true), None);
    }

    #[test]
    fn a_new_game_forgets_the_corrections() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        for (x, y) in [(7, 7), (8, 8), (6, 8), (8, 6), (7, 9), (9, 7)] {
            board.play(point(x, y));
        }
        let mut search = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        let limits = SearchLimits {
            depth: Some(7),
            ..SearchLimits::default()
        };
        search.search(&board, &limits, |_| {});
        assert!(search.correction.iter().flatten().any(|&c| c != 0));
        search.clear();
        assert!(search.correction.iter().flatten().all(|&c| c == 0));
    }

    #[test]
    fn the_quiescence_search_stands_on_the_corrected_evaluation() {
        // A quiet position: no fours or threes, so the quiescence search stands pat.
        let (mut board, _) = replay_text(15, Rule::Freestyle, "h8 a1 o15").unwrap();
        let raw = eval::evaluate(&board, SearchSettings::default().evaluator);
        let mut search = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        let (side, last) = correction_slot(&board, false).unwrap();
        search.correction[side][last] = 120 * CORRECTION_GRAIN;
        let score = search.quiesce(&mut board, 1, -INFINITY, INFINITY, 0);
        assert_eq!(score, raw + 120);
        // With the correction off, the raw evaluation.
        let mut plain = GomokuSearch::new(
            1,
            SearchSettings::default(),
            Techniques {
                eval_correction: false,
                ..Techniques::ALL
            },
        );
        plain.correction[side][last] = 120 * CORRECTION_GRAIN;
        assert_eq!(plain.quiesce(&mut board, 1, -INFINITY, INFINITY, 0), raw);
    }

    #[test]
    fn a_resize_to_the_same_table_size_keeps_the_entries() {
        let mut search = GomokuSearch::new(4, SearchSettings::default(), Techniques::ALL);
        let entry = Entry {
            score: 7,
            depth: 3,
            bound: Bound::Exact,
            move_code: Some(100),
        };
        search.tt.store(0xABCD, entry);
        // 5 MB rounds down to the same 4 MB table.
        search.resize_table(5);
        assert_eq!(search.table_bytes(), 4 << 20);
        assert_eq!(search.tt.probe(0xABCD), Some(entry));
        // Another size starts empty.
        search.resize_table(2);
        assert_eq!(search.table_bytes(), 2 << 20);
        assert_eq!(search.tt.probe(0xABCD), None);
    }

    #[test]
    fn history_stays_within_its_limit_and_turns_at_once() {
        let mut h = 0;
        for depth in 1..200 {
            push_history(&mut h, depth * depth);
            assert!((0..=HISTORY_LIMIT).contains(&h), "{h}");
        }
        assert!(h > HISTORY_LIMIT * 9 / 10, "{h}");
        // One failure at the limit takes off more than a clamp would leave.
        let before = h;
        push_history(&mut h, -100);
        assert!(h < before - 100, "{before} -> {h}");
        for depth in 1..200 {
            push_history(&mut h, -depth * depth);
            assert!((-HISTORY_LIMIT..=HISTORY_LIMIT).contains(&h), "{h}");
        }
        assert!(h < -HISTORY_LIMIT * 9 / 10, "{h}");
    }

    #[test]
    fn plain_pvs_agrees_with_minimax_on_random_positions() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut compared = 0;
        for round in 0..60 {
            let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][round % 3];
            let size = [7, 9, 15][(round / 3) % 3];
            let stones = rng.random_range(2..14);
            let board = random_position(&mut rng, size, rule, stones);
            for generator in [Generator::Threats, Generator::Neighbourhood] {
                let depth = if generator == Generator::Threats {
                    3
                } else {
                    2
                };
                let settings = SearchSettings {
                    generator,
                    ..narrow(if generator == Generator::Threats {
                        6
                    } else {
                        0
                    })
                };
                let expected = minimax_value(&board, settings, depth);
                let got = fixed_depth_value(&board, settings, depth);
                assert_eq!(got, expected, "{rule} depth {depth} {generator:?}\n{board}");
                compared += 1;
            }
        }
        assert_eq!(compared, 120);
    }

    fn engine_search(board: &Board, depth: u32) -> SearchOutcome {
        let mut search = GomokuSearch::new(4, SearchSettings::default(), Techniques::ALL);
        let limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        search.search(board, &limits, |_| {})
    }

    #[test]
    fn finds_the_win_of_an_open_three_and_blocks_the_opponents() {
        // Black: h8 i8 j8 is an open three; Black to move makes an open four.
        let (board, _) = replay_text(15, Rule::Freestyle, "h8 a1 i8 a3 j8 a5").unwrap();
        let found = engine_search(&board, 4);
        assert!(qi_search::score::is_decisive(found.score) && found.score > 0);
        let mv = crate::notation::format_point(found.best_move.unwrap());
        assert!(mv == "g8" || mv == "k8", "plays {mv}");
        // White to move must stop it at one end (or lose).
        let (board, _) = replay_text(15, Rule::Freestyle, "h8 a1 i8 a3 j8").unwrap();
        let found = engine_search(&board, 4);
        let mv = crate::notation::format_point(found.best_move.unwrap());
        assert!(
            ["g8", "k8", "f8", "l8"].contains(&mv.as_str()),
            "plays {mv}"
        );
        assert!(found.score > qi_search::score::loss_in(10));
    }

    #[test]
    fn the_reply_to_a_root_move_keeps_a_refutation_past_the_deeper_cap() {
        // Renju, from a game against Rapfi: Black played j9 here and lost to White's quiet
        // i6 (Rapfi at 400 ms: White mates in 21 plies; Qi as White: "wins in 11" at depth
        // 14). Among White's replies to j9, i6 ranks past the cap of deeper nodes.
        let (board, _) = replay_text(15, Rule::Renju, "h8 i7 f10 j7 k7 j8").unwrap();
        let (after, _) = replay_text(15, Rule::Renju, "h8 i7 f10 j7 k7 j8 j9").unwrap();
        let replies = |cap: usize| {
            let mut moves = Vec::new();
            movegen::generate(&after, Generator::Threats, cap, &mut moves);
            moves
                .into_iter()
                .map(crate::notation::format_point)
                .collect::<Vec<_>>()
        };
        let refutation = "i6".to_string();
        assert!(!replies(crate::params::CANDIDATES).contains(&refutation));
        assert!(replies(crate::params::REPLY_CANDIDATES).contains(&refutation));
        // With the reply as wide as the root, a depth-10 search sees it and plays elsewhere.
        let found = engine_search(&board, 10);
        let mv = crate::notation::format_point(found.best_move.unwrap());
        assert_ne!(mv, "j9");
    }

    /// A renju game against Rapfi (Qi Black), after Black's c11: White defends at b10, which
    /// ranks past the cap of the nodes below. At depth 13 every capped list of one of those
    /// nodes lost and the search proved a loss for White that was none (Qi played on and
    /// lost; Rapfi at 1 s: White +148 after c11, and Black has no win after b10).
    const CAPPED_LOSS_GAME: &str = "h8 i8 j10 i9 i7 g9 j9 j8 h10 g10 h9 h7 g8 i10 h12 h11 i12 j12 \
        e8 f7 g13 i11 f12 e12 f11 f10 e13 f13 d11 e11 d12 d14 d10 d8 c11";

    #[test]
    fn a_loss_over_capped_moves_is_no_proof() {
        let (board, _) = replay_text(15, Rule::Renju, CAPPED_LOSS_GAME).unwrap();
        for depth in [13, 14] {
            let found = engine_search(&board, depth);
            assert!(
                !qi_search::score::is_decisive(found.score),
                "depth {depth}: {} after {:?}",
                found.score,
                found.best_move.map(crate::notation::format_point)
            );
        }
        // The defence is real: after b10 Black finds no win either.
        let (after, _) = replay_text(15, Rule::Renju, &format!("{CAPPED_LOSS_GAME} b10")).unwrap();
        assert!(!qi_search::score::is_decisive(
            engine_search(&after, 12).score
        ));
    }

    fn quiesce_from(board: &Board) -> (Score, Vec<Point>) {
        quiesce_after_own_moves(board, 0)
    }

    /// The quiescence search at the root, as if the side to move had made `own_moves`
    /// quiescence moves already.
    fn quiesce_after_own_moves(board: &Board, own_moves: u32) -> (Score, Vec<Point>) {
        let mut search = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        let mut b = board.clone();
        let score = search.quiesce(&mut b, 0, -INFINITY, INFINITY, own_moves);
        assert_eq!(
            b.hash(),
            board.hash(),
            "the quiescence search restores the board"
        );
        (score, search.pv[0].clone())
    }

    #[test]
    fn a_black_node_with_every_defence_forbidden_loses_when_the_five_comes() {
        // Renju, Black to move. White's b8 c8 d8 is an open three at the edge. Its answers
        // are all forbidden to Black: a8 makes an overline (a5 a6 a7 and a9 a10; White's a4
        // closes the three below), e8 two open threes (e9 e10 and c6 d7), f8 two more (f6
        // f7 and e9 d10). Black has no four of his own (White's b10 keeps a10 d10 e10 from
        // one), yet he may play elsewhere: he loses when White's five comes, four plies on,
        // not at once.
        let (board, _) = replay_text(
            15,
            Rule::Renju,
            "e9 b8 e10 c8 c6 d8 d7 a4 f6 b10 f7 o15 d10 l15 a5 o12 a6 i15 a7 o9 a9 k1 a10 n1",
        )
        .unwrap();
        let at = |x: i64, y: i64| board.point(x, y).unwrap();
        let (a8, e8, f8) = (at(0, 7), at(4, 7), at(5, 7));
        assert_eq!(board.to_move(), Color::Black);
        assert_eq!(renju::foul(&board, a8), Some(renju::Foul::Overline));
        assert_eq!(renju::foul(&board, e8), Some(renju::Foul::DoubleThree));
        assert_eq!(renju::foul(&board, f8), Some(renju::Foul::DoubleThree));
        assert_eq!(board.threat(Color::White, e8), Threat::WinFour);
        let mut moves = Vec::new();
        movegen::generate(&board, Generator::Threats, 12, &mut moves);
        assert!(moves.is_empty(), "{moves:?}");
        assert!(movegen::any_legal(&board).is_some());
        let mut search = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
        let mut b = board.clone();
        assert_eq!(
            search.negamax(&mut b, 2, 1, -INFINITY, INFINITY),
            loss_in(5)
        );
        assert_eq!(b.hash(), board.hash());
        // The engine, whose root has no candidate either, says the same.
        let options = crate::engine::EngineOptions {
            depth: Some(2),
            ..Default::default()
        };
        let answer = crate::engine::engine_move(&board, &options).unwrap();
        assert_eq!(answer.score, loss_in(4));
    }

    #[test]
    fn quiescence_finds_a_four_three() {
        // Black: h8 i8 j8 closed by White's g8, and k6 k7 in column k: k8 makes a four and
        // an open three; White's block at l8 leaves the open three to become an open four.
        let (board, _) =
            replay_text(15, Rule::Freestyle, "h8 g8 i8 a1 j8 o1 k6 a15 k7 o15").unwrap();
        let (score, pv) = quiesce_from(&board);
        assert_eq!(score, win_in(5));
        let line: Vec<String> = pv
            .iter()
            .map(|&p| crate::notation::format_point(p))
            .collect();
        assert_eq!(line[..2], ["k8".to_string(), "l8".to_string()]);
    }

    #[test]
    fn an_open_four_wins_at_once_against_a_four_to_come() {
        // Black's open three h8 i8 j8 makes an open four at g8 or k8; White's a1 a2 a3
        // against the edge makes a four at a4, whose five comes a move after Black's. Past
        // its last own move the quiescence search would stand pat; the open four is a win
        // in 3 all the same, White's four to come notwithstanding.
        let (board, _) = replay_text(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3").unwrap();
        assert!(board.threats_at_least(Color::White, Threat::Four) > 0);
        assert_eq!(board.threats_at_least(Color::White, Threat::Five), 0);
        let (score, pv) = quiesce_after_own_moves(&board, QUIESCENCE_MAX_OWN_MOVES);
        assert_eq!(score, win_in(3));
        let line: Vec<String> = pv
            .iter()
            .map(|&p| crate::notation::format_point(p))
            .collect();
        assert!(line == ["g8"] || line == ["k8"], "{line:?}");
    }

    #[test]
    fn quiescence_blocks_a_four_first() {
        // Black's closed four h8-k8 must be blocked at l8 before anything else, even though
        // White could make a four of its own at a4 (a1 a2 a3 against the edge).
        let (board, _) = replay_text(15, Rule::Freestyle, "h8 g8 i8 a1 j8 a2 o15 a3 k8").unwrap();
        assert!(board.threats_at_least(Color::White, Threat::Four) > 0);
        let (score, pv) = quiesce_from(&board);
        assert!(!is_decisive(score), "{score}");
        assert_eq!(crate::notation::format_point(pv[0]), "l8");
    }

    #[test]
    fn quiescence_never_scores_below_standing_pat() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut compared = 0;
        let mut lines = 0;
        for round in 0..80 {
            let rule = [Rule::Freestyle, Rule::Renju][round % 2];
            let stones = rng.random_range(4..30);
            let board = random_position(&mut rng, 15, rule, stones);
            let opp = board.to_move().other();
            if board.last_move_won() || board.has_five_point(opp) {
                continue;
            }
            let evaluator = SearchSettings::default().evaluator;
            let stand = eval::evaluate(&board, evaluator);
            let (score, pv) = quiesce_from(&board);
            assert!(score >= stand, "{score} < {stand}\n{board}");
            // The line is legal, and a score that is no proven result is the evaluation
            // where it ends, from the side to move's view.
            let mut end = board.clone();
            lines += usize::from(!pv.is_empty());
            for &mv in &pv {
                assert!(movegen::is_legal(&end, mv), "{pv:?}\n{board}");
                end.play(mv);
            }
            if !is_decisive(score) {
                let sign = if pv.len() % 2 == 0 { 1 } else { -1 };
                assert_eq!(
                    score,
                    sign * eval::evaluate(&end, evaluator),
                    "{pv:?}\n{board}"
                );
            }
            compared += 1;
        }
        assert!(compared >= 40, "{compared}");
        assert!(lines >= 5, "only {lines} positions had a quiescence line");
    }

    #[test]
    fn a_helper_fills_the_table_its_main_search_reads() {
        let (board, _) = replay_text(15, Rule::Freestyle, "h8 i9 g9 i7 i8 g7").unwrap();
        let limits = SearchLimits {
            depth: Some(7),
            ..SearchLimits::default()
        };
        let fresh = engine_search(&board, 7).stats.nodes;
        let mut main = GomokuSearch::new(4, SearchSettings::default(), Techniques::ALL);
        let mut helper = main.helper(2);
        assert!(helper.shares_table_with(&main));
        // The helper starts at its own depth and leaves the table's age alone; what it
        // stores the main search finds, so the same search costs it far fewer nodes.
        let helped = helper.search(&board, &limits, |_| {});
        assert!(helped.best_move.is_some());
        let after = main.search(&board, &limits, |_| {}).stats.nodes;
        assert!(
            after * 2 < fresh,
            "{after} nodes after the helper, {fresh} fresh"
        );
        // A helper's clear leaves the shared table; the main search's empties it.
        helper.clear();
        assert!(main.search(&board, &limits, |_| {}).stats.nodes * 2 < fresh);
        main.clear();
        assert_eq!(main.search(&board, &limits, |_| {}).stats.nodes, fresh);
        // A resized table is no longer the helper's.
        main.resize_table(1);
        assert!(!helper.shares_table_with(&main));
    }

    /// A search stopped right after a root move is proven lost plays another root move
    /// when one is not proven lost (on random positions, stopped after each proof).
    #[test]
    fn a_move_proven_lost_is_not_played_when_the_clock_stops() {
        let mut rng = StdRng::seed_from_u64(11);
        let depth_limit = SearchLimits {
            depth: Some(5),
            ..SearchLimits::default()
        };
        let (mut stops, mut would_have_played_it) = (0, 0);
        for round in 0..300 {
            let rule = [Rule::Freestyle, Rule::Renju][round % 2];
            let stones = rng.random_range(6..30);
            let board = random_position(&mut rng, 15, rule, stones);
            let mut candidates = Vec::new();
            movegen::generate(&board, Generator::Threats, 0, &mut candidates);
            if candidates.is_empty() {
                continue;
            }
            let mut whole = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
            whole.search(&board, &depth_limit, |_| {});
            for &(nodes, lost) in whole.root_losses.iter().take(6) {
                let mut stopped = GomokuSearch::new(1, SearchSettings::default(), Techniques::ALL);
                let limits = SearchLimits {
                    nodes: Some(nodes + 1),
                    ..depth_limit.clone()
                };
                let found = stopped.search(&board, &limits, |_| {});
                // A proof that ended the search leaves nothing to stop.
                if !stopped.aborted {
                    continue;
                }
                assert!(stopped.root.is_lost(lost));
                let played = found.best_move.expect("a move");
                assert!(movegen::is_legal(&board, played), "{board:?}");
                let unproven = stopped.moves[0].iter().any(|&m| !stopped.root.is_lost(m));
                if unproven {
                    assert!(!stopped.root.is_lost(played), "{board:?} {played}");
                }
                stops += 1;
                // The move the stopped iteration's own evidence named (before the last
                // complete iteration's is consulted) was the lost one.
                let named = stopped.root.stopped(&stopped.pv[0], 0, None, &[]);
                if named.is_some_and(|(line, _)| line[0] == lost) {
                    // The move that replaced it has no proven score.
                    would_have_played_it += 1;
                    assert!(!is_decisive(found.score) || !unproven, "{}", found.score);
                }
            }
        }
        assert!(stops > 150, "only {stops} stops");
        assert!(
            would_have_played_it > 20,
            "the line held a lost move at only {would_have_played_it} stops"
        );
    }

    #[test]
    fn stops_at_the_hard_limit_with_a_move() {
        let (board, _) = replay_text(15, Rule::Freestyle, "h8 i9 g9 i7 i8 g7").unwrap();
        let mut search = GomokuSearch::new(4, SearchSettings::default(), Techniques::ALL);
        let limits = SearchLimits {
            nodes: Some(5_000),
            ..SearchLimits::default()
        };
        let found = search.search(&board, &limits, |_| {});
        assert!(found
            .best_move
            .is_some_and(|p| movegen::is_legal(&board, p)));
        assert!(found.stats.nodes < 5_000 + 2 * SEARCH_NODES_BETWEEN_CLOCK_CHECKS + 5_000);
    }
}
