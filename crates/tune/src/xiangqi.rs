//! Texel tuning data and fit for the Xiangqi engine's evaluation.
//!
//! **Data file** (`qi tune xiangqi positions` writes it, `qi tune xiangqi fit` reads it):
//! UTF-8 text, one position a line, `FEN | result`, the result of the game the position
//! came from as Red's score: `1`, `0.5` or `0`. Lines starting with `#` and blank lines
//! are ignored. The format names no engine or weight, so the same data can train any
//! later evaluation (a learned one included).
//!
//! **Positions** come from game records: every position of a game with a decided result
//! (`1-0`, `0-1`, `1/2-1/2`), except the first plies, positions in check, positions
//! where the game's move is a capture, and positions where the side to move has a
//! capture that wins material by static exchange. What is left is quiet, so the static
//! evaluation is a fair guess of the position's value and the fit needs no search.

pub use crate::data::DataError;
use crate::data::{read_lines, result_text};
use crate::fit::{FitOptions, Progress, Sample};
use crate::report::{fit_held_out, FitReport};
use qi_xiangqi::PieceKind;
use qi_xiangqi::{pgn, ExchangeValues, Position};
use qi_xiangqi_engine::eval::{trace, Trace};
use qi_xiangqi_engine::pst::relative;
use qi_xiangqi_engine::pst::MAX_PHASE;
use qi_xiangqi_engine::tuned::WEIGHTS;
use qi_xiangqi_engine::weights::{
    material_index, psq_index, EvalWeights, PhasePair, Term, FILE_COLUMNS, PAIR_COUNT, RANKS,
};

/// A quiet position and the result of its game, Red's score.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The position.
    pub position: Position,
    /// 1 (Red won), 0.5 (draw) or 0 (Black won).
    pub result: f32,
}

/// One line of the data file for `labelled` (without the newline).
pub fn data_line(labelled: &Labelled) -> String {
    format!(
        "{} | {}",
        labelled.position.to_fen(),
        result_text(labelled.result)
    )
}

/// Reads a data file's text; the first bad line is an error.
pub fn read_data(text: &str) -> Result<Vec<Labelled>, DataError> {
    read_lines(text, "FEN | result", |fen, result| {
        let position = Position::from_fen(fen).map_err(|e| e.to_string())?;
        Ok(Labelled { position, result })
    })
}

/// Settings for taking positions from game records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtractOptions {
    /// Plies at the start of each record that are not taken (the opening book's moves,
    /// which say little about who wins).
    pub skip_plies: usize,
}

impl Default for ExtractOptions {
    fn default() -> Self {
        ExtractOptions { skip_plies: 4 }
    }
}

/// What [`positions_from_pgn`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtractStats {
    /// Records read.
    pub games: usize,
    /// Records without a decided result (`*` or no `Result` tag): not used.
    pub undecided: usize,
    /// Records with a bad start position or an illegal or unreadable move: not used past
    /// the bad move.
    pub broken: usize,
    /// Positions taken.
    pub positions: usize,
    /// Positions left out as not quiet (check, a capture played or winning).
    pub noisy: usize,
}

