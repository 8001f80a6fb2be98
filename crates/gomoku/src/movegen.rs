//! Move generation: the neighbourhood baseline and the threat-aware generator.

use crate::board::{Board, Point};
use crate::eval::Threat;
use crate::params::PLAIN_FOUR_CANDIDATES;
use crate::renju;
use crate::rules::Color;

/// Which candidate moves the search considers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Generator {
    /// Every empty point within two of a stone (the seeds' generator), unordered.
    Neighbourhood,
    /// Five if there is one; against a four only the blocks; against an open three only
    /// defences and own fours; otherwise near points by score, capped.
    #[default]
    Threats,
}

impl std::str::FromStr for Generator {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "neighbourhood" | "neighborhood" | "near" => Ok(Generator::Neighbourhood),
            "threats" | "threat" => Ok(Generator::Threats),
            _ => Err(format!(
                "unknown generator '{s}' (expected neighbourhood or threats)"
            )),
        }
    }
}

/// Whether the side to move may play `p` (Black's forbidden points in renju are not).
#[inline]
pub fn is_legal(board: &Board, p: Point) -> bool {
    board.is_empty(p) && !(board.to_move() == Color::Black && renju::is_forbidden(board, p))
}

/// A point the side to move may play, if any: the centre, else a point near the stones,
/// else any empty point (what a side plays when no move helps it).
pub fn any_legal(board: &Board) -> Option<Point> {
    let centre = board.point(board.size() as i64 / 2, board.size() as i64 / 2)?;
    if is_legal(board, centre) {
        return Some(centre);
    }
    board
        .near_points()
        .chain(board.empty_points())
        .find(|&p| is_legal(board, p))
}

/// Plies until the side to move, left with no candidate move (Black under renju, every
/// point that would help him forbidden), has lost: 0 with no legal point at all (the rules
/// end the game there), 2 against a five to come, 4 against an open four or two fours to
/// come (any move, the four, any move, the five). `None` where nothing forces him: only
/// the points near the stones are forbidden, and he may still play away from them.
pub fn plies_to_loss_without_candidates(board: &Board) -> Option<usize> {
    let opp = board.to_move().other();
    if any_legal(board).is_none() {
        Some(0)
    } else if board.has_five_point(opp) {
        Some(2)
    } else if board.threats_at_least(opp, Threat::WinFour) > 0 {
        Some(4)
    } else {
        None
    }
}

/// Whether `color` would make a four (or two) on one of `p`'s lines, fouls aside. Under
/// renju a point where Black would make two fours is forbidden for Black and has no threat
/// class, yet it still stops each of those fours: the opponent must be able to answer a
/// three of Black's there.
#[inline]
fn makes_four_on_a_line(board: &Board, color: Color, p: Point) -> bool {
    (0..4).any(|d| board.pattern(color, p, d).four_count() > 0)
}

/// Whether the opponent of `attacker` may stop a three of `attacker`'s at empty `p`: where
/// `attacker` would make a four or better, or a forbidden point of Black's where Black
/// would make one on a line (a double-four point still stops each of its fours).
#[inline]
pub fn stops_a_four(board: &Board, attacker: Color, p: Point) -> bool {
    match board.threat(attacker, p) {
        t if t >= Threat::Four => true,
        Threat::None => {
            attacker == Color::Black
                && board.rule().has_forbidden(attacker)
                && makes_four_on_a_line(board, attacker, p)
        }
        _ => false,
    }
}

/// The ordering score of `p` for the side to move: its attack plus its defence value.
#[inline]
pub fn point_score(board: &Board, p: Point) -> i32 {
    let me = board.to_move();
    let (attack, defence) = (board.threat(me, p), board.threat(me.other(), p));
    board.shape_value(me, p)
        + board.shape_value(me.other(), p) * 7 / 8
        + ((attack as i32) << 12)
        + ((defence as i32) << 11)
}

/// Appends the candidate moves for the side to move, best first, at most `cap`
/// (0: no cap) when nothing forces the choice (forced defences are never cut).
pub fn generate(board: &Board, generator: Generator, cap: usize, out: &mut Vec<Point>) {
    match generator {
        Generator::Neighbourhood => {
            out.extend(board.near_points().filter(|&p| is_legal(board, p)));
        }
        Generator::Threats => threat_moves(board, cap, out),
    }
}

/// Room for the candidates of most positions without growing the buffer.
const TYPICAL_CANDIDATES: usize = 96;

