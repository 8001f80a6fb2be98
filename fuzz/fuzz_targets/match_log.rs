//! Fuzz target: the body is `qi_fuzz_checks::match_log` (shared with the stable test).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qi_fuzz_checks::match_log(data));