/// A record's result as Red's score, when the game was decided.
fn red_score(result: Option<&str>) -> Option<f32> {
    match result? {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// Whether `pos` is quiet enough for its static evaluation to stand for its value, given
/// the move the game played from it.
fn quiet(pos: &Position, played: qi_xiangqi::Move, worth: &ExchangeValues) -> bool {
    if pos.in_check() || pos.captured_piece(played).is_some() {
        return false;
    }
    !pos.legal_moves()
        .iter()
        .any(|&m| pos.captured_piece(m).is_some() && pos.see(m, worth) > 0)
}

/// Textbook piece values for the quiet test (general, advisor, elephant, horse, chariot,
/// cannon, soldier). Fixed rather than the engine's own, so that which positions are
/// taken does not depend on the weights being tuned, and a near-even trade (a cannon for
/// a horse) does not count as winning material.
const EXCHANGE_VALUES: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

fn exchange_values() -> ExchangeValues {
    ExchangeValues::new(EXCHANGE_VALUES)
}

/// Appends the quiet positions of every decided game in `text` (PGN, any number of
/// records) to `out`.
pub fn positions_from_pgn(
    text: &str,
    options: ExtractOptions,
    out: &mut Vec<Labelled>,
) -> ExtractStats {
    let worth = exchange_values();
    let mut stats = ExtractStats::default();
    for record in pgn::read_all(text) {
        stats.games += 1;
        let Ok(parsed) = record else {
            stats.broken += 1;
            continue;
        };
        let Some(result) = red_score(parsed.result.as_deref()) else {
            stats.undecided += 1;
            continue;
        };
        let start = match &parsed.fen {
            Some(fen) => Position::from_fen(fen),
            None => Ok(Position::startpos()),
        };
        let Ok(mut pos) = start else {
            stats.broken += 1;
            continue;
        };
        for (ply, text) in parsed.moves.iter().enumerate() {
            let legal = pos.legal_moves();
            let Some(mv) = pos.parse_move(text).ok().filter(|m| legal.contains(*m)) else {
                stats.broken += 1;
                break;
            };
            if ply >= options.skip_plies {
                if quiet(&pos, mv, &worth) {
                    out.push(Labelled {
                        position: pos.clone(),
                        result,
                    });
                    stats.positions += 1;
                } else {
                    stats.noisy += 1;
                }
            }
            pos.make_move(mv);
        }
    }
    stats
}

/// The weights as one flat vector for the fit: middle-game values, then end-game
/// values (both in [`EvalWeights::pairs`] order), then the tempo.
pub fn flat_weights(weights: &EvalWeights) -> Vec<f64> {
    let pairs = weights.pairs();
    let mut out: Vec<f64> = pairs.iter().map(|p| p.0 as f64).collect();
    out.extend(pairs.iter().map(|p| p.1 as f64));
    out.push(weights.tempo as f64);
    out
}

/// Rounds a flat vector of [`flat_weights`] back into weights.
pub fn weights_of(flat: &[f64]) -> Option<EvalWeights> {
    if flat.len() != 2 * PAIR_COUNT + 1 {
        return None;
    }
    let pairs: Vec<(i32, i32)> = (0..PAIR_COUNT)
        .map(|i| (flat[i].round() as i32, flat[PAIR_COUNT + i].round() as i32))
        .collect();
    EvalWeights::from_pairs(&pairs, flat[2 * PAIR_COUNT].round() as i32)
}

/// Which flat weights the fit leaves alone: the general's material (both generals are
/// always on the board, so it never counts), and the advisor's and elephant's, which
/// count exactly as their "missing" terms do (with the opposite sign): those terms carry
/// what the data says, and the material keeps a readable value ([`anchor_defenders`]).
pub fn frozen() -> Vec<bool> {
    let mut out = vec![false; 2 * PAIR_COUNT + 1];
    for kind in [PieceKind::General, PieceKind::Advisor, PieceKind::Elephant] {
        let i = material_index(kind);
        out[i] = true;
        out[PAIR_COUNT + i] = true;
    }
    out
}

/// The advisor's and elephant's material that [`anchor_defenders`] sets: the hand-set
/// values the tuning started from.
pub const DEFENDER_MATERIAL: PhasePair = (110, 95);

/// Sets the advisor's and elephant's material to [`DEFENDER_MATERIAL`] and moves the
/// difference into `MissingAdvisor` / `MissingElephant`. With one side's count `n` of a
/// kind, the missing term counts `2 − n`, so Red minus Black the two weigh
/// `(material − missing) × (n_red − n_black)`: the evaluation does not change.
pub fn anchor_defenders(weights: &mut EvalWeights) {
    for (kind, term) in [
        (PieceKind::Advisor, Term::MissingAdvisor),
        (PieceKind::Elephant, Term::MissingElephant),
    ] {
        let material = &mut weights.material[kind as usize];
        let missing = &mut weights.terms[term as usize];
        missing.0 += DEFENDER_MATERIAL.0 - material.0;
        missing.1 += DEFENDER_MATERIAL.1 - material.1;
        *material = DEFENDER_MATERIAL;
    }
}

/// `pos` as a sample for the fit, Red's view: the trace's counts with the phase blend and
/// the drawish scaling folded into the coefficients.
pub fn sample_of(labelled: &Labelled) -> Sample {
    sample_of_trace(&trace(&labelled.position), labelled.result)
}

fn sample_of_trace(t: &Trace, result: f32) -> Sample {
    let scale = if t.scaled_down {
        1.0 / qi_xiangqi_engine::eval::DRAWISH_DIVISOR as f32
    } else {
        1.0
    };
    let mg = t.phase as f32 / MAX_PHASE as f32 * scale;
    let eg = (MAX_PHASE - t.phase) as f32 / MAX_PHASE as f32 * scale;
    let mut features = Vec::with_capacity(2 * t.counts.len() + 1);
    for &(i, n) in &t.counts {
        if mg != 0.0 {
            features.push((i as u32, n as f32 * mg));
        }
        if eg != 0.0 {
            features.push(((PAIR_COUNT + i) as u32, n as f32 * eg));
        }
    }
    let tempo = if t.red_to_move { 1.0 } else { -1.0 };
    features.push(((2 * PAIR_COUNT) as u32, tempo));
    Sample { features, result }
}

/// What [`tune`] did.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The tuned weights.
    pub weights: EvalWeights,
    /// Scale (per centipawn), losses and counts.
    pub fit: FitReport,
}

/// Fits the engine's weights to `data`, starting from the weights it plays with. The
/// last `holdout` share of the positions (`0.0..1.0`) is not fitted but measured: data
/// files list games one after another, so these are mostly whole games the fit never saw.
pub fn tune(
    data: &[Labelled],
    holdout: f64,
    options: &FitOptions,
    progress: impl FnMut(Progress),
) -> TuneReport {
    let samples: Vec<Sample> = data.iter().map(sample_of).collect();
    let start = flat_weights(&WEIGHTS);
    let usage = square_usage(data);
    let (end, fit) = fit_held_out(
        &samples,
        holdout,
        &start,
        &frozen(),
        options,
        progress,
        |tuned| {
            let mut weights = weights_of(&tuned).expect("the fit keeps the vector's length");
            centre_piece_squares(&mut weights, &usage);
            anchor_defenders(&mut weights);
            flat_weights(&weights)
        },
    );
    TuneReport {
        weights: weights_of(&end).expect("the fit keeps the vector's length"),
        fit,
    }
}

/// How many pieces stood on each piece-square entry (both colours) over `data`.
pub fn square_usage(data: &[Labelled]) -> Vec<u64> {
    let mut usage = vec![0u64; PAIR_COUNT];
    for l in data {
        for color in [qi_xiangqi::Color::Red, qi_xiangqi::Color::Black] {
            for (sq, piece) in l.position.pieces(color) {
                let (rank, column) = relative(color, sq);
                usage[psq_index(piece.kind(), rank, column)] += 1;
            }
        }
    }
    usage
}

/// Moves each kind's average piece-square bonus (weighted by `usage`) into its
/// material, so the material reads as what the piece is worth where it usually stands
/// (the fit alone can put any share of it on either side: only their sum counts). Every
/// piece keeps the same value on every square, so the evaluation does not change.
pub fn centre_piece_squares(weights: &mut EvalWeights, usage: &[u64]) {
    for kind in PieceKind::ALL {
        if kind == PieceKind::General {
            continue; // both generals are always there: their material never counts
        }
        let (mut total, mut mg, mut eg) = (0i64, 0i64, 0i64);
        for rank in 0..RANKS {
            for column in 0..FILE_COLUMNS {
                let n = usage[psq_index(kind, rank, column)] as i64;
                let (m, e) = weights.psq[kind as usize][rank][column];
                total += n;
                mg += n * m as i64;
                eg += n * e as i64;
            }
        }
        if total == 0 {
            continue;
        }
        let shift = (
            (mg as f64 / total as f64).round() as i32,
            (eg as f64 / total as f64).round() as i32,
        );
        let material = &mut weights.material[kind as usize];
        material.0 += shift.0;
        material.1 += shift.1;
        for rank in weights.psq[kind as usize].iter_mut() {
            for entry in rank.iter_mut() {
                entry.0 -= shift.0;
                entry.1 -= shift.1;
            }
        }
    }
}

/// The header of a written `tuned.rs`: where its numbers came from.
pub fn tuned_header(report: &TuneReport, command: &str, data_note: &str) -> String {
    crate::report::tuned_header("xiangqi", "centipawn", &report.fit, command, data_note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_xiangqi::Color;

    const GAMES: &str = r#"[Game "Chinese Chess"]
[Red "a"]
[Black "b"]
[Result "1-0"]
[Format "ICCS"]

1. h2-e2 h9-g7 2. h0-g2 i9-h9 3. i0-h0 b9-c7 4. h0-h6 h7-i7 5. h6-g6 i7-i3 1-0

[Game "Chinese Chess"]
[Result "*"]

1. h2-e2 *

[Game "Chinese Chess"]
[Result "1/2-1/2"]

1. h2-e2 h7-e7 2. e2-e6 1/2-1/2

[Game "Chinese Chess"]
[Result "0-1"]

1. h2-e2 z9-z9 0-1
"#;

    #[test]
    fn quiet_positions_come_from_decided_games() {
        let mut out = Vec::new();
        let stats = positions_from_pgn(GAMES, ExtractOptions { skip_plies: 0 }, &mut out);
        assert_eq!(stats.games, 4);
        assert_eq!(stats.undecided, 1);
        assert_eq!(stats.broken, 1);
        // Every ply played from a readable position is either taken or noisy: 10 from
        // the won game, 3 from the drawn one, 1 before the broken game's bad move.
        assert!(stats.positions >= 8 && stats.positions + stats.noisy == 10 + 3 + 1);
        assert_eq!(out[0].position, Position::startpos());
        assert_eq!(out[0].result, 1.0);
        assert!(out.iter().any(|l| l.result == 0.5));
        // The drawn game's e2-e6 captures: the position before it is not taken.
        let before_capture = {
            let mut p = Position::startpos();
            for m in ["h2e2", "h7e7"] {
                let mv = p.parse_move(m).unwrap();
                p.make_move(mv);
            }
            p
        };
        assert!(!out.iter().any(|l| l.position == before_capture));
        let mut skipped = Vec::new();
        positions_from_pgn(GAMES, ExtractOptions { skip_plies: 4 }, &mut skipped);
        assert!(skipped.len() < out.len());
    }

    #[test]
    fn data_lines_round_trip_and_bad_lines_are_errors() {
        let mut out = Vec::new();
        positions_from_pgn(GAMES, ExtractOptions::default(), &mut out);
        let text: String = out.iter().map(|l| data_line(l) + "\n").collect();
        let back = read_data(&format!("# comment\n\n{text}")).unwrap();
        assert_eq!(back, out);
        for bad in [
            "no bar",
            "bad fen | 1",
            &format!("{} | 2", qi_xiangqi::START_FEN),
        ] {
            let e = read_data(&format!("# x\n{bad}")).unwrap_err();
            assert_eq!(e.line, 2, "{bad}: {e}");
        }
    }

    #[test]
    fn a_sample_evaluates_as_the_engine_does() {
        // With the engine's own weights the linear model gives the engine's evaluation
        // (Red's view), up to the integer rounding of the phase blend.
        let flat = flat_weights(&WEIGHTS);
        let mut out = Vec::new();
        positions_from_pgn(GAMES, ExtractOptions { skip_plies: 0 }, &mut out);
        for l in &out {
            let s = sample_of(l);
            let model = crate::fit::evaluate(&s, &flat);
            let engine = qi_xiangqi_engine::eval::evaluate(&l.position);
            let red = if l.position.side_to_move() == Color::Red {
                engine
            } else {
                -engine
            };
            assert!((model - red as f64).abs() <= 1.0, "{model} vs {red}");
        }
        assert_eq!(weights_of(&flat), Some(WEIGHTS));
    }

    #[test]
    fn centring_the_piece_squares_changes_no_evaluation() {
        let mut data = Vec::new();
        positions_from_pgn(GAMES, ExtractOptions { skip_plies: 0 }, &mut data);
        let mut shifted = WEIGHTS;
        // A fit may leave a kind's value anywhere between material and squares.
        shifted.material[PieceKind::Horse as usize].0 -= 500;
        for rank in shifted.psq[PieceKind::Horse as usize].iter_mut() {
            for entry in rank.iter_mut() {
                entry.0 += 500;
            }
        }
        let usage = square_usage(&data);
        let mut centred = shifted.clone();
        centre_piece_squares(&mut centred, &usage);
        let (a, b) = (flat_weights(&shifted), flat_weights(&centred));
        for l in &data {
            let s = sample_of(l);
            let (x, y) = (crate::fit::evaluate(&s, &a), crate::fit::evaluate(&s, &b));
            assert!((x - y).abs() < 1e-6, "{x} vs {y}");
        }
        // Where the fit left the value does not matter: both centre to the same weights.
        let mut plain = WEIGHTS;
        centre_piece_squares(&mut plain, &usage);
        assert_eq!(centred, plain);
        let mut again = centred.clone();
        centre_piece_squares(&mut again, &usage);
        assert_eq!(again, centred);
        // Anchoring the defenders' material changes no evaluation either.
        let mut anchored = centred.clone();
        anchored.material[PieceKind::Advisor as usize].0 += 77;
        anchored.material[PieceKind::Elephant as usize].1 -= 33;
        let moved = flat_weights(&anchored);
        anchor_defenders(&mut anchored);
        assert_eq!(
            anchored.material[PieceKind::Advisor as usize],
            DEFENDER_MATERIAL
        );
        let c = flat_weights(&anchored);
        for l in &data {
            let s = sample_of(l);
            let (x, y) = (
                crate::fit::evaluate(&s, &moved),
                crate::fit::evaluate(&s, &c),
            );
            assert!((x - y).abs() < 1e-6, "{x} vs {y}");
        }
    }

    #[test]
    fn tuning_on_labelled_positions_lowers_the_loss() {
        let mut out = Vec::new();
        positions_from_pgn(GAMES, ExtractOptions { skip_plies: 0 }, &mut out);
        let options = FitOptions {
            epochs: 20,
            ..FitOptions::default()
        };
        let report = tune(&out, 0.0, &options, |_| {});
        assert!(report.fit.end_loss <= report.fit.start_loss + 1e-3);
        assert_eq!(report.fit.positions, out.len());
        let note = "word ".repeat(40);
        let header = tuned_header(&report, "qi tune xiangqi fit", &note);
        assert!(header.contains("positions"));
        assert!(header.lines().all(|l| l.len() <= 88), "{header}");
        assert_eq!(header.matches("word").count(), 40);
    }
}
