//! Legal move generation.
//!
//! Moves are generated pseudo-legally per piece, then filtered. Instead of
//! make/test/unmake, each node first works out which moves *could* expose the
//! general: a move can only do so if the side is in check, if it is a general
//! move, if it leaves or enters a rank/file ray from the general that holds an
//! enemy chariot, cannon or general, or if it vacates the leg of an enemy
//! horse aimed at the general. Only those moves get the (virtual-board)
//! attack test; every other pseudo-legal move is legal as generated.

use crate::attacks::DIAG_PARTS;
use crate::position::Position;
use crate::tables::{
    file_of, idx_of, rank_of, step, DIAG, EMPTY, ENEMY, HORSE, OFF, ON_BOARD, ORTHO, OWN_HALF,
    PALACE, TARGET,
};
use crate::types::Move;

/// Capacity of a [`MoveList`]; no Xiangqi position has more legal moves
/// (2 chariots 34, 2 cannons 34, 2 horses 16, 5 soldiers 15, elephants 8,
/// advisors 8, general 4: at most 119).
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity move buffer, so generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no move is stored.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move; returns false (and drops it) when the list is full.
    #[inline]
    pub fn push(&mut self, mv: Move) -> bool {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// The stored moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The stored moves, mutably (e.g. for in-place move ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Does the list hold `mv`?
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    /// Iterator over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Receiver of generated legal moves: a list, or a bare counter for perft.
pub(crate) trait Sink {
    /// True when only the number of moves matters, enabling bulk slider counts.
    const COUNTING: bool = false;
    fn add(&mut self, mv: Move);
    #[inline(always)]
    fn add_n(&mut self, _n: u64) {}
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, mv: Move) {
        // Cannot overflow: MAX_MOVES exceeds the maximum legal move count.
        self.push(mv);
    }
}

/// Counts moves without storing them (bulk counting at perft leaves).
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    const COUNTING: bool = true;
    #[inline(always)]
    fn add_n(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline(always)]
    fn add(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Per-node facts that decide which moves need the full legality test.
struct Ctx {
    us: usize,
    k: u8,
    check: bool,
    /// Bit i: ray ORTHO[i] from the general holds an enemy chariot/cannon/general.
    rays: u8,
    /// Bit i: diagonal neighbour DIAG[i] is the leg of an enemy horse aimed at the general.
    legs: u8,
}

/// `RAY_BIT[k][s]`: bit of the ORTHO ray from general square `k` through `s`
/// (0 when `s` is on no rank/file ray of `k`). Rows only for palace squares,
/// indexed by [`PALACE_SLOT`].
static RAY_BIT: [[u8; 256]; 18] = {
    let mut t = [[0u8; 256]; 18];
    let mut slot = 0;
    while slot < 18 {
        let k = PALACE_SQ[slot];
        let mut s = 0;
        while s < 256 {
            if ON_BOARD[s] && s as u8 != k {
                let s8 = s as u8;
                if file_of(s8) == file_of(k) {
                    t[slot][s] = if s8 > k { 1 } else { 2 };
                } else if rank_of(s8) == rank_of(k) {
                    t[slot][s] = if s8 > k { 4 } else { 8 };
                }
            }
            s += 1;
        }
        slot += 1;
    }
    t
};

/// The 18 palace points (Red's nine, then Black's nine) as padded indices.
const PALACE_SQ: [u8; 18] = {
    let mut t = [0u8; 18];
    let mut i = 0;
    while i < 9 {
        t[i] = idx_of(3 + (i % 3) as u8, (i / 3) as u8);
        t[i + 9] = idx_of(3 + (i % 3) as u8, 7 + (i / 3) as u8);
        i += 1;
    }
    t
};

/// Padded index to row of [`RAY_BIT`] (0 outside the palaces; never used there).
static PALACE_SLOT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 18 {
        t[PALACE_SQ[i] as usize] = i as u8;
        i += 1;
    }
    t
};

