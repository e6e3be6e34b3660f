//! A chain's state read from somewhere else: what a forked [`crate::evm::Chain`] does not hold yet, it asks a
//! read-only [`RemoteState`] for (a node over JSON-RPC, in `marubatsu-client`), and keeps every answer.

use std::{
    collections::HashMap,
    fmt,
    sync::{Arc, Mutex, PoisonError},
};

use alloy_primitives::{Address, B256, Bytes, U256};
use revm::{
    bytecode::Bytecode,
    database::EmptyDB,
    database_interface::{DBErrorMarker, DatabaseRef},
    state::AccountInfo,
};

/// A read-only view of a chain's state at one block, which a forked [`crate::evm::Chain`] reads what it does not hold
/// from. Every answer must come from that one block, so that reads made at different times agree: the chain keeps
/// each answer and never asks twice.
pub trait RemoteState: Send + Sync {
    /// The balance, nonce and code of `address`.
    fn account(&self, address: Address) -> Result<RemoteAccount, RemoteError>;
    /// The value of storage slot `slot` of `address`.
    fn storage(&self, address: Address, slot: U256) -> Result<U256, RemoteError>;
    /// The hash of block `number` (never later than the forked block).
    fn block_hash(&self, number: u64) -> Result<B256, RemoteError>;
}

/// An account as a [`RemoteState`] reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemoteAccount {
    /// Its balance in wei.
    pub balance: U256,
    /// Its nonce.
    pub nonce: u64,
    /// Its runtime code (empty for an account without code).
    pub code: Bytes,
}

/// A read from a [`RemoteState`] that failed: the transaction or call that needed it fails with
/// [`crate::evm::TxError::Remote`], rather than running on a value nobody read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("reading {read} from the forked chain failed: {reason}")]
pub struct RemoteError {
    /// What was being read, e.g. `storage slot 0x… of 0x…`.
    pub read: String,
    /// Why it failed, in the source's words.
    pub reason: String,
}

impl DBErrorMarker for RemoteError {}

/// The block a chain is forked at: the environment its transactions run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForkHead {
    /// The chain id the remote serves.
    pub chain_id: u64,
    /// The forked block's number; its state is what the remote reports.
    pub number: u64,
    /// The forked block's timestamp.
    pub timestamp: u64,
    /// Its base fee per gas (what `block.basefee` reads; the fork's own transactions still pay nothing).
    pub basefee: u64,
    /// Its gas limit, which also bounds each transaction on the fork.
    pub gas_limit: u64,
    /// Its `prevrandao` (the mix hash).
    pub prevrandao: B256,
}

/// What a [`crate::evm::Chain`]'s cache falls back on: nothing (a fresh chain), or a remote state.
#[derive(Clone, Debug, Default)]
pub(crate) enum Backend {
    /// A fresh chain: every account empty, exactly as revm's `EmptyDB`.
    #[default]
    Empty,
    /// A fork: reads go to the remote once, then to the answers kept here.
    Remote(Arc<Remembered>),
}

impl Backend {
    pub(crate) fn remote(source: Arc<dyn RemoteState>, fork_block: u64) -> Self {
        Self::Remote(Arc::new(Remembered {
            source,
            fork_block,
            answers: Mutex::default(),
        }))
    }
}

/// A remote state with every answer kept. The chain's own cache forgets what was read after a snapshot when the
/// snapshot is restored, and exhaustive searches restore thousands of times; the remote's state never changes
/// (one block), so its answers are kept here, shared by every snapshot, and each is fetched once.
pub(crate) struct Remembered {
    source: Arc<dyn RemoteState>,
    fork_block: u64,
    answers: Mutex<Answers>,
}

#[derive(Default)]
struct Answers {
    accounts: HashMap<Address, Option<AccountInfo>>,
    codes: HashMap<B256, Bytecode>,
    storage: HashMap<(Address, U256), U256>,
    block_hashes: HashMap<u64, B256>,
    reads: u64,
}

impl fmt::Debug for Remembered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Remembered")
            .field("fork_block", &self.fork_block)
            .field("remote_reads", &self.remote_reads())
            .finish_non_exhaustive()
    }
}

impl Remembered {
    /// How many reads went to the remote so far.
    pub(crate) fn remote_reads(&self) -> u64 {
        self.answers().reads
    }

    fn answers(&self) -> std::sync::MutexGuard<'_, Answers> {
        // The maps are only ever inserted into, so a panic elsewhere cannot leave them half-written.
        self.answers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The kept answer, or the remote's (kept for next time). The lock is not held while the remote is asked.
    fn remember<K: Copy + std::hash::Hash + Eq, V: Clone>(
        &self,
        key: K,
        map: impl Fn(&mut Answers) -> &mut HashMap<K, V>,
        fetch: impl FnOnce() -> Result<V, RemoteError>,
    ) -> Result<V, RemoteError> {
        if let Some(value) = map(&mut self.answers()).get(&key) {
            return Ok(value.clone());
        }
        let value = fetch()?;
        let mut answers = self.answers();
        answers.reads += 1;
        map(&mut answers).insert(key, value.clone());
        Ok(value)
    }
}

impl DatabaseRef for Backend {
    type Error = RemoteError;

    fn basic_ref(&self, address: Address) -> Result<Option<AccountInfo>, RemoteError> {
        let Self::Remote(remote) = self else {
            return Ok(infallible(EmptyDB::new().basic_ref(address)));
        };
        remote.remember(
            address,
            |answers| &mut answers.accounts,
            || {
                let account = remote.source.account(address)?;
                if account.balance.is_zero() && account.nonce == 0 && account.code.is_empty() {
                    // Empty accounts do not exist (EIP-161): revm then needs no storage read for them.
                    return Ok(None);
                }
                let code = Bytecode::new_raw(account.code);
                let info = AccountInfo::new(account.balance, account.nonce, code.hash_slow(), code.clone());
                remote.answers().codes.insert(info.code_hash, code);
                Ok(Some(info))
            },
        )
    }

    fn code_by_hash_ref(&self, code_hash: B256) -> Result<Bytecode, RemoteError> {
        let Self::Remote(remote) = self else {
            return Ok(infallible(EmptyDB::new().code_by_hash_ref(code_hash)));
        };
        // Code arrives with its account, so revm asks for code by hash only after that account was read.
        remote
            .answers()
            .codes
            .get(&code_hash)
            .cloned()
            .ok_or_else(|| RemoteError {
                read: format!("the code with hash {code_hash}"),
                reason: "no account read so far has that code".into(),
            })
    }

    fn storage_ref(&self, address: Address, slot: U256) -> Result<U256, RemoteError> {
        let Self::Remote(remote) = self else {
            return Ok(infallible(EmptyDB::new().storage_ref(address, slot)));
        };
        remote.remember(
            (address, slot),
            |answers| &mut answers.storage,
            || remote.source.storage(address, slot),
        )
    }

    fn block_hash_ref(&self, number: u64) -> Result<B256, RemoteError> {
        match self {
            // Blocks after the fork exist only here: they get the hashes a fresh chain gives its blocks.
            Self::Remote(remote) if number <= remote.fork_block => remote.remember(
                number,
                |answers| &mut answers.block_hashes,
                || remote.source.block_hash(number),
            ),
            _ => Ok(infallible(EmptyDB::new().block_hash_ref(number))),
        }
    }
}

fn infallible<T>(result: Result<T, std::convert::Infallible>) -> T {
    match result {
        Ok(value) => value,
        Err(never) => match never {},
    }
}
