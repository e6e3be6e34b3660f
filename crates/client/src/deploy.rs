//! `deploy`: put the compiled game contracts on a chain, once, and record where they are.

use std::path::PathBuf;

use alloy_primitives::{Address, B256, Bytes, TxKind, U256, keccak256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{
    bindings::ITicTacToe,
    compiler::{CompiledContract, ContractSet, OPTIMIZER_RUNS},
    evm::Transactor,
    pvp::pvp_creation_code,
};
use serde::Serialize;

use crate::{
    error::Error,
    games::PvpContract,
    journal::{Journal, LoggedReceipt, LoggedTx, TxState},
    rpc::{GasEstimate, Rpc},
};

pub use crate::chain_pace::DefaultClaimBlocks;
pub use crate::record::{
    ContractRecord, DEFAULT_DEPLOYMENTS_DIR, DEPLOYMENTS_VAR, DeploymentRecord, Deployments, PastDeployment,
};

/// The contracts `deploy` puts on a chain, in this order. Both use the `Board` library internally (its
/// functions are inlined), so there is nothing to link.
pub const DEPLOYED_CONTRACTS: [&str; 2] = [SOLO_CONTRACT, PVP_CONTRACT];
use marubatsu_chain::compiler::{PVP_CONTRACT, SOLO_CONTRACT};

/// What `deploy` is asked to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeployOptions {
    /// Send the transactions; without it only simulate (estimate) and report the plan.
    pub broadcast: bool,
    /// Deploy again even where the record shows the same code already deployed.
    pub force: bool,
    /// The blocks a TicTacToe timeout claim needs after the turn began (its constructor argument); `None` for the
    /// chain's default ([`DefaultClaimBlocks`]: none on a local development chain, else enough blocks of the
    /// chain's pace to span 12.8 minutes, at least 64).
    pub claim_blocks: Option<u32>,
}

/// What happened to one contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum ContractStatus {
    /// The recorded address holds this exact code: nothing was sent.
    Existing,
    /// Dry run: it would be deployed at the predicted address for about this much.
    Planned {
        /// `eth_estimateGas` of the creation.
        estimated_gas: u64,
        /// The gas limit that would be set.
        gas_limit: u64,
        /// The max fee per gas that would be offered, in wei.
        #[serde(with = "crate::decimal::u128")]
        max_fee_per_gas: u128,
        /// gas limit × max fee per gas: the most it could cost.
        #[serde(with = "crate::decimal::u256")]
        max_cost: U256,
    },
    /// Its creation, sent by an earlier run, is still waiting to be mined (dry run only: a broadcast waits for
    /// it, or stops). Nothing will be sent for it.
    Pending {
        /// The deployer's nonce the creation uses.
        nonce: u64,
    },
    /// Deployed now.
    Deployed {
        /// Gas the creation used.
        gas_used: u64,
        /// The price paid per gas, in wei.
        #[serde(with = "crate::decimal::u128")]
        effective_gas_price: u128,
        /// gas used × effective gas price, in wei.
        #[serde(with = "crate::decimal::u256")]
        cost: U256,
    },
}

/// One contract of a deployment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ContractOutcome {
    /// The contract's name.
    pub name: String,
    /// Where it is (or, in a dry run, where it would be).
    #[serde(with = "crate::checksum::address")]
    pub address: Address,
    /// The creation transaction, once there is one.
    pub transaction_hash: Option<B256>,
    /// Its block.
    pub block_number: Option<u64>,
    /// keccak256 of the runtime code.
    pub deployed_code_hash: B256,
    /// What happened.
    #[serde(flatten)]
    pub status: ContractStatus,
}

