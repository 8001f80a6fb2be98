//! `qi perft|moves|move xiangqi`: thin wrappers over the rules crate and the engine.

use super::{MoveArgs, MovesArgs, PerftArgs};
use anyhow::{bail, Result};
use qi_search::score::describe;
use qi_search::StopFlag;
use qi_xiangqi::{Move, Position};
use qi_xiangqi_engine::level::Rng;
use qi_xiangqi_engine::play::think;
use qi_xiangqi_engine::repetition::HistEntry;
use qi_xiangqi_engine::score_text;
use qi_xiangqi_engine::time::Clock;
use qi_xiangqi_engine::{Engine, EngineOptions, SearchRequest};
use serde_json::json;
use std::time::Duration;

/// A position from an optional FEN plus moves, with its history (the engine's
/// [`qi_xiangqi_engine::play::setup`]).
pub(super) fn setup(fen: Option<&str>, moves: Option<&str>) -> Result<(Position, Vec<HistEntry>)> {
    qi_xiangqi_engine::play::setup(fen, moves).map_err(anyhow::Error::msg)
}

/// From this depth perft reports each finished root move on stderr (a long count shows its
/// progress); shallower counts take well under a second.
const PERFT_PROGRESS_FROM: u32 = 5;

/// Perft per root move (as [`qi_xiangqi::divide`]), reporting each finished root move and
/// the running total on stderr when the count is deep enough to take a while.
fn divide_with_progress(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let mut out = Vec::with_capacity(moves.len());
    let mut total = 0;
    for (i, &mv) in moves.iter().enumerate() {
        let undo = pos.make_move(mv);
        let n = qi_xiangqi::perft(pos, depth - 1);
        pos.unmake_move(mv, undo);
        total += n;
        out.push((mv, n));
        if depth >= PERFT_PROGRESS_FROM {
            eprintln!(
                "perft depth {depth}: [{}/{}] {mv} {n} ({total} so far)",
                i + 1,
                moves.len()
            );
        }
    }
    out
}

/// `qi perft xiangqi`.
pub fn perft(args: PerftArgs) -> Result<()> {
    let (mut pos, _) = setup(args.fen.as_deref(), None)?;
    let start = std::time::Instant::now();
    let div = divide_with_progress(&mut pos, args.depth);
    let total: u64 = div.iter().map(|(_, n)| n).sum();
    let secs = start.elapsed().as_secs_f64();
    match (args.divide, args.json) {
        (true, true) => {
            let map: serde_json::Map<String, serde_json::Value> =
                div.iter().map(|(m, n)| (m.to_iccs(), json!(n))).collect();
            println!(
                "{}",
                json!({"depth": args.depth, "nodes": total, "divide": map, "fen": pos.to_fen()})
            );
        }
        (true, false) => {
            for (m, n) in &div {
                println!("{m}: {n}");
            }
            println!("nodes {total}");
        }
        (false, true) => println!(
            "{}",
            json!({"depth": args.depth, "nodes": total, "fen": pos.to_fen(), "seconds": secs})
        ),
        (false, false) => println!("nodes {total}"),
    }
    Ok(())
}

/// `qi moves xiangqi`.
pub fn moves(args: MovesArgs) -> Result<()> {
    let (pos, _) = setup(args.fen.as_deref(), args.moves.as_deref())?;
    let list = pos.legal_moves();
    if args.json {
        let moves: Vec<_> = list
            .iter()
            .map(|&m| {
                json!({
                    "iccs": m.to_iccs(),
                    "wxf": pos.to_wxf(m),
                    "chinese": pos.to_chinese(m),
                })
            })
            .collect();
        println!("{}", json!({"fen": pos.to_fen(), "moves": moves}));
    } else {
        for &m in list.iter() {
            println!("{m}");
        }
    }
    Ok(())
}

/// `qi move xiangqi`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let (pos, history) = setup(args.fen.as_deref(), args.moves.as_deref())?;
    let engine = Engine::new(EngineOptions {
        hash_mb: args.hash,
        threads: args.threads,
    });
    let clock = Clock {
        movetime: args.movetime.map(Duration::from_millis),
        ..Clock::default()
    };
    let limited = args.depth.is_some() || args.movetime.is_some() || args.nodes.is_some();
    let req = SearchRequest {
        position: pos.clone(),
        history,
        depth: if limited || args.level.is_some() {
            args.depth
        } else {
            Some(10)
        },
        nodes: args.nodes,
        time: clock.budget(),
        ..SearchRequest::default()
    };
    let mut rng = args.seed.map_or_else(Rng::from_time, Rng::new);
    // Each completed iteration on stderr: a long search shows its progress.
    let side = pos.side_to_move();
    let (mv, r) = think(
        &engine,
        req,
        args.level,
        &mut rng,
        &StopFlag::new(),
        |info| {
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_iccs()).collect();
            eprintln!(
                "depth {} score {} nodes {} time {} ms pv {}",
                info.depth,
                score_text::describe(info.score, side),
                info.nodes,
                info.time.as_millis(),
                pv.join(" ")
            );
        },
    );
    let Some(mv) = mv else {
        if args.json {
            println!(
                "{}",
                json!({"move": null, "score": r.score, "fen": pos.to_fen(), "reason": "no legal move"})
            );
            return Ok(());
        }
        bail!("no legal move in {}", pos.to_fen());
    };
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_iccs()).collect();
    if args.json {
        println!(
            "{}",
            json!({
                "move": mv.to_iccs(),
                "wxf": pos.to_wxf(mv),
                "chinese": pos.to_chinese(mv),
                "score": r.score,
                "score_text": describe(r.score),
                "mate": qi_protocol::xiangqi::mate_moves(r.score),
                "pv": pv,
                "depth": r.stats.depth,
                "seldepth": r.stats.seldepth,
                "nodes": r.stats.nodes,
                "time_ms": r.stats.time.as_millis() as u64,
                "nps": r.stats.nodes_per_second(),
                "level": args.level.unwrap_or(10),
                "fen": pos.to_fen(),
            })
        );
    } else {
        println!(
            "{mv} ({}) score {} depth {} nodes {} pv {}",
            pos.to_chinese(mv).unwrap_or_default(),
            score_text::describe(r.score, side),
            r.stats.depth,
            r.stats.nodes,
            pv.join(" ")
        );
    }
    Ok(())
}
