//! The 7×6 board as two bitmasks, with gravity, fours, the game's end and a text picture.
//!
//! Bit `7 * column + row` is the cell in that column (0 at the left) and row (0 at the
//! bottom). Each column has a seventh, always-empty bit on top, so that shifting a mask by
//! one column or one diagonal step never carries a disc from the top of one column into the
//! bottom of the next: four in a row is then four shifts and three ANDs.

use std::fmt;
use thiserror::Error;

/// Columns on the board.
pub const WIDTH: u8 = 7;
/// Rows on the board.
pub const HEIGHT: u8 = 6;
/// Bits per column: the rows plus the empty guard bit on top.
const STRIDE: u8 = HEIGHT + 1;

/// A column index 0..7 from the left (players see 1–7).
pub type Column = u8;

/// The lowest cell of every column.
const BOTTOM: u64 = {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * STRIDE);
        col += 1;
    }
    mask
};

/// Every playable cell (the guard bits excluded).
const FULL: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The playable cells of one column.
const fn column_mask(col: Column) -> u64 {
    ((1 << HEIGHT) - 1) << (col * STRIDE)
}

/// The four directions of a line, as bit steps: up, right, up-right, down-right.
const DIRECTIONS: [u32; 4] = [1, STRIDE as u32, STRIDE as u32 + 1, STRIDE as u32 - 1];

/// A disc colour; Red moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Disc {
    /// The first player.
    Red,
    /// The second player.
    Yellow,
}

impl Disc {
    /// The other colour.
    pub fn other(self) -> Disc {
        match self {
            Disc::Red => Disc::Yellow,
            Disc::Yellow => Disc::Red,
        }
    }

    /// `'R'` or `'Y'`, as the board picture shows it.
    pub fn symbol(self) -> char {
        match self {
            Disc::Red => 'R',
            Disc::Yellow => 'Y',
        }
    }

    /// `"Red"` or `"Yellow"`.
    pub fn name(self) -> &'static str {
        match self {
            Disc::Red => "Red",
            Disc::Yellow => "Yellow",
        }
    }
}

impl fmt::Display for Disc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell: column 0..7 from the left, row 0..6 from the bottom; written `d1` (column letter
/// a–g, row from 1 at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column from the left, 0..7.
    pub column: u8,
    /// Row from the bottom, 0..6.
    pub row: u8,
}

impl Cell {
    fn from_bit(bit: u32) -> Cell {
        Cell {
            column: (bit / STRIDE as u32) as u8,
            row: (bit % STRIDE as u32) as u8,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column) as char, self.row + 1)
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// No such column.
    #[error("there is no column {0} (columns are 1 to 7)")]
    NoSuchColumn(u8),
    /// The column has six discs.
    #[error("column {} is full", .0 + 1)]
    ColumnFull(Column),
    /// Somebody has four in a row, or the board is full.
    #[error("the game is already over ({0})")]
    GameOver(GameEnd),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// `winner` has four in a row on `cells` (from one end of the line to the other).
    Four {
        /// Who connected four.
        winner: Disc,
        /// The four cells, in order along the line.
        cells: [Cell; 4],
    },
    /// Every cell is taken and nobody has four: a draw.
    Full,
}

impl GameEnd {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Disc> {
        match self {
            GameEnd::Four { winner, .. } => Some(*winner),
            GameEnd::Full => None,
        }
    }

    /// A short machine-readable reason: `four_in_a_row` or `board_full`.
    pub fn reason_id(&self) -> &'static str {
        match self {
            GameEnd::Four { .. } => "four_in_a_row",
            GameEnd::Full => "board_full",
        }
    }
}

impl fmt::Display for GameEnd {
    /// `Red connects four (d1 d2 d3 d4)` or `the board is full: a draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Four { winner, cells } => write!(
                f,
                "{winner} connects four ({} {} {} {})",
                cells[0], cells[1], cells[2], cells[3]
            ),
            GameEnd::Full => f.write_str("the board is full: a draw"),
        }
    }
}

/// A Connect Four position. The side to move follows from the counts: Red moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    red: u64,
    yellow: u64,
}