/// The result of `deploy`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeployReport {
    /// The chain.
    pub chain_id: u64,
    /// The signer.
    #[serde(with = "crate::checksum::address")]
    pub deployer: Address,
    /// False for a dry run.
    pub broadcast: bool,
    /// The solc that compiled the contracts.
    pub compiler_version: String,
    /// The blocks a TicTacToe timeout claim needs after the turn began: what this run deploys it with (a recorded
    /// deployment with another count is replaced).
    pub claim_blocks: u32,
    /// Each contract, in deployment order.
    pub contracts: Vec<ContractOutcome>,
    /// The deployer's balance before anything was sent, in wei.
    #[serde(with = "crate::decimal::u256")]
    pub balance_before: U256,
    /// Dry run: the most the planned transactions could cost; broadcast: what they cost.
    #[serde(with = "crate::decimal::u256")]
    pub total_cost: U256,
    /// Whether the balance covers `total_cost` (always true after a broadcast).
    pub enough_funds: bool,
    /// The deployment record (written only by a broadcast that deployed something).
    pub record: PathBuf,
    /// This run's file in the broadcast log (a broadcast only).
    pub broadcast_log: Option<PathBuf>,
    /// Transactions earlier runs left pending, as they stand now (settled first, before anything is sent).
    pub settled: Vec<LoggedTx>,
    /// The recorded contracts this run replaces (or would), with the players' money and games still in them.
    pub replaced: Vec<Replaced>,
}

/// A recorded deployment that a new one replaces in the record: it stays on chain, and what players have there
/// is still theirs (reached with `--address`), so the deployer is told how much that is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replaced {
    /// The contract's name.
    pub name: String,
    /// Where the replaced deployment is.
    #[serde(with = "crate::checksum::address")]
    pub address: Address,
    /// The ether it holds (stakes and uncollected credit), in wei.
    #[serde(with = "crate::decimal::u256")]
    pub balance: U256,
    /// TicTacToe only: its games that are open or being played, among the latest [`SCANNED_GAMES`].
    pub unfinished_games: Option<u64>,
}

/// How many of a replaced TicTacToe's latest games are read to count the unfinished ones (one call each).
pub const SCANNED_GAMES: u64 = 256;

impl DeployReport {
    /// True when nothing needed deploying.
    pub fn up_to_date(&self) -> bool {
        self.contracts.iter().all(|c| c.status == ContractStatus::Existing)
    }
}

/// One contract to deploy: its name in the record, its compiled code, what its creation sends (constructor
/// arguments appended) and how it was built, for the record.
#[derive(Clone, Debug)]
pub struct Deployable {
    /// The name it is recorded under (the contract's name).
    pub name: String,
    /// Its compiled code and ABI.
    pub compiled: CompiledContract,
    /// The creation transaction's data: the creation code with the constructor's arguments.
    pub creation_code: Bytes,
    /// The compiler's version, as the record keeps it.
    pub compiler_version: String,
    /// The optimizer's runs (`None`: the optimizer was off).
    pub optimizer_runs: Option<usize>,
    /// The EVM version compiled for.
    pub evm_version: String,
}

impl Deployable {
    /// The shipped pair ([`DEPLOYED_CONTRACTS`]) from `contracts`, TicTacToe created with `claim_blocks`.
    pub fn shipped(contracts: &ContractSet, claim_blocks: u32) -> Result<Vec<Deployable>, Error> {
        DEPLOYED_CONTRACTS
            .iter()
            .map(|&name| {
                let compiled = contracts.get(name)?;
                Ok(Deployable {
                    name: name.to_owned(),
                    compiled: compiled.clone(),
                    creation_code: creation_code(name, compiled, claim_blocks),
                    compiler_version: contracts.solc_version().to_owned(),
                    optimizer_runs: Some(OPTIMIZER_RUNS),
                    evm_version: marubatsu_chain::compiler::EVM_VERSION.as_str().to_owned(),
                })
            })
            .collect()
    }
}

/// Deploys [`DEPLOYED_CONTRACTS`] from the signer of `rpc`, or in a dry run estimates what that would do: see
/// [`deploy_contracts`].
pub fn deploy(
    rpc: &mut Rpc,
    contracts: &ContractSet,
    deployments: &Deployments,
    options: DeployOptions,
) -> Result<DeployReport, Error> {
    let claim_blocks = options
        .claim_blocks
        .unwrap_or_else(|| DefaultClaimBlocks::for_chain(rpc.chain_id()).count);
    deploy_contracts(
        rpc,
        &Deployable::shipped(contracts, claim_blocks)?,
        deployments,
        options,
    )
}

