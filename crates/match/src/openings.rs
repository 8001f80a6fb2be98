//! `qi openings xiangqi`: a book of balanced Xiangqi openings for engine matches, made by Qi.
//!
//! From the start position each candidate plays a random number of plies (in the asked
//! range), every ply a move drawn uniformly from a seeded generator among the legal moves a
//! depth-2 search scores within `--spread` centipawns of the best; it is kept
//! when the side to move is not in check, the game is not over, and a fresh one-thread
//! fixed-depth search scores it within the asked margin. Positions are deduplicated by
//! placement and side to move. The same arguments always give the same book.

use anyhow::{bail, Context, Result};
use qi_search::StopFlag;
use qi_xiangqi::{Game, Move, Position};
use qi_xiangqi_engine::level::Rng;
use qi_xiangqi_engine::{Engine, EngineOptions, SearchRequest};
use std::collections::HashSet;
use std::fmt::Write as _;

/// What book `qi openings xiangqi` makes.
#[derive(Clone, Debug)]
pub struct BookOptions {
    /// How many positions to write.
    pub count: usize,
    /// Fewest random plies from the start position.
    pub min_plies: u32,
    /// Most random plies from the start position.
    pub max_plies: u32,
    /// Depth of the search that judges each candidate.
    pub depth: u32,
    /// Largest absolute score (centipawns, side to move) a kept position may have.
    pub max_score: i32,
    /// Each random ply picks among the moves a depth-2 search scores within this many
    /// centipawns of the best (so lines do not simply hang pieces); 0 keeps only the best.
    pub spread: i32,
    /// Seed of the random move choice.
    pub seed: u64,
    /// Write the book to this file instead of standard output.
    pub out: Option<String>,
}

/// Candidates tried per position asked for before giving up.
const TRIES_PER_POSITION: usize = 200;

/// `qi openings xiangqi`.
pub fn run(args: BookOptions) -> Result<()> {
    if args.count == 0 || args.count > 100_000 {
        bail!("--count must be between 1 and 100000");
    }
    if args.min_plies > args.max_plies || args.max_plies > 40 {
        bail!("need --min-plies <= --max-plies <= 40");
    }
    if args.depth == 0 || args.depth > 20 {
        bail!("--depth must be between 1 and 20");
    }
    if args.max_score < 0 || args.spread < 0 {
        bail!("--max-score and --spread must not be negative");
    }
    let book = generate(&args)?;
    let command = format!(
        "qi openings xiangqi --count {} --min-plies {} --max-plies {} --depth {} --max-score {} --spread {} --seed {}",
        args.count,
        args.min_plies,
        args.max_plies,
        args.depth,
        args.max_score,
        args.spread,
        args.seed
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Qi's Xiangqi opening book: {} balanced positions for engine matches.",
        book.len()
    );
    let _ = writeln!(text, "# Made with: {command}");
    let _ = writeln!(
        text,
        "# Each: {}-{} random plies from the start position, every ply drawn uniformly (seeded\n\
         # SplitMix64) among the moves a depth-2 search scores within {} centipawns of the best;\n\
         # kept when the side to move is not in check and a fresh one-thread depth-{} search by\n\
         # Qi {} scores it within +/-{} centipawns; deduplicated by placement and side to move.",
        args.min_plies,
        args.max_plies,
        args.spread,
        args.depth,
        env!("CARGO_PKG_VERSION"),
        args.max_score
    );
    for fen in &book {
        let _ = writeln!(text, "{fen}");
    }
    match &args.out {
        Some(path) => std::fs::write(path, text).with_context(|| format!("cannot write {path}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// The book's FENs, in the order found.
fn generate(args: &BookOptions) -> Result<Vec<String>> {
    let engine = Engine::new(EngineOptions {
        hash_mb: 16,
        threads: 1,
    });
    let mut rng = Rng::new(args.seed);
    let mut seen = HashSet::new();
    let mut book = Vec::with_capacity(args.count);
    let span = u64::from(args.max_plies - args.min_plies) + 1;
    for _ in 0..args.count * TRIES_PER_POSITION {
        if book.len() == args.count {
            return Ok(book);
        }
        let plies = args.min_plies + rng.below(span) as u32;
        let Some(pos) = random_line(&engine, plies, args.spread, &mut rng) else {
            continue;
        };
        if pos.in_check() || !seen.insert(pos.key()) {
            continue;
        }
        engine.clear();
        let req = SearchRequest {
            position: pos.clone(),
            depth: Some(args.depth),
            ..SearchRequest::default()
        };
        let result = engine.search(&req, &StopFlag::new(), |_| {});
        if result.score.abs() <= args.max_score {
            book.push(pos.to_fen());
        }
    }
    if book.len() < args.count {
        bail!(
            "found only {} of {} positions within +/-{} centipawns; allow a larger --max-score",
            book.len(),
            args.count,
            args.max_score
        );
    }
    Ok(book)
}

/// `plies` random moves from the start position, each among those a depth-2 search scores
/// within `spread` of the best; `None` if the game ends on the way.
fn random_line(engine: &Engine, plies: u32, spread: i32, rng: &mut Rng) -> Option<Position> {
    let mut game = Game::new(Position::startpos());
    for _ in 0..plies {
        if game.outcome().is_some() {
            return None;
        }
        engine.clear();
        let req = SearchRequest {
            position: game.position().clone(),
            depth: Some(2),
            all_root_scores: true,
            ..SearchRequest::default()
        };
        let scored = engine.search(&req, &StopFlag::new(), |_| {}).root_scores;
        let best = scored.iter().map(|&(_, s)| s).max()?;
        let near: Vec<Move> = scored
            .iter()
            .filter(|&&(_, s)| s >= best - spread)
            .map(|&(m, _)| m)
            .collect();
        let mv = near[rng.below(near.len() as u64) as usize];
        game.push(mv).ok()?;
    }
    game.outcome().is_none().then(|| game.position().clone())
}
