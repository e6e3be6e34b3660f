//! What a real chain holds, run in-process: a [`Chain`] forked from a node at one block, reading accounts, code,
//! storage and block hashes over JSON-RPC as it needs them. Nothing is ever sent to the node.
//!
//! The reads are this client's own (`eth_getBalance`, `eth_getTransactionCount`, `eth_getCode`,
//! `eth_getStorageAt`, `eth_getBlockByNumber`), all at the forked block's hash, rather than revm's `AlloyDB`:
//! that one needs a multi-threaded tokio runtime and a fiber library the workspace does not build, panics when
//! asked for code by hash, and its errors would still need translating into this crate's words.

use std::sync::Arc;

use alloy::{
    eips::{BlockId, BlockNumberOrTag},
    providers::Provider,
    transports::{TransportError, TransportErrorKind},
};
use alloy_primitives::{Address, B256, U256};
use marubatsu_chain::evm::{Chain, ForkHead, RemoteAccount, RemoteError, RemoteState};

use crate::{client::RpcClient, error::Error, wallet::Secret};

/// Where a forked chain came from, to print before its results: every result on it is about this block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForkInfo {
    /// The node, redacted for display ([`crate::rpc::redact_url`]).
    pub url: String,
    /// The chain id it serves.
    pub chain_id: u64,
    /// The forked block's number.
    pub block: u64,
    /// The forked block's hash: every read is of the state after this block.
    pub block_hash: B256,
    /// The forked block's timestamp.
    pub timestamp: u64,
}

/// Forks the chain at `rpc_url` at block `block` (the latest block if `None`): a [`Chain`] whose state is the
/// node's after that block, with the ten test accounts funded, and what was forked. Every read goes to that one
/// block (by hash), so reads made at different times agree whatever the node mines meanwhile; each is made once.
///
/// A URL that does not parse is [`Error::BadUrl`], a node that does not answer [`Error::Unreachable`], a block
/// the node does not have [`Error::NoSuchBlock`]. A read that fails later, in the middle of a call, fails that
/// call with [`marubatsu_chain::evm::TxError::Remote`].
///
/// Like [`crate::rpc::Rpc`], it drives its requests on a private runtime: call it (and the chain's methods) from
/// synchronous code, not from inside an async task.
pub fn fork(rpc_url: &Secret, block: Option<u64>) -> Result<(Chain, ForkInfo), Error> {
    let remote = RpcState::connect(rpc_url, block)?;
    let (head, info) = (remote.head, remote.info.clone());
    let chain = Chain::forked(Arc::new(remote), head).map_err(|err| Error::Rpc {
        url: info.url.clone(),
        action: "reading the test accounts at the forked block",
        reason: err.to_string(),
    })?;
    Ok((chain, info))
}

/// A node's state at one block, read over JSON-RPC on a private runtime.
struct RpcState {
    runtime: tokio::runtime::Runtime,
    client: RpcClient,
    /// The forked block, by hash (EIP-1898).
    at: BlockId,
    head: ForkHead,
    info: ForkInfo,
}

impl RpcState {
    fn connect(rpc_url: &Secret, block: Option<u64>) -> Result<Self, Error> {
        let shown = crate::client::redact_url(rpc_url.expose());
        let (runtime, client) = RpcClient::with_runtime(rpc_url)?;
        let chain_id = runtime.block_on(client.chain_id())?;
        let tag = block.map_or(BlockNumberOrTag::Latest, BlockNumberOrTag::Number);
        let found = runtime
            .block_on(client.provider().get_block_by_number(tag).into_future())
            .map_err(|err| crate::client::classify(err, &shown, "eth_getBlockByNumber"))?;
        let Some(found) = found else {
            let latest = runtime
                .block_on(client.provider().get_block_number().into_future())
                .map_err(|err| crate::client::classify(err, &shown, "eth_blockNumber"))?;
            return Err(Error::NoSuchBlock {
                url: shown,
                block: block.unwrap_or(latest),
                latest,
            });
        };
        let header = &found.header;
        let head = ForkHead {
            chain_id,
            number: header.number,
            timestamp: header.timestamp,
            basefee: header.base_fee_per_gas.unwrap_or(0),
            gas_limit: header.gas_limit,
            prevrandao: header.mix_hash,
        };
        let info = ForkInfo {
            url: shown,
            chain_id,
            block: header.number,
            block_hash: header.hash,
            timestamp: header.timestamp,
        };
        Ok(Self {
            runtime,
            client,
            at: BlockId::hash(header.hash),
            head,
            info,
        })
    }

