//! Material and piece-square values for both game phases.
//!
//! Values are in centipawn-like units where a soldier that has crossed the river is worth
//! about 100. Each table entry already includes the piece's material, so the incremental
//! accumulator in [`crate::eval`] needs one lookup per change.
//!
//! Tables are built from a few readable rules (centralisation, advancement towards the
//! enemy palace, crossing the river) instead of 90 hand-typed numbers per piece, so the
//! intent of every bonus is visible and the tables stay left-right symmetric.

use qi_xiangqi::{Color, Piece, PieceKind, Square};

/// Middle-game and end-game value of one piece on one square, from its owner's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseValue {
    /// Value while many attacking pieces remain.
    pub mg: i32,
    /// Value once most attacking pieces are gone.
    pub eg: i32,
}

/// Material of each kind `(mg, eg)`, in [`PieceKind`] order. The horse gains and the cannon
/// loses value as the board empties: the cannon needs screens, the horse needs open points.
pub const MATERIAL: [(i32, i32); 7] = [
    (0, 0),     // general: never captured in a legal game
    (110, 95),  // advisor
    (110, 95),  // elephant
    (270, 310), // horse
    (600, 650), // chariot
    (290, 260), // cannon
    (30, 45),   // soldier before the river; the table adds the crossing bonus
];

/// Phase weight of each kind: chariots, horses and cannons are what attacks a palace.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];

/// Phase of the starting material (2 × (2·6 + 2·3 + 2·3)).
pub const MAX_PHASE: i32 = 48;

/// Bonus by square for one kind, given the file (0..9) and the rank counted from the
/// owner's back rank (0..10).
fn bonus(kind: PieceKind, file: i32, rank: i32) -> (i32, i32) {
    let centre = (file - 4).abs(); // 0 on the central file
    match kind {
        PieceKind::General => {
            // The general belongs on its home point; leaving the back rank exposes it in
            // the middle game, while in the ending an active general helps.
            let mg = -12 * rank - 6 * centre;
            let eg = -4 * rank - 2 * centre;
            (mg, eg)
        }
        PieceKind::Advisor => {
            let c = if file == 4 && rank == 1 { 8 } else { 0 };
            (c, c / 2)
        }
        PieceKind::Elephant => {
            let c = match (file, rank) {
                (4, 2) => 8,
                (2, 0) | (6, 0) => 3,
                (0, 2) | (8, 2) => -6,
                _ => 0,
            };
            (c, c / 2)
        }
        PieceKind::Horse => {
            let advance = match rank {
                0 => -12,
                1 | 2 => 0,
                3 | 4 => 6,
                5 | 6 => 16,
                7 | 8 => 22,
                _ => 2,
            };
            let near_palace = if (3..=5).contains(&file) && (7..=8).contains(&rank) {
                10
            } else {
                0
            };
            let edge = if file == 0 || file == 8 { -14 } else { 0 };
            let mg = advance + near_palace + edge - 4 * centre;
            let eg = advance / 2 + edge / 2 - 3 * centre;
            (mg, eg)
        }
        PieceKind::Chariot => {
            let advance = match rank {
                0 => -4,
                1..=3 => 0,
                4 | 5 => 8,
                6..=8 => 14,
                _ => 6,
            };
            let file_bonus = match file {
                3 | 5 => 6,
                4 => 4,
                _ => 0,
            };
            (advance + file_bonus, advance / 2)
        }
        PieceKind::Cannon => {
            // Central cannon (the most common opening plan) and cannons near the
            // opponent's back ranks threaten the palace; an edge cannon is passive.
            let central = if file == 4 { 14 } else { 0 };
            let deep = match rank {
                9 => 10,
                7 | 8 => 2,
                _ => 0,
            };
            let edge = if file == 0 || file == 8 { -8 } else { 0 };
            (central + deep + edge, edge / 2)
        }
        PieceKind::Soldier => {
            if rank <= 4 {
                // Before the river: the soldier on the river bank is slightly more useful.
                let v = if rank == 4 { 8 } else { 0 };
                (v, v)
            } else {
                let advance = match rank {
                    5 => 0,
                    6 => 12,
                    7 => 22,
                    8 => 22,
                    _ => -25, // a soldier on the last rank can only move sideways
                };
                let palace = match centre {
                    0 => 18,
                    1 => 14,
                    2 => 4,
                    _ => -4,
                };
                (70 + advance + palace, 80 + advance + palace)
            }
        }
    }
}

/// `TABLE[piece.index()][square.index()]`: material plus square bonus, from the owner's view.
pub struct Tables {
    values: [[PhaseValue; 90]; 14],
}

impl Tables {
    fn build() -> Tables {
        let mut values = [[PhaseValue::default(); 90]; 14];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                let (mm, me) = MATERIAL[kind as usize];
                for sq in Square::all() {
                    let rank = match color {
                        Color::Red => sq.rank() as i32,
                        Color::Black => 9 - sq.rank() as i32,
                    };
                    let (bm, be) = bonus(kind, sq.file() as i32, rank);
                    values[piece.index()][sq.index()] = PhaseValue {
                        mg: mm + bm,
                        eg: me + be,
                    };
                }
            }
        }
        Tables { values }
    }

    /// Value of `piece` on `sq` from the owner's view.
    #[inline]
    pub fn get(&self, piece: Piece, sq: Square) -> PhaseValue {
        self.values[piece.index()][sq.index()]
    }
}

/// The process-wide tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_mirror_symmetric_between_colours() {
        let t = tables();
        for kind in PieceKind::ALL {
            for sq in Square::all() {
                let mirrored = Square::new(8 - sq.file(), 9 - sq.rank()).unwrap();
                assert_eq!(
                    t.get(Piece::new(Color::Red, kind), sq),
                    t.get(Piece::new(Color::Black, kind), mirrored)
                );
            }
        }
    }

    #[test]
    fn crossed_soldier_is_worth_about_one_hundred() {
        let v = tables().get(
            Piece::new(Color::Red, PieceKind::Soldier),
            Square::new(4, 5).unwrap(),
        );
        assert!((80..=130).contains(&v.mg), "{v:?}");
    }
}
