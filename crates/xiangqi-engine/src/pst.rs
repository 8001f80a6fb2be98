//! Material and piece-square values for both game phases, as lookup tables.
//!
//! Values are in centipawn-like units where a soldier that has crossed the river is worth
//! about 100. Each table entry already includes the piece's material, so the incremental
//! accumulator in [`crate::eval`] needs one lookup per change. The numbers come from
//! [`crate::tuned::WEIGHTS`] (material plus a left-right symmetric bonus per square).

use crate::tuned::WEIGHTS;
use crate::weights::PhasePair;
use qi_xiangqi::{Color, Piece, PieceKind, Square};

/// Middle-game and end-game value of one piece on one square, from its owner's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseValue {
    /// Value while many attacking pieces remain.
    pub mg: i32,
    /// Value once most attacking pieces are gone.
    pub eg: i32,
}

/// Material of each kind `(mg, eg)`, in [`PieceKind`] order (from the weights).
pub const MATERIAL: [PhasePair; 7] = WEIGHTS.material;

/// Phase weight of each kind: chariots, horses and cannons are what attacks a palace.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];

/// Phase of the starting material (2 × (2·6 + 2·3 + 2·3)).
pub const MAX_PHASE: i32 = 48;

/// A square as the piece-square bonus sees it: the rank from `color`'s back rank and the
/// distance of its file from the central file.
pub fn relative(color: Color, sq: Square) -> (usize, usize) {
    let rank = match color {
        Color::Red => sq.rank() as usize,
        Color::Black => 9 - sq.rank() as usize,
    };
    (rank, (sq.file() as i32 - 4).unsigned_abs() as usize)
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
                    let (rank, column) = relative(color, sq);
                    let (bm, be) = WEIGHTS.psq[kind as usize][rank][column];
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
    fn material_keeps_its_order() {
        // Whatever the tuner writes, a chariot outweighs a horse or a cannon, each of
        // those outweighs a soldier at home, and a soldier gains by crossing the river.
        let t = tables();
        let red = |kind, file, rank| {
            let v = t.get(
                Piece::new(Color::Red, kind),
                Square::new(file, rank).unwrap(),
            );
            v.mg + v.eg
        };
        let chariot = red(PieceKind::Chariot, 0, 0);
        for minor in [red(PieceKind::Horse, 1, 0), red(PieceKind::Cannon, 1, 2)] {
            assert!(chariot > minor && minor > red(PieceKind::Soldier, 4, 3));
        }
        assert!(red(PieceKind::Soldier, 4, 5) > red(PieceKind::Soldier, 4, 3));
    }
}
