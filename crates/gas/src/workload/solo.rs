use marubatsu_chain::{Chain, CompiledContract};
use marubatsu_engine::tictactoe::Difficulty;
use marubatsu_prove::{Progress, SoloTarget, compare_cpu, explore_levels};

use crate::{error::GasError, report::ContractLog};

/// The proof workload: every human line against every level from both seats (each line a game of its own,
/// `newGame` included), then `previewCpuMove` on every legal in-play position at every level (Easy over the
/// proof's seeds).
pub(super) fn measure(
    chain: &mut Chain,
    contract: &CompiledContract,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, GasError> {
    let (address, mut log) = super::deploy(chain, contract, contract.bytecode.clone())?;
    let target = SoloTarget {
        contract: address,
        player: chain.accounts()[1],
    };
    let levels = [Difficulty::Hard, Difficulty::Normal, Difficulty::Easy];
    explore_levels(
        chain,
        target,
        &levels,
        &mut log.log,
        "SoloTicTacToe: every line",
        progress,
    )?;
    let stage = "SoloTicTacToe: previewCpuMove on every position";
    let mut on_position = |done, total| {
        progress(&Progress {
            stage: stage.to_owned(),
            done,
            total: Some(total),
        })
    };
    compare_cpu(
        chain,
        address,
        &mut log.log,
        &mut log.preview_by_level,
        &mut on_position,
    )?;
    Ok(log)
}
