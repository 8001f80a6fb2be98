//! Every tuning constant of the Xiangqi engine's search, move ordering and time management
//! in one place, each with the reason for it.
//!
//! The values are the engine's signature: `qi bench` counts 192464 nodes with them (pinned
//! by `crates/cli/tests/bench_signature.rs`). Changing one changes the search; a commit
//! that does so on purpose updates the signature and says why. Which of the techniques
//! they tune may be switched off is decided by [`crate::features::SearchFeatures`].
//!
//! The evaluation's weights are data of their own, fitted to game results:
//! [`crate::weights`] says what they are, [`crate::tuned`] holds the values (written by
//! `qi tune xiangqi fit`, docs/tuning.md); the playing levels' table is in [`crate::level`].

use std::time::Duration;

// ---------------------------------------------------------------------------------------
// Depth and the node clock
// ---------------------------------------------------------------------------------------

/// Deepest iteration: far beyond what any time control reaches, and small enough that
/// depth plus extensions stays inside the ply range the score encoding can express.
pub const MAX_DEPTH: u32 = 64;

/// How many plies below `qi_search::score::MAX_PLY` the search stops and evaluates: the
/// mate-distance encoding needs room above the deepest ply, and the PV and killer arrays
/// are sized by `MAX_PLY`.
pub const MAX_PLY_MARGIN: usize = 8;

/// Nodes a thread counts before it publishes them, reads the stop flags and looks at the
/// clock: often enough to stop within a fraction of a millisecond, rare enough that the
/// atomic traffic and `Instant::now` never show in a profile.
pub const NODES_BETWEEN_CHECKS: u64 = 1024;

// ---------------------------------------------------------------------------------------
// Piece values of the search
// ---------------------------------------------------------------------------------------

/// What each kind is worth to the search (general, advisor, elephant, horse, chariot,
/// cannon, soldier): move ordering by captured value, static exchange, delta and exchange
/// pruning. Kept apart from the evaluation's tuned material so that a re-tune changes the
/// evaluation only; these are the middle-game material of the first tuned weights
/// (9c7a8e4; advisor and elephant at their floor of 80), which is what the search played
/// with when that tune passed its SPRT. The general's 2000 only orders it last among
/// attackers: a general is never captured in a legal line.
pub const PIECE_VALUES: [i32; 7] = [2000, 80, 80, 649, 1253, 637, 161];

// ---------------------------------------------------------------------------------------
// Aspiration windows (iterative deepening)
// ---------------------------------------------------------------------------------------

/// First depth searched with a window around the previous score: the scores of depths 1–3
/// still swing by more than the window, so a window there would only cost re-searches.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Half-width of the first window in centipawns, about a third of a soldier: most
/// iterations of a quiet position stay within it.
pub const ASPIRATION_DELTA: i32 = 35;

/// Past this half-width (after a few doublings) the window is dropped for the full one: a
/// score that moved that far is unknown, and more narrow tries would only repeat work.
pub const ASPIRATION_MAX_DELTA: i32 = 1200;

// ---------------------------------------------------------------------------------------
// Selectivity in the main search
// ---------------------------------------------------------------------------------------

/// Deepest remaining depth at which reverse futility pruning applies: beyond it a quiet
/// position's margin over beta is not a reliable forecast.
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 4;

/// Reverse futility margin per ply of remaining depth (centipawns): a position this far
/// above beta per ply is assumed to stay above it whatever the opponent does. A side
/// improving on its evaluation of two plies before is given one ply less of margin.
pub const REVERSE_FUTILITY_MARGIN: i32 = 90;

/// Smallest remaining depth at which the null move is tried: below it the reduced search
/// would go straight to quiescence and costs as much as it saves.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// The null move's base reduction R: a pass searched three plies shallower still shows
/// whether the position is good enough to fail high.
pub const NULL_MOVE_BASE_REDUCTION: i32 = 3;

/// One more ply of null-move reduction per this many plies of depth, so deep searches
/// spend less on the verification of an obvious cutoff.
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 5;

/// The null move's reduction grows by one ply per this many centipawns the position's
/// forecast stands above beta: the further above, the less the verification needs to see.
pub const NULL_MOVE_EVAL_DIVISOR: i32 = 200;

/// ... but by at most this many plies, so the reduced search still sees the next threat.
pub const NULL_MOVE_MAX_EVAL_REDUCTION: i32 = 3;

/// Deepest remaining depth at which futility pruning skips quiet moves that do not check.
pub const FUTILITY_MAX_DEPTH: i32 = 4;

