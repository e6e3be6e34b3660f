//! All the proofs, run in order against freshly deployed contracts, and their verdicts, decided here once.

use std::{collections::BTreeMap, time::Instant};

use marubatsu_chain::{
    BOARD_HARNESS_CONTRACT, Chain, ContractSet, GasKind, GasLog, GasStats, SOLO_CONTRACT, bindings::ISoloTicTacToe,
};
use marubatsu_engine::tictactoe::{Difficulty, NumberedGrid, count_tree};
use serde::Serialize;

use crate::{
    board::{BoardReport, check_board_win_masks},
    differential::{DifferentialReport, LevelGas, compare_cpu},
    error::{ProveError, TxContext},
    lines::{LineExploration, SoloTarget, explore_levels},
    minimax::{POSITIONS_IN_PLAY, ValueLoss, ValueReport, check_hard_value},
    progress::Progress,
    show::{cell_list, moves_in_turn},
};

/// The known size of the tic-tac-toe game tree, which the engine must reproduce.
pub const EXPECTED_TREE: (u64, u64, u64) = (549_946, 255_168, 5_478);

/// How many differences a verdict spells out (the counts are always given in full).
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

/// Normal's known weakness: corner, opposite corner, third corner, then the open threat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForkLine {
    /// Every cell played, both sides, in order.
    pub moves: Vec<u8>,
    /// Whether the human won.
    pub human_won: bool,
}

/// The properties `marubatsu prove` establishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Property {
    /// The engine reproduces the known counts of the game tree.
    TreeCounts,
    /// `Board.isWin` equals the engine on all 512 masks.
    BoardWin,
    /// No human line beats Hard, from either seat.
    HardNeverLoses,
    /// Normal loses to corner, opposite corner, third corner.
    NormalLosesForkLine,
    /// `previewCpuMove` equals the engine's `cpu_move` everywhere.
    Differential,
    /// Hard keeps the minimax value on every legal position with a move to make.
    HardKeepsValue,
}

/// A property's verdict, with what the reader needs to see: counts, and on failure the boards and cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Which property.
    pub property: Property,
    /// Whether it holds.
    pub passed: bool,
    /// One line in words.
    pub summary: String,
    /// Further lines to print under it (losing lines, differing positions drawn as boards).
    pub details: Vec<String>,
}

/// A deliberately broken contract that a proof must catch: evidence that the proof can fail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Demonstration {
    /// The test contract and what it lacks.
    pub variant: String,
    /// The proof that is expected to catch it.
    pub proof: String,
    /// Whether it was caught. Not caught is a failure of the proof itself.
    pub caught: bool,
    /// One line in words.
    pub summary: String,
    /// What caught it: a losing line, failing positions drawn as boards.
    pub details: Vec<String>,
}

/// The runs behind the demonstrations.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DemonstrationRuns {
    /// The line search against Hard without the forcing-move rule (`WeakHardSoloTicTacToe`).
    pub weakened_hard: Vec<LineExploration>,
    /// The value proof against Hard as it was before version 2 (`V1HardSoloTicTacToe`).
    pub v1_hard_value: ValueReport,
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
    /// Hard's move on every legal position against an independent minimax.
    pub hard_value: ValueReport,
    /// The broken variants' runs.
    pub demonstration_runs: DemonstrationRuns,
    /// The verdict of every property, decided once when the report is made.
    pub verdicts: Vec<Verdict>,
    /// Whether each broken variant was caught.
    pub demonstrations: Vec<Demonstration>,
    /// Gas per function over the workload (transaction gas; execution gas for view and pure functions).
    pub gas: BTreeMap<String, GasStats>,
    /// `previewCpuMove` per level, easiest first (execution gas).
    pub preview_gas_by_level: Vec<LevelGasStats>,
    /// Wall-clock seconds for the whole run.
    pub seconds: f64,
}

/// One level's `previewCpuMove` gas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelGasStats {
    /// `easy`, `normal` or `hard`.
    pub level: &'static str,
    /// Its figures.
    pub stats: GasStats,
}

impl ProofReport {
    /// The verdict on `property`.
    pub fn verdict(&self, property: Property) -> Option<&Verdict> {
        self.verdicts.iter().find(|v| v.property == property)
    }

    /// True when every property holds and every broken variant was caught.
    pub fn passed(&self) -> bool {
        self.verdicts.iter().all(|v| v.passed) && self.demonstrations.iter().all(|d| d.caught)
    }

