//! The contracts as this binary was built with them: bytecode, ABI and the compiler settings, so that an installed
//! `marubatsu` plays, deploys and serves without a checkout, Node.js or solc-js.
//!
//! `shipped-contracts.json` (beside this crate's `Cargo.toml`) is generated, never edited: the integration test
//! `shipped_contracts_are_what_the_sources_compile_to` compiles `contracts/` and requires the file to equal, byte for
//! byte, what [`ContractSet::to_shipped_json`] makes of that compile; run it with
//! `MARUBATSU_UPDATE_SHIPPED=1` to write the file after changing a contract.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    time::Duration,
};

use alloy_json_abi::JsonAbi;
use alloy_primitives::{B256, Bytes, keccak256};
use serde::{Deserialize, Serialize};

use super::{
    artifacts::{CompiledContract, ContractSet},
    project,
    solc::SolcSource,
};
use crate::error::CompileError;

/// The file's text, as the crate was built.
const SHIPPED_JSON: &str = include_str!("../../shipped-contracts.json");

/// Where the file lives in the repository, for the test that regenerates it.
pub const SHIPPED_CONTRACTS_PATH: &str = "crates/chain/shipped-contracts.json";

#[derive(Serialize, Deserialize)]
struct Shipped {
    generated_by: String,
    solc_version: String,
    /// The solc settings that matter for the bytecode (optimizer, EVM version, metadata), as solc reads them.
    settings: project::BytecodeSettings,
    contracts: Vec<ShippedContract>,
}

#[derive(Serialize, Deserialize)]
struct ShippedContract {
    name: String,
    source: PathBuf,
    /// keccak256 of the source file's text as it was compiled: how a folder with other sources is recognised.
    source_keccak: B256,
    bytecode: Bytes,
    deployed_bytecode: Bytes,
    /// Typed, so that its key order is the ABI's own whatever serde_json's features.
    abi: JsonAbi,
}

impl ContractSet {
    /// The deployable contracts shipped inside this binary (what `contracts/`, test contracts aside, compiled to
    /// when it was built). No compiler runs.
    pub fn shipped() -> Result<Self, CompileError> {
        let shipped: Shipped = serde_json::from_str(SHIPPED_JSON)
            .map_err(|err| CompileError::Solc(format!("the contracts shipped in this binary do not parse: {err}")))?;
        let source_hashes = shipped
            .contracts
            .iter()
            .map(|c| (c.source.clone(), c.source_keccak))
            .collect();
        let contracts = shipped
            .contracts
            .into_iter()
            .map(|c| {
                let contract = CompiledContract {
                    name: c.name,
                    source: c.source,
                    bytecode: c.bytecode,
                    deployed_bytecode: c.deployed_bytecode,
                    abi: serde_json::to_value(&c.abi).unwrap_or_default(),
                };
                (contract.name.clone(), contract)
            })
            .collect::<BTreeMap<_, _>>();
        Ok(Self {
            contracts,
            source_hashes,
            solc: SolcSource::Shipped,
            solc_version: shipped.solc_version,
            from_cache: true,
            elapsed: Duration::ZERO,
        })
    }

    /// What [`ContractSet::shipped`] reads, made from this compile: every contract outside `contracts/test/` that
    /// has bytecode, with the settings that made it.
    pub fn to_shipped_json(&self) -> String {
        let settings = project::bytecode_settings();
        let shipped = Shipped {
            generated_by: "compiling contracts/; regenerate with MARUBATSU_UPDATE_SHIPPED=1 cargo test -p \
                           marubatsu-tests --test it compiler::, never by hand"
                .to_owned(),
            solc_version: self.solc_version.clone(),
            settings,
            contracts: self
                .iter()
                .filter(|c| !c.bytecode.is_empty() && !c.source.starts_with("contracts/test"))
                .map(|c| ShippedContract {
                    name: c.name.clone(),
                    source: c.source.clone(),
                    source_keccak: self.source_hashes.get(&c.source).copied().unwrap_or_default(),
                    bytecode: c.bytecode.clone(),
                    deployed_bytecode: c.deployed_bytecode.clone(),
                    abi: serde_json::from_value(c.abi.clone()).unwrap_or_default(),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&shipped).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The shipped contracts' sources that exist under `dir` with other text than this binary was built from
/// (paths relative to `dir`, e.g. `contracts/SoloTicTacToe.sol`): in such a folder "the contract" is ambiguous
/// between the shipped bytecode and what the edited file compiles to. Sources absent from `dir` do not count.
pub fn shipped_sources_changed(dir: &Path) -> Result<Vec<PathBuf>, CompileError> {
    let shipped = ContractSet::shipped()?;
    let mut changed = Vec::new();
    for (source, recorded) in &shipped.source_hashes {
        let path = dir.join(source);
        match std::fs::read(&path) {
            Ok(text) if keccak256(&text) != *recorded => changed.push(source.clone()),
            Ok(_) => {}
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(CompileError::Io {
                    action: "reading",
                    path,
                    source,
                });
            }
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_with_an_edited_shipped_source_is_told_apart() {
        let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dir = std::env::temp_dir().join(format!("marubatsu-shipped-diff-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("contracts")).unwrap();
        assert!(
            shipped_sources_changed(&dir).unwrap().is_empty(),
            "no sources, nothing differs"
        );

        let solo = Path::new("contracts/SoloTicTacToe.sol");
        let original = std::fs::read_to_string(checkout.join(solo)).unwrap();
        std::fs::write(dir.join(solo), &original).unwrap();
        assert!(shipped_sources_changed(&dir).unwrap().is_empty(), "the same text");

        std::fs::write(dir.join(solo), original.replacen("pragma", "// edited\npragma", 1)).unwrap();
        assert_eq!(shipped_sources_changed(&dir).unwrap(), vec![solo.to_path_buf()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
