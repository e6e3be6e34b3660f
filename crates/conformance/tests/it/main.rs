//! The conformance suite's integration tests, one binary: `prove` against the shipped contracts, `mutants` for
//! the broken variants it must catch, and `support` for deploying them. Run one with
//! `cargo test -p marubatsu-conformance --test it <module>::`.

mod support;

mod mutants;
mod prove;
