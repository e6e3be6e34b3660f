//! The deployment record: one JSON file per chain id, written by `deploy` and read by the game commands.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use alloy_primitives::{Address, B256};
use serde::{Deserialize, Serialize};

use crate::error::Error;

/// Where deployment records live unless told otherwise, relative to the repository root.
pub const DEFAULT_DEPLOYMENTS_DIR: &str = "deployments";

/// The environment variable that names the records' folder (the `--deployments` flag wins over it).
pub const DEPLOYMENTS_VAR: &str = "MARUBATSU_DEPLOYMENTS";

/// What a chain holds of ours: `deployments/<chain id>.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeploymentRecord {
    /// The chain.
    pub chain_id: u64,
    /// The contracts by name (`SoloTicTacToe`, `TicTacToe`): the current deployment of each.
    pub contracts: BTreeMap<String, ContractRecord>,
    /// Every deployment ever recorded on this chain, oldest first, current ones included: an address that
    /// still holds a player's credit is never forgotten when the sources change and `deploy` runs again.
    #[serde(default)]
    pub history: Vec<PastDeployment>,
}

/// A deployment in the history: which contract, and the record it had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastDeployment {
    /// The contract's name.
    pub name: String,
    /// Its record (address, creation, code hash, compiler).
    #[serde(flatten)]
    pub record: ContractRecord,
}

impl DeploymentRecord {
    /// An empty record of `chain_id`.
    pub fn empty(chain_id: u64) -> Self {
        Self {
            chain_id,
            contracts: BTreeMap::new(),
            history: Vec::new(),
        }
    }

    /// Makes `record` the current deployment of `name` and adds it to the history; the one it replaces stays
    /// in the history (records written before there was a history get theirs added first).
    pub fn insert(&mut self, name: &str, record: ContractRecord) {
        let current: Vec<(String, ContractRecord)> =
            self.contracts.iter().map(|(n, r)| (n.clone(), r.clone())).collect();
        for (past_name, past) in current.into_iter().chain([(name.to_owned(), record.clone())]) {
            if !self
                .history
                .iter()
                .any(|h| h.name == past_name && h.record.address == past.address)
            {
                self.history.push(PastDeployment {
                    name: past_name,
                    record: past,
                });
            }
        }
        self.contracts.insert(name.to_owned(), record);
    }

    /// Every recorded deployment of `name` on this chain, oldest first, one per address (the current one
    /// included, also in records written before there was a history), with whether it is the current one.
    pub fn deployments_of(&self, name: &str) -> Vec<(&ContractRecord, bool)> {
        let current = self.contracts.get(name);
        let mut found: Vec<&ContractRecord> = Vec::new();
        let past = self.history.iter().filter(|h| h.name == name).map(|h| &h.record);
        for record in past.chain(current) {
            if !found.iter().any(|r| r.address == record.address) {
                found.push(record);
            }
        }
        found
            .into_iter()
            .map(|record| (record, current.is_some_and(|c| c.address == record.address)))
            .collect()
    }
}

/// One deployed contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractRecord {
    /// Where it lives.
    #[serde(with = "crate::checksum::address")]
    pub address: Address,
    /// The creation transaction.
    pub transaction_hash: B256,
    /// The block that includes it.
    pub block_number: u64,
    /// Who deployed it.
    #[serde(with = "crate::checksum::address")]
    pub deployer: Address,
    /// Gas the creation used.
    pub gas_used: u64,
    /// keccak256 of the runtime code: equal to the compiled contract's while the sources are unchanged.
    pub deployed_code_hash: B256,
    /// The solc that compiled it (full version string).
    pub compiler_version: String,
    /// The optimizer runs it was compiled with.
    pub optimizer_runs: usize,
    /// The EVM version it was compiled for.
    pub evm_version: String,
    /// Its JSON ABI, as compiled: the game commands check that an older deployment has the function they are
    /// about to call. None in records written before it was kept, and for a creation settled after the sources
    /// changed (its ABI is no longer known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abi: Option<serde_json::Value>,
}

