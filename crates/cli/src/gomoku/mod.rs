//! `qi … gomoku` commands and the Gomocup protocol.
//!
//! Contract with `crate::run` (which owns the top-level command enum): this module provides
//! the clap argument types and entry points below; everything else in this folder is its own.
//! Coordinates: a letter column `a`… and a row number from 1 (`h8` is the 15x15 centre), or
//! Gomocup's 0-based `x,y`.

mod bench;
mod play;

use crate::output::{print_json, score_fields};
use anyhow::{bail, Context, Result};
use qi_gomoku::score_text::describe as describe_score;
use qi_gomoku::{format_point, Board, EngineOptions, Evaluator, GameEnd, Generator, Rule};
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
    pub first: crate::terminal::First,
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

/// Arguments of `qi bench gomoku`: the depth as `qi bench gomoku 6` or `--depth 6`
/// (default 6).
pub type BenchArgs = crate::args::BenchDepth;

/// `qi play gomoku`.
pub fn play(args: PlayArgs) -> Result<()> {
    play::run(args)
}

/// `qi gomocup`: speaks the Gomocup protocol on stdin/stdout.
pub fn gomocup(args: GomocupArgs) -> Result<()> {
    qi_protocol::gomocup::run(args.verbose)
}

/// `qi bench gomoku`.
pub fn bench(args: BenchArgs) -> Result<()> {
    bench::run(args)
}

/// Describes how a game ended.
fn describe_end(end: GameEnd) -> String {
    // The game crate rules and words the end; this only says who won.
    match end.winner() {
        Some(c) => format!("{c} wins: {end}"),
        None => format!("a draw: {end}"),
    }
}

/// `qi move gomoku`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let (board, end) =
        qi_gomoku::replay_text(args.size, args.rule, &args.moves).context("bad --moves")?;
    if let Some(end) = end {
        bail!("the game is already over: {}", describe_end(end));
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

/// The board with coordinates: columns as letters, rows numbered from 1 at the bottom;
/// `X` Black, `O` White, the last move in brackets. Under renju, while Black is to move,
/// Black's forbidden points are marked `×` and a legend line follows.
pub fn render(board: &Board) -> String {
    let n = board.size();
    let last = board.last_move();
    let forbidden: Vec<qi_gomoku::Point> = if board.rule().has_forbidden(qi_gomoku::Color::Black)
        && board.to_move() == qi_gomoku::Color::Black
        && !board.last_move_won()
    {
        qi_gomoku::forbidden_points(board)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    };
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
                None if forbidden.contains(&p) => '×',
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
    if !forbidden.is_empty() {
        let names: Vec<String> = forbidden
            .iter()
            .map(|&p| qi_gomoku::format_point(p))
            .collect();
        s.push_str(&format!(
            "    × forbidden for Black (renju): {}\n",
            names.join(" ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_gomoku::Rule;

    fn board(rule: Rule, moves: &str) -> Board {
        let mut b = Board::new(15, rule).unwrap();
        for m in moves.split_whitespace() {
            qi_gomoku::play_text(&mut b, m).unwrap();
        }
        b
    }

    #[test]
    fn renju_marks_blacks_forbidden_points() {
        // Black open twos on row 8 and column h meet at h8: a double three there.
        let moves = "f8 a15 g8 c15 h6 e15 h7 g15";
        let text = render(&board(Rule::Renju, moves));
        let row8 = text.lines().find(|l| l.starts_with("  8 ")).unwrap();
        assert!(row8.contains(" X  X  × "), "{text}");
        assert!(text.contains("× forbidden for Black (renju): h8"), "{text}");
        // Freestyle has no forbidden points; White to move shows none either.
        assert!(!render(&board(Rule::Freestyle, moves)).contains('×'));
        assert!(!render(&board(Rule::Renju, &format!("{moves} a1"))).contains('×'));
    }
}
