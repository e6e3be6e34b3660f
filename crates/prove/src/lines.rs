//! Every human line against the solo contract, played as real transactions.

use alloy_primitives::{Address, U256};
use marubatsu_chain::{
    evm::Chain,
    gas::{GasLog, GasSample},
};
use marubatsu_engine::tictactoe::Difficulty;
use serde::Serialize;

use crate::{
    error::{ProveError, TxContext},
    progress::Progress,
    show::moves_in_turn,
    solo::{GameResult, NEW_GAME, PLAY, SoloContract},
};

/// The outcome counts of exploring every sequence of human moves against one level from one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineExploration {
    /// The CPU's level.
    pub difficulty: &'static str,
    /// Whether the CPU made the opening move.
    pub cpu_first: bool,
    /// Complete games played (leaves of the human-choice tree).
    pub lines: u64,
    /// Games the human won.
    pub human_wins: u64,
    /// Games the CPU won.
    pub cpu_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Transactions sent (each tree edge once, thanks to snapshots).
    pub transactions: u64,
    /// The first human win found, as every cell in the order played (both sides).
    pub first_human_win: Option<Vec<u8>>,
    /// The shortest human win (the first found among the shortest), as every cell in the order played.
    pub shortest_human_win: Option<Vec<u8>>,
}

/// Where the solo contract is, how it is called, and who plays it.
#[derive(Clone, Debug)]
pub struct SoloTarget {
    /// The deployed contract.
    pub contract: SoloContract,
    /// The human's account.
    pub player: Address,
}

