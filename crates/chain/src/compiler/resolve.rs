//! `--contract` resolved in a Foundry project: forge's up-to-date artifact, else a compile of that source alone
//! with the project's settings, into the toolkit's own folder beside forge's cache.

use std::{
    fmt,
    path::{Path, PathBuf},
};

use foundry_compilers::{
    ProjectBuilder, ProjectPathsConfig,
    artifacts::{Optimizer, Settings, SettingsMetadata, output_selection::OutputSelection},
    solc::{CliSettings, SolcCompiler, SolcSettings},
};

use super::{
    artifacts::{CompiledContract, ContractSet},
    forge_out::{self, ForgeLookup},
    foundry::FoundryProject,
    npm,
    solc::SolcSource,
    spec::{self, ContractSpec},
    toolchain,
};
use crate::error::CompileError;

/// Where a contract's bytecode came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The contracts shipped inside this binary.
    Shipped,
    /// Compiled by the toolkit from a project's source.
    Compiled {
        /// The project root.
        root: PathBuf,
        /// The source file, relative to the root.
        source: PathBuf,
        /// The compiler used.
        solc: SolcSource,
        /// Its version.
        version: String,
    },
    /// Read from forge's build output.
    ForgeArtifact {
        /// The artifact file, relative to the project root.
        path: PathBuf,
    },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Shipped => f.write_str("shipped in this binary"),
            Self::Compiled {
                source, solc, version, ..
            } => write!(f, "compiled from {} with solc {version} ({solc})", source.display()),
            Self::ForgeArtifact { path } => write!(f, "forge artifact {}", path.display()),
        }
    }
}

/// A contract and where its bytecode came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedContract {
    /// The bytecode and ABI.
    pub contract: CompiledContract,
    /// Where they came from.
    pub origin: Origin,
    /// Why forge's artifact of it was not used although one exists (the sources changed since `forge build`).
    pub stale_artifact: Option<String>,
}

impl ResolvedContract {
    /// The contract `name` as shipped in this binary.
    pub fn shipped(name: &str) -> Result<Self, CompileError> {
        Ok(Self {
            contract: ContractSet::shipped()?.get(name)?.clone(),
            origin: Origin::Shipped,
            stale_artifact: None,
        })
    }
}

impl fmt::Display for ResolvedContract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}, code hash {}",
            self.contract.name,
            self.origin,
            self.contract.deployed_code_hash()
        )?;
        if let Some(reason) = &self.stale_artifact {
            write!(f, " (forge's artifact is stale: {reason})")?;
        }
        Ok(())
    }
}

impl FoundryProject {
    /// The contract `spec` names: forge's artifact when it is up to date (no compiler is looked for), else a
    /// compile of its source with the project's settings, by `solc` if given (else `MARUBATSU_SOLC`,
    /// `foundry.toml`'s path, a native solc of the wanted version, svm's, solc-js).
    pub fn resolve(&self, spec: &ContractSpec, solc: Option<PathBuf>) -> Result<ResolvedContract, CompileError> {
        let source = spec::find_source(self.root(), self.src(), spec)?;
        let stale_artifact = match forge_out::forge_artifact(self, &source, &spec.name)? {
            ForgeLookup::Fresh(contract, path) => {
                return Ok(ResolvedContract {
                    contract,
                    origin: Origin::ForgeArtifact { path },
                    stale_artifact: None,
                });
            }
            ForgeLookup::Stale(reason) => Some(reason),
            ForgeLookup::Absent => None,
        };
        let (contract, origin) = self.compile_source(&source, &spec.name, solc)?;
        Ok(ResolvedContract {
            contract,
            origin,
            stale_artifact,
        })
    }