impl Ctx {
    #[inline(always)]
    fn on_horse_leg(&self, f: u8) -> bool {
        if self.legs == 0 {
            return false;
        }
        let d = f.wrapping_sub(self.k) as i8;
        let i = match d {
            17 => 0,
            15 => 1,
            -15 => 2,
            -17 => 3,
            _ => return false,
        };
        self.legs & (1 << i) != 0
    }
}

impl Position {
    /// Scans the general's rays, diagonal legs and soldier neighbours once,
    /// yielding both "in check" and the risk masks.
    #[inline(always)]
    fn ctx(&self) -> Ctx {
        let us = self.side.index();
        let k = self.king[us];
        let tb = ((us ^ 1) as u8) << 3;
        let (ek, eh, er, ec, ep) = (tb + 1, tb + 4, tb + 5, tb + 6, tb + 7);
        let b = &self.board;
        let fwd: i8 = if us == 0 { 16 } else { -16 };
        let mut check = b[step(k, fwd) as usize] == ep
            || b[step(k, 1) as usize] == ep
            || b[step(k, -1) as usize] == ep;
        let mut rays = 0u8;
        for (i, &d) in ORTHO.iter().enumerate() {
            let mut s = step(k, d);
            let mut p = b[s as usize];
            while p == EMPTY {
                s = step(s, d);
                p = b[s as usize];
            }
            if p == OFF {
                continue;
            }
            if p == er || p == ek {
                check = true;
                rays |= 1 << i;
                continue;
            }
            if p == ec {
                rays |= 1 << i;
            }
            // Second blocker: a cannon here checks; anything dangerous further is still risk.
            s = step(s, d);
            p = b[s as usize];
            while p == EMPTY {
                s = step(s, d);
                p = b[s as usize];
            }
            if p == ec {
                check = true;
                rays |= 1 << i;
                continue;
            }
            while p != OFF {
                if p == er || p == ec || p == ek {
                    rays |= 1 << i;
                    break;
                }
                s = step(s, d);
                p = b[s as usize];
            }
        }
        let mut legs = 0u8;
        for (i, &d) in DIAG.iter().enumerate() {
            let leg = step(k, d);
            let (v, h) = DIAG_PARTS[i];
            if b[step(leg, v) as usize] == eh || b[step(leg, h) as usize] == eh {
                legs |= 1 << i;
                if b[leg as usize] == EMPTY {
                    check = true;
                }
            }
        }
        Ctx {
            us,
            k,
            check,
            rays,
            legs,
        }
    }

    /// Emits `f -> t` if legal. `risky_from` says the origin alone already
    /// demands the full test; otherwise only a destination on a dangerous ray does.
    #[inline(always)]
    fn emit<S: Sink>(
        &self,
        ctx: &Ctx,
        rays: &[u8; 256],
        risky_from: bool,
        f: u8,
        t: u8,
        sink: &mut S,
    ) {
        if (risky_from || rays[t as usize] & ctx.rays != 0)
            && self.attacked_after(ctx.us, ctx.k, f, t, self.board[f as usize])
        {
            return;
        }
        sink.add(Move::from_idx(f, t));
    }

    #[inline(always)]
    fn target<S: Sink, const CAPS: bool>(
        &self,
        ctx: &Ctx,
        rays: &[u8; 256],
        risky_from: bool,
        f: u8,
        t: u8,
        sink: &mut S,
    ) {
        let p = self.board[t as usize];
        if if CAPS {
            ENEMY[ctx.us][p as usize]
        } else {
            TARGET[ctx.us][p as usize]
        } {
            self.emit(ctx, rays, risky_from, f, t, sink);
        }
    }

