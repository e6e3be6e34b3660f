//! The chain the page plays on, whichever it is: a node over JSON-RPC (`serve --rpc-url`, where players sign
//! with their own wallets and this server signs nothing) or the embedded in-process chain (where each browser
//! has an account of its own that the server sends from).

use alloy_primitives::{Address, B256, Bytes, Log, U256};
use alloy_sol_types::SolCall;

use super::embedded::Embedded;
use super::remote::Remote;
use super::words::{Contract, Refusal, refusal};
use crate::api::ApiError;
use crate::lang::Lang;

/// Where the games' contracts are, and on which chain.
#[derive(Clone, Debug)]
pub(crate) struct Contracts {
    pub(crate) chain_id: u64,
    pub(crate) solo: Address,
    pub(crate) pvp: Address,
}

/// A mined transaction as far as the page cares.
#[derive(Clone, Debug)]
pub(crate) struct Mined {
    pub(crate) from: Address,
    pub(crate) to: Option<Address>,
    pub(crate) success: bool,
    pub(crate) block: u64,
    pub(crate) gas_used: u64,
    pub(crate) effective_gas_price: u128,
    pub(crate) logs: Vec<Log>,
    /// Why it reverted, replayed from the node (or kept by the embedded chain); empty for a success.
    pub(crate) revert: Bytes,
}

/// What a chain knows about a transaction hash.
#[derive(Clone, Debug)]
pub(crate) enum Lookup {
    /// Neither mined nor waiting in the node's pool (yet: a wallet may take a moment to hand it over).
    Unknown,
    /// Waiting to be mined.
    Pending,
    Mined(Box<Mined>),
}

/// The latest block.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Head {
    pub(crate) number: u64,
    pub(crate) timestamp: u64,
}

/// A read the contract refused, or a chain that could not be asked.
#[derive(Debug)]
pub(crate) enum ReadError {
    Refused(Bytes),
    Failed(String),
}

pub(crate) enum ChainClient {
    Remote(Remote),
    Embedded(Embedded),
}

impl ChainClient {
    pub(crate) fn contracts(&self) -> &Contracts {
        match self {
            ChainClient::Remote(remote) => &remote.contracts,
            ChainClient::Embedded(embedded) => &embedded.contracts,
        }
    }

    pub(crate) fn mode(&self) -> &'static str {
        match self {
            ChainClient::Remote(_) => "rpc",
            ChainClient::Embedded(_) => "embedded",
        }
    }

    /// Runs `data` against `to` without sending anything.
    pub(crate) async fn call(&self, to: Address, data: Bytes) -> Result<Bytes, ReadError> {
        match self {
            ChainClient::Remote(remote) => remote.call(to, data).await,
            ChainClient::Embedded(embedded) => embedded.call(to, data).await,
        }
    }

    pub(crate) async fn lookup(&self, hash: B256) -> Result<Lookup, ApiError> {
        match self {
            ChainClient::Remote(remote) => remote.lookup(hash).await,
            ChainClient::Embedded(embedded) => embedded.lookup(hash).await,
        }
    }

    pub(crate) async fn head(&self) -> Result<Head, ApiError> {
        match self {
            ChainClient::Remote(remote) => remote.head().await,
            ChainClient::Embedded(embedded) => embedded.head().await,
        }
    }

    pub(crate) async fn balance(&self, account: Address) -> Result<U256, ApiError> {
        match self {
            ChainClient::Remote(remote) => remote.balance(account).await,
            ChainClient::Embedded(embedded) => embedded.balance(account).await,
        }
    }

    /// A typed view of one of the two contracts; a revert comes back explained in `lang`.
    pub(crate) async fn view<C: SolCall>(
        &self,
        contract: Contract,
        call: &C,
        lang: Lang,
    ) -> Result<C::Return, ViewError> {
        let to = match contract {
            Contract::Solo => self.contracts().solo,
            Contract::Pvp => self.contracts().pvp,
        };
        let output = self.call(to, call.abi_encode().into()).await.map_err(|err| match err {
            ReadError::Refused(data) => ViewError::Refused(refusal(contract, &data, lang)),
            ReadError::Failed(reason) => ViewError::Failed(reason),
        })?;
        C::abi_decode_returns(&output).map_err(|err| {
            ViewError::Failed(format!(
                "the contract's answer to {} does not decode: {err}",
                C::SIGNATURE
            ))
        })
    }
}

/// Why a typed view failed.
#[derive(Debug)]
pub(crate) enum ViewError {
    Refused(Refusal),
    Failed(String),
}

impl From<ViewError> for ApiError {
    fn from(err: ViewError) -> ApiError {
        match err {
            ViewError::Refused(refusal) if refusal.name == "UnknownGame" => ApiError::not_found(refusal.words),
            ViewError::Refused(refusal) => ApiError::conflict(refusal.words, Some(refusal.name)),
            ViewError::Failed(reason) => ApiError::unavailable(format!("the chain could not be read: {reason}")),
        }
    }
}
