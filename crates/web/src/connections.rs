//! The accept loop and what each connection may take: a request-header timeout (hyper's),
//! an inactivity timeout (no byte either way for that long closes the connection), and a
//! place among at most `max_connections`. Beyond the limit the connection idle the longest
//! makes room, so a crowd of idle sockets cannot lock out `/api/status`; when none is idle,
//! the newcomer gets a quick JSON 503 instead of waiting in the kernel's queue.
//!
//! axum::serve offers none of this (its connections have no timer and no limit), so the
//! loop is written here on hyper's HTTP/1 connection builder.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};

/// Seconds a client may take to send a whole request head when `--header-timeout` is not given.
pub const DEFAULT_HEADER_TIMEOUT_SECS: u64 = 10;

/// Seconds a connection may stay silent both ways when `--idle-timeout` is not given. An open
/// search stream sends a keep-alive every half second, so it never counts as idle.
pub const DEFAULT_IDLE_TIMEOUT_SECS: u64 = 5;

/// Connections open at once when `--max-connections` is not given: far more than a few pages
/// need, well under the common limit of 1024 open files.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;

/// A connection silent for this long may be closed to make room for a new one: long enough
/// that a request being answered is not cut, short enough that a flood of fresh idle
/// connections cannot keep every place busy.
const EVICTABLE_AFTER: Duration = Duration::from_millis(250);

/// How long a refused connection gets to receive its 503 before it is dropped.
const REFUSAL_WRITE_TIME: Duration = Duration::from_secs(1);

/// How long a stopping server waits for answers still being sent.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// What each connection may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The time to send a whole request head, from the connection's start or the end of
    /// the previous answer.
    pub header_timeout: Duration,
    /// The longest a connection may move no byte in either direction.
    pub idle_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(DEFAULT_HEADER_TIMEOUT_SECS),
            idle_timeout: Duration::from_secs(DEFAULT_IDLE_TIMEOUT_SECS),
            max_connections: DEFAULT_MAX_CONNECTIONS,
        }
    }
}

/// When a connection last moved a byte, and the way to close it from outside.
#[derive(Debug)]
struct Activity {
    /// Milliseconds since the registry's epoch.
    last_ms: AtomicU64,
    evicted: AtomicBool,
    evict: Notify,
}

/// The open connections, for the limit and for choosing one to close.
#[derive(Debug)]
struct Registry {
    epoch: Instant,
    max: usize,
    open: Mutex<HashMap<u64, Arc<Activity>>>,
    next_id: AtomicU64,
    refusals_in_flight: AtomicUsize,
}

/// A connection's place in the registry, given back when dropped.
struct Ticket {
    registry: Arc<Registry>,
    id: u64,
    activity: Arc<Activity>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.registry.lock().remove(&self.id);
    }
}

