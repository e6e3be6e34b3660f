//! A sent transaction followed the way wallets follow it: by its account and nonce, not only its hash. A wallet's
//! speed-up or cancel sends another transaction at the same nonce, and the node then forgets the first hash; a
//! node may also drop a transaction from its pool. Only the nonce tells these apart.

use alloy::{
    consensus::Transaction as _,
    eips::{BlockId, BlockNumberOrTag},
    providers::Provider,
};
use alloy_primitives::{Address, B256, Bytes, U256};
use marubatsu_chain::evm::Lookup;

use crate::{client::RpcClient, error::Error};

/// What became of a sent transaction, found by hash and then by its sender's nonce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tracked {
    /// The node knows the hash: waiting in its pool, or mined (and then how). `nonce` is the transaction's own.
    Known {
        /// Pending, or mined and how.
        lookup: Lookup,
        /// The transaction's nonce, as the node has it.
        nonce: Option<u64>,
    },
    /// Another transaction of the same account was mined at its nonce (a speed-up or a cancel): this one never
    /// will be.
    Replaced(Box<Replacement>),
    /// The account's nonce moved past it, but the transaction that took the nonce could not be found (the node
    /// keeps no state that old).
    Superseded,
    /// The node does not know the hash, and another transaction of the account waits in the pool at its nonce
    /// (a replacement not mined yet).
    Replacing,
    /// The node does not know the hash and its nonce is still free: dropped, or not handed over yet.
    Missing,
}

/// The transaction mined in place of another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    /// Its hash.
    pub hash: B256,
    /// Its callee (a cancel, as wallets make it, goes to the sender itself).
    pub to: Option<Address>,
    /// Its calldata and value, to compare with the transaction it replaced (a speed-up keeps both).
    pub input: Bytes,
    /// The ether it attached.
    pub value: U256,
    /// What it did.
    pub lookup: Lookup,
}

impl RpcClient {
    /// What became of `hash`, sent by `account` with `nonce` (if the sender knows it) at or after block `since`.
    pub async fn track(&self, hash: B256, account: Address, nonce: Option<u64>, since: u64) -> Result<Tracked, Error> {
        let lookup = self.lookup(hash).await?;
        let own_nonce = match &lookup {
            Lookup::Unknown => None,
            _ => self.nonce_of(hash).await?,
        };
        if !matches!(lookup, Lookup::Unknown) {
            return Ok(Tracked::Known {
                lookup,
                nonce: own_nonce,
            });
        }
        let Some(nonce) = nonce else {
            return Ok(Tracked::Missing);
        };
        let count = |block: BlockId| async move {
            self.provider()
                .get_transaction_count(account)
                .block_id(block)
                .await
                .map_err(|err| self.classify(err, "eth_getTransactionCount"))
        };
        if count(BlockId::latest()).await? <= nonce {
            return Ok(if count(BlockId::pending()).await? > nonce {
                Tracked::Replacing
            } else {
                Tracked::Missing
            });
        }
        // The first block after which the account's count passes `nonce` holds the transaction that took it.
        let latest = self.head().await?.number;
        let (mut low, mut high) = (since.saturating_sub(1).min(latest), latest);
        if count(BlockId::number(low)).await.is_ok_and(|c| c > nonce) {
            low = 0;
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2;
            match count(BlockId::number(middle)).await {
                Ok(c) if c > nonce => high = middle,
                Ok(_) => low = middle,
                // A node that keeps no state that far back cannot say.
                Err(_) => return Ok(Tracked::Superseded),
            }
        }
        let block = self
            .provider()
            .get_block_by_number(BlockNumberOrTag::Number(high))
            .full()
            .await
            .map_err(|err| self.classify(err, "eth_getBlockByNumber"))?;
        let mut found = None;
        if let Some(block) = &block {
            for tx in block.transactions.txns() {
                if tx.inner.signer() == account && tx.nonce() == nonce {
                    found = Some((*tx.inner.tx_hash(), tx.to(), tx.input().clone(), tx.value()));
                }
            }
        }
        let Some((hash, to, input, value)) = found else {
            return Ok(Tracked::Superseded);
        };
        let lookup = self.lookup(hash).await?;
        Ok(Tracked::Replaced(Box::new(Replacement {
            hash,
            to,
            input,
            value,
            lookup,
        })))
    }

    /// The nonce of a transaction the node knows.
    async fn nonce_of(&self, hash: B256) -> Result<Option<u64>, Error> {
        self.provider()
            .get_transaction_by_hash(hash)
            .await
            .map(|tx| tx.map(|tx| tx.nonce()))
            .map_err(|err| self.classify(err, "eth_getTransactionByHash"))
    }

    /// A mined transaction's revert data, replayed where it ran (after the transactions before it in its block)
    /// by `debug_traceTransaction`; `None` when the node cannot trace.
    pub(crate) async fn traced_revert(&self, hash: B256) -> Option<Bytes> {
        let options = serde_json::json!({ "tracer": "callTracer", "tracerConfig": { "onlyTopCall": true } });
        let trace: serde_json::Value = self
            .provider()
            .raw_request("debug_traceTransaction".into(), (hash, options))
            .await
            .ok()?;
        let output = trace.get("output").and_then(|o| o.as_str()).unwrap_or("0x");
        output.parse::<Bytes>().ok()
    }
}
