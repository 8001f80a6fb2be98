//! Fuzz target: the body is `qi_fuzz_checks::gomocup` (shared with the stable test).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qi_fuzz_checks::gomocup(data));