    /// Targets of a chariot (or cannon) at bit `p` of a line with occupancy
    /// `occ` of length `len`, as a bit mask on that line. `enemy(i)` tells
    /// whether the piece at bit `i` belongs to the opponent.
    #[inline(always)]
    pub(crate) fn line_targets<const CAPS: bool, const CANNON: bool>(
        occ: u16,
        p: u32,
        len: u32,
        enemy: impl Fn(u32) -> bool,
    ) -> u16 {
        let above = occ & !((2u16 << p) - 1);
        let below = occ & ((1u16 << p) - 1);
        let hi = if above != 0 {
            above.trailing_zeros()
        } else {
            len
        };
        // One past the nearest blocker below (0 when there is none).
        let lo1 = 16 - below.leading_zeros();
        let mut m = if CAPS {
            0
        } else {
            ((1u16 << hi) - 1) & !((1u16 << lo1) - 1) & !(1u16 << p)
        };
        if CANNON {
            let a2 = above & above.wrapping_sub(1);
            if a2 != 0 {
                let h2 = a2.trailing_zeros();
                if enemy(h2) {
                    m |= 1 << h2;
                }
            }
            if below != 0 {
                let b2 = below & !(1u16 << (lo1 - 1));
                if b2 != 0 {
                    let l2 = 15 - b2.leading_zeros();
                    if enemy(l2) {
                        m |= 1 << l2;
                    }
                }
            }
        } else {
            if above != 0 && enemy(hi) {
                m |= 1 << hi;
            }
            if below != 0 && enemy(lo1 - 1) {
                m |= 1 << (lo1 - 1);
            }
        }
        m
    }

    /// Legal move count of a chariot/cannon whose origin is not risky: only a
    /// destination crossing a dangerous ray of the general (at most one per
    /// axis) needs the full test.
    #[inline(always)]
    fn count_slider<const CAPS: bool, const CANNON: bool>(
        &self,
        ctx: &Ctx,
        f: u8,
        rays: &[u8; 256],
    ) -> u64 {
        let us = ctx.us;
        let (file, rank) = (file_of(f), rank_of(f));
        let b = &self.board;
        let mh =
            Self::line_targets::<CAPS, CANNON>(self.rank_occ[rank as usize], file as u32, 9, |i| {
                ENEMY[us][b[idx_of(i as u8, rank) as usize] as usize]
            });
        let mv = Self::line_targets::<CAPS, CANNON>(
            self.file_occ[file as usize],
            rank as u32,
            10,
            |i| ENEMY[us][b[idx_of(file, i as u8) as usize] as usize],
        );
        let mut n = (mh.count_ones() + mv.count_ones()) as u64;
        if ctx.rays != 0 {
            let (kfile, krank) = (file_of(ctx.k), rank_of(ctx.k));
            let p = b[f as usize];
            if mh >> kfile & 1 != 0 {
                let t = idx_of(kfile, rank);
                if rays[t as usize] & ctx.rays != 0 && self.attacked_after(us, ctx.k, f, t, p) {
                    n -= 1;
                }
            }
            if mv >> krank & 1 != 0 {
                let t = idx_of(file, krank);
                if rays[t as usize] & ctx.rays != 0 && self.attacked_after(us, ctx.k, f, t, p) {
                    n -= 1;
                }
            }
        }
        n
    }

