//! Qi's web page and its JSON API (`qi serve`).
//!
//! The command line calls [`serve`] with [`ServeOptions`]; tests start servers in-process
//! with [`start`]. A game plugs in through a [`games::GameAdapter`] registered in
//! [`games::GameRegistry::standard`] and a board script in `page/` (docs/web-api.md).

pub mod api;
pub mod assets;
pub mod clock;
pub mod connect4;
pub mod connections;
pub mod error;
pub mod games;
pub mod gomoku;
pub mod gomoku_model;
pub mod gomoku_opening;
pub mod gomoku_search;
pub mod gomoku_sgf;
pub mod learn;
pub mod limits;
pub mod origin;
pub mod registry;
pub mod search;
pub mod state;
pub mod tictactoe;
pub mod xiangqi;
pub mod xiangqi_search;

use anyhow::{Context, Result};
use connections::ConnectionLimits;
use origin::OriginPolicy;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// How `qi serve` listens and what it allows.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Port to listen on (0: any free port; the URL printed says which).
    pub port: u16,
    /// Address to listen on.
    pub host: String,
    /// Engine searches allowed at once; further requests get 429 until one ends.
    pub max_searches: u16,
    /// Seconds a client may take to send a request's head.
    pub header_timeout: u64,
    /// Seconds a connection may send and receive nothing before it is closed.
    pub idle_timeout: u64,
    /// Connections open at once.
    pub max_connections: u32,
    /// Host names the server also answers to (`*` for any).
    pub allowed_host: Vec<String>,
    /// Origins whose pages may also use the API (`*` for any).
    pub allowed_origin: Vec<String>,
}

impl ServeOptions {
    fn limits(&self) -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: Duration::from_secs(self.header_timeout),
            idle_timeout: Duration::from_secs(self.idle_timeout),
            max_connections: self.max_connections as usize,
        }
    }
}

/// The whole application with its guard against other sites' pages.
fn app(state: api::AppState, policy: OriginPolicy) -> axum::Router {
    api::router(state).layer(axum::middleware::from_fn_with_state(
        Arc::new(policy),
        origin::check,
    ))
}

/// `qi serve`: runs the web server until interrupted.
pub fn serve(args: ServeOptions) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let listener = bind(&args.host, args.port).await?;
        let addr = listener.local_addr()?;
        println!("Qi is serving on {}  (Ctrl-C to stop)", url(addr));
        if !addr.ip().is_loopback() {
            println!(
                "note: listening on {}, reachable from other machines",
                addr.ip()
            );
        }
        use std::io::Write;
        std::io::stdout().flush()?;
        let state = api::AppState::new(
            games::GameRegistry::standard(),
            usize::from(args.max_searches),
        );
        let policy = OriginPolicy::new(&args.host, &args.allowed_host, &args.allowed_origin);
        connections::serve(listener, app(state, policy), args.limits(), async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        Ok(())
    })
}

async fn bind(host: &str, port: u16) -> Result<TcpListener> {
    TcpListener::bind((host, port))
        .await
        .with_context(|| format!("cannot listen on {host}:{port}"))
}

fn url(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

/// A server running on its own thread, stopped when dropped.
pub struct RunningServer {
    /// The base URL, ending in `/`.
    pub url: String,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts a server for `games` on a background thread, listening on `host:port` (port 0
/// picks a free one); returns once it accepts connections.
pub fn start(
    host: &str,
    port: u16,
    games: games::GameRegistry,
    max_searches: usize,
) -> Result<RunningServer> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let listener = runtime.block_on(bind(host, port))?;
    let addr = listener.local_addr()?;
    let (shutdown, signal) = tokio::sync::oneshot::channel::<()>();
    let state = api::AppState::new(games, max_searches);
    let app = app(state, OriginPolicy::new(host, &[], &[]));
    let thread = std::thread::spawn(move || {
        runtime.block_on(async move {
            connections::serve(listener, app, ConnectionLimits::default(), async {
                let _ = signal.await;
            })
            .await;
        });
        // Searches still stopping must not hold up the caller's drop.
        runtime.shutdown_background();
    });
    Ok(RunningServer {
        url: url(addr),
        shutdown: Some(shutdown),
        thread: Some(thread),
    })
}
