//! What an empty point is worth to a side, from the four line patterns through it (kept by
//! the board, read by the evaluation and move ordering): its strongest threat and a value,
//! looked up in a table built once.

use crate::pattern::Pattern;
use crate::weights::Role;

pub use crate::pattern::Threat;

/// What placing a stone at a point is worth to one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellInfo {
    /// The strongest threat it makes.
    pub threat: Threat,
    /// Its shape value for move ordering and the threat searches (attack value for the
    /// colour placing there).
    pub value: i32,
    /// Its evaluation value to the colour placing there when that colour is to move
    /// ([`crate::weights`], quarter points).
    pub mover: i32,
    /// Its evaluation value to that colour when the other side is to move.
    pub waiter: i32,
}

/// Value of one direction's pattern, indexed by `Pattern as u8`.
const PATTERN_VALUE: [i32; 11] = [0, 0, 6, 20, 25, 80, 100, 600, 600, 4000, 0];

/// The threat class and value of a point from its four direction patterns (a table lookup).
#[inline]
pub fn cell_value(pats: &[u8; 4]) -> CellInfo {
    cell_value_table()[cell_value_index(pats)]
}

/// Entries of [`cell_value_table`]: 11^4 pattern combinations rounded up to a power of
/// two, so that a masked index needs no bounds check.
pub const CELL_TABLE_SIZE: usize = 1 << 14;

/// The table behind [`cell_value`], indexed by [`cell_value_index`].
pub fn cell_value_table() -> &'static [CellInfo; CELL_TABLE_SIZE] {
    static TABLE: std::sync::OnceLock<Box<[CellInfo; CELL_TABLE_SIZE]>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([CellInfo::default(); CELL_TABLE_SIZE]);
        for (i, entry) in table.iter_mut().enumerate().take(11 * 11 * 11 * 11) {
            *entry = {
                let p = [
                    (i % 11) as u8,
                    (i / 11 % 11) as u8,
                    (i / 121 % 11) as u8,
                    (i / 1331) as u8,
                ];
                compute_cell_value(&p)
            };
        }
        table
    })
}

/// The index of four direction patterns in [`cell_value_table`].
#[inline]
pub fn cell_value_index(pats: &[u8; 4]) -> usize {
    (pats[0] as usize + 11 * pats[1] as usize + 121 * pats[2] as usize + 1331 * pats[3] as usize)
        & (CELL_TABLE_SIZE - 1)
}

/// [`cell_value`] computed directly.
pub fn compute_cell_value(pats: &[u8; 4]) -> CellInfo {
    let mut value = 0;
    let mut fours = 0;
    let mut open_threes = 0;
    let mut five = false;
    let mut open_four = false;
    for &p in pats {
        value += PATTERN_VALUE[p as usize];
        let p = Pattern::from_u8(p);
        match p {
            Pattern::Five => five = true,
            Pattern::OpenFour => open_four = true,
            Pattern::OpenThree => open_threes += 1,
            _ => {}
        }
        fours += p.four_count();
    }
    let threat = if five {
        Threat::Five
    } else if open_four || fours >= 2 {
        value += 600;
        Threat::WinFour
    } else if fours == 1 && open_threes >= 1 {
        value += 400;
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if open_threes >= 2 {
        value += 250;
        Threat::DoubleThree
    } else if open_threes == 1 {
        Threat::Three
    } else {
        Threat::None
    };
    let weights = &crate::tuned::WEIGHTS;
    CellInfo {
        threat,
        value,
        mover: weights.point_value(Role::Mover, pats, threat),
        waiter: weights.point_value(Role::Waiter, pats, threat),
    }
}