/// Futility margin `FUTILITY_BASE + FUTILITY_PER_DEPTH × depth` (centipawns): a node whose
/// forecast plus this stays at or below alpha is not saved by a quiet move; a capture or a
/// check can still change the material or force a reply, so those are searched.
pub const FUTILITY_BASE: i32 = 80;

/// See [`FUTILITY_BASE`].
pub const FUTILITY_PER_DEPTH: i32 = 100;

/// Smallest remaining depth at which a node without a table move is searched one ply
/// shallower (internal iterative reduction): below it the saving is too small to pay for
/// the weaker ordering.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Deepest remaining depth at which late quiet moves are skipped (late-move pruning).
pub const LATE_MOVE_PRUNING_MAX_DEPTH: i32 = 3;

/// Late-move pruning keeps `LATE_MOVE_PRUNING_BASE + LATE_MOVE_PRUNING_SCALE × depth²`
/// moves: hash move, captures and killers come first, so a quiet move beyond that count
/// at depth 1 (8 moves), 2 (20) or 3 (40) almost never changes the result. Where the
/// side to move is not improving on its evaluation of two plies before, half as many.
pub const LATE_MOVE_PRUNING_BASE: i32 = 4;

/// See [`LATE_MOVE_PRUNING_BASE`].
pub const LATE_MOVE_PRUNING_SCALE: i32 = 4;

/// Smallest remaining depth at which late moves are reduced: shallower, a reduction sends
/// the move straight to quiescence.
pub const LMR_MIN_DEPTH: i32 = 3;

/// Moves searched before reductions start: the hash move, the best capture and a killer
/// are tried at full depth.
pub const LMR_MIN_MOVES: usize = 3;

/// Constant term of the reduction `LMR_BASE + ln(depth) × ln(move number) / LMR_DIVISOR`,
/// truncated: the logarithms grow the reduction slowly with both depth and lateness, and
/// adding 0.5 before truncating rounds the product to the nearest ply.
pub const LMR_BASE: f64 = 0.5;

/// Divisor of the reduction formula (see [`LMR_BASE`]): with 2.2 the 10th move at depth
/// 10 is reduced by 2 plies (ln 10 × ln 10 / 2.2 = 2.41) and the 20th at depth 8 by 3.
pub const LMR_DIVISOR: f64 = 2.2;

/// Rows and columns of the reduction table (depth and move number, each capped at one
/// less): the formula changes little past 63 of either.
pub const LMR_TABLE_SIZE: usize = 64;

/// A late move's reduction shrinks by one ply per this much of its history score
/// (butterfly plus the two continuation histories, each within ±[`HISTORY_LIMIT`]) and
/// grows by one per this much below zero: moves that keep failing are searched shallower.
pub const LMR_HISTORY_DIVISOR: i32 = 8192;

/// Plies taken off the reduction at PV nodes, whose moves matter more than elsewhere.
pub const LMR_PV_RELIEF: i32 = 1;

/// Checks are extended only while the ply is below this many times the iteration depth,
/// so a perpetual-check line cannot grow the tree without bound.
pub const CHECK_EXTENSION_PLY_FACTOR: i32 = 2;

// ---------------------------------------------------------------------------------------
// Quiescence
// ---------------------------------------------------------------------------------------

/// Delta pruning margin (centipawns): a capture whose victim, plus this for the positional
/// swing, still leaves the stand-pat score below alpha is not searched.
pub const DELTA_MARGIN: i32 = 150;

// ---------------------------------------------------------------------------------------
// Move ordering: history and killers
// ---------------------------------------------------------------------------------------

/// The history bonus is depth², capped here: cutoffs deep in the tree are worth more, but
/// one very deep cutoff must not drown the rest of the table.
pub const HISTORY_MAX_BONUS: i32 = 400;

/// History "gravity": each update pulls the entry towards zero by its share of this, so
/// scores stay within ±this and old successes fade as new ones arrive.
pub const HISTORY_LIMIT: i32 = 16384;

/// Ordering score of the hash move: the best move of an earlier search comes first.
pub const HASH_MOVE_SCORE: i32 = 10_000_000;

/// Ordering base of captures, ordered after the hash move by victim then attacker.
pub const CAPTURE_SCORE: i32 = 1_000_000;

/// Ordering base of captures that lose material by static exchange: after every quiet
/// move (a quiet move's three history scores together stay above `-3 × HISTORY_LIMIT`),
/// still ordered among themselves by MVV-LVA.
pub const BAD_CAPTURE_SCORE: i32 = -1_000_000;

