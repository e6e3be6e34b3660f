//! The chain the tic-tac-toe page plays on, whichever it is: a node over JSON-RPC (`serve --rpc-url`, where
//! players sign with their own wallets and this server signs nothing), through `marubatsu-client`'s one RPC
//! client, or the embedded in-process chain (where each browser has an account of its own that the server sends
//! from). Both answer with `marubatsu-chain`'s shared [`Lookup`], [`Head`] and receipts, their logs and reverts
//! decoded there once.

use alloy_primitives::{Address, B256, Bytes, U256};
use marubatsu_chain::{
    bindings::ITicTacToe::EndReason,
    evm::{Head, Lookup},
};
use marubatsu_client::rpc::Tracked;

use crate::api::ApiError;
use crate::words::Arg;

mod embedded;
mod remote;
mod sessions;

pub(crate) use embedded::Embedded;
pub(crate) use remote::Remote;

/// Where the games' contracts are, and on which chain.
#[derive(Clone, Debug)]
pub(crate) struct Contracts {
    pub(crate) chain_id: u64,
    pub(crate) solo: Address,
    pub(crate) pvp: Address,
}

/// A read the contract refused (with its revert data), or a chain that could not be asked: the catalogs' words
/// for what this server knows, the client's or the EVM's own for the rest.
#[derive(Debug)]
pub(crate) enum ReadError {
    Refused(Bytes),
    /// A node's revert without data: a contract without the function asked for (or a node that strips revert
    /// data), which a probe for an optional function takes as "not there" and any other read as a failure.
    RevertedBare(Arg),
    Failed(Arg),
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

    /// What became of `hash`, sent by `account` with `nonce` at or after block `since`: by hash, then by the
    /// account's nonce (a speed-up, a cancel, a drop). The embedded chain mines at once and replaces nothing.
    pub(crate) async fn track(
        &self,
        hash: B256,
        account: Option<Address>,
        nonce: Option<u64>,
        since: u64,
    ) -> Result<Tracked, ApiError> {
        match (self, account) {
            (ChainClient::Remote(remote), Some(account)) => remote.track(hash, account, nonce, since).await,
            _ => Ok(match self.lookup(hash).await? {
                Lookup::Unknown => Tracked::Missing,
                lookup => Tracked::Known { lookup, nonce: None },
            }),
        }
    }

    /// How PvP game `game` ended, as its `GameEnded` event says; none while it is played or when the node
    /// cannot say.
    pub(crate) async fn ending(&self, game: u64) -> Option<EndReason> {
        match self {
            ChainClient::Remote(remote) => remote.ending(game).await,
            ChainClient::Embedded(embedded) => embedded.ending(game).await,
        }
    }

    /// Whether the game contracts are still there with the code first seen (a node's chain may be reset under a
    /// running server); the embedded chain is this process's own.
    pub(crate) async fn check_contracts(&self) -> Result<(), ApiError> {
        match self {
            ChainClient::Remote(remote) => remote.check_contracts().await,
            ChainClient::Embedded(_) => Ok(()),
        }
    }

    /// [`ChainClient::check_contracts`] for a regular check of the node at `head`, which may trust a recent
    /// check while the head only moves forward.
    pub(crate) async fn watch_contracts(&self, head: u64) -> Result<(), ApiError> {
        match self {
            ChainClient::Remote(remote) => remote.watch_contracts(head).await,
            ChainClient::Embedded(_) => Ok(()),
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
}
