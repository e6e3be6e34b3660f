use std::path::PathBuf;

use clap::Args;
use eyre::WrapErr;
use marubatsu_chain::{
    amounts::ether_and_wei,
    pvp::{CENSOR_SECONDS, MAX_CLAIM_BLOCKS},
};
use marubatsu_chain::{compiler::PVP_CONTRACT, evm::Transactor};
use marubatsu_client::{
    deploy::{
        ContractStatus, DEPLOYED_CONTRACTS, DEPLOYMENTS_VAR, DefaultClaimBlocks, DeployOptions, DeployReport,
        Deployable, Replaced, SCANNED_GAMES, deploy_contracts,
    },
    journal::TxState,
    local::LOCAL_STATE_VAR,
    rpc::ensure_testnet,
};
use serde::Serialize;

use super::network::{RpcArgs, WalletArgs, connect, deployments, open_local};
use crate::{
    cli::{CompilerArgs, Place},
    contract_args::ContractArgs,
    game_view::{gwei, thousands},
    output::print_json,
};

/// Deploy a contract of your own (--contract), or SoloTicTacToe and TicTacToe as shipped in this binary — the
/// bytecode the proofs ran — to a chain, and record where they are.
///
/// It says which bytecode it deploys (where it came from and its code hash) and checks that the chain holds
/// exactly that code afterwards. In a folder whose contracts/ differs from the shipped sources it refuses to
/// choose: say --contract, --root (compile contracts/ here) or --shipped.
///
/// Without --broadcast this is a dry run: it estimates every transaction against the node and prints the plan
/// (predicted addresses, gas, the most it can cost), and sends nothing. With --broadcast it sends them, waits
/// for the receipts and writes deployments/<chain id>.json, which `solo` and `pvp` read. Run again, it finds
/// the same code at the recorded addresses and sends nothing unless --force.
#[derive(Debug, Args)]
pub(crate) struct DeployArgs {
    #[command(flatten)]
    rpc: RpcArgs,
    #[command(flatten)]
    wallet: WalletArgs,
    #[command(flatten)]
    compiler: CompilerArgs,
    #[command(flatten)]
    contract: ContractArgs,
    /// Deploy the contracts shipped in this binary even where the folder's contracts/ differs from them.
    #[arg(long, conflicts_with_all = ["contract", "root", "solc"])]
    shipped: bool,
    /// Send the transactions (without it: a dry run).
    #[arg(long)]
    broadcast: bool,
    /// Deploy again even where the record shows the same code already deployed.
    #[arg(long)]
    force: bool,
    /// Blocks a TicTacToe timeout claim needs after the turn began, besides the time limit, so that delaying a
    /// move costs a censor that many blocks (0 to 524287). Default: 0 on a local development chain (ids 31337
    /// and 1337, whose blocks are mined only for transactions); else enough blocks of the chain's block time
    /// (alloy-chains knows it for named chains) to span 12.8 minutes, at least 64 (64 where the pace is unknown).
    /// On a rollup the sequencer can censor whatever the count. A recorded TicTacToe with another count is
    /// replaced.
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "contract",
        value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_CLAIM_BLOCKS))
    )]
    claim_blocks: Option<u32>,
    /// Finish an interrupted broadcast: settle what earlier runs left pending, then deploy what is missing
    /// (every --broadcast does this first; --resume is --broadcast said explicitly).
    #[arg(long, conflicts_with = "force")]
    resume: bool,
    /// Deploy to a chain that is not a known testnet or development chain. Refused without it: staked play
    /// with real money is gambling under Japanese law (and in many other places).
    #[arg(long)]
    allow_mainnet: bool,
    /// Folder of deployment records (default deployments/ in the project folder, see --root).
    #[arg(long, value_name = "DIR", env = DEPLOYMENTS_VAR)]
    deployments: Option<PathBuf>,
    /// Show the embedded chain's contracts instead (they are deployed whenever it starts; see `marubatsu local`).
    #[arg(long, conflicts_with_all = ["private_key", "unlocked", "broadcast", "force", "resume", "claim_blocks"])]
    local: bool,
    /// With --local: the state file (default cache/marubatsu-local.json in the project folder, see --root).
    #[arg(long, value_name = "FILE", env = LOCAL_STATE_VAR, requires = "local")]
    state: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The contracts a run deploys: ready, or the shipped pair, whose TicTacToe's creation waits for the chain's
