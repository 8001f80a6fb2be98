//! Engine searches as server-sent events: a blocking thread searches, the page reads the
//! stream, and a page that goes away raises the search's stop flag.

use super::error::ApiError;
use super::games::{parse_level, parse_lines, GameAdapter, GameRequest, SearchDone, SearchInfo};
use super::limits::Ending;
use super::state::AppState;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::{Stream, StreamExt};
use qi_search::{score, StopFlag};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_stream::wrappers::UnboundedReceiverStream;

/// Raises the stop flag when dropped: axum drops the response stream when the client
/// disconnects, which is how a closed page cancels its search.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The score fields every event carries: for the side to move, for the first player (the
/// evaluation bar's fixed view), and in words.
fn score_fields(score: i32, first_to_move: bool) -> Value {
    let first = if first_to_move { score } else { -score };
    json!({
        "score": score,
        "score_first": first,
        "score_text": score::describe(score),
        "decisive": score::is_decisive(score),
    })
}

fn merge(mut base: Value, extra: Value) -> Value {
    if let (Some(base), Value::Object(extra)) = (base.as_object_mut(), extra) {
        base.extend(extra);
    }
    base
}

fn info_event(info: &SearchInfo, first_to_move: bool, elapsed: Duration) -> Event {
    let ms = elapsed.as_millis().max(1) as u64;
    let data = merge(
        json!({
            "depth": info.depth,
            "pv": info.pv,
            "pv_text": info.pv_text,
            "nodes": info.nodes,
            "nps": info.nodes * 1000 / ms,
            "time_ms": elapsed.as_millis() as u64,
        }),
        score_fields(info.score, first_to_move),
    );
    json_event("info", &data)
}

fn done_event(
    done: Option<&SearchDone>,
    first_to_move: bool,
    elapsed: Duration,
    cancelled: bool,
) -> Event {
    let base = json!({
        "best": done.map(|d| &d.best),
        "notation": done.map(|d| &d.notation),
        "depth": done.map_or(0, |d| d.depth),
        "nodes": done.map_or(0, |d| d.nodes),
        "note": done.and_then(|d| d.note.as_ref()),
        "time_ms": elapsed.as_millis() as u64,
        "cancelled": cancelled,
    });
    let alternatives: Vec<Value> = done.map_or_else(Vec::new, |d| {
        d.alternatives
            .iter()
            .map(|a| {
                merge(
                    json!({"best": a.best, "notation": a.notation}),
                    score_fields(a.score, first_to_move),
                )
            })
            .collect()
    });
    let base = merge(base, json!({ "alternatives": alternatives }));
    let data = match done.and_then(|d| d.score) {
        Some(s) => merge(base, score_fields(s, first_to_move)),
        None => base,
    };
    json_event("done", &data)
}

fn json_event(name: &str, data: &Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// Validates the request, takes a search slot and starts the search; the returned stream
/// sends `start`, then `info` per iteration, then `done`.
pub fn start(
    state: &AppState,
    game: Arc<dyn GameAdapter>,
    request: GameRequest,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    // Bad requests are answered before a slot is taken, so they never see a 429.
    let level = parse_level(request.level)?;
    parse_lines(request.lines)?;
    if let Some(clock) = &request.clock {
        clock.validate()?;
    }
    let clock_budget = request.clock.map(|c| c.budget());
    let job = game.search(&request, level)?;
    let permit = state.slots.try_acquire()?;
    let slots = state.slots.clone();
    let first_to_move = job.first_to_move();
    let stop = StopFlag::new();
    let (tx, rx) = mpsc::unbounded_channel::<Event>();
    let _ = tx.send(json_event(
        "start",
        &json!({
            "game": game.id(),
            "level": level,
            "first_to_move": first_to_move,
            "clock_budget_ms": clock_budget.map(|b| b.as_millis() as u64),
        }),
    ));
    // The clock's budget ends the search like a stop, keeping the best move found so far;
    // it is told apart from a cancellation by `out_of_budget`.
    let out_of_budget = Arc::new(AtomicBool::new(false));
    let clock_timer = clock_budget.map(|budget| {
        let (stop, out_of_budget) = (stop.clone(), out_of_budget.clone());
        tokio::spawn(async move {
            tokio::time::sleep(budget).await;
            out_of_budget.store(true, Ordering::Relaxed);
            stop.stop();
        })
    });
    let thread_stop = stop.clone();
    tokio::task::spawn_blocking(move || {
        let _slot = permit;
        let started = Instant::now();
        let mut report = |info: SearchInfo| {
            let _ = tx.send(info_event(&info, first_to_move, started.elapsed()));
        };
        let done = job.run(thread_stop.clone(), &mut report);
        if let Some(timer) = clock_timer {
            timer.abort();
        }
        let cancelled = thread_stop.is_stopped() && !out_of_budget.load(Ordering::Relaxed);
        slots.record(if cancelled {
            Ending::Cancelled
        } else {
            Ending::Completed
        });
        let _ = tx.send(done_event(
            done.as_ref(),
            first_to_move,
            started.elapsed(),
            cancelled,
        ));
    });
    let guard = StopOnDrop(stop);
    let stream = UnboundedReceiverStream::new(rx).map(move |event| {
        let _keep_until_the_stream_is_dropped = &guard;
        Ok(event)
    });
    // Frequent keep-alives make a vanished client show up as a failed write within a second,
    // even while a deep iteration reports nothing.
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_millis(500))))
}
