//! The embedded chain as a [`Transactor`], remembered between command-line invocations.
//!
//! Nothing of the EVM's state is saved. The state file is a log: every successful transaction (sender's account
//! index, target, calldata, value) and every clock advance, in order. Opening it builds a fresh in-process chain,
//! deploys both games from account 0 (so their addresses never change) and replays the log, which the
//! deterministic chain turns into exactly the same state. A game is its event log, on chain too.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use alloy_primitives::{Address, B256, Bytes, U256};
use alloy_sol_types::{SolCall, SolInterface};
use marubatsu_chain::compiler::{PVP_CONTRACT, SOLO_CONTRACT};
use marubatsu_chain::{
    bindings::{
        ISoloTicTacToe::ISoloTicTacToeCalls,
        ITicTacToe::{self, ITicTacToeCalls},
        ITicTacToeTimeBank::ITicTacToeTimeBankCalls,
    },
    compiler::ContractSet,
    evm::{CHAIN_ID, Chain, Head, Lookup, Receipt, Transactor, TxError},
};
use serde::{Deserialize, Serialize};

use crate::{
    deploy::{DEPLOYED_CONTRACTS, creation_code},
    error::Error,
};

/// The environment variable that names the state file (the `--state` flag wins over it).
pub const LOCAL_STATE_VAR: &str = "MARUBATSU_LOCAL_STATE";

const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Log {
    version: u32,
    /// The runtime code hashes the log was recorded against: other code would replay differently.
    code_hashes: BTreeMap<String, B256>,
    entries: Vec<Entry>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Entry {
    /// A transaction that succeeded.
    Transaction {
        from: usize,
        to: Address,
        value: U256,
        data: Bytes,
    },
    /// The clock moved forward (one new block).
    Warp { seconds: u64 },
}

/// The embedded chain, replayed from its state file, acting as one of its ten funded accounts.
pub struct LocalChain {
    chain: Chain,
    path: PathBuf,
    log: Log,
    account: usize,
    solo: Address,
    pvp: Address,
}

impl std::fmt::Debug for LocalChain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalChain")
            .field("path", &self.path)
            .field("account", &self.account)
            .field("entries", &self.log.entries.len())
            .finish_non_exhaustive()
    }
}

