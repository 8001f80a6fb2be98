//! Helpers shared by the end-to-end tests of the `qi` binary.

pub mod cli;
pub mod http;
pub mod process;
