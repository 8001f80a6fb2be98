//! The terminal game (being written).
use super::PlayArgs;
use anyhow::{bail, Result};
pub(super) fn play(_a: PlayArgs) -> Result<()> {
    bail!("the Xiangqi terminal game is not available yet")
}