/// Deploys `plan` from the signer of `rpc`, in order, or in a dry run estimates what that would do.
///
/// First every transaction of the signer that an earlier run left pending in the broadcast log ([`Journal`]) is
/// settled: a mined creation is recorded, a pending one is waited for (and, if it is still pending after the
/// receipt timeout, the run stops with [`Error::ReceiptTimeout`] rather than send a second creation). Another
/// account's pending transactions are left to their own commands. A dry run only looks.
///
/// A contract whose record entry points at code equal to the compiled runtime code is left alone unless
/// `options.force`. Before sending anything the signer's balance must cover every planned transaction at its
/// gas limit and max fee ([`Error::InsufficientFunds`]). Each creation is written to the broadcast log before it
/// is sent and the record is saved after each deployment, so a failure halfway keeps what was done.
pub fn deploy_contracts(
    rpc: &mut Rpc,
    plan: &[Deployable],
    deployments: &Deployments,
    options: DeployOptions,
) -> Result<DeployReport, Error> {
    let deployer = rpc.require_signer()?;
    let chain_id = rpc.chain_id();
    let claim_blocks = options
        .claim_blocks
        .unwrap_or_else(|| DefaultClaimBlocks::for_chain(chain_id).count);
    let mut record = deployments
        .load(chain_id)?
        .unwrap_or_else(|| DeploymentRecord::empty(chain_id));
    let mut journal = Journal::new(deployments.dir(), chain_id);
    if options.broadcast {
        journal.start(chain_id)?;
    }
    let settled = settle(rpc, plan, deployments, &mut journal, &mut record, options)?;

    let mut outcomes: Vec<Option<ContractOutcome>> = Vec::new();
    let mut to_deploy = Vec::new();
    for deployable in plan {
        let name = deployable.name.as_str();
        let hash = deployable.compiled.deployed_code_hash();
        let pending = settled
            .iter()
            .find(|s| s.state == TxState::Pending && s.contract.as_deref() == Some(name));
        let existing = match (pending, record.contracts.get(name)) {
            // A dry run only: a broadcast has waited for every pending creation or stopped.
            (Some(pending), _) => Some(ContractOutcome {
                name: name.to_owned(),
                address: pending.contract_address.unwrap_or_default(),
                transaction_hash: Some(pending.hash),
                block_number: None,
                deployed_code_hash: hash,
                status: ContractStatus::Pending { nonce: pending.nonce },
            }),
            (None, Some(entry)) if !options.force && entry.deployed_code_hash == hash => {
                let code = rpc.code(entry.address)?;
                // The same code asking for another count of claim blocks is another deployment: the count is in
                // its storage, not its code.
                let same_terms = keccak256(&code) == hash
                    && (name != PVP_CONTRACT || PvpContract(entry.address).claim_blocks(rpc)? == claim_blocks);
                same_terms.then(|| ContractOutcome {
                    name: name.to_owned(),
                    address: entry.address,
                    transaction_hash: Some(entry.transaction_hash),
                    block_number: Some(entry.block_number),
                    deployed_code_hash: hash,
                    status: ContractStatus::Existing,
                })
            }
            _ => None,
        };
        if existing.is_none() {
            to_deploy.push((outcomes.len(), deployable));
        }
        outcomes.push(existing);
    }

    let replaced = replaced(rpc, &record, &to_deploy)?;
    let balance_before = rpc.balance(deployer)?;
    let mut estimates: Vec<GasEstimate> = Vec::new();
    for (_, deployable) in &to_deploy {
        estimates.push(rpc.estimate(
            &format!("deployment of {}", deployable.name),
            TxKind::Create,
            deployable.creation_code.clone(),
            U256::ZERO,
        )?);
    }
    let max_total: U256 = estimates.iter().map(GasEstimate::max_fee).sum();

    if !options.broadcast {
        let nonce = rpc.next_nonce()?;
        for (i, ((slot, deployable), estimate)) in to_deploy.iter().zip(&estimates).enumerate() {
            outcomes[*slot] = Some(ContractOutcome {
                name: deployable.name.clone(),
                address: deployer.create(nonce + i as u64),
                transaction_hash: None,
                block_number: None,
                deployed_code_hash: deployable.compiled.deployed_code_hash(),
                status: ContractStatus::Planned {
                    estimated_gas: estimate.estimated_gas,
                    gas_limit: estimate.gas_limit,
                    max_fee_per_gas: estimate.max_fee_per_gas,
                    max_cost: estimate.max_fee(),
                },
            });
        }
        return Ok(DeployReport {
            chain_id,
            deployer,
            broadcast: false,
            compiler_version: compiler_versions(plan),
            claim_blocks,
            contracts: outcomes.into_iter().flatten().collect(),
            balance_before,
            total_cost: max_total,
            enough_funds: balance_before >= max_total,
            record: deployments.path(chain_id),
            broadcast_log: None,
            settled,
            replaced,
        });
    }

    if !to_deploy.is_empty() {
        rpc.ensure_funds(max_total, &format!("deploying {} contract(s)", to_deploy.len()))?;
    }
    let mut total_cost = U256::ZERO;
    for ((slot, deployable), estimate) in to_deploy.iter().zip(&estimates) {
        let name = deployable.name.as_str();
        let what = format!("deployment of {name}");
        let mut sent = None;
        let code = deployable.creation_code.clone();
        let result = rpc.send_recorded(&what, TxKind::Create, code, U256::ZERO, estimate, &mut |tx| {
            sent = Some(tx.clone());
            journal.sent(&what, Some(name), tx)
        });
        let report = match (result, &sent) {
            (Ok(report), Some(tx)) => {
                journal.mined(tx.hash, &report, true)?;
                report
            }
            (Ok(report), None) => report,
            (Err(Error::ReceiptTimeout { seconds, .. }), Some(tx)) => {
                return Err(Error::pending_in_log(
                    &what,
                    tx.hash,
                    tx.nonce,
                    seconds,
                    &journal.current_path().unwrap_or_default(),
                ));
            }
            (Err(err), _) => return Err(err),
        };
        let address = report.contract_address.ok_or_else(|| Error::Rpc {
            url: rpc.url().to_owned(),
            action: "eth_getTransactionReceipt",
            reason: format!("the receipt of the {what} names no contract address"),
        })?;
        let hash = deployable.compiled.deployed_code_hash();
        let code = rpc.code(address)?;
        if keccak256(&code) != hash {
            return Err(Error::NotTheContract {
                address,
                chain_id,
                problem: format!(
                    "holds code with hash {} after the {what}, not the compiled {hash}",
                    keccak256(&code)
                ),
            });
        }
        let transaction_hash = report.hash.unwrap_or_default();
        let block_number = report.block_number.unwrap_or_default();
        record.insert(
            name,
            ContractRecord {
                address,
                transaction_hash,
                block_number,
                deployer,
                gas_used: report.gas_used,
                deployed_code_hash: hash,
                compiler_version: deployable.compiler_version.clone(),
                optimizer_runs: deployable.optimizer_runs.unwrap_or_default(),
                evm_version: deployable.evm_version.clone(),
                abi: Some(deployable.compiled.abi.clone()),
            },
        );
        deployments.save(&record)?;
        total_cost += report.cost();
        outcomes[*slot] = Some(ContractOutcome {
            name: name.to_owned(),
            address,
            transaction_hash: Some(transaction_hash),
            block_number: Some(block_number),
            deployed_code_hash: hash,
            status: ContractStatus::Deployed {
                gas_used: report.gas_used,
                effective_gas_price: report.effective_gas_price,
                cost: report.cost(),
            },
        });
    }
    Ok(DeployReport {
        chain_id,
        deployer,
        broadcast: true,
        compiler_version: compiler_versions(plan),
        claim_blocks,
        contracts: outcomes.into_iter().flatten().collect(),
        balance_before,
        total_cost,
        enough_funds: true,
        record: deployments.path(chain_id),
        broadcast_log: journal.current_path(),
        settled,
        replaced,
    })
}