/// A sort key that puts higher scores first and, among equal scores, lower points first.
#[inline]
pub fn order_key(score: i32, p: Point) -> u64 {
    ((i32::MAX as i64 - score as i64) as u64) << 16 | p as u64
}

/// The score of an [`order_key`].
#[inline]
pub fn order_key_score(key: u64) -> i32 {
    (i32::MAX as i64 - (key >> 16) as i64) as i32
}

/// The point of an [`order_key`] (its low 16 bits).
#[inline]
pub fn order_key_point(key: u64) -> Point {
    (key & 0xFFFF) as Point
}

/// How [`threat_candidates`] handed the candidates over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidates {
    /// A five to complete, or the points that stop the opponent's: listed in `out` in
    /// point order, unscored.
    Listed,
    /// Every candidate's [`order_key`] in `keys`, in no particular order.
    Scored,
}

fn threat_moves(board: &Board, cap: usize, out: &mut Vec<Point>) {
    let mut keys: Vec<u64> = Vec::with_capacity(TYPICAL_CANDIDATES);
    if threat_candidates(board, cap, None, &mut keys, out) == Candidates::Scored {
        keys.sort_unstable();
        out.extend(keys.iter().map(|&k| order_key_point(k)));
    }
}

/// The threat-aware generator's candidates for the side to move, at most `cap` (0: no
/// cap) when nothing forces the choice (forced defences are never cut): a five or the
/// blocks of the opponent's go to `out`, anything else to `keys` as order keys, unsorted,
/// so that a caller who orders the moves again sorts once (the search runs this at every
/// node, with buffers it keeps). `keep`, a candidate the cap would drop, is kept past it:
/// the search passes the table's move, which a wider visit of the node found best.
pub fn threat_candidates(
    board: &Board,
    cap: usize,
    keep: Option<Point>,
    keys: &mut Vec<u64>,
    out: &mut Vec<Point>,
) -> Candidates {
    keys.clear();
    let me = board.to_move();
    let opp = me.other();
    if board.has_five_point(me) {
        out.extend(board.points_with(me, Threat::Five).take(1));
        return Candidates::Listed;
    }
    if board.has_five_point(opp) {
        out.extend(
            board
                .points_with(opp, Threat::Five)
                .filter(|&p| is_legal(board, p)),
        );
        return Candidates::Listed;
    }
    let forced = board.threats_at_least(opp, Threat::WinFour) > 0;
    // Scores and points packed into one sortable key.
    let mut add = |p: Point| {
        if is_legal(board, p) {
            keys.push(order_key(point_score(board, p), p));
        }
    };
    if forced {
        // Every point that makes or stops a four (both sets hold only empty points).
        board
            .points_with(me, Threat::Four)
            .chain(board.points_with(opp, Threat::Four))
            .for_each(&mut add);
        if opp == Color::Black && board.rule().has_forbidden(opp) {
            // Black's forbidden points on the three's line stop it too (the guard keeps the
            // scan of the near points out of the other rules).
            board
                .near_points()
                .filter(|&p| stops_a_four(board, opp, p))
                .for_each(&mut add);
        }
        // A point listed twice has the same key twice (its score is the point's own).
        keys.sort_unstable();
        keys.dedup();
    } else {
        board.near_points().for_each(&mut add);
    }
    // Defences against an open three are never cut: dropping one could lose at once.
    if cap > 0 && keys.len() > cap && !forced {
        drop_plain_fours_past(board, PLAIN_FOUR_CANDIDATES, cap, keep, keys);
        keys.select_nth_unstable(cap - 1);
        let kept = keep.and_then(|p| keys[cap..].iter().position(|&k| order_key_point(k) == p));
        match kept {
            Some(i) => {
                keys.swap(cap, cap + i);
                keys.truncate(cap + 1);
            }
            None => keys.truncate(cap),
        }
    }
    Candidates::Scored
}

/// Whether `p` is a plain four for the side to move: a four and no other threat, and no
/// four of the opponent's stopped.
#[inline]
fn is_plain_four(board: &Board, p: Point) -> bool {
    let me = board.to_move();
    board.threat(me, p) == Threat::Four && board.threat(me.other(), p) < Threat::Four
}

