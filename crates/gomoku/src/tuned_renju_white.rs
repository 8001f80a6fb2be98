//! The evaluation's weights for renju positions with White to move (see `crate::weights`), as
//! `qi tune gomoku fit --weights renju-white` writes them.
//!
//! Generated: re-run the tuner (docs/tuning.md) instead of editing numbers by hand.
//! Until a renju fit lands, these are the freestyle weights of `crate::tuned`.

use crate::weights::{EvalWeights, RoleWeights};

/// The tuned weights (quarter points).
#[rustfmt::skip]
pub const WEIGHTS: EvalWeights = EvalWeights {
    roles: [
        // The side to move.
        RoleWeights {
            pattern: [
                0, // None
                -16, // One
                34, // Two
                126, // OpenTwo
                301, // Three
                1320, // OpenThree
                1527, // Four
                3600, // DoubleFour
                3600, // OpenFour
                24000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                -343, // Three
                16910, // DoubleThree
                229, // Four
                26014, // FourThree
                3600, // WinFour
                0, // Five
            ],
            combo: [
                356, // TwoOpenTwos
                -449, // ThreeOpenTwos
                466, // OpenTwoThree
                829, // TwoThrees
                1076, // OpenThreeOpenTwo
                2051, // OpenThreeThree
                1262, // FourOpenTwo
                1075, // FourThree
            ],
        },
        // The side waiting.
        RoleWeights {
            pattern: [
                0, // None
                -19, // One
                62, // Two
                67, // OpenTwo
                289, // Three
                401, // OpenThree
                1054, // Four
                3000, // DoubleFour
                3000, // OpenFour
                20000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                325, // Three
                -33, // DoubleThree
                457, // Four
                4539, // FourThree
                3000, // WinFour
                0, // Five
            ],
            combo: [
                219, // TwoOpenTwos
                -25, // ThreeOpenTwos
                253, // OpenTwoThree
                276, // TwoThrees
                338, // OpenThreeOpenTwo
                149, // OpenThreeThree
                815, // FourOpenTwo
                1295, // FourThree
            ],
        },
    ],
};
