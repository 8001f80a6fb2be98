//! The board: stones on a padded grid, with line patterns for every empty point kept up to
//! date on each move and undo (no full-board rescans in search).

use crate::cell::{CellInfo, Threat};
use crate::pattern::{self, Pattern, POW3};
use crate::rules::{Color, Rule};
use crate::weights::{Role, RoleWeights, RuleWeights};
use std::fmt;
use std::sync::OnceLock;

/// Row length of the padded grid.
pub const STRIDE: usize = 32;
/// Rows and columns of edge cells before the board.
pub const PAD: usize = 5;
/// Cells of the padded grid (board sizes up to [`MAX_SIZE`]).
pub const CELLS: usize = STRIDE * STRIDE;
/// The smallest board.
pub const MIN_SIZE: usize = 5;
/// The largest board.
pub const MAX_SIZE: usize = 22;
/// The usual board.
pub const DEFAULT_SIZE: usize = 15;
/// Steps along the four line directions: horizontal, vertical, two diagonals.
pub const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// Per direction, the ten points whose window holds a given point: grid offset from that
/// point, and the power of three of its slot in their windows (it sits at offset `-k` there).
/// The eight within four come first: a rule where overlines win reads only those
/// ([`Board::reach`]).
const NEIGHBOURS: [[(isize, u32); 10]; 4] = {
    const OFFSETS: [isize; 10] = [-4, -3, -2, -1, 1, 2, 3, 4, -5, 5];
    let mut table = [[(0isize, 0u32); 10]; 4];
    let mut d = 0;
    while d < 4 {
        let mut j = 0;
        while j < 10 {
            let k = OFFSETS[j];
            table[d][j] = (k * DIRS[d], POW3[pattern::slot_const(-k)]);
            j += 1;
        }
        d += 1;
    }
    table
};

/// The strongest pattern that neither a threat class ([`crate::cell::classify`]) nor a
/// building combination ([`crate::weights::Combo::mask`]) counts: patterns up to it are
/// alike for both, so a change among them leaves a point's class and mask as they were
/// (`tests::uncounted_patterns_change_no_class_or_combination` checks it on every
/// combination).
const LAST_UNCOUNTED_PATTERN: u8 = Pattern::Two as u8;

/// Neighbours per direction ([`NEIGHBOURS`]) that a rule where five or more wins reads: a
/// stone five points away changes no pattern there (an overline is a five as well).
const NEAR_REACH: usize = 8;

/// Neighbours per direction that a rule where only exactly five wins reads: a stone five
/// away may make a five an overline.
const FULL_REACH: usize = 10;

/// Both roles' evaluation values in one word, the mover's in the low 32 bits: a sum of
/// packed values is the packed pair of sums (while each stays within `i32`, as the
/// board's sums do), so the board keeps both roles' sums with one addition.
const fn pack(mover: i32, waiter: i32) -> i64 {
    mover as i64 + ((waiter as i64) << 32)
}

/// The mover's and the waiter's sums from a packed word.
#[inline]
fn unpack(packed: i64) -> [i64; 2] {
    let mover = packed as i32 as i64;
    [mover, (packed - mover) >> 32]
}

/// One colour's evaluation weights with both roles packed ([`pack`]) per index: what a
/// point of that colour adds to its sum.
pub(crate) struct PackedWeights {
    /// Per line pattern (padded to 16 so that a masked index needs no check).
    pattern: [i64; 16],
    /// Per threat class (padded to 8).
    threat: [i64; 8],
    /// Per combination mask ([`crate::weights::Combo::mask`]).
    combo: [i64; 256],
    /// What a point with no patterns and no threat adds (an occupied point is kept as
    /// one; the evaluation does not count it).
    occupied: i64,
}

impl PackedWeights {
    /// The packed tables of a colour whose points are worth `mover` to move and `waiter`
    /// waiting.
    const fn new(mover: &RoleWeights, waiter: &RoleWeights) -> PackedWeights {
        let mut pattern = [0; 16];
        let mut p = 0;
        while p < crate::weights::PATTERNS {
            pattern[p] = pack(mover.pattern[p], waiter.pattern[p]);
            p += 1;
        }
        let mut threat = [0; 8];
        let mut t = 0;
        while t < Threat::COUNT {
            threat[t] = pack(mover.threat[t], waiter.threat[t]);
            t += 1;
        }
        let mut combo = [0; 256];
        let mut mask = 0;
        while mask < 256 {
            combo[mask] = pack(
                mover.combo_value(mask as u8),
                waiter.combo_value(mask as u8),
            );
            mask += 1;
        }
        PackedWeights {
            pattern,
            threat,
            combo,
            occupied: 4 * pattern[0] + threat[0],
        }
    }

    /// Both colours' packed tables under `weights`.
    const fn colours(weights: &RuleWeights) -> [PackedWeights; 2] {
        [
            PackedWeights::new(weights.of(0, Role::Mover), weights.of(0, Role::Waiter)),
            PackedWeights::new(weights.of(1, Role::Mover), weights.of(1, Role::Waiter)),
        ]
    }

    /// Both colours' packed tables under `rule`.
    fn for_rule(rule: Rule) -> &'static [PackedWeights; 2] {
        use crate::weight_sets::{rule_slot, BY_SLOT};
        static PACKED: [[PackedWeights; 2]; 2] = [
            PackedWeights::colours(&BY_SLOT[0]),
            PackedWeights::colours(&BY_SLOT[1]),
        ];
        &PACKED[rule_slot(rule)]
    }
}

/// One in each of the five low bytes: a row of the 5x5 square in a word of near counts.
const NEAR_ROW_ONES: u64 = 0x01_01_01_01_01;

/// Words of a [`PointSet`].
const SET_WORDS: usize = CELLS / 64;

/// A set of grid points, one bit each; iterates in increasing point order (row by row, as a
/// scan of the board would), so replacing a scan by a set keeps every move order the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PointSet([u64; SET_WORDS]);

impl PointSet {
    #[inline]
    fn insert(&mut self, p: usize) {
        self.0[p / 64] |= 1 << (p % 64);
    }

