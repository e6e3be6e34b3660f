//! `marubatsu tx`: the transactions in the broadcast log (`deploy` and the game commands write each one down
//! before they wait for it), as the node sees them now: list them, wait for one, forget one that can never be
//! mined. Nothing here ever sends a transaction.

use std::io::{BufRead, IsTerminal, Write};

use alloy_primitives::{Address, B256};
use clap::{Args, Subcommand};
use eyre::bail;
use marubatsu_chain::evm::{Receipt, Transactor};
use marubatsu_client::{
    Error,
    journal::{Journal, LoggedReceipt, LoggedTx, TxState},
    rpc::Rpc,
};
use serde::Serialize;

use crate::{
    cli::CompilerArgs,
    commands::network::{RpcArgs, WalletArgs, connect, deployments},
    json,
    output::print_json,
};

/// The broadcast log's transactions: list, wait, forget.
#[derive(Debug, Args)]
pub(crate) struct TxArgs {
    #[command(subcommand)]
    command: TxCommand,
}

#[derive(Debug, Subcommand)]
enum TxCommand {
    /// List the log's pending transactions (every one with --all), each with what the node says of it now.
    List {
        /// Every transaction of the log, not only the pending ones.
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        log: LogArgs,
    },
    /// Wait (up to --timeout) for a pending transaction's receipt and write its outcome in the log.
    Wait {
        /// The transaction's hash.
        hash: B256,
        #[command(flatten)]
        log: LogArgs,
    },
    /// Stop waiting for a pending transaction that will never be mined (one queued behind a nonce gap, say): no
    /// command settles or waits for it again. Asks first, unless --yes; sends nothing.
    Forget {
        /// The transaction's hash.
        hash: B256,
        /// Do not ask.
        #[arg(long)]
        yes: bool,
        #[command(flatten)]
        log: LogArgs,
    },
}

/// Which node, which log.
#[derive(Debug, Args)]
struct LogArgs {
    #[command(flatten)]
    rpc: RpcArgs,
    #[command(flatten)]
    compiler: CompilerArgs,
    /// Folder of deployment records and the broadcast log (default deployments/ in the project folder, see --root).
    #[arg(long, value_name = "DIR", env = marubatsu_client::deploy::DEPLOYMENTS_VAR)]
    deployments: Option<std::path::PathBuf>,
    /// Only the transactions this account sent.
    #[arg(long, value_name = "ADDRESS")]
    from: Option<Address>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

impl LogArgs {
    /// The node (no signer: nothing is sent) and the log of its chain.
    fn open(&self) -> eyre::Result<(Rpc, Journal)> {
        let place = self.compiler.place()?;
        let rpc = connect(&self.rpc, &WalletArgs::default(), false, &place)?;
        let journal = Journal::new(deployments(self.deployments.clone(), &place).dir(), rpc.chain_id());
        Ok((rpc, journal))
    }

    /// The logged transaction `hash`, with its run, or an error naming the log searched.
    fn find(&self, journal: &Journal, hash: B256) -> eyre::Result<(u64, LoggedTx)> {
        match journal.find(hash)? {
            Some(found) => Ok(found),
            None => bail!(
                "transaction {hash} is not in the broadcast log {}: marubatsu only follows what it sent (pass \
                 --deployments or --root if the log is elsewhere)",
                journal.dir().display()
            ),
        }
    }
}

/// What the node says of a transaction now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
enum NodeSays {
    /// Mined and succeeded, in this block.
    Mined { block: u64 },
    /// Mined and reverted, in this block.
    Reverted { block: u64 },
    /// In the pool, waiting to be mined.
    InPool,
    /// In the pool behind a gap in the sender's nonces: mined only once the nonces from `next` are used.
    BehindNonceGap { next: u64 },
    /// The node does not know it: never sent, dropped, or replaced at its nonce.
    Unknown,
}

impl NodeSays {
    fn of(rpc: &Rpc, tx: &LoggedTx) -> Result<NodeSays, Error> {
        if let Some((receipt, success)) = rpc.receipt(tx.hash)? {
            return Ok(NodeSays::mined(&receipt, success));
        }
        if !rpc.transaction_known(tx.hash)? {
            return Ok(NodeSays::Unknown);
        }
        Ok(match rpc.nonce_gap(tx.from, tx.nonce)? {
            Some(next) => NodeSays::BehindNonceGap { next },
            None => NodeSays::InPool,
        })
    }

    /// What a receipt says: mined in its block, and whether it succeeded.
    fn mined(receipt: &Receipt<()>, success: bool) -> NodeSays {
        let block = receipt.block_number.unwrap_or_default();
        if success {
            NodeSays::Mined { block }
        } else {
            NodeSays::Reverted { block }
        }
    }

    fn words(self) -> String {
        match self {
            NodeSays::Mined { block } => format!("mined in block {block}"),
            NodeSays::Reverted { block } => format!("mined in block {block}, and it reverted"),
            NodeSays::InPool => "in the node's pool, waiting to be mined".to_owned(),
            NodeSays::BehindNonceGap { next } => format!(
                "in the node's pool behind a nonce gap (the account's next nonce is {next}): never mined unless \
                 those nonces are used first"
            ),
            NodeSays::Unknown => {
                "unknown to the node: dropped, or replaced by another transaction at its nonce".to_owned()
            }
        }
    }
}

/// One transaction of the list.
#[derive(Serialize)]
struct Listed {
    hash: B256,
    purpose: String,
    /// EIP-55 checksummed, as every address the CLI prints.
    from: String,
    nonce: u64,
    /// The run file's time stamp (unix milliseconds).
    run: u64,
    /// What the log says.
    logged: TxState,
    /// What the node says now; asked only of the pending ones.
    node: Option<NodeSays>,
}

impl TxArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            TxCommand::List { all, log } => list(&log, all),
            TxCommand::Wait { hash, log } => wait(&log, hash),
            TxCommand::Forget { hash, yes, log } => forget(&log, hash, yes),
        }
    }
}

