//! `qi tune xiangqi …` and `qi tune gomoku …`: the Texel tuning pipeline's two steps,
//! labelled positions from game records and the fit of the evaluation's weights (see
//! `docs/tuning.md`).

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use qi_gomoku::weight_sets::WeightSet;
use qi_tune::fit::FitOptions;
use qi_tune::gomoku as gomoku_tune;
use qi_tune::report::FitReport;
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
    /// Data files written by `qi tune GAME positions` (the same game); repeatable.
    #[arg(long, required = true)]
    pub data: Vec<String>,
    /// Where to write the tuned weights (crates/xiangqi-engine/src/tuned.rs,
    /// crates/gomoku/src/tuned.rs).
    #[arg(long)]
    pub out: String,
    /// Passes of gradient descent over all positions (0: only report the loss and
    /// rewrite the current weights; Xiangqi's piece-square bonuses centred).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub epochs: u32,
    /// Step size of each pass, in weight units (centipawns; gomoku: quarter points).
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

/// The fit's settings from the arguments, checked.
fn fit_options(args: &FitArgs) -> Result<FitOptions> {
    if !(args.learning_rate.is_finite() && args.learning_rate > 0.0) {
        bail!("--learning-rate must be a positive number");
    }
    if !(0.0..0.9).contains(&args.holdout) {
        bail!("--holdout must be at least 0 and below 0.9");
    }
    if !(args.l2.is_finite() && args.l2 >= 0.0) {
        bail!("--l2 must be zero or a positive number");
    }
    Ok(FitOptions {
        epochs: args.epochs as usize,
        learning_rate: args.learning_rate,
        l2: args.l2,
        ..FitOptions::default()
    })
}

fn fit(args: FitArgs) -> Result<()> {
    run_fit(
        &args,
        "xiangqi",
        "",
        tune::read_data,
        |data, options, progress, command| {
            let report = tune::tune(data, args.holdout, options, progress);
            let header = tune::tuned_header(&report, command, &args.note);
            (report.weights.to_rust_source(&header), report.fit)
        },
    )
}

/// The shared part of `qi tune GAME fit`: reads the data files with `read`, checks the
/// settings, runs `fit` (which returns the tuned file's source, its header naming the
/// command line it is given, and the report), writes the file and prints the summary.
fn run_fit<L, E>(
    args: &FitArgs,
    game: &str,
    set_flag: &str,
    read: impl Fn(&str) -> Result<Vec<L>, E>,
    fit: impl FnOnce(
        &[L],
        &FitOptions,
        &mut dyn FnMut(qi_tune::fit::Progress),
        &str,
    ) -> (String, FitReport),
) -> Result<()>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let mut data = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
        data.extend(read(&text).with_context(|| format!("in {path}"))?);
    }
    if data.is_empty() {
        let set = if set_flag.is_empty() {
            String::new()
        } else {
            format!(" for{set_flag}")
        };
        bail!("no positions{set} in {}", args.data.join(", "));
    }
    let options = fit_options(args)?;
    eprintln!(
        "fitting {} positions, {} epochs",
        data.len(),
        options.epochs
    );
    let every = (options.epochs / 20).max(1);
    let mut progress = |p: qi_tune::fit::Progress| {
        if p.epoch % every == 0 || p.epoch == 1 {
            eprintln!("epoch {:>6}  loss {:.6}", p.epoch, p.loss);
        }
    };
    let command = format!(
        "qi tune {game} fit{set_flag} --epochs {} --learning-rate {} --l2 {} --holdout {} ({} data file{})",
        args.epochs,
        args.learning_rate,
        args.l2,
        args.holdout,
        args.data.len(),
        if args.data.len() == 1 { "" } else { "s" }
    );
    let (source, report) = fit(&data, &options, &mut progress, &command);
    std::fs::write(&args.out, source).with_context(|| format!("writing {}", args.out))?;
    let mut stdout = std::io::stdout().lock();
    writeln!(
        stdout,
        "{}; weights written to {}",
        report.summary(),
        args.out
    )?;
    Ok(())
}

