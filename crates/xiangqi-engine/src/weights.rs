//! The evaluation's weights as data: material, piece-square bonuses and the positional
//! terms, each with a middle-game and an end-game value.
//!
//! The evaluation is linear in these weights (before the blend by game phase), which is
//! what lets a tuner fit them to game results: [`crate::eval::trace`] lists how often each
//! weight counts in a position, and `qi tune xiangqi` fits them and writes the numbers
//! back as Rust source ([`EvalWeights::to_rust_source`]) into `tuned.rs`. The engine plays
//! with [`crate::tuned::WEIGHTS`], compiled in as constants so a weight costs no more
//! than a literal.

use qi_xiangqi::PieceKind;

/// A middle-game and an end-game value, in centipawn-like units (a crossed soldier ≈ 100).
pub type PhasePair = (i32, i32);

/// Files counted from the central file: 0 is the general's file, 4 an edge. The tables
/// are left-right symmetric, so one column serves two files.
pub const FILE_COLUMNS: usize = 5;

/// Ranks counted from the owner's back rank.
pub const RANKS: usize = 10;

/// The positional terms beside material and piece-square values. Each counts something
/// in one side's position (a move of a chariot, a missing advisor against an enemy horse);
/// its weight is what one count is worth to that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Each square a chariot reaches beyond seven.
    ChariotMobility,
    /// Each square a horse reaches beyond four (a hobbled leg blocks two).
    HorseMobility,
    /// A horse with one exit or none.
    HorseTrapped,
    /// A crossed soldier with an own crossed soldier beside it (counted once per pair).
    ConnectedSoldiers,
    /// A missing advisor.
    MissingAdvisor,
    /// A missing advisor for each enemy chariot.
    MissingAdvisorVsChariot,
    /// A missing advisor for each enemy horse (horses exploit the empty palace points).
    MissingAdvisorVsHorse,
    /// A missing elephant.
    MissingElephant,
    /// A missing elephant for each enemy chariot.
    MissingElephantVsChariot,
    /// A missing elephant for each enemy cannon (no screens to block it).
    MissingElephantVsCannon,
    /// Enemy attackers across the river (a chariot counts two).
    CrossedAttackers,
    /// Crossed enemy attackers for each missing advisor.
    CrossedAttackersVsMissingAdvisor,
    /// Crossed enemy attackers for each missing elephant.
    CrossedAttackersVsMissingElephant,
    /// An enemy cannon facing the general with nothing between ("empty-head cannon").
    EmptyHeadCannon,
    /// An enemy cannon facing the general behind two screens, which it pins.
    CannonBehindTwoScreens,
    /// An enemy chariot facing the general behind one piece, which it pins.
    ChariotPinOnGeneralFile,
    /// No own piece right in front of the general while the enemy has chariots or cannons.
    OpenGeneralFile,
    /// The open general's file for each enemy chariot.
    OpenGeneralFileVsChariot,
    /// The general off its back rank while enemy attackers are across the river.
    GeneralOffHomeRank,
}

/// Number of [`Term`]s.
pub const TERM_COUNT: usize = 19;

impl Term {
    /// Every term, in declaration (and storage) order.
    pub const ALL: [Term; TERM_COUNT] = [
        Term::ChariotMobility,
        Term::HorseMobility,
        Term::HorseTrapped,
        Term::ConnectedSoldiers,
        Term::MissingAdvisor,
        Term::MissingAdvisorVsChariot,
        Term::MissingAdvisorVsHorse,
        Term::MissingElephant,
        Term::MissingElephantVsChariot,
        Term::MissingElephantVsCannon,
        Term::CrossedAttackers,
        Term::CrossedAttackersVsMissingAdvisor,
        Term::CrossedAttackersVsMissingElephant,
        Term::EmptyHeadCannon,
        Term::CannonBehindTwoScreens,
        Term::ChariotPinOnGeneralFile,
        Term::OpenGeneralFile,
        Term::OpenGeneralFileVsChariot,
        Term::GeneralOffHomeRank,
    ];
}

