//! The gomoku engine's search constants in one place, each with the reason for it: the
//! threat searches' budgets and depths, the candidate caps, the time split and the levels'
//! margins.
//!
//! They are the engine's signature: `qi bench gomoku` counts 73414 nodes with them (pinned
//! by `crates/cli/tests/bench_signature.rs`); a commit that changes one on purpose updates
//! the signature and says why. The evaluation's shape weights live with the shapes
//! ([`crate::eval`]), the swap openings' margins in [`crate::opening`].

use std::time::Duration;

// ---------------------------------------------------------------------------------------
// Threat-space search at the root
// ---------------------------------------------------------------------------------------

/// Root VCF node budget at full strength: a VCF is narrow (only fours), so this proves or
/// refutes most of them in a few milliseconds.
pub const ROOT_VCF_BUDGET: u64 = 200_000;

/// Root VCT node budget at full strength: threes branch far more than fours, so a VCT gets
/// half the VCF's nodes and is tried only after the VCF failed.
pub const ROOT_VCT_BUDGET: u64 = 100_000;

/// Deepest root VCF in plies: a sequence of fours rarely runs longer on a 15×15 board.
pub const ROOT_VCF_MAX_PLIES: u32 = 40;

/// Deepest root VCT in plies: every attacking ply of a VCT branches, so it stays short.
pub const ROOT_VCT_MAX_PLIES: u32 = 15;

/// Lowest level that looks for a VCF at the root (level 1 misses even those).
pub const ROOT_VCF_MIN_LEVEL: u8 = 2;

/// Lowest level that looks for a VCT at the root.
pub const ROOT_VCT_MIN_LEVEL: u8 = 5;

/// The root threat budgets are scaled by the level's budget share, but never below this
/// share, so a weak level still sees a short VCF.
pub const MIN_THREAT_SHARE: f64 = 0.02;

/// Fewest nodes a root threat search is given, whatever the level.
pub const MIN_THREAT_BUDGET: u64 = 100;

/// Share of the move's time the root threat searches may use (numerator, denominator);
/// the main search gets the rest.
pub const THREAT_TIME_SHARE: (u32, u32) = (3, 10);

/// The threat searches look at the clock once per this many nodes (a power of two: the
/// node count is masked).
pub const THREAT_NODES_BETWEEN_CLOCK_CHECKS: u64 = 256;

/// Each threat table (VCF, VCT) has `2^THREAT_TABLE_BITS` entries: 64 Ki entries of 16
/// bytes (1 MiB), small enough to clear between games at no cost.
pub const THREAT_TABLE_BITS: u32 = 16;

// ---------------------------------------------------------------------------------------
// Threat search inside the main search
// ---------------------------------------------------------------------------------------

/// In-search VCF node budget (`SearchSettings::vcf_budget`). The generic game that weaker
/// levels search runs a VCF this large at every node where the side to move has a four;
/// the full-strength search only right after a root move, with [`FIRST_REPLY_VCF_FACTOR`]
/// times it. At every node (64, then 16 nodes) it took two fifths of the nodes of 1 s
/// searches, most of them failing; the first reply alone scored better (README).
pub const IN_SEARCH_VCF_BUDGET: u64 = 16;

/// Right after a root move the opponent's VCF gets this many times the budget: a VCF there
/// refutes the root move.
pub const FIRST_REPLY_VCF_FACTOR: u64 = 16;

/// Deepest in-search VCF in plies.
pub const IN_SEARCH_VCF_MAX_PLIES: u32 = 25;

// ---------------------------------------------------------------------------------------
// Candidate moves
// ---------------------------------------------------------------------------------------

/// Candidates searched at the root: enough to include every sensible point, few enough to
/// reach depth.
pub const ROOT_CANDIDATES: usize = 24;

/// Candidates searched at the opponent's reply to each root move, as many as at the root.
/// The reply that refutes a root move is often a quiet point that ranks past the deeper
/// nodes' cap: in a renju game against Rapfi, Black's seventh move lost to White's i6,
/// which a 1 s search found only with this width. There is one such node per root move,
/// so the width costs little (2 % of `qi bench gomoku`'s nodes).
pub const REPLY_CANDIDATES: usize = 24;

/// Candidates searched deeper: the threat-aware generator puts forced and
/// attacking points first, and the rest rarely matter. The node's table move is kept past
/// the cap as one more: a wider visit of the node (as the reply, or on an earlier principal
/// variation) found it best, and dropping it left the best move known unsearched.
pub const CANDIDATES: usize = 12;

