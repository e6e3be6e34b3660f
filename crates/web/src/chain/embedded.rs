//! The embedded in-process chain, for a server started without `--rpc-url`. Both contracts are deployed into a
//! fresh chain; every browser gets an account of its own, funded by the chain's development accounts, and the
//! server sends that browser's transactions from that account only. So the contract itself refuses a move in
//! someone else's game, exactly as on a real chain.
//!
//! revm checks no signatures, so an account is an address the server picked at random; the browser holds only
//! an HttpOnly cookie naming its session, which maps to the address here, in a table of bounded size (see
//! [`Sessions`]) kept on the chain's thread beside the chain, so that funding and admitting are one step. Each transaction is mined in a block
//! of its own at the wall clock's time, so time limits run as they do on a node.

use std::collections::HashMap;
use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};

use alloy_primitives::{Address, B256, Bytes, U256, keccak256, utils::parse_ether};
use marubatsu_chain::{
    bindings::ITicTacToe::{EndReason, ITicTacToeEvents},
    compiler::{ContractSet, PVP_CONTRACT, SOLO_CONTRACT},
    events::GameEvent,
    evm::{CHAIN_ID, Chain, Head, Lookup, Receipt, Transactor, TxError},
    pvp::default_claim_blocks,
};
use tokio::sync::oneshot;

use super::sessions::{self, Sessions};
use super::{Contracts, ReadError};
use crate::api::ApiError;
use crate::error::WebError;
use crate::words::Words;

/// What a browser's account starts with: plenty for any stake a test or a player would try.
const FUNDING_ETHER: &str = "100";

pub(crate) struct Embedded {
    jobs: mpsc::Sender<Job>,
    pub(crate) contracts: Contracts,
}

type Job = Box<dyn FnOnce(&mut Ledger) + Send>;

/// The chain and what a node would remember beside it: receipts by hash; and the browsers' accounts.
struct Ledger {
    chain: Chain,
    receipts: HashMap<B256, Lookup>,
    funded: usize,
    sessions: Sessions,
}

impl Embedded {
    /// Starts the chain's thread (revm's EVM is not `Send`) and deploys both contracts there.
    pub(crate) fn start(contracts: &ContractSet) -> Result<Embedded, WebError> {
        let codes = [SOLO_CONTRACT, PVP_CONTRACT].map(|name| {
            contracts.get(name).cloned().map_err(|e| WebError::Deploy {
                contract: name,
                reason: e.to_string(),
            })
        });
        let [solo_code, pvp_code] = codes;
        let (solo_code, pvp_code) = (solo_code?, pvp_code?);
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (ready, deployed) = mpsc::channel();
        std::thread::Builder::new()
            .name("marubatsu-chain".into())
            .spawn(move || {
                let mut chain = Chain::new();
                chain.set_block(1, now());
                let deployer = chain.accounts()[0];
                let solo = chain.deploy(deployer, &solo_code).map_err(|e| WebError::Deploy {
                    contract: SOLO_CONTRACT,
                    reason: e.to_string(),
                });
                // One block per transaction: a count of blocks would measure only the players' own moves, so the
                // embedded chain asks for none (its chain id's default).
                let pvp_init = marubatsu_chain::pvp::pvp_creation_code(&pvp_code, default_claim_blocks(CHAIN_ID));
                let pvp = chain
                    .deploy_code(deployer, pvp_init, U256::ZERO)
                    .map_err(|e| WebError::Deploy {
                        contract: PVP_CONTRACT,
                        reason: e.to_string(),
                    });
                let addresses = match (solo, pvp) {
                    (Ok(solo), Ok(pvp)) => (solo.address, pvp.address),
                    (Err(err), _) | (_, Err(err)) => {
                        let _ = ready.send(Err(err));
                        return;
                    }
                };
                let _ = ready.send(Ok(addresses));
                let mut ledger = Ledger {
                    chain,
                    receipts: HashMap::new(),
                    funded: 0,
                    sessions: Sessions::new(sessions::CAPACITY),
                };
                // Until every sender is gone, that is until the app is dropped.
                while let Ok(job) = inbox.recv() {
                    job(&mut ledger);
                }
            })
            .map_err(WebError::Start)?;
        let (solo, pvp) = deployed.recv().map_err(|_| WebError::Deploy {
            contract: SOLO_CONTRACT,
            reason: "the chain's thread stopped".into(),
        })??;
        Ok(Embedded {
            jobs,
            contracts: Contracts {
                chain_id: marubatsu_chain::evm::CHAIN_ID,
                solo,
                pvp,
            },
        })
    }

