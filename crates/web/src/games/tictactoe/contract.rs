//! Typed views of the two game contracts on whichever chain the page plays, a refusal explained as the catalog's
//! sentence (its key and arguments), worded in the reader's language when it is answered.

use alloy_sol_types::SolCall;

use super::words::{Contract, Refusal, refusal};
use crate::api::ApiError;
use crate::chain::{ChainClient, ReadError};
use crate::words::{Arg, Words};

impl ChainClient {
    /// A typed view of one of the two contracts; a revert comes back explained.
    pub(crate) async fn view<C: SolCall>(&self, contract: Contract, call: &C) -> Result<C::Return, ViewError> {
        let to = match contract {
            Contract::Solo => self.contracts().solo,
            Contract::Pvp => self.contracts().pvp,
        };
        let output = self.call(to, call.abi_encode().into()).await.map_err(|err| match err {
            ReadError::Refused(data) => ViewError::Refused(refusal(contract, &data)),
            ReadError::RevertedBare(reason) | ReadError::Failed(reason) => ViewError::Failed(reason),
        })?;
        if output.is_empty() {
            // An address without code answers every call with nothing: the contract may be gone from the chain
            // (a node reset under this server), which the page must hear as that, not as a node down.
            self.check_contracts().await.map_err(ViewError::Chain)?;
        }
        C::abi_decode_returns(&output).map_err(|err| {
            ViewError::Failed(
                Words::new("api.undecodable")
                    .arg("call", C::SIGNATURE)
                    .arg("error", err)
                    .into(),
            )
        })
    }
}

/// Why a typed view failed.
#[derive(Debug)]
pub(crate) enum ViewError {
    Refused(Refusal),
    Failed(Arg),
    /// What the chain itself says is wrong (the game contracts gone from it).
    Chain(ApiError),
}

impl From<ViewError> for ApiError {
    fn from(err: ViewError) -> ApiError {
        match err {
            ViewError::Refused(refusal) if refusal.name == "UnknownGame" => ApiError::not_found(refusal.words),
            ViewError::Refused(refusal) => ApiError::conflict(refusal.words, Some(refusal.name)),
            ViewError::Failed(reason) => {
                ApiError::unavailable(Words::new("api.chainUnreadable").with("reason", reason))
            }
            ViewError::Chain(error) => error,
        }
    }
}