impl LocalChain {
    /// Opens the chain saved at `path` (a fresh one if the file does not exist), acting as account `account`
    /// (0..9).
    pub fn open(contracts: &ContractSet, path: &Path, account: usize) -> Result<Self, Error> {
        let log = match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text).map_err(|err| Error::LocalState {
                path: path.to_path_buf(),
                reason: format!("it is not a state file: {err}"),
            })?,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Log::default(),
            Err(err) => return Err(Error::file("reading", path, err)),
        };
        Self::replay(contracts, path, log, account)
    }

    /// Forgets the saved chain at `path` and starts a fresh one.
    pub fn reset(contracts: &ContractSet, path: &Path) -> Result<Self, Error> {
        match std::fs::remove_file(path) {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(Error::file("removing", path, err)),
        }
        let chain = Self::replay(contracts, path, Log::default(), 0)?;
        chain.save()?;
        Ok(chain)
    }

    fn replay(contracts: &ContractSet, path: &Path, mut log: Log, account: usize) -> Result<Self, Error> {
        let mut chain = Chain::new();
        if account >= chain.accounts().len() {
            return Err(Error::Invalid(format!(
                "the local chain has accounts 0 to {}; there is no account {account}",
                chain.accounts().len() - 1
            )));
        }
        let deployer = chain.accounts()[0];
        let mut addresses = Vec::new();
        let mut hashes = BTreeMap::new();
        for name in DEPLOYED_CONTRACTS {
            let compiled = contracts.get(name)?;
            // The embedded chain's blocks come one per warp or transaction, so it asks for no claim blocks
            // (`default_claim_blocks` of its chain id).
            let code = creation_code(name, compiled, marubatsu_chain::pvp::default_claim_blocks(CHAIN_ID));
            let deployment = chain
                .deploy_code(deployer, code, U256::ZERO)
                .map_err(|err| Error::Local(format!("deploying {name}: {err}")))?;
            addresses.push(deployment.address);
            hashes.insert(name.to_owned(), compiled.deployed_code_hash());
        }
        let state_error = |reason: String| Error::LocalState {
            path: path.to_path_buf(),
            reason,
        };
        if log.version == 0 && log.entries.is_empty() {
            log.version = FORMAT_VERSION;
            log.code_hashes = hashes.clone();
        }
        if log.version != FORMAT_VERSION {
            return Err(state_error(format!("unknown format version {}", log.version)));
        }
        if log.code_hashes != hashes {
            return Err(state_error("the contracts changed since it was recorded".to_owned()));
        }
        let (solo, pvp) = (addresses[0], addresses[1]);
        for (i, entry) in log.entries.iter().enumerate() {
            match entry {
                Entry::Warp { seconds } => chain.advance_time(*seconds),
                Entry::Transaction { from, to, value, data } => {
                    let sender = *chain
                        .accounts()
                        .get(*from)
                        .ok_or_else(|| state_error(format!("entry {i} names account {from}")))?;
                    replay_transaction(&mut chain, sender, *to, *value, data, solo, pvp)
                        .map_err(|reason| state_error(format!("entry {i}: {reason}")))?;
                }
            }
        }
        Ok(Self {
            chain,
            path: path.to_path_buf(),
            log,
            account,
            solo,
            pvp,
        })
    }

    /// The state file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where `SoloTicTacToe` lives on this chain.
    pub fn solo(&self) -> Address {
        self.solo
    }

    /// Where `TicTacToe` lives on this chain.
    pub fn pvp(&self) -> Address {
        self.pvp
    }

    /// The address of a deployed contract by name.
    pub fn address_of(&self, contract: &str) -> Option<Address> {
        match contract {
            SOLO_CONTRACT => Some(self.solo),
            PVP_CONTRACT => Some(self.pvp),
            _ => None,
        }
    }

    /// The ten funded accounts, by index.
    pub fn accounts(&self) -> &[Address] {
        self.chain.accounts()
    }

    /// How many transactions and clock moves the log holds.
    pub fn entries(&self) -> usize {
        self.log.entries.len()
    }

    /// Moves the clock `seconds` forward (one new block) and saves; returns the new block timestamp.
    pub fn warp(&mut self, seconds: u64) -> Result<u64, Error> {
        self.chain.advance_time(seconds);
        self.log.entries.push(Entry::Warp { seconds });
        self.save()?;
        Ok(self.chain.timestamp())
    }

    fn save(&self) -> Result<(), Error> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|err| Error::file("creating", dir, err))?;
        }
        let text =
            serde_json::to_string_pretty(&self.log).map_err(|err| Error::file("serialising", &self.path, err))?;
        let temporary = self.path.with_extension("tmp");
        std::fs::write(&temporary, text).map_err(|err| Error::file("writing", &temporary, err))?;
        std::fs::rename(&temporary, &self.path).map_err(|err| Error::file("renaming", &temporary, err))
    }
}