    /// What failed, one line each: properties that do not hold and broken variants that were not caught.
    pub fn failures(&self) -> Vec<String> {
        let properties = self.verdicts.iter().filter(|v| !v.passed).map(|v| v.summary.clone());
        let demonstrations = self
            .demonstrations
            .iter()
            .filter(|d| !d.caught)
            .map(|d| format!("{} was not caught by {}", d.variant, d.proof));
        properties.chain(demonstrations).collect()
    }
}

fn tree_verdict(tree: &TreeReport) -> Verdict {
    let counts = (tree.nodes, tree.games, tree.positions);
    Verdict {
        property: Property::TreeCounts,
        passed: counts == EXPECTED_TREE,
        summary: format!(
            "engine game tree: {} nodes, {} complete games, {} legal positions",
            tree.nodes, tree.games, tree.positions
        ),
        details: if counts == EXPECTED_TREE {
            Vec::new()
        } else {
            vec![format!(
                "expected {} nodes, {} complete games, {} legal positions",
                EXPECTED_TREE.0, EXPECTED_TREE.1, EXPECTED_TREE.2
            )]
        },
    }
}

fn board_verdict(board: &BoardReport) -> Verdict {
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
    Verdict {
        property: Property::BoardWin,
        passed: board.passed(),
        summary: format!(
            "Board.isWin equals the engine on {} masks ({} winning, {} mismatches)",
            board.masks_checked,
            board.winning_masks,
            board.mismatches.len()
        ),
        details,
    }
}

fn seat(run: &LineExploration) -> &'static str {
    if run.cpu_first { "CPU first" } else { "human first" }
}

fn hard_lines_verdict(lines: &[LineExploration]) -> Verdict {
    let hard: Vec<&LineExploration> = lines
        .iter()
        .filter(|run| run.difficulty == Difficulty::Hard.name())
        .collect();
    let losses: u64 = hard.iter().map(|run| run.human_wins).sum();
    let details = hard
        .iter()
        .filter_map(|run| {
            let line = run.first_human_win.as_deref()?;
            Some(format!("first losing line ({}): {}", seat(run), moves_in_turn(line)))
        })
        .collect();
    Verdict {
        property: Property::HardNeverLoses,
        passed: losses == 0 && hard.len() == 2,
        summary: format!("Hard never loses: {losses} human wins"),
        details,
    }
}

fn fork_line_verdict(fork: &ForkLine, lines: &[LineExploration]) -> Verdict {
    let details = lines
        .iter()
        .filter(|run| run.difficulty != Difficulty::Hard.name() && run.human_wins > 0)
        .filter_map(|run| {
            let line = run.first_human_win.as_deref()?;
            Some(format!(
                "first human win vs {} ({}): {}",
                run.difficulty,
                seat(run),
                moves_in_turn(line)
            ))
        })
        .collect();
    Verdict {
        property: Property::NormalLosesForkLine,
        passed: fork.human_won,
        summary: format!(
            "Normal loses to corner → opposite corner → third corner: {}",
            moves_in_turn(&fork.moves)
        ),
        details,
    }
}

fn differential_verdict(diff: &DifferentialReport) -> Verdict {
    let mut details = Vec::new();
    for d in diff.differences.iter().take(SHOWN) {
        details.push(format!(
            "{} ({} to move), seed {}: the contract took cell {}, the engine cell {}",
            d.difficulty, d.cpu, d.seed, d.contract, d.engine
        ));
        details.extend(board_grid_of(&d.board).lines().map(|l| format!("  {l}")));
    }
    if diff.differences.len() > SHOWN {
        details.push(format!(
            "… and {} more (--json lists them all)",
            diff.differences.len() - SHOWN
        ));
    }
    Verdict {
        property: Property::Differential,
        passed: diff.passed(),
        summary: format!(
            "previewCpuMove equals the engine's cpu_move: {} positions, {} comparisons (Easy over {} seeds), {} differences",
            diff.positions,
            diff.comparisons,
            diff.easy_seeds,
            diff.differences.len()
        ),
        details,
    }
}

/// A board given as rows (`X.O .X. ...`) drawn as a grid.
fn board_grid_of(rows: &str) -> String {
    let (mut x, mut o) = (0u16, 0u16);
    for (cell, mark) in rows.chars().filter(|c| !c.is_whitespace()).enumerate() {
        match mark {
            'X' => x |= 1 << cell,
            'O' => o |= 1 << cell,
            _ => {}
        }
    }
    NumberedGrid::new(x, o).to_string()
}

