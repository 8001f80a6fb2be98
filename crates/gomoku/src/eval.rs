//! Evaluation: the incremental pattern evaluator (attack and defence from per-point line
//! patterns kept by the board, and the tempo table over both sides' strongest threats) and
//! the two seed evaluators kept as baselines, which scan every line of the board.

use crate::board::{point, Board};
use crate::rules::Color;
use crate::weights::{
    combo_index, pattern_index, tempo_index, threat_index, Combo, EvalWeights, Role, EVAL_DIVISOR,
    ROLE_FEATURES, TEMPO_START, WEIGHT_COUNT,
};
use qi_search::Score;

pub use crate::cell::{
    cell_info, cell_value, cell_value_index, compute_cell_value, shape_value, threat_table,
    CellInfo, Threat, CELL_TABLE_SIZE,
};

/// Which evaluation function the search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Evaluator {
    /// Incremental per-point line patterns and the tempo table (the engine's own).
    #[default]
    Patterns,
    /// Seed 001's pattern table (眠二 10, 活二 600/500, 眠三 1000, 跳活三 5000, 活三 9000,
    /// 冲四 15000, 活四 100000, five the maximum), scanning every line.
    Seed001,
    /// Seed 000's table (five 100000, live four 10000, live three 1000, live two 100, live
    /// one 10; one level lower with one end blocked), scanning every line.
    Seed000,
}

impl std::str::FromStr for Evaluator {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "patterns" | "pattern" | "incremental" => Ok(Evaluator::Patterns),
            "seed001" | "001" => Ok(Evaluator::Seed001),
            "seed000" | "000" => Ok(Evaluator::Seed000),
            _ => Err(format!(
                "unknown evaluator '{s}' (expected patterns, seed001 or seed000)"
            )),
        }
    }
}

/// The largest heuristic value any evaluator returns.
pub const EVAL_LIMIT: Score = 100_000_000;

/// The position's value for the side to move under `evaluator`.
pub fn evaluate(board: &Board, evaluator: Evaluator) -> Score {
    let me = board.to_move();
    let raw = match evaluator {
        Evaluator::Patterns => {
            // The side to move converts its threats first: its points have their own table.
            let mine = board.eval_sum(me, Role::Mover);
            let theirs = board.eval_sum(me.other(), Role::Waiter);
            let weights = &crate::weight_sets::for_rule(board.rule()).to_move[me.index()];
            let (mover, waiter) = tempo_classes(board);
            let tempo = weights.tempo[mover as usize][waiter as usize] as i64;
            (mine - theirs + tempo) / EVAL_DIVISOR
        }
        Evaluator::Seed001 => seed_score(board, me, seed001_line),
        Evaluator::Seed000 => seed_score(board, me, seed000_line),
    };
    raw.clamp(-(EVAL_LIMIT as i64), EVAL_LIMIT as i64) as Score
}

/// The tempo table's row and column for `board`: the side to move's strongest threat
/// class, then the waiting side's.
fn tempo_classes(board: &Board) -> (Threat, Threat) {
    let me = board.to_move();
    let class = |color: Color| {
        let best = board.best_threat(color);
        // A double three of a side with forbidden points is a foul (unless one of its
        // threes is false): that side's strongest threat it can play is a three.
        if best == Threat::DoubleThree && board.rule().has_forbidden(color) {
            Threat::Three
        } else {
            best
        }
    };
    (class(me), class(me.other()))
}

/// The evaluation's features for the side to move: per role, how many (empty point,
/// line) pairs make each pattern and how many empty points have each threat class and
/// each building combination, then a one for the tempo table's entry (both sides'
/// strongest threat classes), as a count per flat index; each count is to be multiplied
/// by its weight, the waiter's negated, and the sum divided by [`EVAL_DIVISOR`].
pub fn features(board: &Board) -> [i32; WEIGHT_COUNT] {
    let mut counts = [0i32; WEIGHT_COUNT];
    let me = board.to_move();
    for (role, color) in [(Role::Mover, me), (Role::Waiter, me.other())] {
        for p in board.empty_points() {
            let mut pats = [0u8; 4];
            for (d, slot) in pats.iter_mut().enumerate() {
                let pattern = board.pattern(color, p, d);
                *slot = pattern as u8;
                counts[pattern_index(role, pattern)] += 1;
            }
            counts[threat_index(role, board.threat(color, p))] += 1;
            let mask = Combo::mask(&pats);
            for combo in Combo::ALL {
                if mask & (1 << combo as u8) != 0 {
                    counts[combo_index(role, combo)] += 1;
                }
            }
        }
    }
    let (mover, waiter) = tempo_classes(board);
    counts[tempo_index(mover, waiter)] = 1;
    counts
}

/// The evaluation recomputed from [`features`] and `weights` (before clamping).
pub fn evaluate_features(counts: &[i32; WEIGHT_COUNT], weights: &EvalWeights) -> i64 {
    let flat = weights.flat();
    let dot = |range: std::ops::Range<usize>| -> i64 {
        range.map(|i| counts[i] as i64 * flat[i] as i64).sum()
    };
    let role = |role: Role| dot(role as usize * ROLE_FEATURES..(role as usize + 1) * ROLE_FEATURES);
    (role(Role::Mover) - role(Role::Waiter) + dot(TEMPO_START..WEIGHT_COUNT)) / EVAL_DIVISOR
}