/// default claim blocks.
enum Plan {
    Ready(Vec<Deployable>),
    Shipped(marubatsu_chain::compiler::ContractSet),
}

#[derive(Serialize)]
struct LocalDeployment {
    chain_id: u64,
    state: String,
    contracts: Vec<LocalContract>,
}

#[derive(Serialize)]
struct LocalContract {
    name: &'static str,
    address: String,
}

impl DeployArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let place = self.compiler.place()?;
        if self.local {
            let contracts = self.compiler.contracts()?;
            return self.show_local(&contracts, &place);
        }
        let plan = self.plan(&place)?;
        let mut rpc = connect(&self.rpc, &self.wallet, true, &place)?;
        ensure_testnet(rpc.chain_id(), self.allow_mainnet)?;
        let records = deployments(self.deployments.clone(), &place);
        let options = DeployOptions {
            broadcast: self.broadcast || self.resume,
            force: self.force,
            claim_blocks: self.claim_blocks,
        };
        let plan = match plan {
            Plan::Ready(plan) => plan,
            Plan::Shipped(contracts) => {
                let claim_blocks = self
                    .claim_blocks
                    .unwrap_or_else(|| DefaultClaimBlocks::for_chain(rpc.chain_id()).count);
                Deployable::shipped(&contracts, claim_blocks)?
            }
        };
        let report = deploy_contracts(&mut rpc, &plan, &records, options)
            .wrap_err_with(|| format!("deploying to {}", rpc.url()))?;
        if self.json {
            print_json(&report)?;
        } else {
            print_report(&report, rpc.url());
        }
        // A dry run is the question "would this work?": when the balance cannot pay, the answer is no, and a
        // script that checks the exit code must hear it (forge script fails its simulation the same way).
        if !report.enough_funds {
            eyre::bail!(
                "the deployer {} has {} but the deployment could cost up to {}: fund it first",
                report.deployer,
                ether_and_wei(report.balance_before),
                ether_and_wei(report.total_cost)
            );
        }
        Ok(())
    }

    /// What this run deploys, said on stderr: the contract `--contract` names, the folder's contracts/ compiled
    /// (`--root`, `--solc`), or the shipped pair — never the shipped pair in place of a folder's edited sources.
    fn plan(&self, place: &Place) -> eyre::Result<Plan> {
        if let Some((resolved, deployable)) = self.contract.deployable(&self.compiler)? {
            eprintln!("deploying {resolved}");
            return Ok(Plan::Ready(vec![deployable]));
        }
        if !self.contract.constructor_args.is_empty() {
            eyre::bail!("--constructor-args needs --contract (the shipped contracts take none of their own)");
        }
        let changed = marubatsu_chain::compiler::shipped_sources_changed(place.dir())?;
        if !changed.is_empty() && !self.shipped && !self.compiler.compiles_sources() {
            let listed: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
            let first = &changed[0];
            let name = first.file_stem().and_then(|s| s.to_str()).unwrap_or("SoloTicTacToe");
            let differ = if changed.len() == 1 { "differs" } else { "differ" };
            eyre::bail!(
                "{} in {} {differ} from the source(s) of the contracts shipped in this binary, so deploy will not \
                 choose between them: say --contract {}:{name} to deploy your edit (one contract), --root {} to \
                 compile and deploy this folder's contracts/, or --shipped to deploy the shipped ones",
                listed.join(", "),
                place.dir().display(),
                first.display(),
                place.dir().display()
            );
        }
        let contracts = self.compiler.contracts()?;
        for name in DEPLOYED_CONTRACTS {
            let compiled = contracts.get(name)?;
            let origin = match contracts.solc() {
                marubatsu_chain::compiler::SolcSource::Shipped => "shipped in this binary".to_owned(),
                solc => format!(
                    "compiled from {} with solc {} ({solc})",
                    compiled.source.display(),
                    contracts.solc_version()
                ),
            };
            eprintln!(
                "deploying {name}: {origin}, code hash {}",
                compiled.deployed_code_hash()
            );
        }
        Ok(Plan::Shipped(contracts))
    }

    fn show_local(&self, contracts: &marubatsu_chain::compiler::ContractSet, place: &Place) -> eyre::Result<()> {
        let local = open_local(contracts, self.state.clone(), place, 0)?;
        let deployer = local.accounts()[0];
        let listed = LocalDeployment {
            chain_id: marubatsu_chain::evm::CHAIN_ID,
            state: local.path().display().to_string(),
            contracts: DEPLOYED_CONTRACTS
                .iter()
                .map(|&name| LocalContract {
                    name,
                    address: local.address_of(name).unwrap_or_default().to_string(),
                })
                .collect(),
        };
        if self.json {
            return print_json(&listed);
        }
        println!(
            "embedded chain {} (state {}): both contracts are deployed whenever it starts",
            listed.chain_id, listed.state
        );
        for contract in &listed.contracts {
            println!();
            println!("{}", contract.name);
            println!("Deployer: {deployer}");
            println!("Deployed to: {}", contract.address);
        }
        Ok(())
    }
}

