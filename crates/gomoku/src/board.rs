//! The board: stones on a padded grid, with line patterns for every empty point kept up to
//! date on each move and undo (no full-board rescans in search).

use crate::eval::{cell_value, CellInfo, Threat};
use crate::pattern::{self, Pattern, POW3};
use crate::rules::{Color, Rule};
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

/// The window keys of point `q` along direction `d` for Black and for White at once.
#[inline]
pub fn line_keys(cells: &[u8; CELLS], q: usize, d: isize) -> (usize, usize) {
    let (cb, cw) = (&CODE[0], &CODE[1]);
    let mut kb = 0u32;
    let mut kw = 0u32;
    let mut at = q as isize - 5 * d;
    for (i, &pw) in POW3.iter().enumerate() {
        if i == 5 {
            at += d;
        }
        let v = cells[at as usize] as usize;
        kb += cb[v] as u32 * pw;
        kw += cw[v] as u32 * pw;
        at += d;
    }
    (kb as usize, kw as usize)
}

/// A gomoku position with its rule, history and incremental pattern information.
#[derive(Clone)]
pub struct Board {
    size: usize,
    rule: Rule,
    cells: [u8; CELLS],
    /// Pattern per colour, point and direction (meaningful on empty points).
    pat: Box<[[[u8; 4]; CELLS]; 2]>,
    /// Window key per colour, point and direction, updated stone by stone.
    keys: Box<[[[u32; 4]; CELLS]; 2]>,
    /// Per colour and point: threat class and value of placing there.
    info: Box<[[CellInfo; CELLS]; 2]>,
    /// Number of empty points of each threat class, per colour.
    threat_count: [[u16; Threat::COUNT]; 2],
    /// Sum of the values of all empty points, per colour.
    value_sum: [i64; 2],
    /// Stones within two points (5x5 square), per point.
    near: [u8; CELLS],
    history: Vec<(Point, bool)>,
    hash: u64,
    tables: [&'static [u8]; 2],
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
        let mut cells = [WALL; CELLS];
        for y in 0..size {
            for x in 0..size {
                cells[point(x, y) as usize] = EMPTY;
            }
        }
        let mut board = Board {
            size,
            rule,
            cells,
            pat: Box::new([[[0; 4]; CELLS]; 2]),
            keys: Box::new([[[0; 4]; CELLS]; 2]),
            info: Box::new([[CellInfo::default(); CELLS]; 2]),
            threat_count: [[0; Threat::COUNT]; 2],
            value_sum: [0; 2],
            near: [0; CELLS],
            history: Vec::with_capacity(size * size),
            hash: 0,
            tables: [
                pattern::table(rule.exact_five(Color::Black)),
                pattern::table(rule.exact_five(Color::White)),
            ],
        };
        board.threat_count[0][0] = (size * size) as u16;
        board.threat_count[1][0] = (size * size) as u16;
        for y in 0..size {
            for x in 0..size {
                let p = point(x, y) as usize;
                for (d, &step) in DIRS.iter().enumerate() {
                    let (kb, kw) = line_keys(&board.cells, p, step);
                    board.keys[0][p][d] = kb as u32;
                    board.keys[1][p][d] = kw as u32;
                    board.refresh_dir(p, d);
                }
                board.refresh_info(p);
            }
        }
        Ok(board)
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
        if self.history.len() % 2 == 0 {
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

    /// The Zobrist key of the stones (the side to move follows from their number).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash ^ self.history.len() as u64
    }

    /// The pattern `color` makes at empty `p` along direction `d`.
    #[inline]
    pub fn pattern(&self, color: Color, p: Point, d: usize) -> Pattern {
        Pattern::from_u8(self.pat[color.index()][p as usize][d])
    }

    /// The threat class and value of `color` placing at empty `p`.
    #[inline]
    pub fn info(&self, color: Color, p: Point) -> CellInfo {
        self.info[color.index()][p as usize]
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

    /// Whether `color` can complete a winning five now.
    #[inline]
    pub fn has_five_point(&self, color: Color) -> bool {
        self.threat_count[color.index()][Threat::Five as usize] > 0
    }

    /// The sum of the values of every empty point for `color`.
    #[inline]
    pub fn value_sum(&self, color: Color) -> i64 {
        self.value_sum[color.index()]
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
        self.empty_points()
            .filter(move |&p| self.near[p as usize] > 0 || (empty_board && p == centre))
    }

    /// Every empty point where `color` has at least threat class `t`.
    pub fn points_with(&self, color: Color, t: Threat) -> impl Iterator<Item = Point> + '_ {
        let c = color.index();
        self.empty_points()
            .filter(move |&p| self.info[c][p as usize].threat >= t)
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
        self.hash ^= zobrist()[color.index()][pi];
        self.history.push((p, five));
        self.touch_near(pi, 1);
        self.shift_keys(pi, color, true);
        self.refresh_around(pi);
    }

    /// Takes back the last move, returning its point.
    pub fn undo(&mut self) -> Option<Point> {
        let (p, _) = self.history.pop()?;
        let pi = p as usize;
        let color = self
            .stone(p)
            .expect("the last move's stone is on the board");
        self.cells[pi] = EMPTY;
        self.hash ^= zobrist()[color.index()][pi];
        self.touch_near(pi, -1);
        self.shift_keys(pi, color, false);
        self.refresh_around(pi);
        Some(p)
    }

    fn touch_near(&mut self, pi: usize, delta: i8) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = (pi as isize + dy * STRIDE as isize + dx) as usize;
                self.near[q] = (self.near[q] as i8 + delta) as u8;
            }
        }
    }

    /// Adds (or removes) a `color` stone at `pi` to the window keys of the points around it.
    fn shift_keys(&mut self, pi: usize, color: Color, add: bool) {
        // Code of the stone in Black's and White's windows: own 1, blocked 2.
        let (db, dw) = match color {
            Color::Black => (1u32, 2u32),
            Color::White => (2, 1),
        };
        for (d, &step) in DIRS.iter().enumerate() {
            for k in -5isize..=5 {
                if k == 0 {
                    continue;
                }
                let q = (pi as isize + k * step) as usize;
                if self.cells[q] == WALL {
                    continue;
                }
                // From q, the stone sits at offset -k.
                let pw = POW3[pattern::slot(-k as i32)];
                let kb = &mut self.keys[0][q][d];
                let kw_delta = dw * pw;
                if add {
                    *kb += db * pw;
                    self.keys[1][q][d] += kw_delta;
                } else {
                    *kb -= db * pw;
                    self.keys[1][q][d] -= kw_delta;
                }
            }
        }
    }

    fn refresh_around(&mut self, pi: usize) {
        for (d, &step) in DIRS.iter().enumerate() {
            for k in -5isize..=5 {
                let q = (pi as isize + k * step) as usize;
                if self.cells[q] == WALL {
                    continue;
                }
                if self.refresh_dir(q, d) && k != 0 {
                    self.refresh_info(q);
                }
            }
        }
        self.refresh_info(pi);
    }

    /// Recomputes the patterns of `q` along direction `d`; whether any changed.
    #[inline]
    fn refresh_dir(&mut self, q: usize, d: usize) -> bool {
        let (b, w) = if self.cells[q] != EMPTY {
            (0, 0)
        } else {
            (
                self.tables[0][self.keys[0][q][d] as usize],
                self.tables[1][self.keys[1][q][d] as usize],
            )
        };
        let changed = self.pat[0][q][d] != b || self.pat[1][q][d] != w;
        self.pat[0][q][d] = b;
        self.pat[1][q][d] = w;
        changed
    }

    fn refresh_info(&mut self, q: usize) {
        for c in 0..2 {
            let old = self.info[c][q];
            let new = if self.cells[q] == EMPTY {
                cell_value(&self.pat[c][q])
            } else {
                CellInfo::default()
            };
            if old != new {
                self.threat_count[c][old.threat as usize] -= 1;
                self.threat_count[c][new.threat as usize] += 1;
                self.value_sum[c] += new.value as i64 - old.value as i64;
                self.info[c][q] = new;
            }
        }
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
