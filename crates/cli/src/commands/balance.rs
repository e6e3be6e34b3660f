//! `pvp balance`: what an account can withdraw from every TicTacToe deployment recorded on the chain, so that
//! credit left in an older deployment (the sources changed, `deploy` ran again) is never out of sight.

use alloy_primitives::{Address, U256, keccak256};
use alloy_sol_types::SolCall;
use clap::Args;
use marubatsu_chain::bindings::ITicTacToe;
use marubatsu_chain::{compiler::PVP_CONTRACT, evm::Transactor};
use marubatsu_client::{Error as DeployError, games::PvpContract, rpc::Target};
use serde::Serialize;

use super::network::{Chain, TargetArgs};
use marubatsu_chain::amounts::ether_and_wei;

use crate::{json, output::print_json};

#[derive(Debug, Args)]
pub(crate) struct BalanceArgs {
    /// The account (default: the sender the wallet options name, or --local-account).
    #[arg(value_name = "ACCOUNT")]
    holder: Option<Address>,
    #[command(flatten)]
    target: TargetArgs,
}

/// One deployment and what the account can take from it.
#[derive(Serialize)]
struct Entry {
    address: String,
    /// The record's current deployment.
    current: bool,
    /// Its code is today's compiled TicTacToe.
    same_code_as_sources: bool,
    /// Wei, as a decimal string; none when it could not be read (see `problem`).
    withdrawable: Option<String>,
    problem: Option<String>,
}

#[derive(Serialize)]
struct Listing {
    chain_id: u64,
    account: String,
    deployments: Vec<Entry>,
    /// The sum over the deployments, in wei, as a decimal string.
    total: String,
}

impl BalanceArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let Chain {
            mut chain,
            contracts,
            deployments,
        } = self.target.open_chain(false)?;
        let account = match self.holder.or(chain.sender()) {
            Some(account) => account,
            None => eyre::bail!(
                "whose balance? name the account (`marubatsu pvp balance 0x…`) or a wallet (--account, \
                 --private-key, …)"
            ),
        };
        let chain_id = chain.chain_id();
        let compiled = contracts.get(PVP_CONTRACT)?.deployed_code_hash();
        // Address, whether current, the recorded code hash, whether the recorded ABI lacks pendingBalance.
        let recorded: Vec<(Address, bool, alloy_primitives::B256, bool)> = match &chain {
            Target::Local(local) => local
                .address_of(PVP_CONTRACT)
                .map(|address| (address, true, compiled, false))
                .into_iter()
                .collect(),
            Target::Rpc(_) => {
                let record = deployments.load(chain_id)?;
                let listed = record
                    .as_ref()
                    .map(|r| r.deployments_of(PVP_CONTRACT))
                    .unwrap_or_default();
                if listed.is_empty() {
                    return Err(DeployError::NotDeployed {
                        contract: PVP_CONTRACT,
                        chain_id,
                        path: deployments.path(chain_id),
                    }
                    .into());
                }
                listed
                    .into_iter()
                    .map(|(r, current)| {
                        let lacks = r.has_function(ITicTacToe::pendingBalanceCall::SIGNATURE) == Some(false);
                        (r.address, current, r.deployed_code_hash, lacks)
                    })
                    .collect()
            }
        };
        let mut total = U256::ZERO;
        let mut entries = Vec::new();
        for (address, current, recorded_hash, lacks_view) in recorded {
            let code_hash = keccak256(chain.code(address)?);
            let problem = if code_hash == keccak256([]) {
                Some("no code at this address any more".to_owned())
            } else if code_hash != recorded_hash {
                Some(format!("holds other code than recorded (code hash {code_hash})"))
            } else if lacks_view {
                Some("its recorded ABI has no pendingBalance(address)".to_owned())
            } else {
                None
            };
            let withdrawable = match problem {
                None => {
                    let amount = PvpContract(address).pending_balance(&mut chain, account)?;
                    total += amount;
                    Some(amount)
                }
                Some(_) => None,
            };
            entries.push((address, current, code_hash == compiled, withdrawable, problem));
        }

        if self.target.json {
            return print_json(&Listing {
                chain_id,
                account: json::address(account),
                deployments: entries
                    .into_iter()
                    .map(|(address, current, same, withdrawable, problem)| Entry {
                        address: json::address(address),
                        current,
                        same_code_as_sources: same,
                        withdrawable: withdrawable.map(|w| w.to_string()),
                        problem,
                    })
                    .collect(),
                total: total.to_string(),
            });
        }
        println!("what {account} can withdraw from TicTacToe on chain {chain_id}:");
        let mut older_credit = None;
        for (address, current, same, withdrawable, problem) in &entries {
            let which = match (current, same) {
                (true, true) => "current deployment",
                (true, false) => "current deployment; its code differs from today's sources",
                (false, true) => "older deployment, same code as today's sources",
                (false, false) => "older deployment; its code differs from today's sources",
            };
            match (withdrawable, problem) {
                (Some(amount), _) => {
                    println!("  {address}  {}  ({which})", ether_and_wei(*amount));
                    if !current && !amount.is_zero() {
                        older_credit.get_or_insert(*address);
                    }
                }
                (None, Some(problem)) => println!("  {address}  unreadable: {problem}  ({which})"),
                (None, None) => {}
            }
        }
        println!("total: {}", ether_and_wei(total));
        if let Some(address) = older_credit {
            println!("take credit from an older deployment with `marubatsu pvp withdraw --address {address}`");
        }
        Ok(())
    }
}
