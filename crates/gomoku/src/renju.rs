//! Renju's forbidden moves for Black: double-three, double-four and overline.
//!
//! A move that makes exactly five is never forbidden. A three counts only when it can
//! become a straight four whose completing point is not itself forbidden (checked
//! recursively on the board with the stone placed).

use crate::board::{line_key, Board, Point, CELLS, DIRS, EMPTY};
use crate::pattern::{self, Pattern};
use crate::rules::Color;
use std::fmt;

/// Why a Black move is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// Two or more real open threes.
    DoubleThree,
    /// Two or more fours.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl Foul {
    /// The short name used in data files: `33`, `44`, `overline`.
    pub fn code(self) -> &'static str {
        match self {
            Foul::DoubleThree => "33",
            Foul::DoubleFour => "44",
            Foul::Overline => "overline",
        }
    }
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::DoubleThree => "double three",
            Foul::DoubleFour => "double four",
            Foul::Overline => "overline",
        })
    }
}

/// How deep the real-three check recurses before assuming a three is real.
const MAX_RECURSION: u32 = 8;

/// The foul a Black stone at empty `p` would commit, whatever the board's rule.
///
/// Uses the board's incremental patterns to answer most points at once; only a point with
/// two or more open threes needs the recursive check.
pub fn foul(board: &Board, p: Point) -> Option<Foul> {
    if !board.is_empty(p) {
        return None;
    }
    // With the renju (exact five) table for Black the patterns are already right.
    if board.rule().exact_five(Color::Black) {
        let mut fours = 0;
        let mut threes = 0;
        let mut overline = false;
        for d in 0..4 {
            match board.pattern(Color::Black, p, d) {
                Pattern::Five => return None,
                Pattern::Overline => overline = true,
                Pattern::OpenThree => threes += 1,
                pat => fours += pat.four_count(),
            }
        }
        if overline {
            return Some(Foul::Overline);
        }
        if fours >= 2 {
            return Some(Foul::DoubleFour);
        }
        if threes < 2 {
            return None;
        }
    }
    let mut cells = *board.cells();
    foul_cells(&mut cells, p as usize, 0)
}

/// Whether Black may not play `p` on `board` (always false outside renju).
#[inline]
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    board.rule().has_forbidden(Color::Black) && foul(board, p).is_some()
}

/// Every forbidden point for Black on the board, row by row (empty outside renju).
pub fn forbidden_points(board: &Board) -> Vec<(Point, Foul)> {
    if !board.rule().has_forbidden(Color::Black) {
        return Vec::new();
    }
    board
        .empty_points()
        .filter_map(|p| foul(board, p).map(|f| (p, f)))
        .collect()
}

/// The foul of a Black stone at empty `p` on raw cells (restored before returning).
pub fn foul_cells(cells: &mut [u8; CELLS], p: usize, depth: u32) -> Option<Foul> {
    let table = pattern::table(true);
    let pats: [Pattern; 4] =
        std::array::from_fn(|d| Pattern::from_u8(table[line_key(cells, p, DIRS[d], Color::Black)]));
    if pats.contains(&Pattern::Five) {
        return None;
    }
    if pats.contains(&Pattern::Overline) {
        return Some(Foul::Overline);
    }
    if pats.iter().map(|p| p.four_count()).sum::<u32>() >= 2 {
        return Some(Foul::DoubleFour);
    }
    let candidates = pats.iter().filter(|&&p| p == Pattern::OpenThree).count();
    if candidates < 2 {
        return None;
    }
    if depth >= MAX_RECURSION {
        return Some(Foul::DoubleThree);
    }
    let black = Color::Black.cell();
    cells[p] = black;
    let mut threes = 0;
    for (d, &step) in DIRS.iter().enumerate() {
        if pats[d] != Pattern::OpenThree {
            continue;
        }
        let mut real = false;
        for k in -4isize..=4 {
            let q = (p as isize + k * step) as usize;
            if k == 0 || cells[q] != EMPTY {
                continue;
            }
            // Does q make a straight four through p on this line?
            cells[q] = black;
            let four = Pattern::from_u8(table[line_key(cells, p, step, Color::Black)]);
            cells[q] = EMPTY;
            if four == Pattern::OpenFour && foul_cells(cells, q, depth + 1).is_none() {
                real = true;
                break;
            }
        }
        if real {
            threes += 1;
        }
    }
    cells[p] = EMPTY;
    (threes >= 2).then_some(Foul::DoubleThree)
}
