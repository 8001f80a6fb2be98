//! `qi perft|moves|move xiangqi`: thin wrappers over the rules crate and the engine.

use super::{MoveArgs, MovesArgs, PerftArgs};
use anyhow::{anyhow, bail, Result};
use qi_search::score::{describe, Score};
use qi_search::StopFlag;
use qi_xiangqi::{Move, Position};
use qi_xiangqi_engine::level::{choose, Level, Rng};
use qi_xiangqi_engine::repetition::HistEntry;
use qi_xiangqi_engine::time::Clock;
use qi_xiangqi_engine::{Engine, EngineOptions, SearchRequest};
use serde_json::json;
use std::time::Duration;

/// A position from an optional FEN plus moves in any notation, with the history of keys
/// the engine needs for repetition rulings.
pub(super) fn setup(fen: Option<&str>, moves: Option<&str>) -> Result<(Position, Vec<HistEntry>)> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| anyhow!("bad FEN {f:?}: {e}"))?,
        None => Position::startpos(),
    };
    let mut history = Vec::new();
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| anyhow!("move {text:?} in {}: {e}", pos.to_fen()))?;
        history.push(HistEntry {
            key: pos.key(),
            in_check: pos.in_check(),
        });
        pos.make_move(mv);
    }
    Ok((pos, history))
}

/// The current position of `game` and the history of earlier positions the engine needs
/// for repetition rulings.
pub(super) fn game_history(game: &qi_xiangqi::Game) -> (Position, Vec<HistEntry>) {
    let mut pos = game.start().clone();
    let mut history = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        history.push(HistEntry {
            key: pos.key(),
            in_check: pos.in_check(),
        });
        pos.make_move(mv);
    }
    (pos, history)
}

/// Score in the protocols' mate convention: moves (not plies) to mate, signed.
pub(super) fn mate_moves(score: Score) -> Option<i32> {
    qi_search::score::plies_to_end(score).map(|p| {
        let m = (p as i32 + 1) / 2;
        if score > 0 {
            m
        } else {
            -m
        }
    })
}

/// `qi perft xiangqi`.
pub fn perft(args: PerftArgs) -> Result<()> {
    let (mut pos, _) = setup(args.fen.as_deref(), None)?;
    if args.depth > 8 {
        bail!("perft depth {} is too deep (at most 8)", args.depth);
    }
    let start = std::time::Instant::now();
    if args.divide {
        let div = qi_xiangqi::divide(&mut pos, args.depth);
        let total: u64 = div.iter().map(|(_, n)| n).sum();
        if args.json {
            let map: serde_json::Map<String, serde_json::Value> =
                div.iter().map(|(m, n)| (m.to_iccs(), json!(n))).collect();
            println!(
                "{}",
                json!({"depth": args.depth, "nodes": total, "divide": map, "fen": pos.to_fen()})
            );
        } else {
            for (m, n) in &div {
                println!("{m}: {n}");
            }
            println!("nodes {total}");
        }
    } else {
        let n = qi_xiangqi::perft(&mut pos, args.depth);
        let secs = start.elapsed().as_secs_f64();
        if args.json {
            println!(
                "{}",
                json!({"depth": args.depth, "nodes": n, "fen": pos.to_fen(), "seconds": secs})
            );
        } else {
            println!("nodes {n}");
        }
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

/// Runs one engine search for a level (or full strength) until its limits or `stop`, and
/// returns the chosen move.
pub(super) fn think(
    engine: &Engine,
    mut req: SearchRequest,
    level: Option<u8>,
    rng: &mut Rng,
    stop: &StopFlag,
    on_info: impl FnMut(&qi_xiangqi_engine::Info),
) -> (Option<Move>, qi_xiangqi_engine::SearchResult) {
    let settings = level.and_then(Level::new).map(|l| l.settings());
    if let Some(s) = &settings {
        req.depth = match (req.depth, s.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        req.nodes = match (req.nodes, s.nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        req.all_root_scores = req.all_root_scores || s.noise > 0;
    }
    let r = engine.search(&req, stop, on_info);
    let mv = match &settings {
        Some(s) if s.noise > 0 && !r.root_scores.is_empty() => {
            choose(&r.root_scores, s, rng).or(r.best)
        }
        _ => r.best,
    };
    (mv, r)
}

/// `qi move xiangqi`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let (pos, history) = setup(args.fen.as_deref(), args.moves.as_deref())?;
    let engine = Engine::new(EngineOptions {
        hash_mb: args.hash,
        threads: args.threads.clamp(1, 256),
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
    let (mv, r) = think(&engine, req, args.level, &mut rng, &StopFlag::new(), |_| {});
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
                "mate": mate_moves(r.score),
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
            describe(r.score),
            r.stats.depth,
            r.stats.nodes,
            pv.join(" ")
        );
    }
    Ok(())
}
