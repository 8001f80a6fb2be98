//! `qi serve`: the web page and its JSON API.
//!
//! Contract with `crate::run`: this module provides [`ServeArgs`] and [`serve`]; everything
//! else in this folder is its own.

use anyhow::{bail, Result};

/// Arguments of `qi serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {}

/// `qi serve`: runs the web server until interrupted.
pub fn serve(_args: ServeArgs) -> Result<()> {
    bail!("the web page is not available yet")
}
