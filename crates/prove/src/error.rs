use marubatsu_chain::{compiler::CompileError, evm::TxError};

/// Why a proof could not be carried out (as opposed to a property that failed, which its report says).
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    /// The contracts did not compile or a contract is missing.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// A transaction the proof needed failed unexpectedly.
    #[error("{action}: {}", crate::solo::tx_words(.source))]
    Tx {
        /// What the proof was doing.
        action: String,
        /// The failure.
        source: TxError,
    },
    /// The contract reported something impossible (e.g. a CPU move on a taken cell).
    #[error("contract misbehaved: {0}")]
    Contract(String),
    /// The contract does not speak the solo interface.
    #[error(transparent)]
    Nonconforming(#[from] crate::solo::Nonconforming),
}

pub(crate) trait TxContext<T> {
    fn during(self, action: impl FnOnce() -> String) -> Result<T, ProveError>;
}

impl<T> TxContext<T> for Result<T, crate::solo::ReadError> {
    fn during(self, action: impl FnOnce() -> String) -> Result<T, ProveError> {
        self.map_err(|err| match err {
            crate::solo::ReadError::Tx(source) => ProveError::Tx {
                action: action(),
                source,
            },
            crate::solo::ReadError::Malformed(what) => ProveError::Contract(format!("{}: {what}", action())),
        })
    }
}

impl<T> TxContext<T> for Result<T, TxError> {
    fn during(self, action: impl FnOnce() -> String) -> Result<T, ProveError> {
        self.map_err(|source| ProveError::Tx {
            action: action(),
            source,
        })
    }
}
