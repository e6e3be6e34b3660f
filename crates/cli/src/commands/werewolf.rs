use clap::{Args, Subcommand};

use super::simulate::WerewolfArgs;

/// Quantum werewolf's tools: simulated tables and the workbench that chose the recommended ones.
#[derive(Debug, Args)]
pub(crate) struct WerewolfCommandArgs {
    #[command(subcommand)]
    command: WerewolfCommand,
}

#[derive(Debug, Subcommand)]
enum WerewolfCommand {
    /// Play many simulated games at one table (or with --sweep at many) and measure the balance.
    Simulate(WerewolfArgs),
    /// Screen a focused set of tables and rules, then confirm the fairest (the flags are `simulate`'s).
    Workbench(WerewolfArgs),
}

impl WerewolfCommandArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            WerewolfCommand::Simulate(args) => args.run_chosen(),
            WerewolfCommand::Workbench(args) => args.into_workbench().run_chosen(),
        }
    }
}
