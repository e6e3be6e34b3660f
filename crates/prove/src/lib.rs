//! Exhaustive checks of the compiled contracts, run as real calls and transactions in the in-process chain
//! ([`marubatsu_chain::Chain`]) and compared with the engine's rules ([`marubatsu_engine`]), the reference model,
//! and with a minimax written here apart from both.
//!
//! [`prove_all`] runs every proof and decides every verdict once, in its [`ProofReport`]; each piece is public
//! too, so tests can aim it at a weakened contract.

mod board;
mod differential;
mod error;
mod lines;
mod minimax;
mod progress;
mod proof;
mod show;

pub use board::{BoardReport, check_board_win_masks};
pub use differential::{Difference, DifferentialReport, LevelGas, compare_cpu, easy_seeds};
pub use error::ProveError;
pub use lines::{LineExploration, SoloTarget, explore_levels, explore_lines};
pub use minimax::{GameValue, POSITIONS_IN_PLAY, ValueLoss, ValueReport, check_hard_value};
pub use progress::Progress;
pub use proof::{
    Demonstration, DemonstrationRuns, EXPECTED_TREE, ForkLine, LevelGasStats, ProofReport, Property, TreeReport,
    Verdict, prove_all,
};
pub use show::{cell_list, moves_in_turn};
