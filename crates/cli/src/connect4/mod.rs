//! `qi … connect4`: the engine's move and the terminal game.
//!
//! Columns are numbered 1–7 from the left for people; the library counts 0–6. A game is its
//! move record, one digit per move, Red first (`--moves 4453`).

use crate::output::{print_json, score_fields, stats_fields};
use anyhow::{bail, Context, Result};
use clap::Args;
use qi_connect4::{format_moves, score_text, Board, Column, EngineOptions};
use qi_search::Level;
use serde_json::json;
use std::time::Duration;

/// Arguments of `qi play connect4`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    pub first: crate::args::First,
    /// Search depth of the computer, 1 to 64 (capped by a weaker level's own depth).
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Seed for the computer's choices.
    #[arg(long, value_parser = crate::args::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Computer strength, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value = "10", value_parser = crate::args::level, allow_negative_numbers = true)]
    pub level: Level,
}

/// `qi play connect4`.
pub fn play(args: PlayArgs) -> Result<()> {
    qi_terminal::connect4::play(qi_terminal::connect4::PlayOptions {
        first: args.first.into(),
        depth: args.depth,
        seed: args.seed,
        level: args.level,
    })
}

/// Reads a move record (`4453`) into its columns and the board they reach, with the reason
/// when it cannot be read or replayed.
pub fn parse_record(text: &str) -> Result<(Vec<Column>, Board)> {
    let board = Board::from_record(text).with_context(|| format!("bad --moves '{text}'"))?;
    let moves = qi_connect4::parse_moves(text).with_context(|| format!("bad --moves '{text}'"))?;
    Ok((moves, board))
}

/// 1-based column numbers for people.
fn columns(moves: &[Column]) -> Vec<u8> {
    moves.iter().map(|c| c + 1).collect()
}

/// Arguments of `qi move connect4`.
#[derive(Args, Debug)]
pub struct MoveArgs {
    /// The moves so far, one column digit 1–7 each, Red first (e.g. 4453; empty: the start).
    #[arg(long, default_value = "")]
    moves: String,
    /// Search depth limit, 1 to 64 (capped by a weaker level's own depth).
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Node limit, 1 to 10^12.
    #[arg(long, value_parser = crate::args::nodes, allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Time limit in milliseconds, 1 to 3600000.
    #[arg(long, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    movetime: Option<u64>,
    /// Playing strength 1 (beginner) to 10 (full strength).
    #[arg(long, value_parser = crate::args::level, allow_negative_numbers = true)]
    level: Option<Level>,
    /// Seed for a weaker level's choices.
    #[arg(long, value_parser = crate::args::seed, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `qi move connect4`: the engine's move after `--moves`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let (mut moves, board) = parse_record(&args.moves)?;
    if let Some(end) = board.end() {
        bail!("the game is already over: {end}");
    }
    let to_move = board.to_move();
    let options = EngineOptions {
        level: args.level.unwrap_or_default(),
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        seed: args.seed,
        ..EngineOptions::default()
    };
    // Each completed iteration on stderr, as in every game's `qi move`.
    let choice = qi_connect4::engine_move(board, &options, |info| {
        eprintln!(
            "depth {} score {} nodes {} pv {:?}",
            info.depth,
            score_text::describe(info.score, to_move, false),
            info.stats.nodes,
            columns(info.pv)
        )
    })
    .context("no legal move")?;
    let mut after = board;
    after
        .play(choice.column)
        .context("the engine chose an unplayable column")?;
    let record = format_moves(&moves);
    moves.push(choice.column);
    let search = &choice.search;
    let verdict = score_text::describe(search.score, to_move, search.solved);
    if args.json {
        let mut map = serde_json::Map::new();
        map.insert("moves".into(), json!(record));
        map.insert("to_move".into(), json!(to_move.name()));
        map.insert("move".into(), json!(choice.column + 1));
        map.insert("casual".into(), json!(choice.casual));
        map.insert(
            "value".into(),
            json!(qi_search::score::decisive_sign(search.score)),
        );
        map.insert("verdict".into(), json!(verdict));
        map.insert("pv".into(), json!(columns(&search.pv)));
        map.insert("solved".into(), json!(search.solved));
        map.insert("after".into(), json!(format_moves(&moves)));
        map.insert("end".into(), json!(after.end().map(|e| e.to_string())));
        map.extend(score_fields(search.score));
        map.extend(stats_fields(&search.stats));
        print_json(map);
    } else {
        println!(
            "{to_move} plays column {} ({verdict}), giving {}",
            choice.column + 1,
            format_moves(&moves)
        );
        println!("{after}");
        if let Some(end) = after.end() {
            println!("{end}");
        }
    }
    Ok(())
}