/// Most plain fours (a four and no other threat, stopping no four of the opponent's) that
/// a capped list keeps when it must cut. The generator ranks every four above open threes
/// and quiet points, so a side with many fours had few quiet points left under the cap: in
/// the non-forced positions of Qi's renju games against Rapfi, 3.7 of Black's 12
/// candidates were plain fours on average. A plain four spends a threat and is searched
/// unreduced and a ply deeper; the quiescence search and the VCF still try every four.
pub const PLAIN_FOUR_CANDIDATES: usize = 4;

// ---------------------------------------------------------------------------------------
// Main search: table, limits, time, levels
// ---------------------------------------------------------------------------------------

/// Transposition table size (MB) of the page, the terminal and `qi move`.
pub const TT_MEGABYTES: usize = 32;

/// Transposition table size (MB) the Gomocup brain is made with, before `INFO max_memory`
/// cuts it ([`crate::engine::Engine::set_memory_limit`]): 128 MB under `qi match`'s
/// default 256 MB limit, 256 MB from a 272 MB limit on. A 1 s turn searches about 2 M
/// nodes, as many as a 32 MB table has entries; the scaled test (32 MB against 4 MB at
/// 200 ms a turn, where a turn searches about a fifth of a 1 s turn's nodes) gained
/// +11.8 ± 6.9 Elo over 2 518 pairs (docs/gomoku-strength.md, "the table's size").
pub const GOMOCUP_TT_MEGABYTES: usize = 256;

/// Memory the engine needs besides its transposition table (MB): the pattern and threat
/// tables, the board and the program (a 1 s search with the 32 MB table peaked at 38 MB
/// resident).
pub const ENGINE_MEMORY_MEGABYTES: usize = 16;

/// Most threads the full-strength search runs (`INFO thread_num`, `--threads`).
pub const MAX_THREADS: usize = 256;

/// Memory each helper thread of the search needs besides the shared table (MB): its two
/// 1 MiB threat tables, its ordering tables and its stack.
pub const HELPER_MEMORY_MEGABYTES: usize = 4;

/// A helper thread's stack (bytes): the search recurses up to 96 plies with threat
/// searches below them, so helpers get a main thread's 8 MiB, not a spawned thread's
/// 2 MiB (memory only reserved until touched).
pub const HELPER_STACK_BYTES: usize = 8 << 20;

/// Node limit of a full-strength move with no depth or time given (scaled down by level).
pub const DEFAULT_NODES: u64 = 2_000_000;

/// The scaled default node limit never goes below this.
pub const MIN_DEFAULT_NODES: u64 = 2_000;

/// Full-strength depth that weaker levels' depth caps are scaled from.
pub const LEVEL_FULL_DEPTH: u32 = 10;

/// Share of the time left that the main search keeps in hand: it notices its deadline only
/// every thousand nodes or so and then still has to answer.
pub const SEARCH_RESERVE_SHARE: f64 = 0.02;

/// The least time the main search keeps in hand (see [`SEARCH_RESERVE_SHARE`]).
pub const SEARCH_RESERVE: Duration = Duration::from_millis(10);

/// How far below the best a weaker level's choice may be, per level below the top
/// (pattern points; an open three is worth several hundred).
pub const LEVEL_MARGIN_STEP: i32 = 60;

// ---------------------------------------------------------------------------------------
// The full-strength search (crate::search)
// ---------------------------------------------------------------------------------------

/// Deepest iteration of the full-strength search (fours are extended beyond it).
pub const SEARCH_MAX_DEPTH: u32 = 40;

/// The search looks at the clock, the node limit and the stop flag once per this many
/// nodes: often enough to stop within a millisecond.
pub const SEARCH_NODES_BETWEEN_CLOCK_CHECKS: u64 = 1024;

/// Open threes are extended a ply only at this remaining depth and below: near the horizon
/// the extension follows a threat sequence past it; higher up there are plies enough to
/// follow it, and extending every three there only makes the tree bushier.
pub const THREE_EXTENSION_MAX_DEPTH: i32 = 2;

/// Reverse futility pruning applies at this remaining depth and below. Its margin grows
/// with the depth, so deeper up it prunes only nodes far above beta; up to 8 plies
/// instead of 3 reaches about a ply deeper in a 1 s search (docs/gomoku-strength.md).
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 8;

/// Reverse futility margin per ply of remaining depth, in evaluation points (an open
/// three of the side to move is worth about 300).
pub const REVERSE_FUTILITY_MARGIN: i32 = 200;

/// Razoring applies at this remaining depth and below.
pub const RAZOR_MAX_DEPTH: i32 = 2;

/// Razoring margin per ply of remaining depth: a quiet node whose static evaluation is
/// this far below alpha first gets a null-window quiescence search, whose fail-low is
/// returned (anything else is searched normally).
pub const RAZOR_MARGIN: i32 = 400;