/// The recorded deployments that the contracts in `to_deploy` replace, where they still hold their code: their
/// ether, and for TicTacToe the unfinished games among the latest [`SCANNED_GAMES`].
fn replaced(
    rpc: &mut Rpc,
    record: &DeploymentRecord,
    to_deploy: &[(usize, &Deployable)],
) -> Result<Vec<Replaced>, Error> {
    let mut replaced = Vec::new();
    for (_, deployable) in to_deploy {
        let name = deployable.name.as_str();
        let Some(entry) = record.contracts.get(name) else {
            continue;
        };
        if keccak256(rpc.code(entry.address)?) != entry.deployed_code_hash {
            continue;
        }
        let unfinished_games = if name == PVP_CONTRACT
            && entry.has_function(ITicTacToe::getGameCall::SIGNATURE) != Some(false)
            && entry.has_function(ITicTacToe::nextGameIdCall::SIGNATURE) != Some(false)
        {
            let pvp = PvpContract(entry.address);
            let next: u64 = pvp.next_game_id(rpc)?.saturating_to();
            let mut unfinished = 0;
            for id in next.saturating_sub(SCANNED_GAMES).max(1)..next {
                let status = pvp.game(rpc, U256::from(id))?.status;
                if matches!(status, ITicTacToe::Status::Open | ITicTacToe::Status::Active) {
                    unfinished += 1;
                }
            }
            Some(unfinished)
        } else {
            None
        };
        replaced.push(Replaced {
            name: name.to_owned(),
            address: entry.address,
            balance: rpc.balance(entry.address)?,
            unfinished_games,
        });
    }
    Ok(replaced)
}