    /// Generates the legal moves of the piece on `f` (which belongs to the side to move).
    #[inline(always)]
    fn gen_piece<S: Sink, const CAPS: bool>(&self, ctx: &Ctx, f: u8, sink: &mut S) {
        let us = ctx.us;
        let p = self.board[f as usize];
        let rays = &RAY_BIT[PALACE_SLOT[ctx.k as usize] as usize];
        let rf = ctx.check || rays[f as usize] & ctx.rays != 0 || ctx.on_horse_leg(f);
        match p & 7 {
            1 => {
                for &d in &ORTHO {
                    let t = step(f, d);
                    let q = self.board[t as usize];
                    let ok = if CAPS {
                        ENEMY[us][q as usize]
                    } else {
                        TARGET[us][q as usize]
                    };
                    if ok && PALACE[us][t as usize] && !self.attacked_after(us, t, f, t, p) {
                        sink.add(Move::from_idx(f, t));
                    }
                }
            }
            2 => {
                for &d in &DIAG {
                    let t = step(f, d);
                    if PALACE[us][t as usize] {
                        self.target::<S, CAPS>(ctx, rays, rf, f, t, sink);
                    }
                }
            }
            3 => {
                for &d in &DIAG {
                    let eye = step(f, d);
                    let t = step(eye, d);
                    if self.board[eye as usize] == EMPTY && OWN_HALF[us][t as usize] {
                        self.target::<S, CAPS>(ctx, rays, rf, f, t, sink);
                    }
                }
            }
            4 => {
                for &(leg, d) in &HORSE {
                    if self.board[step(f, leg) as usize] == EMPTY {
                        self.target::<S, CAPS>(ctx, rays, rf, f, step(f, d), sink);
                    }
                }
            }
            5 if S::COUNTING && !rf => {
                sink.add_n(self.count_slider::<CAPS, false>(ctx, f, rays));
            }
            6 if S::COUNTING && !rf => {
                sink.add_n(self.count_slider::<CAPS, true>(ctx, f, rays));
            }
            5 => {
                for &d in &ORTHO {
                    let mut t = step(f, d);
                    let mut q = self.board[t as usize];
                    while q == EMPTY {
                        if !CAPS {
                            self.emit(ctx, rays, rf, f, t, sink);
                        }
                        t = step(t, d);
                        q = self.board[t as usize];
                    }
                    if ENEMY[us][q as usize] {
                        self.emit(ctx, rays, rf, f, t, sink);
                    }
                }
            }
            6 => {
                for &d in &ORTHO {
                    let mut t = step(f, d);
                    let mut q = self.board[t as usize];
                    while q == EMPTY {
                        if !CAPS {
                            self.emit(ctx, rays, rf, f, t, sink);
                        }
                        t = step(t, d);
                        q = self.board[t as usize];
                    }
                    if q == OFF {
                        continue;
                    }
                    t = step(t, d);
                    q = self.board[t as usize];
                    while q == EMPTY {
                        t = step(t, d);
                        q = self.board[t as usize];
                    }
                    if ENEMY[us][q as usize] {
                        self.emit(ctx, rays, rf, f, t, sink);
                    }
                }
            }
            7 => {
                let fwd: i8 = if us == 0 { 16 } else { -16 };
                self.target::<S, CAPS>(ctx, rays, rf, f, step(f, fwd), sink);
                if !OWN_HALF[us][f as usize] {
                    self.target::<S, CAPS>(ctx, rays, rf, f, step(f, 1), sink);
                    self.target::<S, CAPS>(ctx, rays, rf, f, step(f, -1), sink);
                }
            }
            _ => {}
        }
    }

    #[inline(always)]
    fn generate<S: Sink, const CAPS: bool>(&self, sink: &mut S) {
        let ctx = self.ctx();
        let us = ctx.us;
        for &f in &self.list[us][..self.len[us] as usize] {
            self.gen_piece::<S, CAPS>(&ctx, f, sink);
        }
    }

    /// Fills `list` (cleared first) with all legal moves. Works in and out of check.
    pub fn generate_legal(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<MoveList, false>(list);
    }

    /// Fills `list` (cleared first) with the legal captures only, for quiescence search.
    pub fn generate_captures(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<MoveList, true>(list);
    }

    /// All legal moves in a new list.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Number of legal moves, without storing them (perft bulk counting).
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate::<Counter, false>(&mut c);
        c.0
    }

    /// True when the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        // Cheap enough: positions without moves are rare and generation is fast.
        self.count_legal() > 0
    }

    /// Is `mv` legal here? Safe on any input, including moves from another position.
    pub fn is_legal(&self, mv: Move) -> bool {
        let f = mv.origin_index();
        if mv.is_null() || !crate::tables::ON_BOARD[f as usize] {
            return false;
        }
        let p = self.board[f as usize];
        if p == EMPTY || p == OFF || (p >> 3) as usize != self.side.index() {
            return false;
        }
        let ctx = self.ctx();
        let mut list = MoveList::new();
        self.gen_piece::<MoveList, false>(&ctx, f, &mut list);
        list.contains(mv)
    }

    /// The legal moves of the piece on one square (empty when it is not the mover's).
    pub fn legal_moves_from(&self, sq: crate::Square) -> MoveList {
        let mut list = MoveList::new();
        let f = sq.idx();
        let p = self.board[f as usize];
        if p != EMPTY && (p >> 3) as usize == self.side.index() {
            let ctx = self.ctx();
            self.gen_piece::<MoveList, false>(&ctx, f, &mut list);
        }
        list
    }
}