impl ContractRecord {
    /// Whether its recorded ABI has the function `signature` (e.g. `withdraw()`); `None` when no ABI is recorded.
    pub fn has_function(&self, signature: &str) -> Option<bool> {
        let abi = self.abi.as_ref()?.as_array()?;
        Some(abi.iter().any(|item| {
            item["type"] == "function"
                && item["name"]
                    .as_str()
                    .map(|name| function_signature(name, &item["inputs"]))
                    .as_deref()
                    == Some(signature)
        }))
    }
}

/// `name(type,…)` of an ABI function, tuples written out as `(…)`, as selectors are computed.
fn function_signature(name: &str, inputs: &serde_json::Value) -> String {
    format!("{name}({})", parameter_types(inputs))
}

fn parameter_types(parameters: &serde_json::Value) -> String {
    let Some(parameters) = parameters.as_array() else {
        return String::new();
    };
    let types: Vec<String> = parameters
        .iter()
        .map(|parameter| {
            let kind = parameter["type"].as_str().unwrap_or_default();
            match kind.strip_prefix("tuple") {
                Some(array_suffix) => format!("({}){array_suffix}", parameter_types(&parameter["components"])),
                None => kind.to_owned(),
            }
        })
        .collect();
    types.join(",")
}

/// The folder of deployment records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deployments {
    dir: PathBuf,
}

impl Deployments {
    /// Records in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The record file of `chain_id`.
    pub fn path(&self, chain_id: u64) -> PathBuf {
        self.dir.join(format!("{chain_id}.json"))
    }

