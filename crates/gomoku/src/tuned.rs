//! The evaluation's weights (see `crate::weights`), as `qi tune gomoku` writes them.
//!
//! Generated: re-run the tuner (docs/tuning.md) instead of editing numbers by hand.
//! Command: qi tune gomoku fit --epochs 1500 --learning-rate 5 --l2 0 --holdout 0.1 (1 data
//! file)
//! Data: 8296 freestyle games from the 26 standard openings (openings-26.txt): 8055 SPRT
//! games of Qi's versions of 2026-11-25 against each other at 200 ms per turn and 241
//! gauntlet games against Rapfi-classical at 1 s (qi tune gomoku positions on their qi
//! match SGF files)
//! 293791 positions, scale k = 0.000620 per point, loss 0.138899 -> 0.128833;
//! 32643 held-out positions, loss 0.146647 -> 0.135918.

use crate::weights::{EvalWeights, RoleWeights};

/// The tuned weights (quarter points).
#[rustfmt::skip]
pub const WEIGHTS: EvalWeights = EvalWeights {
    roles: [
        // The side to move.
        RoleWeights {
            pattern: [
                0, // None
                -65, // One
                7, // Two
                125, // OpenTwo
                60, // Three
                1149, // OpenThree
                1025, // Four
                3600, // DoubleFour
                3600, // OpenFour
                24000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                -463, // Three
                11867, // DoubleThree
                -254, // Four
                16759, // FourThree
                3600, // WinFour
                0, // Five
            ],
            combo: [
                7, // TwoOpenTwos
                1157, // ThreeOpenTwos
                442, // OpenTwoThree
                613, // TwoThrees
                1618, // OpenThreeOpenTwo
                2355, // OpenThreeThree
                1653, // FourOpenTwo
                1118, // FourThree
            ],
        },
        // The side waiting.
        RoleWeights {
            pattern: [
                0, // None
                -67, // One
                23, // Two
                100, // OpenTwo
                124, // Three
                220, // OpenThree
                651, // Four
                3000, // DoubleFour
                3000, // OpenFour
                20000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                136, // Three
                705, // DoubleThree
                43, // Four
                4896, // FourThree
                3000, // WinFour
                0, // Five
            ],
            combo: [
                -164, // TwoOpenTwos
                1020, // ThreeOpenTwos
                -36, // OpenTwoThree
                155, // TwoThrees
                440, // OpenThreeOpenTwo
                486, // OpenThreeThree
                893, // FourOpenTwo
                1171, // FourThree
            ],
        },
    ],
};
