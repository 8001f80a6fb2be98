//! HTTP helpers shared by the web API tests: a server on a free port and a blocking client.
#![allow(dead_code)] // each test file uses a different subset

use qi_web::{games::GameRegistry, start, RunningServer};
use reqwest::blocking::Client;
use reqwest::StatusCode;
use serde_json::Value;

pub fn server() -> RunningServer {
    start("127.0.0.1", 0, GameRegistry::standard(), 2).expect("the server starts")
}

pub fn post(server: &RunningServer, path: &str, body: &Value) -> (StatusCode, Value) {
    let response = Client::new()
        .post(format!("{}{path}", server.url))
        .json(body)
        .send()
        .expect("the server answers");
    let status = response.status();
    let value = response.json().unwrap_or(Value::Null);
    (status, value)
}

pub fn get(server: &RunningServer, path: &str) -> (StatusCode, Value) {
    let response = reqwest::blocking::get(format!("{}{path}", server.url)).expect("answers");
    let status = response.status();
    (status, response.json().unwrap_or(Value::Null))
}

/// The events of a search stream, read to its end, as (name, data).
pub fn search(
    server: &RunningServer,
    game: &str,
    body: &Value,
) -> (StatusCode, Vec<(String, Value)>) {
    let response = Client::new()
        .post(format!("{}api/games/{game}/search", server.url))
        .json(body)
        .send()
        .expect("the server answers");
    let status = response.status();
    let text = response.text().unwrap_or_default();
    let mut events = Vec::new();
    for block in text.split("\n\n") {
        let mut name = String::new();
        let mut data = String::new();
        for line in block.lines() {
            if let Some(n) = line.strip_prefix("event:") {
                name = n.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.trim_start());
            }
        }
        if !data.is_empty() {
            events.push((name, serde_json::from_str(&data).unwrap_or(Value::Null)));
        }
    }
    (status, events)
}

pub fn error_of(value: &Value) -> &str {
    value["error"].as_str().unwrap_or("")
}