/// Whether `stones` (a mask of one side's discs) hold four in a row in some direction.
#[inline]
pub fn mask_has_four(stones: u64) -> bool {
    DIRECTIONS.iter().any(|&d| {
        let pairs = stones & (stones >> d);
        pairs & (pairs >> (2 * d)) != 0
    })
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board { red: 0, yellow: 0 }
    }

    /// The board after `moves` (columns 0..7) from the empty board; the error names the
    /// first move that cannot be played.
    pub fn from_moves(moves: &[Column]) -> Result<Board, (usize, MoveError)> {
        let mut board = Board::empty();
        for (ply, &col) in moves.iter().enumerate() {
            board.play(col).map_err(|e| (ply, e))?;
        }
        Ok(board)
    }

    /// Bits of Red's discs (bit `7 * column + row`).
    pub fn red_mask(&self) -> u64 {
        self.red
    }

    /// Bits of Yellow's discs.
    pub fn yellow_mask(&self) -> u64 {
        self.yellow
    }

    /// Bits of `disc`'s discs.
    pub fn mask_of(&self, disc: Disc) -> u64 {
        match disc {
            Disc::Red => self.red,
            Disc::Yellow => self.yellow,
        }
    }

    /// Bits of every disc.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.red | self.yellow
    }

    /// The disc on a cell, if any (`None` also off the board).
    pub fn get(&self, cell: Cell) -> Option<Disc> {
        if cell.column >= WIDTH || cell.row >= HEIGHT {
            return None;
        }
        let bit = 1u64 << (cell.column * STRIDE + cell.row);
        if self.red & bit != 0 {
            Some(Disc::Red)
        } else if self.yellow & bit != 0 {
            Some(Disc::Yellow)
        } else {
            None
        }
    }

    /// Discs on the board (the number of moves played).
    pub fn discs(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// Whose turn it is.
    #[inline]
    pub fn to_move(&self) -> Disc {
        if self.discs() % 2 == 0 {
            Disc::Red
        } else {
            Disc::Yellow
        }
    }

    /// Discs in column `col` (0 for a column that does not exist).
    pub fn height(&self, col: Column) -> u8 {
        if col >= WIDTH {
            return 0;
        }
        (self.occupied() & column_mask(col)).count_ones() as u8
    }

    /// The cell the next disc in `col` would land on, when the column has room.
    pub fn landing_cell(&self, col: Column) -> Option<Cell> {
        let row = self.height(col);
        (col < WIDTH && row < HEIGHT).then_some(Cell { column: col, row })
    }

    /// The bit the next disc in `col` takes, or 0 when the column is full or absent.
    #[inline]
    pub fn landing_bit(&self, col: Column) -> u64 {
        if col >= WIDTH {
            return 0;
        }
        // Adding the bottom bit to the column's discs carries into the first empty cell;
        // a full column carries into its guard bit, which is outside the playable cells.
        let filled = self.occupied() & column_mask(col);
        (filled + (1 << (col * STRIDE))) & column_mask(col)
    }

    /// Whether `col` exists and has room (the game may still be over).
    #[inline]
    pub fn has_room(&self, col: Column) -> bool {
        self.landing_bit(col) != 0
    }

    /// Bits of the cells where the side to move would land a disc now, one per open column.
    pub fn playable_cells(&self) -> u64 {
        (self.occupied() + BOTTOM) & FULL
    }

    /// Whether `disc` has four in a row.
    #[inline]
    pub fn has_four(&self, disc: Disc) -> bool {
        mask_has_four(self.mask_of(disc))
    }

    /// Whether every cell is taken.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.occupied() == FULL
    }

    /// The winner, if anyone has four in a row.
    pub fn winner(&self) -> Option<Disc> {
        [Disc::Red, Disc::Yellow]
            .into_iter()
            .find(|&d| self.has_four(d))
    }

    /// The winner's four cells, in order along the line (the first four found: vertical,
    /// then horizontal, then the two diagonals, lowest cell first), or `None` while nobody
    /// has four.
    pub fn winning_four(&self) -> Option<[Cell; 4]> {
        let stones = self.mask_of(self.winner()?);
        for &d in &DIRECTIONS {
            let pairs = stones & (stones >> d);
            let fours = pairs & (pairs >> (2 * d));
            if fours != 0 {
                let start = fours.trailing_zeros();
                return Some([0, 1, 2, 3].map(|k| Cell::from_bit(start + k * d)));
            }
        }
        None
    }

    /// How the game ended, or `None` while it goes on.
    pub fn end(&self) -> Option<GameEnd> {
        if let (Some(winner), Some(cells)) = (self.winner(), self.winning_four()) {
            Some(GameEnd::Four { winner, cells })
        } else if self.is_full() {
            Some(GameEnd::Full)
        } else {
            None
        }
    }

    /// Whether the game is over (four in a row, or a full board).
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_full()
    }

    /// Columns 0..7 that can be played now, left to right (none once the game is over).
    pub fn legal_columns(&self) -> Vec<Column> {
        if self.is_over() {
            return Vec::new();
        }
        (0..WIDTH).filter(|&c| self.has_room(c)).collect()
    }

    /// Drops the side to move's disc into `col`, checking the move; the board is unchanged
    /// on an error.
    pub fn play(&mut self, col: Column) -> Result<(), MoveError> {
        if col >= WIDTH {
            return Err(MoveError::NoSuchColumn(col.saturating_add(1)));
        }
        if let Some(end) = self.end() {
            return Err(MoveError::GameOver(end));
        }
        let bit = self.landing_bit(col);
        if bit == 0 {
            return Err(MoveError::ColumnFull(col));
        }
        self.place_bit(bit);
        Ok(())
    }

    /// Drops a disc into `col` without the end-of-game check (the search never plays on
    /// after an end); a full or absent column leaves the board unchanged.
    #[inline]
    pub fn drop_disc(&mut self, col: Column) {
        let bit = self.landing_bit(col);
        self.place_bit(bit);
    }

    #[inline]
    fn place_bit(&mut self, bit: u64) {
        if self.to_move() == Disc::Red {
            self.red |= bit;
        } else {
            self.yellow |= bit;
        }
    }

    /// Takes the top disc out of `col` (the last move there); an empty or absent column
    /// leaves the board unchanged.
    #[inline]
    pub fn undo(&mut self, col: Column) {
        if col >= WIDTH {
            return;
        }
        let filled = self.occupied() & column_mask(col);
        if filled == 0 {
            return;
        }
        let top = !(1u64 << (63 - filled.leading_zeros()));
        self.red &= top;
        self.yellow &= top;
    }

    /// A key unique to this position: Red's discs plus one marker bit above each column's
    /// discs (which also says whose turn it is, by the disc count).
    #[inline]
    pub fn key(&self) -> u64 {
        self.red | (self.occupied() + BOTTOM)
    }

    /// The board reflected left to right.
    pub fn mirrored(&self) -> Board {
        let flip = |mask: u64| {
            (0..WIDTH).fold(0u64, |out, col| {
                let bits = (mask >> (col * STRIDE)) & ((1 << HEIGHT) - 1);
                out | bits << ((WIDTH - 1 - col) * STRIDE)
            })
        };
        Board {
            red: flip(self.red),
            yellow: flip(self.yellow),
        }
    }

    /// The board as rows from the top, `.` empty, `R` and `Y` the discs, then the column
    /// numbers: what `Display` prints.
    pub fn picture(&self) -> String {
        let mut out = String::with_capacity(8 * 2 * (HEIGHT as usize + 1));
        for row in (0..HEIGHT).rev() {
            let cells: Vec<String> = (0..WIDTH)
                .map(|column| {
                    self.get(Cell { column, row })
                        .map_or('.', Disc::symbol)
                        .to_string()
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str("1 2 3 4 5 6 7");
        out
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.picture())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &[Column]) -> Board {
        Board::from_moves(moves).unwrap()
    }

    #[test]
    fn discs_fall_to_the_lowest_free_cell() {
        let b = board(&[3, 3, 4]);
        assert_eq!(b.get(Cell { column: 3, row: 0 }), Some(Disc::Red));
        assert_eq!(b.get(Cell { column: 3, row: 1 }), Some(Disc::Yellow));
        assert_eq!(b.get(Cell { column: 4, row: 0 }), Some(Disc::Red));
        assert_eq!(b.height(3), 2);
        assert_eq!(b.to_move(), Disc::Yellow);
        assert_eq!(b.landing_cell(3), Some(Cell { column: 3, row: 2 }));
    }

    #[test]
    fn a_full_column_and_a_missing_one_are_refused() {
        let mut b = board(&[0, 0, 0, 0, 0, 0]);
        assert_eq!(b.play(0), Err(MoveError::ColumnFull(0)));
        assert_eq!(b.play(7), Err(MoveError::NoSuchColumn(8)));
        assert_eq!(b.play(255), Err(MoveError::NoSuchColumn(255)));
        assert!(!b.legal_columns().contains(&0));
        let before = b;
        b.drop_disc(0);
        b.undo(9);
        assert_eq!(b, before);
    }

    #[test]
    fn fours_in_every_direction_are_found_with_their_cells() {
        // Vertical: Red in column 1 four times, Yellow in column 2.
        let v = board(&[0, 1, 0, 1, 0, 1, 0]);
        assert_eq!(v.winner(), Some(Disc::Red));
        assert_eq!(
            v.end().unwrap().to_string(),
            "Red connects four (a1 a2 a3 a4)"
        );
        // Horizontal on the bottom row.
        let h = board(&[0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(h.winning_four().unwrap()[3], Cell { column: 3, row: 0 });
        // Rising diagonal a1 b2 c3 d4.
        let up = board(&[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]);
        assert_eq!(up.winner(), Some(Disc::Red));
        assert_eq!(
            up.winning_four().map(|c| c.map(|c| c.to_string())),
            Some(["a1", "b2", "c3", "d4"].map(String::from))
        );
        // Falling diagonal a4 b3 c2 d1, built by mirroring the rising one.
        let down = up.mirrored();
        assert_eq!(down.winner(), Some(Disc::Red));
        assert_eq!(
            down.winning_four().map(|c| c.map(|c| c.to_string())),
            Some(["d4", "e3", "f2", "g1"].map(String::from))
        );
        assert!(matches!(
            board(&[0, 1, 0, 1, 0, 1, 0]).clone().play(2),
            Err(MoveError::GameOver(_))
        ));
    }

    #[test]
    fn no_four_wraps_from_one_column_into_the_next() {
        // Red on a4 a5 a6 and b1: without the guard bit they would be four bits in a row.
        let b = board(&[1, 0, 6, 0, 6, 0, 0, 6, 0, 4, 0]);
        assert_eq!(b.get(Cell { column: 0, row: 5 }), Some(Disc::Red));
        assert_eq!(b.get(Cell { column: 1, row: 0 }), Some(Disc::Red));
        assert_eq!(b.winner(), None, "{b}");
    }

    #[test]
    fn undo_takes_back_the_top_disc() {
        let mut b = board(&[3, 3, 2]);
        b.undo(3);
        // Yellow's d2 is gone; Red's d1 and c1 stay.
        assert_eq!(b.red_mask(), 1 << 21 | 1 << 14);
        assert_eq!(b.yellow_mask(), 0);
        b.undo(3);
        b.undo(2);
        assert_eq!(b, Board::empty());
        b.undo(2);
        assert_eq!(b, Board::empty());
    }

    #[test]
    fn keys_tell_positions_apart_and_the_picture_shows_the_discs() {
        let a = board(&[3]);
        let b = board(&[4]);
        assert_ne!(a.key(), b.key());
        assert_ne!(Board::empty().key(), a.key());
        assert_eq!(a.mirrored().mirrored(), a);
        assert_eq!(board(&[2]).mirrored(), b);
        let text = board(&[3, 3]).to_string();
        assert!(text.ends_with(". . . R . . .\n1 2 3 4 5 6 7"), "{text}");
        assert_eq!(text.lines().count(), 7);
    }
}
