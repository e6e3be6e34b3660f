use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::commands::relay::RelayArgs;
use crate::commands::simulate::SimulateArgs;
use crate::commands::{
    compile::CompileArgs, deploy::DeployArgs, gas::GasArgs, lights::LightsArgs, local::LocalArgs, prove::ProveArgs,
    pvp::PvpArgs, serve::ServeArgs, solo::SoloArgs,
};

/// marubatsu: small game contracts compiled, proven exhaustively, measured and deployed — and the off-chain
/// games that share their engine.
#[derive(Debug, Parser)]
#[command(name = "marubatsu", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compile contracts/ (cached) and list what was built.
    Compile(CompileArgs),
    /// Run the exhaustive checks of the compiled contracts in the in-process chain.
    Prove(ProveArgs),
    /// Measure gas per function over the documented workload, like forge's gas report; check the snapshot.
    Gas(GasArgs),
    /// Deploy the game contracts to a chain (a dry run unless --broadcast) and record where they are.
    Deploy(DeployArgs),
    /// Play against the on-chain CPU: new, play, show.
    Solo(SoloArgs),
    /// Play another account, with stakes: create, join, play, claim-timeout, resign, cancel, withdraw, show.
    Pvp(PvpArgs),
    /// The embedded chain that --local plays on: reset, accounts, warp.
    Local(LocalArgs),
    /// Cross light (Lights Out): `solve` a board, with the minimum presses and how many solutions exist.
    Lights(LightsArgs),
    /// The know-it-all relay party game: `fairness`, the chance someone closes twice, exact and simulated.
    Relay(RelayArgs),
    /// Serve the games in a browser on localhost: cross light, tic-tac-toe against the on-chain CPU, hot seat.
    Serve(ServeArgs),
    /// Simulate many games of an off-chain game and measure its balance: `werewolf`.
    Simulate(SimulateArgs),
}

impl Cli {
    /// Whether this is `serve`, a server that must outlive clients hanging up.
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            Command::Compile(args) => args.run(),
            Command::Prove(args) => args.run(),
            Command::Gas(args) => args.run(),
            Command::Deploy(args) => args.run(),
            Command::Solo(args) => args.run(),
            Command::Pvp(args) => args.run(),
            Command::Local(args) => args.run(),
            Command::Lights(args) => args.run(),
            Command::Relay(args) => args.run(),
            Command::Serve(args) => args.run(),
            Command::Simulate(args) => args.run(),
        }
    }
}

/// Where the sources are and which solc compiles them.
#[derive(Debug, Args)]
pub(crate) struct CompilerArgs {
    /// Path of a solc binary to use (else MARUBATSU_SOLC, a native solc of the pinned version on PATH, or
    /// solc-js from package.json).
    #[arg(long, value_name = "PATH")]
    pub(crate) solc: Option<PathBuf>,
    /// Repository root (else MARUBATSU_ROOT, or found from the current directory).
    #[arg(long, value_name = "DIR")]
    pub(crate) root: Option<PathBuf>,
}

impl CompilerArgs {
    pub(crate) fn compiler(&self) -> eyre::Result<marubatsu_chain::Compiler> {
        use eyre::WrapErr;
        let workspace = match &self.root {
            Some(root) => marubatsu_chain::Workspace::at(root.clone()),
            None => marubatsu_chain::Workspace::locate(),
        }
        .wrap_err("finding the repository")?;
        marubatsu_chain::Compiler::new(workspace, self.solc.clone()).wrap_err("finding a Solidity compiler")
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