impl Registry {
    fn new(max: usize) -> Arc<Self> {
        Arc::new(Registry {
            epoch: Instant::now(),
            max: max.max(1),
            open: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            refusals_in_flight: AtomicUsize::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Activity>>> {
        // A panic elsewhere while holding the lock leaves the map consistent: keep going.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn now_ms(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// A place for a new connection: a free one, or the one of the connection idle the
    /// longest (if it has been idle long enough), or none.
    fn admit(self: &Arc<Self>) -> Option<Ticket> {
        self.admit_at(self.now_ms())
    }

    /// [`Registry::admit`] with the clock given (milliseconds since the epoch).
    fn admit_at(self: &Arc<Self>, now: u64) -> Option<Ticket> {
        let mut open = self.lock();
        if open.len() >= self.max {
            let oldest = open
                .iter()
                .min_by_key(|(_, a)| a.last_ms.load(Ordering::Relaxed))
                .map(|(id, a)| (*id, a.clone()))?;
            let idle = now.saturating_sub(oldest.1.last_ms.load(Ordering::Relaxed));
            if idle < EVICTABLE_AFTER.as_millis() as u64 {
                return None;
            }
            oldest.1.evicted.store(true, Ordering::Relaxed);
            oldest.1.evict.notify_one();
            open.remove(&oldest.0);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let activity = Arc::new(Activity {
            last_ms: AtomicU64::new(now),
            evicted: AtomicBool::new(false),
            evict: Notify::new(),
        });
        open.insert(id, activity.clone());
        Some(Ticket {
            registry: self.clone(),
            id,
            activity,
        })
    }

    fn len(&self) -> usize {
        self.lock().len()
    }
}

/// A TCP stream that notes the time of every byte read or written.
struct ActivityIo {
    inner: TcpStream,
    registry: Arc<Registry>,
    activity: Arc<Activity>,
}

impl ActivityIo {
    fn touch(&self) {
        self.activity
            .last_ms
            .store(self.registry.now_ms(), Ordering::Relaxed);
    }
}

impl AsyncRead for ActivityIo {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(result, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        result
    }
}

impl AsyncWrite for ActivityIo {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        result
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        result
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the answers being sent
/// finish for a moment.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let registry = Registry::new(limits.max_connections);
    let (stopping_tx, stopping) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = &mut shutdown => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) if is_connection_error(&e) => continue,
            Err(_) => {
                // Out of file descriptors or the like: wait for connections to close
                // instead of spinning.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        match registry.admit() {
            Some(ticket) => {
                tokio::spawn(serve_connection(
                    stream,
                    app.clone(),
                    ticket,
                    limits,
                    stopping.clone(),
                ));
            }
            None => refuse(stream, &registry),
        }
    }
    drop(listener);
    let _ = stopping_tx.send(true);
    let deadline = Instant::now() + SHUTDOWN_GRACE;
    while registry.len() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

async fn serve_connection(
    stream: TcpStream,
    app: Router,
    ticket: Ticket,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
) {
    let activity = ticket.activity.clone();
    let registry = ticket.registry.clone();
    let io = TokioIo::new(ActivityIo {
        inner: stream,
        registry: registry.clone(),
        activity: activity.clone(),
    });
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .serve_connection(io, TowerToHyperService::new(app));
    tokio::pin!(connection);
    let mut closing = false;
    loop {
        let last = Duration::from_millis(activity.last_ms.load(Ordering::Relaxed));
        let idle_deadline =
            tokio::time::Instant::from_std(registry.epoch + last) + limits.idle_timeout;
        tokio::select! {
            _ = connection.as_mut() => break,
            _ = activity.evict.notified() => break,
            _ = tokio::time::sleep_until(idle_deadline) => {
                let now = registry.now_ms();
                let idle = now.saturating_sub(activity.last_ms.load(Ordering::Relaxed));
                if idle >= limits.idle_timeout.as_millis() as u64 {
                    break;
                }
            }
            changed = stopping.changed(), if !closing => {
                closing = true;
                if changed.is_ok() {
                    connection.as_mut().graceful_shutdown();
                }
            }
        }
        if activity.evicted.load(Ordering::Relaxed) {
            break;
        }
    }
    // Dropping the connection closes the socket and any answer stream with it (a search
    // stream's drop stops its search).
    drop(ticket);
}

/// Answers a connection there is no room for with a JSON 503, without waiting long for it.
fn refuse(mut stream: TcpStream, registry: &Arc<Registry>) {
    // Refusals hold a socket each for a moment; under a flood, drop the excess at once.
    if registry.refusals_in_flight.fetch_add(1, Ordering::Relaxed) >= registry.max {
        registry.refusals_in_flight.fetch_sub(1, Ordering::Relaxed);
        return;
    }
    let registry = registry.clone();
    tokio::spawn(async move {
        let body = format!(
            "{{\"error\":\"the server has too many open connections ({}); try again in a moment\"}}",
            registry.max
        );
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        let _ = tokio::time::timeout(REFUSAL_WRITE_TIME, async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            // Read what the client sent before closing, so the close is not a reset that
            // could destroy the answer before the client reads it.
            let mut sink = [0u8; 4096];
            while stream.read(&mut sink).await? > 0 {}
            io::Result::Ok(())
        })
        .await;
        registry.refusals_in_flight.fetch_sub(1, Ordering::Relaxed);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_admits_up_to_max_then_only_by_evicting_the_longest_idle_connection() {
        let registry = Registry::new(2);
        let a = registry.admit_at(0).expect("first");
        let b = registry.admit_at(100).expect("second");
        let too_soon = EVICTABLE_AFTER.as_millis() as u64 - 1;
        assert!(
            registry.admit_at(too_soon).is_none(),
            "nobody idle long enough yet"
        );
        assert_eq!(registry.len(), 2);
        let later = 100 + EVICTABLE_AFTER.as_millis() as u64;
        let c = registry.admit_at(later).expect("room made");
        assert!(
            a.activity.evicted.load(Ordering::Relaxed),
            "the oldest gave way"
        );
        assert!(!b.activity.evicted.load(Ordering::Relaxed));
        assert_eq!(registry.len(), 2);
        // The evicted connection's ticket leaving does not free a second place.
        drop(a);
        assert_eq!(registry.len(), 2);
        drop(c);
        assert_eq!(registry.len(), 1);
        assert!(registry.admit_at(later).is_some());
    }
}
