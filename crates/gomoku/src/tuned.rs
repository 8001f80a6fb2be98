//! The evaluation's weights (see `crate::weights`), as `qi tune gomoku` writes them.
//!
//! Generated: re-run the tuner (docs/tuning.md) instead of editing numbers by hand.
//! Command: qi tune gomoku fit --epochs 3000 --learning-rate 5 --l2 0 --holdout 0.1 (1 data
//! file)
//! Data: 15 490 quiet positions of at most 70 stones, labelled by Rapfi-classical's
//! evaluation after 20 000 nodes (scripts/gomoku_label.py, Black's score = sigmoid(eval /
//! 200)): 12 452 from 400 freestyle self-play games of 3434235 at 150 ms a turn from
//! data/openings/gomoku-balanced.txt, 3 038 from 151 games of 3434235 against
//! Rapfi-classical at 200 ms
//! 13941 positions, scale k = 0.000832 per point, loss 0.061040 -> 0.048337;
//! 1549 held-out positions, loss 0.065038 -> 0.045061.
//!
//! The tempo table, fitted afterwards from a table of zeros, the weights above kept:
//! Command: qi tune gomoku fit --weights freestyle --scope tempo --epochs 3000
//! --learning-rate 5 --l2 0 --holdout 0.1 (1 data file)
//! Data: 22 809 positions labelled with Rapfi-classical's move and evaluation after 30 000
//! nodes (scripts/gomoku_label_moves.py; every position from the third stone on of 400
//! freestyle self-play games of ebc4c47 at 80 ms a move from the balanced book and of 52
//! games of it against Rapfi at 1 s), as data by scripts/gomoku_moves_to_data.py (at most 70
//! stones, games shuffled with seed 7): 19 886 positions, 15 836 of them evaluated.
//! 14253 positions, scale k = 0.000620 per point, loss 0.077614 -> 0.074547;
//! 1583 held-out positions, loss 0.077562 -> 0.073933.

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
        [951, 157, -1928, 1022, 1006, 5911, 0], // None
        [700, -48, 2917, 750, 181, 519, 0], // Three
        [0, 7516, 8333, 8267, -14133, -15194, 0], // DoubleThree
        [-1832, -437, 757, 383, 674, -1164, 0], // Four
        [6449, 8351, 9158, 7403, 8448, 11603, 0], // FourThree
        [0, 0, 0, 0, 0, 0, 0], // WinFour
        [0, 0, 0, 0, 0, 0, 0], // Five
    ],
};
