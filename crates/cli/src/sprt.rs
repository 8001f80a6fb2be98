//! `qi sprt LOG… [--pairs PENTANOMIAL]…`: one sequential test over the logs of several
//! `qi match --sprt` runs and the pairs of earlier ones.

use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `qi sprt`.
#[derive(clap::Args, Debug)]
pub struct SprtArgs {
    /// Logs of `qi match` (its standard output), finished or stopped, of one pair of engines.
    #[arg(required_unless_present = "pairs")]
    pub logs: Vec<PathBuf>,
    /// Pairs of the same test counted before, as `qi sprt` printed their pentanomial
    /// (`58-104-353-126-78`), such as a run whose logs are gone; added to the logs' pairs.
    /// Repeatable.
    #[arg(long, value_name = "PENTANOMIAL")]
    pub pairs: Vec<qi_match::sprt::Pentanomial>,
    /// The test as `qi match --sprt` runs it: H0 "at most ELO0 stronger" against H1 "at
    /// least ELO1 stronger".
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], default_values_t = [0.0, 10.0], allow_negative_numbers = true)]
    pub sprt: Vec<f64>,
    /// The test's false-positive rate (accepting H1 when H0 holds).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The test's false-negative rate (accepting H0 when H1 holds).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
}

/// Sums the logs' complete game pairs and the given ones and prints the test's figures.
pub fn run(args: SprtArgs) -> Result<()> {
    let sprt = qi_match::sprt::Sprt::from_bounds(&args.sprt, args.alpha, args.beta)?;
    print!(
        "{}",
        qi_match::logs::sum_logs(&args.logs, &args.pairs, &sprt)?
    );
    Ok(())
}
