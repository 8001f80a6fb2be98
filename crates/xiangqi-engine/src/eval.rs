//! Static evaluation.
//!
//! Material and piece-square values are kept in an [`Accumulator`] that the search updates
//! move by move; the positional terms that depend on several pieces at once (mobility,
//! palace safety, central-cannon threats, trapped horses) are computed at each call,
//! because they change with almost every move anyway. Every weight comes from
//! [`crate::tuned::WEIGHTS`]; [`trace`] lists how often each one counts in a position, for
//! the tuner.

use crate::pst::{relative, tables, MAX_PHASE, PHASE_WEIGHT};
use crate::tuned::WEIGHTS;
use crate::weights::{material_index, psq_index, term_index, PhasePair, Term, PAIR_COUNT};
use qi_search::score::Score;
use qi_xiangqi::{Color, Move, Piece, PieceKind, Position, Square};

/// Bonus for having the move: the side to move can usually improve its position.
const TEMPO: i32 = WEIGHTS.tempo;

/// Material plus piece-square sums (Red minus Black) and the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    /// Middle-game sum, Red minus Black.
    pub mg: i32,
    /// End-game sum, Red minus Black.
    pub eg: i32,
    /// Remaining attacking material, `0..=MAX_PHASE` when the game started normally.
    pub phase: i32,
}

fn sign(c: Color) -> i32 {
    match c {
        Color::Red => 1,
        Color::Black => -1,
    }
}

impl Accumulator {
    /// Sums from scratch.
    pub fn new(pos: &Position) -> Accumulator {
        let t = tables();
        let mut a = Accumulator::default();
        for color in Color::ALL {
            for (sq, piece) in pos.pieces(color) {
                let v = t.get(piece, sq);
                a.mg += sign(color) * v.mg;
                a.eg += sign(color) * v.eg;
                a.phase += PHASE_WEIGHT[piece.kind() as usize];
            }
        }
        a
    }

    /// The accumulator after `mv`, which must be legal in `pos` (called before making it).
    #[inline]
    pub fn after(&self, pos: &Position, mv: Move) -> Accumulator {
        let t = tables();
        let mut a = *self;
        if let Some(p) = pos.moved_piece(mv) {
            let s = sign(p.color());
            let (from, to) = (t.get(p, mv.from()), t.get(p, mv.to()));
            a.mg += s * (to.mg - from.mg);
            a.eg += s * (to.eg - from.eg);
        }
        if let Some(c) = pos.captured_piece(mv) {
            let s = sign(c.color());
            let v = t.get(c, mv.to());
            a.mg -= s * v.mg;
            a.eg -= s * v.eg;
            a.phase -= PHASE_WEIGHT[c.kind() as usize];
        }
        a
    }
}

/// Where the positional terms go: summed with the weights for the evaluation, or counted
/// for the tuner's trace. Written once, so the trace is always the evaluation's own.
trait TermSink {
    /// `count` occurrences of `term` in `us`'s position.
    fn add(&mut self, us: Color, term: Term, count: i32);
}

/// Sums the terms' weights, Red minus Black.
#[derive(Default)]
struct Weighted {
    mg: i32,
    eg: i32,
}

impl TermSink for Weighted {
    #[inline(always)]
    fn add(&mut self, us: Color, term: Term, count: i32) {
        let (m, e) = WEIGHTS.terms[term as usize];
        let n = sign(us) * count;
        self.mg += n * m;
        self.eg += n * e;
    }
}

/// Counts the terms, Red minus Black, by flat weight index.
struct Counted<'a>(&'a mut [i32; PAIR_COUNT]);

impl TermSink for Counted<'_> {
    fn add(&mut self, us: Color, term: Term, count: i32) {
        self.0[term_index(term)] += sign(us) * count;
    }
}