fn print_report(report: &DeployReport, url: &str) {
    let mode = if report.broadcast {
        "deploying"
    } else {
        "dry run (nothing is sent; add --broadcast to deploy)"
    };
    println!(
        "{mode}: chain {} via {url}, solc {}",
        report.chain_id, report.compiler_version
    );
    if report.contracts.iter().any(|c| c.name == PVP_CONTRACT) {
        println!("{}", claim_blocks_words(report.claim_blocks, report.chain_id));
    }
    for tx in &report.settled {
        let state = match tx.state {
            TxState::Pending => "still pending (nothing more is sent for it)",
            TxState::Mined => "mined",
            TxState::Reverted => "reverted",
            TxState::Dropped => "dropped by the node (never mined; its nonce is free again)",
            TxState::Forgotten => "forgotten (marubatsu tx forget)",
        };
        println!(
            "earlier run: {} (transaction {}, nonce {}): {state}",
            tx.purpose, tx.hash, tx.nonce
        );
    }
    for contract in &report.contracts {
        println!();
        match &contract.status {
            ContractStatus::Existing => println!(
                "{}: already deployed with the same code; nothing sent (--force deploys again)",
                contract.name
            ),
            ContractStatus::Planned { .. } => println!("{}: would be deployed", contract.name),
            ContractStatus::Pending { nonce } => println!(
                "{}: its creation (nonce {nonce}) is pending; nothing will be sent for it",
                contract.name
            ),
            ContractStatus::Deployed { .. } => println!("{}: deployed", contract.name),
        }
        println!("Deployer: {}", report.deployer);
        match contract.status {
            ContractStatus::Planned { .. } | ContractStatus::Pending { .. } => {
                println!("Deployed to: {} (predicted)", contract.address)
            }
            _ => println!("Deployed to: {}", contract.address),
        }
        if let Some(hash) = contract.transaction_hash {
            println!("Transaction hash: {hash}");
        }
        if let Some(block) = contract.block_number {
            println!("Block: {block}");
        }
        match &contract.status {
            ContractStatus::Existing | ContractStatus::Pending { .. } => {}
            ContractStatus::Planned {
                estimated_gas,
                gas_limit,
                max_fee_per_gas,
                max_cost,
            } => println!(
                "Estimated gas: {} (limit {}) at up to {}: at most {}",
                thousands(*estimated_gas),
                thousands(*gas_limit),
                gwei(*max_fee_per_gas),
                ether_and_wei(*max_cost)
            ),
            ContractStatus::Deployed {
                gas_used,
                effective_gas_price,
                cost,
            } => println!(
                "Gas used: {} × {} = {}",
                thousands(*gas_used),
                gwei(*effective_gas_price),
                ether_and_wei(*cost)
            ),
        }
        println!("Code hash: {}", contract.deployed_code_hash);
    }
    for old in &report.replaced {
        println!();
        print_replaced(old, report.broadcast);
    }
    println!();
    if report.up_to_date() {
        println!(
            "nothing to deploy: the record {} matches the chain",
            report.record.display()
        );
    } else if report.broadcast {
        println!("Total cost: {}", ether_and_wei(report.total_cost));
        println!("Deployment record: {}", report.record.display());
    }
    if let Some(log) = &report.broadcast_log {
        println!("Broadcast log: {}", log.display());
    }
    if !report.up_to_date() && !report.broadcast {
        println!(
            "At most: {}; balance {} — {}",
            ether_and_wei(report.total_cost),
            ether_and_wei(report.balance_before),
            if report.enough_funds {
                "enough"
            } else {
                "NOT enough: fund the deployer first"
            }
        );
    }
}

