//! `qi … gomoku` commands and the Gomocup protocol.
//!
//! Contract with `crate::run` (which owns the top-level command enum): this module provides
//! the clap argument types and entry points below; everything else in this folder is its own.

use anyhow::{bail, Result};

/// Arguments of `qi play gomoku`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {}

/// Arguments of `qi move gomoku`.
#[derive(clap::Args, Debug)]
pub struct MoveArgs {}

/// Arguments of `qi gomocup` (also used by the `pbrain-qi` binary).
#[derive(clap::Args, Debug, Default)]
pub struct GomocupArgs {}

/// Arguments of `qi bench gomoku`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {}

/// `qi play gomoku`.
pub fn play(_args: PlayArgs) -> Result<()> {
    bail!("gomoku is not available yet")
}

/// `qi move gomoku`.
pub fn best_move(_args: MoveArgs) -> Result<()> {
    bail!("gomoku is not available yet")
}

/// `qi gomocup`: speaks the Gomocup protocol on stdin/stdout.
pub fn gomocup(_args: GomocupArgs) -> Result<()> {
    bail!("gomoku is not available yet")
}

/// `qi bench gomoku`.
pub fn bench(_args: BenchArgs) -> Result<()> {
    bail!("gomoku is not available yet")
}