    #[inline]
    fn remove(&mut self, p: usize) {
        self.0[p / 64] &= !(1 << (p % 64));
    }
}

/// The points of a union of disjoint sets, in increasing order.
struct SetIter<'a> {
    sets: &'a [PointSet],
    word: usize,
    bits: u64,
    /// Points not yet given, when known: the iteration ends with the last one instead of
    /// reading the words after it (a few threat points, read at every node).
    remaining: u32,
}

impl<'a> SetIter<'a> {
    /// The points of `sets`, which hold `len` points in all (`u32::MAX` when not counted).
    fn new(sets: &'a [PointSet], len: u32) -> SetIter<'a> {
        let mut it = SetIter {
            sets,
            word: 0,
            bits: 0,
            remaining: len,
        };
        if len > 0 {
            it.bits = it.load(0);
        }
        it
    }

    #[inline]
    fn load(&self, word: usize) -> u64 {
        self.sets.iter().fold(0, |acc, s| acc | s.0[word])
    }
}

impl Iterator for SetIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.remaining == 0 {
            return None;
        }
        while self.bits == 0 {
            self.word += 1;
            if self.word == SET_WORDS {
                return None;
            }
            self.bits = self.load(self.word);
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        self.remaining = self.remaining.saturating_sub(1);
        Some((self.word * 64 + bit) as Point)
    }
}

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A cell off the board.
pub const WALL: u8 = 3;

/// A point of the padded grid (use [`Board::point`], [`point`] and [`xy`] to convert).
pub type Point = u16;

/// The padded index of `(x, y)`.
#[inline]
pub fn point(x: usize, y: usize) -> Point {
    ((y + PAD) * STRIDE + x + PAD) as Point
}

/// The `(x, y)` of a padded index.
#[inline]
pub fn xy(p: Point) -> (usize, usize) {
    let p = p as usize;
    (p % STRIDE - PAD, p / STRIDE - PAD)
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Outside the board.
    #[error("point ({0},{1}) is off the {2}x{2} board")]
    OffBoard(i64, i64, usize),
    /// Occupied.
    #[error("point ({0},{1}) is already occupied")]
    Occupied(usize, usize),
    /// The game is already over.
    #[error("the game is already over")]
    GameOver,
}

/// A board size outside 5..=22.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size must be from 5 to 22, not {0}")]
pub struct SizeError(pub usize);

fn zobrist() -> &'static [[u64; CELLS]; 2] {
    static Z: OnceLock<Box<[[u64; CELLS]; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut z = Box::new([[0u64; CELLS]; 2]);
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        for c in z.iter_mut() {
            for v in c.iter_mut() {
                s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut x = s;
                x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                *v = x ^ (x >> 31);
            }
        }
        z
    })
}

/// Cell value → window code for a colour: empty, own, blocked.
const CODE: [[u8; 4]; 2] = [
    [
        pattern::EMPTY,
        pattern::OWN,
        pattern::BLOCKED,
        pattern::BLOCKED,
    ],
    [
        pattern::EMPTY,
        pattern::BLOCKED,
        pattern::OWN,
        pattern::BLOCKED,
    ],
];

/// The window key of point `q` along direction `d` for `color` on raw cells.
#[inline]
pub fn line_key(cells: &[u8; CELLS], q: usize, d: isize, color: Color) -> usize {
    let code = &CODE[color.index()];
    let mut key = 0u32;
    let mut at = q as isize - 5 * d;
    for &pw in &POW3[..5] {
        key += code[cells[at as usize] as usize] as u32 * pw;
        at += d;
    }
    at += d;
    for &pw in &POW3[5..] {
        key += code[cells[at as usize] as usize] as u32 * pw;
        at += d;
    }
    key as usize
}

/// Black's and White's window keys of point `q` along direction `d` (its index in
/// [`DIRS`]) in one word ([`pack_keys`]), reading only the first `reach` of its
/// [`NEIGHBOURS`]: the slots past them stay empty.
fn packed_keys_within(cells: &[u8; CELLS], q: usize, d: usize, reach: usize) -> u32 {
    // A neighbour at `offset` sits in `q`'s window where `q` sits in its window mirrored:
    // the cell at `-offset` takes the slot of power `pw`.
    NEIGHBOURS[d][..reach]
        .iter()
        .map(|&(offset, pw)| {
            let v = cells[q.wrapping_add_signed(-offset) & (CELLS - 1)] as usize;
            pack_keys(CODE[0][v] as u32, CODE[1][v] as u32) * pw
        })
        .sum()
}

/// Black's and White's window keys in one word, Black's in the low 16 bits. A key is
/// below 3^10 < 2^16 and a stone's change keeps it a key, so adding or taking packed
/// changes never carries or borrows from one half into the other: one addition updates
/// both colours' keys.
#[inline]
const fn pack_keys(black: u32, white: u32) -> u32 {
    black | white << 16
}

/// Black's and White's window keys from a packed word.
#[inline]
fn unpack_keys(packed: u32) -> (usize, usize) {
    ((packed & 0xFFFF) as usize, (packed >> 16) as usize)
}

/// What a `color` stone adds to the packed keys ([`pack_keys`]) of a window whose slot it
/// fills, per power of three of the slot: own 1 for its colour, blocked 2 for the other.
#[inline]
fn stone_codes(color: Color) -> u32 {
    match color {
        Color::Black => pack_keys(1, 2),
        Color::White => pack_keys(2, 1),
    }
}

/// A value a stone changed, for [`Board::undo`] to put back: where (see [`point_slot`])
/// and the old value. Each kind of value has a log
/// of its own, so the undo replays each in a tight loop with no branch on the kind.
#[derive(Clone, Copy, Debug)]
struct Change<T> {
    at: u16,
    old: T,
}

/// Where a point's threat class or combination mask is: colour index and point.
#[inline]
fn point_slot(c: usize, q: usize) -> u16 {
    ((c & 1) << 10 | (q & (CELLS - 1))) as u16
}

