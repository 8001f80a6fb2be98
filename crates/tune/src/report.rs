//! What every game's fit shares: holding out the last positions, fitting the scale and the
//! weights on the rest, measuring both, and the header a generated `tuned.rs` carries.

use crate::fit::{fit_scale, fit_weights, loss, FitOptions, Progress, Sample};
use std::fmt::Write as _;

/// What a fit found, beside the weights.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// The fitted scale (logit per unit of evaluation).
    pub k: f64,
    /// Loss with the starting weights.
    pub start_loss: f64,
    /// Loss with the final weights (after the game's rounding and rewriting).
    pub end_loss: f64,
    /// Positions fitted.
    pub positions: usize,
    /// Loss of the held-out positions with the starting and the final weights (both 0
    /// when none are held out): the fit generalises when the second is lower.
    pub holdout_loss: (f64, f64),
    /// Positions held out.
    pub holdout: usize,
}

impl FitReport {
    /// One line for a terminal: scale, losses and counts.
    pub fn summary(&self) -> String {
        format!(
            "k = {:.6}, loss {:.6} -> {:.6} on {} positions, {:.6} -> {:.6} on {} held out",
            self.k,
            self.start_loss,
            self.end_loss,
            self.positions,
            self.holdout_loss.0,
            self.holdout_loss.1,
            self.holdout
        )
    }
}

/// Fits `start` to `samples` but the last `holdout` share (`0.0..0.9`; data files list
/// games one after another, so these are mostly whole games the fit never sees): first
/// the scale, then the weights (those `frozen` keep their value). `finish` turns the
/// fitted vector into the one the engine will play (rounding, a game's rewrites that keep
/// every evaluation); the losses are measured on what it returns.
pub fn fit_held_out(
    samples: &[Sample],
    holdout: f64,
    start: &[f64],
    frozen: &[bool],
    options: &FitOptions,
    progress: impl FnMut(Progress),
    finish: impl FnOnce(Vec<f64>) -> Vec<f64>,
) -> (Vec<f64>, FitReport) {
    let held = ((samples.len() as f64 * holdout.clamp(0.0, 0.9)) as usize).min(samples.len());
    let (train, test) = samples.split_at(samples.len() - held);
    let k = fit_scale(train, start);
    let start_loss = loss(train, start, k);
    let end = finish(fit_weights(train, start, frozen, k, options, progress));
    let report = FitReport {
        k,
        start_loss,
        end_loss: loss(train, &end, k),
        positions: train.len(),
        holdout_loss: (loss(test, start, k), loss(test, &end, k)),
        holdout: test.len(),
    };
    (end, report)
}

/// Appends `text` to `s` as lines of at most 88 characters, broken at spaces.
fn wrap_into(s: &mut String, text: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > 88 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    s.push_str(&line);
    s.push('\n');
}

/// The header of a written `tuned.rs`: which tuner (`qi tune GAME`), by what command, on
/// what data, and the report (`unit`: what one point of the evaluation is called).
pub fn tuned_header(
    game: &str,
    unit: &str,
    report: &FitReport,
    command: &str,
    data_note: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "The evaluation's weights (see `crate::weights`), as `qi tune {game}` writes them."
    );
    s.push('\n');
    let _ = writeln!(
        s,
        "Generated: re-run the tuner (docs/tuning.md) instead of editing numbers by hand."
    );
    wrap_into(&mut s, &format!("Command: {command}"));
    if !data_note.is_empty() {
        wrap_into(&mut s, &format!("Data: {data_note}"));
    }
    let _ = writeln!(
        s,
        "{} positions, scale k = {:.6} per {unit}, loss {:.6} -> {:.6};",
        report.positions, report.k, report.start_loss, report.end_loss
    );
    let _ = writeln!(
        s,
        "{} held-out positions, loss {:.6} -> {:.6}.",
        report.holdout, report.holdout_loss.0, report.holdout_loss.1
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_wraps_long_notes_and_names_the_game() {
        let report = FitReport {
            k: 0.5,
            start_loss: 0.2,
            end_loss: 0.1,
            positions: 10,
            holdout_loss: (0.3, 0.25),
            holdout: 2,
        };
        let note = "word ".repeat(40);
        let header = tuned_header("gomoku", "point", &report, "qi tune gomoku fit", &note);
        assert!(header.starts_with("The evaluation's weights"));
        assert!(header.contains("`qi tune gomoku`") && header.contains("per point"));
        assert!(header.lines().all(|l| l.len() <= 88), "{header}");
        assert_eq!(header.matches("word").count(), 40);
        assert!(report.summary().contains("on 2 held out"));
    }

    #[test]
    fn holding_out_keeps_the_last_positions_out_of_the_fit() {
        // One weight; the first samples say +, the held-out last one says the opposite.
        let sample = |x: f32, result: f32| Sample {
            features: vec![(0, x)],
            result,
        };
        let samples = vec![
            sample(1.0, 0.9),
            sample(-1.0, 0.1),
            sample(1.0, 0.9),
            sample(1.0, 0.1),
        ];
        let options = FitOptions {
            epochs: 50,
            ..FitOptions::default()
        };
        let (w, report) = fit_held_out(&samples, 0.25, &[0.5], &[false], &options, |_| {}, |w| w);
        assert_eq!((report.positions, report.holdout), (3, 1));
        assert!(w[0] > 0.5, "{w:?}");
        assert!(report.holdout_loss.1 > report.holdout_loss.0);
    }
}
