//! The engine's integration tests: one binary, a module per game.

mod werewolf;