/// The logs of the point values stones changed ([`Change`]), one per kind of value.
/// Patterns need none: the undo looks them up again from the window keys it restores.
#[derive(Clone, Debug, Default)]
struct ChangeLogs {
    threats: Vec<Change<Threat>>,
    combos: Vec<Change<u8>>,
}

impl ChangeLogs {
    /// How long each log is now.
    fn lengths(&self) -> LogLengths {
        LogLengths {
            threats: self.threats.len() as u32,
            combos: self.combos.len() as u32,
        }
    }

    /// Empties every log.
    fn clear(&mut self) {
        self.threats.clear();
        self.combos.clear();
    }
}

/// How long each change log was before a stone: where the stone's changes start.
#[derive(Clone, Copy, Debug, Default)]
struct LogLengths {
    threats: u32,
    combos: u32,
}

/// The state before a stone that [`Board::undo`] restores whole.
#[derive(Clone, Copy, Debug)]
struct Mark {
    /// Where the stone's changes start in the change logs.
    start: LogLengths,
    eval_sum: [i64; 2],
    threat_count: [[u16; Threat::COUNT]; 2],
    near_set: PointSet,
}

/// A gomoku position with its rule, history and incremental pattern information.
#[derive(Clone)]
pub struct Board {
    size: usize,
    rule: Rule,
    cells: [u8; CELLS],
    /// Pattern per colour, point and direction (meaningful on empty points).
    pat: Box<[[[u8; 4]; CELLS]; 2]>,
    /// Window keys per point and direction, Black's in the low half and White's in the
    /// high half ([`pack_keys`]), updated stone by stone on empty points (an occupied point
    /// keeps the keys it had when filled). Only the slots within [`Board::reach`] are kept;
    /// the others stay empty.
    keys: Box<[[u32; 4]; CELLS]>,
    /// How many of each direction's [`NEIGHBOURS`] the rule's patterns read: a stone
    /// further away changes no window key, so the moves skip those points.
    reach: usize,
    /// Per colour and point: the threat class of placing there (its values follow from
    /// the class and the patterns, see [`crate::cell::cell_info`]).
    threat: Box<[[Threat; CELLS]; 2]>,
    /// Per colour and point: the building combinations of placing there
    /// ([`crate::weights::Combo::mask`]), for the evaluation sum.
    combo: Box<[[u8; CELLS]; 2]>,
    /// Number of empty points of each threat class, per colour.
    threat_count: [[u16; Threat::COUNT]; 2],
    /// Sum of the evaluation values of all points of the board per colour, both roles
    /// packed ([`pack`]); an occupied point counts as one with no patterns and no threat
    /// (see [`Board::eval_sum`]).
    eval_sum: [i64; 2],
    /// Stones within two points (5x5 square), per point.
    near: [u8; CELLS],
    /// Empty points with a stone within two points.
    near_set: PointSet,
    /// The empty points of the board.
    empty_set: PointSet,
    /// Empty points per colour and threat class (class `None` is not kept).
    threat_sets: [[PointSet; Threat::COUNT]; 2],
    history: Vec<(Point, bool)>,
    /// Every threat class and combination mask that a stone changed, with its old value,
    /// so that taking the stone back restores them without looking anything up again.
    logs: ChangeLogs,
    /// Per stone of the history, where its changes start in the logs and the sums and
    /// counts before it: the undo puts these back whole instead of replaying each change's
    /// arithmetic (a chain of dependent read-modify-writes that dominated its cost).
    change_marks: Vec<Mark>,
    /// Passes made by the search's null-move pruning and not yet taken back: each one
    /// hands the move to the other side without a stone.
    passes: usize,
    hash: u64,
    tables: [&'static pattern::PatternTable; 2],
    /// Per colour, the threat class of every combination of four direction patterns (a
    /// side with forbidden points has its own).
    threat_tables: [&'static [Threat; crate::cell::CELL_TABLE_SIZE]; 2],
    /// The combination mask of every combination of four direction patterns.
    combo_table: &'static [u8; crate::cell::CELL_TABLE_SIZE],
    /// Per colour, the evaluation weights of its points under the rule.
    weights: &'static [PackedWeights; 2],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

impl Board {
    /// An empty board of `size` under `rule`.
    pub fn new(size: usize, rule: Rule) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        // Building an empty board computes every point's line keys and patterns; a copy of
        // the one built before for this size and rule is a plain memory copy (the web API,
        // the opening scorer and the protocol make boards often).
        const SIZES: usize = MAX_SIZE - MIN_SIZE + 1;
        const RULES: usize = Rule::ALL.len();
        static EMPTY: [[OnceLock<Board>; RULES]; SIZES] =
            [const { [const { OnceLock::new() }; RULES] }; SIZES];
        let rule_index = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        let empty = EMPTY[size - MIN_SIZE][rule_index].get_or_init(|| Board::build(size, rule));
        Ok(empty.clone())
    }

    /// Builds an empty board of a valid `size` under `rule` from nothing.
    fn build(size: usize, rule: Rule) -> Board {
        let mut cells = [WALL; CELLS];
        let mut empty_set = PointSet::default();
        for y in 0..size {
            for x in 0..size {
                cells[point(x, y) as usize] = EMPTY;
                empty_set.insert(point(x, y) as usize);
            }
        }
        let mut board = Board {
            size,
            rule,
            cells,
            pat: Box::new([[[0; 4]; CELLS]; 2]),
            keys: Box::new([[0; 4]; CELLS]),
            reach: if rule.exact_five(Color::Black) || rule.exact_five(Color::White) {
                FULL_REACH
            } else {
                NEAR_REACH
            },
            threat: Box::new([[Threat::None; CELLS]; 2]),
            combo: Box::new([[0; CELLS]; 2]),
            threat_count: [[0; Threat::COUNT]; 2],
            eval_sum: [0; 2],
            near: [0; CELLS],
            near_set: PointSet::default(),
            empty_set,
            threat_sets: [[PointSet::default(); Threat::COUNT]; 2],
            history: Vec::with_capacity(size * size),
            logs: ChangeLogs {
                threats: Vec::with_capacity(1024),
                combos: Vec::with_capacity(1024),
            },
            change_marks: Vec::with_capacity(size * size),
            passes: 0,
            hash: 0,
            tables: [
                pattern::table(rule.exact_five(Color::Black)),
                pattern::table(rule.exact_five(Color::White)),
            ],
            threat_tables: [
                crate::cell::threat_table(rule.has_forbidden(Color::Black)),
                crate::cell::threat_table(rule.has_forbidden(Color::White)),
            ],
            combo_table: crate::cell::combo_table(),
            weights: PackedWeights::for_rule(rule),
        };
        board.threat_count[0][0] = (size * size) as u16;
        board.threat_count[1][0] = (size * size) as u16;
        // Every point starts with no patterns and no threat, worth what an occupied point
        // is worth; refreshing it adds the differences.
        let blank = |c: usize| board.weights[c].occupied * (size * size) as i64;
        let mut sums = [blank(0), blank(1)];
        for y in 0..size {
            for x in 0..size {
                let p = point(x, y) as usize;
                for d in 0..DIRS.len() {
                    board.keys[p][d] = packed_keys_within(&board.cells, p, d, board.reach);
                    board.refresh_dir(p, d, &mut sums);
                }
                board.refresh_threat(p, 0b11, &mut sums);
            }
        }
        board.eval_sum = sums;
        // The empty board is the base: nothing to take back.
        board.logs.clear();
        board
    }

    /// The board's side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The raw cells (0 empty, 1 Black, 2 White, 3 off the board).
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The point `(x, y)` if it is on the board.
    pub fn point(&self, x: i64, y: i64) -> Option<Point> {
        let n = self.size as i64;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| point(x as usize, y as usize))
    }

    /// Whether `p` is on the board.
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        (p as usize) < CELLS && self.cells[p as usize] != WALL
    }

