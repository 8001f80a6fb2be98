//! The evaluation: open windows weighted by the discs in them, and the centre column.
//!
//! A window is one of the 69 runs of four cells (24 across, 21 up, 12 on each diagonal). A
//! window with no enemy disc is still open to a side; the more of its own discs it holds,
//! the closer it is to a four. Discs in the centre column take part in the most windows,
//! which is why strong players start there.

use crate::board::{Board, Disc, HEIGHT, WIDTH};
use qi_search::Score;

/// The number of four-cell windows on the board.
pub const WINDOW_COUNT: usize = 69;

/// Weight of an open window by the side's own discs in it: 1, 2 or 3 (none: nothing; four
/// is a won game, which the search scores itself).
pub const WINDOW_WEIGHTS: [Score; 4] = [0, 1, 4, 16];

/// Weight of each disc in the centre column.
pub const CENTRE_WEIGHT: Score = 3;

/// Every window as a mask of four cells.
pub static WINDOWS: [u64; WINDOW_COUNT] = build_windows();

const fn bit(col: i32, row: i32) -> u64 {
    1u64 << (col * (HEIGHT as i32 + 1) + row)
}

const fn build_windows() -> [u64; WINDOW_COUNT] {
    let mut out = [0u64; WINDOW_COUNT];
    let mut n = 0;
    let steps: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut s = 0;
    while s < 4 {
        let (dc, dr) = steps[s];
        let mut col = 0;
        while col < WIDTH as i32 {
            let mut row = 0;
            while row < HEIGHT as i32 {
                let (end_col, end_row) = (col + 3 * dc, row + 3 * dr);
                if end_col < WIDTH as i32 && end_row >= 0 && end_row < HEIGHT as i32 {
                    let mut mask = 0;
                    let mut k = 0;
                    while k < 4 {
                        mask |= bit(col + k * dc, row + k * dr);
                        k += 1;
                    }
                    out[n] = mask;
                    n += 1;
                }
                row += 1;
            }
            col += 1;
        }
        s += 1;
    }
    out
}

/// The centre column's cells.
const CENTRE: u64 = ((1 << HEIGHT) - 1) << ((WIDTH / 2) * (HEIGHT + 1));

/// What one side's evaluation is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    /// Open windows by own discs in them: index 1, 2, 3 (index 0 unused).
    pub windows: [u32; 4],
    /// Own discs in the centre column.
    pub centre: u32,
}

impl SideTerms {
    /// The weighted sum of the terms.
    pub fn total(&self) -> Score {
        let windows: Score = self
            .windows
            .iter()
            .zip(WINDOW_WEIGHTS)
            .map(|(&n, w)| n as Score * w)
            .sum();
        windows + self.centre as Score * CENTRE_WEIGHT
    }
}

/// `disc`'s terms on `board`.
pub fn side_terms(board: &Board, disc: Disc) -> SideTerms {
    let mine = board.mask_of(disc);
    let theirs = board.mask_of(disc.other());
    let mut terms = SideTerms {
        centre: (mine & CENTRE).count_ones(),
        ..SideTerms::default()
    };
    for &w in &WINDOWS {
        if theirs & w == 0 {
            let own = (mine & w).count_ones() as usize;
            // A full window is a four: the game is over and is not evaluated.
            if own < 4 {
                terms.windows[own] += 1;
            }
        }
    }
    terms
}

/// The evaluation for `view`: its terms' total minus the opponent's.
pub fn evaluate(board: &Board, view: Disc) -> Score {
    side_terms(board, view).total() - side_terms(board, view.other()).total()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_69_distinct_windows_of_four_cells() {
        let set: std::collections::HashSet<u64> = WINDOWS.iter().copied().collect();
        assert_eq!(set.len(), WINDOW_COUNT);
        assert!(WINDOWS.iter().all(|w| w.count_ones() == 4));
    }

    #[test]
    fn the_empty_board_is_even_and_a_centre_disc_is_worth_most() {
        assert_eq!(evaluate(&Board::empty(), Disc::Red), 0);
        let score = |col| {
            let b = Board::from_moves(&[col]).unwrap();
            evaluate(&b, Disc::Red)
        };
        assert!(score(3) > score(2) && score(2) > score(1) && score(1) > score(0));
        assert_eq!(score(2), score(4));
    }
}
