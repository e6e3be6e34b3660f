use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::commands::relay::RelayArgs;
use crate::commands::simulate::SimulateArgs;
use crate::commands::werewolf::WerewolfCommandArgs;
use crate::commands::{
    compile::CompileArgs, deploy::DeployArgs, gas::GasArgs, interface::InterfaceArgs, lights::LightsArgs,
    local::LocalArgs, prove::ProveArgs, pvp::PvpArgs, serve::ServeArgs, solo::SoloArgs, tx::TxArgs,
};

/// marubatsu: tic-tac-toe contracts — yours or the shipped ones — compiled, proven exhaustively, measured and
/// deployed; and the off-chain games that share their engine.
///
/// The toolkit's verbs take a contract of your own with `--contract <path>:<Name>` from any Foundry project.
/// Records: deployments go to deployments/<chain id>.json and the embedded chain's state to
/// cache/marubatsu-local.json, both in the project folder (--root, else the nearest folder upwards with a
/// foundry.toml, else the current one).
#[derive(Debug, Parser)]
#[command(name = "marubatsu", version, about, long_about)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compile contracts/ (cached) and list what was built.
    Compile(CompileArgs),
    Prove(ProveArgs),
    Gas(GasArgs),
    Deploy(DeployArgs),
    /// Print the Solidity interface your own contract implements: `solo` or `pvp`.
    Interface(InterfaceArgs),
    /// Play against the on-chain CPU: new, play, show.
    Solo(SoloArgs),
    /// Play another account, with stakes: create, join, play, claim-timeout, resign, cancel, withdraw, show.
    Pvp(PvpArgs),
    /// The broadcast log's transactions as the node sees them now: list, wait for one, forget one.
    Tx(TxArgs),
    /// The embedded chain that --local plays on: reset, accounts, warp.
    Local(LocalArgs),
    /// Serve the games in a browser on localhost: tic-tac-toe (solo, PvP, hot seat), cross light, the
    /// know-it-all relay and quantum werewolf.
    Serve(ServeArgs),
    /// Quantum werewolf: `simulate` tables and measure their balance, or run the `workbench`.
    Werewolf(WerewolfCommandArgs),
    /// The know-it-all relay party game: `fairness`, the chance someone closes twice, exact and simulated.
    Relay(RelayArgs),
    /// Cross light (Lights Out): `solve` a board, with the minimum presses and how many solutions exist.
    Lights(LightsArgs),
    /// Old spelling of `werewolf simulate`, kept for one version.
    #[command(hide = true)]
    Simulate(SimulateArgs),
}

impl Cli {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            Command::Compile(args) => args.run(),
            Command::Prove(args) => args.run(),
            Command::Gas(args) => args.run(),
            Command::Deploy(args) => args.run(),
            Command::Interface(args) => args.run(),
            Command::Solo(args) => args.run(),
            Command::Pvp(args) => args.run(),
            Command::Tx(args) => args.run(),
            Command::Local(args) => args.run(),
            Command::Lights(args) => args.run(),
            Command::Relay(args) => args.run(),
            Command::Serve(args) => args.run(),
            Command::Werewolf(args) => args.run(),
            Command::Simulate(args) => args.run(),
        }
    }
}

/// Where the sources are and which solc compiles them.
#[derive(Debug, Args)]
pub(crate) struct CompilerArgs {
    /// Path of a solc binary to use (else MARUBATSU_SOLC, a native solc of the pinned version on PATH, or
    /// solc-js from package.json). Given to a command that plays or deploys, it compiles contracts/ instead of
    /// using the contracts shipped in this binary.
    #[arg(long, value_name = "PATH")]
    pub(crate) solc: Option<PathBuf>,
    /// The project folder (else MARUBATSU_ROOT, else the nearest folder upwards with a foundry.toml, else the
    /// current directory): deployment records, the embedded chain's state and foundry.toml's RPC aliases are kept
    /// there. Given to a command that plays or deploys, its contracts/ is compiled instead of using the contracts
    /// shipped in this binary.
    #[arg(long, value_name = "DIR")]
    pub(crate) root: Option<PathBuf>,
}

impl CompilerArgs {
    /// A compiler for the repository's sources: for the commands whose job is compiling (compile, prove, gas).
    pub(crate) fn compiler(&self) -> eyre::Result<marubatsu_chain::compiler::Compiler> {
        use eyre::WrapErr;
        let workspace = match self.explicit_root() {
            Some(root) => marubatsu_chain::compiler::Workspace::at(root),
            None => marubatsu_chain::compiler::Workspace::locate(),
        }
        .wrap_err("finding the repository")?;
        marubatsu_chain::compiler::Compiler::new(workspace, self.solc.clone()).wrap_err("finding a Solidity compiler")
    }

