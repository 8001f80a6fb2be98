//! Static exchange evaluation: what a capture wins once every piece bearing on its target
//! square has recaptured, cheapest first, each side free to stop.
//!
//! The exchange is played out on a copy of the board, so a piece that moves away can
//! uncover a chariot behind it, and a cannon gains or loses its screen exactly as on the
//! board. Pins and checks elsewhere are ignored (as engines usually do); a general only
//! recaptures when the other side has nothing left that attacks the square. The piece
//! values are the caller's: the rules know how pieces move, the engine what they are worth.

use crate::attacks::DIAG_PARTS;
use crate::position::Position;
use crate::tables::{step, DIAG, EMPTY, OFF, ORTHO, OWN_HALF, PALACE};
use crate::types::{Move, PieceKind};

/// The square of the least valuable piece of colour `c` (0 Red, 1 Black) attacking `t` on
/// `board`, with its kind; `order` lists the kinds from the cheapest.
fn least_valuable_attacker(
    board: &[u8; 256],
    t: u8,
    c: usize,
    order: &[PieceKind; 7],
) -> Option<(u8, PieceKind)> {
    let own = |kind: PieceKind| ((c as u8) << 3) + kind as u8 + 1;
    for &kind in order {
        let piece = own(kind);
        let found = match kind {
            PieceKind::Soldier => {
                // A soldier moves forward (Red up the ranks, +16), and sideways once it has
                // crossed the river, which the target then has too (same rank).
                let behind = if c == 0 { step(t, -16) } else { step(t, 16) };
                if board[behind as usize] == piece {
                    Some(behind)
                } else if !OWN_HALF[c][t as usize] {
                    [step(t, 1), step(t, -1)]
                        .into_iter()
                        .find(|&s| board[s as usize] == piece)
                } else {
                    None
                }
            }
            PieceKind::Advisor if PALACE[c][t as usize] => DIAG
                .iter()
                .map(|&d| step(t, d))
                .find(|&s| board[s as usize] == piece),
            PieceKind::Elephant if OWN_HALF[c][t as usize] => DIAG
                .iter()
                .filter(|&&d| board[step(t, d) as usize] == EMPTY)
                .map(|&d| step(step(t, d), d))
                .find(|&s| board[s as usize] == piece),
            PieceKind::Horse => {
                // A horse reaching `t` has its leg on a diagonal neighbour of `t`, and stands
                // one vertical or one horizontal step beyond it.
                DIAG.iter()
                    .zip(DIAG_PARTS)
                    .filter(|&(&d, _)| board[step(t, d) as usize] == EMPTY)
                    .flat_map(|(&d, (v, h))| [step(step(t, d), v), step(step(t, d), h)])
                    .find(|&s| board[s as usize] == piece)
            }
            PieceKind::Chariot => ORTHO.iter().find_map(|&d| {
                let s = first_piece(board, t, d);
                (board[s as usize] == piece).then_some(s)
            }),
            PieceKind::Cannon => ORTHO.iter().find_map(|&d| {
                let screen = first_piece(board, t, d);
                if board[screen as usize] == OFF {
                    return None;
                }
                let s = first_piece(board, screen, d);
                (board[s as usize] == piece).then_some(s)
            }),
            PieceKind::General if PALACE[c][t as usize] => ORTHO
                .iter()
                .map(|&d| step(t, d))
                .find(|&s| board[s as usize] == piece),
            _ => None,
        };
        if let Some(s) = found {
            return Some((s, kind));
        }
    }
    None
}

/// The first non-empty point from `from` (exclusive) in direction `d`: a piece or padding.
fn first_piece(board: &[u8; 256], from: u8, d: i8) -> u8 {
    let mut s = step(from, d);
    while board[s as usize] == EMPTY {
        s = step(s, d);
    }
    s
}

/// Piece values for [`Position::see`], by kind, with the kinds ordered from the cheapest
/// (made once; the exchange takes with the cheapest attacker first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExchangeValues {
    values: [i32; 7],
    order: [PieceKind; 7],
}

impl ExchangeValues {
    /// `values[kind as usize]` is the worth of each kind; the general's should exceed all
    /// the others together.
    pub fn new(values: [i32; 7]) -> ExchangeValues {
        let mut order = PieceKind::ALL;
        order.sort_by_key(|&k| values[k as usize]);
        ExchangeValues { values, order }
    }
}

