//! `qi sprt LOG…`: one sequential test over the logs of several `qi match --sprt` runs.

use anyhow::Result;

/// Arguments of `qi sprt`.
#[derive(clap::Args, Debug)]
pub struct SprtArgs {
    /// Logs of `qi match` (its standard output), finished or stopped, of one pair of engines.
    #[arg(required = true)]
    pub logs: Vec<String>,
    /// Elo difference under H0.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// Elo difference under H1.
    #[arg(long, default_value_t = 10.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// The test's false-positive rate (accepting H1 when H0 holds).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The test's false-negative rate (accepting H0 when H1 holds).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
}

/// Sums the logs' complete game pairs and prints the test's figures.
pub fn run(args: SprtArgs) -> Result<()> {
    let sprt = qi_match::sprt::Sprt::new(args.elo0, args.elo1, args.alpha, args.beta)?;
    print!("{}", qi_match::logs::sum_logs(&args.logs, &sprt)?);
    Ok(())
}
