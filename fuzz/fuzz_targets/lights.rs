//! `cargo fuzz run lights`: see `marubatsu_tests::engine_fuzz::lights` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| marubatsu_fuzz::lights(data));
