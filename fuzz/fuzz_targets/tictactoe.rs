//! `cargo fuzz run tictactoe`: see `marubatsu_tests::engine_fuzz::tictactoe` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| marubatsu_fuzz::tictactoe(data));