/// The lines describing value losses: the first drop and the first slip drawn as boards, then how many more.
fn value_details(report: &ValueReport) -> Vec<String> {
    let mut details = Vec::new();
    let first = [
        report.drops.first().map(|l| ("drops", l)),
        report.slips.first().map(|l| ("slips", l)),
    ];
    for (what, loss) in first.into_iter().flatten() {
        details.push(describe_loss(what, loss));
        details.extend(board_grid_of(&loss.board).lines().map(|l| format!("  {l}")));
    }
    let total = report.drops.len() + report.slips.len();
    let shown = first.iter().flatten().count();
    if total > shown {
        details.push(format!("… and {} more (--json lists them all)", total - shown));
    }
    details
}

fn describe_loss(what: &str, loss: &ValueLoss) -> String {
    format!(
        "{what}: {} to move on {}: Hard took cell {}, which turns a {} into a {}; only cells {} keep the {}",
        loss.to_move,
        loss.board,
        loss.played,
        loss.value.name(),
        loss.after.name(),
        cell_list(loss.keeping.iter().copied()),
        loss.value.name()
    )
}

fn value_verdict(report: &ValueReport) -> Verdict {
    Verdict {
        property: Property::HardKeepsValue,
        passed: report.passed(),
        summary: format!(
            "Hard keeps the game's value on {} of {POSITIONS_IN_PLAY} legal positions with a move to make \
             (an independent minimax): {} drops (draw → loss), {} slips (win → draw or loss)",
            report.positions - (report.drops.len() + report.slips.len()) as u64,
            report.drops.len(),
            report.slips.len()
        ),
        details: value_details(report),
    }
}

fn demonstrations(runs: &DemonstrationRuns) -> Vec<Demonstration> {
    let weak_losses: u64 = runs.weakened_hard.iter().map(|r| r.human_wins).sum();
    let weak_details = runs
        .weakened_hard
        .iter()
        .filter_map(|run| {
            let line = run.first_human_win.as_deref()?;
            Some(format!(
                "{} of {} lines lost ({}); the first: {}",
                run.human_wins,
                run.lines,
                seat(run),
                moves_in_turn(line)
            ))
        })
        .collect();
    let v1 = &runs.v1_hard_value;
    vec![
        Demonstration {
            variant: "WeakHardSoloTicTacToe (Hard without the forcing move)".into(),
            proof: "the line search (Hard never loses)".into(),
            caught: weak_losses > 0,
            summary: format!("the search finds {weak_losses} human wins against it"),
            details: weak_details,
        },
        Demonstration {
            variant: "V1HardSoloTicTacToe (Hard before version 2)".into(),
            proof: "the value proof (Hard keeps the game's value)".into(),
            caught: !v1.passed(),
            summary: format!(
                "the minimax finds {} drops and {} slips in its {} positions",
                v1.drops.len(),
                v1.slips.len(),
                v1.positions
            ),
            details: value_details(v1),
        },
    ]
}

