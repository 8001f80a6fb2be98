//! Texel tuning data and fit for the gomoku engine's evaluation.
//!
//! **Data file** (`qi tune gomoku positions` writes it, `qi tune gomoku fit` reads it):
//! UTF-8 text, one position a line, `RULE SIZE MOVES | result`: the rule (`freestyle`,
//! `standard`, `renju`), the board size, the moves from the empty board (`h8 i9 …`), and
//! the result of the game the position came from as Black's score: `1`, `0.5` or `0`, or
//! Black's expected score between 0 and 1 when a stronger engine labelled the position
//! (`scripts/gomoku_label.py` writes Rapfi's judgement so).
//! Lines starting with `#` and blank lines are ignored.
//!
//! **Positions** come from game records (SGF, as `qi match --game gomoku --pgn` writes
//! them): every position of a game with a result (`B+`, `W+`, `0`), except the first
//! plies and positions that are not quiet: where either side can make a five, or an open
//! four (or a double four) in one move. There the next moves are forced and the static
//! evaluation says little; elsewhere it is a fair guess of the game's outcome.
//!
//! **Three fits** ([`FitScope`]): the points' weights (patterns, threat classes,
//! combinations) on quiet positions; the tempo table (both sides' strongest threat
//! classes) on every position the search evaluates, an open three against the side to
//! move included: that is where who has the initiative decides, and where a sum over
//! points misjudges it; and both together on those positions. The first two leave the
//! other's weights as they are.

pub use crate::data::DataError;
use crate::data::{read_lines, result_text};
use crate::fit::{FitOptions, Progress, Sample};
use crate::report::{fit_held_out, FitReport};
use qi_gomoku::eval::features;
use qi_gomoku::eval::Threat;
use qi_gomoku::pattern::Pattern;
use qi_gomoku::sgf;
use qi_gomoku::weight_sets::WeightSet;
use qi_gomoku::weights::{
    pattern_index, tempo_index, threat_index, EvalWeights, Role, EVAL_DIVISOR, ROLE_FEATURES,
    TEMPO_START, WEIGHT_COUNT,
};
use qi_gomoku::{format_point, parse_moves, play_checked, Board, Color, MoveResult, Point, Rule};

/// A quiet position and the result of its game.
///
/// The position is kept as its rule, size and moves, not as a [`Board`]: a board carries
/// its incremental tables (tens of kilobytes), and a data set holds hundreds of thousands
/// of positions.
#[derive(Clone, Debug)]
pub struct Labelled {
    rule: Rule,
    size: usize,
    moves: Vec<Point>,
    /// Black's score: 1 (Black won), 0.5 (draw) or 0 (White won), or an expected score
    /// between them.
    pub result: f32,
}

impl Labelled {
    /// `board`'s position with its game's `result` (Black's score).
    pub fn new(board: &Board, result: f32) -> Labelled {
        Labelled {
            rule: board.rule(),
            size: board.size(),
            moves: board.moves().collect(),
            result,
        }
    }

    /// The set of weights that evaluates this position: its rule's, and under renju the
    /// side to move's.
    pub fn weight_set(&self) -> WeightSet {
        let to_move = if self.moves.len() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        WeightSet::of(self.rule, to_move)
    }

    /// Whether a fit of `set` in `scope` takes this position: `set` evaluates it and it is
    /// one of `scope`'s positions.
    pub fn fitted_by(&self, set: WeightSet, scope: FitScope) -> bool {
        self.fitted_board(set, scope).is_some()
    }

    /// The position replayed when a fit of `set` in `scope` takes it ([`Labelled::fitted_by`]),
    /// so that the fit replays each position it takes once; `None` otherwise (a position of
    /// another set is not replayed at all).
    pub fn fitted_board(&self, set: WeightSet, scope: FitScope) -> Option<Board> {
        (self.weight_set() == set)
            .then(|| self.board())
            .filter(|board| scope.takes(board))
    }

