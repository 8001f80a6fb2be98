//! Engine matches (being written).
use super::MatchArgs;
use anyhow::{bail, Result};
pub(super) fn run(_a: MatchArgs) -> Result<()> {
    bail!("engine matches are not available yet")
}
