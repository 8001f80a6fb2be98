//! The `qi` command line: play, solve, explain and speak engine protocols.
//!
//! Each game has a module with its argument types and entry points; this file only
//! declares the verbs and dispatches. Errors are printed as one line on stderr with a
//! non-zero exit status, never as a panic.

pub mod args;
pub mod connect4;
pub mod explain;
pub mod gomoku;
pub mod levels;
pub mod output;
pub mod serve;
pub mod sprt;
pub mod tictactoe;
pub mod tune;
pub mod xiangqi;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Qi (棋): play, study and program board-game AI.
#[derive(Parser, Debug)]
#[command(name = "qi", version, about, long_about = None)]
pub struct Cli {
    /// Without a command and with piped input, the first line picks the protocol (ucci, uci).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal against the engine.
    #[command(subcommand)]
    Play(PlayGame),
    /// Count a game exhaustively (tic-tac-toe).
    #[command(subcommand)]
    Count(CountGame),
    /// Solve a position exactly: value, best moves, statistics.
    #[command(subcommand)]
    Solve(SolveGame),
    /// List the moves that force a win ("predict X's next move so that X surely wins").
    #[command(subcommand)]
    Best(BestGame),
    /// Ask the engine for a move.
    #[command(subcommand, name = "move")]
    Move(MoveGame),
    /// Show the search tree, backed-up values, pruning, and node counts per algorithm.
    #[command(subcommand)]
    Explain(ExplainGame),
    /// Count leaf nodes of the legal-move tree (Xiangqi perft).
    #[command(subcommand)]
    Perft(PerftGame),
    /// List every legal move in each notation.
    #[command(subcommand)]
    Moves(MovesGame),
    /// Fixed-depth benchmark: nodes and nodes/second (Xiangqi unless a game is named).
    Bench(BenchCommand),
    /// What each level 1–10 means in each game (depth, nodes, time share, move choice).
    Levels,
    /// Speak UCCI (Xiangqi GUIs such as those for ElephantEye) on stdin/stdout.
    Ucci(xiangqi::ProtocolArgs),
    /// Speak UCI (Xiangqi GUIs such as those for Pikafish) on stdin/stdout.
    Uci(xiangqi::ProtocolArgs),
    /// Play engines against each other with Qi as referee.
    Match(Box<xiangqi::MatchArgs>),
    /// Sum the game pairs of `qi match --sprt` logs (runs of one test) into one SPRT.
    Sprt(sprt::SprtArgs),
    /// Generate a book of balanced openings (Xiangqi) for engine matches.
    #[command(subcommand)]
    Openings(OpeningsGame),
    /// Tune an evaluation from game results: labelled positions, then a fit (Texel).
    #[command(subcommand)]
    Tune(TuneGame),
    /// Speak the Gomocup (piskvork) protocol on stdin/stdout.
    Gomocup(gomoku::GomocupArgs),
    /// Serve the web page to play all games in a browser.
    Serve(serve::ServeArgs),
}

#[derive(Subcommand, Debug)]
enum PlayGame {
    /// Tic-tac-toe.
    Tictactoe(tictactoe::PlayArgs),
    /// Gomoku (five in a row).
    Gomoku(gomoku::PlayArgs),
    /// Xiangqi (Chinese chess).
    Xiangqi(xiangqi::PlayArgs),
    /// Connect Four.
    Connect4(connect4::PlayArgs),
}

