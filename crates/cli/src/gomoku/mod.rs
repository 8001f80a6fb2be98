//! `qi … gomoku` commands and the Gomocup protocol.
//!
//! Contract with `crate::run` (which owns the top-level command enum): this module provides
//! the clap argument types and entry points below; everything else in this folder is its own.
//! Coordinates: a letter column `a`… and a row number from 1 (`h8` is the 15x15 centre), or
//! Gomocup's 0-based `x,y`.

mod bench;
mod gomocup;
mod play;

use crate::output::{print_json, score_fields};
use anyhow::{bail, Context, Result};
use qi_gomoku::{
    board_from_moves, format_point, parse_moves, Board, EngineOptions, Evaluator, GameEnd,
    Generator, Rule,
};
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
    #[arg(long, default_value_t = 15)]
    pub size: usize,
    /// Who plays Black (moves first): human or computer.
    #[arg(long, default_value = "human")]
    pub first: String,
    /// Engine strength 1 (beginner) to 10.
    #[arg(long, default_value = "10")]
    pub level: Level,
    /// Engine time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
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
    #[arg(long, default_value_t = 15)]
    pub size: usize,
    /// Time limit in milliseconds (default 1000 unless --depth or --nodes is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Depth limit of the main search.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit of the main search.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Engine strength 1 (beginner) to 10.
    #[arg(long)]
    pub level: Option<Level>,
    /// Seed for weaker levels' choices.
    #[arg(long)]
    pub seed: Option<u64>,
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
#[derive(clap::Args, Debug, Default)]
pub struct GomocupArgs {
    /// Print search details on stderr.
    #[arg(long)]
    pub verbose: bool,
}

/// Arguments of `qi bench gomoku`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every position.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH)]
    pub depth: u32,
}

/// `qi play gomoku`.
pub fn play(args: PlayArgs) -> Result<()> {
    play::run(args)
}

/// `qi gomocup`: speaks the Gomocup protocol on stdin/stdout.
pub fn gomocup(args: GomocupArgs) -> Result<()> {
    gomocup::run(args)
}

/// `qi bench gomoku`.
pub fn bench(args: BenchArgs) -> Result<()> {
    bench::run(args)
}

/// Describes how a game ended.
fn describe_end(end: GameEnd) -> String {
    match end {
        GameEnd::Won(c) => format!("{c} won with five in a row"),
        GameEnd::Foul(f) => format!("black played a forbidden point ({f}) and lost"),
        GameEnd::Draw => "the board is full: a draw".to_string(),
    }
}

/// `qi move gomoku`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let moves = parse_moves(&args.moves).context("bad --moves")?;
    let (board, end) = board_from_moves(args.size, args.rule, &moves)?;
    if let Some(end) = end {
        bail!("the game is already over: {}", describe_end(end));
    }
    if args.depth == Some(0) {
        bail!("--depth must be at least 1");
    }
    if args.movetime == Some(0) {
        bail!("--movetime must be at least 1 ms");
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
        ..EngineOptions::default()
    };
    options.settings.evaluator = args.evaluator;
    options.settings.generator = args.generator;
    let m = qi_gomoku::engine_move(&board, &options).context("no legal move left")?;
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
            qi_search::score::describe(m.score),
            m.source.name(),
            m.depth,
            m.nodes
        );
    }
    Ok(())
}

/// The board with coordinates: columns as letters, rows numbered from 1 at the bottom;
/// `X` Black, `O` White, the last move in brackets.
pub fn render(board: &Board) -> String {
    let n = board.size();
    let last = board.last_move();
    let mut s = String::from("    ");
    for x in 0..n {
        s.push_str(&format!(" {} ", (b'a' + x as u8) as char));
    }
    s.push('\n');
    for y in (0..n).rev() {
        s.push_str(&format!("{:>3} ", y + 1));
        for x in 0..n {
            let p = qi_gomoku::board::point(x, y);
            let c = match board.stone(p) {
                Some(qi_gomoku::Color::Black) => 'X',
                Some(qi_gomoku::Color::White) => 'O',
                None => '.',
            };
            if Some(p) == last {
                s.push_str(&format!("[{c}]"));
            } else {
                s.push_str(&format!(" {c} "));
            }
        }
        s.push_str(&format!(" {}\n", y + 1));
    }
    s
}