impl Position {
    /// Static exchange value of the legal move `mv` for the side making it: the captured
    /// piece, less what the opponent wins back on the square by the best sequence of
    /// recaptures, each side capturing with its cheapest piece and free to stop. A quiet
    /// move scores minus what the opponent can win by capturing the moved piece.
    pub fn see(&self, mv: Move, worth: &ExchangeValues) -> i32 {
        let (f, t) = (mv.origin_index(), mv.target_index());
        let (values, order) = (&worth.values, &worth.order);
        let mut board = self.board;
        let value_of = |byte: u8| values[((byte & 7) - 1) as usize];

        // gains[i]: what the side making capture i has won so far, if it stops there.
        let mut gains = [0i32; 40];
        let mut depth = 0;
        gains[0] = match board[t as usize] {
            EMPTY => 0,
            victim => value_of(victim),
        };
        let mut on_square = board[f as usize];
        board[t as usize] = on_square;
        board[f as usize] = EMPTY;
        let mut side = self.side.index() ^ 1;
        while depth + 1 < gains.len() {
            let Some((s, kind)) = least_valuable_attacker(&board, t, side, order) else {
                break;
            };
            if kind == PieceKind::General
                && least_valuable_attacker(&board, t, side ^ 1, order).is_some()
            {
                // The general may not step onto a defended point.
                break;
            }
            depth += 1;
            gains[depth] = value_of(on_square) - gains[depth - 1];
            on_square = board[s as usize];
            board[t as usize] = on_square;
            board[s as usize] = EMPTY;
            side ^= 1;
        }
        // Back up: each side takes only when taking beats stopping.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Square};

    /// General, advisor, elephant, horse, chariot, cannon, soldier.
    const VALUES: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

    fn see(fen: &str, iccs: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        let mv = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.to_iccs() == iccs)
            .unwrap_or_else(|| panic!("{iccs} is not legal in {fen}"));
        pos.see(mv, &ExchangeValues::new(VALUES))
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(see("n2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a9"), 400);
    }

    #[test]
    fn a_defended_piece_costs_the_attacker() {
        // Chariot takes a horse defended by a chariot, and nothing recaptures for Red.
        assert_eq!(
            see("3k1r3/9/9/5n3/9/9/9/9/9/4KR3 w - - 0 1", "f0f6"),
            400 - 900
        );
        // A second red chariot behind the first (an x-ray) wins the exchange back: Black
        // gains nothing by recapturing (+900 - 900) and the horse stays won.
        assert_eq!(see("3k1r3/9/9/5n3/9/9/9/5R3/9/4KR3 w - - 0 1", "f2f6"), 400);
    }

    #[test]
    fn the_side_to_recapture_may_stop() {
        // A crossed soldier takes a chariot; Black's cannon takes back over its advisor,
        // and Red, with nothing more, is a chariot up for a soldier.
        assert_eq!(see("3kc4/4a4/9/4r4/4P4/9/9/9/9/5K3 w - - 0 1", "e5e6"), 800);
    }

    #[test]
    fn cannons_need_exactly_one_screen_and_screens_change() {
        // Red cannon f2 takes f9's chariot over the horse on f6; nothing recaptures.
        assert_eq!(see("3k1r3/9/9/5n3/9/9/9/5C3/9/4K4 w - - 0 1", "f2f9"), 900);
        // Red chariot takes the horse on f6: Black's cannon on f9 has no screen.
        assert_eq!(see("3k1c3/9/9/5n3/9/9/9/9/9/4KR3 w - - 0 1", "f0f6"), 400);
        // With a black horse on f8 between, the cannon recaptures over it.
        assert_eq!(
            see("3k1c3/5n3/9/5n3/9/9/9/9/9/4KR3 w - - 0 1", "f0f6"),
            400 - 900
        );
    }

    #[test]
    fn a_blocked_horse_leg_or_elephant_eye_does_not_defend() {
        // The horse on g8 defends e7 through its leg f8.
        assert_eq!(
            see("3k5/6n2/4n4/9/9/9/9/9/9/4RK3 w - - 0 1", "e0e7"),
            400 - 900
        );
        // With f8 occupied the leg is blocked and the horse on e7 is won.
        assert_eq!(see("4k4/5rn2/4n4/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e7"), 400);
        // The elephant on c9 defends e7 through its eye d8; with d8 occupied it cannot.
        assert_eq!(
            see("2b1k4/9/4n4/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e7"),
            400 - 900
        );
        assert_eq!(see("2b1k4/3n5/4n4/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e7"), 400);
    }

