//! Tic-tac-toe: solo against the compiled `SoloTicTacToe` in the server's in-process chain, and two players on
//! one device through the engine.
//!
//! **Solo** is on chain: starting a game and every move are transactions from one of the chain's funded
//! accounts; the board shown is read back from the contract (`getGame`), the CPU's reply comes from its `Moved`
//! event and the gas from the receipt. The server keeps the games (the chain holds their boards; a table beside
//! it keeps who started and each move's gas), and the page keeps only the game id and the server's instance
//! name in `localStorage`. After a reload it asks for that game again; a server restart starts a new, empty
//! chain, which the page notices from the changed instance name.
//!
//! **Hot seat** is off chain and stateless: the page keeps the list of cells played in `localStorage` and sends
//! it; the server replays it with [`Position::play`] and answers with the board and the outcome.
//!
//! ```text
//! GET  /api/tictactoe/solo                    the chain: instance, contract, player account (or why none)
//! POST /api/tictactoe/solo/games              {"difficulty": "hard", "cpuFirst": false} -> a new game
//! GET  /api/tictactoe/solo/games/{id}         the game
//! POST /api/tictactoe/solo/games/{id}/moves   {"cell": 4} -> the game after the move and the CPU's reply
//! POST /api/tictactoe/hotseat                 {"moves": [4, 0, 8]} -> the board and the outcome
//! ```

use std::collections::HashMap;
use std::sync::mpsc;

