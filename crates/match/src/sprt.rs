//! A sequential probability ratio test on game pairs (the pentanomial model): is the first
//! engine at least `elo1` stronger (H1) or at most `elo0` (H0)?
//!
//! Each opening is played twice with colours swapped, and the pair is the unit of the test:
//! its score for the first engine is 0, ½, 1, 1½ or 2 points (normalised to 0, ¼, ½, ¾, 1
//! per game), so the colour and opening bias inside a pair cancels out instead of inflating
//! the variance as game-by-game (trinomial) counting would.
//!
//! The log-likelihood ratio is the generalised one: for each hypothesis the pentanomial
//! distribution closest to the observed frequencies (maximum likelihood) among those whose
//! mean score is the hypothesis's expected score `1 / (1 + 10^(-elo/400))` (logistic Elo).
//! With observed frequencies `f_i` at pair scores `a_i` and a mean constraint `s`, a
//! Lagrange multiplier gives the maximiser `p_i = f_i / (1 + λ (a_i − s))`, where `λ` is
//! the root of `Σ f_i (a_i − s) / (1 + λ (a_i − s)) = 0` (strictly decreasing in `λ`, so
//! bisection finds it). Then `LLR = N Σ f_i ln(p_i(s1) / p_i(s0))` over `N` pairs. For
//! small Elo differences this tends to the normal approximation
//! `N (s1 − s0)(2 mean − s0 − s1) / (2 variance)`.
//!
//! The test stops when the LLR leaves `(ln(β / (1 − α)), ln((1 − β) / α))`.

use anyhow::{bail, Result};

/// Pair scores of the five outcomes, per game (0, ¼, ½, ¾, 1).
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// Frequency given to outcomes never seen, so that the maximum-likelihood distributions
/// exist even when the observed results are all alike.
const UNSEEN: f64 = 1e-3;

/// The expected score of a player `elo` logistic Elo points stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference for a score fraction (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Counts of game-pair results from the first engine's view: `counts[k]` pairs in which it
/// scored `k` half points (0 = lost both games, 4 = won both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs per half-point score 0–4.
    pub counts: [u32; 5],
}

/// The first engine's half points for one game: 2 for a win (`Some(true)`), 1 for a draw
/// (`None`), 0 for a loss.
pub fn half_points(first_won: Option<bool>) -> u32 {
    match first_won {
        Some(true) => 2,
        None => 1,
        Some(false) => 0,
    }
}

impl Pentanomial {
    /// Counts a pair in which the first engine scored `half_points` (0–4; more is clamped).
    pub fn add(&mut self, half_points: u32) {
        self.counts[half_points.min(4) as usize] += 1;
    }

    /// Complete pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Complete pairs counted, `None` past `u32::MAX` (where [`Pentanomial::pairs`] would
    /// overflow): what a sum of counts from outside is checked with.
    pub fn checked_pairs(&self) -> Option<u32> {
        self.counts
            .iter()
            .try_fold(0u32, |all, &count| all.checked_add(count))
    }

    /// Mean score per game and the variance of the pair score (per game) over pairs.
    fn mean_and_variance(&self) -> (f64, f64) {
        let n = f64::from(self.pairs().max(1));
        let mean = self
            .counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, a)| f64::from(c) * a)
            .sum::<f64>()
            / n;
        let variance = self
            .counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, a)| f64::from(c) * (a - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, variance)
    }

    /// The Elo difference and its 95 % margin from the pair scores: the mean's standard
    /// error mapped through the slope of the Elo curve (infinite margin at a perfect or a
    /// zero score; zero for no pairs).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let (mean, variance) = self.mean_and_variance();
        if mean <= 0.0 || mean >= 1.0 {
            return (elo_from_score(mean), f64::INFINITY);
        }
        let stderr = (variance / n).sqrt();
        let slope = 400.0 / (std::f64::consts::LN_10 * mean * (1.0 - mean));
        // An even score is +0.0, not -0.0.
        (elo_from_score(mean) + 0.0, 1.96 * stderr * slope)
    }

    /// Observed frequencies, with outcomes never seen given a tiny weight.
    fn frequencies(&self) -> [f64; 5] {
        let mut f = self
            .counts
            .map(|c| if c == 0 { UNSEEN } else { f64::from(c) });
        let total: f64 = f.iter().sum();
        for x in &mut f {
            *x /= total;
        }
        f
    }
}

impl std::fmt::Display for Pentanomial {
    /// The counts joined by dashes, the lost-both count first (`58-104-353-126-78`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(f, "{a}-{b}-{c}-{d}-{e}")
    }
}

impl std::str::FromStr for Pentanomial {
    type Err = anyhow::Error;

