//! The proof of the toolkit's own contracts: `SoloTicTacToe`'s properties, as any solo contract gets them, plus
//! the extras only the shipped checkout can run (the engine's tree, `Board`'s win check, and the weakened
//! variants that the proofs must catch), each its own named entry.

use std::time::Instant;

use marubatsu_chain::{
    compiler::{BOARD_HARNESS_CONTRACT, ContractSet, SOLO_CONTRACT},
    evm::Chain,
    gas::{GasLog, GasStats},
};
use marubatsu_engine::tictactoe::{Difficulty, count_tree};
use serde::Serialize;

use crate::{
    board::{BoardReport, check_board_win_masks},
    error::{ProveError, TxContext},
    lines::{LineExploration, SoloTarget, explore_levels},
    minimax::{ValueReport, check_hard_value},
    progress::Progress,
    show::{cell_list, moves_in_turn},
    solo::{
        Property, PropertyReport, SoloContract, SoloOptions, SoloReport, Status, failures, prove_solo, solo_dialect,
    },
};

/// The known size of the tic-tac-toe game tree, which the engine must reproduce.
pub const EXPECTED_TREE: (u64, u64, u64) = (549_946, 255_168, 5_478);

/// How many board masks a report spells out.
const SHOWN: usize = 3;

/// The engine's tree counts beside the known ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeReport {
    /// Nodes of the game tree, the empty board included.
    pub nodes: u64,
    /// Complete games.
    pub games: u64,
    /// Distinct legal positions.
    pub positions: u64,
}

/// The runs behind the demonstrations.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DemonstrationRuns {
    /// The line search against Hard without the forcing-move rule (`WeakHardSoloTicTacToe`).
    pub weakened_hard: Vec<LineExploration>,
    /// The value proof against Hard as it was before version 2 (`V1HardSoloTicTacToe`).
    pub v1_hard_value: Option<ValueReport>,
}

/// One level's `previewCpuMove` gas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelGasStats {
    /// `easy`, `normal` or `hard`.
    pub level: &'static str,
    /// Its figures.
    pub stats: GasStats,
}

/// Everything `marubatsu prove` establishes about the toolkit's own contracts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProofReport {
    /// The compiler the contracts were built with.
    pub solc_version: String,
    /// `SoloTicTacToe`'s properties, runs and gas, as any solo contract's.
    pub solo: SoloReport,
    /// The engine's game-tree counts, when `tree-counts` ran.
    pub tree: Option<TreeReport>,
    /// Board's win check against the engine, when `board-win` ran.
    pub board: Option<BoardReport>,
    /// The broken variants' runs.
    pub demonstration_runs: DemonstrationRuns,
    /// The extras' reports: `tree-counts`, `board-win`, `catches-weak-hard`, `catches-v1-hard`.
    pub extras: Vec<PropertyReport>,
    /// Wall-clock seconds for the whole run.
    pub seconds: f64,
}

impl ProofReport {
    /// Every property's report: the solo contract's, then the extras.
    pub fn properties(&self) -> impl Iterator<Item = &PropertyReport> {
        self.solo.properties.iter().chain(&self.extras)
    }

    /// The report of `property`, if it ran.
    pub fn property(&self, property: Property) -> Option<&PropertyReport> {
        self.properties().find(|p| p.name == property)
    }

    /// True when every required property passed.
    pub fn passed(&self) -> bool {
        !self.properties().any(PropertyReport::fails_run)
    }

    /// One line for every required property that did not pass.
    pub fn failures(&self) -> Vec<String> {
        failures(self.properties())
    }
}

fn tree_report(tree: &TreeReport) -> PropertyReport {
    let holds = (tree.nodes, tree.games, tree.positions) == EXPECTED_TREE;
    PropertyReport {
        name: Property::TreeCounts,
        status: pass_or_fail(holds),
        required: true,
        summary: format!(
            "engine game tree: {} nodes, {} complete games, {} legal positions",
            tree.nodes, tree.games, tree.positions
        ),
        details: if holds {
            Vec::new()
        } else {
            vec![format!(
                "expected {} nodes, {} complete games, {} legal positions",
                EXPECTED_TREE.0, EXPECTED_TREE.1, EXPECTED_TREE.2
            )]
        },
        losing_line: None,
    }
}

fn pass_or_fail(holds: bool) -> Status {
    if holds { Status::Pass } else { Status::Fail }
}

fn board_report(board: &BoardReport) -> PropertyReport {
    let details = board
        .mismatches
        .iter()
        .take(SHOWN)
        .map(|&mask| {
            format!(
                "cells {}: the contract and the engine disagree on whether they hold a line",
                cell_list(crate::show::cells_of(mask))
            )
        })
        .collect();
    PropertyReport {
        name: Property::BoardWin,
        status: pass_or_fail(board.passed()),
        required: true,
        summary: format!(
            "Board.isWin equals the engine on {} masks ({} winning, {} mismatches)",
            board.masks_checked,
            board.winning_masks,
            board.mismatches.len()
        ),
        details,
        losing_line: None,
    }
}