use alloy_primitives::{Address, U256};
use axum::{
    Json, Router,
    extract::{Path, State},
    routing::{get, post},
};
use marubatsu_chain::{
    Chain, CompiledContract, ContractSet, TxError,
    bindings::ISoloTicTacToe::{self, Result as ChainResult},
};
use marubatsu_engine::tictactoe::{Bitboard, Cell, Difficulty, Outcome, Position, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use super::{Game, Shared};
use crate::api::{ApiError, JsonBody};
use crate::error::WebError;

/// The tic-tac-toe page.
pub(crate) const GAME: Game = Game {
    slug: "tictactoe",
    title: "Tic-tac-toe",
    summary: "Play the on-chain CPU (every move a transaction in the in-process chain, with its gas) at easy, \
              normal or hard — or two players on one device.",
    body: include_str!("../../pages/tictactoe.html"),
    script: "tictactoe.js",
    api,
};

const CONTRACT: &str = "SoloTicTacToe";

fn api() -> Router<Shared> {
    Router::new()
        .route("/solo", get(solo_info))
        .route("/solo/games", post(new_game))
        .route("/solo/games/{id}", get(show_game))
        .route("/solo/games/{id}/moves", post(play))
        .route("/hotseat", post(hot_seat))
}

/// The solo contract's chain, owned by a thread of its own (revm's EVM is not `Send`, so it cannot sit behind a
/// mutex shared by the server's tasks). The thread runs one job at a time, in the order they come: the same
/// serialisation a mutex gives, and every transaction commits before the next starts.
pub(crate) struct SoloChain {
    jobs: mpsc::Sender<Job>,
    contract: Address,
    player: Address,
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
        Ok(SoloChain {
            jobs,
            contract,
            player,
        })
    }

    /// Runs `job` on the chain's thread and waits for its answer without blocking the server.
    async fn run<R: Send + 'static>(
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

/// One transaction of a game: the start (no player cell) or a move.
#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Turn {
    /// The player's cell, `null` for the start.
    player: Option<u8>,
    /// The CPU's cell in the same transaction, `null` if it did not move.
    cpu: Option<u8>,
    /// The transaction's gas (intrinsic cost included), as a receipt reports it.
    gas: u64,
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

    fn new_game(&mut self, difficulty: Difficulty, cpu_first: bool) -> Result<SoloView, ApiError> {
        let call = ISoloTicTacToe::newGameCall {
            difficulty: ISoloTicTacToe::Difficulty::from(difficulty).into(),
            cpuFirst: cpu_first,
        };
        let receipt = self
            .chain
            .send(self.player, self.contract, &call)
            .map_err(refused)?;
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

    fn play(&mut self, id: u64, cell_index: u8) -> Result<SoloView, ApiError> {
        let call = ISoloTicTacToe::playCall {
            gameId: U256::from(id),
            cell: cell_index,
        };
        let receipt = self
            .chain
            .send(self.player, self.contract, &call)
            .map_err(refused)?;
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
    fn view(&mut self, id: u64) -> Result<SoloView, ApiError> {
        let game = self
            .chain
            .view(
                self.contract,
                &ISoloTicTacToe::getGameCall {
                    gameId: U256::from(id),
                },
            )
            .map_err(|err| match err.revert().and_then(|r| r.name()) {
                Some("UnknownGame") => {
                    ApiError::not_found(format!("there is no game {id} on this chain"))
                }
                _ => refused(err),
            })?;
        let (cpu_first, turns) = match self.games.get(&id) {
            Some(log) => (log.cpu_first, log.turns.clone()),
            // Not started through this table (impossible while the table owns the chain): infer the opener.
            None => (
                game.cpuBoard.count_ones() > game.playerBoard.count_ones(),
                Vec::new(),
            ),
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
            difficulty: Difficulty::from_u8(game.difficulty as u8)
                .map_or("unknown", Difficulty::name),
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

/// What the solo panel draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SoloView {
    id: u64,
    difficulty: &'static str,
    cpu_first: bool,
    player_mark: &'static str,
    cpu_mark: &'static str,
    /// Nine entries, row by row: `"X"`, `"O"` or `null`.
    cells: Vec<Option<&'static str>>,
    /// `inProgress`, `playerWon`, `cpuWon` or `draw`, as the contract stores it.
    result: &'static str,
    /// The winning line's cells, if someone won.
    line: Option<[u8; 3]>,
    /// The CPU's cell in the last transaction.
    last_cpu: Option<u8>,
    turns: Vec<Turn>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SoloInfo {
    instance: String,
    available: bool,
    reason: Option<String>,
    contract: Option<String>,
    player: Option<String>,
    chain_id: u64,
}

async fn solo_info(State(state): State<Shared>) -> Json<SoloInfo> {
    let (contract, player, reason) = match &state.solo {
        Ok(chain) => (
            Some(chain.contract.to_string()),
            Some(chain.player.to_string()),
            None,
        ),
        Err(reason) => (None, None, Some(reason.clone())),
    };
    Json(SoloInfo {
        instance: state.instance.clone(),
        available: contract.is_some(),
        reason,
        contract,
        player,
        chain_id: marubatsu_chain::CHAIN_ID,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewGame {
    difficulty: String,
    cpu_first: bool,
}

async fn new_game(
    State(state): State<Shared>,
    JsonBody(request): JsonBody<NewGame>,
) -> Result<Json<SoloView>, ApiError> {
    let difficulty = Difficulty::ALL
        .into_iter()
        .find(|d| d.name() == request.difficulty)
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "unknown difficulty {:?}: easy, normal or hard",
                request.difficulty
            ))
        })?;
    let cpu_first = request.cpu_first;
    state
        .solo()?
        .run(move |table| table.new_game(difficulty, cpu_first))
        .await
        .map(Json)
}

async fn show_game(
    State(state): State<Shared>,
    Path(id): Path<u64>,
) -> Result<Json<SoloView>, ApiError> {
    state
        .solo()?
        .run(move |table| table.view(id))
        .await
        .map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Move {
    cell: u8,
}

async fn play(
    State(state): State<Shared>,
    Path(id): Path<u64>,
    JsonBody(request): JsonBody<Move>,
) -> Result<Json<SoloView>, ApiError> {
    let cell = request.cell;
    state
        .solo()?
        .run(move |table| table.play(id, cell))
        .await
        .map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HotSeat {
    moves: Vec<u8>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HotSeatView {
    cells: Vec<Option<&'static str>>,
    /// `"X"` or `"O"`, or `null` once the game is over.
    to_move: Option<&'static str>,
    /// `"X"` or `"O"` if that side has a line.
    winner: Option<&'static str>,
    draw: bool,
    line: Option<[u8; 3]>,
    /// How many of the moves sent were played (all, unless one was refused).
    played: usize,
    /// Why the first refused move was refused.
    rejected: Option<String>,
}

async fn hot_seat(JsonBody(request): JsonBody<HotSeat>) -> Json<HotSeatView> {
    let mut position = Position::empty();
    let mut played = 0;
    let mut rejected = None;
    for &index in &request.moves {
        let next = Cell::new(index)
            .ok_or_else(|| format!("{index} is not a cell (0 to 8)"))
            .and_then(|cell| position.play(cell).map_err(|err| err.to_string()));
        match next {
            Ok(next) => {
                position = next;
                played += 1;
            }
            Err(reason) => {
                rejected = Some(format!("move {}: {reason}", played + 1));
                break;
            }
        }
    }
    let outcome = position.outcome();
    let winner = match outcome {
        Some(Outcome::Win(side)) => Some(side),
        _ => None,
    };
    Json(HotSeatView {
        cells: (0..9u8)
            .map(|i| {
                let c = Cell::new(i)?;
                if position.x().contains(c) {
                    Some("X")
                } else if position.o().contains(c) {
                    Some("O")
                } else {
                    None
                }
            })
            .collect(),
        to_move: outcome.is_none().then(|| mark(position.side_to_move())),
        winner: winner.map(mark),
        draw: outcome == Some(Outcome::Draw),
        line: winner.and_then(|side| winning_line(position.board(side))),
        played,
        rejected,
    })
}

const fn mark(side: Side) -> &'static str {
    match side {
        Side::X => "X",
        Side::O => "O",
    }
}

/// The first of the engine's lines that `stones` hold, as three cell indices.
fn winning_line(stones: Bitboard) -> Option<[u8; 3]> {
    let line = Bitboard::LINES
        .into_iter()
        .find(|line| line.intersect(stones) == *line)?;
    let mut cells = line.cells().map(Cell::index);
    Some([cells.next()?, cells.next()?, cells.next()?])
}

/// A cell from an event's `uint8`, where 9 means none.
fn cell(value: u8) -> Option<u8> {
    Cell::new(value).map(Cell::index)
}

fn game_id(value: U256) -> Result<u64, ApiError> {
    u64::try_from(value)
        .map_err(|_| ApiError::internal(format!("game id {value} does not fit in 64 bits")))
}

/// A transaction the contract refused, by its custom error's name; anything else is the server's fault.
fn refused(err: TxError) -> ApiError {
    match err.revert() {
        Some(revert) => ApiError::conflict(
            match revert.decoded() {
                Some(decoded) => format!("the contract refused: {}", decoded.detail),
                None => format!("the contract refused: {revert}"),
            },
            revert.name().map(str::to_owned),
        ),
        None => ApiError::internal(format!("the transaction failed: {err}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_lines_are_read_from_the_engine() {
        let diagonal = Bitboard::from_bits(0b1_0001_0001 | 0b10).unwrap_or(Bitboard::EMPTY);
        assert_eq!(winning_line(diagonal), Some([0, 4, 8]));
        assert_eq!(
            winning_line(Bitboard::from_bits(0b11).unwrap_or(Bitboard::EMPTY)),
            None
        );
    }
}
