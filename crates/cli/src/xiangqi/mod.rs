//! `qi … xiangqi` commands: their arguments, the terminal game, perft, moves, bench and openings.
//!
//! Contract with `crate::run` (which owns the top-level command enum): this module provides
//! the argument types and entry points below; everything else in this folder is its own.

mod bench;
mod tools;

use anyhow::Result;
use qi_protocol::xiangqi::{Protocol, ProtocolOptions};

/// Arguments of `qi perft xiangqi`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Position in FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies, 1 to 8.
    #[arg(long, value_parser = crate::args::perft_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// Count per root move.
    #[arg(long)]
    pub divide: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `qi moves xiangqi`.
#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    /// Position in FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the position first (ICCS, WXF or Chinese, space separated).
    #[arg(long)]
    pub moves: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `qi move xiangqi`.
#[derive(clap::Args, Debug)]
pub struct MoveArgs {
    /// Position in FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the position first (ICCS, WXF or Chinese, space separated).
    #[arg(long)]
    pub moves: Option<String>,
    /// Search depth, 1 to 64.
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Search time in milliseconds, 1 to 3600000.
    #[arg(long, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// Node budget, 1 to 10^12.
    #[arg(long, value_parser = crate::args::nodes, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Playing level 1–10 (10 is full strength).
    #[arg(long, value_parser = crate::args::level_number, allow_negative_numbers = true)]
    pub level: Option<u8>,
    /// Search threads, 1 to 256.
    #[arg(long, default_value_t = 1, value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Hash table size in MB (1–4096).
    #[arg(long, default_value_t = 64, value_parser = hash_megabytes())]
    pub hash: usize,
    /// Random seed for levels below 10.
    #[arg(long, value_parser = crate::args::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `qi play xiangqi`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Position in FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Engine level 1–10 (the default, 10, is full strength, as in every game).
    #[arg(long, default_value_t = qi_search::Level::MAX.get(), value_parser = crate::args::level_number, allow_negative_numbers = true)]
    pub level: u8,
    /// Who moves first: human (you play Red) or computer (you play Black).
    #[arg(long, value_enum, default_value = "human")]
    pub first: crate::args::First,
    /// Play Black (the same as --first computer).
    #[arg(long)]
    pub black: bool,
    /// Engine thinking time per move in milliseconds (level 10 only), 1 to 3600000.
    #[arg(long, default_value_t = 2000, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    pub movetime: u64,
}

/// Arguments of `qi bench` (Xiangqi, the default game of `bench`): the depth as
/// `qi bench 8` or `qi bench --depth 8`, as for `qi bench gomoku`.
pub type BenchArgs = crate::args::BenchDepth;

/// The range `--hash` accepts: the transposition table's documented maximum.
fn hash_megabytes() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=qi_search::tt::MAX_MEGABYTES as u64)
}

/// Arguments of `qi ucci` / `qi uci`.
#[derive(clap::Args, Debug, Default)]
pub struct ProtocolArgs {
    /// Search threads, 1 to 256 (also settable with the protocol's option).
    #[arg(long, value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Hash table size in MB, 1–4096 (also settable with the protocol's option).
    #[arg(long, value_parser = hash_megabytes())]
    pub hash: Option<usize>,
    /// Playing level 1–10 (10 is full strength).
    #[arg(long, value_parser = crate::args::level_number, allow_negative_numbers = true)]
    pub level: Option<u8>,
}

/// Arguments of `qi match` (Xiangqi by default; `--game gomoku` for Gomocup engines).
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The game: xiangqi (UCI/UCCI engines) or gomoku (Gomocup engines).
    #[arg(long, default_value = "xiangqi")]
    pub game: String,
    /// Gomoku rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: String,
    /// Gomoku board size, 5 to 22.
    #[arg(long, default_value_t = 15, value_parser = crate::args::board_size, allow_negative_numbers = true)]
    pub size: usize,
    /// First engine command line (e.g. "qi uci" or "qi ucci --level 3").
    #[arg(long)]
    pub engine1: String,
    /// Second engine command line.
    #[arg(long)]
    pub engine2: String,
    /// A name for engine 1 in the output, the log and the game records, instead of the name
    /// it reports (up to 64 characters, no parentheses or colons): two builds of one engine
    /// then stay apart in the logs `qi sprt` sums.
    #[arg(long)]
    pub name1: Option<String>,
    /// A name for engine 2 instead of the name it reports.
    #[arg(long)]
    pub name2: Option<String>,
    /// Protocol of engine 1: uci, ucci, fsf (UCI with ranks 1–10, as Fairy-Stockfish) or sjaak
    /// (fsf with H/E for horse and elephant in FENs, as Sjaak II).
    #[arg(long, default_value = "uci")]
    pub protocol1: String,
    /// Protocol of engine 2: uci, ucci, fsf or sjaak.
    #[arg(long, default_value = "uci")]
    pub protocol2: String,
    /// An option for engine 1 as NAME=VALUE (repeatable), e.g. "Hash=64".
    #[arg(long)]
    pub option1: Vec<String>,
    /// An option for engine 2 as NAME=VALUE (repeatable).
    #[arg(long)]
    pub option2: Vec<String>,
    /// Milliseconds an engine may exceed its clock before it loses on time.
    #[arg(long, default_value_t = 0, value_parser = crate::args::allowance_ms, allow_negative_numbers = true)]
    pub timemargin: u64,
    /// Gomoku: memory each brain may use in MB, 0 to 1048576, sent as `INFO max_memory`
    /// (0: no limit; default 256). A brain told 256 MB may clear that much at its first
    /// move, which a loaded machine can make late.
    #[arg(long, value_parser = crate::args::memory_mb, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
    /// Gomoku: threads each brain may use, 1 to 256, sent as `INFO thread_num` (default:
    /// not sent, each brain keeps its own; Qi's is one).
    #[arg(long, value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// File of openings, one a line: Xiangqi FEN/EPD positions, or gomoku stones as offsets
    /// from the centre (`0,0, 1,0, 1,1`, Black first); default: the start position.
    #[arg(long)]
    pub openings: Option<String>,
    /// Number of game pairs (each opening is played with both colours; openings cycle);
    /// default 1, or with --sprt the most pairs before the test gives up (default 100000).
    #[arg(long, value_parser = crate::args::count, allow_negative_numbers = true)]
    pub rounds: Option<u32>,
    /// Fixed depth per move, 1 to 64.
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Fixed nodes per move, 1 to 10^12.
    #[arg(long, value_parser = crate::args::nodes, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Fixed time per move in milliseconds, 1 to 3600000 (gomoku: the turn limit).
    #[arg(long, value_parser = crate::args::movetime, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// Clock per game in milliseconds (with --inc; gomoku: the match time).
    #[arg(long, value_parser = crate::args::clock_ms, allow_negative_numbers = true)]
    pub time: Option<u64>,
    /// Increment per move in milliseconds.
    #[arg(long, default_value_t = 0, value_parser = crate::args::allowance_ms, allow_negative_numbers = true)]
    pub inc: u64,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 300, value_parser = crate::args::count, allow_negative_numbers = true)]
    pub max_plies: u32,
    /// Write the games to this file (PGN for Xiangqi, SGF for gomoku).
    #[arg(long)]
    pub pgn: Option<String>,
    /// Games played at the same time, each by its own pair of engine processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Sequential probability ratio test on game pairs: stop when the first engine is shown
    /// at least ELO1 stronger (H1) or at most ELO0 (H0).
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    pub sprt: Option<Vec<f64>>,
    /// The SPRT's false-positive rate (accepting H1 when H0 holds).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The SPRT's false-negative rate (accepting H0 when H1 holds).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
}

