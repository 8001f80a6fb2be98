//! `qi tune xiangqi …`: the Texel tuning pipeline's two steps, labelled positions from
//! game records and the fit of the evaluation's weights (see `docs/tuning.md`).

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use qi_tune::fit::FitOptions;
use qi_tune::xiangqi::{self as tune, ExtractOptions, ExtractStats};
use std::io::Write;

/// `qi tune xiangqi` steps.
#[derive(Subcommand, Debug)]
pub enum XiangqiTune {
    /// Take the quiet positions of decided games (PGN) and label them with the result.
    Positions(PositionsArgs),
    /// Fit the evaluation's weights to labelled positions and write them as Rust source.
    Fit(FitArgs),
}

/// Arguments of `qi tune xiangqi positions`.
#[derive(Args, Debug)]
pub struct PositionsArgs {
    /// PGN files of games (e.g. written by `qi match --pgn`); repeatable.
    #[arg(long, required = true)]
    pub pgn: Vec<String>,
    /// The data file to write (`FEN | result` lines, Red's score).
    #[arg(long)]
    pub out: String,
    /// Plies at the start of each game that are not taken (the opening book's moves).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16))]
    pub skip_plies: u16,
}

/// Arguments of `qi tune xiangqi fit`.
#[derive(Args, Debug)]
pub struct FitArgs {
    /// Data files written by `qi tune xiangqi positions`; repeatable.
    #[arg(long, required = true)]
    pub data: Vec<String>,
    /// Where to write the tuned weights (e.g. crates/xiangqi-engine/src/tuned.rs).
    #[arg(long)]
    pub out: String,
    /// Passes of gradient descent over all positions (0: only report the loss and
    /// rewrite the current weights, their piece-square bonuses centred).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub epochs: u32,
    /// Step size of each pass, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub learning_rate: f64,
    /// Pull of each weight back towards its current value (0: none).
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Share of the positions (the last ones, so mostly whole games) held out of the fit
    /// and measured, to see whether the fit generalises.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// A note on where the data came from, written into the file's header.
    #[arg(long, default_value = "")]
    pub note: String,
}

/// Runs one `qi tune xiangqi` step.
pub fn xiangqi(step: XiangqiTune) -> Result<()> {
    match step {
        XiangqiTune::Positions(args) => positions(args),
        XiangqiTune::Fit(args) => fit(args),
    }
}

fn positions(args: PositionsArgs) -> Result<()> {
    let options = ExtractOptions {
        skip_plies: args.skip_plies as usize,
    };
    let mut out = Vec::new();
    let mut total = ExtractStats::default();
    for path in &args.pgn {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
        let s = tune::positions_from_pgn(&text, options, &mut out);
        eprintln!(
            "{path}: {} games ({} undecided, {} with a bad move), {} positions taken, {} not quiet",
            s.games, s.undecided, s.broken, s.positions, s.noisy
        );
        total.games += s.games;
        total.positions += s.positions;
    }
    let mut text = String::with_capacity(out.len() * 80);
    text.push_str(
        "# Qi tuning data: FEN | result of the game (1 Red won, 0.5 draw, 0 Black won)\n",
    );
    for labelled in &out {
        text.push_str(&tune::data_line(labelled));
        text.push('\n');
    }
    std::fs::write(&args.out, text).with_context(|| format!("writing {}", args.out))?;
    println!(
        "{} positions from {} games written to {}",
        total.positions, total.games, args.out
    );
    Ok(())
}

fn fit(args: FitArgs) -> Result<()> {
    let mut data = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
        data.extend(tune::read_data(&text).with_context(|| format!("in {path}"))?);
    }
    if data.is_empty() {
        bail!("no positions in {}", args.data.join(", "));
    }
    if !(args.learning_rate.is_finite() && args.learning_rate > 0.0) {
        bail!("--learning-rate must be a positive number");
    }
    if !(0.0..0.9).contains(&args.holdout) {
        bail!("--holdout must be at least 0 and below 0.9");
    }
    if !(args.l2.is_finite() && args.l2 >= 0.0) {
        bail!("--l2 must be zero or a positive number");
    }
    let options = FitOptions {
        epochs: args.epochs as usize,
        learning_rate: args.learning_rate,
        l2: args.l2,
        ..FitOptions::default()
    };
    eprintln!(
        "fitting {} positions, {} epochs",
        data.len(),
        options.epochs
    );
    let every = (options.epochs / 20).max(1);
    let report = tune::tune(&data, args.holdout, &options, |p| {
        if p.epoch % every == 0 || p.epoch == 1 {
            eprintln!("epoch {:>6}  loss {:.6}", p.epoch, p.loss);
        }
    });
    let command = format!(
        "qi tune xiangqi fit --epochs {} --learning-rate {} --l2 {} --holdout {} ({} data file{})",
        args.epochs,
        args.learning_rate,
        args.l2,
        args.holdout,
        args.data.len(),
        if args.data.len() == 1 { "" } else { "s" }
    );
    let header = tune::tuned_header(&report, &command, &args.note);
    std::fs::write(&args.out, report.weights.to_rust_source(&header))
        .with_context(|| format!("writing {}", args.out))?;
    let mut stdout = std::io::stdout().lock();
    writeln!(
        stdout,
        "k = {:.6}, loss {:.6} -> {:.6} on {} positions, {:.6} -> {:.6} on {} held out; weights written to {}",
        report.k,
        report.start_loss,
        report.end_loss,
        report.positions,
        report.holdout_loss.0,
        report.holdout_loss.1,
        report.holdout,
        args.out
    )?;
    Ok(())
}