/// Deploys the contracts in a fresh chain and runs every proof, reporting progress through `progress`.
pub fn prove_all(contracts: &ContractSet, progress: &mut dyn FnMut(&Progress)) -> Result<ProofReport, ProveError> {
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
    let solo = deploy(&mut chain, SOLO_CONTRACT)?;
    let weak = deploy(&mut chain, "WeakHardSoloTicTacToe")?;
    let v1 = deploy(&mut chain, "V1HardSoloTicTacToe")?;
    let harness = deploy(&mut chain, BOARD_HARNESS_CONTRACT)?;

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
    let board = check_board_win_masks(&mut chain, harness).during(|| "checking Board.isWin".into())?;

    let mut gas = GasLog::default();
    let mut levels = LevelGas::default();
    let target = SoloTarget { contract: solo, player };
    let order = [Difficulty::Hard, Difficulty::Normal, Difficulty::Easy];
    let lines = explore_levels(&mut chain, target, &order, &mut gas, "every line", progress)?;

    let normal_fork_line = play_fork_line(&mut chain, target)?;

    let differential = {
        let mut on_position = |done, total| {
            progress(&Progress {
                stage: "previewCpuMove vs engine".into(),
                done,
                total: Some(total),
            })
        };
        compare_cpu(&mut chain, solo, &mut gas, &mut levels, &mut on_position)?
    };
    let hard_value = {
        let mut on_position = |done, total| {
            progress(&Progress {
                stage: "Hard vs minimax".into(),
                done,
                total: Some(total),
            })
        };
        check_hard_value(&mut chain, solo, SOLO_CONTRACT, &mut on_position)?
    };

    let weak_target = SoloTarget { contract: weak, player };
    let weakened_hard = explore_levels(
        &mut chain,
        weak_target,
        &[Difficulty::Hard],
        &mut GasLog::default(),
        "weakened",
        progress,
    )?;
    let v1_hard_value = {
        let mut on_position = |done, total| {
            progress(&Progress {
                stage: "Hard before version 2 vs minimax".into(),
                done,
                total: Some(total),
            })
        };
        check_hard_value(&mut chain, v1, "V1HardSoloTicTacToe", &mut on_position)?
    };
    let demonstration_runs = DemonstrationRuns {
        weakened_hard,
        v1_hard_value,
    };

    let verdicts = vec![
        tree_verdict(&tree),
        board_verdict(&board),
        hard_lines_verdict(&lines),
        fork_line_verdict(&normal_fork_line, &lines),
        differential_verdict(&differential),
        value_verdict(&hard_value),
    ];
    let demonstrations = demonstrations(&demonstration_runs);
    Ok(ProofReport {
        solc_version: contracts.solc_version().to_owned(),
        tree,
        board,
        lines,
        normal_fork_line,
        differential,
        hard_value,
        demonstration_runs,
        verdicts,
        demonstrations,
        gas: gas.summary(GasKind::Transaction),
        preview_gas_by_level: levels
            .stats(GasKind::Transaction)
            .into_iter()
            .map(|(level, stats)| LevelGasStats {
                level: level.name(),
                stats,
            })
            .collect(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Corner 0, opposite corner 8, third corner 6, then whichever of the human's two threats is still open.
fn play_fork_line(chain: &mut Chain, target: SoloTarget) -> Result<ForkLine, ProveError> {
    let start = chain.snapshot();
    let call = ISoloTicTacToe::newGameCall {
        difficulty: ISoloTicTacToe::Difficulty::from(Difficulty::Normal).into(),
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
            .view(target.contract, &ISoloTicTacToe::getGameCall { gameId: game_id })
            .during(|| "getGame".into())?;
        if game.result != ISoloTicTacToe::Result::InProgress {
            break;
        }
        let empty = !(game.playerBoard | game.cpuBoard) & 0x1ff;
        // After the three corners, the finishing move is any empty cell that completes a line of the human's.
        let cell = planned.or_else(|| (0..9u8).find(|&c| empty & (1 << c) != 0 && completes_line(human | (1 << c))));
        let Some(cell) = cell else { break };
        let receipt = chain
            .send(
                target.player,
                target.contract,
                &ISoloTicTacToe::playCall { gameId: game_id, cell },
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
        .view(target.contract, &ISoloTicTacToe::getGameCall { gameId: game_id })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::GameValue;

    fn loss(board: &str, played: u8, value: GameValue, after: GameValue) -> ValueLoss {
        ValueLoss {
            board: board.into(),
            to_move: 'O',
            played,
            value,
            after,
            keeping: vec![0, 6],
        }
    }

    #[test]
    fn a_failing_value_check_draws_its_positions() {
        let report = ValueReport {
            contract: "SoloTicTacToe".into(),
            positions: POSITIONS_IN_PLAY,
            by_value: [2_836, 1_052, 632],
            drops: vec![loss("..X X.O ...", 4, GameValue::Draw, GameValue::Loss)],
            slips: Vec::new(),
        };
        let verdict = value_verdict(&report);
        assert!(!verdict.passed);
        assert_eq!(
            verdict.summary,
            "Hard keeps the game's value on 4519 of 4520 legal positions with a move to make (an independent \
             minimax): 1 drops (draw → loss), 0 slips (win → draw or loss)"
        );
        assert_eq!(
            verdict.details,
            [
                "drops: O to move on ..X X.O ...: Hard took cell 4, which turns a draw into a loss; only cells 0 \
                 and 6 keep the draw",
                "   0 | 1 | X",
                "  ---+---+---",
                "   X | 4 | O",
                "  ---+---+---",
                "   6 | 7 | 8",
            ]
        );
    }

    #[test]
    fn a_failing_differential_names_cells_and_draws_the_board() {
        let diff = DifferentialReport {
            positions: 4_520,
            comparisons: 81_360,
            easy_seeds: 16,
            differences: vec![crate::differential::Difference {
                board: "X.. .O. ..X".into(),
                cpu: 'O',
                difficulty: "hard",
                seed: "0".into(),
                contract: 2,
                engine: 1,
            }],
        };
        let verdict = differential_verdict(&diff);
        assert!(!verdict.passed);
        assert_eq!(
            verdict.details[0],
            "hard (O to move), seed 0: the contract took cell 2, the engine cell 1"
        );
        assert_eq!(verdict.details[1], "   X | 1 | 2");
        assert!(verdict.details.iter().all(|l| !l.contains("0x")));
    }
}
