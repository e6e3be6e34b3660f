use std::{collections::BTreeMap, path::PathBuf, time::Duration};

use alloy_primitives::{B256, Bytes, keccak256};

use super::solc::SolcSource;
use crate::error::CompileError;

/// One compiled contract: what deploying and verifying it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledContract {
    /// The contract's name.
    pub name: String,
    /// Its source file, relative to the repository root.
    pub source: PathBuf,
    /// Creation code (constructor + runtime), empty for interfaces and abstract contracts.
    pub bytecode: Bytes,
    /// The runtime code that a deployment leaves at its address.
    pub deployed_bytecode: Bytes,
    /// The JSON ABI.
    pub abi: serde_json::Value,
}

impl CompiledContract {
    /// keccak256 of the runtime code: how a deployment record recognises the same contract on a chain.
    pub fn deployed_code_hash(&self) -> B256 {
        keccak256(&self.deployed_bytecode)
    }

    /// Size of the runtime code in bytes (EIP-170 caps it at 24,576).
    pub fn deployed_size(&self) -> usize {
        self.deployed_bytecode.len()
    }
}

/// Every contract compiled from `contracts/`, by name, with how the compile went.
#[derive(Clone, Debug)]
pub struct ContractSet {
    pub(super) contracts: BTreeMap<String, CompiledContract>,
    /// keccak256 of each source file's text, by path relative to the root, as it was compiled.
    pub(super) source_hashes: BTreeMap<PathBuf, B256>,
    pub(super) solc: SolcSource,
    pub(super) solc_version: String,
    pub(super) from_cache: bool,
    pub(super) elapsed: Duration,
}

impl ContractSet {
    /// The contract called `name`, with deployable bytecode.
    pub fn get(&self, name: &str) -> Result<&CompiledContract, CompileError> {
        let contract = self.contracts.get(name).ok_or_else(|| CompileError::UnknownContract {
            name: name.to_owned(),
            available: self.contracts.keys().cloned().collect::<Vec<_>>().join(", "),
        })?;
        if contract.bytecode.is_empty() {
            return Err(CompileError::NoBytecode { name: name.to_owned() });
        }
        Ok(contract)
    }

    /// All contracts, by name.
    pub fn iter(&self) -> impl Iterator<Item = &CompiledContract> {
        self.contracts.values()
    }

    /// Which compiler produced them.
    pub fn solc(&self) -> &SolcSource {
        &self.solc
    }

    /// The compiler's full version string.
    pub fn solc_version(&self) -> &str {
        &self.solc_version
    }

    /// True when nothing was recompiled: every artifact came from foundry-compilers' cache.
    pub fn from_cache(&self) -> bool {
        self.from_cache
    }

    /// How long the compile (or the cache check) took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }
}
