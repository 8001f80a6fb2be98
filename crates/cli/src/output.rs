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
