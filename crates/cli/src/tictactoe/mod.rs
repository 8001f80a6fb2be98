//! `qi … tictactoe`: count, solve, best, move, explain and play.
//!
//! Squares are numbered 1–9 row by row for people; the library counts 0–8.

use crate::output::{print_json, score_fields, stats_fields};
use anyhow::{bail, Context, Result};
use clap::Args;
use qi_search::Algorithm;
use qi_tictactoe::{facts, score_text, Board, EngineOptions, Square};
use serde_json::json;
use std::time::Duration;

/// Arguments of `qi play tictactoe`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    pub first: crate::args::First,
    /// Turn off the opening preference (centre, corners, edges) and choose among equal moves at random.
    #[arg(long)]
    pub no_book: bool,
    /// Search depth of the computer, 1 to 64 (default: perfect play).
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Seed for the computer's choices.
    #[arg(long, value_parser = crate::args::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Computer strength, 1 (beginner) to 10 (perfect play).
    #[arg(long, default_value = "10", value_parser = crate::args::level, allow_negative_numbers = true)]
    pub level: qi_search::Level,
}

/// `qi play tictactoe`.
pub fn play(args: PlayArgs) -> Result<()> {
    qi_terminal::tictactoe::play(qi_terminal::tictactoe::PlayOptions {
        first: args.first.into(),
        no_book: args.no_book,
        depth: args.depth,
        seed: args.seed,
        level: args.level,
    })
}

/// Reads a board argument (9 cells or 3 rows), with the reason when it is not one.
pub fn parse_board(text: &str) -> Result<Board> {
    text.parse::<Board>()
        .with_context(|| format!("bad board '{text}'"))
}

fn parse_unfinished(text: &str) -> Result<Board> {
    let board = parse_board(text)?;
    if board.is_over() {
        bail!("the game on board '{board}' is already over");
    }
    Ok(board)
}

/// 1-based square numbers for people.
fn squares(moves: &[Square]) -> Vec<u8> {
    moves.iter().map(|s| s + 1).collect()
}

/// Arguments of `qi count tictactoe`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `qi count tictactoe`: the exhaustive figures, with the key names of `facts.txt`.
pub fn count(args: CountArgs) -> Result<()> {
    let f = facts::count();
    let empty = qi_tictactoe::solve(Board::empty(), Default::default());
    let value = ["loss", "draw", "win"][(empty.value + 1) as usize];
    let rows: [(&str, u64); 9] = [
        ("games_total", f.games_total),
        ("games_x_wins", f.games_x_wins),
        ("games_o_wins", f.games_o_wins),
        ("games_draw", f.games_draw),
        ("positions_reachable", f.positions_reachable),
        ("positions_up_to_symmetry", f.positions_up_to_symmetry),
        ("terminal_positions", f.terminal_positions),
        (
            "terminal_positions_up_to_symmetry",
            f.terminal_positions_up_to_symmetry,
        ),
        ("full_game_tree_nodes", f.full_game_tree_nodes),
    ];
    if args.json {
        let mut map = serde_json::Map::new();
        for (k, v) in rows {
            map.insert(k.into(), json!(v));
        }
        map.insert("value_of_empty_board".into(), json!(value));
        map.insert("nodes_per_level".into(), json!(f.nodes_per_level));
        print_json(map);
    } else {
        for (k, v) in rows {
            println!("{k:<36}{v:>10}");
        }
        println!("{:<36}{value:>10}", "value_of_empty_board");
        let levels: Vec<String> = f
            .nodes_per_level
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{i}:{n}"))
            .collect();
        println!("nodes per level: {}", levels.join(" "));
    }
    Ok(())
}

/// Arguments of `qi solve tictactoe`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board (default: empty), e.g. 'xox/o.o/.x.'.
    board: Option<String>,
    /// Algorithm: minimax, negamax, alphabeta or pvs.
    #[arg(long, default_value = "alphabeta")]
    algo: Algorithm,
    /// Use a transposition table.
    #[arg(long)]
    tt: bool,
    /// Store symmetric positions once in the table (implies --tt).
    #[arg(long)]
    symmetry: bool,
    /// Search moves in generation order (no hash move, killers, history or hints).
    #[arg(long)]
    no_ordering: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `qi solve tictactoe`: the exact value, every best move, and the statistics.
