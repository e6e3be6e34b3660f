//! The cross-crate integration tests, one binary: a module per area (proofs, the contracts against the engine,
//! the state machines, hostile recipients, the compiler, gas, anvil end to end). Fixtures they share live in the
//! `marubatsu_tests` library (`tests/src`). Run one area with `cargo test -p marubatsu-tests --test it <module>::`.

mod board;
mod compiler;
mod deploy_anvil;
mod engine_fuzz;
mod gas;
mod hostile;
mod proofs;
mod pvp_machine;
mod solo;
mod solo_machine;
