//! Why the gas workload could not run.

use marubatsu_chain::{compiler::CompileError, evm::TxError};
use marubatsu_prove::ProveError;

/// Why the gas workload could not be measured (a figure that rose is not an error: the snapshot check says so).
#[derive(Debug, thiserror::Error)]
pub enum GasError {
    /// The contracts did not compile or a contract is missing.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// A transaction the workload needed failed unexpectedly.
    #[error("{action}: {source}")]
    Tx {
        /// What the workload was doing.
        action: String,
        /// The failure.
        source: TxError,
    },
    /// The solo workload, which plays the proof's lines and differential, failed.
    #[error(transparent)]
    Proof(#[from] ProveError),
    /// A contract did something the workload rules out (an illegal move accepted, ether left behind).
    #[error("contract misbehaved: {0}")]
    Contract(String),
}