    /// The stone at `p`, if any.
    #[inline]
    pub fn stone(&self, p: Point) -> Option<Color> {
        match self.cells[p as usize] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is an empty point of the board.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p as usize] == EMPTY
    }

    /// Stones on the board.
    #[inline]
    pub fn stones(&self) -> usize {
        self.history.len()
    }

    /// Whether every point is occupied.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.history.len() == self.size * self.size
    }

    /// The colour to move (Black after an even number of stones).
    #[inline]
    pub fn to_move(&self) -> Color {
        if (self.history.len() + self.passes) % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = Point> + '_ {
        self.history.iter().map(|&(p, _)| p)
    }

    /// The last move.
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().map(|&(p, _)| p)
    }

    /// Whether the last move made a winning five.
    #[inline]
    pub fn last_move_won(&self) -> bool {
        self.history.last().is_some_and(|&(_, five)| five)
    }

    /// The Zobrist key of the stones and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash ^ (self.history.len() + self.passes) as u64
    }

    /// The [`Board::hash`] the board will have once the side to move plays empty `p`, so
    /// that a search can fetch the table entry while the move is being made.
    #[inline]
    pub fn hash_after(&self, p: Point) -> u64 {
        let color = self.to_move();
        (self.hash ^ zobrist()[color.index()][p as usize & (CELLS - 1)])
            ^ (self.history.len() + 1 + self.passes) as u64
    }

    /// The pattern `color` makes at empty `p` along direction `d`.
    #[inline]
    pub fn pattern(&self, color: Color, p: Point, d: usize) -> Pattern {
        Pattern::from_u8(self.pat[color.index()][p as usize][d])
    }

    /// The threat class and values of `color` placing at empty `p` (all zero on an
    /// occupied point).
    #[inline]
    pub fn info(&self, color: Color, p: Point) -> CellInfo {
        if !self.is_empty(p) {
            return CellInfo::default();
        }
        let c = color.index();
        let p = p as usize;
        let weights = crate::weight_sets::for_rule(self.rule);
        crate::cell::cell_info_with(
            &self.pat[c][p],
            self.threat[c][p],
            weights.of(c, Role::Mover),
            weights.of(c, Role::Waiter),
        )
    }

    /// The threat class of `color` placing at `p` (none on an occupied point).
    #[inline]
    pub fn threat(&self, color: Color, p: Point) -> Threat {
        self.threat[color.index()][p as usize]
    }

    /// The shape value ([`CellInfo::value`]) of `color` placing at empty `p`.
    #[inline]
    pub fn shape_value(&self, color: Color, p: Point) -> i32 {
        let c = color.index();
        let p = p as usize;
        crate::cell::shape_value(&self.pat[c][p], self.threat[c][p])
    }

    /// How many empty points give `color` at least threat class `t`.
    pub fn threats_at_least(&self, color: Color, t: Threat) -> u32 {
        self.threat_count[color.index()][t as usize..]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    /// How many empty points give `color` exactly threat class `t`.
    #[inline]
    pub fn threat_count(&self, color: Color, t: Threat) -> u32 {
        self.threat_count[color.index()][t as usize] as u32
    }

    /// The strongest threat class of any empty point for `color` (`Threat::None` when it
    /// has none).
    #[inline]
    pub fn best_threat(&self, color: Color) -> Threat {
        let counts = &self.threat_count[color.index()];
        (1..Threat::COUNT)
            .rev()
            .find(|&t| counts[t] > 0)
            .map_or(Threat::None, |t| Threat::ALL[t])
    }

    /// Whether `color` can complete a winning five now.
    #[inline]
    pub fn has_five_point(&self, color: Color) -> bool {
        self.threat_count[color.index()][Threat::Five as usize] > 0
    }

    /// The sum of the evaluation values of every empty point for `color` in `role`
    /// ([`crate::weights`]).
    #[inline]
    pub fn eval_sum(&self, color: Color, role: Role) -> i64 {
        // The kept sum counts each stone's point as a blank one: take those back out.
        let c = color.index();
        let packed = self.eval_sum[c] - self.weights[c].occupied * self.history.len() as i64;
        unpack(packed)[role as usize]
    }

    /// Whether `p` has a stone within two points.
    #[inline]
    pub fn is_near(&self, p: Point) -> bool {
        self.near[p as usize] > 0
    }

    /// Every empty point of the board, row by row.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        let first = point(0, 0) as usize;
        let last = point(self.size - 1, self.size - 1) as usize;
        (first..=last)
            .filter(move |&p| self.cells[p] == EMPTY)
            .map(|p| p as Point)
    }

    /// Every empty point within two of a stone (the centre on an empty board).
    pub fn near_points(&self) -> impl Iterator<Item = Point> + '_ {
        let centre = point(self.size / 2, self.size / 2);
        let empty_board = self.history.is_empty();
        SetIter::new(std::slice::from_ref(&self.near_set), u32::MAX)
            .chain(empty_board.then_some(centre))
    }

    /// Every empty point where `color` has at least threat class `t`.
    pub fn points_with(&self, color: Color, t: Threat) -> impl Iterator<Item = Point> + '_ {
        // Class `None` has no set of its own: every empty point has at least that class.
        if t == Threat::None {
            SetIter::new(std::slice::from_ref(&self.empty_set), u32::MAX)
        } else {
            let sets = &self.threat_sets[color.index()][t as usize..];
            SetIter::new(sets, self.threats_at_least(color, t))
        }
    }

    /// Checks that `(x, y)` can take the next stone.
    pub fn check_move(&self, x: i64, y: i64) -> Result<Point, MoveError> {
        let p = self
            .point(x, y)
            .ok_or(MoveError::OffBoard(x, y, self.size))?;
        if !self.is_empty(p) {
            return Err(MoveError::Occupied(x as usize, y as usize));
        }
        Ok(p)
    }

    /// Places the side to move's stone on empty `p` and updates every pattern it touches.
    pub fn play(&mut self, p: Point) {
        debug_assert!(self.is_empty(p));
        let color = self.to_move();
        let pi = p as usize;
        let five = (0..4).any(|d| self.pat[color.index()][pi][d] == Pattern::Five as u8);
        self.cells[pi] = color.cell();
        self.empty_set.remove(pi);
        self.hash ^= zobrist()[color.index()][pi];
        self.history.push((p, five));
        self.change_marks.push(Mark {
            start: self.logs.lengths(),
            eval_sum: self.eval_sum,
            threat_count: self.threat_count,
            near_set: self.near_set,
        });
        self.add_near(pi);
        self.update_lines(pi, color);
    }

    /// Hands the move to the other side without placing a stone (the search's null move;
    /// a stone never hurts in gomoku, so passing bounds the side's value from below).
    /// Undone by [`Board::undo_pass`], before any stone played after it is taken back.
    pub fn pass(&mut self) {
        self.passes += 1;
    }

    /// Takes back the last [`Board::pass`].
    pub fn undo_pass(&mut self) {
        debug_assert!(self.passes > 0);
        self.passes = self.passes.saturating_sub(1);
    }

    /// Takes back the last move, returning its point.
    pub fn undo(&mut self) -> Option<Point> {
        let (p, _) = self.history.pop()?;
        let pi = p as usize;
        let color = self
            .stone(p)
            .expect("the last move's stone is on the board");
        self.cells[pi] = EMPTY;
        self.empty_set.insert(pi);
        self.hash ^= zobrist()[color.index()][pi];
        self.remove_near(pi);
        self.restore_lines(pi, color);
        Some(p)
    }

    /// Counts a stone placed at `pi` in the 5x5 square around it and adds the square's
    /// empty points to the near set (call after filling the cell). Row by row: a row's five
    /// counts are bytes of one word (no count reaches 256, so no carry crosses a byte), and
    /// its five points are bits of one set word (a row of the padded grid never straddles
    /// two words).
    #[inline]
    fn add_near(&mut self, pi: usize) {
        for dy in 0..5 {
            let row = (pi + dy * STRIDE - 2 * STRIDE - 2) & (CELLS - 1);
            self.add_to_near_row(row, u64::wrapping_add);
            let word = (row / 64) & (SET_WORDS - 1);
            self.near_set.0[word] |= self.empty_set.0[word] & (0b11111 << (row % 64));
        }
        self.near_set.remove(pi);
    }

    /// Takes back [`Board::add_near`]'s counts for the stone at `pi` (the set comes back
    /// from the stone's [`Mark`]).
    #[inline]
    fn remove_near(&mut self, pi: usize) {
        for dy in 0..5 {
            let row = (pi + dy * STRIDE - 2 * STRIDE - 2) & (CELLS - 1);
            self.add_to_near_row(row, u64::wrapping_sub);
        }
    }

    /// Adds (`u64::wrapping_add`) or takes (`wrapping_sub`) one to each of the five near
    /// counts from `row`, read with the three after them as one word.
    #[inline]
    fn add_to_near_row(&mut self, row: usize, op: fn(u64, u64) -> u64) {
        // Rows start at most 2 past the board's last column: never near the grid's end.
        let row = row.min(CELLS - 8);
        let mut word = [0u8; 8];
        word.copy_from_slice(&self.near[row..row + 8]);
        let counts = op(u64::from_le_bytes(word), NEAR_ROW_ONES);
        self.near[row..row + 8].copy_from_slice(&counts.to_le_bytes());
    }

    /// After a `color` stone was placed at `pi`, updates the window keys of the ten points
    /// on each of its four lines, their patterns and point values, and those of `pi`
    /// itself, in one pass, logging each pattern and class it changes for the undo.
    ///
    /// Only empty points' keys are kept: a point is emptied again only by taking its stone
    /// back, when every later stone has been taken back too, so the keys it had when it was
    /// filled are right again (walls are never empty). The padding keeps every neighbour
    /// inside the grid, so the loop needs no bounds test, and masking the index lets the
    /// compiler drop its checks.
    #[inline]
    fn update_lines(&mut self, pi: usize, color: Color) {
        // A constant reach lets the compiler unroll the neighbour loops.
        if self.reach == NEAR_REACH {
            self.update_lines_within::<NEAR_REACH>(pi, color);
        } else {
            self.update_lines_within::<FULL_REACH>(pi, color);
        }
    }

    /// [`Board::update_lines`] for the first `REACH` neighbours per direction.
    #[inline(always)]
    fn update_lines_within<const REACH: usize>(&mut self, pi: usize, color: Color) {
        let codes = stone_codes(color);
        let mask = pattern::TABLE_SIZE - 1;
        // The evaluation sums' changes add up here (in registers) and land once.
        let mut sums = [0i64; 2];
        for (d, neighbours) in NEIGHBOURS.iter().enumerate() {
            for &(offset, pw) in &neighbours[..REACH] {
                let q = pi.wrapping_add_signed(offset) & (CELLS - 1);
                if self.cells[q] != EMPTY {
                    continue;
                }
                let keys = self.keys[q][d].wrapping_add(codes.wrapping_mul(pw));
                self.keys[q][d] = keys;
                let (kb, kw) = unpack_keys(keys);
                let b = self.tables[0][kb & mask];
                let w = self.tables[1][kw & mask];
                let changed = self.set_patterns(q, d, [b, w], &mut sums);
                if changed != 0 {
                    self.refresh_threat(q, changed, &mut sums);
                }
            }
            self.refresh_dir(pi, d, &mut sums);
        }
        self.refresh_threat(pi, 0b11, &mut sums);
        self.eval_sum[0] += sums[0];
        self.eval_sum[1] += sums[1];
    }

    /// Takes back what [`Board::update_lines`] did for the `color` stone at `pi` (its cell
    /// already emptied): the window keys by arithmetic and the patterns from them, the
    /// threat classes and combination masks from the change logs.
    fn restore_lines(&mut self, pi: usize, color: Color) {
        if self.reach == NEAR_REACH {
            self.restore_keys::<NEAR_REACH>(pi, color);
        } else {
            self.restore_keys::<FULL_REACH>(pi, color);
        }
        self.restore_logged();
    }

    /// Takes the window key changes of [`Board::update_lines`] back, for the first `REACH`
    /// neighbours per direction, and looks up the patterns of those points and of `pi`
    /// again: a pattern follows from its key alone, so an undo needs no pattern log.
    #[inline(always)]
    fn restore_keys<const REACH: usize>(&mut self, pi: usize, color: Color) {
        // Wrapping arithmetic takes the addition back exactly.
        let codes = stone_codes(color);
        let mask = pattern::TABLE_SIZE - 1;
        let pi = pi & (CELLS - 1);
        for (d, neighbours) in NEIGHBOURS.iter().enumerate() {
            for &(offset, pw) in &neighbours[..REACH] {
                let q = pi.wrapping_add_signed(offset) & (CELLS - 1);
                if self.cells[q] != EMPTY {
                    continue;
                }
                let keys = self.keys[q][d].wrapping_sub(codes.wrapping_mul(pw));
                self.keys[q][d] = keys;
                let (kb, kw) = unpack_keys(keys);
                self.pat[0][q][d] = self.tables[0][kb & mask];
                self.pat[1][q][d] = self.tables[1][kw & mask];
            }
            // The emptied point kept the keys it had when it was filled.
            let (kb, kw) = unpack_keys(self.keys[pi][d]);
            self.pat[0][pi][d] = self.tables[0][kb & mask];
            self.pat[1][pi][d] = self.tables[1][kw & mask];
        }
    }

    /// Puts back the threat classes and combination masks the last stone changed, from
    /// the change logs, and the sums and counts from its mark.
    #[inline]
    fn restore_logged(&mut self) {
        let Some(mark) = self.change_marks.pop() else {
            return;
        };
        // Newest first: a value may have changed more than once. The sums and counts come
        // back from the mark; only the values and the class sets are replayed.
        let start = mark.start.threats as usize;
        for i in (start..self.logs.threats.len()).rev() {
            let Change { at, old } = self.logs.threats[i];
            let (c, q) = ((at as usize >> 10) & 1, at as usize & (CELLS - 1));
            self.move_between_sets(c, q, self.threat[c][q], old);
            self.threat[c][q] = old;
        }
        self.logs.threats.truncate(start);
        let start = mark.start.combos as usize;
        for change in self.logs.combos[start..].iter().rev() {
            let at = change.at as usize;
            self.combo[(at >> 10) & 1][at & (CELLS - 1)] = change.old;
        }
        self.logs.combos.truncate(start);
        self.eval_sum = mark.eval_sum;
        self.threat_count = mark.threat_count;
        self.near_set = mark.near_set;
    }

    /// Sets the patterns of `q` along direction `d` to `b` for Black and `w` for White,
    /// adding the evaluation change to `sums`; which colours' threat class or combination
    /// mask may have changed with them (bit 0 Black, bit 1 White). Patterns need no log
    /// (see [`Board::restore_keys`]).
    #[inline]
    fn set_patterns(&mut self, q: usize, d: usize, [b, w]: [u8; 2], sums: &mut [i64; 2]) -> u8 {
        let q = q & (CELLS - 1);
        let mut changed = 0;
        for (c, new) in [(0, b), (1, w)] {
            let old = self.pat[c][q][d];
            if old != new {
                // Most changes are between patterns that neither the threat class nor a
                // combination counts (a two losing room to grow); those leave the point's
                // class and mask as they are, and skipping their lookups saves about 3 % of
                // `qi bench gomoku`'s instructions.
                if old.max(new) > LAST_UNCOUNTED_PATTERN {
                    changed |= 1 << c;
                }
                self.set_pattern(c, q, d, new, sums);
            }
        }
        changed
    }

    /// Recomputes the patterns of `q` along direction `d` (none on an occupied point),
    /// summing as [`Board::set_patterns`]; which colours' changed (bit 0 Black, bit 1
    /// White).
    #[inline]
    fn refresh_dir(&mut self, q: usize, d: usize, sums: &mut [i64; 2]) -> u8 {
        let q = q & (CELLS - 1);
        let (b, w) = if self.cells[q] != EMPTY {
            (0, 0)
        } else {
            let mask = pattern::TABLE_SIZE - 1;
            let (kb, kw) = unpack_keys(self.keys[q][d]);
            (self.tables[0][kb & mask], self.tables[1][kw & mask])
        };
        self.set_patterns(q, d, [b, w], sums)
    }

    /// Reclassifies the threat of `q` for the colours in `colours` (bit 0 Black, bit 1
    /// White) from its patterns, with the counts and sets that follow it, logging each
    /// change and adding the evaluation change to `sums`.
    #[inline(always)]
    fn refresh_threat(&mut self, q: usize, colours: u8, sums: &mut [i64; 2]) {
        let q = q & (CELLS - 1);
        for c in 0..2 {
            if colours & (1 << c) == 0 {
                continue;
            }
            let index = crate::cell::cell_value_index(&self.pat[c][q]);
            let old = self.threat[c][q];
            let new = self.threat_tables[c][index];
            if old != new {
                self.set_threat(c, q, new, sums);
                self.logs.threats.push(Change {
                    at: point_slot(c, q),
                    old,
                });
            }
            let old = self.combo[c][q];
            let new = self.combo_table[index];
            if old != new {
                self.set_combo(c, q, new, sums);
                self.logs.combos.push(Change {
                    at: point_slot(c, q),
                    old,
                });
            }
        }
    }

    /// Sets the combination mask of `q` for colour index `c`, adding the evaluation
    /// change to `sums`.
    #[inline]
    fn set_combo(&mut self, c: usize, q: usize, new: u8, sums: &mut [i64; 2]) {
        let old = self.combo[c][q];
        let w = &self.weights[c].combo;
        sums[c] += w[new as usize] - w[old as usize];
        self.combo[c][q] = new;
    }

    /// Sets the pattern of `q` along direction `d` for colour index `c`, adding the
    /// evaluation change to `sums`.
    #[inline]
    fn set_pattern(&mut self, c: usize, q: usize, d: usize, new: u8, sums: &mut [i64; 2]) {
        let old = self.pat[c][q][d];
        let w = &self.weights[c].pattern;
        sums[c] += w[new as usize & 15] - w[old as usize & 15];
        self.pat[c][q][d] = new;
    }

    /// Moves `q` from colour index `c`'s set of class `from` to that of class `to` (class
    /// `None` has no set).
    #[inline]
    fn move_between_sets(&mut self, c: usize, q: usize, from: Threat, to: Threat) {
        if from != Threat::None {
            self.threat_sets[c][from as usize].remove(q);
        }
        if to != Threat::None {
            self.threat_sets[c][to as usize].insert(q);
        }
    }

    /// Sets the threat class of `q` for colour index `c`, with the counts and sets that
    /// follow it, adding the evaluation change to `sums`.
    #[inline]
    fn set_threat(&mut self, c: usize, q: usize, new: Threat, sums: &mut [i64; 2]) {
        let old = self.threat[c][q];
        self.threat_count[c][old as usize] -= 1;
        self.threat_count[c][new as usize] += 1;
        self.move_between_sets(c, q, old, new);
        let w = &self.weights[c].threat;
        sums[c] += w[new as usize & 7] - w[old as usize & 7];
        self.threat[c][q] = new;
    }
}

