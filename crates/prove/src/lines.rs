//! Every human line against the solo contract, played as real transactions.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{
    Chain, GasLog, GasSample,
    bindings::ISoloTicTacToe::{self, Result as SolResult},
};
use marubatsu_engine::tictactoe::Difficulty;
use serde::Serialize;

use crate::{
    error::{ProveError, TxContext},
    progress::Progress,
    show::moves_in_turn,
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
}

/// Where the solo contract is and who plays it.
#[derive(Clone, Copy, Debug)]
pub struct SoloTarget {
    /// The deployed contract.
    pub contract: Address,
    /// The human's account.
    pub player: Address,
}

/// Explores every human line against each of `levels`, human first and then CPU first, reporting each
/// finished line as progress in a stage named `label` and the level and seat.
pub fn explore_levels(
    chain: &mut Chain,
    target: SoloTarget,
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
    target: SoloTarget,
    difficulty: Difficulty,
    cpu_first: bool,
    gas: &mut GasLog,
    on_line: &mut dyn FnMut(&LineExploration),
) -> Result<LineExploration, ProveError> {
    let start = chain.snapshot();
    let call = ISoloTicTacToe::newGameCall {
        difficulty: ISoloTicTacToe::Difficulty::from(difficulty).into(),
        cpuFirst: cpu_first,
    };
    let receipt = chain
        .send(target.player, target.contract, &call)
        .during(|| format!("newGame({}, cpu_first = {cpu_first})", difficulty.name()))?;
    let game_id = receipt.value;
    let mut moves = Vec::new();
    if cpu_first {
        let started = receipt.events::<ISoloTicTacToe::GameStarted>();
        let opening = started
            .first()
            .map(|(_, event)| event.cpuCell)
            .ok_or_else(|| ProveError::Contract("newGame with cpuFirst emitted no GameStarted opening move".into()))?;
        moves.push(opening);
    }
    let mut search = Search {
        chain,
        target,
        game_id,
        gas,
        on_line,
        path_gas: vec![(ISoloTicTacToe::newGameCall::SIGNATURE, GasSample::from(&receipt))],
        moves,
        report: LineExploration {
            difficulty: difficulty.name(),
            cpu_first,
            lines: 0,
            human_wins: 0,
            cpu_wins: 0,
            draws: 0,
            transactions: 1,
            first_human_win: None,
        },
    };
    search.descend()?;
    let report = search.report;
    chain.restore(&start);
    Ok(report)
}

struct Search<'a> {
    chain: &'a mut Chain,
    target: SoloTarget,
    game_id: U256,
    gas: &'a mut GasLog,
    on_line: &'a mut dyn FnMut(&LineExploration),
    path_gas: Vec<(&'static str, GasSample)>,
    moves: Vec<u8>,
    report: LineExploration,
}

impl Search<'_> {
    fn descend(&mut self) -> Result<(), ProveError> {
        let call = ISoloTicTacToe::getGameCall { gameId: self.game_id };
        let outcome = self
            .chain
            .call(self.target.contract, &call)
            .during(|| format!("getGame({})", self.game_id))?;
        self.gas.record(ISoloTicTacToe::getGameCall::SIGNATURE, &outcome);
        let game = outcome.value;
        if game.result != SolResult::InProgress {
            return self.finish_line(game.result);
        }
        let occupied = game.playerBoard | game.cpuBoard;
        let here = self.chain.snapshot();
        for cell in (0..9u8).filter(|cell| occupied & (1 << cell) == 0) {
            let call = ISoloTicTacToe::playCall {
                gameId: self.game_id,
                cell,
            };
            let receipt = self
                .chain
                .send(self.target.player, self.target.contract, &call)
                .during(|| format!("play({cell}) after {}", moves_in_turn(&self.moves)))?;
            self.report.transactions += 1;
            let reply = receipt
                .events::<ISoloTicTacToe::Moved>()
                .first()
                .map(|(_, moved)| moved.cpuCell);
            let Some(reply) = reply else {
                return Err(ProveError::Contract(format!("play({cell}) emitted no Moved event")));
            };
            let pushed = if reply < 9 { 2 } else { 1 };
            self.moves.push(cell);
            if reply < 9 {
                self.moves.push(reply);
            }
            self.path_gas
                .push((ISoloTicTacToe::playCall::SIGNATURE, GasSample::from(&receipt)));
            self.descend()?;
            self.path_gas.pop();
            self.moves.truncate(self.moves.len() - pushed);
            self.chain.restore(&here);
        }
        Ok(())
    }

    fn finish_line(&mut self, result: SolResult) -> Result<(), ProveError> {
        self.report.lines += 1;
        match result {
            SolResult::PlayerWon => {
                self.report.human_wins += 1;
                if self.report.first_human_win.is_none() {
                    self.report.first_human_win = Some(self.moves.clone());
                }
            }
            SolResult::CpuWon => self.report.cpu_wins += 1,
            SolResult::Draw => self.report.draws += 1,
            other => {
                return Err(ProveError::Contract(format!(
                    "game ended with unexpected result {other:?}"
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