    /// Runs `job` on the chain's thread and waits for its answer without blocking the server.
    async fn run<R: Send + 'static>(&self, job: impl FnOnce(&mut Ledger) -> R + Send + 'static) -> Result<R, ApiError> {
        let (answer, answered) = oneshot::channel();
        let stopped = || ApiError::internal(Words::new("api.chainStopped"));
        self.jobs
            .send(Box::new(move |ledger| {
                let _ = answer.send(job(ledger));
            }))
            .map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())
    }

    /// The account of the browser holding `token`, if it still has one.
    pub(crate) async fn account_of(&self, token: String) -> Result<Option<Address>, ApiError> {
        self.run(move |ledger| ledger.sessions.account_of(&token)).await
    }

    /// An account for a new browser session `token`: a new one funded from the chain's development accounts
    /// while the session table has room, else the least recently used session's (see [`Sessions`]).
    pub(crate) async fn open_account(&self, token: String) -> Result<Address, ApiError> {
        let funding = parse_ether(FUNDING_ETHER)
            .map_err(|e| ApiError::internal(Words::new("api.fundingFailed").arg("error", e)))?;
        self.run(move |ledger| {
            let Ledger {
                chain,
                funded,
                sessions,
                ..
            } = ledger;
            sessions.open(token, || {
                let account = Address::random();
                // Round robin, so that no development account runs dry before the table is full.
                let funders = chain.accounts().to_vec();
                let funder = funders[*funded % funders.len()];
                *funded += 1;
                chain.transfer(funder, account, funding).map(|_| account)
            })
        })
        .await?
        .map_err(|err| ApiError::internal(Words::new("api.fundingFailed").arg("error", err)))
    }

    /// Sends a transaction from `from` (the caller's own account) in a new block, and returns its hash. A
    /// revert is mined too, as on a node: its receipt says so.
    pub(crate) async fn send(&self, from: Address, to: Address, data: Bytes, value: U256) -> Result<B256, ApiError> {
        self.run(move |ledger| {
            let number = ledger.chain.block_number() + 1;
            let timestamp = now().max(ledger.chain.timestamp() + 1);
            ledger.chain.set_block(number, timestamp);
            let hash = keccak256(
                [
                    from.as_slice(),
                    to.as_slice(),
                    &number.to_be_bytes(),
                    &(ledger.receipts.len() as u64).to_be_bytes(),
                    &data,
                ]
                .concat(),
            );
            let lookup = match ledger
                .chain
                .acting_as(from)
                .send_data("the transaction", to, value, data)
            {
                Ok(mut receipt) => {
                    receipt.hash = Some(hash);
                    Lookup::Mined(Box::new(receipt))
                }
                Err(TxError::Reverted(revert)) => {
                    let mut receipt = Receipt::new((), from, Some(to), revert.gas_used(), Vec::new());
                    receipt.hash = Some(hash);
                    receipt.block_number = Some(number);
                    Lookup::Reverted(Box::new(receipt), revert)
                }
                Err(err) => {
                    return Err(ApiError::conflict(Words::new("api.notMined").arg("error", err), None));
                }
            };
            ledger.receipts.insert(hash, lookup);
            Ok(hash)
        })
        .await?
    }

    pub(super) async fn call(&self, to: Address, data: Bytes) -> Result<Bytes, ReadError> {
        self.run(move |ledger| ledger.chain.call_data(to, data))
            .await
            .map_err(|_| ReadError::Failed(Words::new("api.chainStopped").into()))?
            .map_err(|err| match err {
                TxError::Reverted(revert) => ReadError::Refused(revert.data().clone()),
                other => ReadError::Failed(other.to_string().into()),
            })
    }

    pub(super) async fn lookup(&self, hash: B256) -> Result<Lookup, ApiError> {
        self.run(move |ledger| ledger.receipts.get(&hash).cloned().unwrap_or(Lookup::Unknown))
            .await
    }

    /// How PvP game `game` ended, from the `GameEnded` event among the receipts kept; none while it is played.
    pub(super) async fn ending(&self, game: u64) -> Option<EndReason> {
        let pvp = self.contracts.pvp;
        self.run(move |ledger| {
            ledger.receipts.values().find_map(|lookup| match lookup {
                Lookup::Mined(receipt) if receipt.to == Some(pvp) => {
                    receipt.events.iter().find_map(|event| match event {
                        GameEvent::Pvp(ITicTacToeEvents::GameEnded(e)) if e.gameId == U256::from(game) => {
                            Some(e.reason)
                        }
                        _ => None,
                    })
                }
                _ => None,
            })
        })
        .await
        .ok()
        .flatten()
    }

    pub(super) async fn head(&self) -> Result<Head, ApiError> {
        self.run(|ledger| Head {
            number: ledger.chain.block_number(),
            // The chain's clock moves only with transactions; the page counts down against the wall clock.
            timestamp: now().max(ledger.chain.timestamp()),
        })
        .await
    }

    pub(super) async fn balance(&self, account: Address) -> Result<U256, ApiError> {
        self.run(move |ledger| ledger.chain.balance(account)).await
    }
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
