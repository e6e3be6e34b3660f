//! A node over JSON-RPC, read-only: this server holds no key and sends nothing. It reads games, replays a
//! reverted transaction to learn its custom error, and reports receipts; the players' wallets send.

use alloy::{
    consensus::Transaction as _,
    eips::{BlockId, BlockNumberOrTag},
    network::TransactionBuilder,
    providers::{DynProvider, Provider, ProviderBuilder},
    rpc::types::TransactionRequest,
    transports::{RpcError, TransportError},
};
use alloy_primitives::{Address, B256, Bytes, U256};

use super::chain_client::{Contracts, Head, Lookup, Mined, ReadError};
use crate::api::ApiError;

pub(crate) struct Remote {
    provider: DynProvider,
    pub(crate) contracts: Contracts,
}

impl Remote {
    /// A client of the node at `url` (already checked by the caller to serve `contracts.chain_id`).
    pub(crate) fn new(url: alloy::transports::http::reqwest::Url, contracts: Contracts) -> Remote {
        // reqwest is built without a TLS provider of its own (see the workspace manifest); installing fails
        // only when one is already in place, which serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let provider = ProviderBuilder::new().connect_http(url).erased();
        Remote { provider, contracts }
    }

    pub(super) async fn call(&self, to: Address, data: Bytes) -> Result<Bytes, ReadError> {
        let request = TransactionRequest::default().with_to(to).with_input(data);
        self.provider.call(request).await.map_err(read_error)
    }

    pub(super) async fn head(&self) -> Result<Head, ApiError> {
        let block = self
            .provider
            .get_block_by_number(BlockNumberOrTag::Latest)
            .await
            .map_err(|err| unreachable_node(&err))?
            .ok_or_else(|| ApiError::unavailable("the node has no latest block"))?;
        Ok(Head {
            number: block.header.number,
            timestamp: block.header.timestamp,
        })
    }

    pub(super) async fn balance(&self, account: Address) -> Result<U256, ApiError> {
        self.provider
            .get_balance(account)
            .await
            .map_err(|err| unreachable_node(&err))
    }

    pub(super) async fn lookup(&self, hash: B256) -> Result<Lookup, ApiError> {
        let receipt = self
            .provider
            .get_transaction_receipt(hash)
            .await
            .map_err(|err| unreachable_node(&err))?;
        let Some(receipt) = receipt else {
            let known = self
                .provider
                .get_transaction_by_hash(hash)
                .await
                .map_err(|err| unreachable_node(&err))?;
            return Ok(if known.is_some() {
                Lookup::Pending
            } else {
                Lookup::Unknown
            });
        };
        let block = receipt.block_number.unwrap_or_default();
        let success = receipt.status();
        let revert = if success {
            Bytes::new()
        } else {
            self.replay(hash, block).await
        };
        Ok(Lookup::Mined(Box::new(Mined {
            from: receipt.from,
            to: receipt.to,
            success,
            block,
            gas_used: receipt.gas_used,
            effective_gas_price: receipt.effective_gas_price,
            logs: receipt.inner.logs().iter().map(|log| log.inner.clone()).collect(),
            revert,
        })))
    }

    /// A reverted transaction's error data: the same call again on the state before its block. Receipts do
    /// not carry revert data; a replay is what every explorer does. Empty if it cannot be replayed.
    async fn replay(&self, hash: B256, block: u64) -> Bytes {
        let Ok(Some(tx)) = self.provider.get_transaction_by_hash(hash).await else {
            return Bytes::new();
        };
        let mut request = TransactionRequest::default()
            .with_from(tx.inner.signer())
            .with_input(tx.input().clone())
            .with_value(tx.value());
        if let Some(to) = tx.to() {
            request = request.with_to(to);
        }
        let at = BlockId::number(block.saturating_sub(1));
        match self.provider.call(request).block(at).await {
            Ok(_) => Bytes::new(),
            Err(err) => match read_error(err) {
                ReadError::Refused(data) => data,
                ReadError::Failed(_) => Bytes::new(),
            },
        }
    }
}

fn read_error(err: TransportError) -> ReadError {
    if let RpcError::ErrorResp(payload) = &err
        && let Some(data) = payload.as_revert_data()
    {
        return ReadError::Refused(data);
    }
    ReadError::Failed(node_reason(&err))
}

/// The node could not be asked: a sentence without the URL, which may hold an API key.
fn unreachable_node(err: &TransportError) -> ApiError {
    ApiError::unavailable(format!("the chain's node did not answer: {}", node_reason(err)))
}

fn node_reason(err: &TransportError) -> String {
    match err {
        RpcError::ErrorResp(payload) => format!("{} (code {})", payload.message, payload.code),
        RpcError::Transport(_) => "it could not be reached".into(),
        _ => "its answer could not be read".into(),
    }
}