/// A board picture that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// Not a square of 5..=22 rows of equal length.
    #[error("a board picture needs N rows of N cells (N from 5 to 22)")]
    Shape,
    /// A cell that is not `x`, `o` or `.`.
    #[error("unknown cell '{0}' (expected x, o or .)")]
    Cell(char),
    /// Stone counts that no game reaches.
    #[error("{0} black and {1} white stones: Black must have as many as White or one more")]
    Counts(usize, usize),
}

impl Board {
    /// A position from a picture: rows from the top (highest row number) down, `x`/`X`
    /// Black, `o`/`O` White, `.`/`_`/`+` empty; rows separated by newlines or `/`.
    /// Stones are placed alternately, so the side to move follows from the counts.
    pub fn from_picture(picture: &str, rule: Rule) -> Result<Board, PictureError> {
        let rows: Vec<Vec<char>> = picture
            .split(['\n', '/'])
            .map(|r| r.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) || rows.iter().any(|r| r.len() != n) {
            return Err(PictureError::Shape);
        }
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (i, row) in rows.iter().enumerate() {
            let y = n - 1 - i;
            for (x, &c) in row.iter().enumerate() {
                match c {
                    'x' | 'X' => black.push(point(x, y)),
                    'o' | 'O' => white.push(point(x, y)),
                    '.' | '_' | '+' => {}
                    other => return Err(PictureError::Cell(other)),
                }
            }
        }
        if black.len() != white.len() && black.len() != white.len() + 1 {
            return Err(PictureError::Counts(black.len(), white.len()));
        }
        let mut board = Board::new(n, rule).map_err(|_| PictureError::Shape)?;
        for (i, &b) in black.iter().enumerate() {
            board.play(b);
            if let Some(&w) = white.get(i) {
                board.play(w);
            }
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// The board as text: `X` Black, `O` White, `.` empty, rows from the top (highest number).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.size).rev() {
            for x in 0..self.size {
                let c = match self.cells[point(x, y) as usize] {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    #[test]
    fn uncounted_patterns_change_no_class_or_combination() {
        // Every combination of four direction patterns, with its first direction's pattern
        // swapped for each other uncounted one: the others are alike by symmetry of the
        // classification over directions.
        let uncounted = 0..=LAST_UNCOUNTED_PATTERN;
        for i in 0..11usize.pow(3) {
            let rest = [(i % 11) as u8, (i / 11 % 11) as u8, (i / 121) as u8];
            let with = |first: u8| [first, rest[0], rest[1], rest[2]];
            let base = with(0);
            for first in uncounted.clone() {
                let pats = with(first);
                for forbidden in [false, true] {
                    assert_eq!(
                        crate::cell::classify(&pats, forbidden),
                        crate::cell::classify(&base, forbidden),
                        "{pats:?}"
                    );
                }
                assert_eq!(
                    crate::weights::Combo::mask(&pats),
                    crate::weights::Combo::mask(&base),
                    "{pats:?}"
                );
            }
        }
    }

    /// Checks every incrementally kept field against a computation from the cells alone.
    fn assert_consistent(board: &Board) {
        let mut counts = [[0u16; Threat::COUNT]; 2];
        let mut sums = [[0i64; 2]; 2];
        for q in 0..CELLS {
            let on_board = board.cells[q] != WALL;
            if !on_board {
                continue;
            }
            let empty = board.cells[q] == EMPTY;
            let in_empty_set = board.empty_set.0[q / 64] >> (q % 64) & 1 == 1;
            assert_eq!(in_empty_set, empty, "empty set at {q}");
            let near = (-2isize..=2)
                .flat_map(|dy| (-2isize..=2).map(move |dx| dy * STRIDE as isize + dx))
                .filter(|&o| matches!(board.cells[(q as isize + o) as usize], 1 | 2))
                .count();
            assert_eq!(board.near[q] as usize, near, "near count at {q}");
            let in_near_set = board.near_points().any(|p| p as usize == q);
            let expect_near =
                empty && (near > 0 || (board.stones() == 0 && q == board_centre(board)));
            assert_eq!(in_near_set, expect_near, "near set at {q}");
            for (c, color) in [Color::Black, Color::White].into_iter().enumerate() {
                let mut pats = [0u8; 4];
                for (d, &step) in DIRS.iter().enumerate() {
                    let key = line_key(&board.cells, q, step, color);
                    if empty {
                        let within = packed_keys_within(&board.cells, q, d, board.reach);
                        assert_eq!(board.keys[q][d], within, "keys at {q} dir {d}");
                    }
                    pats[d] = if empty { board.tables[c][key] } else { 0 };
                    assert_eq!(board.pat[c][q][d], pats[d], "pattern at {q} dir {d}");
                }
                let info = if empty {
                    let threat = crate::cell::classify(&pats, board.rule.has_forbidden(color));
                    let weights = crate::weight_sets::for_rule(board.rule);
                    crate::cell::cell_info_with(
                        &pats,
                        threat,
                        weights.of(c, Role::Mover),
                        weights.of(c, Role::Waiter),
                    )
                } else {
                    CellInfo::default()
                };
                assert_eq!(board.info(color, q as Point), info, "info at {q}");
                assert_eq!(board.threat[c][q], info.threat, "threat at {q}");
                counts[c][info.threat as usize] += 1;
                sums[c][0] += info.mover as i64;
                sums[c][1] += info.waiter as i64;
                for t in 1..Threat::COUNT {
                    let in_set = board.threat_sets[c][t].0[q / 64] >> (q % 64) & 1 == 1;
                    assert_eq!(in_set, info.threat as usize == t, "threat set at {q}");
                }
            }
        }
        assert_eq!(board.threat_count, counts);
        for color in [Color::Black, Color::White] {
            let strongest = board.empty_points().map(|q| board.threat(color, q)).max();
            assert_eq!(board.best_threat(color), strongest.unwrap_or(Threat::None));
            for t in Threat::ALL[1..].iter().copied() {
                let listed: Vec<Point> = board.points_with(color, t).collect();
                let expected: Vec<Point> = (0..CELLS as Point)
                    .filter(|&q| board.threat(color, q) >= t)
                    .collect();
                assert_eq!(listed, expected, "points with {t:?} for {color:?}");
            }
            let listed: Vec<Point> = board.points_with(color, Threat::None).collect();
            let expected: Vec<Point> = board.empty_points().collect();
            assert_eq!(listed, expected, "points with no threat for {color:?}");
        }
        for color in [Color::Black, Color::White] {
            for role in Role::ALL {
                let sum = sums[color.index()][role as usize];
                assert_eq!(board.eval_sum(color, role), sum, "evaluation sum");
            }
        }
    }

    fn board_centre(board: &Board) -> usize {
        point(board.size / 2, board.size / 2) as usize
    }

    #[test]
    fn packed_role_sums_come_apart_again_with_either_sign() {
        let mut sum = 0i64;
        let (mut mover, mut waiter) = (0i64, 0i64);
        for (m, w) in [
            (-38, 7),
            (24000, -904),
            (-156, 3000),
            (-30000, -20000),
            (5, 5),
        ] {
            sum += pack(m, w);
            mover += m as i64;
            waiter += w as i64;
            assert_eq!(unpack(sum), [mover, waiter]);
        }
    }

    #[test]
    fn a_pass_hands_the_move_over_and_is_taken_back() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        board.play(point(7, 7));
        let (hash, stones) = (board.hash(), board.stones());
        assert_eq!(board.to_move(), Color::White);
        board.pass();
        assert_eq!(board.to_move(), Color::Black);
        assert_ne!(board.hash(), hash, "the side to move is part of the key");
        assert_eq!(board.stones(), stones);
        assert!(!board.last_move_won());
        // Black plays again after the pass; both are taken back in reverse order.
        board.play(point(8, 7));
        assert_consistent(&board);
        board.undo();
        board.undo_pass();
        assert_eq!((board.hash(), board.to_move()), (hash, Color::White));
        assert_consistent(&board);
    }

    #[test]
    fn incremental_state_matches_a_recomputation_through_random_games() {
        let mut rng = StdRng::seed_from_u64(7);
        for (size, rule) in [
            (15, Rule::Freestyle),
            (15, Rule::Renju),
            (5, Rule::Standard),
            (22, Rule::Freestyle),
            (9, Rule::Renju),
        ] {
            let mut board = Board::new(size, rule).unwrap();
            assert_consistent(&board);
            for _ in 0..60 {
                let empty: Vec<Point> = board.empty_points().collect();
                if empty.is_empty() || (board.stones() > 0 && rng.random_bool(0.25)) {
                    board.undo();
                } else {
                    // Mostly near the stones, as games and searches play.
                    let near: Vec<Point> = board.near_points().collect();
                    let pool = if near.is_empty() || rng.random_bool(0.2) {
                        &empty
                    } else {
                        &near
                    };
                    let p = pool[rng.random_range(0..pool.len())];
                    let foreseen = board.hash_after(p);
                    board.play(p);
                    assert_eq!(board.hash(), foreseen, "hash_after foresees the hash");
                }
                assert_consistent(&board);
            }
        }
    }
}
