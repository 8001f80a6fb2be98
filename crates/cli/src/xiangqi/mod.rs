//! `qi … xiangqi` commands, the UCCI and UCI protocols, and engine matches.
//!
//! Contract with `crate::run` (which owns the top-level command enum): this module provides
//! the argument types and entry points below; everything else in this folder is its own.

use anyhow::{bail, Result};

/// Arguments of `qi perft xiangqi`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {}

/// Arguments of `qi moves xiangqi`.
#[derive(clap::Args, Debug)]
pub struct MovesArgs {}

/// Arguments of `qi move xiangqi`.
#[derive(clap::Args, Debug)]
pub struct MoveArgs {}

/// Arguments of `qi play xiangqi`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {}

/// Arguments of `qi bench` (Xiangqi, the default game of `bench`).
#[derive(clap::Args, Debug)]
pub struct BenchArgs {}

/// Arguments of `qi ucci` / `qi uci`.
#[derive(clap::Args, Debug, Default)]
pub struct ProtocolArgs {}

/// Arguments of `qi match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {}

/// Which engine protocol to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCCI, as ElephantEye speaks it.
    Ucci,
    /// UCI, as Pikafish speaks it.
    Uci,
}

/// `qi perft xiangqi`.
pub fn perft(_args: PerftArgs) -> Result<()> {
    bail!("Xiangqi is not available yet")
}

/// `qi moves xiangqi`.
pub fn moves(_args: MovesArgs) -> Result<()> {
    bail!("Xiangqi is not available yet")
}

/// `qi move xiangqi`.
pub fn best_move(_args: MoveArgs) -> Result<()> {
    bail!("Xiangqi is not available yet")
}

/// `qi play xiangqi`.
pub fn play(_args: PlayArgs) -> Result<()> {
    bail!("Xiangqi is not available yet")
}

/// `qi bench [depth]`.
pub fn bench(_args: BenchArgs) -> Result<()> {
    bail!("Xiangqi is not available yet")
}

/// `qi ucci` / `qi uci`: speaks `protocol` on stdin/stdout. `first_line` is a line already
/// read from stdin (when `qi` ran without a subcommand and sniffed the protocol from it).
pub fn protocol(
    _protocol: Protocol,
    _args: ProtocolArgs,
    _first_line: Option<String>,
) -> Result<()> {
    bail!("Xiangqi is not available yet")
}

/// `qi match`.
pub fn run_match(_args: MatchArgs) -> Result<()> {
    bail!("engine matches are not available yet")
}
