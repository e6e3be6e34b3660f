//! One compiled solo contract proved from scratch: what `prove --contract` needs.

use alloy_primitives::Bytes;
use marubatsu_chain::{compiler::CompiledContract, evm::Chain};

use super::{SoloContract, SoloOptions, SoloReport, SoloTarget, prove_solo, solo_dialect};
use crate::{
    error::{ProveError, TxContext},
    progress::Progress,
};

/// Reads the dialect of `contract` from its ABI, creates it with `init_code` (its bytecode and any constructor
/// arguments) in a fresh in-process chain from the first account, and proves it as the second. A contract that
/// does not speak the interface ([`ProveError::Nonconforming`]) or cannot be created is an error: nothing could be
/// proved. Every property's own error is in the report.
pub fn prove_compiled(
    contract: &CompiledContract,
    init_code: Bytes,
    options: &SoloOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SoloReport, ProveError> {
    let dialect = solo_dialect(&contract.abi)?;
    let mut chain = Chain::new();
    let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
    let address = chain
        .deploy_code(deployer, init_code, Default::default())
        .during(|| format!("deploying {}", contract.name))?
        .address;
    let target = SoloTarget {
        contract: SoloContract { address, dialect },
        player,
    };
    Ok(prove_solo(&mut chain, &contract.name, &target, options, progress))
}
