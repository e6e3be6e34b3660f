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
}

/// One deployed contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractRecord {
    /// Where it lives.
    pub address: Address,
    /// The creation transaction.
    pub transaction_hash: B256,
    /// The block that includes it.
    pub block_number: u64,
    /// Who deployed it.
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
            evm_version: "prague".into(),
        };
        let mut record = DeploymentRecord::empty(chain_id);
        record.insert("SoloTicTacToe", contract);
        record
    }

    #[test]
    fn a_replaced_deployment_stays_in_the_history() {
        let mut record = sample(1);
        // A record from before the history: its current deployment must survive a replacement.
        record.history.clear();
        let mut newer = record.contracts["SoloTicTacToe"].clone();
        newer.address = Address::repeat_byte(0xaa);
        newer.deployed_code_hash = B256::repeat_byte(0xbb);
        record.insert("SoloTicTacToe", newer.clone());
        assert_eq!(record.contracts["SoloTicTacToe"], newer);
        let addresses: Vec<Address> = record.history.iter().map(|h| h.record.address).collect();
        assert_eq!(addresses, [Address::repeat_byte(1), Address::repeat_byte(0xaa)]);
        // Old files without a history still parse.
        let old = r#"{"chain_id": 1, "contracts": {}}"#;
        let parsed: DeploymentRecord = serde_json::from_str(old).unwrap();
        assert!(parsed.history.is_empty());
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
            deployments.address_of(5, "SoloTicTacToe").unwrap(),
            Address::repeat_byte(1)
        );
        let missing = deployments.address_of(5, "TicTacToe").unwrap_err().to_string();
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