    /// Runs one read to completion, its failure in the client's words (which never hold the URL's secrets).
    fn read<T, F>(&self, read: impl FnOnce() -> String, action: &'static str, request: F) -> Result<T, RemoteError>
    where
        F: std::future::IntoFuture<Output = Result<T, TransportError>>,
    {
        self.runtime.block_on(request.into_future()).map_err(|err| RemoteError {
            read: read(),
            reason: crate::client::classify(err, &self.info.url, action).to_string(),
        })
    }
}

/// A spawned request's answer; a request whose task was lost (cancelled, or it panicked) fails like a dropped
/// connection.
async fn joined<T>(task: tokio::task::JoinHandle<Result<T, TransportError>>) -> Result<T, TransportError> {
    task.await
        .unwrap_or_else(|err| Err(TransportErrorKind::custom_str(&format!("the request was lost: {err}"))))
}

impl RemoteState for RpcState {
    fn account(&self, address: Address) -> Result<RemoteAccount, RemoteError> {
        let provider = self.client.provider();
        let what = || format!("the account {address}");
        // The three requests go out together (the runtime drives the spawned two while the first is awaited):
        // one round trip per account rather than three, which a distant node makes felt.
        let nonce = self
            .runtime
            .spawn(provider.get_transaction_count(address).block_id(self.at).into_future());
        let code = self
            .runtime
            .spawn(provider.get_code_at(address).block_id(self.at).into_future());
        let balance = self.read(what, "eth_getBalance", provider.get_balance(address).block_id(self.at))?;
        Ok(RemoteAccount {
            balance,
            nonce: self.read(what, "eth_getTransactionCount", joined(nonce))?,
            code: self.read(what, "eth_getCode", joined(code))?,
        })
    }

    fn storage(&self, address: Address, slot: U256) -> Result<U256, RemoteError> {
        self.read(
            || format!("storage slot {slot:#x} of {address}"),
            "eth_getStorageAt",
            self.client.provider().get_storage_at(address, slot).block_id(self.at),
        )
    }

    fn block_hash(&self, number: u64) -> Result<B256, RemoteError> {
        let what = || format!("the hash of block {number}");
        let block = self.read(
            what,
            "eth_getBlockByNumber",
            self.client.provider().get_block_by_number(number.into()),
        )?;
        block.map(|block| block.header.hash).ok_or_else(|| RemoteError {
            read: what(),
            reason: format!("the node at {} has no block {number}", self.info.url),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_that_does_not_parse_is_refused_by_name() {
        let err = fork(&Secret::new("not a url"), None).unwrap_err();
        assert!(matches!(err, Error::BadUrl { .. }), "{err}");
    }

    #[test]
    fn a_node_that_hangs_up_is_unreachable_and_named_without_its_path() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let hangs_up = std::thread::spawn(move || drop(listener.accept().unwrap()));
        let err = fork(&Secret::new(format!("http://127.0.0.1:{port}/v3/SECRETKEY")), Some(5)).unwrap_err();
        hangs_up.join().unwrap();
        let Error::Unreachable { url, .. } = &err else {
            panic!("expected an unreachable node, got {err}");
        };
        assert_eq!(url, &format!("http://127.0.0.1:{port}/…"));
        assert!(!err.to_string().contains("SECRETKEY"), "{err}");
    }
}
