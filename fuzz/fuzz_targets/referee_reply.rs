//! Fuzz target: the body is `qi_fuzz_checks::referee_reply` (shared with the stable test).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qi_fuzz_checks::referee_reply(data));