    /// The position, replayed.
    pub fn board(&self) -> Board {
        // `new` took the size, rule and moves from a board, so they replay.
        let mut board = Board::new(self.size, self.rule).expect("the size came from a board");
        for &p in &self.moves {
            board.play(p);
        }
        board
    }
}

/// One line of the data file for `labelled` (without the newline).
pub fn data_line(labelled: &Labelled) -> String {
    let moves: Vec<String> = labelled.moves.iter().map(|&p| format_point(p)).collect();
    format!(
        "{} {} {} | {}",
        labelled.rule.name(),
        labelled.size,
        moves.join(" "),
        result_text(labelled.result)
    )
}

/// Reads a data file; the first bad line is an error.
pub fn read_data(text: &str) -> Result<Vec<Labelled>, DataError> {
    read_lines(text, "RULE SIZE MOVES | result", |position, result| {
        let mut words = position.split_whitespace();
        let rule: Rule = words
            .next()
            .ok_or("no rule")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        let size: usize = words
            .next()
            .ok_or("no board size")?
            .parse()
            .map_err(|_| "the board size is not a number")?;
        let moves = parse_moves(&words.collect::<Vec<_>>().join(" ")).map_err(|e| e.to_string())?;
        let (board, end) =
            qi_gomoku::board_from_moves(size, rule, &moves).map_err(|e| e.to_string())?;
        if end.is_some() {
            return Err("the game is over in this position".into());
        }
        Ok(Labelled::new(&board, result))
    })
}

/// Whether `board` is quiet: neither side can make a five or an open (or double) four.
pub fn is_quiet(board: &Board) -> bool {
    [Color::Black, Color::White]
        .into_iter()
        .all(|c| board.threats_at_least(c, Threat::WinFour) == 0)
}

/// Whether the search reads the evaluation of `board`: the side to move cannot win at once
/// (a five, or an unstoppable four) and need not block a five. An open three of the waiting
/// side is allowed: the quiescence search stands pat against it.
pub fn is_evaluated(board: &Board) -> bool {
    let me = board.to_move();
    board.threats_at_least(me, Threat::WinFour) == 0
        && board.threat_count(me.other(), Threat::Five) == 0
}

/// Which weights a fit moves, and on which positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FitScope {
    /// The points' weights (patterns, threat classes, combinations), on quiet positions.
    #[default]
    Points,
    /// The tempo table, on every position the search evaluates ([`is_evaluated`]).
    Tempo,
    /// Both together, on every position the search evaluates: the points' weights then
    /// learn what a point is worth where one side has the initiative, alongside the table.
    All,
}

impl FitScope {
    /// Every scope.
    pub const ALL: [FitScope; 3] = [FitScope::Points, FitScope::Tempo, FitScope::All];

    /// The scope's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            FitScope::Points => "points",
            FitScope::Tempo => "tempo",
            FitScope::All => "all",
        }
    }

    /// Whether a position with this board is fitted in this scope.
    pub fn takes(self, board: &Board) -> bool {
        match self {
            FitScope::Points => is_quiet(board),
            FitScope::Tempo | FitScope::All => is_evaluated(board),
        }
    }
}

impl std::str::FromStr for FitScope {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FitScope::ALL
            .into_iter()
            .find(|scope| scope.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| format!("unknown fit scope '{s}' (expected points, tempo or all)"))
    }
}

/// Black's score from an SGF result (`B+…`, `W+…`, `0`/`Draw`); `None` when unknown.
fn result_of(re: &str) -> Option<f32> {
    let re = re.trim();
    if re.starts_with("B+") {
        Some(1.0)
    } else if re.starts_with("W+") {
        Some(0.0)
    } else if re == "0" || re.eq_ignore_ascii_case("draw") || re.eq_ignore_ascii_case("jigo") {
        Some(0.5)
    } else {
        None
    }
}

