//! Which weights each rule plays with, and the sets the tuner writes: freestyle and
//! standard share [`crate::tuned`]; renju has a set per side to move
//! ([`crate::tuned_renju_black`], [`crate::tuned_renju_white`]), because only Black has
//! forbidden points. Kept apart from [`crate::weights`] (the types) so that the generated
//! files depend on the types and this module on both, without a cycle.

use crate::rules::{Color, Rule};
use crate::weights::{EvalWeights, RuleWeights};

/// The weights of freestyle and standard gomoku.
pub const FREESTYLE: RuleWeights = RuleWeights {
    to_move: [crate::tuned::WEIGHTS, crate::tuned::WEIGHTS],
};

/// The weights of renju.
pub const RENJU: RuleWeights = RuleWeights {
    to_move: [
        crate::tuned_renju_black::WEIGHTS,
        crate::tuned_renju_white::WEIGHTS,
    ],
};

/// The rules' weights, one set per [`rule_slot`].
pub const BY_SLOT: [RuleWeights; 2] = [FREESTYLE, RENJU];

/// Which of [`BY_SLOT`] `rule` plays with: the one place that maps rules to weights (the
/// board's packed tables follow the same slots).
pub const fn rule_slot(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle | Rule::Standard => 0,
        Rule::Renju => 1,
    }
}

/// The weights `rule` plays with.
pub fn for_rule(rule: Rule) -> &'static RuleWeights {
    static SETS: [RuleWeights; 2] = BY_SLOT;
    &SETS[rule_slot(rule)]
}

/// The sets of weights the tuner fits, each written to a file of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightSet {
    /// Freestyle and standard, either colour to move (`crate::tuned`).
    Freestyle,
    /// Renju with Black to move (`crate::tuned_renju_black`).
    RenjuBlack,
    /// Renju with White to move (`crate::tuned_renju_white`).
    RenjuWhite,
}

impl WeightSet {
    /// Every set.
    pub const ALL: [WeightSet; 3] = [
        WeightSet::Freestyle,
        WeightSet::RenjuBlack,
        WeightSet::RenjuWhite,
    ];

    /// The set's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            WeightSet::Freestyle => "freestyle",
            WeightSet::RenjuBlack => "renju-black",
            WeightSet::RenjuWhite => "renju-white",
        }
    }

    /// The weights the engine plays with now.
    pub const fn weights(self) -> &'static EvalWeights {
        match self {
            WeightSet::Freestyle => &crate::tuned::WEIGHTS,
            WeightSet::RenjuBlack => &crate::tuned_renju_black::WEIGHTS,
            WeightSet::RenjuWhite => &crate::tuned_renju_white::WEIGHTS,
        }
    }

    /// The source file the set lives in, from the repository's root.
    pub const fn file(self) -> &'static str {
        match self {
            WeightSet::Freestyle => "crates/gomoku/src/tuned.rs",
            WeightSet::RenjuBlack => "crates/gomoku/src/tuned_renju_black.rs",
            WeightSet::RenjuWhite => "crates/gomoku/src/tuned_renju_white.rs",
        }
    }

    /// The set a position of `rule` with `to_move` to move is evaluated with.
    pub const fn of(rule: Rule, to_move: Color) -> WeightSet {
        match (rule, to_move) {
            (Rule::Renju, Color::Black) => WeightSet::RenjuBlack,
            (Rule::Renju, Color::White) => WeightSet::RenjuWhite,
            (Rule::Freestyle | Rule::Standard, _) => WeightSet::Freestyle,
        }
    }
}

