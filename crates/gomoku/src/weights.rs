//! The evaluation's weights as data: what each line pattern and each threat class of an
//! empty point is worth, once for the side to move and once for the side waiting.
//!
//! The evaluation ([`crate::eval`]) sums, over every empty point, the value of a stone
//! placed there: per line the pattern it would make, plus a bonus for the point's threat
//! class (the combination the four lines make), plus a bonus for each building combination
//! ([`Combo`]) its lines make: shapes that threaten nothing yet but make a double threat
//! one move later, which a sum of per-line terms cannot tell from the same lines spread
//! over different points. The side to move converts its threats
//! first, so its points are weighed with their own table. To the difference of the two
//! sums it adds one entry of the tempo table, picked by both sides' strongest threat
//! classes: who has the initiative, which no sum over points tells (a double-three point
//! wins for the side to move unless the other side can answer with fours). Values are in
//! quarter points: the evaluation divides the total by [`EVAL_DIVISOR`].
//!
//! The numbers live in [`crate::tuned`] (and the renju sets beside it, gathered in
//! [`crate::weight_sets`]), written by `qi tune gomoku fit` (docs/tuning.md).
//! The features the tuner fits are the counts [`crate::eval::features`] returns: the
//! evaluation is linear in them, and [`crate::eval::evaluate_features`] recomputes it from
//! them exactly.

use crate::pattern::{Pattern, Threat};

/// Line patterns (`Pattern as u8`).
pub const PATTERNS: usize = 11;

/// A building combination of an empty point's four line patterns: each one a point has
/// adds its weight (a point may have several).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Combo {
    /// Two or more open twos: the next stone there makes two open threes' material.
    TwoOpenTwos = 0,
    /// Three or more open twos.
    ThreeOpenTwos,
    /// An open two and a closed three.
    OpenTwoThree,
    /// Two or more closed threes: the next stone makes two fours' material.
    TwoThrees,
    /// An open three and an open two.
    OpenThreeOpenTwo,
    /// An open three and a closed three.
    OpenThreeThree,
    /// A four and an open two.
    FourOpenTwo,
    /// A four and a closed three.
    FourThree,
}

impl Combo {
    /// Number of combinations.
    pub const COUNT: usize = 8;

    /// Every combination, in index order.
    pub const ALL: [Combo; Combo::COUNT] = [
        Combo::TwoOpenTwos,
        Combo::ThreeOpenTwos,
        Combo::OpenTwoThree,
        Combo::TwoThrees,
        Combo::OpenThreeOpenTwo,
        Combo::OpenThreeThree,
        Combo::FourOpenTwo,
        Combo::FourThree,
    ];

    /// The combinations four direction patterns (`Pattern as u8`) make, one bit per
    /// [`Combo`] index.
    pub const fn mask(pats: &[u8; 4]) -> u8 {
        let (mut fours, mut open_threes, mut threes, mut open_twos) = (0, 0, 0, 0);
        let mut d = 0;
        while d < 4 {
            let p = pats[d];
            if p == Pattern::Four as u8 {
                fours += 1;
            } else if p == Pattern::OpenThree as u8 {
                open_threes += 1;
            } else if p == Pattern::Three as u8 {
                threes += 1;
            } else if p == Pattern::OpenTwo as u8 {
                open_twos += 1;
            }
            d += 1;
        }
        let flags = [
            open_twos >= 2,
            open_twos >= 3,
            open_twos >= 1 && threes >= 1,
            threes >= 2,
            open_threes >= 1 && open_twos >= 1,
            open_threes >= 1 && threes >= 1,
            fours >= 1 && open_twos >= 1,
            fours >= 1 && threes >= 1,
        ];
        let mut mask = 0;
        let mut i = 0;
        while i < Combo::COUNT {
            if flags[i] {
                mask |= 1 << i;
            }
            i += 1;
        }
        mask
    }
}

/// The evaluation divides (mover's sum − waiter's sum) by this: weights are quarter points.
pub const EVAL_DIVISOR: i64 = 4;

/// The two roles a side plays in the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The side to move.
    Mover = 0,
    /// The other side.
    Waiter = 1,
}

impl Role {
    /// Both roles, mover first.
    pub const ALL: [Role; 2] = [Role::Mover, Role::Waiter];
}

/// What an empty point's shapes are worth to a side in a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleWeights {
    /// Per line pattern a stone there would make (`Pattern as u8`).
    pub pattern: [i32; PATTERNS],
    /// Per threat class of the point (`Threat as u8`): the combination bonus.
    pub threat: [i32; Threat::COUNT],
    /// Per building combination of the point ([`Combo`]).
    pub combo: [i32; Combo::COUNT],
}

