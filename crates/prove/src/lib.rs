//! Exhaustive checks of the compiled contracts, run as real calls and transactions in the in-process chain
//! ([`marubatsu_chain::Chain`]) and compared with the engine's rules ([`marubatsu_engine`]), the reference model.

mod board;

pub use board::{BoardReport, check_board_win_masks};
