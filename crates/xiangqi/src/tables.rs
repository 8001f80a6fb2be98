//! Compile-time geometry of the padded mailbox.
//!
//! The generator works on a 16x16 board with the 9x10 playing area at
//! files 3..12, rows 3..13. Three padding rows/columns on every side mean a
//! horse or elephant jump from any real point lands inside the array, so move
//! loops need no bounds checks: padding squares hold [`OFF`], which is neither
//! empty nor an enemy piece.

/// Board byte for an empty point.
pub(crate) const EMPTY: u8 = 0;
/// Board byte for a padding point.
pub(crate) const OFF: u8 = 16;

/// Orthogonal steps: north, south, east, west (order matters for ray indices).
pub(crate) const ORTHO: [i8; 4] = [16, -16, 1, -1];
/// Diagonal steps.
pub(crate) const DIAG: [i8; 4] = [17, 15, -15, -17];

/// Padded index of (file, rank).
pub(crate) const fn idx_of(file: u8, rank: u8) -> u8 {
    (rank + 3) * 16 + file + 3
}

/// File of a padded index (garbage for padding squares).
#[inline]
pub(crate) const fn file_of(idx: u8) -> u8 {
    (idx & 15).wrapping_sub(3)
}

/// Rank of a padded index (garbage for padding squares).
#[inline]
pub(crate) const fn rank_of(idx: u8) -> u8 {
    (idx >> 4).wrapping_sub(3)
}

#[inline]
pub(crate) const fn step(idx: u8, d: i8) -> u8 {
    idx.wrapping_add(d as u8)
}

const fn build_sq_to_idx() -> [u8; 90] {
    let mut t = [0u8; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = idx_of((s % 9) as u8, (s / 9) as u8);
        s += 1;
    }
    t
}

const fn build_idx_to_sq() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut s = 0;
    while s < 90 {
        t[idx_of((s % 9) as u8, (s / 9) as u8) as usize] = s as u8;
        s += 1;
    }
    t
}

const fn build_on_board() -> [bool; 256] {
    let mut t = [false; 256];
    let mut s = 0;
    while s < 90 {
        t[idx_of((s % 9) as u8, (s / 9) as u8) as usize] = true;
        s += 1;
    }
    t
}

/// Squares 0..90 to padded indices.
pub(crate) const SQ_TO_IDX: [u8; 90] = build_sq_to_idx();
/// Padded indices to squares 0..90 (0 for padding).
pub(crate) const IDX_TO_SQ: [u8; 256] = build_idx_to_sq();
/// True for the 90 playing points.
pub(crate) const ON_BOARD: [bool; 256] = build_on_board();

const fn build_palace() -> [[bool; 256]; 2] {
    let mut t = [[false; 256]; 2];
    let mut f = 3;
    while f <= 5 {
        let mut r = 0;
        while r <= 2 {
            t[0][idx_of(f, r) as usize] = true;
            t[1][idx_of(f, 9 - r) as usize] = true;
            r += 1;
        }
        f += 1;
    }
    t
}

const fn build_own_half() -> [[bool; 256]; 2] {
    let mut t = [[false; 256]; 2];
    let mut s = 0;
    while s < 90 {
        let r = (s / 9) as u8;
        let i = idx_of((s % 9) as u8, r) as usize;
        t[0][i] = r <= 4;
        t[1][i] = r >= 5;
        s += 1;
    }
    t
}

/// Palace points per colour.
pub(crate) const PALACE: [[bool; 256]; 2] = build_palace();
/// Points on each colour's own side of the river.
pub(crate) const OWN_HALF: [[bool; 256]; 2] = build_own_half();

/// Per-colour test "this byte is an enemy piece" (padding and empty are not).
pub(crate) const ENEMY: [[bool; 32]; 2] = {
    let mut t = [[false; 32]; 2];
    let mut p = 1;
    while p < 8 {
        t[1][p] = true;
        t[0][p + 8] = true;
        p += 1;
    }
    t
};

/// Per-colour test "empty or enemy": the squares a piece may land on.
pub(crate) const TARGET: [[bool; 32]; 2] = {
    let mut t = ENEMY;
    t[0][0] = true;
    t[1][0] = true;
    t
};

/// Horse moves as (leg offset, destination offset).
pub(crate) const HORSE: [(i8, i8); 8] = [
    (16, 33),
    (16, 31),
    (-16, -33),
    (-16, -31),
    (1, 18),
    (1, -14),
    (-1, -18),
    (-1, 14),
];
