//! All the proofs, run in order against freshly deployed contracts, and their verdicts.

use std::time::Instant;

use marubatsu_chain::{Chain, ContractSet, bindings::ISoloTicTacToe};
use marubatsu_engine::tictactoe::{Difficulty, count_tree};
use serde::Serialize;

use crate::{
    board::{BoardReport, check_board_win_masks},
    differential::{DifferentialReport, compare_cpu},
    error::{ProveError, TxContext},
    gas::{FunctionGas, GasKind, GasLog},
    lines::{LineExploration, SoloTarget, explore_levels, to_sol},
    progress::Progress,
};

/// The known size of the tic-tac-toe game tree, which the engine must reproduce.
pub const EXPECTED_TREE: (u64, u64, u64) = (549_946, 255_168, 5_478);

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

/// Normal's known weakness: corner, opposite corner, third corner, then the open threat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForkLine {
    /// Every cell played, both sides, in order.
    pub moves: Vec<u8>,
    /// Whether the human won.
    pub human_won: bool,
}

/// Everything `marubatsu prove` establishes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProofReport {
    /// The compiler the contracts were built with.
    pub solc_version: String,
    /// The engine's game-tree counts.
    pub tree: TreeReport,
    /// Board's win check against the engine.
    pub board: BoardReport,
    /// Every human line against every level, both seats.
    pub lines: Vec<LineExploration>,
    /// The fork line against Normal.
    pub normal_fork_line: ForkLine,
    /// The contract's CPU against the engine's.
    pub differential: DifferentialReport,
    /// The same search against a Hard without the forcing-move rule, which must lose somewhere.
    pub weakened_hard: Vec<LineExploration>,
    /// Gas per function over the workload (transaction gas; execution gas for `previewCpuMove`).
    pub gas: Vec<FunctionGas>,
    /// Wall-clock seconds for the whole run.
    pub seconds: f64,
}

impl ProofReport {
    /// The properties that failed, in words; empty when every proof passed.
    pub fn failures(&self) -> Vec<String> {
        let mut failures = Vec::new();
        let tree = (self.tree.nodes, self.tree.games, self.tree.positions);
        if tree != EXPECTED_TREE {
            failures.push(format!(
                "engine tree counts {tree:?}, expected {EXPECTED_TREE:?}"
            ));
        }
        if !self.board.passed() {
            failures.push(format!(
                "Board.isWin disagrees with the engine on masks {:?}",
                self.board.mismatches
            ));
        }
        for run in self
            .lines
            .iter()
            .filter(|run| run.difficulty == Difficulty::Hard.name())
        {
            if run.human_wins > 0 {
                failures.push(format!(
                    "Hard (cpu first: {}) lost {} games, first: {:?}",
                    run.cpu_first, run.human_wins, run.first_human_win
                ));
            }
        }
        if !self.normal_fork_line.human_won {
            failures.push(format!(
                "Normal did not lose to the fork line {:?}",
                self.normal_fork_line.moves
            ));
        }
        if !self.differential.differences.is_empty() {
            failures.push(format!(
                "previewCpuMove differs from the engine on {} of {} comparisons, first: {:?}",
                self.differential.differences.len(),
                self.differential.comparisons,
                self.differential.differences[0]
            ));
        }
        if self.weakened_hard.iter().all(|run| run.human_wins == 0) {
            failures.push(
                "the weakened Hard was not caught: the search cannot tell a broken CPU".into(),
            );
        }
        failures
    }
}