/// What creating contract `name` sends: its compiled creation code, with TicTacToe's `claimBlocks` appended.
pub fn creation_code(name: &str, compiled: &CompiledContract, claim_blocks: u32) -> Bytes {
    if name == PVP_CONTRACT {
        pvp_creation_code(compiled, claim_blocks)
    } else {
        compiled.bytecode.clone()
    }
}

/// Settles what earlier runs left pending: returns each such transaction as it now stands. A mined creation is
/// added to `record` (and saved, in a broadcast); in a broadcast a pending one is waited for, and one still
/// pending after the receipt timeout stops the run.
fn settle(
    rpc: &mut Rpc,
    plan: &[Deployable],
    deployments: &Deployments,
    journal: &mut Journal,
    record: &mut DeploymentRecord,
    options: DeployOptions,
) -> Result<Vec<LoggedTx>, Error> {
    let mut settled = Vec::new();
    let deployer = rpc.require_signer()?;
    // Another account's pending transaction is its own command's to settle: it never holds this deployment up.
    for (run, mut tx) in journal.pending()?.into_iter().filter(|(_, tx)| tx.from == deployer) {
        let mut outcome = rpc.receipt(tx.hash)?;
        if outcome.is_none() && rpc.transaction_known(tx.hash)? {
            if !options.broadcast {
                settled.push(tx);
                continue;
            }
            outcome = match rpc.await_receipt(&tx.purpose, tx.hash) {
                Ok(outcome) => Some(outcome),
                Err(Error::ReceiptTimeout { seconds, .. }) => {
                    return Err(Error::pending_in_log(
                        &tx.purpose,
                        tx.hash,
                        tx.nonce,
                        seconds,
                        &journal.dir().join(format!("run-{run}.json")),
                    ));
                }
                Err(err) => return Err(err),
            };
        }
        let (state, receipt, block) = match &outcome {
            Some((report, success)) => (
                if *success { TxState::Mined } else { TxState::Reverted },
                Some(LoggedReceipt::from_report(report)),
                report.block_number.unwrap_or_default(),
            ),
            None => {
                // Neither mined nor known: the node dropped it. Its nonce is either free again (then nothing
                // of it can ever land) or taken by a later transaction; a creation that landed anyway shows as
                // code at its address.
                let landed = match tx.contract_address {
                    Some(address) if rpc.mined_nonce(tx.from)? > tx.nonce => !rpc.code(address)?.is_empty(),
                    _ => false,
                };
                let state = if landed { TxState::Mined } else { TxState::Dropped };
                (state, None, 0)
            }
        };
        tx.state = state;
        tx.receipt = receipt.clone();
        if let (TxState::Mined, Some(name), Some(address)) = (state, tx.contract.clone(), tx.contract_address) {
            let code_hash = keccak256(rpc.code(address)?);
            // Earlier runs may have deployed another contract than this run's plan names (`--contract`): it is
            // recorded all the same, and described only when this plan builds the same code.
            let built = plan
                .iter()
                .find(|d| d.name == name && d.compiled.deployed_code_hash() == code_hash);
            record.insert(
                &name,
                ContractRecord {
                    address,
                    transaction_hash: tx.hash,
                    block_number: block,
                    deployer: tx.from,
                    gas_used: receipt.as_ref().map(|r| r.gas_used).unwrap_or_default(),
                    deployed_code_hash: code_hash,
                    compiler_version: built.map_or_else(
                        || "unknown (the sources changed since this creation was sent)".to_owned(),
                        |d| d.compiler_version.clone(),
                    ),
                    optimizer_runs: built.and_then(|d| d.optimizer_runs).unwrap_or_default(),
                    evm_version: built.map_or_else(String::new, |d| d.evm_version.clone()),
                    abi: built.map(|d| d.compiled.abi.clone()),
                },
            );
            if options.broadcast {
                deployments.save(record)?;
            }
        }
        if options.broadcast {
            journal.settle(run, tx.hash, state, receipt)?;
        }
        settled.push(tx);
    }
    Ok(settled)
}