/// `qi tune gomoku` steps.
#[derive(Subcommand, Debug)]
pub enum GomokuTune {
    /// Take the quiet positions of finished games (SGF) and label them with the result.
    Positions(GomokuPositionsArgs),
    /// Fit the evaluation's weights to labelled positions and write them as Rust source.
    Fit(GomokuFitArgs),
}

/// Arguments of `qi tune gomoku positions`.
#[derive(Args, Debug)]
pub struct GomokuPositionsArgs {
    /// SGF files of games, one record after another (e.g. written by `qi match --game
    /// gomoku --pgn`); repeatable.
    #[arg(long, required = true)]
    pub sgf: Vec<String>,
    /// The data file to write (`RULE SIZE MOVES | result` lines, Black's score).
    #[arg(long)]
    pub out: String,
    /// Plies at the start of each game that are not taken (the opening's stones).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16))]
    pub skip_plies: u16,
}

/// Arguments of `qi tune gomoku fit`.
#[derive(Args, Debug)]
pub struct GomokuFitArgs {
    #[command(flatten)]
    pub fit: FitArgs,
    /// Which weights to fit, on the positions they evaluate: `freestyle` (freestyle and
    /// standard positions; crates/gomoku/src/tuned.rs), `renju-black` or `renju-white`
    /// (renju positions with that colour to move; tuned_renju_black.rs, tuned_renju_white.rs).
    #[arg(long, default_value = "freestyle")]
    pub weights: WeightSet,
    /// Which of the set's weights to fit: `points` (what each empty point's patterns,
    /// threat class and combinations are worth; on quiet positions), `tempo` (the table
    /// over both sides' strongest threat classes; on every position the search evaluates,
    /// an open three against the side to move included), each leaving the other's weights as
    /// they are, or `all` (both together, on the tempo fit's positions).
    #[arg(long, default_value = "points")]
    pub scope: gomoku_tune::FitScope,
}

/// Runs one `qi tune gomoku` step.
pub fn gomoku(step: GomokuTune) -> Result<()> {
    match step {
        GomokuTune::Positions(args) => gomoku_positions(args),
        GomokuTune::Fit(args) => gomoku_fit(args),
    }
}

fn gomoku_positions(args: GomokuPositionsArgs) -> Result<()> {
    let mut out = Vec::new();
    let mut games = 0;
    for path in &args.sgf {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
        let (positions, counts) = gomoku_tune::positions_from_sgf(&text, args.skip_plies as usize);
        eprintln!(
            "{path}: {} games ({} skipped: no result or unreadable), {} quiet positions",
            counts.games,
            counts.skipped,
            positions.len()
        );
        games += counts.games;
        out.extend(positions);
    }
    let mut text = String::with_capacity(out.len() * 100);
    text.push_str(
        "# Qi gomoku tuning data: RULE SIZE MOVES | result of the game (1 Black won, 0.5 draw, 0 White won)\n",
    );
    for labelled in &out {
        text.push_str(&gomoku_tune::data_line(labelled));
        text.push('\n');
    }
    std::fs::write(&args.out, text).with_context(|| format!("writing {}", args.out))?;
    println!(
        "{} positions from {games} games written to {}",
        out.len(),
        args.out
    );
    Ok(())
}

fn gomoku_fit(args: GomokuFitArgs) -> Result<()> {
    let set = args.weights;
    let scope = args.scope;
    let set_flag = format!(" --weights {} --scope {}", set.name(), scope.name());
    run_fit(
        &args.fit,
        "gomoku",
        &set_flag,
        |text| {
            let data = gomoku_tune::read_data(text)?;
            Ok::<_, gomoku_tune::DataError>(
                data.into_iter()
                    .filter(|l| l.fitted_by(set, scope))
                    .collect(),
            )
        },
        |data, options, progress, command| {
            let report = gomoku_tune::tune(data, set, scope, args.fit.holdout, options, progress);
            let header = gomoku_tune::tuned_header(&report, command, &args.fit.note);
            (report.weights.to_rust_source(&header), report.fit)
        },
    )
}