/// Arguments of `qi openings xiangqi`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    /// How many positions to write.
    #[arg(long, default_value_t = 400)]
    pub count: usize,
    /// Fewest random plies from the start position.
    #[arg(long, default_value_t = 6)]
    pub min_plies: u32,
    /// Most random plies from the start position.
    #[arg(long, default_value_t = 10)]
    pub max_plies: u32,
    /// Depth of the search that judges each candidate.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// Largest absolute score (centipawns, side to move) a kept position may have.
    #[arg(long, default_value_t = 60)]
    pub max_score: i32,
    /// Each random ply picks among the moves a depth-2 search scores within this many
    /// centipawns of the best (so lines do not simply hang pieces); 0 keeps only the best.
    #[arg(long, default_value_t = 60)]
    pub spread: i32,
    /// Seed of the random move choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the book to this file instead of standard output.
    #[arg(long)]
    pub out: Option<String>,
}

/// `qi openings xiangqi`.
pub fn openings(args: OpeningsArgs) -> Result<()> {
    qi_match::openings::run(qi_match::openings::BookOptions {
        count: args.count,
        min_plies: args.min_plies,
        max_plies: args.max_plies,
        depth: args.depth,
        max_score: args.max_score,
        spread: args.spread,
        seed: args.seed,
        out: args.out,
    })
}

/// `qi perft xiangqi`.
pub fn perft(args: PerftArgs) -> Result<()> {
    tools::perft(args)
}

/// `qi moves xiangqi`.
pub fn moves(args: MovesArgs) -> Result<()> {
    tools::moves(args)
}

/// `qi move xiangqi`.
pub fn best_move(args: MoveArgs) -> Result<()> {
    tools::best_move(args)
}

/// `qi play xiangqi`.
pub fn play(args: PlayArgs) -> Result<()> {
    qi_terminal::xiangqi::play(qi_terminal::xiangqi::PlayOptions {
        fen: args.fen,
        level: args.level,
        first: args.first.into(),
        black: args.black,
        movetime: args.movetime,
    })
}

/// `qi bench [depth]`.
pub fn bench(args: BenchArgs) -> Result<()> {
    bench::bench(args)
}

/// `qi ucci` / `qi uci`: speaks `protocol` on stdin/stdout. `first_line` is a line already
/// read from stdin (when `qi` ran without a subcommand and sniffed the protocol from it).
pub fn protocol(protocol: Protocol, args: ProtocolArgs, first_line: Option<String>) -> Result<()> {
    let options = ProtocolOptions {
        threads: args.threads,
        hash: args.hash,
        level: args.level,
    };
    qi_protocol::xiangqi::run(protocol, options, first_line)
}

/// `qi match`.
pub fn run_match(args: MatchArgs) -> Result<()> {
    let options = qi_match::MatchOptions {
        rule: args.rule,
        size: args.size,
        engine1: args.engine1,
        engine2: args.engine2,
        names: [args.name1, args.name2],
        protocol1: args.protocol1,
        protocol2: args.protocol2,
        option1: args.option1,
        option2: args.option2,
        timemargin: args.timemargin,
        max_memory: args.max_memory,
        threads: args.threads,
        openings: args.openings,
        rounds: args.rounds,
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime,
        time: args.time,
        inc: args.inc,
        max_plies: args.max_plies,
        pgn: args.pgn,
        concurrency: args.concurrency,
        sprt: args.sprt,
        alpha: args.alpha,
        beta: args.beta,
    };
    qi_match::run(&args.game, options)
}
