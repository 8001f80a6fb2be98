//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! stable across runs and builds (opening books and tests can store them).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 256]; 16], u64) {
    let mut t = [[0u64; 256]; 16];
    let mut state = 0x5169_616E_6751_6921u64;
    let mut p = 0;
    while p < 16 {
        let mut i = 0;
        while i < 256 {
            let (s, v) = splitmix(state);
            state = s;
            t[p][i] = v;
            i += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (t, side)
}

// Both read `build()`, run at compile time: a const holding the whole table would be
// copied wherever it is named (clippy's `large_const_arrays`).
/// Key of a piece byte on a padded index.
pub(crate) static PIECE_KEYS: [[u64; 256]; 16] = build().0;
/// XOR-ed in when Black is to move.
pub(crate) const SIDE_KEY: u64 = build().1;