/// What TicTacToe's count of claim blocks means on chain `chain_id`, in a sentence or two: against the chain's
/// default (its pace), and on a rollup, that its sequencer can censor whatever the count.
fn claim_blocks_words(count: u32, chain_id: u64) -> String {
    let default = DefaultClaimBlocks::for_chain(chain_id);
    let minutes = CENSOR_SECONDS as f64 / 60.0;
    let mut words = match count {
        0 => format!(
            "TicTacToe: a timeout claim needs only the time limit (no blocks): right for a local chain that mines \
             on demand; on a public chain a censor could then buy a win cheaply (--claim-blocks; by default \
             {minutes} minutes of blocks there)"
        ),
        n if n < default.count => format!(
            "TicTacToe: a timeout claim needs the time limit and {n} block{} after the turn began (fewer than this \
             chain's default of {}: keeping a move out of them costs a censor less)",
            if n == 1 { "" } else { "s" },
            default.count
        ),
        n => match default.pace {
            Some(pace) => format!(
                "TicTacToe: a timeout claim needs the time limit and {n} blocks after the turn began (about {:.1} \
                 minutes at this chain's {} s a block)",
                n as f64 * pace.as_secs_f64() / 60.0,
                pace.as_secs_f64()
            ),
            None => format!("TicTacToe: a timeout claim needs the time limit and {n} blocks after the turn began"),
        },
    };
    if default.sequencer {
        words.push_str(&format!(
            "\nChain {chain_id} is a rollup: its sequencer decides what goes into its blocks and can keep a move out \
             however many blocks a claim waits for. A stake there trusts the sequencer not to censor."
        ));
    }
    words
}

/// A warning that the record moves on from a deployment that still holds players' ether or games.
fn print_replaced(old: &Replaced, broadcast: bool) {
    let verb = if broadcast { "replaced" } else { "would replace" };
    let games = match old.unfinished_games {
        Some(0) | None => String::new(),
        Some(n) => format!(
            " and {n} unfinished game{} (open or being played, among its latest {SCANNED_GAMES})",
            if n == 1 { "" } else { "s" }
        ),
    };
    if old.balance.is_zero() && games.is_empty() {
        println!(
            "{}: {verb} the recorded {} at {}, which holds no ether",
            old.name, old.name, old.address
        );
        return;
    }
    println!(
        "warning: {}: {verb} the recorded deployment at {}, which still holds {} of players' money{games}. It stays \
         on chain: players reach it with --address {} (`marubatsu pvp balance` lists their credit there)",
        old.name,
        old.address,
        ether_and_wei(old.balance),
        old.address
    );
}

#[cfg(test)]
mod tests {
    use super::claim_blocks_words;

    #[test]
    fn the_claim_blocks_are_said_against_the_chains_pace_and_a_rollup_is_named() {
        let base_sepolia = claim_blocks_words(384, 84_532);
        assert!(
            base_sepolia.contains("384 blocks") && base_sepolia.contains("about 12.8 minutes"),
            "{base_sepolia}"
        );
        assert!(base_sepolia.contains("is a rollup: its sequencer"), "{base_sepolia}");
        let fewer = claim_blocks_words(64, 84_532);
        assert!(fewer.contains("fewer than this chain's default of 384"), "{fewer}");
        let sepolia = claim_blocks_words(64, 11_155_111);
        assert!(
            sepolia.contains("about 12.8 minutes at this chain's 12 s a block"),
            "{sepolia}"
        );
        assert!(!sepolia.contains("rollup"), "{sepolia}");
        assert!(claim_blocks_words(0, 31_337).starts_with("TicTacToe: a timeout claim needs only the time limit"));
    }
}