/// The address of `contract` for the game commands: `explicit` if given, else the record's; either way it must
/// hold exactly the compiled runtime code, so a stale record or a wrong address fails before any transaction.
/// [`locate_contract`] also accepts an older recorded deployment.
pub fn resolve_contract<T: Transactor<Error = Error>>(
    chain: &mut T,
    contracts: &ContractSet,
    deployments: &Deployments,
    contract: &'static str,
    explicit: Option<Address>,
) -> Result<Address, Error> {
    let located = locate_contract(chain, contracts, deployments, contract, explicit, &[])?;
    match located.older {
        None => Ok(located.address),
        Some(older) => Err(Error::NotTheContract {
            address: located.address,
            chain_id: chain.chain_id(),
            problem: format!(
                "holds other code than the compiled {contract} (code hash {}, expected {}); \
                 the sources changed since it was deployed",
                older.code_hash, older.compiled_hash
            ),
        }),
    }
}

/// A game contract found on a chain by [`locate_contract`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Its address.
    pub address: Address,
    /// Set when it is an older deployment, recorded on this chain, whose code differs from today's sources.
    pub older: Option<OlderDeployment>,
    /// Set (to its code hash) when no record knows the code but it answers the interface: a contract of the
    /// user's own, or one deployed by another tool.
    pub unrecorded: Option<B256>,
}

/// A recorded deployment whose code differs from today's compiled contract: still playable through today's
/// interface, as far as its recorded ABI has the functions called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OlderDeployment {
    /// What the record says of it.
    pub record: ContractRecord,
    /// Whether it is the record's current deployment (the sources changed and nothing was redeployed yet).
    pub current: bool,
    /// keccak256 of the code at its address (equal to the recorded hash).
    pub code_hash: B256,
    /// keccak256 of today's compiled runtime code.
    pub compiled_hash: B256,
}

