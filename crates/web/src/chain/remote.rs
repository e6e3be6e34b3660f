//! A node over JSON-RPC, read-only: this server holds no key and sends nothing. It reads games, learns a
//! reverted transaction's error (the client replays it) and reports receipts; the players' wallets send.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use alloy_primitives::{Address, B256, Bytes, U256, keccak256};
use marubatsu_chain::{
    bindings::ITicTacToe::EndReason,
    evm::{Head, Lookup},
};
use marubatsu_client::{
    Error,
    rpc::{RpcClient, Tracked},
};

use super::{Contracts, ReadError};
use crate::api::ApiError;
use crate::words::Words;

pub(crate) struct Remote {
    client: RpcClient,
    pub(crate) contracts: Contracts,
    /// How each ended game ended, once read: an end is final, and a page watching it asks every second.
    endings: Mutex<HashMap<u64, EndReason>>,
    /// The contracts' runtime code hashes (solo, PvP) as first read. A node reset or restarted empty under a
    /// running server holds other code there, or none: nothing may be sent to such an address.
    code_hashes: Mutex<Option<[B256; 2]>>,
    /// The head at the last check of the contracts made for a node check, and when it was made.
    last_check: Mutex<Option<(u64, Instant)>>,
}

/// How long a node check trusts the last check of the contracts while the head only moves forward.
const RECHECK: Duration = Duration::from_secs(30);

impl Remote {
    /// A client of `client`'s node (already checked by the caller to serve `contracts.chain_id`).
    pub(crate) fn new(client: RpcClient, contracts: Contracts) -> Remote {
        Remote {
            client,
            contracts,
            endings: Mutex::new(HashMap::new()),
            code_hashes: Mutex::new(None),
            last_check: Mutex::new(None),
        }
    }

    /// [`Remote::check_contracts`] for a check of the node at `head`: when the head went backwards (a reset, a
    /// restart, a deep reorg) or the last check is older than [`RECHECK`]. Each reads both contracts' code, which
    /// a page asking every few seconds need not pay for each time; a transaction is checked every time.
    pub(super) async fn watch_contracts(&self, head: u64) -> Result<(), ApiError> {
        let lock_failed = |_| ApiError::internal(Words::new("api.lock.contractCheck"));
        {
            let mut last = self.last_check.lock().map_err(lock_failed)?;
            match last.as_mut() {
                Some((seen, at)) if head >= *seen && at.elapsed() < RECHECK => {
                    *seen = head;
                    return Ok(());
                }
                _ => {}
            }
        }
        self.check_contracts().await?;
        *self.last_check.lock().map_err(lock_failed)? = Some((head, Instant::now()));
        Ok(())
    }

    /// Whether the game contracts are still at their addresses, with the code first read there: checked before
    /// every transaction is encoded and at every check of the node, so that a page never sends to an address
    /// where the contract is gone (its ether would be stranded there).
    pub(super) async fn check_contracts(&self) -> Result<(), ApiError> {
        let Contracts { solo, pvp, .. } = self.contracts;
        let mut now = [B256::ZERO; 2];
        for (hash, address) in now.iter_mut().zip([solo, pvp]) {
            let code = self.client.code(address).await.map_err(unavailable)?;
            if code.is_empty() {
                return Err(contracts_gone(address));
            }
            *hash = keccak256(&code);
        }
        let mut known = self
            .code_hashes
            .lock()
            .map_err(|_| ApiError::internal(Words::new("api.lock.codeHashes")))?;
        match *known {
            None => *known = Some(now),
            Some(first) => {
                if let Some((_, address)) = first.iter().zip(now).zip([solo, pvp]).find(|((a, b), _)| *a != b) {
                    return Err(contracts_gone(address));
                }
            }
        }
        Ok(())
    }

    pub(super) async fn call(&self, to: Address, data: Bytes) -> Result<Bytes, ReadError> {
        self.client
            .call("the call", None, to, data)
            .await
            .map_err(|err| match err {
                Error::Reverted { data, .. } if !data.is_empty() => ReadError::Refused(data),
                bare @ Error::Reverted { .. } => ReadError::RevertedBare(bare.to_string().into()),
                other => ReadError::Failed(other.to_string().into()),
            })
    }

    pub(super) async fn head(&self) -> Result<Head, ApiError> {
        self.client.head().await.map_err(unavailable)
    }

    pub(super) async fn balance(&self, account: Address) -> Result<U256, ApiError> {
        self.client.balance(account).await.map_err(unavailable)
    }

    pub(super) async fn track(
        &self,
        hash: B256,
        account: Address,
        nonce: Option<u64>,
        since: u64,
    ) -> Result<Tracked, ApiError> {
        self.client
            .track(hash, account, nonce, since)
            .await
            .map_err(unavailable)
    }

    /// How PvP game `game` ended, from its `GameEnded` event; none while it is played, or when the node will not
    /// search its logs that far back.
    pub(super) async fn ending(&self, game: u64) -> Option<EndReason> {
        let known = self.endings.lock().ok().and_then(|e| e.get(&game).copied());
        if known.is_some() {
            return known;
        }
        let reason = self
            .client
            .game_endings(self.contracts.pvp, game)
            .await
            .ok()?
            .last()
            .map(|ended| ended.reason)?;
        if let Ok(mut endings) = self.endings.lock() {
            endings.insert(game, reason);
        }
        Some(reason)
    }

    pub(super) async fn lookup(&self, hash: B256) -> Result<Lookup, ApiError> {
        self.client.lookup(hash).await.map_err(unavailable)
    }
}

/// The node could not be asked: the client's sentence, which never shows the URL's path (it may hold an API key).
fn unavailable(err: Error) -> ApiError {
    ApiError::unavailable(Words::new("api.nodeSilent").arg("error", err))
}

/// The game contract at `address` is gone from the node's chain (no code, or other code than at first).
fn contracts_gone(address: Address) -> ApiError {
    ApiError::conflict(Words::new("api.contractsGone").arg("address", address), None).with_code("contracts_gone")
}
