//! The contract's CPU against the engine's, on every legal position where someone is to move.

use alloy_primitives::{Address, U256, keccak256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{Chain, bindings::ISoloTicTacToe};
use marubatsu_engine::tictactoe::{Difficulty, Seed, cpu_move, legal_positions};
use serde::Serialize;

use crate::{
    error::{ProveError, TxContext},
    gas::GasLog,
    lines::to_sol,
};

/// Seeds Easy is compared over: small values, values near the word's ends, and hashes (so every residue mod
/// 1..=9 occurs for every empty-cell count).
pub fn easy_seeds() -> Vec<U256> {
    let mut seeds: Vec<U256> = (0..9u64).map(U256::from).collect();
    seeds.push(U256::MAX);
    seeds.push(U256::MAX - U256::from(1));
    seeds.push(U256::from(1) << 255);
    seeds.extend((0..4u8).map(|i| U256::from_be_bytes(keccak256([b'm', b'b', i]).0)));
    seeds
}

/// The gas-log key of `previewCpuMove` calls at one level, e.g. `previewCpuMove[hard]`: the report shows the
/// levels apart because their costs differ by design.
pub fn preview_by_level(difficulty: Difficulty) -> String {
    format!("previewCpuMove[{}]", difficulty.name())
}

/// A position where the contract and the engine chose differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The CPU's cells.
    pub mine: u16,
    /// The opponent's cells.
    pub theirs: u16,
    /// The level.
    pub difficulty: &'static str,
    /// The seed (Easy only matters).
    pub seed: String,
    /// What `previewCpuMove` returned.
    pub contract: u8,
    /// What the engine chose (9 = none).
    pub engine: u8,
}

/// The differential's counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DifferentialReport {
    /// Legal positions with a side to move (the CPU plays that side).
    pub positions: u64,
    /// Contract calls compared: positions × (Normal + Hard + Easy × seeds).
    pub comparisons: u64,
    /// Seeds used for Easy.
    pub easy_seeds: u64,
    /// Every disagreement (empty when the proof passes).
    pub differences: Vec<Difference>,
}

/// Asks `previewCpuMove` at `contract` for every legal in-play position, every level and every Easy seed, and
/// compares with [`cpu_move`]. Records the execution gas of each call as `previewCpuMove[Level]`.
pub fn compare_cpu(
    chain: &mut Chain,
    contract: Address,
    gas: &mut GasLog,
    on_position: &mut dyn FnMut(u64, u64),
) -> Result<DifferentialReport, ProveError> {
    let seeds = easy_seeds();
    let positions: Vec<_> = legal_positions()
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .collect();
    let mut report = DifferentialReport {
        positions: positions.len() as u64,
        comparisons: 0,
        easy_seeds: seeds.len() as u64,
        differences: Vec::new(),
    };
    for (done, position) in positions.iter().enumerate() {
        let mover = position.side_to_move();
        let (mine, theirs) = (position.board(mover), position.board(mover.other()));
        for difficulty in Difficulty::ALL {
            let level_seeds: &[U256] = if difficulty == Difficulty::Easy {
                &seeds
            } else {
                &seeds[..1]
            };
            for &seed in level_seeds {
                let call = ISoloTicTacToe::previewCpuMoveCall {
                    mine: mine.bits(),
                    theirs: theirs.bits(),
                    difficulty: to_sol(difficulty),
                    seed,
                };
                let outcome = chain.call(contract, &call).during(|| {
                    format!(
                        "previewCpuMove({:#x}, {:#x}, {}, {seed})",
                        mine.bits(),
                        theirs.bits(),
                        difficulty.name()
                    )
                })?;
                gas.record_view(
                    ISoloTicTacToe::previewCpuMoveCall::SIGNATURE,
                    outcome.execution_gas,
                );
                gas.record_view(&preview_by_level(difficulty), outcome.execution_gas);
                let engine = cpu_move(mine, theirs, difficulty, &Seed(seed.to_be_bytes()))
                    .map_or(9, |c| c.index());
                report.comparisons += 1;
                if outcome.value != engine {
                    report.differences.push(Difference {
                        mine: mine.bits(),
                        theirs: theirs.bits(),
                        difficulty: difficulty.name(),
                        seed: seed.to_string(),
                        contract: outcome.value,
                        engine,
                    });
                }
            }
        }
        on_position(done as u64 + 1, report.positions);
    }
    Ok(report)
}
