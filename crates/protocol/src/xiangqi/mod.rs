//! UCCI and UCI for Qi's Xiangqi engine: one session loop ([`session`]) and a [`Dialect`]
//! per protocol ([`ucci::Ucci`], [`uci::Uci`]).

pub mod session;
pub mod ucci;
pub mod uci;

pub use session::{parse_command, Dialect, Settings};

use anyhow::Result;
use qi_search::Score;
use std::sync::Arc;

/// Which engine protocol to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCCI, as ElephantEye speaks it.
    Ucci,
    /// UCI, as Pikafish speaks it.
    Uci,
}

/// Settings given on the command line; the protocol's own options can change them later.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProtocolOptions {
    /// Search threads (capped at the machine's).
    pub threads: Option<usize>,
    /// Hash table size in MB.
    pub hash: Option<usize>,
    /// Playing level 1–10 (10 is full strength).
    pub level: Option<u8>,
}

/// Speaks `protocol` on stdin/stdout until `quit` or end of input. `first_line` is a line
/// already read from stdin (when the caller sniffed the protocol from it).
pub fn run(protocol: Protocol, options: ProtocolOptions, first_line: Option<String>) -> Result<()> {
    let dialect: Arc<dyn Dialect> = match protocol {
        Protocol::Ucci => Arc::new(ucci::Ucci),
        Protocol::Uci => Arc::new(uci::Uci),
    };
    session::run(dialect, options, first_line)
}

/// Score in the protocols' mate convention: moves (not plies) to mate, signed; `None`
/// when the score is not a mate.
pub fn mate_moves(score: Score) -> Option<i32> {
    qi_search::score::plies_to_end(score).map(|p| {
        let m = (p as i32 + 1) / 2;
        if score > 0 {
            m
        } else {
            -m
        }
    })
}
