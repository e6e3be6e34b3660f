//! The solo contract in the server's in-process chain: a thread that owns the chain, and the table beside it
//! that keeps what the chain does not (who started each game, each move's gas).

use std::collections::HashMap;
use std::sync::mpsc;

use alloy_primitives::{Address, U256};
use marubatsu_chain::{
    Chain, CompiledContract, ContractSet,
    bindings::ISoloTicTacToe::{self, Result as ChainResult},
};
use marubatsu_engine::tictactoe::{Bitboard, Cell, Difficulty};
use tokio::sync::oneshot;

use super::view::{SoloView, Turn};
use super::{cell, game_id, refused, winning_line};
use crate::api::ApiError;
use crate::error::WebError;

const CONTRACT: &str = "SoloTicTacToe";

/// The solo contract's chain, owned by a thread of its own (revm's EVM is not `Send`, so it cannot sit behind a
/// mutex shared by the server's tasks). The thread runs one job at a time, in the order they come: the same
/// serialisation a mutex gives, and every transaction commits before the next starts.
pub(crate) struct SoloChain {
    jobs: mpsc::Sender<Job>,
    pub(super) contract: Address,
    pub(super) player: Address,
}

type Job = Box<dyn FnOnce(&mut SoloTable) + Send>;

impl SoloChain {
    /// Starts the chain's thread and deploys `SoloTicTacToe` from `contracts` into a fresh chain there.
    pub(crate) fn start(contracts: &ContractSet) -> Result<SoloChain, WebError> {
        let code = contracts
            .get(CONTRACT)
            .map_err(|e| deploy_error(e.to_string()))?
            .clone();
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (ready, deployed) = mpsc::channel();
        std::thread::Builder::new()
            .name("marubatsu-chain".into())
            .spawn(move || {
                let mut table = match SoloTable::deploy(&code) {
                    Ok(table) => table,
                    Err(err) => {
                        let _ = ready.send(Err(err));
                        return;
                    }
                };
                let _ = ready.send(Ok((table.contract, table.player)));
                // Until every sender is gone, that is until the app is dropped.
                while let Ok(job) = inbox.recv() {
                    job(&mut table);
                }
            })
            .map_err(WebError::Start)?;
        let (contract, player) = deployed
            .recv()
            .map_err(|_| deploy_error("the chain's thread stopped".into()))??;
        Ok(SoloChain { jobs, contract, player })
    }

    /// Runs `job` on the chain's thread and waits for its answer without blocking the server.
    pub(super) async fn run<R: Send + 'static>(
        &self,
        job: impl FnOnce(&mut SoloTable) -> Result<R, ApiError> + Send + 'static,
    ) -> Result<R, ApiError> {
        let (answer, answered) = oneshot::channel();
        let stopped = || ApiError::internal("the in-process chain has stopped");
        self.jobs
            .send(Box::new(move |table| {
                let _ = answer.send(job(table));
            }))
            .map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

fn deploy_error(reason: String) -> WebError {
    WebError::Deploy {
        contract: CONTRACT,
        reason,
    }
}

/// The chain with the contract, and what the chain does not keep: who started each game and each move's gas.
pub(crate) struct SoloTable {
    chain: Chain,
    contract: Address,
    player: Address,
    games: HashMap<u64, GameLog>,
}

struct GameLog {
    cpu_first: bool,
    turns: Vec<Turn>,
}

impl SoloTable {
    /// A fresh chain with the contract deployed by its first account; the second account plays.
    fn deploy(code: &CompiledContract) -> Result<SoloTable, WebError> {
        let mut chain = Chain::new();
        let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
        let contract = chain
            .deploy(deployer, code)
            .map_err(|e| deploy_error(e.to_string()))?
            .address;
        Ok(SoloTable {
            chain,
            contract,
            player,
            games: HashMap::new(),
        })
    }

    pub(super) fn new_game(&mut self, difficulty: Difficulty, cpu_first: bool) -> Result<SoloView, ApiError> {
        let call = ISoloTicTacToe::newGameCall {
            difficulty: ISoloTicTacToe::Difficulty::from(difficulty).into(),
            cpuFirst: cpu_first,
        };
        let receipt = self.chain.send(self.player, self.contract, &call).map_err(refused)?;
        let id = game_id(receipt.value)?;
        let opening = receipt
            .events::<ISoloTicTacToe::GameStarted>()
            .first()
            .and_then(|(_, event)| cell(event.cpuCell));
        self.games.insert(
            id,
            GameLog {
                cpu_first,
                turns: vec![Turn {
                    player: None,
                    cpu: opening,
                    gas: receipt.gas_used,
                }],
            },
        );
        self.view(id)
    }

    pub(super) fn play(&mut self, id: u64, cell_index: u8) -> Result<SoloView, ApiError> {
        let call = ISoloTicTacToe::playCall {
            gameId: U256::from(id),
            cell: cell_index,
        };
        let receipt = self.chain.send(self.player, self.contract, &call).map_err(refused)?;
        let reply = receipt
            .events::<ISoloTicTacToe::Moved>()
            .first()
            .and_then(|(_, event)| cell(event.cpuCell));
        if let Some(log) = self.games.get_mut(&id) {
            log.turns.push(Turn {
                player: Some(cell_index),
                cpu: reply,
                gas: receipt.gas_used,
            });
        }
        self.view(id)
    }

    /// The game as the contract has it, with the table's record beside it.
    pub(super) fn view(&mut self, id: u64) -> Result<SoloView, ApiError> {
        let game = self
            .chain
            .view(self.contract, &ISoloTicTacToe::getGameCall { gameId: U256::from(id) })
            .map_err(|err| match err.revert().and_then(|r| r.name()) {
                Some("UnknownGame") => ApiError::not_found(format!("there is no game {id} on this chain")),
                _ => refused(err),
            })?;
        let (cpu_first, turns) = match self.games.get(&id) {
            Some(log) => (log.cpu_first, log.turns.clone()),
            // Not started through this table (impossible while the table owns the chain): infer the opener.
            None => (game.cpuBoard.count_ones() > game.playerBoard.count_ones(), Vec::new()),
        };
        let player = Bitboard::from_bits(game.playerBoard).unwrap_or(Bitboard::EMPTY);
        let cpu = Bitboard::from_bits(game.cpuBoard).unwrap_or(Bitboard::EMPTY);
        let (player_mark, cpu_mark) = if cpu_first { ("O", "X") } else { ("X", "O") };
        let result = match game.result {
            ChainResult::InProgress => "inProgress",
            ChainResult::PlayerWon => "playerWon",
            ChainResult::CpuWon => "cpuWon",
            ChainResult::Draw => "draw",
            _ => "unknown",
        };
        let line = match game.result {
            ChainResult::PlayerWon => winning_line(player),
            ChainResult::CpuWon => winning_line(cpu),
            _ => None,
        };
        Ok(SoloView {
            id,
            difficulty: Difficulty::from_u8(game.difficulty as u8).map_or("unknown", Difficulty::name),
            cpu_first,
            player_mark,
            cpu_mark,
            cells: (0..9u8)
                .map(|i| {
                    let c = Cell::new(i)?;
                    if player.contains(c) {
                        Some(player_mark)
                    } else if cpu.contains(c) {
                        Some(cpu_mark)
                    } else {
                        None
                    }
                })
                .collect(),
            result,
            line,
            last_cpu: turns.last().and_then(|turn| turn.cpu),
            turns,
        })
    }
}
