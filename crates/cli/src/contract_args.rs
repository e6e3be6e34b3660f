//! `--contract` and `--constructor-args`, as `forge create` takes them, for the commands that prove, measure or
//! deploy a contract of the user's own.

use std::path::PathBuf;

use alloy_primitives::Bytes;
use clap::Args;
use eyre::WrapErr;
use marubatsu_chain::compiler::{ContractSpec, FoundryProject, Origin, ResolvedContract, Workspace};
use marubatsu_client::deploy::Deployable;

use crate::cli::CompilerArgs;

/// Which contract a command works on, when it is not one shipped in this binary.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct ContractArgs {
    /// The contract: <path>:<Name>, or <Name> when one file under the project's src declares it (as forge create
    /// takes it). Read from forge's build output (out/) when it is up to date, else compiled with the project's
    /// foundry.toml settings.
    #[arg(long, value_name = "PATH:NAME")]
    pub(crate) contract: Option<ContractSpec>,
    /// The constructor's arguments, one per parameter, read as its type (as forge create takes them).
    #[arg(long, value_name = "ARGS", num_args = 1.., allow_hyphen_values = true)]
    pub(crate) constructor_args: Vec<String>,
}

impl ContractArgs {
    /// The contract `--contract` names, found in the Foundry project of `--root` (or `MARUBATSU_ROOT`), else the
    /// nearest `foundry.toml` upwards from the current directory, with `--solc` if a compile needs a compiler;
    /// `None` without `--contract`.
    pub(crate) fn resolve(&self, compiler: &CompilerArgs) -> eyre::Result<Option<ResolvedContract>> {
        let Some(spec) = &self.contract else {
            return Ok(None);
        };
        let project = self.project(compiler)?;
        let resolved = project
            .resolve(spec, compiler.solc.clone())
            .wrap_err_with(|| format!("resolving --contract {spec} in {}", project.root().display()))?;
        Ok(Some(resolved))
    }

    /// What deploying the contract `--contract` names sends and records (`None` without `--contract`).
    pub(crate) fn deployable(&self, compiler: &CompilerArgs) -> eyre::Result<Option<(ResolvedContract, Deployable)>> {
        let Some(resolved) = self.resolve(compiler)? else {
            return Ok(None);
        };
        let project = self.project(compiler)?;
        let compiler_version = match &resolved.origin {
            Origin::Compiled { version, .. } => version.clone(),
            Origin::ForgeArtifact { path } => format!("as forge built {}", path.display()),
            Origin::Shipped => marubatsu_chain::compiler::ContractSet::shipped()?
                .solc_version()
                .to_owned(),
        };
        let deployable = Deployable {
            name: resolved.contract.name.clone(),
            compiled: resolved.contract.clone(),
            creation_code: self.creation_code(&resolved)?,
            compiler_version,
            optimizer_runs: project.optimizer().then(|| project.optimizer_runs()),
            evm_version: project.evm_version().as_str().to_owned(),
        };
        Ok(Some((resolved, deployable)))
    }

    /// The creation code of `contract` with `--constructor-args` encoded after it.
    pub(crate) fn creation_code(&self, contract: &ResolvedContract) -> eyre::Result<Bytes> {
        Ok(contract.contract.creation_code_with_args(&self.constructor_args)?)
    }

    /// The Foundry project `--contract` is looked up in.
    pub(crate) fn project(&self, compiler: &CompilerArgs) -> eyre::Result<FoundryProject> {
        let root = compiler.root.clone().or_else(|| {
            std::env::var_os(Workspace::ROOT_VAR)
                .filter(|root| !root.is_empty())
                .map(PathBuf::from)
        });
        match root {
            Some(root) => FoundryProject::at(root),
            None => {
                let here = std::env::current_dir().wrap_err("reading the current directory")?;
                FoundryProject::locate(&here)
            }
        }
        .wrap_err("finding the Foundry project for --contract")
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Command {
        #[command(flatten)]
        contract: ContractArgs,
        #[command(flatten)]
        compiler: CompilerArgs,
    }

    fn parse(args: &[&str]) -> Result<Command, String> {
        Command::try_parse_from(std::iter::once("marubatsu").chain(args.iter().copied())).map_err(|e| e.to_string())
    }

    #[test]
    fn contract_and_constructor_args_read_as_forge_create_reads_them() {
        let command = parse(&[
            "--contract",
            "src/MySolo.sol:MySolo",
            "--constructor-args",
            "-1",
            "0xabc",
            "hello world",
        ])
        .unwrap();
        let spec = command.contract.contract.unwrap();
        assert_eq!(spec.path, Some(PathBuf::from("src/MySolo.sol")));
        assert_eq!(spec.name, "MySolo");
        assert_eq!(command.contract.constructor_args, ["-1", "0xabc", "hello world"]);
    }

    #[test]
    fn a_malformed_contract_is_refused_by_the_parser() {
        let message = parse(&["--contract", "src/MySolo.sol:"]).unwrap_err();
        assert!(message.contains("<path>:<Name>"), "{message}");
    }

    #[test]
    fn constructor_args_go_after_the_creation_code_or_are_refused() {
        let solo = ResolvedContract::shipped(marubatsu_chain::compiler::SOLO_CONTRACT).unwrap();
        let none = parse(&["--contract", "SoloTicTacToe"]).unwrap().contract;
        assert_eq!(none.creation_code(&solo).unwrap(), solo.contract.bytecode);
        let extra = parse(&["--contract", "SoloTicTacToe", "--constructor-args", "1"])
            .unwrap()
            .contract;
        let err = extra.creation_code(&solo).unwrap_err().to_string();
        assert!(err.contains("takes no arguments, but 1 were given"), "{err}");
    }

    #[test]
    fn without_contract_nothing_is_resolved() {
        let command = parse(&[]).unwrap();
        assert!(command.contract.resolve(&command.compiler).unwrap().is_none());
    }

    #[test]
    fn a_root_without_foundry_toml_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_str().unwrap();
        let command = parse(&["--contract", "MySolo", "--root", root]).unwrap();
        let err = format!("{:#}", command.contract.resolve(&command.compiler).unwrap_err());
        assert!(err.contains("no foundry.toml"), "{err}");
    }
}
