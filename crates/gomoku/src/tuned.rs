//! The evaluation's weights (see `crate::weights`), as `qi tune gomoku` writes them.
//!
//! Generated: re-run the tuner (docs/tuning.md) instead of editing numbers by hand.
//! Command: qi tune gomoku fit --epochs 3000 --learning-rate 5 --l2 0 --holdout 0.1 (1 data file)
//! Data: 2000 freestyle self-play games of f561bd9 at 120 ms per turn (about 40 ms of thinking) from data/openings/gomoku-random.txt (scripts/tune-gomoku.sh)
//! 33211 positions, scale k = 0.000872 per point, loss 0.192490 -> 0.149166;
//! 3690 held-out positions, loss 0.178723 -> 0.148802.

use crate::weights::{EvalWeights, RoleWeights};

/// The tuned weights (quarter points).
#[rustfmt::skip]
pub const WEIGHTS: EvalWeights = EvalWeights {
    roles: [
        // The side to move.
        RoleWeights {
            pattern: [
                0, // None
                -38, // One
                0, // Two
                103, // OpenTwo
                206, // Three
                1182, // OpenThree
                1025, // Four
                3600, // DoubleFour
                3600, // OpenFour
                24000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                44, // Three
                6444, // DoubleThree
                -156, // Four
                10583, // FourThree
                3600, // WinFour
                0, // Five
            ],
        },
        // The side waiting.
        RoleWeights {
            pattern: [
                0, // None
                -37, // One
                7, // Two
                29, // OpenTwo
                189, // Three
                263, // OpenThree
                820, // Four
                3000, // DoubleFour
                3000, // OpenFour
                20000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                253, // Three
                -904, // DoubleThree
                231, // Four
                4272, // FourThree
                3000, // WinFour
                0, // Five
            ],
        },
    ],
};
