//! The PvP rules of `ITicTacToe` as a conformance suite, for any contract that answers the interface.
//!
//! - [`pvp_conforms`]: does a contract's ABI have every function of `contracts/interfaces/ITicTacToe.sol`?
//! - [`prove_pvp`]: runs two properties against a contract already deployed on a [`Chain`] (an in-process chain,
//!   or one forked from a node): `pvp-endings`, fixed sequences that reach every ending and every boundary of
//!   the rules, and `pvp-random`, seeded random sequences of legal and illegal calls by several accounts with
//!   time and blocks passing. After every step the contract must do what the reference [`model`] says (success
//!   with the same return value and events, or the same custom error with the same fields) and show what it
//!   says (every game, every pending balance, the blocks a claim still needs, its ether, every wallet to the
//!   wei); the [`indexer`] must rebuild the same games and balances from the events alone. The first
//!   disagreement is shrunk to a short sequence and reported in words ([`PvpReport`]).
//!
//! [`Chain`]: marubatsu_chain::evm::Chain

mod action;
mod conforms;
mod endings;
pub mod indexer;
pub mod model;
mod prove;
mod random;
mod report;
mod runner;
mod shrink;
mod words;

pub use conforms::{Nonconforming, PVP_INTERFACE, pvp_conforms};
pub use prove::prove_pvp;
pub use report::{
    Counterexample, PVP_ENDINGS, PVP_RANDOM, PropertyReport, PvpOptions, PvpProgress, PvpReport, PvpStatus,
};
