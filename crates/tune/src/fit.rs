//! Texel tuning, game-agnostic: fit the weights of an evaluation that is linear in them
//! to game results through a logistic link.
//!
//! Each sample is a position reduced to its features, `(weight index, coefficient)`, so
//! that the evaluation is `Σ weight[i] · coefficient` (a game's evaluation folds its phase
//! blend and scaling into the coefficients), and the result of the game it came from,
//! from the same side's view (1 win, ½ draw, 0 loss). The predicted result of an
//! evaluation `e` is `σ(k·e) = 1 / (1 + exp(−k·e))`; the fit minimises the mean squared
//! difference between predicted and actual results. First the scale `k` is fitted with
//! the weights as they are (it turns centipawns into winning chances and is then held),
//! then the weights by full-batch gradient descent with Adam, pulled back towards their
//! starting values by an optional L2 penalty so rarely seen weights stay sensible.

use std::thread;

/// One position: its sparse features and the result of its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// `(weight index, coefficient)`: the evaluation is `Σ weight[index] · coefficient`.
    pub features: Vec<(u32, f32)>,
    /// The game's result from the evaluation's side: 1, 0.5 or 0 (any value in `0..=1`).
    pub result: f32,
}

/// Settings of [`fit_weights`].
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// Passes over all samples.
    pub epochs: usize,
    /// Adam's step size, in weight units (centipawns).
    pub learning_rate: f64,
    /// L2 pull of each weight towards its start value, per unit of squared distance
    /// (relative to the mean loss). 0 turns it off.
    pub l2: f64,
    /// Threads for the gradient (each sums a share of the samples).
    pub threads: usize,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 400,
            learning_rate: 1.0,
            l2: 0.0,
            threads: thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// What one epoch of the fit reports to the caller's progress callback.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Epochs done.
    pub epoch: usize,
    /// Mean squared error of the predicted results before this epoch's step.
    pub loss: f64,
}

#[inline]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of `sample` with `weights`.
#[inline]
pub fn evaluate(sample: &Sample, weights: &[f64]) -> f64 {
    sample
        .features
        .iter()
        .map(|&(i, c)| weights[i as usize] * c as f64)
        .sum()
}

/// Mean squared error between the results and `σ(k · evaluation)`.
pub fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let d = sigmoid(k * evaluate(s, weights)) - s.result as f64;
            d * d
        })
        .sum();
    total / samples.len() as f64
}

/// The scale `k` that minimises [`loss`] for fixed weights, found by golden-section
/// search on `log k` between `1e-5` and `1` (evaluations of a few centipawns to tens of
/// thousands per unit of logit).
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let f = |log_k: f64| loss(samples, weights, log_k.exp());
    let (mut a, mut b) = (1e-5f64.ln(), 1f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - r * (b - a);
    let mut d = a + r * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Loss and gradient of the mean squared error with respect to each weight.
fn gradient(samples: &[Sample], weights: &[f64], k: f64, threads: usize) -> (f64, Vec<f64>) {
    let n = weights.len();
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(f64, Vec<f64>)> = thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut grad = vec![0.0; n];
                    let mut sum = 0.0;
                    for s in part {
                        let p = sigmoid(k * evaluate(s, weights));
                        let d = p - s.result as f64;
                        sum += d * d;
                        // d/dw of (p − r)² = 2 (p − r) · p (1 − p) · k · coefficient
                        let g = 2.0 * d * p * (1.0 - p) * k;
                        for &(i, c) in &s.features {
                            grad[i as usize] += g * c as f64;
                        }
                    }
                    (sum, grad)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("gradient thread"))
            .collect()
    });
    let count = samples.len().max(1) as f64;
    let mut total = 0.0;
    let mut grad = vec![0.0; n];
    for (sum, part) in parts {
        total += sum;
        for (g, p) in grad.iter_mut().zip(part) {
            *g += p;
        }
    }
    for g in &mut grad {
        *g /= count;
    }
    (total / count, grad)
}