/// The evaluation's weights: one table for the side to move, one for the side waiting,
/// and the tempo table over both sides' strongest threats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Indexed by [`Role`].
    pub roles: [RoleWeights; 2],
    /// Indexed by the side to move's strongest threat class, then the waiting side's
    /// (`Threat as u8`; [`crate::board::Board::best_threat`], where a side with forbidden
    /// points has its double three read as a three, a foul being no threat): who has the
    /// initiative is not a sum over points (the same open-three point is a winning tempo
    /// for the side to move when the other side has no four to answer with, and only a
    /// block's worth when it has), so the evaluation adds one entry of this table.
    pub tempo: [[i32; Threat::COUNT]; Threat::COUNT],
}

/// The weights a rule plays with: one set per side to move, indexed by the colour to move
/// (`Color::index`). Freestyle and standard use the same set for both colours; renju,
/// where only Black has forbidden points, has a set of its own for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleWeights {
    /// The weights of a position with Black to move, then with White to move.
    pub to_move: [EvalWeights; 2],
}

impl RuleWeights {
    /// What the points of the colour of index `color` are worth in `role`: the side to
    /// move's table of the set where that colour moves, or the side waiting's table of the
    /// set where the other colour moves.
    pub const fn of(&self, color: usize, role: Role) -> &RoleWeights {
        match role {
            Role::Mover => &self.to_move[color].roles[0],
            Role::Waiter => &self.to_move[1 - color].roles[1],
        }
    }
}

/// Features per role: the patterns, then the threat classes, then the combinations.
pub const ROLE_FEATURES: usize = PATTERNS + Threat::COUNT + Combo::COUNT;

/// Features of the tempo table: one per pair of strongest threat classes.
pub const TEMPO_FEATURES: usize = Threat::COUNT * Threat::COUNT;

/// The flat index of the tempo table's first entry: after both roles' tables.
pub const TEMPO_START: usize = 2 * ROLE_FEATURES;

/// Number of weights (and features): both roles' tables, then the tempo table.
pub const WEIGHT_COUNT: usize = TEMPO_START + TEMPO_FEATURES;

/// The flat index of a pattern's weight in a role.
pub fn pattern_index(role: Role, pattern: Pattern) -> usize {
    role as usize * ROLE_FEATURES + pattern as usize
}

/// The flat index of a threat class's weight in a role.
pub fn threat_index(role: Role, threat: Threat) -> usize {
    role as usize * ROLE_FEATURES + PATTERNS + threat as usize
}

/// The flat index of a combination's weight in a role.
pub fn combo_index(role: Role, combo: Combo) -> usize {
    role as usize * ROLE_FEATURES + PATTERNS + Threat::COUNT + combo as usize
}

/// The flat index of the tempo table's entry for the side to move's strongest threat
/// class `mover` and the waiting side's `waiter`.
pub fn tempo_index(mover: Threat, waiter: Threat) -> usize {
    TEMPO_START + mover as usize * Threat::COUNT + waiter as usize
}

impl RoleWeights {
    /// The value of a point with direction patterns `pats` and threat class `threat`.
    #[inline]
    pub fn point_value(&self, pats: &[u8; 4], threat: Threat) -> i32 {
        let mask = Combo::mask(pats);
        pats.iter()
            .map(|&p| self.pattern[(p as usize).min(PATTERNS - 1)])
            .sum::<i32>()
            + self.threat[threat as usize]
            + self.combo_value(mask)
    }

    /// The sum of the weights of the combinations in `mask` ([`Combo::mask`]).
    pub const fn combo_value(&self, mask: u8) -> i32 {
        let mut sum = 0;
        let mut i = 0;
        while i < Combo::COUNT {
            if mask & (1 << i) != 0 {
                sum += self.combo[i];
            }
            i += 1;
        }
        sum
    }
}

impl EvalWeights {
    /// These weights with the side to move's bonus for a point of class `threat` set to
    /// `value`: a set derived by hand from another (see `crate::tuned_renju_black`).
    pub const fn with_mover_threat(self, threat: Threat, value: i32) -> EvalWeights {
        let mut weights = self;
        weights.roles[Role::Mover as usize].threat[threat as usize] = value;
        weights
    }

    /// The weights in flat order (see [`pattern_index`], [`threat_index`]).
    pub fn flat(&self) -> Vec<i32> {
        self.roles
            .iter()
            .flat_map(|r| {
                r.pattern
                    .iter()
                    .chain(r.threat.iter())
                    .chain(r.combo.iter())
                    .copied()
            })
            .chain(self.tempo.iter().flatten().copied())
            .collect()
    }

