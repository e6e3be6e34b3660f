use std::collections::BTreeMap;

use marubatsu_prove::{FunctionGas, GasKind, GasLog};
use serde::{Deserialize, Serialize};

/// Gas per contract, in the shape of forge's `--gas-report --json` (an array of contracts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GasReport {
    /// One entry per contract, in workload order.
    pub contracts: Vec<ContractGas>,
}

/// One contract's deployment and functions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractGas {
    /// `path:Name`, as forge names it (e.g. `contracts/SoloTicTacToe.sol:SoloTicTacToe`).
    pub contract: String,
    /// The creation transaction.
    pub deployment: DeploymentGas,
    /// Per function signature, e.g. `play(uint256,uint8)`.
    pub functions: BTreeMap<String, FunctionStats>,
}

/// A deployment's cost and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeploymentGas {
    /// Gas of the creation transaction.
    pub gas: u64,
    /// Bytes of creation code sent (what forge calls "Deployment Size").
    pub size: u64,
}

/// One function's figures, with forge's JSON field names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionStats {
    /// Number of calls.
    pub calls: u64,
    /// Smallest.
    pub min: u64,
    /// Mean (forge's "Avg").
    pub mean: u64,
    /// Median.
    pub median: u64,
    /// Largest.
    pub max: u64,
}

impl From<&FunctionGas> for FunctionStats {
    fn from(row: &FunctionGas) -> Self {
        Self {
            calls: row.calls,
            min: row.min,
            mean: row.avg,
            median: row.median,
            max: row.max,
        }
    }
}

/// What a workload measured for one contract, before it is summarised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractLog {
    /// `path:Name`.
    pub contract: String,
    /// The creation transaction.
    pub deployment: DeploymentGas,
    /// Every sample. Keys containing `[` are breakdowns (e.g. `previewCpuMove[hard]`), not functions.
    pub log: GasLog,
}

impl ContractLog {
    /// The forge-shaped summary of this contract for `kind`.
    pub fn summary(&self, kind: GasKind) -> ContractGas {
        let functions = self
            .log
            .summary(kind)
            .iter()
            .filter(|row| !row.function.contains('['))
            .map(|row| (row.function.clone(), FunctionStats::from(row)))
            .collect();
        ContractGas {
            contract: self.contract.clone(),
            deployment: self.deployment,
            functions,
        }
    }
}

impl GasReport {
    /// The contract whose `path:Name` ends with `:name`.
    pub fn contract(&self, name: &str) -> Option<&ContractGas> {
        self.contracts
            .iter()
            .find(|c| c.contract.rsplit(':').next() == Some(name))
    }
}

impl ContractGas {
    /// The contract's name without its path.
    pub fn name(&self) -> &str {
        self.contract.rsplit(':').next().unwrap_or(&self.contract)
    }

    /// The figures of the function called `name` (signature without parameters).
    pub fn function(&self, name: &str) -> Option<&FunctionStats> {
        self.functions
            .iter()
            .find(|(sig, _)| sig.split('(').next() == Some(name))
            .map(|(_, stats)| stats)
    }
}
