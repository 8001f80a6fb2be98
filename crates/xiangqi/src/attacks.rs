//! Attack detection on the general: check, and "would this move leave the
//! general attacked", answered on a virtual board so no make/unmake is needed.

use crate::position::Position;
use crate::tables::{step, DIAG, EMPTY, OFF, ORTHO};
use crate::types::Move;

/// Vertical and horizontal parts of each diagonal step in [`DIAG`]; a horse
/// attacking the general from beyond diagonal neighbour `d` sits at
/// `d + vertical` or `d + horizontal`, with `d` itself as its leg.
pub(crate) const DIAG_PARTS: [(i8, i8); 4] = [(16, 1), (16, -1), (-16, 1), (-16, -1)];

/// Is the general of side `us` on `k` attacked, with the board read through
/// `get` (so callers can present a board with one move applied)?
///
/// Only chariots, cannons, horses, soldiers and the facing enemy general can
/// reach a general: advisors and elephants never leave their own half.
#[inline(always)]
pub(crate) fn general_attacked<G: Fn(u8) -> u8>(get: G, k: u8, us: usize) -> bool {
    let tb = ((us ^ 1) as u8) << 3;
    let (ek, eh, er, ec, ep) = (tb + 1, tb + 4, tb + 5, tb + 6, tb + 7);
    // Soldiers first: cheapest. A soldier beside a general has always crossed the river.
    let fwd: i8 = if us == 0 { 16 } else { -16 };
    if get(step(k, fwd)) == ep || get(step(k, 1)) == ep || get(step(k, -1)) == ep {
        return true;
    }
    for (i, &d) in DIAG.iter().enumerate() {
        let leg = step(k, d);
        if get(leg) == EMPTY {
            let (v, h) = DIAG_PARTS[i];
            if get(step(leg, v)) == eh || get(step(leg, h)) == eh {
                return true;
            }
        }
    }
    for &d in &ORTHO {
        let mut s = step(k, d);
        let mut p = get(s);
        while p == EMPTY {
            s = step(s, d);
            p = get(s);
        }
        if p == er || p == ek {
            return true;
        }
        if p == OFF {
            continue;
        }
        s = step(s, d);
        p = get(s);
        while p == EMPTY {
            s = step(s, d);
            p = get(s);
        }
        if p == ec {
            return true;
        }
    }
    false
}

impl Position {
    /// Is the side to move in check (including facing generals)?
    #[inline]
    pub fn in_check(&self) -> bool {
        let us = self.side.index();
        general_attacked(|s| self.board[s as usize], self.king[us], us)
    }

    /// Is the general of `color` attacked in the current placement?
    #[inline]
    pub fn is_attacked_general(&self, color: crate::Color) -> bool {
        let c = color.index();
        general_attacked(|s| self.board[s as usize], self.king[c], c)
    }

    /// Would playing `mv` (from `f` to `t`, moving byte `pm`) leave side `us`'s
    /// general on `k` attacked? `k` must already be the post-move square.
    #[inline(always)]
    pub(crate) fn attacked_after(&self, us: usize, k: u8, f: u8, t: u8, pm: u8) -> bool {
        general_attacked(
            |s| {
                if s == t {
                    pm
                } else if s == f {
                    EMPTY
                } else {
                    self.board[s as usize]
                }
            },
            k,
            us,
        )
    }

    /// Does the (legal) move `mv` give check to the opponent?
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        let (f, t) = (mv.origin_index(), mv.target_index());
        let pm = self.board[f as usize];
        let them = self.side.index() ^ 1;
        let k = self.king[them];
        if t == k {
            return false;
        }
        self.attacked_after(them, k, f, t, pm)
    }
}
