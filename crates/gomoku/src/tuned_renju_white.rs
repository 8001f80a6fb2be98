//! The evaluation's weights for renju positions with White to move (see `crate::weights`).
//!
//! `qi tune gomoku fit --weights renju-white` rewrites this file with fitted numbers
//! (docs/tuning.md). Until a renju fit wins its SPRT, this holds the freestyle points'
//! weights as they stood before their joint refit with the tempo table (78b1f78's
//! `crate::tuned`), without a table (the freestyle one was fitted on freestyle positions
//! only, and the joint refit's points lean on it).

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
    // By the side to move's strongest threat class (rows), then the side
    // waiting's (columns): None, Three, DoubleThree, Four, FourThree, WinFour, Five.
    tempo: [
        [0, 0, 0, 0, 0, 0, 0], // None
        [0, 0, 0, 0, 0, 0, 0], // Three
        [0, 0, 0, 0, 0, 0, 0], // DoubleThree
        [0, 0, 0, 0, 0, 0, 0], // Four
        [0, 0, 0, 0, 0, 0, 0], // FourThree
        [0, 0, 0, 0, 0, 0, 0], // WinFour
        [0, 0, 0, 0, 0, 0, 0], // Five
    ],
};