/// Explores every human line against each of `levels`, human first and then CPU first, reporting each
/// finished line as progress in a stage named `label` and the level and seat.
pub fn explore_levels(
    chain: &mut Chain,
    target: &SoloTarget,
    levels: &[Difficulty],
    gas: &mut GasLog,
    label: &str,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<LineExploration>, ProveError> {
    let mut runs = Vec::new();
    for &difficulty in levels {
        for cpu_first in [false, true] {
            let seat = if cpu_first { "CPU first" } else { "human first" };
            let stage = format!("{label} vs {}, {seat}", difficulty.name());
            let mut on_line = |run: &LineExploration| progress(&Progress::counting(&stage, run.lines));
            runs.push(explore_lines(chain, target, difficulty, cpu_first, gas, &mut on_line)?);
        }
    }
    Ok(runs)
}

/// Plays every sequence of human moves against `target` at `difficulty`, branching with chain snapshots: each
/// complete line is a real game from `newGame` to its end. The gas of every line's transactions goes into `gas`
/// (`newGame` once per line, then each `play`), so the log describes "every line played as its own game".
pub fn explore_lines(
    chain: &mut Chain,
    target: &SoloTarget,
    difficulty: Difficulty,
    cpu_first: bool,
    gas: &mut GasLog,
    on_line: &mut dyn FnMut(&LineExploration),
) -> Result<LineExploration, ProveError> {
    let start = chain.snapshot();
    let receipt = target
        .contract
        .new_game(chain, target.player, difficulty, cpu_first)
        .during(|| format!("newGame({}, cpu_first = {cpu_first})", difficulty.name()))?;
    let game_id = receipt.value;
    let mut search = Search {
        chain,
        target,
        game_id,
        gas,
        on_line,
        path_gas: vec![(NEW_GAME, GasSample::from(&receipt))],
        moves: Vec::new(),
        cpu_board: 0,
        report: LineExploration {
            difficulty: difficulty.name(),
            cpu_first,
            lines: 0,
            human_wins: 0,
            cpu_wins: 0,
            draws: 0,
            transactions: 1,
            first_human_win: None,
            shortest_human_win: None,
        },
    };
    search.descend(None)?;
    let report = search.report;
    chain.restore(&start);
    Ok(report)
}

struct Search<'a> {
    chain: &'a mut Chain,
    target: &'a SoloTarget,
    game_id: U256,
    gas: &'a mut GasLog,
    on_line: &'a mut dyn FnMut(&LineExploration),
    path_gas: Vec<(&'static str, GasSample)>,
    moves: Vec<u8>,
    /// The CPU's cells before the human's last move: its reply is what the boards gained besides that move.
    cpu_board: u16,
    report: LineExploration,
}

impl Search<'_> {
    /// Reads the game after the human's `played` cell (none at the start), records the CPU's reply from the
    /// boards, and goes on with every empty cell.
    fn descend(&mut self, played: Option<u8>) -> Result<(), ProveError> {
        let contract = &self.target.contract;
        let outcome = contract
            .game(self.chain, self.game_id)
            .during(|| format!("{}({}) after {}", contract.game_getter(), self.game_id, self.line()))?;
        self.gas.record(contract.game_getter(), &outcome);
        let game = outcome.value;
        let expected_player = self.moves_of_human() | played.map_or(0, |c| 1 << c);
        if game.player_board != expected_player {
            return Err(ProveError::Contract(format!(
                "after {} the player's board holds cells {}",
                self.line(),
                crate::show::cell_list(crate::show::cells_of(game.player_board))
            )));
        }
        let reply = game.cpu_board & !self.cpu_board;
        let replies = reply.count_ones();
        let allowed = match played {
            // The opening move, when the CPU moves first.
            None => u32::from(self.report.cpu_first),
            Some(_) => 1,
        };
        if replies > allowed || game.cpu_board & self.cpu_board != self.cpu_board {
            return Err(ProveError::Contract(format!(
                "after {} the CPU's board went from cells {} to {}",
                self.line(),
                crate::show::cell_list(crate::show::cells_of(self.cpu_board)),
                crate::show::cell_list(crate::show::cells_of(game.cpu_board))
            )));
        }
        if replies == 0 && game.result == GameResult::InProgress && played.is_some() {
            return Err(ProveError::Contract(format!(
                "after {} the CPU did not answer, and the game goes on",
                self.line()
            )));
        }
        let pushed = usize::from(played.is_some()) + replies as usize;
        if let Some(cell) = played {
            self.moves.push(cell);
        }
        if replies == 1 {
            self.moves.push(reply.trailing_zeros() as u8);
        }
        let parent_cpu = std::mem::replace(&mut self.cpu_board, game.cpu_board);
        let result = if game.result != GameResult::InProgress {
            self.finish_line(game.result)
        } else {
            self.branch(game.player_board | game.cpu_board)
        };
        self.cpu_board = parent_cpu;
        self.moves.truncate(self.moves.len() - pushed);
        result
    }

    fn branch(&mut self, occupied: u16) -> Result<(), ProveError> {
        let here = self.chain.snapshot();
        for cell in (0..9u8).filter(|cell| occupied & (1 << cell) == 0) {
            let receipt = self
                .target
                .contract
                .play(self.chain, self.target.player, self.game_id, cell)
                .during(|| format!("play({cell}) after {}", self.line()))?;
            self.report.transactions += 1;
            self.path_gas.push((PLAY, GasSample::from(&receipt)));
            self.descend(Some(cell))?;
            self.path_gas.pop();
            self.chain.restore(&here);
        }
        Ok(())
    }

    /// The human's cells so far, from the moves in turn.
    fn moves_of_human(&self) -> u16 {
        let human_starts = !self.report.cpu_first;
        self.moves
            .iter()
            .enumerate()
            .filter(|(i, _)| (i % 2 == 0) == human_starts)
            .fold(0, |board, (_, &cell)| board | (1 << cell))
    }

    fn line(&self) -> String {
        if self.moves.is_empty() {
            "the start".to_owned()
        } else {
            moves_in_turn(&self.moves)
        }
    }

    fn finish_line(&mut self, result: GameResult) -> Result<(), ProveError> {
        self.report.lines += 1;
        match result {
            GameResult::PlayerWon => {
                self.report.human_wins += 1;
                if self.report.first_human_win.is_none() {
                    self.report.first_human_win = Some(self.moves.clone());
                }
                let shorter = self
                    .report
                    .shortest_human_win
                    .as_ref()
                    .is_none_or(|shortest| self.moves.len() < shortest.len());
                if shorter {
                    self.report.shortest_human_win = Some(self.moves.clone());
                }
            }
            GameResult::CpuWon => self.report.cpu_wins += 1,
            GameResult::Draw => self.report.draws += 1,
            GameResult::InProgress => {
                return Err(ProveError::Contract(format!(
                    "after {} the game has not ended",
                    self.line()
                )));
            }
        }
        for &(function, sample) in &self.path_gas {
            self.gas.record(function, sample);
        }
        (self.on_line)(&self.report);
        Ok(())
    }
}
