use marubatsu_chain::{Chain, CompiledContract};
use marubatsu_engine::tictactoe::Difficulty;
use marubatsu_prove::{
    LineExploration, Progress, ProveError, SoloTarget, compare_cpu, explore_lines,
};

use crate::report::ContractLog;

/// The proof workload: every human line against every level from both seats (each line a game of its own,
/// `newGame` included), then `previewCpuMove` on every legal in-play position at every level (Easy over the
/// proof's seeds).
pub(super) fn measure(
    chain: &mut Chain,
    contract: &CompiledContract,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, ProveError> {
    let (address, mut log) = super::deploy(chain, contract)?;
    let player = chain.accounts()[1];
    for difficulty in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
        for cpu_first in [false, true] {
            let stage = format!(
                "SoloTicTacToe: every line vs {}, cpu first: {cpu_first}",
                difficulty.name()
            );
            let mut on_line = |run: &LineExploration| {
                progress(&Progress {
                    stage: stage.clone(),
                    done: run.lines,
                    total: None,
                })
            };
            let target = SoloTarget {
                contract: address,
                player,
            };
            explore_lines(
                chain,
                target,
                difficulty,
                cpu_first,
                &mut log.log,
                &mut on_line,
            )?;
        }
    }
    let stage = "SoloTicTacToe: previewCpuMove on every position".to_owned();
    let mut on_position = |done, total| {
        progress(&Progress {
            stage: stage.clone(),
            done,
            total: Some(total),
        })
    };
    compare_cpu(chain, address, &mut log.log, &mut on_position)?;
    Ok(log)
}
