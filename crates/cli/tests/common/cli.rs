//! Running the `qi` binary: its output, its one JSON object, its one-line errors.
#![allow(dead_code)] // each test file uses a different subset

use serde_json::Value;
use std::process::{Command, Output};

/// Runs `qi` with `args` to the end.
pub fn qi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .output()
        .expect("qi runs")
}

/// Runs `qi`, which must succeed and print exactly one JSON object.
pub fn json(args: &[&str]) -> Value {
    let out = qi(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON object: {text}"
    );
    serde_json::from_str(&text).expect("valid JSON")
}

/// Runs `qi`, which must fail with one line on stderr and no panic; returns that line.
pub fn fails(args: &[&str]) -> String {
    let out = qi(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}