fn list(log: &LogArgs, all: bool) -> eyre::Result<()> {
    let (rpc, journal) = log.open()?;
    let mut listed = Vec::new();
    for run in journal.runs()? {
        for tx in run.transactions {
            if log.from.is_some_and(|from| from != tx.from) || !(all || tx.state == TxState::Pending) {
                continue;
            }
            let node = match tx.state {
                TxState::Pending => Some(NodeSays::of(&rpc, &tx)?),
                _ => None,
            };
            listed.push(Listed {
                hash: tx.hash,
                purpose: tx.purpose,
                from: json::address(tx.from),
                nonce: tx.nonce,
                run: run.started_ms,
                logged: tx.state,
                node,
            });
        }
    }
    if log.json {
        return print_json(&listed);
    }
    if listed.is_empty() {
        let what = if all {
            "no transactions"
        } else {
            "no pending transactions"
        };
        println!("{what} in {}", journal.dir().display());
        return Ok(());
    }
    for tx in &listed {
        let state = match tx.node {
            Some(node) => format!("pending in the log; {}", node.words()),
            None => logged_words(tx.logged),
        };
        println!(
            "{} {} (nonce {}, from {}): {state}",
            tx.hash, tx.purpose, tx.nonce, tx.from
        );
    }
    Ok(())
}

fn logged_words(state: TxState) -> String {
    match state {
        TxState::Pending => "pending",
        TxState::Mined => "mined",
        TxState::Reverted => "reverted",
        TxState::Dropped => "dropped",
        TxState::Forgotten => "forgotten",
    }
    .to_owned()
}

fn wait(log: &LogArgs, hash: B256) -> eyre::Result<()> {
    let (mut rpc, mut journal) = log.open()?;
    let (run, tx) = log.find(&journal, hash)?;
    if tx.state != TxState::Pending {
        println!(
            "{} {}: {} (nothing to wait for)",
            tx.hash,
            tx.purpose,
            logged_words(tx.state)
        );
        return Ok(());
    }
    match NodeSays::of(&rpc, &tx)? {
        NodeSays::BehindNonceGap { next } => bail!(
            "{} {} has nonce {}, but the account's next nonce is {next}: it waits behind that gap and is never mined \
             unless those nonces are used first; `marubatsu tx forget {hash}` stops waiting for it",
            tx.hash,
            tx.purpose,
            tx.nonce
        ),
        // Waiting for a receipt the node cannot give would only run out the timeout.
        NodeSays::Unknown => bail!(
            "{} {} is {}; the next command of its account records it as dropped, or `marubatsu tx forget {hash}` \
             stops waiting for it",
            tx.hash,
            tx.purpose,
            NodeSays::Unknown.words()
        ),
        _ => {}
    }
    let (receipt, success) = rpc.await_receipt(&tx.purpose, hash)?;
    let state = if success { TxState::Mined } else { TxState::Reverted };
    journal.settle(run, hash, state, Some(LoggedReceipt::from_report(&receipt)))?;
    let said = NodeSays::mined(&receipt, success);
    if log.json {
        return print_json(&said);
    }
    println!("{} {}: {}", tx.hash, tx.purpose, said.words());
    Ok(())
}

fn forget(log: &LogArgs, hash: B256, yes: bool) -> eyre::Result<()> {
    let (rpc, mut journal) = log.open()?;
    let (run, tx) = log.find(&journal, hash)?;
    if tx.state != TxState::Pending {
        bail!(
            "{} {} is {} in the log, not pending: there is nothing to forget",
            tx.hash,
            tx.purpose,
            logged_words(tx.state)
        );
    }
    let node = NodeSays::of(&rpc, &tx)?;
    if let NodeSays::Mined { .. } | NodeSays::Reverted { .. } = node {
        bail!(
            "{} {} is {}: it is not forgotten; the next command that settles the log records it (`marubatsu tx wait \
             {hash}` does so now)",
            tx.hash,
            tx.purpose,
            node.words()
        );
    }
    if node == NodeSays::InPool {
        eprintln!(
            "warning: the node still has {} in its pool and may mine it; forgetting it only stops marubatsu from \
             waiting for it",
            tx.hash
        );
    }
    if !yes && !confirmed(&tx)? {
        bail!("nothing was forgotten");
    }
    journal.settle(run, hash, TxState::Forgotten, None)?;
    println!(
        "{} {} (nonce {}): forgotten; no command waits for it again. Nothing was sent.",
        tx.hash, tx.purpose, tx.nonce
    );
    Ok(())
}

/// Asks on the terminal; without one, refuses (a script says --yes).
fn confirmed(tx: &LoggedTx) -> eyre::Result<bool> {
    if !std::io::stdin().is_terminal() {
        bail!(
            "forgetting {} needs a confirmation: run it on a terminal, or pass --yes",
            tx.hash
        );
    }
    eprint!("Forget {} {} (nonce {})? [y/N] ", tx.hash, tx.purpose, tx.nonce);
    std::io::stderr().flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes"))
}
