//! Exhaustive checks of solo tic-tac-toe contracts, run as real calls and transactions in the in-process chain
//! ([`marubatsu_chain::evm::Chain`]) and compared with the engine's rules ([`marubatsu_engine`]), the reference model,
//! and with a minimax written here apart from both.
//!
//! [`solo_dialect`] reads from a contract's ABI how to call it (the toolkit's `ISoloTicTacToe` or the book's
//! `games(uint256)` shape); [`prove_solo`] runs the named properties ([`Property`]) on it, each on its own, into a
//! [`SoloReport`]; [`emit_foundry_test`] writes the shortest losing line as a Foundry test. [`prove_all`] is the
//! proof of the toolkit's own contracts: `SoloTicTacToe` as any solo contract, plus the checkout's extras.

mod board;
mod differential;
mod error;
mod lines;
mod minimax;
mod progress;
mod proof;
mod show;
mod solo;

pub use board::{BoardReport, check_board_win_masks};
pub use differential::{Difference, DifferentialReport, LevelGas, compare_cpu, easy_seeds};
pub use error::ProveError;
pub use lines::{LineExploration, SoloTarget, explore_levels, explore_lines};
pub use minimax::{GameValue, POSITIONS_IN_PLAY, ValueLoss, ValueReport, check_hard_value};
pub use progress::Progress;
pub use proof::{DemonstrationRuns, EXPECTED_TREE, LevelGasStats, ProofReport, TreeReport, prove_all};
pub use show::{cell_list, moves_in_turn};
pub use solo::{
    BookGetter, EmitTarget, ForkLine, GameResult, LosingLine, Nonconforming, Property, PropertyReport, ReadError,
    SOLO_INTERFACE_FILE, Seat, SoloContract, SoloDialect, SoloOptions, SoloReport, SoloState, Status, UnknownProperty,
    emit_foundry_test, prove_compiled, prove_solo, solo_dialect,
};
