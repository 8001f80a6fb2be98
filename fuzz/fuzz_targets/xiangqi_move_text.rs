//! Fuzz target: the body is `qi_fuzz_checks::xiangqi_move_text` (shared with the stable test).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qi_fuzz_checks::xiangqi_move_text(data));
