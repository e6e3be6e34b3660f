use std::{collections::BTreeMap, path::PathBuf, time::Instant};

use foundry_compilers::{
    ProjectBuilder, ProjectPathsConfig,
    artifacts::{BytecodeHash, Optimizer, Settings, SettingsMetadata, output_selection::OutputSelection},
    solc::{CliSettings, Solc, SolcCompiler, SolcSettings},
};

use super::{
    artifacts::{CompiledContract, ContractSet},
    npm,
    solc::{self, SolcSource},
    workspace::Workspace,
};
use crate::error::CompileError;

/// Optimizer runs: the contracts are deployed once and called many times, so runtime gas matters far more
/// than code size. Mirrors `optimizer_runs` in `foundry.toml`, so `forge build` makes the same bytecode.
pub const OPTIMIZER_RUNS: usize = 1_000_000;

/// Compiles the repository's contracts with foundry-compilers (cached in `target/contracts/`).
#[derive(Clone, Debug)]
pub struct Compiler {
    workspace: Workspace,
    source: SolcSource,
    solc: Solc,
}

impl Compiler {
    /// Finds the repository and a compiler the default way (see [`SolcSource`]).
    pub fn locate() -> Result<Self, CompileError> {
        Self::new(Workspace::locate()?, None)
    }

    /// Uses `workspace`, and `solc` if given (else `MARUBATSU_SOLC`, native solc on `PATH`, solc-js).
    pub fn new(workspace: Workspace, solc: Option<PathBuf>) -> Result<Self, CompileError> {
        let (source, solc) = solc::provision(&workspace, solc)?;
        Ok(Self {
            workspace,
            source,
            solc,
        })
    }

    /// Where the compiler came from.
    pub fn source(&self) -> &SolcSource {
        &self.source
    }

    /// The repository being compiled.
    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// Compiles `contracts/` (served from the cache when nothing changed) and returns every contract.
    pub fn compile(&self) -> Result<ContractSet, CompileError> {
        let started = Instant::now();
        let build = self.workspace.build_dir();
        let _lock = npm::lock_build_dir(&build)?;

        let root = self.workspace.root();
        let paths = ProjectPathsConfig::builder()
            .root(root)
            .sources(self.workspace.contracts())
            .tests(self.workspace.contracts().join("test"))
            .scripts(root.join("script"))
            .artifacts(build.join("out"))
            .build_infos(build.join("build-info"))
            .cache(build.join("solidity-files-cache.json"))
            .no_libs()
            .remappings(Vec::new())
            .build_with_root(root);
        let project = ProjectBuilder::<SolcCompiler>::default()
            .paths(paths)
            .settings(settings(root.to_path_buf()))
            .offline()
            .build(SolcCompiler::Specific(self.solc.clone()))
            .map_err(|err| CompileError::Solc(err.to_string()))?;
        // Foundry's own tests (`*.t.sol`) and scripts are forge's business and most of the compile time; the
        // toolkit builds the contracts and the test-only contracts the Rust side deploys.
        let sources = toolkit_sources(&self.workspace.contracts())?;
        let output = project
            .compile_files(sources)
            .map_err(|err| CompileError::Solc(err.to_string()))?;
        if output.has_compiler_errors() {
            return Err(CompileError::Solc(output.to_string()));
        }
        let from_cache = output.is_unchanged();

        let mut contracts = BTreeMap::new();
        for (id, artifact) in output.into_artifacts() {
            let bytecode = artifact.bytecode.and_then(|b| b.into_bytes()).unwrap_or_default();
            let deployed_bytecode = artifact
                .deployed_bytecode
                .and_then(|d| d.bytecode)
                .and_then(|b| b.into_bytes())
                .unwrap_or_default();
            let abi = artifact
                .abi
                .map(|abi| serde_json::to_value(abi).unwrap_or_default())
                .unwrap_or_default();
            let source = id.source.strip_prefix(root).map(PathBuf::from).unwrap_or(id.source);
            contracts.insert(
                id.name.clone(),
                CompiledContract {
                    name: id.name,
                    source,
                    bytecode,
                    deployed_bytecode,
                    abi,
                },
            );
        }
        let source_hashes = source_hashes(root, contracts.values().map(|c| c.source.clone()))?;
        Ok(ContractSet {
            contracts,
            source_hashes,
            solc: self.source.clone(),
            solc_version: self.solc.version.to_string(),
            from_cache,
            elapsed: started.elapsed(),
        })
    }
}

/// keccak256 of each source's text (paths relative to `root`): what the shipped contracts record of their sources,
/// so that a folder whose sources differ is told apart.
fn source_hashes(
    root: &std::path::Path,
    sources: impl Iterator<Item = PathBuf>,
) -> Result<BTreeMap<PathBuf, alloy_primitives::B256>, CompileError> {
    let mut hashes = BTreeMap::new();
    for source in sources {
        if hashes.contains_key(&source) {
            continue;
        }
        let path = root.join(&source);
        let text = std::fs::read(&path).map_err(|err| CompileError::Io {
            action: "reading",
            path: path.clone(),
            source: err,
        })?;
        hashes.insert(source, alloy_primitives::keccak256(text));
    }
    Ok(hashes)
}

/// Every `.sol` file under `dir` except Foundry tests (`*.t.sol`), in a stable order.
fn toolkit_sources(dir: &std::path::Path) -> Result<Vec<PathBuf>, CompileError> {
    let list_error = |dir: &std::path::Path| {
        let path = dir.to_path_buf();
        move |source| CompileError::Io {
            action: "listing",
            path,
            source,
        }
    };
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).map_err(list_error(&dir))? {
            let path = entry.map_err(list_error(&dir))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if path.is_dir() {
                pending.push(path);
            } else if name.ends_with(".sol") && !name.ends_with(".t.sol") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The part of [`settings`] that decides the bytecode (optimizer, EVM version, metadata), as solc's JSON input
/// spells it: what the shipped contracts record of how they were made. A struct, not a JSON map, so the file's key
/// order does not depend on whether some crate in the build turns on serde_json's `preserve_order`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BytecodeSettings {
    optimizer: Optimizer,
    evm_version: Option<foundry_compilers::artifacts::EvmVersion>,
    metadata: Option<SettingsMetadata>,
}

pub(super) fn bytecode_settings() -> BytecodeSettings {
    let settings = settings(PathBuf::new()).settings;
    BytecodeSettings {
        optimizer: settings.optimizer,
        evm_version: settings.evm_version,
        metadata: settings.metadata,
    }
}

/// The compiler settings, identical to `foundry.toml`'s so that forge and the toolkit emit the same bytecode.
fn settings(root: PathBuf) -> SolcSettings {
    let settings = Settings {
        optimizer: Optimizer {
            enabled: Some(true),
            runs: Some(OPTIMIZER_RUNS),
            details: None,
        },
        evm_version: Some(crate::consts::EVM_VERSION),
        // No metadata hash: the bytecode then depends on the code alone, so deployments can be compared
        // byte for byte across machines and tools.
        metadata: Some(SettingsMetadata::new(BytecodeHash::None, false)),
        output_selection: OutputSelection::default_output_selection(),
        ..Settings::default()
    };
    let cli_settings = CliSettings {
        base_path: Some(root.clone()),
        allow_paths: [root].into(),
        ..CliSettings::default()
    };
    SolcSettings { settings, cli_settings }
}
