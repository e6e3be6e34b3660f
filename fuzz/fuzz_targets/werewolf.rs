//! `cargo fuzz run werewolf`: see `marubatsu_tests::engine_fuzz::werewolf` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| marubatsu_fuzz::werewolf(data));