/// Deploys the contracts in a fresh chain and runs every proof, reporting progress through `progress`.
pub fn prove_all(
    contracts: &ContractSet,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ProofReport, ProveError> {
    let started = Instant::now();
    let mut chain = Chain::new();
    let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
    let deploy = |chain: &mut Chain, name: &str| -> Result<_, ProveError> {
        let contract = contracts.get(name)?;
        Ok(chain
            .deploy(deployer, contract)
            .during(|| format!("deploying {name}"))?
            .address)
    };
    let solo = deploy(&mut chain, "SoloTicTacToe")?;
    let weak = deploy(&mut chain, "WeakHardSoloTicTacToe")?;
    let harness = deploy(&mut chain, "BoardHarness")?;

    progress(&Progress {
        stage: "engine tree count".into(),
        done: 0,
        total: None,
    });
    let counts = count_tree();
    let tree = TreeReport {
        nodes: counts.nodes,
        games: counts.games,
        positions: counts.positions,
    };

    progress(&Progress {
        stage: "Board.isWin, 512 masks".into(),
        done: 0,
        total: Some(512),
    });
    let board =
        check_board_win_masks(&mut chain, harness).during(|| "checking Board.isWin".into())?;

    let mut gas = GasLog::default();
    let levels = [Difficulty::Hard, Difficulty::Normal, Difficulty::Easy];
    let target = SoloTarget {
        contract: solo,
        player,
    };
    let lines = explore_levels(
        &mut chain,
        target,
        &levels,
        &mut gas,
        "every line",
        progress,
    )?;

    let normal_fork_line = play_fork_line(
        &mut chain,
        SoloTarget {
            contract: solo,
            player,
        },
    )?;

    let stage = "previewCpuMove vs engine".to_owned();
    let mut on_position = |done, total| {
        progress(&Progress {
            stage: stage.clone(),
            done,
            total: Some(total),
        })
    };
    let differential = compare_cpu(&mut chain, solo, &mut gas, &mut on_position)?;

    let weak_target = SoloTarget {
        contract: weak,
        player,
    };
    let mut weak_gas = GasLog::default();
    let weakened_hard = explore_levels(
        &mut chain,
        weak_target,
        &[Difficulty::Hard],
        &mut weak_gas,
        "weakened",
        progress,
    )?;

    Ok(ProofReport {
        solc_version: contracts.solc_version().to_owned(),
        tree,
        board,
        lines,
        normal_fork_line,
        differential,
        weakened_hard,
        gas: gas.summary(GasKind::Transaction),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Corner 0, opposite corner 8, third corner 6, then whichever of the human's two threats is still open.
fn play_fork_line(chain: &mut Chain, target: SoloTarget) -> Result<ForkLine, ProveError> {
    let start = chain.snapshot();
    let call = ISoloTicTacToe::newGameCall {
        difficulty: to_sol(Difficulty::Normal),
        cpuFirst: false,
    };
    let game_id = chain
        .send(target.player, target.contract, &call)
        .during(|| "newGame(normal)".into())?
        .value;
    let mut moves = Vec::new();
    let mut human = 0u16;
    for planned in [Some(0u8), Some(8), Some(6), None] {
        let game = chain
            .view(
                target.contract,
                &ISoloTicTacToe::getGameCall { gameId: game_id },
            )
            .during(|| "getGame".into())?;
        if game.result != ISoloTicTacToe::Result::InProgress {
            break;
        }
        let empty = !(game.playerBoard | game.cpuBoard) & 0x1ff;
        // After the three corners, the finishing move is any empty cell that completes a line of the human's.
        let cell = planned.or_else(|| {
            (0..9u8).find(|&c| empty & (1 << c) != 0 && completes_line(human | (1 << c)))
        });
        let Some(cell) = cell else { break };
        let receipt = chain
            .send(
                target.player,
                target.contract,
                &ISoloTicTacToe::playCall {
                    gameId: game_id,
                    cell,
                },
            )
            .during(|| format!("play({cell}) on the fork line"))?;
        human |= 1 << cell;
        moves.push(cell);
        if let Some((_, moved)) = receipt.events::<ISoloTicTacToe::Moved>().first()
            && moved.cpuCell < 9
        {
            moves.push(moved.cpuCell);
        }
    }
    let game = chain
        .view(
            target.contract,
            &ISoloTicTacToe::getGameCall { gameId: game_id },
        )
        .during(|| "getGame".into())?;
    chain.restore(&start);
    Ok(ForkLine {
        moves,
        human_won: game.result == ISoloTicTacToe::Result::PlayerWon,
    })
}

fn completes_line(mask: u16) -> bool {
    marubatsu_engine::tictactoe::Bitboard::from_bits(mask).is_some_and(|b| b.has_line())
}