/// Sends a logged transaction again, decoding its calldata back into the typed call the chain takes.
fn replay_transaction(
    chain: &mut Chain,
    from: Address,
    to: Address,
    value: U256,
    data: &[u8],
    solo: Address,
    pvp: Address,
) -> Result<(), String> {
    fn send<C: SolCall>(chain: &mut Chain, from: Address, to: Address, value: U256, call: &C) -> Result<(), String> {
        chain
            .send_value(from, to, value, call)
            .map(drop)
            .map_err(|err| format!("{} failed: {err}", C::SIGNATURE))
    }
    if to == solo {
        match ISoloTicTacToeCalls::abi_decode(data).map_err(|e| e.to_string())? {
            ISoloTicTacToeCalls::newGame(call) => send(chain, from, to, value, &call),
            ISoloTicTacToeCalls::play(call) => send(chain, from, to, value, &call),
            _ => Err("a view call was logged as a transaction".to_owned()),
        }
    } else if to == pvp {
        // A game with a bank is created and joined through ITicTacToeTimeBank, whose calls ITicTacToe lacks.
        if let Ok(call) = ITicTacToeTimeBankCalls::abi_decode(data) {
            return match call {
                ITicTacToeTimeBankCalls::createGame(call) => send(chain, from, to, value, &call),
                ITicTacToeTimeBankCalls::joinGame(call) => send(chain, from, to, value, &call),
                _ => Err("a view call was logged as a transaction".to_owned()),
            };
        }
        match ITicTacToeCalls::abi_decode(data).map_err(|e| e.to_string())? {
            ITicTacToeCalls::createGame(call) => send(chain, from, to, value, &call),
            ITicTacToeCalls::joinGame(call) => send(chain, from, to, value, &call),
            ITicTacToeCalls::play(call) => send(chain, from, to, value, &call),
            ITicTacToeCalls::claimTimeout(call) => send(chain, from, to, value, &call),
            ITicTacToeCalls::resign(call) => send(chain, from, to, value, &call),
            ITicTacToeCalls::cancel(call) => send(chain, from, to, value, &call),
            ITicTacToeCalls::withdraw(call) => send::<ITicTacToe::withdrawCall>(chain, from, to, value, &call),
            ITicTacToeCalls::withdrawTo(call) => send(chain, from, to, value, &call),
            _ => Err("a view call was logged as a transaction".to_owned()),
        }
    } else {
        Err(format!("{to} is neither game contract"))
    }
}

fn tx_error(function: &str, err: TxError) -> Error {
    match err {
        TxError::Reverted(revert) => Error::reverted(function, revert.data().clone()),
        other => Error::Local(other.to_string()),
    }
}

impl Transactor for LocalChain {
    type Error = Error;

    fn chain_id(&self) -> u64 {
        CHAIN_ID
    }

    fn sender(&self) -> Option<Address> {
        Some(self.chain.accounts()[self.account])
    }

    fn send_data(&mut self, what: &str, to: Address, value: U256, data: Bytes) -> Result<Receipt<()>, Error> {
        let from = self.chain.accounts()[self.account];
        let balance = self.chain.balance(from);
        if balance < value {
            return Err(Error::InsufficientFunds {
                account: from,
                balance,
                needed: value,
                action: what.into(),
                detail: format!(
                    "the value {} (the embedded chain charges nothing for gas)",
                    marubatsu_chain::amounts::ether_and_wei(value)
                )
                .into(),
            });
        }
        let receipt = self
            .chain
            .acting_as(from)
            .send_data(what, to, value, data.clone())
            .map_err(|err| tx_error(what, err))?;
        self.log.entries.push(Entry::Transaction {
            from: self.account,
            to,
            value,
            data,
        });
        self.save()?;
        Ok(receipt)
    }

    fn call_data(&mut self, to: Address, data: Bytes) -> Result<Bytes, Error> {
        self.chain.call_data(to, data).map_err(|err| tx_error("the call", err))
    }

    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, Error> {
        self.chain.view(to, call).map_err(|err| tx_error(C::SIGNATURE, err))
    }

    fn lookup(&mut self, _hash: B256) -> Result<Lookup, Error> {
        Ok(Lookup::Unknown)
    }

    fn head(&mut self) -> Result<Head, Error> {
        Ok(Head {
            number: self.chain.block_number(),
            timestamp: self.chain.timestamp(),
        })
    }

    fn balance(&mut self, account: Address) -> Result<U256, Error> {
        Ok(self.chain.balance(account))
    }

    fn code(&mut self, address: Address) -> Result<Bytes, Error> {
        Ok(self.chain.code(address))
    }
}