pub fn solve(args: SolveArgs) -> Result<()> {
    let board = parse_unfinished(args.board.as_deref().unwrap_or("........."))?;
    let options = qi_tictactoe::SolveOptions {
        algorithm: args.algo,
        tt: args.tt,
        symmetry: args.symmetry,
        ordering: !args.no_ordering,
    };
    let solution = qi_tictactoe::solve(board, options);
    let stats = &solution.search.stats;
    if args.json {
        let mut map = serde_json::Map::new();
        map.insert("board".into(), json!(board.to_compact()));
        map.insert("to_move".into(), json!(board.to_move().to_string()));
        map.insert("algorithm".into(), json!(args.algo.name()));
        map.insert("tt".into(), json!(args.tt || args.symmetry));
        map.insert("symmetry".into(), json!(args.symmetry));
        map.insert(
            "ordering".into(),
            json!(!args.no_ordering && args.algo.prunes()),
        );
        map.insert("value".into(), json!(solution.value));
        map.insert("best_moves".into(), json!(squares(&solution.best_moves)));
        map.insert("pv".into(), json!(squares(&solution.search.pv)));
        map.extend(score_fields(solution.search.score));
        map.extend(stats_fields(stats));
        print_json(map);
    } else {
        let verdict = match solution.value {
            1 => "wins",
            -1 => "loses",
            _ => "draws",
        };
        println!(
            "{board}: {} to move {verdict} with perfect play ({})",
            board.to_move(),
            score_text::describe(solution.search.score, board.to_move(), true)
        );
        println!("best moves: {:?}", squares(&solution.best_moves));
        println!("principal variation: {:?}", squares(&solution.search.pv));
        println!(
            "{}: {} nodes, {} leaves, {} cutoffs ({:.0}% by the first move), {} table hits of {} probes, {:.3} ms",
            args.algo,
            stats.nodes,
            stats.leaves,
            stats.beta_cutoffs,
            100.0 * stats.first_move_cutoff_rate(),
            stats.tt_hits,
            stats.tt_probes,
            stats.time.as_secs_f64() * 1e3
        );
    }
    Ok(())
}

/// Arguments of `qi best tictactoe`.
#[derive(Args, Debug)]
pub struct BestArgs {
    /// The board, e.g. 'x.o/.x./o..'.
    board: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `qi best tictactoe`: every move that forces a win, and the board after each.
pub fn best(args: BestArgs) -> Result<()> {
    let board = parse_unfinished(&args.board)?;
    let wins = qi_tictactoe::winning_moves(board);
    let boards: Vec<Board> = wins
        .iter()
        .map(|&sq| {
            let mut b = board;
            b.place(sq);
            b
        })
        .collect();
    if args.json {
        let mut map = serde_json::Map::new();
        map.insert("board".into(), json!(board.to_compact()));
        map.insert("to_move".into(), json!(board.to_move().to_string()));
        map.insert("winning_moves".into(), json!(squares(&wins)));
        map.insert(
            "boards".into(),
            json!(boards.iter().map(Board::to_compact).collect::<Vec<_>>()),
        );
        print_json(map);
    } else if wins.is_empty() {
        println!("no move forces a win for {} on {board}", board.to_move());
    } else {
        for (sq, b) in wins.iter().zip(&boards) {
            println!("best move way: {}", sq + 1);
            for row in b.to_compact().split('/') {
                println!(
                    "{}",
                    row.chars()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                );
            }
            println!();
        }
    }
    Ok(())
}

/// Arguments of `qi move tictactoe`.
#[derive(Args, Debug)]
pub struct MoveArgs {
    /// The board, e.g. 'x.o/.x./o..'.
    board: String,
    /// Search depth limit, 1 to 64 (default: to the end, perfect play).
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Time limit in milliseconds, 1 to 3600000.
    #[arg(long, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    movetime: Option<u64>,
    /// Seed for the choice among equally good moves.
    #[arg(long, value_parser = crate::args::seed, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Prefer centre, then corners, then edges among equally good moves.
    #[arg(long)]
    book: bool,
    /// Playing strength 1 (beginner) to 10 (perfect play).
    #[arg(long, value_parser = crate::args::level, allow_negative_numbers = true)]
    level: Option<qi_search::Level>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `qi move tictactoe`: the engine's move.
pub fn best_move(args: MoveArgs) -> Result<()> {
    let board = parse_unfinished(&args.board)?;
    let options = EngineOptions {
        depth: args.depth,
        movetime: args.movetime.map(Duration::from_millis),
        seed: args.seed,
        book: args.book,
    };
    let level = args.level.unwrap_or_default();
    // Each completed iteration on stderr, as in every game's `qi move`.
    let choice = qi_tictactoe::engine_move_at_level(board, &options, level, |info| {
        eprintln!(
            "depth {} score {} nodes {} pv {:?}",
            info.depth,
            score_text::describe(info.score, board.to_move(), false),
            info.stats.nodes,
            squares(info.pv)
        )
    })
    .context("no legal move")?;
    let mut after = board;
    after.place(choice.square);
    if args.json {
        let mut map = serde_json::Map::new();
        map.insert("board".into(), json!(board.to_compact()));
        map.insert("move".into(), json!(choice.square + 1));
        map.insert(
            "value".into(),
            json!(qi_search::score::decisive_sign(choice.search.score)),
        );
        map.insert(
            "best_moves".into(),
            json!(squares(&choice.search.best_moves)),
        );
        map.insert("pv".into(), json!(squares(&choice.search.pv)));
        map.insert("solved".into(), json!(choice.search.solved));
        map.insert("after".into(), json!(after.to_compact()));
        map.extend(score_fields(choice.search.score));
        map.extend(stats_fields(&choice.search.stats));
        print_json(map);
    } else {
        println!(
            "{} plays {} ({}), giving {after}",
            board.to_move(),
            choice.square + 1,
            score_text::describe(choice.search.score, board.to_move(), choice.search.solved)
        );
    }
    Ok(())
}