#[derive(Subcommand, Debug)]
enum CountGame {
    /// Tic-tac-toe: every figure of the complete game tree.
    Tictactoe(tictactoe::CountArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Tic-tac-toe.
    Tictactoe(tictactoe::SolveArgs),
}

#[derive(Subcommand, Debug)]
enum BestGame {
    /// Tic-tac-toe.
    Tictactoe(tictactoe::BestArgs),
}

#[derive(Subcommand, Debug)]
enum MoveGame {
    /// Tic-tac-toe.
    Tictactoe(tictactoe::MoveArgs),
    /// Gomoku.
    Gomoku(gomoku::MoveArgs),
    /// Xiangqi.
    Xiangqi(xiangqi::MoveArgs),
    /// Connect Four.
    Connect4(connect4::MoveArgs),
}

#[derive(Subcommand, Debug)]
enum OpeningsGame {
    /// Xiangqi.
    Xiangqi(xiangqi::OpeningsArgs),
}

#[derive(Subcommand, Debug)]
enum TuneGame {
    /// Xiangqi: the engine's evaluation weights.
    #[command(subcommand)]
    Xiangqi(tune::XiangqiTune),
    /// Gomoku: the pattern evaluation's weights.
    #[command(subcommand)]
    Gomoku(tune::GomokuTune),
}

#[derive(Subcommand, Debug)]
enum PerftGame {
    /// Xiangqi.
    Xiangqi(xiangqi::PerftArgs),
}

#[derive(Subcommand, Debug)]
enum MovesGame {
    /// Xiangqi.
    Xiangqi(xiangqi::MovesArgs),
}

#[derive(Subcommand, Debug)]
enum ExplainGame {
    /// Tic-tac-toe.
    Tictactoe(explain::TicTacToeArgs),
    /// Gomoku.
    Gomoku(explain::GomokuArgs),
    /// Xiangqi.
    Xiangqi(explain::XiangqiArgs),
    /// Connect Four.
    Connect4(explain::Connect4Args),
}

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct BenchCommand {
    #[command(subcommand)]
    game: Option<BenchGame>,
    #[command(flatten)]
    xiangqi: xiangqi::BenchArgs,
}

#[derive(Subcommand, Debug)]
enum BenchGame {
    /// Gomoku.
    Gomoku(gomoku::BenchArgs),
    /// Xiangqi (the default).
    Xiangqi(xiangqi::BenchArgs),
}

/// Parses the command line and runs it; returns the process exit status.
pub fn run() -> ExitCode {
    output::quiet_on_broken_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            eprintln!("{} (see 'qi --help')", one_line(&e.to_string()));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Some(command) => dispatch(command),
        None => sniff_protocol(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}").replace('\n', " ");
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A clap error as one line: its message with the lines that belong to it (the names of
/// missing arguments, `<BOARD>`), without the usage and tips that follow a blank line.
fn one_line(text: &str) -> String {
    let words: Vec<&str> = text
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    if words.is_empty() {
        "invalid arguments".to_string()
    } else {
        words.join(" ")
    }
}

fn dispatch(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Play(PlayGame::Tictactoe(a)) => tictactoe::play(a),
        Command::Play(PlayGame::Gomoku(a)) => gomoku::play(a),
        Command::Play(PlayGame::Connect4(a)) => connect4::play(a),
        Command::Count(CountGame::Tictactoe(a)) => tictactoe::count(a),
        Command::Solve(SolveGame::Tictactoe(a)) => tictactoe::solve(a),
        Command::Best(BestGame::Tictactoe(a)) => tictactoe::best(a),
        Command::Move(MoveGame::Tictactoe(a)) => tictactoe::best_move(a),
        Command::Move(MoveGame::Gomoku(a)) => gomoku::best_move(a),
        Command::Move(MoveGame::Connect4(a)) => connect4::best_move(a),
        Command::Explain(ExplainGame::Tictactoe(a)) => explain::tictactoe(a),
        Command::Explain(ExplainGame::Gomoku(a)) => explain::gomoku(a),
        Command::Explain(ExplainGame::Xiangqi(a)) => explain::xiangqi(a),
        Command::Explain(ExplainGame::Connect4(a)) => explain::connect4(a),
        Command::Levels => levels::run(),
        Command::Bench(BenchCommand {
            game: Some(BenchGame::Gomoku(a)),
            ..
        }) => gomoku::bench(a),
        Command::Bench(BenchCommand {
            game: Some(BenchGame::Xiangqi(a)),
            ..
        }) => xiangqi::bench(a),
        Command::Bench(BenchCommand {
            game: None,
            xiangqi,
        }) => xiangqi::bench(xiangqi),
        Command::Play(PlayGame::Xiangqi(a)) => xiangqi::play(a),
        Command::Move(MoveGame::Xiangqi(a)) => xiangqi::best_move(a),
        Command::Perft(PerftGame::Xiangqi(a)) => xiangqi::perft(a),
        Command::Moves(MovesGame::Xiangqi(a)) => xiangqi::moves(a),
        Command::Ucci(a) => xiangqi::protocol(qi_protocol::xiangqi::Protocol::Ucci, a, None),
        Command::Uci(a) => xiangqi::protocol(qi_protocol::xiangqi::Protocol::Uci, a, None),
        Command::Match(a) => xiangqi::run_match(*a),
        Command::Sprt(a) => sprt::run(a),
        Command::Openings(OpeningsGame::Xiangqi(a)) => xiangqi::openings(a),
        Command::Tune(TuneGame::Xiangqi(step)) => tune::xiangqi(step),
        Command::Tune(TuneGame::Gomoku(step)) => tune::gomoku(step),
        Command::Gomocup(a) => gomoku::gomocup(a),
        Command::Serve(a) => serve::serve(a),
    }
}

/// `qi` with no command: engine managers start engines without arguments, so with piped
/// input the first line says which protocol is wanted.
fn sniff_protocol() -> anyhow::Result<()> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        anyhow::bail!("no command given (try 'qi --help', or 'qi serve' to play in the browser)");
    }
    let first = match qi_protocol::line_input::read_line(
        &mut std::io::stdin().lock(),
        qi_protocol::line_input::MAX_LINE_BYTES,
    )? {
        Some(qi_protocol::line_input::InputLine::Text(t)) => t,
        Some(qi_protocol::line_input::InputLine::TooLong { prefix, .. }) => {
            anyhow::bail!("unknown protocol greeting '{prefix}' (expected ucci or uci)")
        }
        None => String::new(),
    };
    match first.trim() {
        "ucci" => xiangqi::protocol(
            qi_protocol::xiangqi::Protocol::Ucci,
            Default::default(),
            Some(first),
        ),
        "uci" => xiangqi::protocol(
            qi_protocol::xiangqi::Protocol::Uci,
            Default::default(),
            Some(first),
        ),
        "" => Ok(()),
        other => anyhow::bail!(
            "unknown protocol greeting '{}' (expected ucci or uci)",
            qi_protocol::line_input::echo(other)
        ),
    }
}
