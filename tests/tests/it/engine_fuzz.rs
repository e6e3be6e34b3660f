//! Bounded fuzzing of every engine's transition in CI: proptest feeds random byte strings to the same
//! functions the `cargo fuzz` targets in `fuzz/` run (`marubatsu_tests::engine_fuzz`), which read them as
//! starts, events and corrupted saves, and panic on a crash or a broken invariant.
//!
//! `PROPTEST_CASES` sets the number of inputs per engine (5,000 by default); `cargo fuzz` runs without bound.

use marubatsu_tests::engine_fuzz;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn fuzz(name: &str, max_len: usize, target: fn(&[u8])) {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(5_000);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&prop::collection::vec(any::<u8>(), 0..max_len), |data| {
        target(&data);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
}

#[test]
fn tictactoe_solo_transition_and_cpu() {
    fuzz("tictactoe", 1_024, engine_fuzz::tictactoe);
}

#[test]
fn lights_transition() {
    fuzz("lights", 1_024, engine_fuzz::lights);
}

#[test]
fn relay_transition_save_and_restore() {
    fuzz("relay", 2_048, engine_fuzz::relay);
}

#[test]
fn werewolf_transition() {
    fuzz("werewolf", 2_048, engine_fuzz::werewolf);
}

#[test]
fn empty_and_extreme_inputs() {
    for target in [
        engine_fuzz::tictactoe,
        engine_fuzz::lights,
        engine_fuzz::relay,
        engine_fuzz::werewolf,
    ] {
        target(&[]);
        target(&[0xFF; 4_096]);
        target(&[0x00; 4_096]);
        target(&(0..=255).cycle().take(8_192).collect::<Vec<u8>>());
    }
}
