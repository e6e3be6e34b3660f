//! `marubatsu prove`: the exhaustive solo properties or the PvP rules, on the toolkit's contracts, on a contract
//! of the user's own (`--contract`), or on the bytecode a chain holds (`--address`).

mod json;
mod pvp;
mod solo;
mod subject;

use std::path::PathBuf;

use alloy_primitives::Address;
use clap::Args;
use marubatsu_client::wallet::Secret;

use crate::{cli::CompilerArgs, contract_args::ContractArgs, report::NothingProved};

/// Prove a tic-tac-toe contract exhaustively, as transactions in the in-process EVM: yours (--contract), the one
/// a chain holds (--address), or the shipped SoloTicTacToe.
///
/// Solo properties (ISoloTicTacToe, or the book's shape with a games(uint256) getter): hard-never-loses (every
/// human line against Hard, both seats), keeps-value (Hard on all 4,520 positions against a minimax), levels
/// (informative: human wins against Easy and Normal) and same-as-engine (informative: differences from the
/// engine's Newell–Simon CPU; other perfect strategies exist). With --pvp, the PvP rules (ITicTacToe) as a
/// conformance suite: pvp-endings (every ending and boundary) and pvp-random (seeded random sequences).
///
/// In the toolkit's checkout, without --contract, it also checks the engine's game tree, Board.isWin and that
/// deliberately weakened contracts are caught. Exit status: 0 when every required property passed, 1 when one
/// failed or could not be run, 2 when nothing could be proved (docs/cli-json.md).
#[derive(Debug, Args)]
pub(crate) struct ProveArgs {
    #[command(flatten)]
    compiler: CompilerArgs,
    #[command(flatten)]
    contract: ContractArgs,
    /// Prove the contract deployed at this address on the chain of --rpc-url: its code and state are read at one
    /// block into the in-process EVM, and nothing is sent. With --contract, that contract's ABI says how to call
    /// it (the book's shape needs it) and its code hash is compared with the chain's.
    #[arg(long, value_name = "ADDRESS", requires = "rpc_url")]
    address: Option<Address>,
    /// With --address: the JSON-RPC endpoint, or the name of an alias in foundry.toml's [rpc_endpoints].
    #[arg(short = 'r', long, value_name = "URL", env = "ETH_RPC_URL", hide_env_values = true)]
    rpc_url: Option<Secret>,
    /// With --address: the block whose state is read (default: the latest).
    #[arg(long, value_name = "NUMBER", requires = "address")]
    block: Option<u64>,
    /// Check the PvP rules (ITicTacToe) instead of the solo properties.
    #[arg(long)]
    pvp: bool,
    /// With --pvp: how many random sequences pvp-random runs.
    #[arg(long, value_name = "N", default_value_t = 1_000, requires = "pvp")]
    cases: u32,
    /// With --pvp: the seed of the random sequences (the same seed draws the same sequences).
    #[arg(long, value_name = "SEED", requires = "pvp")]
    seed: Option<u64>,
    /// Run only this property; repeat for several. Solo: hard-never-loses, keeps-value, levels, same-as-engine
    /// (in the checkout also tree-counts, board-win, catches-weak-hard, catches-v1-hard). PvP: pvp-endings,
    /// pvp-random.
    #[arg(long = "check", value_name = "NAME")]
    checks: Vec<String>,
    /// Make an informative property (same-as-engine, levels) fail the run when it does not hold.
    #[arg(long = "require", value_name = "NAME", conflicts_with = "pvp")]
    requires: Vec<String>,
    /// Write a Foundry test to PATH that replays the shortest line Hard lost (nothing is written when Hard never
    /// lost), so that your own `forge test` keeps it as a regression test. Needs --contract: the test imports
    /// your source.
    #[arg(long, value_name = "PATH", requires = "contract", conflicts_with = "pvp")]
    emit_test: Option<PathBuf>,
    /// Print the report as JSON (docs/cli-json.md).
    #[arg(long)]
    json: bool,
}

impl ProveArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let subject = subject::Subject::choose(&self).map_err(|err| err.wrap_err(NothingProved))?;
        let passed = if self.pvp {
            pvp::run(&self, subject)?
        } else {
            solo::run(&self, subject)?
        };
        if !passed {
            eyre::bail!("a required property did not pass (the report above shows which, and where)");
        }
        Ok(())
    }
}