/// Counts of what [`positions_from_sgf`] read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SgfCounts {
    /// Games read with a result.
    pub games: usize,
    /// Games skipped: no result, unreadable, or moves that do not replay.
    pub skipped: usize,
}

/// The quiet positions of every game in `text` (one or more SGF records), each labelled
/// with its game's result, leaving out the first `skip_plies` plies of each game.
pub fn positions_from_sgf(text: &str, skip_plies: usize) -> (Vec<Labelled>, SgfCounts) {
    let mut out = Vec::new();
    let mut counts = SgfCounts::default();
    for game in sgf::split_records(text) {
        let Ok(record) = sgf::read(game, 15) else {
            counts.skipped += 1;
            continue;
        };
        let Some(result) = record.result.as_deref().and_then(result_of) else {
            counts.skipped += 1;
            continue;
        };
        let size = record.size.unwrap_or(15);
        let rule = record.rule.unwrap_or(Rule::Freestyle);
        let Ok(mut board) = Board::new(size, rule) else {
            counts.skipped += 1;
            continue;
        };
        let mut positions = Vec::new();
        let mut replayed = true;
        for (ply, &(x, y)) in record.moves.iter().enumerate() {
            if ply >= skip_plies && is_quiet(&board) {
                positions.push(Labelled::new(&board, result));
            }
            match play_checked(&mut board, x as i64, y as i64) {
                Ok(MoveResult::Continue) => {}
                Ok(_) => break,
                Err(_) => {
                    replayed = false;
                    break;
                }
            }
        }
        if replayed {
            counts.games += 1;
            out.extend(positions);
        } else {
            counts.skipped += 1;
        }
    }
    (out, counts)
}

/// The sample of a labelled position: the evaluation's features with the coefficients
/// that make `Σ weight · coefficient` the evaluation, and the result from the side to
/// move's view (the evaluation's side).
pub fn sample_of(labelled: &Labelled) -> Sample {
    sample_on(labelled, &labelled.board())
}

/// [`sample_of`] with the position already replayed as `board`.
fn sample_on(labelled: &Labelled, board: &Board) -> Sample {
    let counts = features(board);
    let features = counts
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n != 0)
        .map(|(i, &n)| {
            // The waiting side's weights count against the side to move.
            let waiter = (ROLE_FEATURES..TEMPO_START).contains(&i);
            let sign = if waiter { -1.0 } else { 1.0 };
            (i as u32, sign * n as f32 / EVAL_DIVISOR as f32)
        })
        .collect();
    let result = match board.to_move() {
        Color::Black => labelled.result,
        Color::White => 1.0 - labelled.result,
    };
    Sample { features, result }
}

/// Which weights a fit in `scope` leaves alone: those of the other scope, and those its
/// positions cannot inform, so that they keep their meaning. For the points: a five, an
/// open or double four, the pattern of a line where no five fits, the threat classes
/// `None`, `WinFour` and `Five` (no quiet position has them). For the tempo table: the
/// entries where the side to move has an unstoppable four or a five, or the waiting side
/// a five (the search never evaluates those positions). The joint fit (`all`) leaves alone
/// what both leave alone, so the points' frozen weights keep their meaning there too.
pub fn frozen(scope: FitScope) -> Vec<bool> {
    let mut frozen = vec![false; WEIGHT_COUNT];
    let (points, tempo) = frozen.split_at_mut(TEMPO_START);
    match scope {
        FitScope::Points => tempo.fill(true),
        FitScope::Tempo => points.fill(true),
        FitScope::All => {}
    }
    for mover in Threat::ALL {
        for waiter in Threat::ALL {
            if mover >= Threat::WinFour || waiter == Threat::Five {
                frozen[tempo_index(mover, waiter)] = true;
            }
        }
    }
    for role in Role::ALL {
        for p in [
            Pattern::None,
            Pattern::DoubleFour,
            Pattern::OpenFour,
            Pattern::Five,
        ] {
            frozen[pattern_index(role, p)] = true;
        }
        for t in [Threat::None, Threat::WinFour, Threat::Five] {
            frozen[threat_index(role, t)] = true;
        }
    }
    frozen
}

