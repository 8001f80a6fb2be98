//! The 3×3 board: two bitmasks, parsing and printing, and the eight symmetries.

use std::fmt;
use thiserror::Error;

/// A mark on the board; X moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Mark {
    /// The other mark.
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
    /// `'X'` or `'O'`.
    pub fn symbol(self) -> char {
        match self {
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A square index 0..9, row by row from the top left (players see it as 1–9).
pub type Square = u8;

/// The eight lines of three.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// Why a board could not be read or is impossible.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// Wrong number of cells.
    #[error("a board has 9 cells, found {0} (write e.g. 'xox/o.o/.x.')")]
    CellCount(usize),
    /// A character that is not a cell or separator.
    #[error("unexpected character '{0}' in board (cells are x, o, and . _ - for empty)")]
    BadChar(char),
    /// Rows of the wrong length.
    #[error("each of the 3 rows needs 3 cells")]
    RowShape,
    /// Marks that no game produces.
    #[error("impossible position: {0}")]
    Impossible(&'static str),
}

/// A tic-tac-toe position. The side to move follows from the counts: X moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    x: u16,
    o: u16,
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board { x: 0, o: 0 }
    }

    /// A board from bitmasks (bit `i` = square `i`), checked for possibility.
    pub fn from_masks(x: u16, o: u16) -> Result<Board, BoardError> {
        if x & o != 0 || (x | o) & !FULL != 0 {
            return Err(BoardError::Impossible("overlapping or out-of-range marks"));
        }
        let board = Board { x, o };
        board.validate()?;
        Ok(board)
    }

    /// Bits of X's marks.
    pub fn x_mask(&self) -> u16 {
        self.x
    }
    /// Bits of O's marks.
    pub fn o_mask(&self) -> u16 {
        self.o
    }

    /// The mark on a square.
    pub fn get(&self, sq: Square) -> Option<Mark> {
        let bit = 1u16 << sq;
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Number of marks on the board.
    pub fn stones(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Mark {
        if self.x.count_ones() == self.o.count_ones() {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// Bits of the empty squares.
    pub fn empty_mask(&self) -> u16 {
        FULL & !(self.x | self.o)
    }

    /// Whether `mark` has three in a row.
    #[inline]
    pub fn has_line(&self, mark: Mark) -> bool {
        let m = match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        };
        LINES.iter().any(|&line| line & !m == 0)
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Mark> {
        if self.has_line(Mark::X) {
            Some(Mark::X)
        } else if self.has_line(Mark::O) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The squares of the winner's three in a row (the first such line in [`LINES`] order),
    /// or `None` while nobody has won.
    pub fn winning_line(&self) -> Option<[Square; 3]> {
        let mask = match self.winner()? {
            Mark::X => self.x,
            Mark::O => self.o,
        };
        let line = LINES.iter().find(|&&l| mask & l == l)?;
        let mut squares = [0; 3];
        for (slot, sq) in squares
            .iter_mut()
            .zip((0..9).filter(|sq| line & (1 << sq) != 0))
        {
            *slot = sq;
        }
        Some(squares)
    }

    /// Whether the game is over (a line, or a full board).
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.empty_mask() == 0
    }

    /// Places the side to move's mark on an empty square.
    #[inline]
    pub fn place(&mut self, sq: Square) {
        let bit = 1u16 << sq;
        debug_assert!(self.empty_mask() & bit != 0);
        if self.to_move() == Mark::X {
            self.x |= bit;
        } else {
            self.o |= bit;
        }
    }

    /// Removes the mark on `sq` (the last one placed).
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let bit = !(1u16 << sq);
        self.x &= bit;
        self.o &= bit;
    }

    /// Checks that some game reaches this position.
    fn validate(&self) -> Result<(), BoardError> {
        let (nx, no) = (self.x.count_ones(), self.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(BoardError::Impossible(
                "X moves first, so X has as many marks as O or one more",
            ));
        }
        let x_lines: Vec<u16> = LINES.iter().copied().filter(|&l| self.x & l == l).collect();
        let o_lines: Vec<u16> = LINES.iter().copied().filter(|&l| self.o & l == l).collect();
        if !x_lines.is_empty() && !o_lines.is_empty() {
            return Err(BoardError::Impossible("both players have three in a row"));
        }
        if !x_lines.is_empty() && nx != no + 1 {
            return Err(BoardError::Impossible(
                "X has a line, so X must have moved last",
            ));
        }
        if !o_lines.is_empty() && nx != no {
            return Err(BoardError::Impossible(
                "O has a line, so O must have moved last",
            ));
        }
        // All winning lines must share the last mark placed: play stops at the first line.
        for lines in [&x_lines, &o_lines] {
            if lines.len() > 1 && lines.iter().fold(FULL, |acc, &l| acc & l) == 0 {
                return Err(BoardError::Impossible(
                    "two separate lines cannot both be made",
                ));
            }
        }
        Ok(())
    }

    /// The board under symmetry `t` (0..8: identity, rotations, reflections).
    pub fn transformed(&self, t: usize) -> Board {
        Board {
            x: SYMMETRY_TABLES[t][self.x as usize],
            o: SYMMETRY_TABLES[t][self.o as usize],
        }
    }

    /// A key equal for all eight symmetric images of a position.
    #[inline]
    pub fn canonical_key(&self) -> u32 {
        let mut best = u32::MAX;
        for table in &SYMMETRY_TABLES {
            let key = table[self.x as usize] as u32 | (table[self.o as usize] as u32) << 9;
            best = best.min(key);
        }
        best
    }

    /// A key unique to this position.
    #[inline]
    pub fn key(&self) -> u32 {
        self.x as u32 | (self.o as u32) << 9
    }

    /// The board as three rows, e.g. `xox/o.o/.x.`.
    pub fn to_compact(&self) -> String {
        let mut s = String::with_capacity(11);
        for sq in 0..9u8 {
            if sq > 0 && sq % 3 == 0 {
                s.push('/');
            }
            s.push(match self.get(sq) {
                Some(Mark::X) => 'x',
                Some(Mark::O) => 'o',
                None => '.',
            });
        }
        s
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// Reads 9 cells, or 3 rows of 3 separated by `/`, spaces or newlines.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let mut rows: Vec<Vec<char>> = vec![Vec::new()];
        for c in text.trim().chars() {
            match c {
                '/' | ' ' | '\n' | '\r' | '\t' | '|' => {
                    if !rows.last().is_some_and(Vec::is_empty) {
                        rows.push(Vec::new());
                    }
                }
                'x' | 'X' | 'o' | 'O' | '.' | '_' | '-' => rows.last_mut().expect("a row").push(c),
                other => return Err(BoardError::BadChar(other)),
            }
        }
        rows.retain(|r| !r.is_empty());
        let cells: Vec<char> = rows.concat();
        if cells.len() != 9 {
            return Err(BoardError::CellCount(cells.len()));
        }
        if rows.len() != 1 && (rows.len() != 3 || rows.iter().any(|r| r.len() != 3)) {
            return Err(BoardError::RowShape);
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, c) in cells.iter().enumerate() {
            match c {
                'x' | 'X' => x |= 1 << i,
                'o' | 'O' => o |= 1 << i,
                _ => {}
            }
        }
        Board::from_masks(x, o)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_compact())
    }
}

/// Where square `sq` goes under each symmetry.
const fn image(t: usize, sq: usize) -> usize {
    let (r, c) = (sq / 3, sq % 3);
    let (r, c) = match t {
        0 => (r, c),
        1 => (c, 2 - r),
        2 => (2 - r, 2 - c),
        3 => (2 - c, r),
        4 => (r, 2 - c),
        5 => (2 - r, c),
        6 => (c, r),
        _ => (2 - c, 2 - r),
    };
    r * 3 + c
}

const fn build_symmetry_tables() -> [[u16; 512]; 8] {
    let mut tables = [[0u16; 512]; 8];
    let mut t = 0;
    while t < 8 {
        let mut mask = 0;
        while mask < 512 {
            let mut out = 0u16;
            let mut sq = 0;
            while sq < 9 {
                if mask & (1 << sq) != 0 {
                    out |= 1 << image(t, sq);
                }
                sq += 1;
            }
            tables[t][mask] = out;
            mask += 1;
        }
        t += 1;
    }
    tables
}

/// For each symmetry, the image of every 9-bit mask.
static SYMMETRY_TABLES: [[u16; 512]; 8] = build_symmetry_tables();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_line_names_the_three_squares() {
        let won: Board = "oxo/.x./.x.".parse().unwrap();
        assert_eq!(won.winning_line(), Some([1, 4, 7]));
        let open: Board = "xo./.x./..o".parse().unwrap();
        assert_eq!(open.winning_line(), None);
    }

    #[test]
    fn parses_every_documented_form() {
        let a: Board = "xox/o.o/.x.".parse().unwrap();
        for text in ["xoxo.o.x.", "xox o.o .x.", "xox\no_o\n-x-", "XOX/O.O/.X."] {
            assert_eq!(text.parse::<Board>().unwrap(), a, "{text}");
        }
        assert_eq!(a.to_compact(), "xox/o.o/.x.");
        assert_eq!(a.to_move(), Mark::X);
        assert_eq!("xo.......".parse::<Board>().unwrap().to_move(), Mark::X);
        assert_eq!("x........".parse::<Board>().unwrap().to_move(), Mark::O);
    }

    #[test]
    fn rejects_bad_boards_with_reasons() {
        assert_eq!("xo".parse::<Board>(), Err(BoardError::CellCount(2)));
        assert_eq!("xoz......".parse::<Board>(), Err(BoardError::BadChar('z')));
        assert_eq!("xo/xo.o/...".parse::<Board>(), Err(BoardError::RowShape));
        assert!(matches!(
            "xxx......".parse::<Board>(),
            Err(BoardError::Impossible(_))
        ));
        assert!(matches!(
            "ooo/xx./xx.".parse::<Board>(),
            Err(BoardError::Impossible(_))
        ));
        assert!(matches!(
            "xxx/ooo/x..".parse::<Board>(),
            Err(BoardError::Impossible(_))
        ));
        assert!(matches!(
            "xxx/ooo/...".parse::<Board>(),
            Err(BoardError::Impossible(_))
        ));
        // X wins with two lines through the last mark: possible.
        assert!("xxx/xoo/xoo".parse::<Board>().is_ok());
    }

    #[test]
    fn the_eight_symmetries_form_a_group_on_positions() {
        let b: Board = "xo./.x./..o".parse().unwrap();
        let images: std::collections::HashSet<_> = (0..8).map(|t| b.transformed(t)).collect();
        assert_eq!(images.len(), 8);
        for img in &images {
            assert_eq!(img.canonical_key(), b.canonical_key());
        }
        assert_eq!(b.transformed(0), b);
    }
}
