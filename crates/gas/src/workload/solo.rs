use alloy_primitives::Bytes;
use marubatsu_chain::{compiler::CompiledContract, evm::Chain};
use marubatsu_engine::tictactoe::Difficulty;
use marubatsu_prove::{Progress, ProveError, SoloContract, SoloTarget, compare_cpu, explore_levels, solo_dialect};

use crate::{error::GasError, report::ContractLog};

/// The proof workload, on any contract that speaks the solo interface (the toolkit's or the book's, read from its
/// ABI): every human line against every level from both seats (each line a game of its own, `newGame` included),
/// then `previewCpuMove` on every legal in-play position at every level (Easy over the proof's seeds). The
/// contract is created with `init_code` (its bytecode and any constructor arguments).
pub(super) fn measure(
    chain: &mut Chain,
    contract: &CompiledContract,
    init_code: Bytes,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, GasError> {
    let dialect = solo_dialect(&contract.abi).map_err(ProveError::from)?;
    let (address, mut log) = super::deploy(chain, contract, init_code)?;
    let target = SoloTarget {
        contract: SoloContract { address, dialect },
        player: chain.accounts()[1],
    };
    let levels = [Difficulty::Hard, Difficulty::Normal, Difficulty::Easy];
    let label = format!("{}: every line", contract.name);
    explore_levels(chain, &target, &levels, &mut log.log, &label, progress)?;
    let stage = format!("{}: previewCpuMove on every position", contract.name);
    let mut on_position = |done, total| {
        progress(&Progress {
            stage: stage.clone(),
            done,
            total: Some(total),
        })
    };
    compare_cpu(
        chain,
        &target.contract,
        &mut log.log,
        &mut log.preview_by_level,
        &mut on_position,
    )?;
    Ok(log)
}