/// Every weight of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Material of each kind, in [`PieceKind`] order.
    pub material: [PhasePair; 7],
    /// Piece-square bonus `psq[kind][rank][column]`: rank from the owner's back rank,
    /// column the distance from the central file. Added to the material.
    pub psq: [[[PhasePair; FILE_COLUMNS]; RANKS]; 7],
    /// The positional terms, in [`Term::ALL`] order.
    pub terms: [PhasePair; TERM_COUNT],
    /// Bonus for having the move (added after the phase blend).
    pub tempo: i32,
}

/// Number of phase pairs in [`EvalWeights`] (the tempo aside): the length of a flat
/// parameter vector's middle-game (or end-game) half.
pub const PAIR_COUNT: usize = 7 + 7 * RANKS * FILE_COLUMNS + TERM_COUNT;

/// Flat index of a kind's material.
pub const fn material_index(kind: PieceKind) -> usize {
    kind as usize
}

/// Flat index of a piece-square bonus.
pub const fn psq_index(kind: PieceKind, rank: usize, column: usize) -> usize {
    7 + (kind as usize * RANKS + rank) * FILE_COLUMNS + column
}

/// Flat index of a positional term.
pub const fn term_index(term: Term) -> usize {
    7 + 7 * RANKS * FILE_COLUMNS + term as usize
}

impl EvalWeights {
    /// The phase pairs in flat order ([`material_index`], [`psq_index`], [`term_index`]).
    pub fn pairs(&self) -> Vec<PhasePair> {
        let mut out = Vec::with_capacity(PAIR_COUNT);
        out.extend_from_slice(&self.material);
        for kind in &self.psq {
            for rank in kind {
                out.extend_from_slice(rank);
            }
        }
        out.extend_from_slice(&self.terms);
        out
    }

    /// Weights from phase pairs in flat order and a tempo; `None` when the length is wrong.
    pub fn from_pairs(pairs: &[PhasePair], tempo: i32) -> Option<EvalWeights> {
        if pairs.len() != PAIR_COUNT {
            return None;
        }
        let mut w = EvalWeights {
            material: [(0, 0); 7],
            psq: [[[(0, 0); FILE_COLUMNS]; RANKS]; 7],
            terms: [(0, 0); TERM_COUNT],
            tempo,
        };
        w.material.copy_from_slice(&pairs[..7]);
        for kind in PieceKind::ALL {
            for rank in 0..RANKS {
                let at = psq_index(kind, rank, 0);
                w.psq[kind as usize][rank].copy_from_slice(&pairs[at..at + FILE_COLUMNS]);
            }
        }
        w.terms
            .copy_from_slice(&pairs[term_index(Term::ChariotMobility)..]);
        Some(w)
    }

    /// These weights as the Rust source of `tuned.rs`, with `header` as its doc comment.
    pub fn to_rust_source(&self, header: &str) -> String {
        let pair = |(m, e): PhasePair| format!("({m}, {e})");
        let mut s = String::new();
        for line in header.lines() {
            s.push_str(format!("//! {line}").trim_end());
            s.push('\n');
        }
        s.push_str("\nuse crate::weights::EvalWeights;\n\n");
        s.push_str("/// The tuned weights.\n#[rustfmt::skip]\npub const WEIGHTS: EvalWeights = EvalWeights {\n");
        s.push_str("    material: [\n");
        for kind in PieceKind::ALL {
            s.push_str(&format!(
                "        {}, // {kind:?}\n",
                pair(self.material[kind as usize])
            ));
        }
        s.push_str("    ],\n    psq: [\n");
        for kind in PieceKind::ALL {
            s.push_str(&format!(
                "        // {kind:?}: ranks from the own back rank, columns from the centre\n        [\n"
            ));
            for rank in &self.psq[kind as usize] {
                let row: Vec<String> = rank.iter().map(|&p| pair(p)).collect();
                s.push_str(&format!("            [{}],\n", row.join(", ")));
            }
            s.push_str("        ],\n");
        }
        s.push_str("    ],\n    terms: [\n");
        for term in Term::ALL {
            s.push_str(&format!(
                "        {}, // {term:?}\n",
                pair(self.terms[term as usize])
            ));
        }
        s.push_str(&format!("    ],\n    tempo: {},\n}};\n", self.tempo));
        s
    }
}
