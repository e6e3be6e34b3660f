//! The deterministic workload the gas report measures.

mod pvp;
mod solo;

use marubatsu_chain::gas::GasKind;
use marubatsu_chain::{
    compiler::{CompiledContract, ContractSet},
    evm::Chain,
};
use marubatsu_prove::Progress;

use crate::{
    error::GasError,
    report::{ContractLog, DeploymentGas, GasReport},
};

/// Everything the workload measured, per contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workload {
    /// `SoloTicTacToe`.
    pub solo: ContractLog,
    /// `TicTacToe` (PvP).
    pub pvp: ContractLog,
}

impl Workload {
    /// The forge-shaped report for `kind`.
    pub fn report(&self, kind: GasKind) -> GasReport {
        GasReport {
            contracts: vec![self.solo.summary(kind), self.pvp.summary(kind)],
        }
    }
}

/// Deploys both contracts in a fresh in-process chain and runs the whole workload.
pub fn run_workload(contracts: &ContractSet, progress: &mut dyn FnMut(&Progress)) -> Result<Workload, GasError> {
    let mut chain = Chain::new();
    let solo_contract = contracts.get(marubatsu_chain::compiler::SOLO_CONTRACT)?;
    let solo = solo::measure(&mut chain, solo_contract, solo_contract.bytecode.clone(), progress)?;
    let pvp_contract = contracts.get(marubatsu_chain::compiler::PVP_CONTRACT)?;
    let pvp_code = marubatsu_chain::pvp::pvp_creation_code(pvp_contract, marubatsu_chain::pvp::PUBLIC_CLAIM_BLOCKS);
    let pvp = pvp::measure(&mut chain, pvp_contract, pvp_code, progress)?;
    Ok(Workload { solo, pvp })
}

/// Measures one solo contract (the toolkit's `ISoloTicTacToe` or the book's shape, decided from its ABI) over the
/// documented solo workload in a fresh in-process chain, creating it with `init_code` (its bytecode and any
/// constructor arguments). A contract that does not speak the interface is an error naming what it lacks.
pub fn measure_solo(
    contract: &CompiledContract,
    init_code: alloy_primitives::Bytes,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, GasError> {
    solo::measure(&mut Chain::new(), contract, init_code, progress)
}

/// Measures one PvP contract (any that speaks `ITicTacToe`) over the documented PvP workload on `chain`,
/// creating it with `init_code` (its bytecode and constructor arguments, the toolkit's own TicTacToe's being
/// its claim blocks).
pub fn measure_pvp(
    chain: &mut Chain,
    contract: &CompiledContract,
    init_code: alloy_primitives::Bytes,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, GasError> {
    pvp::measure(chain, contract, init_code, progress)
}

/// [`measure_solo`] on a chain of the caller's (one set to the EVM version the contract was compiled for).
pub fn measure_solo_on(
    chain: &mut Chain,
    contract: &CompiledContract,
    init_code: alloy_primitives::Bytes,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, GasError> {
    solo::measure(chain, contract, init_code, progress)
}

/// Deploys `contract` from the first account, creating it with `init_code` (its bytecode and constructor
/// arguments), and starts its log.
fn deploy(
    chain: &mut Chain,
    contract: &CompiledContract,
    init_code: alloy_primitives::Bytes,
) -> Result<(alloy_primitives::Address, ContractLog), GasError> {
    let deployer = chain.accounts()[0];
    let deployment = chain
        .deploy_code(deployer, init_code, Default::default())
        .map_err(|source| GasError::Tx {
            action: format!("deploying {}", contract.name),
            source,
        })?;
    let log = ContractLog {
        contract: format!("{}:{}", contract.source.display(), contract.name),
        deployment: DeploymentGas {
            gas: deployment.receipt.gas_used,
            size: contract.bytecode.len() as u64,
        },
        log: Default::default(),
        preview_by_level: Default::default(),
    };
    Ok((deployment.address, log))
}
