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
    file_of, rank_of, step, DIAG, EMPTY, ENEMY, HORSE, OFF, ORTHO, OWN_HALF, PALACE, TARGET,
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
    fn add(&mut self, mv: Move);
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
    #[inline(always)]
    fn add(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Per-node facts that decide which moves need the full legality test.
struct Ctx {
    us: usize,
    k: u8,
    kfile: u8,
    krank: u8,
    check: bool,
    /// Bit i: ray ORTHO[i] from the general holds an enemy chariot/cannon/general.
    rays: u8,
    /// Bit i: diagonal neighbour DIAG[i] is the leg of an enemy horse aimed at the general.
    legs: u8,
}

impl Ctx {
    #[inline(always)]
    fn on_open_ray(&self, s: u8) -> bool {
        if file_of(s) == self.kfile {
            let bit = if s > self.k { 1 } else { 2 };
            self.rays & bit != 0
        } else if rank_of(s) == self.krank {
            let bit = if s > self.k { 4 } else { 8 };
            self.rays & bit != 0
        } else {
            false
        }
    }

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

    /// Could moving a non-general piece from `f` to `t` expose the general?
    #[inline(always)]
    fn risky(&self, f: u8, t: u8) -> bool {
        self.check || self.on_open_ray(f) || self.on_open_ray(t) || self.on_horse_leg(f)
    }
}

impl Position {
    fn ctx(&self) -> Ctx {
        let us = self.side.index();
        let k = self.king[us];
        let tb = ((us ^ 1) as u8) << 3;
        let (ek, eh, er, ec) = (tb + 1, tb + 4, tb + 5, tb + 6);
        let mut rays = 0u8;
        for (i, &d) in ORTHO.iter().enumerate() {
            let mut s = step(k, d);
            loop {
                let p = self.board[s as usize];
                if p == OFF {
                    break;
                }
                if p == er || p == ec || p == ek {
                    rays |= 1 << i;
                    break;
                }
                s = step(s, d);
            }
        }
        let mut legs = 0u8;
        for (i, &d) in DIAG.iter().enumerate() {
            let leg = step(k, d);
            let (v, h) = DIAG_PARTS[i];
            if self.board[step(leg, v) as usize] == eh || self.board[step(leg, h) as usize] == eh {
                legs |= 1 << i;
            }
        }
        Ctx {
            us,
            k,
            kfile: file_of(k),
            krank: rank_of(k),
            check: self.in_check(),
            rays,
            legs,
        }
    }

    #[inline(always)]
    fn emit<S: Sink>(&self, ctx: &Ctx, f: u8, t: u8, sink: &mut S) {
        if ctx.risky(f, t) && self.attacked_after(ctx.us, ctx.k, f, t, self.board[f as usize]) {
            return;
        }
        sink.add(Move::from_idx(f, t));
    }

    #[inline(always)]
    fn target<S: Sink, const CAPS: bool>(&self, ctx: &Ctx, f: u8, t: u8, sink: &mut S) {
        let p = self.board[t as usize];
        if if CAPS { ENEMY[ctx.us][p as usize] } else { TARGET[ctx.us][p as usize] } {
            self.emit(ctx, f, t, sink);
        }
    }

    /// Generates the legal moves of the piece on `f` (which belongs to the side to move).
    #[inline(always)]
    fn gen_piece<S: Sink, const CAPS: bool>(&self, ctx: &Ctx, f: u8, sink: &mut S) {
        let us = ctx.us;
        let p = self.board[f as usize];
        match p & 7 {
            1 => {
                for &d in &ORTHO {
                    let t = step(f, d);
                    let q = self.board[t as usize];
                    let ok = if CAPS { ENEMY[us][q as usize] } else { TARGET[us][q as usize] };
                    if ok && PALACE[us][t as usize] && !self.attacked_after(us, t, f, t, p) {
                        sink.add(Move::from_idx(f, t));
                    }
                }
            }
            2 => {
                for &d in &DIAG {
                    let t = step(f, d);
                    if PALACE[us][t as usize] {
                        self.target::<S, CAPS>(ctx, f, t, sink);
                    }
                }
            }
            3 => {
                for &d in &DIAG {
                    let eye = step(f, d);
                    let t = step(eye, d);
                    if self.board[eye as usize] == EMPTY && OWN_HALF[us][t as usize] {
                        self.target::<S, CAPS>(ctx, f, t, sink);
                    }
                }
            }
            4 => {
                for &(leg, d) in &HORSE {
                    if self.board[step(f, leg) as usize] == EMPTY {
                        self.target::<S, CAPS>(ctx, f, step(f, d), sink);
                    }
                }
            }
            5 => {
                for &d in &ORTHO {
                    let mut t = step(f, d);
                    let mut q = self.board[t as usize];
                    while q == EMPTY {
                        if !CAPS {
                            self.emit(ctx, f, t, sink);
                        }
                        t = step(t, d);
                        q = self.board[t as usize];
                    }
                    if ENEMY[us][q as usize] {
                        self.emit(ctx, f, t, sink);
                    }
                }
            }
            6 => {
                for &d in &ORTHO {
                    let mut t = step(f, d);
                    let mut q = self.board[t as usize];
                    while q == EMPTY {
                        if !CAPS {
                            self.emit(ctx, f, t, sink);
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
                        self.emit(ctx, f, t, sink);
                    }
                }
            }
            7 => {
                let fwd: i8 = if us == 0 { 16 } else { -16 };
                self.target::<S, CAPS>(ctx, f, step(f, fwd), sink);
                if !OWN_HALF[us][f as usize] {
                    self.target::<S, CAPS>(ctx, f, step(f, 1), sink);
                    self.target::<S, CAPS>(ctx, f, step(f, -1), sink);
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
        let f = mv.from_i();
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