/// Ordering scores of the two killers (quiet moves that refuted a sibling), tried before
/// every other quiet move (history scores together stay below `3 × HISTORY_LIMIT`).
pub const KILLER_SCORES: [i32; 2] = [900_000, 899_000];

/// MVV-LVA weight of the victim's value: victims' values differ by far more than the
/// attacker term can make up, so the victim decides and the attacker mostly breaks ties.
pub const MVV_LVA_VICTIM_WEIGHT: i32 = 16;

/// MVV-LVA: the attacker's value is divided by this and subtracted, so a cheaper attacker
/// of the same victim is tried first.
pub const MVV_LVA_ATTACKER_DIVISOR: i32 = 8;

// ---------------------------------------------------------------------------------------
// Threads
// ---------------------------------------------------------------------------------------

/// Lazy SMP: helper thread `id` starts at depth `1 + id % HELPER_DEPTH_SPREAD`, so half the
/// helpers run one iteration ahead of the main thread and fill the table for it.
pub const HELPER_DEPTH_SPREAD: usize = 2;

// ---------------------------------------------------------------------------------------
// Time management
// ---------------------------------------------------------------------------------------

/// A fraction `numerator / denominator`, applied to a duration with integer arithmetic
/// (so the same clock gives the same budget on every machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    /// Numerator.
    pub numerator: u32,
    /// Denominator (never zero).
    pub denominator: u32,
}

impl Fraction {
    /// `duration × numerator / denominator`.
    pub fn of(self, duration: Duration) -> Duration {
        duration * self.numerator / self.denominator.max(1)
    }
}

/// What a move costs beyond its search (reading the position, starting threads, writing
/// the answer, the manager's own work): a move with no search at all still costs this,
/// so a clock plan keeps it in reserve for every move it expects to play.
pub const MOVE_COST: Duration = Duration::from_millis(2);

/// Moves still to play assumed in sudden death (no moves-to-go): a typical game's
/// remaining length after the opening, so early moves do not spend the clock.
pub const SUDDEN_DEATH_MOVES: u32 = 40;

/// Moves-to-go is read within `1..=MAX_MOVES_TO_GO`: a larger announced count would plan
/// slices thinner than the game needs.
pub const MAX_MOVES_TO_GO: u32 = 60;

/// Share of the increment added to each move's slice: most of it, keeping a quarter back
/// against a game that runs longer than planned (none at the last move before a control).
pub const INCREMENT_SHARE: Fraction = Fraction {
    numerator: 3,
    denominator: 4,
};

/// The soft limit never exceeds this share of the available time.
pub const SOFT_LIMIT_CAP: Fraction = Fraction {
    numerator: 1,
    denominator: 2,
};

/// The hard limit is the soft limit times this, so an iteration that is almost finished
/// may complete.
pub const HARD_LIMIT_FACTOR: u32 = 3;

/// ... but never more than this share of the available time when more moves follow.
pub const HARD_LIMIT_CAP: Fraction = Fraction {
    numerator: 1,
    denominator: 3,
};

/// ... and this share on the last move before the time control (the rest of the clock is
/// only a safety margin then).
pub const LAST_MOVE_HARD_LIMIT_CAP: Fraction = Fraction {
    numerator: 9,
    denominator: 10,
};

/// With only the reserve left, the engine spends this share of its increment (which the
/// next move gives back) or of the time left over the overhead, whichever is smaller.
pub const RESERVE_SPEND: Fraction = Fraction {
    numerator: 1,
    denominator: 2,
};

/// A fixed move time keeps back the overhead, but never more than this share of it.
pub const MOVETIME_MAX_OVERHEAD: Fraction = Fraction {
    numerator: 1,
    denominator: 2,
};

/// No new iteration starts once this share of the soft limit is gone: the next iteration
/// usually costs more than all before it together.
pub const NEW_ITERATION_SOFT_SHARE: Fraction = Fraction {
    numerator: 1,
    denominator: 2,
};

/// The next iteration is expected to cost this many times the last one; it is not started
/// when that would pass the hard limit (an unfinished iteration is thrown away).
pub const NEXT_ITERATION_GROWTH: u32 = 2;

// ---------------------------------------------------------------------------------------
// Engine settings
// ---------------------------------------------------------------------------------------

/// Transposition table size by default (MB): enough for a few seconds per move at the
/// engine's speed.
pub const DEFAULT_HASH_MB: usize = 16;

/// Largest table accepted (MB): 64 GiB, beyond any machine the engine runs on.
pub const MAX_HASH_MB: usize = 65536;

/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;
