//! `cargo fuzz run relay`: see `marubatsu_tests::engine_fuzz::relay` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| marubatsu_fuzz::relay(data));