/// The terms of `us`'s pieces one by one, into `sink`; returns `us`'s attackers across
/// the river (a chariot counts twice), which press on the other side's palace.
#[inline(always)]
fn piece_terms<S: TermSink>(pos: &Position, us: Color, sink: &mut S) -> i32 {
    let mut crossed = 0;
    for (sq, piece) in pos.pieces(us) {
        let (f, r) = (sq.file(), sq.rank());
        let across = match us {
            Color::Red => r >= 5,
            Color::Black => r <= 4,
        };
        match piece.kind() {
            PieceKind::Chariot => {
                // Mobility: a chariot boxed in by its own pieces is worth far less.
                sink.add(us, Term::ChariotMobility, pos.mobility(sq) as i32 - 7);
                crossed += if across { 2 } else { 0 };
            }
            PieceKind::Horse => {
                // The horse is blocked at its leg ("hobbled"); a horse with one or no
                // exits is close to trapped and often lost.
                let n = pos.mobility(sq) as i32;
                sink.add(us, Term::HorseMobility, n - 4);
                if n <= 1 {
                    sink.add(us, Term::HorseTrapped, 1);
                }
                crossed += i32::from(across);
            }
            PieceKind::Cannon => crossed += i32::from(across),
            PieceKind::Soldier => {
                // Connected crossed soldiers (side by side) support each other.
                let right = Square::new(f + 1, r).and_then(|s| pos.piece_at(s));
                if across && right == Some(piece) {
                    sink.add(us, Term::ConnectedSoldiers, 1);
                }
            }
            _ => {}
        }
    }
    crossed
}

/// The terms of `us`'s palace and general, into `sink`.
#[inline(always)]
fn palace_terms<S: TermSink>(pos: &Position, us: Color, counts: &Counts, sink: &mut S) {
    let them = us.flip();
    let forward: i8 = if us == Color::Red { 1 } else { -1 };
    // Palace safety: our missing defenders matter in proportion to the enemy's attackers.
    let ci = us.index();
    let ti = them.index();
    let missing_adv = 2 - counts.kind[ci][PieceKind::Advisor as usize];
    let missing_ele = 2 - counts.kind[ci][PieceKind::Elephant as usize];
    let enemy_ch = counts.kind[ti][PieceKind::Chariot as usize];
    let enemy_hs = counts.kind[ti][PieceKind::Horse as usize];
    let enemy_cn = counts.kind[ti][PieceKind::Cannon as usize];
    // Horses exploit missing advisors, cannons exploit missing elephants (no screens to
    // block and no elephant eyes to cover the palace).
    sink.add(us, Term::MissingAdvisor, missing_adv);
    sink.add(us, Term::MissingAdvisorVsChariot, missing_adv * enemy_ch);
    sink.add(us, Term::MissingAdvisorVsHorse, missing_adv * enemy_hs);
    sink.add(us, Term::MissingElephant, missing_ele);
    sink.add(us, Term::MissingElephantVsChariot, missing_ele * enemy_ch);
    sink.add(us, Term::MissingElephantVsCannon, missing_ele * enemy_cn);

    // Attackers across the river press on our palace.
    let attack = counts.crossed[ti];
    sink.add(us, Term::CrossedAttackers, attack);
    sink.add(
        us,
        Term::CrossedAttackersVsMissingAdvisor,
        attack * missing_adv,
    );
    sink.add(
        us,
        Term::CrossedAttackersVsMissingElephant,
        attack * missing_ele,
    );

    // Our general's file: an enemy cannon on it with nothing between is a standing threat
    // (an "empty-head cannon"); two pieces between pin both screens.
    let k = pos.king_square(us);
    let (kf, kr) = (k.file(), k.rank());
    let mut between = 0;
    let mut y = kr.wrapping_add_signed(forward);
    let mut own_cover = false;
    while let Some(sq) = Square::new(kf, y) {
        if let Some(p) = pos.piece_at(sq) {
            if p.color() == them && p.kind() == PieceKind::Cannon {
                match between {
                    0 => sink.add(us, Term::EmptyHeadCannon, 1),
                    2 => sink.add(us, Term::CannonBehindTwoScreens, 1),
                    _ => {}
                }
            }
            if p.color() == them && p.kind() == PieceKind::Chariot && between == 1 {
                // A chariot X-raying the general pins the piece in between.
                sink.add(us, Term::ChariotPinOnGeneralFile, 1);
            }
            if p.color() == us && between == 0 {
                own_cover = true;
            }
            between += 1;
            if between > 2 {
                break;
            }
        }
        y = y.wrapping_add_signed(forward);
    }
    // An open file in front of the general lets a chariot or cannon land with check.
    if !own_cover && enemy_ch + enemy_cn > 0 {
        sink.add(us, Term::OpenGeneralFile, 1);
        sink.add(us, Term::OpenGeneralFileVsChariot, enemy_ch);
    }
    // A general pushed off its home rank is a target while attackers remain.
    let home = if us == Color::Red { 0 } else { 9 };
    if kr != home && attack > 0 {
        sink.add(us, Term::GeneralOffHomeRank, 1);
    }
}

