//! `qi … gomoku` commands and the Gomocup protocol.
//!
//! Contract with `crate::run` (which owns the top-level command enum): this module provides
//! the clap argument types and entry points below; everything else in this folder is its own.
//! Coordinates: a letter column `a`… and a row number from 1 (`h8` is the 15x15 centre), or
//! Gomocup's 0-based `x,y`.

mod bench;

use crate::output::{print_json, score_fields};
use anyhow::{bail, Context, Result};
use qi_gomoku::score_text::describe as describe_score;
use qi_gomoku::{format_point, EngineOptions, Evaluator, Generator, Rule};
use qi_search::Level;
use serde_json::json;
use std::time::Duration;

/// Arguments of `qi play gomoku`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// Board size, 5 to 22.
    #[arg(long, default_value_t = 15, value_parser = crate::args::board_size, allow_negative_numbers = true)]
    pub size: usize,
    /// Who plays Black (moves first): human or computer.
    #[arg(long, value_enum, default_value = "human")]
    pub first: crate::args::First,
    /// Engine strength 1 (beginner) to 10.
    #[arg(long, default_value = "10", value_parser = crate::args::level, allow_negative_numbers = true)]
    pub level: Level,
    /// Engine time per move in milliseconds, 1 to 3600000.
    #[arg(long, default_value_t = 1000, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    pub movetime: u64,
}

/// Arguments of `qi move gomoku`.
#[derive(clap::Args, Debug)]
pub struct MoveArgs {
    /// The moves so far, Black first: `h8 i9 …` or `7,7 8,8 …`.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// Board size, 5 to 22.
    #[arg(long, default_value_t = 15, value_parser = crate::args::board_size, allow_negative_numbers = true)]
    pub size: usize,
    /// Time limit in milliseconds, 1 to 3600000 (default 1000 unless --depth or --nodes is given).
    #[arg(long, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// Depth limit of the main search, 1 to 64.
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Node limit of the main search, 1 to 10^12.
    #[arg(long, value_parser = crate::args::nodes, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Engine strength 1 (beginner) to 10.
    #[arg(long, value_parser = crate::args::level, allow_negative_numbers = true)]
    pub level: Option<Level>,
    /// Seed for weaker levels' choices.
    #[arg(long, value_parser = crate::args::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Search threads at full strength, 1 to 256 (a --nodes search runs on one).
    #[arg(long, default_value_t = 1, value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Evaluator: patterns (default), seed001 or seed000.
    #[arg(long, default_value = "patterns")]
    pub evaluator: Evaluator,
    /// Move generator: threats (default) or neighbourhood.
    #[arg(long, default_value = "threats")]
    pub generator: Generator,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `qi gomocup` (also used by the `pbrain-qi` binary).
#[derive(clap::Args, Debug)]
pub struct GomocupArgs {
    /// Print search details on stderr.
    #[arg(long)]
    pub verbose: bool,
    /// Search threads, 1 to 256, until the manager's `INFO thread_num` sets them.
    #[arg(long, default_value_t = 1, value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: usize,
}

/// Arguments of `qi bench gomoku`: the depth as `qi bench gomoku 6` or `--depth 6`
/// (default 6).
pub type BenchArgs = crate::args::BenchDepth;

/// `qi play gomoku`.
pub fn play(args: PlayArgs) -> Result<()> {
    qi_terminal::gomoku::play(qi_terminal::gomoku::PlayOptions {
        rule: args.rule,
        size: args.size,
        first: args.first.into(),
        level: args.level,
        movetime: args.movetime,
    })
}

/// `qi gomocup`: speaks the Gomocup protocol on stdin/stdout.
pub fn gomocup(args: GomocupArgs) -> Result<()> {
    qi_protocol::gomocup::run(args.verbose, args.threads)
}

/// `qi bench gomoku`.
pub fn bench(args: BenchArgs) -> Result<()> {
    bench::run(args)
}

/// `qi move gomoku`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let (board, end) =
        qi_gomoku::replay_text(args.size, args.rule, &args.moves).context("bad --moves")?;
    if let Some(end) = end {
        bail!(
            "the game is already over: {}",
            qi_terminal::gomoku::describe_end(end)
        );
    }
    let movetime = args
        .movetime
        .or((args.depth.is_none() && args.nodes.is_none()).then_some(1000))
        .map(Duration::from_millis);
    let mut options = EngineOptions {
        depth: args.depth,
        movetime,
        nodes: args.nodes,
        level: args.level.unwrap_or_default(),
        seed: args.seed,
        threads: args.threads,
        ..EngineOptions::default()
    };
    options.settings.evaluator = args.evaluator;
    options.settings.generator = args.generator;
    // Each completed iteration on stderr: a long search shows its progress.
    let m = qi_gomoku::Engine::new(options)
        .best_move(&board, |info| {
            eprintln!(
                "depth {} score {} nodes {} pv {}",
                info.depth,
                describe_score(info.score, board.to_move()),
                info.stats.nodes,
                info.pv
                    .iter()
                    .map(|&p| format_point(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })
        .context("no legal move left")?;
    let (x, y) = qi_gomoku::board::xy(m.point);
    if args.json {
        let mut map = serde_json::Map::new();
        map.insert("move".into(), json!(format_point(m.point)));
        map.insert("move_xy".into(), json!(format!("{x},{y}")));
        map.insert("to_move".into(), json!(board.to_move().to_string()));
        map.insert("rule".into(), json!(args.rule.name()));
        map.insert("size".into(), json!(args.size));
        map.extend(score_fields(m.score));
        map.insert(
            "pv".into(),
            json!(m.pv.iter().map(|&p| format_point(p)).collect::<Vec<_>>()),
        );
        map.insert("depth".into(), json!(m.depth));
        map.insert("nodes".into(), json!(m.nodes));
        map.insert("nps".into(), json!(m.nps()));
        map.insert(
            "time_ms".into(),
            json!((m.time.as_secs_f64() * 1e6).round() / 1e3),
        );
        map.insert("source".into(), json!(m.source.name()));
        print_json(map);
    } else {
        println!(
            "{} plays {} ({x},{y}), {} [{}; depth {}, {} nodes]",
            board.to_move(),
            format_point(m.point),
            describe_score(m.score, board.to_move()),
            m.source.name(),
            m.depth,
            m.nodes
        );
    }
    Ok(())
}
