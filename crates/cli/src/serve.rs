//! `qi serve`: the arguments of the web server ([`qi_web`]).

use anyhow::Result;
use qi_web::{connections, limits, ServeOptions};

/// Arguments of `qi serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on; the default keeps the server private to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Engine searches allowed at once; further requests get 429 until one ends.
    #[arg(long, default_value_t = limits::DEFAULT_MAX_SEARCHES as u16, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub max_searches: u16,
    /// Seconds a client may take to send a request's head (slow clients are cut off).
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, default_value_t = connections::DEFAULT_HEADER_TIMEOUT_SECS, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// Seconds a connection may send and receive nothing before it is closed (an open
    /// search stream is never idle).
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, default_value_t = connections::DEFAULT_IDLE_TIMEOUT_SECS, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub idle_timeout: u64,
    /// Connections open at once; beyond it the longest idle one is closed to make room, or
    /// the newcomer gets 503 when none is idle.
    #[arg(long, value_name = "N", allow_hyphen_values = true, default_value_t = connections::DEFAULT_MAX_CONNECTIONS as u32, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub max_connections: u32,
    /// A host name the server also answers to for moves and searches (repeatable; `*` for
    /// any), e.g. the public name a reverse proxy passes on in `Host`.
    #[arg(long, value_name = "NAME")]
    pub allowed_host: Vec<String>,
    /// An origin whose pages may also use the API (repeatable; `*` for any), e.g.
    /// `https://qi.example.com` behind a reverse proxy.
    #[arg(long, value_name = "ORIGIN")]
    pub allowed_origin: Vec<String>,
}

/// `qi serve`: runs the web server until interrupted.
pub fn serve(args: ServeArgs) -> Result<()> {
    qi_web::serve(ServeOptions {
        port: args.port,
        host: args.host,
        max_searches: args.max_searches,
        header_timeout: args.header_timeout,
        idle_timeout: args.idle_timeout,
        max_connections: args.max_connections,
        allowed_host: args.allowed_host,
        allowed_origin: args.allowed_origin,
    })
}
