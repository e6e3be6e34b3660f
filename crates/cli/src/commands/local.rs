use std::path::PathBuf;

use clap::{Args, Subcommand};
use marubatsu_chain::evm::Transactor;
use marubatsu_client::local::{LOCAL_STATE_VAR, LocalChain};

use super::network::{local_state_path, open_local};
use marubatsu_chain::amounts::ether_and_wei;

use crate::cli::CompilerArgs;

/// The embedded chain that `--local` plays on: a revm chain with ten funded accounts and both games deployed,
/// kept between runs as a log of transactions in a state file that is replayed on every start.
#[derive(Debug, Args)]
pub(crate) struct LocalArgs {
    #[command(subcommand)]
    command: LocalCommand,
    #[command(flatten)]
    compiler: CompilerArgs,
    /// The state file (default cache/marubatsu-local.json in the project folder: --root, else the nearest folder
    /// upwards with a foundry.toml, else the current one).
    #[arg(long, value_name = "FILE", env = LOCAL_STATE_VAR, global = true)]
    state: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum LocalCommand {
    /// Forget every game: start a fresh chain.
    Reset,
    /// List the accounts (--local-account N picks one) with their balances, and the contracts.
    Accounts,
    /// Move the clock forward, e.g. past a PvP deadline to try `pvp claim-timeout`.
    Warp {
        /// Seconds to move forward.
        seconds: u64,
    },
}

impl LocalArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let contracts = self.compiler.contracts()?;
        let place = self.compiler.place()?;
        match self.command {
            LocalCommand::Reset => {
                let path = local_state_path(self.state, &place);
                let chain = LocalChain::reset(&contracts, &path)?;
                println!("fresh embedded chain in {}", chain.path().display());
            }
            LocalCommand::Accounts => {
                let mut chain = open_local(&contracts, self.state, &place, 0)?;
                let now = chain.timestamp()?;
                println!(
                    "embedded chain {} ({} logged entries), block time {now}",
                    chain.path().display(),
                    chain.entries(),
                );
                println!("SoloTicTacToe: {}", chain.solo());
                println!("TicTacToe:     {}", chain.pvp());
                for (i, account) in chain.accounts().to_vec().into_iter().enumerate() {
                    println!("  {i}: {account}  {}", ether_and_wei(chain.balance(account)?));
                }
            }
            LocalCommand::Warp { seconds } => {
                let mut chain = open_local(&contracts, self.state, &place, 0)?;
                let now = chain.warp(seconds)?;
                println!("moved the clock {seconds} s forward: block time is now {now}");
            }
        }
        Ok(())
    }
}
