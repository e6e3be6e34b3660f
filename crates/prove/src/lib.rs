//! Exhaustive checks of the compiled contracts, run as real calls and transactions in the in-process chain
//! ([`marubatsu_chain::Chain`]) and compared with the engine's rules ([`marubatsu_engine`]), the reference model.
//!
//! [`prove_all`] runs every proof; each piece is public too, so tests can aim it at a weakened contract.

mod board;
mod differential;
mod error;
mod gas;
mod lines;
mod progress;
mod proof;

pub use board::{BoardReport, check_board_win_masks};
pub use differential::{Difference, DifferentialReport, compare_cpu, easy_seeds, preview_by_level};
pub use error::ProveError;
pub use gas::{FunctionGas, GasKind, GasLog, GasSample};
pub use lines::{LineExploration, SoloTarget, explore_levels, explore_lines, to_sol};
pub use progress::Progress;
pub use proof::{EXPECTED_TREE, ForkLine, ProofReport, TreeReport, prove_all};
