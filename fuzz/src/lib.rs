//! The fuzz checks, shared with the CI's bounded proptest runs: the file lives in the tests crate and is
//! compiled here as well, so that this crate needs nothing but the engine.

#[path = "../../tests/src/engine_fuzz.rs"]
mod engine_fuzz;

pub use engine_fuzz::{Input, lights, relay, tictactoe, werewolf};
