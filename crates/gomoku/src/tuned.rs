//! The evaluation's weights (see `crate::weights`), as `qi tune gomoku` writes them.
//!
//! Generated: re-run the tuner (docs/tuning.md) instead of editing numbers by hand.
//! Hand-set: the pattern values 6, 20, 25, 80, 100, 600, 600, 4000 and combination bonuses
//! 250, 400, 600 of the first pattern evaluation, weighed 6 for the side to move and 5
//! for the other side (quarter points).

use crate::weights::{EvalWeights, RoleWeights};

/// The tuned weights (quarter points).
#[rustfmt::skip]
pub const WEIGHTS: EvalWeights = EvalWeights {
    roles: [
        // The side to move.
        RoleWeights {
            pattern: [
                0, // None
                0, // One
                36, // Two
                120, // OpenTwo
                150, // Three
                480, // OpenThree
                600, // Four
                3600, // DoubleFour
                3600, // OpenFour
                24000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                0, // Three
                1500, // DoubleThree
                0, // Four
                2400, // FourThree
                3600, // WinFour
                0, // Five
            ],
        },
        // The side waiting.
        RoleWeights {
            pattern: [
                0, // None
                0, // One
                30, // Two
                100, // OpenTwo
                125, // Three
                400, // OpenThree
                500, // Four
                3000, // DoubleFour
                3000, // OpenFour
                20000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                0, // Three
                1250, // DoubleThree
                0, // Four
                2000, // FourThree
                3000, // WinFour
                0, // Five
            ],
        },
    ],
};
