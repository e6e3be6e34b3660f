use std::collections::BTreeMap;

use marubatsu_chain::gas::{GasKind, GasLog, GasStats};
use marubatsu_prove::LevelGas;
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
    pub functions: BTreeMap<String, GasStats>,
}

/// A deployment's cost and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeploymentGas {
    /// Gas of the creation transaction.
    pub gas: u64,
    /// Bytes of creation code sent (what forge calls "Deployment Size").
    pub size: u64,
}

/// What a workload measured for one contract, before it is summarised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractLog {
    /// `path:Name`.
    pub contract: String,
    /// The creation transaction.
    pub deployment: DeploymentGas,
    /// Every sample, per function signature.
    pub log: GasLog,
    /// `previewCpuMove` per level (solo only; empty for a contract without it).
    pub preview_by_level: LevelGas,
}

impl ContractLog {
    /// The forge-shaped summary of this contract for `kind`.
    pub fn summary(&self, kind: GasKind) -> ContractGas {
        ContractGas {
            contract: self.contract.clone(),
            deployment: self.deployment,
            functions: self.log.summary(kind),
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
    pub fn function(&self, name: &str) -> Option<&GasStats> {
        self.functions
            .iter()
            .find(|(sig, _)| sig.split('(').next() == Some(name))
            .map(|(_, stats)| stats)
    }
}