    #[test]
    fn the_general_recaptures_only_an_undefended_point() {
        // Chariot takes the advisor beside the black general, which takes back.
        assert_eq!(
            see("4k4/4a4/9/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e8"),
            200 - 900
        );
        // With a red horse on g7 bearing on e8 the general may not take back.
        assert_eq!(see("4k4/4a4/6N2/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e8"), 200);
    }

    #[test]
    fn a_quiet_move_onto_an_attacked_point_loses_the_piece() {
        // The chariot steps onto a point the black chariot on a9 covers: it loses 900;
        // onto one nothing covers: it loses nothing.
        assert_eq!(see("r2k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0a0"), -900);
        assert_eq!(see("r2k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b5"), 0);
    }

    /// The attackers of `t` by `color` from the textbook rules in file/rank coordinates: an
    /// oracle independent of the padded mailbox and its step tables.
    fn oracle_attackers(pos: &Position, t: Square, color: Color) -> Vec<(Square, PieceKind)> {
        let at = |f: i32, r: i32| -> Option<Option<crate::Piece>> {
            ((0..9).contains(&f) && (0..10).contains(&r))
                .then(|| pos.piece_at(Square::new(f as u8, r as u8).unwrap()))
        };
        let (tf, tr) = (t.file() as i32, t.rank() as i32);
        let in_palace = |f: i32, r: i32, c: Color| {
            (3..=5).contains(&f) && if c == Color::Red { r <= 2 } else { r >= 7 }
        };
        let own_half = |r: i32, c: Color| if c == Color::Red { r <= 4 } else { r >= 5 };
        let mut found = Vec::new();
        for (s, piece) in pos.pieces(color) {
            let (f, r) = (s.file() as i32, s.rank() as i32);
            let (df, dr) = (tf - f, tr - r);
            let empty = |f: i32, r: i32| at(f, r) == Some(None);
            let between = || -> usize {
                let n = df.abs().max(dr.abs());
                (1..n)
                    .filter(|&k| !empty(f + df.signum() * k, r + dr.signum() * k))
                    .count()
            };
            let attacks = match piece.kind() {
                PieceKind::General => df.abs() + dr.abs() == 1 && in_palace(tf, tr, color),
                PieceKind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(tf, tr, color),
                PieceKind::Elephant => {
                    df.abs() == 2
                        && dr.abs() == 2
                        && own_half(tr, color)
                        && empty(f + df / 2, r + dr / 2)
                }
                PieceKind::Horse => {
                    (df.abs() == 2 && dr.abs() == 1 && empty(f + df / 2, r))
                        || (df.abs() == 1 && dr.abs() == 2 && empty(f, r + dr / 2))
                }
                PieceKind::Chariot => (df == 0) != (dr == 0) && between() == 0,
                PieceKind::Cannon => (df == 0) != (dr == 0) && between() == 1,
                PieceKind::Soldier => {
                    let forward = if color == Color::Red { 1 } else { -1 };
                    (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !own_half(r, color))
                }
            };
            if attacks && (df, dr) != (0, 0) {
                found.push((s, piece.kind()));
            }
        }
        found
    }

    #[test]
    fn the_cheapest_attacker_agrees_with_the_textbook_rules() {
        let mut order = PieceKind::ALL;
        order.sort_by_key(|k| VALUES[*k as usize]);
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut checked = 0;
        for _game in 0..40 {
            let mut pos = Position::startpos();
            for _ply in 0..120 {
                for sq in 0..90u8 {
                    let t = Square::new(sq % 9, sq / 9).unwrap();
                    for color in [Color::Red, Color::Black] {
                        let expected = oracle_attackers(&pos, t, color);
                        let got =
                            least_valuable_attacker(&pos.board, t.idx(), color.index(), &order);
                        match got {
                            None => assert!(expected.is_empty(), "{pos:?} {t:?} {expected:?}"),
                            Some((s, kind)) => {
                                let s = Square::from_idx(s);
                                assert!(expected.contains(&(s, kind)), "{pos:?} {t:?} {s:?}");
                                let cheapest =
                                    expected.iter().map(|(_, k)| VALUES[*k as usize]).min();
                                assert_eq!(cheapest, Some(VALUES[kind as usize]), "{pos:?} {t:?}");
                            }
                        }
                        checked += 1;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(next() % moves.len() as u64) as usize];
                pos.make_move(mv);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