    /// The contracts a command plays, deploys or serves: those shipped in this binary (no compiler, no Node.js),
    /// unless `--root`, `MARUBATSU_ROOT` or `--solc` asks for a compile of the sources.
    pub(crate) fn contracts(&self) -> eyre::Result<marubatsu_chain::compiler::ContractSet> {
        use eyre::WrapErr;
        if self.compiles_sources() {
            return self.compiler()?.compile().wrap_err("compiling contracts/");
        }
        marubatsu_chain::compiler::ContractSet::shipped().wrap_err("reading the contracts shipped in this binary")
    }

    /// The folder the user works in (see `--root`); never the checkout this binary was built from.
    pub(crate) fn place(&self) -> eyre::Result<Place> {
        use eyre::WrapErr;
        let here = std::env::current_dir().wrap_err("reading the current directory")?;
        // Foundry reads the nearest foundry.toml upwards, whatever the project folder is.
        let nearest = here.ancestors().find(|dir| dir.join("foundry.toml").is_file());
        let dir = match self.explicit_root() {
            Some(root) => root,
            None => nearest.unwrap_or(&here).to_path_buf(),
        };
        let foundry_toml = nearest.unwrap_or(&dir).join("foundry.toml");
        Ok(Place { dir, foundry_toml })
    }

    /// Whether `--root`, `MARUBATSU_ROOT` or `--solc` asks for the folder's sources to be compiled.
    pub(crate) fn compiles_sources(&self) -> bool {
        self.explicit_root().is_some() || self.solc.is_some()
    }

    fn explicit_root(&self) -> Option<PathBuf> {
        self.root.clone().or_else(|| {
            std::env::var_os(marubatsu_chain::compiler::Workspace::ROOT_VAR)
                .filter(|root| !root.is_empty())
                .map(PathBuf::from)
        })
    }
}

/// The project folder a command works in: where its deployment records, the embedded chain's state and the
/// `foundry.toml` with RPC aliases are.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    dir: PathBuf,
    foundry_toml: PathBuf,
}

impl Place {
    /// The project folder itself.
    pub(crate) fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// The `foundry.toml` Foundry would read: the nearest one from the current folder up, else the project
    /// folder's (which may not exist: then no alias resolves).
    pub(crate) fn foundry_toml(&self) -> &std::path::Path {
        &self.foundry_toml
    }

    /// The deployment records' default folder.
    pub(crate) fn deployments(&self) -> PathBuf {
        self.dir.join(marubatsu_client::deploy::DEFAULT_DEPLOYMENTS_DIR)
    }

    /// The embedded chain's default state file: in `cache/`, which Foundry projects keep out of git.
    pub(crate) fn local_state(&self) -> PathBuf {
        self.dir.join("cache").join("marubatsu-local.json")
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

    /// Every command's `--help`, in one text: the committed snapshot must equal it, so that help cannot go stale
    /// unseen. `MARUBATSU_UPDATE_SNAPSHOTS=1` rewrites the snapshot after an intended change.
    #[test]
    fn every_help_text_is_the_committed_snapshot() {
        fn render(command: &mut clap::Command, path: &str, out: &mut String) {
            // The values of variables set in the developer's shell are not part of the help's text.
            let mut shown = command.clone().mut_args(|arg| arg.hide_env_values(true));
            out.push_str(&format!("==> marubatsu{path} --help\n{}\n", shown.render_long_help()));
            let names: Vec<String> = command
                .get_subcommands()
                .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
                .map(|sub| sub.get_name().to_owned())
                .collect();
            for name in names {
                if let Some(sub) = command.find_subcommand_mut(&name) {
                    render(sub, &format!("{path} {name}"), out);
                }
            }
        }
        let mut command = Cli::command();
        command.build();
        let mut text = String::new();
        render(&mut command, "", &mut text);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/help.txt");
        if std::env::var_os("MARUBATSU_UPDATE_SNAPSHOTS").is_some_and(|v| !v.is_empty()) {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            saved == text,
            "the help text differs from {}; if intended, run with MARUBATSU_UPDATE_SNAPSHOTS=1 and review the diff",
            path.display()
        );
    }
}