/// What [`tune`] found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The tuned weights.
    pub weights: EvalWeights,
    /// Scale (per point of evaluation), losses and counts.
    pub fit: FitReport,
}

/// Fits the weights of `set` in `scope` to the positions of `data` that `set` evaluates and
/// `scope` takes (the others are left out), starting from the weights it plays with; the
/// last `holdout` share of those positions is measured, not fitted.
pub fn tune(
    data: &[Labelled],
    set: WeightSet,
    scope: FitScope,
    holdout: f64,
    options: &FitOptions,
    progress: impl FnMut(Progress),
) -> TuneReport {
    let samples: Vec<Sample> = data
        .iter()
        .filter_map(|labelled| {
            let board = labelled.fitted_board(set, scope)?;
            Some(sample_on(labelled, &board))
        })
        .collect();
    let start: Vec<f64> = set.weights().flat().iter().map(|&v| v as f64).collect();
    let (end, fit) = fit_held_out(
        &samples,
        holdout,
        &start,
        &frozen(scope),
        options,
        progress,
        |w| w.iter().map(|v| v.round()).collect(),
    );
    TuneReport {
        weights: EvalWeights::from_flat(&end).expect("the fit keeps the vector's length"),
        fit,
    }
}

/// The header of a generated `tuned.rs`: how it was made.
pub fn tuned_header(report: &TuneReport, command: &str, data_note: &str) -> String {
    crate::report::tuned_header("gomoku", "point", &report.fit, command, data_note)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "(;FF[4]GM[4]SZ[15]RU[freestyle]RE[B+]\n;B[hh];W[ih];B[fj];W[hg];B[ji];W[jg];B[ig];W[gi];B[gj];W[hj])\n(;FF[4]GM[4]SZ[15]RU[renju]RE[W+]\n;B[hh];W[ih];B[gh];W[hg])\n(;FF[4]GM[4]SZ[15]RE[?]\n;B[hh];W[ih])\n";

    #[test]
    fn positions_come_from_games_with_a_result_and_survive_the_data_file() {
        let (positions, counts) = positions_from_sgf(GAMES, 2);
        assert_eq!(
            counts,
            SgfCounts {
                games: 2,
                skipped: 1
            }
        );
        // Plies 2..10 of the first game and 2..4 of the second, those that are quiet.
        assert!(!positions.is_empty() && positions.len() <= 10);
        assert!(positions.iter().all(|l| is_quiet(&l.board())));
        let text: String = positions.iter().map(|l| data_line(l) + "\n").collect();
        let again = read_data(&text).unwrap();
        assert_eq!(again.len(), positions.len());
        for (a, b) in positions.iter().zip(&again) {
            assert_eq!(a.board().hash(), b.board().hash());
            assert_eq!(a.board().rule(), b.board().rule());
            assert_eq!(a.result, b.result);
        }
        assert!(read_data("freestyle 15 h8 | 2").is_err());
        assert!(read_data("freestyle 15 h8 h8 | 1").is_err());
        assert!(read_data("nonsense").is_err());
    }

    #[test]
    fn a_fit_takes_the_positions_its_set_evaluates_in_its_scope() {
        let (positions, _) = positions_from_sgf(GAMES, 0);
        for l in &positions {
            for set in WeightSet::ALL {
                for scope in FitScope::ALL {
                    let expected = l.weight_set() == set && scope.takes(&l.board());
                    assert_eq!(l.fitted_by(set, scope), expected);
                    // The board handed to the fit is the position itself.
                    let fitted = l.fitted_board(set, scope).map(|b| b.hash());
                    assert_eq!(fitted, expected.then(|| l.board().hash()));
                }
            }
            // Every recorded position is quiet, so each set's points fit takes its own.
            assert!(l.fitted_by(l.weight_set(), FitScope::Points));
        }
        let renju = positions.iter().filter(|l| l.rule == Rule::Renju).count();
        assert!(renju > 0 && renju < positions.len());
        assert_eq!(
            positions
                .iter()
                .filter(|l| l.fitted_by(WeightSet::Freestyle, FitScope::Points))
                .count(),
            positions.len() - renju
        );
    }

    #[test]
    fn a_sample_evaluates_to_the_engines_evaluation_from_the_movers_view() {
        let (positions, _) = positions_from_sgf(GAMES, 0);
        assert!(positions
            .iter()
            .any(|l| l.weight_set() == WeightSet::RenjuWhite));
        for l in &positions {
            let weights = l.weight_set().weights();
            let start: Vec<f64> = weights.flat().iter().map(|&v| v as f64).collect();
            let s = sample_of(l);
            let e = crate::fit::evaluate(&s, &start);
            let engine = qi_gomoku::eval::evaluate(&l.board(), qi_gomoku::Evaluator::Patterns);
            // The engine divides an integer sum; the sample's sum is exact.
            assert!((e - engine as f64).abs() < 1.0, "{e} vs {engine}");
            let black_to_move = l.board().to_move() == Color::Black;
            let expected = if black_to_move {
                l.result
            } else {
                1.0 - l.result
            };
            assert_eq!(s.result, expected);
        }
    }

    #[test]
    fn the_two_scopes_fit_their_own_weights_on_their_own_positions() {
        let (points, tempo) = (frozen(FitScope::Points), frozen(FitScope::Tempo));
        for i in 0..WEIGHT_COUNT {
            assert!(points[i] || tempo[i], "weight {i} is free in both scopes");
            let in_tempo_table = i >= TEMPO_START;
            assert!(tempo[i] || in_tempo_table, "the tempo fit moves weight {i}");
            assert!(
                points[i] || !in_tempo_table,
                "the points fit moves weight {i}"
            );
        }
        // Only what the search can meet is fitted.
        assert!(!tempo[tempo_index(Threat::FourThree, Threat::WinFour)]);
        assert!(!tempo[tempo_index(Threat::None, Threat::None)]);
        assert!(tempo[tempo_index(Threat::WinFour, Threat::None)]);
        assert!(tempo[tempo_index(Threat::Three, Threat::Five)]);
        assert!(!points[threat_index(Role::Mover, Threat::FourThree)]);
        // An open three of Black's, White to move: evaluated (White must answer it) but
        // not quiet; with Black to move instead, Black wins at once and it is neither.
        let board = |moves: &str| {
            let moves = parse_moves(moves).unwrap();
            qi_gomoku::board_from_moves(15, Rule::Freestyle, &moves)
                .unwrap()
                .0
        };
        let against_three = board("h8 a1 i8 a2 j8");
        assert_eq!(against_three.best_threat(Color::Black), Threat::WinFour);
        assert!(FitScope::Tempo.takes(&against_three));
        assert!(!FitScope::Points.takes(&against_three));
        let own_three = board("h8 a1 i8 a2 j8 o15");
        assert!(!FitScope::Tempo.takes(&own_three));
        assert!(!FitScope::Points.takes(&own_three));
        let quiet = board("h8 a1 i8");
        assert!(FitScope::Tempo.takes(&quiet) && FitScope::Points.takes(&quiet));
        for scope in FitScope::ALL {
            assert_eq!(scope.name().parse::<FitScope>(), Ok(scope));
        }
        assert!("both".parse::<FitScope>().is_err());
        // The joint fit moves exactly what either of the two moves, on the tempo fit's
        // positions.
        let all = frozen(FitScope::All);
        for i in 0..WEIGHT_COUNT {
            assert_eq!(all[i], points[i] && tempo[i], "weight {i}");
        }
        assert!(FitScope::All.takes(&against_three) && !FitScope::All.takes(&own_three));
    }
}