/// Null-move pruning applies at this remaining depth and above.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// The null move's search is this many plies shallower than a move's...
pub const NULL_MOVE_BASE: i32 = 2;

/// ...and one more per this many plies of remaining depth.
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;

/// Move-count pruning applies at this remaining depth and below.
pub const MOVE_COUNT_PRUNING_MAX_DEPTH: i32 = 2;

/// At remaining depth `d`, quiet moves from index `MOVE_COUNT_PRUNING_BASE + d * d` on are
/// not searched (the ordering puts every threat and the best shapes before them).
pub const MOVE_COUNT_PRUNING_BASE: usize = 3;

/// Late-move reductions start at this remaining depth.
pub const LMR_MIN_DEPTH: i32 = 3;

/// Moves before this index (the table's move, the killers and the best-shaped points) are
/// never reduced.
pub const LMR_FIRST_MOVE: usize = 3;

/// Reduction of every late quiet move, before the logarithmic part.
pub const LMR_BASE: i32 = 1;

/// The logarithmic part of a reduction is `ln(depth) * ln(index) / LMR_DIVISOR`.
pub const LMR_DIVISOR: f64 = 1.5;

/// History scores stay within ±this (ordering-key units: an open-three point is worth
/// about 4 × 4600).
pub const HISTORY_LIMIT: i32 = 8_000;

/// The evaluation correction's resolution: corrections are kept in 1/this evaluation
/// units, so that small steps of the running average are not lost to rounding.
pub const CORRECTION_GRAIN: i32 = 16;

/// Largest error one search may teach the correction, in evaluation units (an open three
/// is worth about 300): beyond it a node's result is tactics, not a misjudged standing.
pub const CORRECTION_LIMIT: i32 = 400;

/// The running average's step: a search of depth d moves the correction
/// min(d + 1, this) / [`CORRECTION_WEIGHT_TOTAL`] of the way to its error.
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

/// See [`CORRECTION_MAX_WEIGHT`].
pub const CORRECTION_WEIGHT_TOTAL: i32 = 256;

/// Ordering-key bonus of the first and second killer: above an open-three point, below a
/// four.
pub const KILLER_BONUS: [i64; 2] = [24_000, 20_000];

/// Internal iterative reduction applies at this remaining depth and above.
pub const INTERNAL_REDUCTION_MIN_DEPTH: i32 = 4;

/// In the quiescence search plain fours may be played only as the first this many chosen
/// moves (fours of either side; forced blocks are not counted); deeper, only fours that
/// also make an open three or better.
pub const QUIESCENCE_PLAIN_FOUR_MOVES: u32 = 2;

/// The quiescence search stands pat after this many chosen moves below the horizon (a
/// four sequence longer than that is the VCF's to find).
pub const QUIESCENCE_MAX_OWN_MOVES: u32 = 8;

/// Aspiration windows start at this iteration depth (the first iterations are cheap and
/// their scores swing).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Half-width of the first aspiration window, in evaluation points (about an open three:
/// scores swing by several hundred points between iterations, so a narrower window is
/// re-searched more often than it saves; 400 against 150 scored +30.9 ± 18.2 Elo).
pub const ASPIRATION_WINDOW: i32 = 400;

/// Once the window's half-width has grown past this, a side the score falls out of is
/// opened all the way.
pub const ASPIRATION_OPEN_AFTER: i32 = 2000;

/// The full-strength search starts no new iteration once this share of its time is gone.
/// All of it: the budget is already what the move may spend (a turn limit, or a share of
/// the match time that assumes it is spent, `crate::time`), and an unfinished iteration
/// still pays, because a root move that beats the last best at the new depth replaces it.
/// At 0.45 the engine used about 42 % of a 1 s turn; 1.0 against 0.45 in self-play
/// (200 ms a turn) is in the README.
pub const SOFT_TIME_SHARE: f64 = 1.0;

// ---------------------------------------------------------------------------------------
// The Gomocup clock (crate::time)
// ---------------------------------------------------------------------------------------

/// The turn time when the manager asks for moves as fast as possible (`timeout_turn 0`).
pub const FAST_TURN_MS: u64 = 100;

/// Share of a turn kept back for reading, writing and the operating system: the search
/// stops within about a millisecond of its deadline, so a sixteenth is ample (an eighth
/// left a 1 s turn answered after 0.84 s).
pub const TURN_MARGIN_SHARE: f64 = 0.0625;

/// The least time kept back from a turn (a loaded machine can stall a process for tens of
/// milliseconds).
pub const TURN_MARGIN_MIN_MS: u64 = 40;

/// Under a match limit a move gets the time left divided by this: about the number of
/// own moves a game still lasts.
pub const MATCH_MOVES_AHEAD: u64 = 20;