impl Located {
    /// What to tell the player before using an older deployment, in words; none for today's code.
    pub fn notice(&self, contract: &str) -> Option<String> {
        if let Some(code_hash) = self.unrecorded {
            return Some(format!(
                "the contract at {} is not a recorded deployment (code hash {code_hash}); it answers the calls of \
                 {}, so it is played through that interface",
                self.address,
                crate::probe::interface_file(contract)
            ));
        }
        let older = self.older.as_ref()?;
        let which = if older.current {
            "the recorded deployment"
        } else {
            "an older recorded deployment"
        };
        Some(format!(
            "{contract} at {} is {which} (block {}, compiled by solc {}): its code differs from today's sources \
             (code hash {}, today's {}); it is called as its recorded ABI says",
            self.address,
            older.record.block_number,
            older.record.compiler_version,
            older.code_hash,
            older.compiled_hash
        ))
    }
}

/// Finds `contract` for the game commands: at `explicit` if given, else at the record's current deployment.
/// Today's compiled code is accepted, and so is the code of any deployment of `contract` that the record of this
/// chain keeps (its history included), so that credit in an older deployment stays reachable after the sources
/// change; each function in `needs` (e.g. `withdraw()`) must then be in that deployment's recorded ABI, when one
/// is recorded. At an `explicit` address, code nobody recorded is accepted when it answers the interface's
/// read-only calls (a contract of the user's own). An address without code is refused, and so is unrecorded
/// code that does not answer.
pub fn locate_contract<T: Transactor<Error = Error>>(
    chain: &mut T,
    contracts: &ContractSet,
    deployments: &Deployments,
    contract: &'static str,
    explicit: Option<Address>,
    needs: &[&str],
) -> Result<Located, Error> {
    let chain_id = chain.chain_id();
    let address = match explicit {
        Some(address) => address,
        None => deployments.address_of(chain_id, contract)?,
    };
    let code = chain.code(address)?;
    let compiled_hash = contracts.get(contract)?.deployed_code_hash();
    if code.is_empty() {
        return Err(Error::NotTheContract {
            address,
            chain_id,
            problem: format!(
                "has no code, so it is not a {contract} (a record from an earlier chain? redeploy with \
                 `marubatsu deploy --broadcast`)"
            ),
        });
    }
    let code_hash = keccak256(&code);
    if code_hash == compiled_hash {
        return Ok(Located {
            address,
            older: None,
            unrecorded: None,
        });
    }
    let record = deployments.load(chain_id)?;
    let recorded = record.as_ref().and_then(|record| {
        record
            .deployments_of(contract)
            .into_iter()
            .find(|(r, _)| r.address == address && r.deployed_code_hash == code_hash)
            .map(|(r, current)| (r.clone(), current))
    });
    let Some((recorded, current)) = recorded else {
        let records = deployments.path(chain_id);
        let problem = match explicit {
            None => format!(
                "holds other code than the compiled {contract} (code hash {code_hash}, expected {compiled_hash}), \
                 and no deployment of {contract} with that code is recorded in {}: the record is not this chain's",
                records.display()
            ),
            Some(_) => match crate::probe::unanswered(chain, contract, address)? {
                None => {
                    return Ok(Located {
                        address,
                        older: None,
                        unrecorded: Some(code_hash),
                    });
                }
                Some(unanswered) => format!(
                    "holds other code than the compiled {contract} (code hash {code_hash}), no deployment with \
                     that code is recorded in {}, and it does not speak {}: {unanswered}",
                    records.display(),
                    crate::probe::interface_file(contract)
                ),
            },
        };
        return Err(Error::NotTheContract {
            address,
            chain_id,
            problem,
        });
    };
    if let Some(missing) = needs.iter().find(|f| recorded.has_function(f) == Some(false)) {
        return Err(Error::NotTheContract {
            address,
            chain_id,
            problem: format!(
                "is an older deployment of {contract} whose recorded ABI has no {missing}, which this \
                 version of marubatsu would call"
            ),
        });
    }
    Ok(Located {
        address,
        unrecorded: None,
        older: Some(OlderDeployment {
            record: recorded,
            current,
            code_hash,
            compiled_hash,
        }),
    })
}

/// The compiler versions of a plan, as the report names them: one, or each distinct one joined.
fn compiler_versions(plan: &[Deployable]) -> String {
    let mut versions: Vec<&str> = plan.iter().map(|d| d.compiler_version.as_str()).collect();
    versions.dedup();
    versions.join(", ")
}
