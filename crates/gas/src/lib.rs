//! Gas per function of the marubatsu contracts, measured over a documented, deterministic workload in the
//! in-process chain, and reported like forge's gas report (table, JSON, Markdown).
//!
//! - [`run_workload`] deploys both contracts and runs the workload: for `SoloTicTacToe` the full proof
//!   workload (every human line against every level from both seats, each line its own game, plus
//!   `previewCpuMove` on every legal position at every level); for `TicTacToe` a scripted set of games that
//!   covers creating with and without a stake, joining, every way a game ends (line, full board, timeout
//!   claim, resignation, cancellation) and the withdrawals.
//! - [`measure_solo`] runs the same solo workload on any contract that speaks the solo interface (the toolkit's
//!   `ISoloTicTacToe` or the book's `games(uint256)` shape, read from its ABI), created with the code given.
//! - [`format`] renders a [`GasReport`] as forge's table or Markdown; the report itself serialises to forge's
//!   JSON shape.
//! - [`snapshot`] compares a report with a committed snapshot within a tolerance.
//! - [`book`] puts the book's published figures beside ours.

mod error;
mod report;
mod workload;

pub mod book;
pub mod format;
pub mod snapshot;
pub mod versus;

pub use error::GasError;
pub use marubatsu_chain::gas::{GasKind, GasStats};
pub use report::{ContractGas, ContractLog, DeploymentGas, GasReport};
pub use workload::{Workload, measure_pvp, measure_solo, measure_solo_on, run_workload};
