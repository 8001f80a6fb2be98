//! What an empty point is worth to a side, from the four line patterns through it (kept by
//! the board, read by the evaluation and move ordering): its strongest threat, looked up
//! in a small table built once, and values that are sums of per-pattern and per-threat
//! terms.

use crate::pattern::Pattern;
use crate::weights::{Role, RoleWeights};

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

/// The shape-value bonus of a threat class on top of its patterns' values.
const THREAT_BONUS: [i32; Threat::COUNT] = [0, 0, 250, 0, 400, 600, 0];

/// The threat class and values of a point from its four direction patterns, for a side
/// with no forbidden points.
#[inline]
pub fn cell_value(pats: &[u8; 4]) -> CellInfo {
    cell_info(pats, threat_table(false)[cell_value_index(pats)])
}

/// The values of a point with direction patterns `pats` whose threat class is `threat`
/// (as [`threat_table`] gives it), under the freestyle weights: every value is a sum of
/// per-pattern terms and a per-threat term, so the board stores only the class and adds
/// the terms up when asked.
#[inline]
pub fn cell_info(pats: &[u8; 4], threat: Threat) -> CellInfo {
    let weights = &crate::weight_sets::FREESTYLE;
    cell_info_with(
        pats,
        threat,
        weights.of(0, Role::Mover),
        weights.of(0, Role::Waiter),
    )
}

/// The values of a point with direction patterns `pats` and threat class `threat` to a
/// side whose points are worth `mover` when it is to move and `waiter` when it waits.
#[inline]
pub fn cell_info_with(
    pats: &[u8; 4],
    threat: Threat,
    mover: &RoleWeights,
    waiter: &RoleWeights,
) -> CellInfo {
    CellInfo {
        threat,
        value: shape_value(pats, threat),
        mover: mover.point_value(pats, threat),
        waiter: waiter.point_value(pats, threat),
    }
}

/// The shape value ([`CellInfo::value`]) of a point with patterns `pats` and class `threat`.
#[inline]
pub fn shape_value(pats: &[u8; 4], threat: Threat) -> i32 {
    // Padded copies, so that a masked index needs no check (move ordering scores every
    // candidate with this).
    const PADDED_PATTERN_VALUE: [i32; 16] = padded(&PATTERN_VALUE);
    const PADDED_THREAT_BONUS: [i32; 8] = padded(&THREAT_BONUS);
    pats.iter()
        .map(|&p| PADDED_PATTERN_VALUE[p as usize & 15])
        .sum::<i32>()
        + PADDED_THREAT_BONUS[threat as usize & 7]
}

/// `values` followed by zeros up to `N` entries (`values` must not be longer).
const fn padded<const N: usize>(values: &[i32]) -> [i32; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < values.len() {
        out[i] = values[i];
        i += 1;
    }
    out
}

/// Entries of [`threat_table`]: 11^4 pattern combinations rounded up to a power of two, so
/// that a masked index needs no bounds check.
pub const CELL_TABLE_SIZE: usize = 1 << 14;

/// The threat class of every combination of four direction patterns, indexed by
/// [`cell_value_index`], for a side with forbidden points (Black in renju) or without: one
/// byte each, so a table (16 KB) stays in the first-level cache while the board
/// reclassifies the points a move touches.
pub fn threat_table(forbidden: bool) -> &'static [Threat; CELL_TABLE_SIZE] {
    static TABLES: std::sync::OnceLock<[Box<[Threat; CELL_TABLE_SIZE]>; 2]> =
        std::sync::OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [false, true].map(|forbidden| build_table(Threat::None, |p| classify(p, forbidden)))
    });
    &tables[forbidden as usize]
}

/// The building combinations ([`crate::weights::Combo::mask`]) of every combination of four
/// direction patterns, indexed by [`cell_value_index`].
pub fn combo_table() -> &'static [u8; CELL_TABLE_SIZE] {
    static TABLE: std::sync::OnceLock<Box<[u8; CELL_TABLE_SIZE]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| build_table(0, crate::weights::Combo::mask))
}

/// A table of `value` for every combination of four direction patterns, indexed by
/// [`cell_value_index`] (`empty` past the last combination).
fn build_table<T: Copy>(empty: T, value: impl Fn(&[u8; 4]) -> T) -> Box<[T; CELL_TABLE_SIZE]> {
    let mut table = Box::new([empty; CELL_TABLE_SIZE]);
    for (i, entry) in table.iter_mut().enumerate().take(11 * 11 * 11 * 11) {
        *entry = value(&patterns_of_index(i));
    }
    table
}

