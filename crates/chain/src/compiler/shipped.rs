//! The contracts as this binary was built with them: bytecode, ABI and the compiler settings, so that an installed
//! `marubatsu` plays, deploys and serves without a checkout, Node.js or solc-js.
//!
//! `shipped-contracts.json` (beside this crate's `Cargo.toml`) is generated, never edited: the integration test
//! `shipped_contracts_are_what_the_sources_compile_to` compiles `contracts/` and requires the file to equal, byte for
//! byte, what [`ContractSet::to_shipped_json`] makes of that compile; run it with
//! `MARUBATSU_UPDATE_SHIPPED=1` to write the file after changing a contract.

use std::{collections::BTreeMap, path::PathBuf, time::Duration};

use alloy_primitives::Bytes;
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
    settings: serde_json::Value,
    contracts: Vec<ShippedContract>,
}

#[derive(Serialize, Deserialize)]
struct ShippedContract {
    name: String,
    source: PathBuf,
    bytecode: Bytes,
    deployed_bytecode: Bytes,
    abi: serde_json::Value,
}

impl ContractSet {
    /// The deployable contracts shipped inside this binary (what `contracts/`, test contracts aside, compiled to
    /// when it was built). No compiler runs.
    pub fn shipped() -> Result<Self, CompileError> {
        let shipped: Shipped = serde_json::from_str(SHIPPED_JSON)
            .map_err(|err| CompileError::Solc(format!("the contracts shipped in this binary do not parse: {err}")))?;
        let contracts = shipped
            .contracts
            .into_iter()
            .map(|c| {
                let contract = CompiledContract {
                    name: c.name,
                    source: c.source,
                    bytecode: c.bytecode,
                    deployed_bytecode: c.deployed_bytecode,
                    abi: c.abi,
                };
                (contract.name.clone(), contract)
            })
            .collect::<BTreeMap<_, _>>();
        Ok(Self {
            contracts,
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
                           marubatsu-tests --test compiler, never by hand"
                .to_owned(),
            solc_version: self.solc_version.clone(),
            settings,
            contracts: self
                .iter()
                .filter(|c| !c.bytecode.is_empty() && !c.source.starts_with("contracts/test"))
                .map(|c| ShippedContract {
                    name: c.name.clone(),
                    source: c.source.clone(),
                    bytecode: c.bytecode.clone(),
                    deployed_bytecode: c.deployed_bytecode.clone(),
                    abi: c.abi.clone(),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&shipped).unwrap_or_default();
        text.push('\n');
        text
    }
}