/// Takes the plain fours past the best `limit` of them out of `keys`, in order of rank,
/// until only `cap` candidates remain (so where the list is barely longer than the cap, the
/// last fours stay for the cap to cut or keep); never `keep`, the table's move.
fn drop_plain_fours_past(
    board: &Board,
    limit: usize,
    cap: usize,
    keep: Option<Point>,
    keys: &mut Vec<u64>,
) {
    // Most nodes have few four points at all: the board's count answers them without a
    // scan (it bounds the plain fours among the keys from above).
    if board.threat_count(board.to_move(), Threat::Four) as usize <= limit {
        return;
    }
    let droppable = |k: u64| {
        let p = order_key_point(k);
        Some(p) != keep && is_plain_four(board, p)
    };
    if keys.iter().filter(|&&k| droppable(k)).count() <= limit {
        return;
    }
    keys.sort_unstable();
    let (mut fours, mut spare) = (0, keys.len().saturating_sub(cap));
    keys.retain(|&k| {
        if spare == 0 || !droppable(k) {
            return true;
        }
        fours += 1;
        let dropped = fours > limit;
        spare -= usize::from(dropped);
        !dropped
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn a_capped_list_keeps_only_the_best_plain_fours() {
        // Black to move has three closed threes (each blocked by White at b), so six points
        // that make a plain four: f and g on rows 3, 7 and 11.
        let board = Board::from_picture(
            "o.....o.....o..
             ...............
             ...............
             ...............
             .oxxx..........
             ...............
             ...............
             ..........o....
             .oxxx..........
             ...............
             ..............o
             ...............
             .oxxx..........
             ...............
             ..........o....",
            Rule::Freestyle,
        )
        .unwrap();
        assert_eq!(board.to_move(), Color::Black);
        let list = |cap: usize| {
            let mut moves = Vec::new();
            generate(&board, Generator::Threats, cap, &mut moves);
            moves
        };
        let fours = |moves: &[Point]| -> Vec<Point> {
            moves
                .iter()
                .copied()
                .filter(|&p| is_plain_four(&board, p))
                .collect()
        };
        let all = list(0);
        assert_eq!(fours(&all).len(), 6, "{all:?}");
        let capped = list(CAP);
        assert!(all.len() > CAP + 2, "{all:?}");
        assert_eq!(capped.len(), CAP);
        // The best PLAIN_FOUR_CANDIDATES of them, and the quiet points after them.
        assert_eq!(fours(&capped), fours(&all)[..PLAIN_FOUR_CANDIDATES]);
        let quiet: Vec<Point> = all
            .iter()
            .copied()
            .filter(|&p| !is_plain_four(&board, p))
            .collect();
        assert_eq!(
            capped[PLAIN_FOUR_CANDIDATES..],
            quiet[..CAP - PLAIN_FOUR_CANDIDATES]
        );
        // A cap that cuts only one point drops only one four: the first past the limit.
        let wide = list(all.len() - 1);
        let mut expected = fours(&all);
        expected.remove(PLAIN_FOUR_CANDIDATES);
        assert_eq!(fours(&wide), expected);
        // A four kept as the table's move stays whatever its rank.
        let worst = fours(&all)[5];
        let (mut keys, mut out) = (Vec::new(), Vec::new());
        threat_candidates(&board, CAP, Some(worst), &mut keys, &mut out);
        assert!(keys.iter().any(|&k| order_key_point(k) == worst));
    }

    /// The deeper nodes' cap.
    const CAP: usize = crate::params::CANDIDATES;

    #[test]
    fn a_black_three_may_be_stopped_on_a_forbidden_point() {
        // Renju, White to move. Black's d5 d6 d7 is an open three (d9 is White's). At d3
        // Black would make two fours (column d, and d3-g3 on row 3 against White's h3):
        // forbidden for Black, so no threat class of Black's, yet White's stone there
        // stops the open four at d4 as surely as d4 or d8 does.
        let board = Board::from_picture(
            "O..O.....
             .........
             ...X.....
             ...X.....
             ...X.....
             .........
             ....XXXO.
             .........
             O.......O",
            Rule::Renju,
        )
        .unwrap();
        let at = |x: i64, y: i64| board.point(x, y).unwrap();
        let (d3, d4, d8) = (at(3, 2), at(3, 3), at(3, 7));
        assert_eq!(board.to_move(), Color::White);
        assert!(renju::is_forbidden(&board, d3));
        assert_eq!(board.threat(Color::Black, d3), Threat::None);
        assert!(stops_a_four(&board, Color::Black, d3));
        assert!(stops_a_four(&board, Color::Black, d4));
        // A point off Black's lines stops nothing.
        assert!(!stops_a_four(&board, Color::Black, at(7, 7)));
        for cap in [0, 12] {
            let mut moves = Vec::new();
            generate(&board, Generator::Threats, cap, &mut moves);
            for p in [d3, d4, d8] {
                assert!(moves.contains(&p), "cap {cap}: {moves:?}");
            }
        }
    }
}