/// Piece counts by colour and kind, plus attackers already across the river.
struct Counts {
    kind: [[i32; 7]; 2],
    crossed: [i32; 2],
}

/// Every positional term of both sides, into `sink`; returns the piece counts they used.
#[inline(always)]
fn all_terms<S: TermSink>(pos: &Position, sink: &mut S) -> Counts {
    let crossed = [
        piece_terms(pos, Color::Red, sink),
        piece_terms(pos, Color::Black, sink),
    ];
    let mut kind = [[0; 7]; 2];
    for color in Color::ALL {
        for k in PieceKind::ALL {
            kind[color.index()][k as usize] = i32::from(pos.count(Piece::new(color, k)));
        }
    }
    let counts = Counts { kind, crossed };
    palace_terms(pos, Color::Red, &counts, sink);
    palace_terms(pos, Color::Black, &counts, sink);
    counts
}

/// Evaluation of `pos` from the side to move's view, given its accumulator.
pub fn evaluate_with(pos: &Position, acc: &Accumulator) -> Score {
    let mut terms = Weighted::default();
    let counts = all_terms(pos, &mut terms);
    let (mg, eg) = (acc.mg + terms.mg, acc.eg + terms.eg);
    let phase = acc.phase.clamp(0, MAX_PHASE);
    let v = blend(mg, eg, phase);
    let v = if scaled_down(v, &counts) {
        v / DRAWISH_DIVISOR
    } else {
        v
    };
    let v = match pos.side_to_move() {
        Color::Red => v,
        Color::Black => -v,
    };
    v + TEMPO
}

/// How much an advantage shrinks when the side ahead has nothing left to mate with.
pub const DRAWISH_DIVISOR: i32 = 8;

/// The middle-game and end-game sums blended by the phase.
#[inline]
fn blend(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Whether a (Red-view) value `v` is pulled towards a draw: without attacking pieces
/// neither side can mate.
#[inline]
fn scaled_down(v: i32, counts: &Counts) -> bool {
    let attackers = |c: usize| {
        counts.kind[c][PieceKind::Chariot as usize]
            + counts.kind[c][PieceKind::Horse as usize]
            + counts.kind[c][PieceKind::Cannon as usize]
            + counts.kind[c][PieceKind::Soldier as usize]
    };
    v > 0 && attackers(0) == 0 || v < 0 && attackers(1) == 0
}

/// The evaluation of a position as a linear function of the weights, for tuning: how
/// many times each weight counts (Red minus Black), the phase that blends them, whether
/// the result is scaled down as drawish, and who is to move (who gets the tempo).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// `(flat weight index, count)` for every weight that counts, Red minus Black; the
    /// indices are those of [`crate::weights::EvalWeights::pairs`].
    pub counts: Vec<(usize, i32)>,
    /// The game phase, `0..=MAX_PHASE`: middle-game weights count `phase / MAX_PHASE`,
    /// end-game weights the rest.
    pub phase: i32,
    /// Whether the blended value is divided by [`DRAWISH_DIVISOR`] (with today's weights).
    pub scaled_down: bool,
    /// Whether Red is to move (the tempo counts for Red, else for Black).
    pub red_to_move: bool,
}

impl Trace {
    /// The evaluation (side to move's view) that these counts give with `pairs` and
    /// `tempo`, computed as [`evaluate`] does.
    pub fn value(&self, pairs: &[PhasePair], tempo: i32) -> Score {
        let v = blended(&self.counts, pairs, self.phase);
        let v = if self.scaled_down {
            v / DRAWISH_DIVISOR
        } else {
            v
        };
        if self.red_to_move {
            v + tempo
        } else {
            -v + tempo
        }
    }
}

