//! Shared output helpers: statistics as JSON, printing exactly one JSON object.

use qi_search::{score, Score, SearchStats};
use serde_json::{json, Map, Value};

/// The statistics of a search as JSON fields (merged into a command's object).
pub fn stats_fields(stats: &SearchStats) -> Map<String, Value> {
    let value = json!({
        "nodes": stats.nodes,
        "leaves": stats.leaves,
        "beta_cutoffs": stats.beta_cutoffs,
        "first_move_cutoffs": stats.first_move_cutoffs,
        "first_move_cutoff_rate": (stats.first_move_cutoff_rate() * 1000.0).round() / 1000.0,
        "tt_probes": stats.tt_probes,
        "tt_hits": stats.tt_hits,
        "tt_cutoffs": stats.tt_cutoffs,
        "depth": stats.depth,
        "seldepth": stats.seldepth,
        "time_ms": (stats.time.as_secs_f64() * 1e6).round() / 1e3,
        "nps": stats.nodes_per_second(),
    });
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// A score as JSON extras: `mate_in` (plies, signed) for decisive scores.
pub fn score_fields(s: Score) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("score".into(), json!(s));
    map.insert("score_text".into(), json!(score::describe(s)));
    if let Some(plies) = score::plies_to_end(s) {
        map.insert("end_in_plies".into(), json!(plies));
        map.insert("result".into(), json!(if s > 0 { "win" } else { "loss" }));
    }
    map
}

/// Prints one JSON object on stdout.
pub fn print_json(map: Map<String, Value>) {
    println!("{}", Value::Object(map));
}

/// Makes a closed stdout or stderr pipe (`qi moves xiangqi | head -1`) end the program
/// quietly with status 0, as Unix tools do, instead of panicking in `println!`.
///
/// Rust ignores SIGPIPE, so a write to a closed pipe fails with `BrokenPipe` and the print
/// macros panic with "failed printing to stdout". One hook covers every print in every
/// module and thread: it recognises that panic and exits; any other panic keeps the default
/// report.
pub fn quiet_on_broken_pipe() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if is_broken_pipe_panic(payload) {
            std::process::exit(0);
        }
        default_hook(info);
    }));
}

/// Whether a panic message is the print macros' report of a closed pipe.
fn is_broken_pipe_panic(message: &str) -> bool {
    let printing = message.starts_with("failed printing to stdout")
        || message.starts_with("failed printing to stderr");
    let broken = std::io::Error::from(std::io::ErrorKind::BrokenPipe).to_string();
    printing
        && (message.contains("Broken pipe")
            || message.contains("os error 32")
            || message.contains(&broken))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_only_broken_pipe_print_panics() {
        assert!(is_broken_pipe_panic(
            "failed printing to stdout: Broken pipe (os error 32)"
        ));
        assert!(is_broken_pipe_panic(
            "failed printing to stderr: Broken pipe (os error 32)"
        ));
        assert!(!is_broken_pipe_panic(
            "failed printing to stdout: No space left on device (os error 28)"
        ));
        assert!(!is_broken_pipe_panic("index out of bounds"));
    }
}
