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
//!
//! Then every weight above refitted together on the tempo fit's data, starting from the
//! weights it left (the points' fit of quiet positions and the table):
//! Command: qi tune gomoku fit --weights freestyle --scope all --epochs 3000
//! --learning-rate 5 --l2 0 --holdout 0.1 (1 data file; the same data as the tempo fit)
//! 14253 positions, scale k = 0.000628 per point, loss 0.074543 -> 0.068030;
//! 1583 held-out positions, loss 0.073932 -> 0.070035.

use crate::weights::{EvalWeights, RoleWeights};

/// The tuned weights (quarter points).
#[rustfmt::skip]
pub const WEIGHTS: EvalWeights = EvalWeights {
    roles: [
        // The side to move.
        RoleWeights {
            pattern: [
                0, // None
                -8, // One
                41, // Two
                134, // OpenTwo
                200, // Three
                368, // OpenThree
                1451, // Four
                3600, // DoubleFour
                3600, // OpenFour
                24000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                649, // Three
                7354, // DoubleThree
                86, // Four
                36449, // FourThree
                3600, // WinFour
                0, // Five
            ],
            combo: [
                262, // TwoOpenTwos
                -617, // ThreeOpenTwos
                734, // OpenTwoThree
                1093, // TwoThrees
                850, // OpenThreeOpenTwo
                1225, // OpenThreeThree
                2238, // FourOpenTwo
                2339, // FourThree
            ],
        },
        // The side waiting.
        RoleWeights {
            pattern: [
                0, // None
                -16, // One
                64, // Two
                80, // OpenTwo
                183, // Three
                806, // OpenThree
                1032, // Four
                3000, // DoubleFour
                3000, // OpenFour
                20000, // Five
                0, // Overline
            ],
            threat: [
                0, // None
                39, // Three
                -78, // DoubleThree
                319, // Four
                12287, // FourThree
                3000, // WinFour
                0, // Five
            ],
            combo: [
                338, // TwoOpenTwos
                -373, // ThreeOpenTwos
                519, // OpenTwoThree
                782, // TwoThrees
                436, // OpenThreeOpenTwo
                490, // OpenThreeThree
                1735, // FourOpenTwo
                1885, // FourThree
            ],
        },
    ],
    // By the side to move's strongest threat class (rows), then the side
    // waiting's (columns): None, Three, DoubleThree, Four, FourThree, WinFour, Five.
    tempo: [
        [-1432, -1884, -2891, -684, 7405, 3712, 0], // None
        [-1216, -1461, 3653, 55, 7714, -298, 0], // Three
        [0, 18642, 21873, 22836, 1272, -17919, 0], // DoubleThree
        [-2995, -622, 2066, 615, 8424, -1248, 0], // Four
        [7780, 11802, 15244, 9537, 16077, 22197, 0], // FourThree
        [0, 0, 0, 0, 0, 0, 0], // WinFour
        [0, 0, 0, 0, 0, 0, 0], // Five
    ],
};