    /// Weights from flat values (rounded); `None` for the wrong length.
    pub fn from_flat(values: &[f64]) -> Option<EvalWeights> {
        if values.len() != WEIGHT_COUNT {
            return None;
        }
        let mut w = EvalWeights {
            roles: [RoleWeights {
                pattern: [0; PATTERNS],
                threat: [0; Threat::COUNT],
                combo: [0; Combo::COUNT],
            }; 2],
            tempo: [[0; Threat::COUNT]; Threat::COUNT],
        };
        for role in Role::ALL {
            let base = role as usize * ROLE_FEATURES;
            let r = &mut w.roles[role as usize];
            for (i, v) in r.pattern.iter_mut().enumerate() {
                *v = values[base + i].round() as i32;
            }
            for (i, v) in r.threat.iter_mut().enumerate() {
                *v = values[base + PATTERNS + i].round() as i32;
            }
            for (i, v) in r.combo.iter_mut().enumerate() {
                *v = values[base + PATTERNS + Threat::COUNT + i].round() as i32;
            }
        }
        for (i, v) in w.tempo.iter_mut().flatten().enumerate() {
            *v = values[TEMPO_START + i].round() as i32;
        }
        Some(w)
    }

    /// The weights as the Rust source of `crate::tuned`, under a header of `//!` lines.
    pub fn to_rust_source(&self, header: &str) -> String {
        const PATTERN_NAMES: [&str; PATTERNS] = [
            "None",
            "One",
            "Two",
            "OpenTwo",
            "Three",
            "OpenThree",
            "Four",
            "DoubleFour",
            "OpenFour",
            "Five",
            "Overline",
        ];
        const THREAT_NAMES: [&str; Threat::COUNT] = [
            "None",
            "Three",
            "DoubleThree",
            "Four",
            "FourThree",
            "WinFour",
            "Five",
        ];
        let mut s = String::new();
        for line in header.lines() {
            s.push_str(format!("//! {line}").trim_end());
            s.push('\n');
        }
        s.push_str("\nuse crate::weights::{EvalWeights, RoleWeights};\n\n");
        s.push_str("/// The tuned weights (quarter points).\n#[rustfmt::skip]\n");
        s.push_str("pub const WEIGHTS: EvalWeights = EvalWeights {\n    roles: [\n");
        for (role, name) in [(Role::Mover, "to move"), (Role::Waiter, "waiting")] {
            let r = &self.roles[role as usize];
            s.push_str(&format!(
                "        // The side {name}.\n        RoleWeights {{\n"
            ));
            s.push_str("            pattern: [\n");
            for (v, n) in r.pattern.iter().zip(PATTERN_NAMES) {
                s.push_str(&format!("                {v}, // {n}\n"));
            }
            s.push_str("            ],\n            threat: [\n");
            for (v, n) in r.threat.iter().zip(THREAT_NAMES) {
                s.push_str(&format!("                {v}, // {n}\n"));
            }
            s.push_str("            ],\n            combo: [\n");
            for (v, n) in r.combo.iter().zip(Combo::ALL) {
                s.push_str(&format!("                {v}, // {n:?}\n"));
            }
            s.push_str("            ],\n        },\n");
        }
        s.push_str(
            "    ],\n    // By the side to move's strongest threat class (rows), then the side\n",
        );
        s.push_str(&format!(
            "    // waiting's (columns): {}.\n",
            THREAT_NAMES.join(", ")
        ));
        s.push_str("    tempo: [\n");
        for (row, n) in self.tempo.iter().zip(THREAT_NAMES) {
            let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            s.push_str(&format!("        [{}], // {n}\n", cells.join(", ")));
        }
        s.push_str("    ],\n};\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_survive_the_flat_form_and_the_source_form() {
        let w = crate::tuned::WEIGHTS;
        let flat: Vec<f64> = w.flat().iter().map(|&v| v as f64).collect();
        assert_eq!(EvalWeights::from_flat(&flat), Some(w));
        assert_eq!(EvalWeights::from_flat(&flat[1..]), None);
        assert_eq!(
            flat[pattern_index(Role::Waiter, Pattern::OpenThree)],
            w.roles[1].pattern[Pattern::OpenThree as usize] as f64
        );
        assert_eq!(
            flat[threat_index(Role::Mover, Threat::WinFour)],
            w.roles[0].threat[Threat::WinFour as usize] as f64
        );
        let source = w.to_rust_source("A header.");
        assert!(source.starts_with("//! A header.\n"));
        assert!(source.contains("pub const WEIGHTS: EvalWeights"));
    }
}