    /// The record of `chain_id`, if one was written.
    pub fn load(&self, chain_id: u64) -> Result<Option<DeploymentRecord>, Error> {
        let path = self.path(chain_id);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(Error::file("reading", &path, err)),
        };
        let record: DeploymentRecord = serde_json::from_str(&text).map_err(|err| Error::file("parsing", &path, err))?;
        if record.chain_id != chain_id {
            return Err(Error::file(
                "checking",
                &path,
                format!("it is the record of chain {}, not {chain_id}", record.chain_id),
            ));
        }
        Ok(Some(record))
    }

    /// Writes `record` (to a temporary file first, then renamed, so a crash never leaves half a record).
    pub fn save(&self, record: &DeploymentRecord) -> Result<PathBuf, Error> {
        let path = self.path(record.chain_id);
        crate::journal::write_json(&path, record)?;
        Ok(path)
    }

    /// The address of `contract` on `chain_id`, from the record.
    pub fn address_of(&self, chain_id: u64, contract: &'static str) -> Result<Address, Error> {
        self.load(chain_id)?
            .and_then(|record| record.contracts.get(contract).map(|c| c.address))
            .ok_or_else(|| Error::NotDeployed {
                contract,
                chain_id,
                path: self.path(chain_id),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use marubatsu_chain::compiler::{PVP_CONTRACT, SOLO_CONTRACT};

    fn sample(chain_id: u64) -> DeploymentRecord {
        let contract = ContractRecord {
            address: Address::repeat_byte(1),
            transaction_hash: B256::repeat_byte(2),
            block_number: 3,
            deployer: Address::repeat_byte(4),
            gas_used: 5,
            deployed_code_hash: B256::repeat_byte(6),
            compiler_version: "0.8.37".into(),
            optimizer_runs: 1_000_000,
            evm_version: marubatsu_chain::compiler::EVM_VERSION.as_str().into(),
            abi: Some(serde_json::json!([
                {"type": "function", "name": "withdraw", "inputs": []},
                {"type": "function", "name": "play", "inputs": [{"type": "uint256"}, {"type": "uint8"}]},
                {"type": "function", "name": "many", "inputs": [
                    {"type": "tuple[]", "components": [{"type": "address"}, {"type": "bool"}]}
                ]},
                {"type": "event", "name": "Withdrawn", "inputs": []}
            ])),
        };
        let mut record = DeploymentRecord::empty(chain_id);
        record.insert(SOLO_CONTRACT, contract);
        record
    }

    #[test]
    fn a_replaced_deployment_stays_in_the_history() {
        let mut record = sample(1);
        // A record from before the history: its current deployment must survive a replacement.
        record.history.clear();
        let mut newer = record.contracts[SOLO_CONTRACT].clone();
        newer.address = Address::repeat_byte(0xaa);
        newer.deployed_code_hash = B256::repeat_byte(0xbb);
        record.insert(SOLO_CONTRACT, newer.clone());
        assert_eq!(record.contracts[SOLO_CONTRACT], newer);
        let addresses: Vec<Address> = record.history.iter().map(|h| h.record.address).collect();
        assert_eq!(addresses, [Address::repeat_byte(1), Address::repeat_byte(0xaa)]);
        // Old files without a history still parse.
        let old = r#"{"chain_id": 1, "contracts": {}}"#;
        let parsed: DeploymentRecord = serde_json::from_str(old).unwrap();
        assert!(parsed.history.is_empty());
        let listed: Vec<(Address, bool)> = record
            .deployments_of(SOLO_CONTRACT)
            .iter()
            .map(|(r, current)| (r.address, *current))
            .collect();
        assert_eq!(
            listed,
            [(Address::repeat_byte(1), false), (Address::repeat_byte(0xaa), true)]
        );
        assert!(record.deployments_of(PVP_CONTRACT).is_empty());
        // Addresses are written checksummed (0xaa… has letters, so its case shows).
        let text = serde_json::to_string(&record).unwrap();
        let checksummed = Address::repeat_byte(0xaa).to_checksum(None);
        assert_ne!(checksummed, checksummed.to_lowercase());
        assert!(
            text.contains(&checksummed) && !text.contains(&checksummed.to_lowercase()),
            "{text}"
        );
    }

    #[test]
    fn the_recorded_abi_answers_which_functions_exist() {
        let record = sample(1);
        let contract = &record.contracts[SOLO_CONTRACT];
        assert_eq!(contract.has_function("withdraw()"), Some(true));
        assert_eq!(contract.has_function("play(uint256,uint8)"), Some(true));
        assert_eq!(contract.has_function("many((address,bool)[])"), Some(true));
        assert_eq!(
            contract.has_function("Withdrawn()"),
            Some(false),
            "events are not functions"
        );
        assert_eq!(contract.has_function("resign(uint256)"), Some(false));
        let without = ContractRecord {
            abi: None,
            ..contract.clone()
        };
        assert_eq!(without.has_function("withdraw()"), None);
    }

    #[test]
    fn a_record_round_trips_and_names_its_chain() {
        let dir = tempfile::tempdir().unwrap();
        let deployments = Deployments::new(dir.path().join("nested"));
        assert_eq!(deployments.load(5).unwrap(), None);
        let path = deployments.save(&sample(5)).unwrap();
        assert_eq!(path, dir.path().join("nested/5.json"));
        assert_eq!(deployments.load(5).unwrap(), Some(sample(5)));
        assert_eq!(
            deployments.address_of(5, SOLO_CONTRACT).unwrap(),
            Address::repeat_byte(1)
        );
        let missing = deployments.address_of(5, PVP_CONTRACT).unwrap_err().to_string();
        assert!(missing.contains("marubatsu deploy --broadcast"), "{missing}");
    }

    #[test]
    fn a_record_under_the_wrong_name_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let deployments = Deployments::new(dir.path());
        deployments.save(&sample(7)).unwrap();
        std::fs::rename(dir.path().join("7.json"), dir.path().join("8.json")).unwrap();
        let err = deployments.load(8).unwrap_err().to_string();
        assert!(err.contains("record of chain 7"), "{err}");
    }
}