/// The four direction patterns at index `i` of a table (the inverse of
/// [`cell_value_index`]).
fn patterns_of_index(i: usize) -> [u8; 4] {
    [
        (i % 11) as u8,
        (i / 11 % 11) as u8,
        (i / 121 % 11) as u8,
        (i / 1331) as u8,
    ]
}

/// The index of four direction patterns in [`threat_table`].
#[inline]
pub fn cell_value_index(pats: &[u8; 4]) -> usize {
    (pats[0] as usize + 11 * pats[1] as usize + 121 * pats[2] as usize + 1331 * pats[3] as usize)
        & (CELL_TABLE_SIZE - 1)
}

/// The strongest threat four direction patterns make together. For a side with
/// `forbidden` points, a point that makes an overline or two fours (and no five) makes no
/// threat: it is a foul, which that side cannot play. Two open threes are left as they
/// are: whether both are real takes the recursive check of [`crate::renju`].
pub(crate) fn classify(pats: &[u8; 4], forbidden: bool) -> Threat {
    let mut fours = 0;
    let mut open_threes = 0;
    let mut five = false;
    let mut open_four = false;
    let mut overline = false;
    for &p in pats {
        let p = Pattern::from_u8(p);
        match p {
            Pattern::Five => five = true,
            Pattern::OpenFour => open_four = true,
            Pattern::OpenThree => open_threes += 1,
            Pattern::Overline => overline = true,
            _ => {}
        }
        fours += p.four_count();
    }
    if five {
        Threat::Five
    } else if forbidden && (overline || fours >= 2) {
        Threat::None
    } else if open_four || fours >= 2 {
        Threat::WinFour
    } else if fours == 1 && open_threes >= 1 {
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if open_threes >= 2 {
        Threat::DoubleThree
    } else if open_threes == 1 {
        Threat::Three
    } else {
        Threat::None
    }
}

/// [`cell_value`] computed directly, without the table.
pub fn compute_cell_value(pats: &[u8; 4]) -> CellInfo {
    compute_cell_value_for(pats, false)
}

/// The threat class and values of a point for a side with `forbidden` points or without,
/// computed directly, without the table.
pub fn compute_cell_value_for(pats: &[u8; 4], forbidden: bool) -> CellInfo {
    cell_info(pats, classify(pats, forbidden))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_the_direct_classification() {
        for i in 0..11 * 11 * 11 * 11usize {
            let p = [
                (i % 11) as u8,
                (i / 11 % 11) as u8,
                (i / 121 % 11) as u8,
                (i / 1331) as u8,
            ];
            assert_eq!(cell_value_index(&p), i);
            assert_eq!(cell_value(&p), compute_cell_value(&p), "{p:?}");
            let forbidden = threat_table(true)[i];
            assert_eq!(forbidden, compute_cell_value_for(&p, true).threat, "{p:?}");
            let free = threat_table(false)[i];
            assert!(forbidden == free || forbidden == Threat::None, "{p:?}");
        }
    }

    #[test]
    fn combination_bonuses_are_those_of_the_threat_classes() {
        let four = Pattern::Four as u8;
        let three = Pattern::OpenThree as u8;
        let info = compute_cell_value(&[four, three, 0, 0]);
        assert_eq!(info.threat, Threat::FourThree);
        assert_eq!(info.value, 100 + 80 + 400);
        let double_four = compute_cell_value(&[four, four, 0, 0]);
        assert_eq!(double_four.threat, Threat::WinFour);
        assert_eq!(double_four.value, 100 + 100 + 600);
        // Black's fouls in renju threaten nothing; a five still wins.
        let five = Pattern::Five as u8;
        let overline = Pattern::Overline as u8;
        for fouls in [
            [four, four, 0, 0],
            [overline, 0, 0, 0],
            [overline, three, 0, 0],
        ] {
            assert_eq!(compute_cell_value_for(&fouls, true).threat, Threat::None);
        }
        let double_three = compute_cell_value_for(&[three, three, 0, 0], true);
        assert_eq!(double_three.threat, Threat::DoubleThree);
        let won = compute_cell_value_for(&[five, four, four, 0], true);
        assert_eq!(won.threat, Threat::Five);
        let straight = compute_cell_value_for(&[Pattern::OpenFour as u8, 0, 0, 0], true);
        assert_eq!(straight.threat, Threat::WinFour);
    }
}