    /// Compiles `source` (relative to the root) and what it imports, and returns `name` from it.
    fn compile_source(
        &self,
        source: &Path,
        name: &str,
        flag: Option<PathBuf>,
    ) -> Result<(CompiledContract, Origin), CompileError> {
        let wanted = toolchain::wanted_version(self, source);
        let (solc_source, solc) = toolchain::find_solc(self, flag, wanted)?;
        let root = self.root();
        let build = self.build_dir();
        let _lock = npm::lock_build_dir(&build)?;
        let paths = ProjectPathsConfig::builder()
            .root(root)
            .sources(root.join(self.src()))
            .tests(root.join("test"))
            .scripts(root.join("script"))
            .libs(self.libs().iter().map(|lib| root.join(lib)))
            .remappings(self.remappings().to_vec())
            .artifacts(build.join("out"))
            .build_infos(build.join("build-info"))
            .cache(build.join("solidity-files-cache.json"))
            .build_with_root(root);
        let version = solc.version.to_string();
        let project = ProjectBuilder::<SolcCompiler>::default()
            .paths(paths)
            .settings(self.solc_settings())
            .offline()
            .build(SolcCompiler::Specific(solc))
            .map_err(|err| CompileError::Solc(err.to_string()))?;
        let file = root.join(source);
        let output = project
            .compile_files([file.clone()])
            .map_err(|err| CompileError::Solc(err.to_string()))?;
        if output.has_compiler_errors() {
            return Err(CompileError::Solc(output.to_string()));
        }
        let artifact = output
            .into_artifacts()
            .find(|(id, _)| id.name == name && id.source == file)
            .map(|(_, artifact)| artifact)
            .ok_or_else(|| CompileError::NotInFile {
                path: source.to_path_buf(),
                name: name.to_owned(),
                available: "no artifact of that name after compiling".to_owned(),
            })?;
        let contract = CompiledContract {
            name: name.to_owned(),
            source: source.to_path_buf(),
            bytecode: artifact.bytecode.and_then(|b| b.into_bytes()).unwrap_or_default(),
            deployed_bytecode: artifact
                .deployed_bytecode
                .and_then(|d| d.bytecode)
                .and_then(|b| b.into_bytes())
                .unwrap_or_default(),
            abi: artifact
                .abi
                .map(|abi| serde_json::to_value(abi).unwrap_or_default())
                .unwrap_or_default(),
        };
        if contract.bytecode.is_empty() {
            return Err(CompileError::NoBytecode { name: name.to_owned() });
        }
        let origin = Origin::Compiled {
            root: root.to_path_buf(),
            source: source.to_path_buf(),
            solc: solc_source,
            version,
        };
        Ok((contract, origin))
    }

    /// The settings forge would give solc for this project, so that the same bytecode comes out.
    pub(super) fn solc_settings(&self) -> SolcSettings {
        let settings = Settings {
            optimizer: Optimizer {
                enabled: Some(self.optimizer()),
                runs: Some(self.optimizer_runs()),
                details: None,
            },
            evm_version: Some(self.evm_version()),
            via_ir: self.via_ir().then_some(true),
            metadata: Some(SettingsMetadata {
                use_literal_content: Some(false),
                bytecode_hash: Some(self.bytecode_hash()),
                cbor_metadata: Some(self.cbor_metadata()),
            }),
            output_selection: OutputSelection::default_output_selection(),
            ..Settings::default()
        };
        let root = self.root().to_path_buf();
        let cli_settings = CliSettings {
            base_path: Some(root.clone()),
            allow_paths: [root].into(),
            ..CliSettings::default()
        };
        SolcSettings { settings, cli_settings }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_resolved_contracts_say_where_the_code_came_from() {
        let compiled = Origin::Compiled {
            root: PathBuf::from("/home/reader/tictactoe"),
            source: PathBuf::from("src/MySolo.sol"),
            solc: SolcSource::CachedSolcJs(PathBuf::from(
                "/home/reader/.cache/marubatsu/solc-js/0.8.37/solc-wrapper.js",
            )),
            version: "0.8.37".to_owned(),
        };
        assert_eq!(
            compiled.to_string(),
            "compiled from src/MySolo.sol with solc 0.8.37 (solc-js installed by marubatsu, via \
             /home/reader/.cache/marubatsu/solc-js/0.8.37/solc-wrapper.js)"
        );
        assert_eq!(Origin::Shipped.to_string(), "shipped in this binary");

        let mut solo = ResolvedContract::shipped(crate::compiler::SOLO_CONTRACT).unwrap();
        let hash = solo.contract.deployed_code_hash();
        assert_eq!(
            solo.to_string(),
            format!("SoloTicTacToe: shipped in this binary, code hash {hash}")
        );
        solo.stale_artifact = Some("src/MySolo.sol changed since forge build".to_owned());
        assert!(
            solo.to_string()
                .ends_with("(forge's artifact is stale: src/MySolo.sol changed since forge build)")
        );
    }
}