/// Every line of the board (rows, columns, both diagonals) as cell codes, at least 5 long.
pub fn lines(board: &Board) -> Vec<Vec<u8>> {
    let n = board.size() as i64;
    let cells = board.cells();
    let at = |x: i64, y: i64| cells[point(x as usize, y as usize) as usize];
    let mut out = Vec::new();
    let dirs: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for (dx, dy) in dirs {
        for y0 in 0..n {
            for x0 in 0..n {
                // Start only where the previous cell is off the board.
                let (px, py) = (x0 - dx, y0 - dy);
                if (0..n).contains(&px) && (0..n).contains(&py) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut x, mut y) = (x0, y0);
                while (0..n).contains(&x) && (0..n).contains(&y) {
                    line.push(at(x, y));
                    x += dx;
                    y += dy;
                }
                if line.len() >= 5 {
                    out.push(line);
                }
            }
        }
    }
    out
}

fn seed_score(board: &Board, me: Color, line_score: fn(&[u8]) -> i64) -> i64 {
    let mut mine = 0;
    let mut theirs = 0;
    for line in lines(board) {
        let view = |c: Color| -> Vec<u8> {
            line.iter()
                .map(|&v| {
                    if v == 0 {
                        0
                    } else if v == c.cell() {
                        1
                    } else {
                        2
                    }
                })
                .collect()
        };
        mine += line_score(&view(me));
        theirs += line_score(&view(me.other()));
    }
    mine - theirs
}

/// Seed 000: maximal runs of own stones scored by length and open ends.
pub fn seed000_line(line: &[u8]) -> i64 {
    const LIVE: [i64; 6] = [0, 10, 100, 1000, 10000, 100000];
    let mut total = 0;
    let mut i = 0;
    while i < line.len() {
        if line[i] != 1 {
            i += 1;
            continue;
        }
        let start = i;
        while i < line.len() && line[i] == 1 {
            i += 1;
        }
        let len = i - start;
        let left_open = start > 0 && line[start - 1] == 0;
        let right_open = i < line.len() && line[i] == 0;
        total += if len >= 5 {
            LIVE[5]
        } else {
            match (left_open, right_open) {
                (true, true) => LIVE[len],
                (false, false) => 0,
                _ => LIVE[len] / 10,
            }
        };
    }
    total
}

/// Seed 001: the shapes of its pattern table, matched on the line (0 empty, 1 own, 2 other).
pub fn seed001_line(line: &[u8]) -> i64 {
    // Pad with blocked cells so edge shapes match their blocked forms.
    let mut s = String::with_capacity(line.len() + 2);
    s.push('2');
    for &v in line {
        s.push((b'0' + v) as char);
    }
    s.push('2');
    const TABLE: &[(&str, i64)] = &[
        ("11111", 10_000_000),
        ("011110", 100_000),
        ("011112", 15_000),
        ("211110", 15_000),
        ("10111", 15_000),
        ("11101", 15_000),
        ("11011", 15_000),
        ("001110", 9_000),
        ("011100", 9_000),
        ("010110", 5_000),
        ("011010", 5_000),
        ("001112", 1_000),
        ("211100", 1_000),
        ("010112", 1_000),
        ("211010", 1_000),
        ("011012", 1_000),
        ("210110", 1_000),
        ("10011", 1_000),
        ("11001", 1_000),
        ("10101", 1_000),
        ("2011102", 1_000),
        ("001100", 600),
        ("011000", 600),
        ("000110", 600),
        ("01010", 500),
        ("010010", 500),
        ("000112", 10),
        ("211000", 10),
        ("001012", 10),
        ("210100", 10),
        ("010012", 10),
        ("210010", 10),
        ("10001", 10),
    ];
    let mut total = 0;
    for &(shape, value) in TABLE {
        let mut from = 0;
        while let Some(i) = s[from..].find(shape) {
            total += value;
            from += i + 1;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn black_s_double_three_is_a_three_in_the_renju_tempo_table() {
        // Black's j8 would make two open threes (h8 i8 j8 and j8 j9 j10); White's stones
        // in the corners make no threat.
        let moves = crate::parse_moves("h8 a1 i8 o1 j9 a15 j10 o15").unwrap();
        for (rule, black_class) in [
            (Rule::Freestyle, Threat::DoubleThree),
            (Rule::Renju, Threat::Three),
        ] {
            let (board, _) = crate::board_from_moves(15, rule, &moves).unwrap();
            assert_eq!(board.best_threat(Color::Black), Threat::DoubleThree);
            // Under renju the point is a foul: the strongest threat Black can play there
            // is a three, from either side's view.
            assert_eq!(tempo_classes(&board), (black_class, Threat::None));
            let mut white_to_move = board.clone();
            white_to_move.pass();
            assert_eq!(tempo_classes(&white_to_move), (Threat::None, black_class));
        }
    }
}