fn weak_hard_report(runs: &[LineExploration]) -> PropertyReport {
    let losses: u64 = runs.iter().map(|r| r.human_wins).sum();
    let details = runs
        .iter()
        .filter_map(|run| {
            let line = run.first_human_win.as_deref()?;
            Some(format!(
                "{} of {} lines lost ({}); the first: {}",
                run.human_wins,
                run.lines,
                if run.cpu_first { "CPU first" } else { "human first" },
                moves_in_turn(line)
            ))
        })
        .collect();
    PropertyReport {
        name: Property::CatchesWeakHard,
        status: pass_or_fail(losses > 0),
        required: true,
        summary: format!(
            "WeakHardSoloTicTacToe (Hard without the forcing move) is caught by the line search: {losses} human wins"
        ),
        details,
        losing_line: None,
    }
}

fn v1_hard_report(v1: &ValueReport) -> PropertyReport {
    PropertyReport {
        name: Property::CatchesV1Hard,
        status: pass_or_fail(!v1.passed()),
        required: true,
        summary: format!(
            "V1HardSoloTicTacToe (Hard before version 2) is caught by the value proof: the minimax finds {} drops \
             and {} slips in its {} positions",
            v1.drops.len(),
            v1.slips.len(),
            v1.positions
        ),
        details: crate::solo::value_details(v1),
        losing_line: None,
    }
}

/// Deploys the toolkit's contracts in a fresh chain and proves them: `SoloTicTacToe` through [`prove_solo`], then
/// the extras, each selected by `options` like the solo properties. Only a contract that cannot be deployed or
/// does not speak the interface is an error; a property that cannot be run is reported as such.
pub fn prove_all(
    contracts: &ContractSet,
    options: &SoloOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ProofReport, ProveError> {
    let started = Instant::now();
    let mut chain = Chain::new();
    let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
    let deploy = |chain: &mut Chain, name: &str| -> Result<Deployed, ProveError> {
        let contract = contracts.get(name)?;
        let address = chain
            .deploy(deployer, contract)
            .during(|| format!("deploying {name}"))?
            .address;
        Ok((address, contract.abi.clone()))
    };
    // SoloTicTacToe first, at the address the gas workload gives it too: Easy's seed depends on it.
    let solo = deploy(&mut chain, SOLO_CONTRACT)?;
    let weak = deploy(&mut chain, "WeakHardSoloTicTacToe")?;
    let v1 = deploy(&mut chain, "V1HardSoloTicTacToe")?;
    let (harness, _) = deploy(&mut chain, BOARD_HARNESS_CONTRACT)?;
    let target = |(address, abi): Deployed| -> Result<SoloTarget, ProveError> {
        Ok(SoloTarget {
            contract: SoloContract {
                address,
                dialect: solo_dialect(&abi)?,
            },
            player,
        })
    };
    let (solo, weak, v1) = (target(solo)?, target(weak)?, target(v1)?);

    let solo_report = prove_solo(&mut chain, SOLO_CONTRACT, &solo, options, progress);

    let mut report = ProofReport {
        solc_version: contracts.solc_version().to_owned(),
        solo: solo_report,
        tree: None,
        board: None,
        demonstration_runs: DemonstrationRuns::default(),
        extras: Vec::new(),
        seconds: 0.0,
    };
    let base = chain.snapshot();
    for property in Property::EXTRAS.into_iter().filter(|&p| options.runs(p)) {
        let outcome = match property {
            Property::TreeCounts => {
                progress(&Progress::counting("engine tree count", 0));
                let counts = count_tree();
                let tree = TreeReport {
                    nodes: counts.nodes,
                    games: counts.games,
                    positions: counts.positions,
                };
                let extra = tree_report(&tree);
                report.tree = Some(tree);
                Ok(extra)
            }
            Property::BoardWin => {
                progress(&Progress {
                    stage: "Board.isWin, 512 masks".into(),
                    done: 0,
                    total: Some(512),
                });
                check_board_win_masks(&mut chain, harness)
                    .during(|| "checking Board.isWin".into())
                    .map(|board| {
                        let extra = board_report(&board);
                        report.board = Some(board);
                        extra
                    })
            }
            Property::CatchesWeakHard => explore_levels(
                &mut chain,
                &weak,
                &[Difficulty::Hard],
                &mut GasLog::default(),
                "weakened",
                progress,
            )
            .map(|runs| {
                let extra = weak_hard_report(&runs);
                report.demonstration_runs.weakened_hard = runs;
                extra
            }),
            _ => {
                let mut on_position = |done, total| {
                    progress(&Progress {
                        stage: "Hard before version 2 vs minimax".into(),
                        done,
                        total: Some(total),
                    })
                };
                check_hard_value(&mut chain, &v1.contract, "V1HardSoloTicTacToe", &mut on_position).map(|value| {
                    let extra = v1_hard_report(&value);
                    report.demonstration_runs.v1_hard_value = Some(value);
                    extra
                })
            }
        };
        chain.restore(&base);
        report
            .extras
            .push(outcome.unwrap_or_else(|err| PropertyReport::error(property, true, err.to_string())));
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// A deployed contract's address and its ABI.
type Deployed = (alloy_primitives::Address, serde_json::Value);