/// Fits `start`'s weights to the samples with scale `k`; weights whose `frozen` entry is
/// true keep their start value. Calls `progress` after each epoch. Returns the weights.
pub fn fit_weights(
    samples: &[Sample],
    start: &[f64],
    frozen: &[bool],
    k: f64,
    options: &FitOptions,
    mut progress: impl FnMut(Progress),
) -> Vec<f64> {
    let n = start.len();
    let mut w = start.to_vec();
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-12);
    let mut m = vec![0.0; n];
    let mut v = vec![0.0; n];
    for epoch in 1..=options.epochs {
        let (loss, mut grad) = gradient(samples, &w, k, options.threads);
        if options.l2 > 0.0 {
            for i in 0..n {
                grad[i] += 2.0 * options.l2 * (w[i] - start[i]);
            }
        }
        let (c1, c2) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for i in 0..n {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let step = options.learning_rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
            // A weight no sample touches has a zero gradient: Adam would still divide
            // 0 by ~0, so it is left alone explicitly.
            if grad[i] != 0.0 || m[i] != 0.0 {
                w[i] -= step;
            }
        }
        progress(Progress { epoch, loss });
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (the tests must not depend on a seed crate).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// Samples of a known linear evaluation: a few sparse integer features each, as
    /// piece counts are, and results drawn from the model's own winning chances.
    fn synthetic(truth: &[f64], k: f64, count: usize, exact: bool) -> Vec<Sample> {
        let mut rng = Lcg(99);
        (0..count)
            .map(|_| {
                let mut features = Vec::new();
                for i in 0..truth.len() {
                    if rng.next() < 0.4 {
                        let c = (rng.next() * 5.0).floor() as f32 - 2.0;
                        if c != 0.0 {
                            features.push((i as u32, c));
                        }
                    }
                }
                let mut s = Sample {
                    features,
                    result: 0.0,
                };
                let p = sigmoid(k * evaluate(&s, truth));
                s.result = if exact {
                    p as f32
                } else {
                    // A game: won, drawn or lost, with the model's expected score.
                    let u = rng.next();
                    let draw = 0.2 * (1.0 - (2.0 * p - 1.0).abs());
                    if u < p - draw / 2.0 {
                        1.0
                    } else if u < p + draw / 2.0 {
                        0.5
                    } else {
                        0.0
                    }
                };
                s
            })
            .collect()
    }

    const TRUTH: [f64; 6] = [100.0, -40.0, 250.0, 15.0, -120.0, 60.0];

    #[test]
    fn the_tuner_recovers_known_weights_from_exact_results() {
        let k = 1.0 / 200.0;
        let samples = synthetic(&TRUTH, k, 3000, true);
        let start = vec![0.0; TRUTH.len()];
        let options = FitOptions {
            epochs: 3000,
            learning_rate: 2.0,
            l2: 0.0,
            threads: 2,
        };
        let mut losses = Vec::new();
        let w = fit_weights(&samples, &start, &[], k, &options, |p| losses.push(p.loss));
        for (got, want) in w.iter().zip(TRUTH) {
            assert!((got - want).abs() < 1.0, "{w:?} vs {TRUTH:?}");
        }
        assert!(losses.last().unwrap() < &1e-6);
        assert!(losses[0] > 100.0 * losses.last().unwrap());
    }

    #[test]
    fn the_tuner_recovers_known_weights_from_game_results() {
        let k = 1.0 / 200.0;
        let samples = synthetic(&TRUTH, k, 20000, false);
        let start = vec![0.0; TRUTH.len()];
        let options = FitOptions {
            epochs: 1500,
            learning_rate: 2.0,
            ..FitOptions::default()
        };
        let w = fit_weights(&samples, &start, &[], k, &options, |_| {});
        for (got, want) in w.iter().zip(TRUTH) {
            assert!(
                (got - want).abs() < 0.1 * want.abs() + 5.0,
                "{w:?} vs {TRUTH:?}"
            );
        }
    }

    #[test]
    fn the_scale_is_found_and_frozen_weights_stay() {
        let k = 1.0 / 300.0;
        let samples = synthetic(&TRUTH, k, 3000, true);
        let found = fit_scale(&samples, &TRUTH);
        assert!((found / k - 1.0).abs() < 0.01, "{found} vs {k}");
        let mut start = TRUTH.to_vec();
        start[2] = 0.0; // wrong, but frozen
        let frozen = [false, false, true, false, false, false];
        let options = FitOptions {
            epochs: 50,
            ..FitOptions::default()
        };
        let w = fit_weights(&samples, &start, &frozen, k, &options, |_| {});
        assert_eq!(w[2], 0.0);
        assert!(loss(&samples, &w, k) < loss(&samples, &start, k));
    }

    #[test]
    fn no_samples_is_no_loss_and_no_change() {
        assert_eq!(loss(&[], &[1.0], 0.01), 0.0);
        let w = fit_weights(&[], &[3.0], &[], 0.01, &FitOptions::default(), |_| {});
        assert_eq!(w, vec![3.0]);
    }
}