/// `Σ count · weight` over the counts, blended by the phase (Red's view, unscaled).
fn blended(counts: &[(usize, i32)], pairs: &[PhasePair], phase: i32) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    for &(i, n) in counts {
        mg += n * pairs[i].0;
        eg += n * pairs[i].1;
    }
    blend(mg, eg, phase)
}

/// The trace of `pos`'s evaluation with the engine's weights.
pub fn trace(pos: &Position) -> Trace {
    let mut counts = [0i32; PAIR_COUNT];
    for color in Color::ALL {
        for (sq, piece) in pos.pieces(color) {
            let kind = piece.kind();
            let (rank, column) = relative(color, sq);
            counts[material_index(kind)] += sign(color);
            counts[psq_index(kind, rank, column)] += sign(color);
        }
    }
    let piece_counts = all_terms(pos, &mut Counted(&mut counts));
    let counts: Vec<(usize, i32)> = (0..PAIR_COUNT)
        .filter(|&i| counts[i] != 0)
        .map(|i| (i, counts[i]))
        .collect();
    let phase = Accumulator::new(pos).phase.clamp(0, MAX_PHASE);
    // Whether the value is scaled down depends on its sign with today's weights.
    let v = blended(&counts, &WEIGHTS.pairs(), phase);
    Trace {
        counts,
        phase,
        scaled_down: scaled_down(v, &piece_counts),
        red_to_move: pos.side_to_move() == Color::Red,
    }
}

/// Evaluation of `pos` from the side to move's view (computes the accumulator afresh).
pub fn evaluate(pos: &Position) -> Score {
    evaluate_with(pos, &Accumulator::new(pos))
}

/// The search's value of a piece kind, for move ordering, static exchange and pruning
/// margins ([`crate::params::PIECE_VALUES`]).
#[inline]
pub fn piece_value(kind: PieceKind) -> i32 {
    crate::params::PIECE_VALUES[kind as usize]
}

/// Square helper for tests and tools: `Square` from ICCS text like `e4`.
pub fn square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    Square::new(b[0].wrapping_sub(b'a'), b[1].wrapping_sub(b'0'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_xiangqi::START_FEN;

    #[test]
    fn start_position_is_balanced() {
        let pos = Position::from_fen(START_FEN).unwrap();
        assert_eq!(evaluate(&pos), TEMPO);
    }

    #[test]
    fn accumulator_updates_match_a_fresh_sum() {
        let mut pos = Position::startpos();
        let mut acc = Accumulator::new(&pos);
        let mut seed = 7u64;
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            acc = acc.after(&pos, mv);
            pos.make_move(mv);
            assert_eq!(acc, Accumulator::new(&pos));
        }
    }

    #[test]
    fn the_trace_gives_the_evaluation_back() {
        let pairs = WEIGHTS.pairs();
        let mut pos = Position::startpos();
        let mut seed = 11u64;
        let mut scaled = 0;
        for _ in 0..3000 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.count_color(Color::Red) + pos.count_color(Color::Black) < 4 {
                pos = Position::startpos();
                continue;
            }
            let t = trace(&pos);
            assert_eq!(t.value(&pairs, TEMPO), evaluate(&pos), "{}", pos.to_fen());
            scaled += t.scaled_down as u32;
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Random games, biased to captures so that endings (and scaling) show up.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.captured_piece(m).is_some())
                .collect();
            let pool: &[Move] = if !captures.is_empty() && seed % 3 == 0 {
                &captures
            } else {
                &moves
            };
            pos.make_move(pool[(seed >> 33) as usize % pool.len()]);
        }
        assert!(scaled > 0, "no drawish ending was reached");
    }

    #[test]
    fn extra_chariot_is_winning() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
        // Facing generals would be illegal, so put the general aside.
        let pos = pos.or_else(|_| Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"));
        let pos = pos.unwrap();
        assert!(evaluate(&pos) > 400);
    }
}
