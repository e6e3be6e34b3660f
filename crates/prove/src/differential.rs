//! The contract's CPU against the engine's, on every legal position where someone is to move.

use alloy_primitives::{U256, keccak256};
use marubatsu_chain::{
    evm::Chain,
    gas::{GasKind, GasLog, GasSamples, GasStats},
};
use marubatsu_engine::tictactoe::{Difficulty, Seed, cpu_move, legal_positions};
use serde::Serialize;

use crate::{
    error::{ProveError, TxContext},
    show::{board_rows, mover_is_x},
    solo::{PREVIEW, SoloContract},
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

/// The gas of `previewCpuMove` per level: the levels cost differently by design, so a report shows them apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelGas {
    levels: [GasSamples; 3],
}

impl LevelGas {
    /// The samples of `level`.
    pub fn samples(&self, level: Difficulty) -> &GasSamples {
        &self.levels[usize::from(level.as_u8())]
    }

    /// Adds a call at `level`.
    pub fn record(&mut self, level: Difficulty, sample: impl Into<marubatsu_chain::gas::GasSample>) {
        self.levels[usize::from(level.as_u8())].record(sample);
    }

    /// The summary of every level that has samples, easiest first.
    pub fn stats(&self, kind: GasKind) -> Vec<(Difficulty, GasStats)> {
        Difficulty::ALL
            .into_iter()
            .filter_map(|level| Some((level, self.samples(level).stats(kind)?)))
            .collect()
    }
}

/// A position where the contract and the engine chose differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The board, rows top to bottom, with the CPU's mark and the opponent's (e.g. `X.O .X. ...`).
    pub board: String,
    /// The CPU's mark, `X` or `O`.
    pub cpu: char,
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

impl DifferentialReport {
    /// True when the contract chose the engine's cell in every comparison.
    pub fn passed(&self) -> bool {
        self.differences.is_empty() && self.comparisons > 0
    }
}

/// Asks `previewCpuMove` of `contract` for every legal in-play position, every level and every Easy seed, and
/// compares with [`cpu_move`]. Records each call's gas in `gas` (under the function's signature) and in `levels`.
pub fn compare_cpu(
    chain: &mut Chain,
    contract: &SoloContract,
    gas: &mut GasLog,
    levels: &mut LevelGas,
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
        let x = mover_is_x(mine.bits(), theirs.bits());
        for difficulty in Difficulty::ALL {
            let level_seeds: &[U256] = if difficulty == Difficulty::Easy {
                &seeds
            } else {
                &seeds[..1]
            };
            for &seed in level_seeds {
                let outcome = contract
                    .preview(chain, mine.bits(), theirs.bits(), difficulty, seed)
                    .during(|| {
                        format!(
                            "previewCpuMove({}, {difficulty}, seed {seed})",
                            board_rows(mine.bits(), theirs.bits(), x)
                        )
                    })?;
                gas.record(PREVIEW, &outcome);
                levels.record(difficulty, &outcome);
                let engine = cpu_move(mine, theirs, difficulty, &Seed(seed.to_be_bytes())).map_or(9, |c| c.index());
                report.comparisons += 1;
                if outcome.value != engine {
                    report.differences.push(Difference {
                        board: board_rows(mine.bits(), theirs.bits(), x),
                        cpu: if x { 'X' } else { 'O' },
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
