//! Tic-tac-toe: the board, the rules, the CPU the solo contract must match, a solver, and the solo game.
//!
//! ```text
//!  0 | 1 | 2      Cells are numbered row-major; a side's stones are a
//! ---+---+---     Bitboard whose bit i is cell i. X moves first.
//!  3 | 4 | 5
//! ---+---+---
//!  6 | 7 | 8
//! ```
//!
//! - [`Cell`], [`Bitboard`]: the vocabulary.
//! - [`Position`]: both sides' stones, [`Position::outcome`], stepped by [`TicTacToe`]'s
//!   [`Rules`](crate::rules::Rules); [`NumberedGrid`]: a board drawn
//!   for a terminal.
//! - [`cpu_move`]: the CPU at [`Difficulty::Easy`], [`Difficulty::Normal`] or [`Difficulty::Hard`].
//! - [`solve`], [`optimal_moves`]: perfect play, to judge the CPU by.
//! - [`count_tree`], [`legal_positions`]: the whole game tree, counted and listed.
//! - [`SoloState`], [`Solo`]: a game against the CPU as a pure state machine.
//! - [`explore`]: every game a human can play against a level.
//! - [`PvpStatus`], [`PvpEnding`], [`PvpRole`], [`PvpAction`], [`may_claim_timeout`]: the player-versus-player
//!   game's words and its timeout rule, as the contract decides them.

mod bitboard;
mod cell;
mod cpu;
mod explore;
mod grid;
mod position;
mod pvp;
mod seed;
mod solo;
mod solver;
mod tree;

pub use bitboard::{Bitboard, Cells};
pub use cell::{Cell, PREFERRED_ORDER};
pub use cpu::{Decision, Difficulty, Rule, cpu_decision, cpu_move};
pub use explore::{Exploration, explore};
pub use grid::NumberedGrid;
pub use position::{MoveError, Outcome, Position, Side, TicTacToe};
pub use pvp::{PvpAction, PvpEnding, PvpRole, PvpStatus, may_claim_timeout};
pub use seed::Seed;
pub use solo::{Solo, SoloEvent, SoloRefusal, SoloResult, SoloState};
pub use solver::{Value, optimal_moves, solve};
pub use tree::{TreeCounts, count_tree, legal_positions};