    /// What [`Pentanomial`]'s `Display` writes: five pair counts joined by dashes; at most
    /// `u32::MAX` pairs in all.
    fn from_str(text: &str) -> Result<Pentanomial> {
        let fields: Vec<&str> = text.split('-').collect();
        if fields.len() != 5 {
            bail!("a pentanomial is five pair counts joined by dashes, such as 5-10-40-12-6 (got {text:?})");
        }
        let mut counts = [0u32; 5];
        for (count, field) in counts.iter_mut().zip(&fields) {
            // `parse` alone would take a leading '+'.
            if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
                bail!("{field:?} in {text:?} is not a count of pairs");
            }
            *count = field
                .parse()
                .map_err(|_| anyhow::anyhow!("{field} in {text:?} is too many pairs"))?;
        }
        let pentanomial = Pentanomial { counts };
        if pentanomial.checked_pairs().is_none() {
            bail!("{text:?} is too many pairs in all");
        }
        Ok(pentanomial)
    }
}

/// The verdict of a finished test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR reached the lower bound: the gain is at most `elo0`.
    H0,
    /// The LLR reached the upper bound: the gain is at least `elo1`.
    H1,
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
        })
    }
}

/// A test of H0 `elo = elo0` against H1 `elo = elo1` with error rates α and β.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// A test; refuses `elo0 >= elo1`, Elo beyond ±1000 and error rates outside (0, ½).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0.abs() <= 1000.0 && elo1.abs() <= 1000.0) {
            bail!("--sprt bounds must be Elo differences between -1000 and 1000");
        }
        if elo0 >= elo1 {
            bail!("--sprt ELO0 ELO1 needs ELO0 < ELO1 (got {elo0} and {elo1})");
        }
        for (name, p) in [("--alpha", alpha), ("--beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                bail!("{name} must be between 0 and 0.5 (got {p})");
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// A test from the command line's `--sprt ELO0 ELO1` values (`bounds`), `--alpha` and
    /// `--beta`, checked as [`Sprt::new`] checks them.
    pub fn from_bounds(bounds: &[f64], alpha: f64, beta: f64) -> Result<Sprt> {
        let &[elo0, elo1] = bounds else {
            bail!("--sprt takes two Elo values: ELO0 ELO1");
        };
        Sprt::new(elo0, elo1, alpha, beta)
    }

    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs in `penta` (0 for none).
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        let n = f64::from(penta.pairs());
        if n == 0.0 {
            return 0.0;
        }
        let f = penta.frequencies();
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        let l0 = lagrange_multiplier(&f, s0);
        let l1 = lagrange_multiplier(&f, s1);
        n * f
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&fi, a)| fi * ((1.0 + l0 * (a - s0)).ln() - (1.0 + l1 * (a - s1)).ln()))
            .sum::<f64>()
    }

    /// The decision for `penta`, or `None` while the LLR is between the bounds.
    pub fn decision(&self, penta: &Pentanomial) -> Option<Decision> {
        let llr = self.llr(penta);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

/// The root `λ` of `Σ f_i (a_i − s) / (1 + λ (a_i − s)) = 0` for `0 < s < 1` and
/// frequencies `f` that are all positive (so the left side runs from +∞ to −∞ over the
/// interval where every `1 + λ (a_i − s)` is positive, decreasing strictly).
fn lagrange_multiplier(f: &[f64; 5], s: f64) -> f64 {
    let g = |l: f64| -> f64 {
        f.iter()
            .zip(PAIR_SCORES)
            .map(|(&fi, a)| fi * (a - s) / (1.0 + l * (a - s)))
            .sum()
    };
    // Open interval of valid λ: 1 + λ (1 − s) > 0 and 1 − λ s > 0.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn penta(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    #[test]
    fn expected_score_and_elo_are_inverse() {
        assert_eq!(expected_score(0.0), 0.5);
        // 10^(-10/400) = 0.94406…, so 1 / 1.94406… = 0.514387.
        assert!((expected_score(10.0) - 0.514_387_2).abs() < 1e-6);
        for elo in [-300.0, -5.0, 0.0, 7.5, 250.0] {
            assert!((elo_from_score(expected_score(elo)) - elo).abs() < 1e-9);
        }
    }

    #[test]
    fn bounds_for_five_percent_errors() {
        let (lower, upper) = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().bounds();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!((lower + 2.944_439).abs() < 1e-6 && (upper - 2.944_439).abs() < 1e-6);
    }

    #[test]
    fn llr_on_two_outcomes_matches_the_binomial_by_hand() {
        // Pairs only ever scored ¼ or ¾: the constrained maximum likelihood is then the
        // binomial with P(¾) = (s − ¼) / ½. 70 of 100 pairs at ¾, H0 = 0 Elo (s0 = ½, so
        // q0 = ½), H1 = 10 Elo (s1 = 0.5143872, q1 = 0.5287744):
        // 100 (0.7 ln(q1/q0) + 0.3 ln((1−q1)/(1−q0))) = 2.13863.
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let llr = sprt.llr(&penta([0, 30, 0, 70, 0]));
        assert!((llr - 2.138_63).abs() < 0.01, "{llr}");
        assert_eq!(sprt.decision(&penta([0, 30, 0, 70, 0])), None);
        // Twice the pairs, twice the evidence: past the upper bound.
        let llr2 = sprt.llr(&penta([0, 60, 0, 140, 0]));
        assert!((llr2 - 2.0 * llr).abs() < 0.01, "{llr2}");
        assert_eq!(
            sprt.decision(&penta([0, 60, 0, 140, 0])),
            Some(Decision::H1)
        );
    }

    #[test]
    fn llr_approaches_the_normal_approximation() {
        // A realistic spread: mean 0.52, variance per pair 0.0471.
        let p = penta([20, 150, 400, 180, 25]);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (mean, variance) = p.mean_and_variance();
        let (s0, s1) = (expected_score(0.0), expected_score(5.0));
        let n = f64::from(p.pairs());
        let normal = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
        let llr = sprt.llr(&p);
        assert!(
            (llr - normal).abs() < 0.02 * normal.abs(),
            "{llr} vs {normal}"
        );
    }

    #[test]
    fn llr_signs_and_decisions() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        // Losing pairs speak for H0, and enough of them decide it.
        let bad = penta([30, 60, 100, 40, 10]);
        assert!(sprt.llr(&bad) < 0.0);
        assert_eq!(sprt.decision(&bad), Some(Decision::H0));
        // All pairs alike (no variance) still gives a finite LLR in favour of H1. It is only
        // about ln(s1 / s0) per pair: both hypotheses explain a perfect score equally badly.
        let same = penta([0, 0, 0, 0, 50]);
        let llr = sprt.llr(&same);
        let per_pair = (expected_score(10.0) / 0.5).ln();
        assert!(llr > 0.0 && (llr - 50.0 * per_pair).abs() < 0.1, "{llr}");
        // Identical hypotheses carry no evidence.
        let flat = Sprt {
            elo0: 5.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert!(flat.llr(&bad).abs() < 1e-9);
    }

    #[test]
    fn elo_from_pairs_by_hand() {
        // [1, 2, 4, 2, 1]: mean ½ → 0 Elo; variance per pair 0.075 over 10 pairs, so the
        // margin is 1.96 · √0.0075 · 400 / (ln 10 · ¼) = 117.948.
        let (elo, margin) = penta([1, 2, 4, 2, 1]).elo();
        assert!(elo == 0.0 && elo.is_sign_positive());
        assert!((margin - 117.948).abs() < 0.01, "{margin}");
        // [0, 1, 2, 4, 3]: mean 0.725 → −400 log10(1/0.725 − 1) = +168.402, margin 127.369.
        let (elo, margin) = penta([0, 1, 2, 4, 3]).elo();
        assert!((elo - 168.402).abs() < 0.01, "{elo}");
        assert!((margin - 127.369).abs() < 0.01, "{margin}");
        assert_eq!(penta([0, 0, 0, 0, 3]).elo().1, f64::INFINITY);
        assert_eq!(Pentanomial::default().elo(), (0.0, 0.0));
    }

    #[test]
    fn a_pentanomial_reads_back_what_it_prints() {
        let counts = [58, 104, 353, 126, 78];
        assert_eq!(penta(counts).to_string(), "58-104-353-126-78");
        assert_eq!(
            "58-104-353-126-78".parse::<Pentanomial>().unwrap(),
            penta(counts)
        );
        let max = format!("{}-0-0-0-0", u32::MAX);
        assert_eq!(max.parse::<Pentanomial>().unwrap().pairs(), u32::MAX);
        for (text, wanted) in [
            ("1-2-3-4", "five pair counts"),
            ("1-2-3-4-5-6", "five pair counts"),
            ("", "five pair counts"),
            ("1-2--4-5", "not a count"),
            ("1-2-+3-4-5", "not a count"),
            ("1-2-3-4-x", "not a count"),
            ("1-2-3-4- 5", "not a count"),
            ("1-2-3-4-99999999999", "too many pairs"),
            (&format!("{}-1-0-0-0", u32::MAX), "too many pairs in all"),
        ] {
            let error = text.parse::<Pentanomial>().unwrap_err().to_string();
            assert!(error.contains(wanted), "{text:?}: {error}");
        }
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.7).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5000.0, 0.05, 0.05).is_err());
    }
}
