//! The `qi` command line: play, solve, explain and speak engine protocols.
//!
//! Each game has a module with its argument types and entry points; this file only
//! declares the verbs and dispatches. Errors are printed as one line on stderr with a
//! non-zero exit status, never as a panic.

pub mod gomoku;
pub mod output;
pub mod serve;
pub mod terminal;
pub mod tictactoe;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Qi (棋): play, study and program board-game AI.
#[derive(Parser, Debug)]
#[command(name = "qi", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
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
    /// Fixed-depth benchmark: nodes and nodes/second.
    #[command(subcommand)]
    Bench(BenchGame),
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
}

#[derive(Subcommand, Debug)]
enum ExplainGame {
    /// Tic-tac-toe.
    Tictactoe(tictactoe::ExplainArgs),
}

#[derive(Subcommand, Debug)]
enum BenchGame {
    /// Gomoku.
    Gomoku(gomoku::BenchArgs),
}

/// Parses the command line and runs it; returns the process exit status.
pub fn run() -> ExitCode {
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
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{first} (see 'qi --help')");
            return ExitCode::from(2);
        }
    };
    match dispatch(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}").replace('\n', " ");
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn dispatch(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Play(PlayGame::Tictactoe(a)) => tictactoe::play(a),
        Command::Play(PlayGame::Gomoku(a)) => gomoku::play(a),
        Command::Count(CountGame::Tictactoe(a)) => tictactoe::count(a),
        Command::Solve(SolveGame::Tictactoe(a)) => tictactoe::solve(a),
        Command::Best(BestGame::Tictactoe(a)) => tictactoe::best(a),
        Command::Move(MoveGame::Tictactoe(a)) => tictactoe::best_move(a),
        Command::Move(MoveGame::Gomoku(a)) => gomoku::best_move(a),
        Command::Explain(ExplainGame::Tictactoe(a)) => tictactoe::explain(a),
        Command::Bench(BenchGame::Gomoku(a)) => gomoku::bench(a),
        Command::Gomocup(a) => gomoku::gomocup(a),
        Command::Serve(a) => serve::serve(a),
    }
}
