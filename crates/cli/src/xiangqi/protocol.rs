//! The UCCI/UCI engine loop (being written).
use super::{Protocol, ProtocolArgs};
use anyhow::{bail, Result};
pub(super) fn run(_p: Protocol, _a: ProtocolArgs, _f: Option<String>) -> Result<()> {
    bail!("the engine protocols are not available yet")
}