impl std::str::FromStr for WeightSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        WeightSet::ALL
            .into_iter()
            .find(|set| set.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                format!("unknown weight set '{s}' (expected freestyle, renju-black or renju-white)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::eval::{evaluate, evaluate_features, features, Evaluator};
    use crate::pattern::Threat;
    use crate::weights::Role;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    #[test]
    fn the_evaluation_is_its_features_times_the_weights() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for size in [9, 15, 20] {
                let mut board = Board::new(size, rule).unwrap();
                for _ in 0..40 {
                    let near: Vec<_> = board.near_points().collect();
                    board.play(near[rng.random_range(0..near.len())]);
                    if board.last_move_won() {
                        break;
                    }
                    let counts = features(&board);
                    let expected = evaluate(&board, Evaluator::Patterns) as i64;
                    let weights = WeightSet::of(rule, board.to_move()).weights();
                    assert_eq!(evaluate_features(&counts, weights), expected);
                    checked += 1;
                }
            }
        }
        assert!(checked > 200, "{checked}");
    }

    /// Each set with its file's name and text.
    fn set_files() -> [(WeightSet, &'static str, &'static str); 3] {
        [
            (WeightSet::Freestyle, "/tuned.rs", include_str!("tuned.rs")),
            (
                WeightSet::RenjuBlack,
                "/tuned_renju_black.rs",
                include_str!("tuned_renju_black.rs"),
            ),
            (
                WeightSet::RenjuWhite,
                "/tuned_renju_white.rs",
                include_str!("tuned_renju_white.rs"),
            ),
        ]
    }

    /// How the renju files, not yet fitted, name the set they derive from instead of
    /// copying it (the path alone, so that rustfmt's line breaks do not matter): White's
    /// names the freestyle set, Black's names White's.
    const DERIVED: [(WeightSet, &str); 2] = [
        (WeightSet::RenjuWhite, "crate::tuned::WEIGHTS"),
        (WeightSet::RenjuBlack, "crate::tuned_renju_white::WEIGHTS"),
    ];

    #[test]
    fn the_tuned_files_are_what_the_writer_writes() {
        for (set, name, file) in set_files() {
            assert!(set.file().ends_with(name));
            // Checked by the test of the unfitted renju sets instead.
            if let Some(&(derived, _)) = DERIVED.iter().find(|(_, path)| file.contains(path)) {
                assert_eq!(set, derived);
                continue;
            }
            let generated = set.weights().to_rust_source("");
            let body = |s: &str| s.find("\nuse crate::weights").map(|i| s[i..].to_string());
            assert!(body(file).is_some());
            assert_eq!(
                body(file),
                body(&generated),
                "regenerate {} with qi tune gomoku fit --weights {}",
                set.file(),
                set.name()
            );
        }
    }

    #[test]
    fn the_unfitted_renju_sets_are_freestyle_s_with_black_s_double_three_worth_nothing() {
        let (black, white, freestyle) = (
            WeightSet::RenjuBlack.weights().flat(),
            WeightSet::RenjuWhite.weights().flat(),
            WeightSet::Freestyle.weights().flat(),
        );
        assert_eq!(white, freestyle);
        // Black's own double three is a foul unless one of its threes is false: worth
        // nothing to Black to move. Nothing else differs, until a renju fit.
        let double_three = crate::weights::threat_index(Role::Mover, Threat::DoubleThree);
        let differing: Vec<usize> = (0..black.len()).filter(|&i| black[i] != white[i]).collect();
        assert_eq!(differing, [double_three]);
        assert_eq!(black[double_three], 0);
        assert!(white[double_three] > 0);
    }

    #[test]
    fn each_rule_and_side_to_move_has_its_set() {
        for set in WeightSet::ALL {
            assert_eq!(set.name().parse::<WeightSet>(), Ok(set));
        }
        assert!("renju".parse::<WeightSet>().is_err());
        assert_eq!(
            WeightSet::of(Rule::Standard, Color::White),
            WeightSet::Freestyle
        );
        assert_eq!(
            WeightSet::of(Rule::Renju, Color::White),
            WeightSet::RenjuWhite
        );
        // A colour's points are worth its own set's mover table when it is to move and
        // the other set's waiter table when it waits.
        let renju = for_rule(Rule::Renju);
        let black = Color::Black.index();
        assert_eq!(
            renju.of(black, Role::Mover),
            &WeightSet::RenjuBlack.weights().roles[0]
        );
        assert_eq!(
            renju.of(black, Role::Waiter),
            &WeightSet::RenjuWhite.weights().roles[1]
        );
        assert_eq!(for_rule(Rule::Freestyle), &FREESTYLE);
        assert_eq!(for_rule(Rule::Standard), &FREESTYLE);
        assert_eq!(for_rule(Rule::Renju), &RENJU);
    }
}
