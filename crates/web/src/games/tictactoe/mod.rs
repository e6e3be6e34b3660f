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

use alloy_primitives::U256;
use axum::{
    Json, Router,
    extract::{Path, State},
    routing::{get, post},
};
use marubatsu_chain::TxError;
use marubatsu_engine::tictactoe::{Bitboard, Cell, Difficulty, Outcome, Position, Side};
use serde::Deserialize;

use super::{Game, Shared};
use crate::api::{ApiError, JsonBody};

mod solo_chain;
mod view;

pub(crate) use solo_chain::SoloChain;
use view::{HotSeatView, SoloInfo, SoloView};

/// The tic-tac-toe page.
pub(crate) const GAME: Game = Game {
    slug: "tictactoe",
    title: "Tic-tac-toe",
    summary: "Three in a row against the computer at easy, normal or hard, or two players on one device.",
    title_ja: "○×ゲーム",
    summary_ja: "コンピューターと対戦(かんたん・ふつう・むずかしい)、または1台で2人対戦の三目並べ。",
    page: include_str!("page.html"),
    script: include_str!("script.js"),
    strings: include_str!("strings.js"),
    style: include_str!("style.css"),
    api,
};

fn api() -> Router<Shared> {
    Router::new()
        .route("/solo", get(solo_info))
        .route("/solo/games", post(new_game))
        .route("/solo/games/{id}", get(show_game))
        .route("/solo/games/{id}/moves", post(play))
        .route("/hotseat", post(hot_seat))
}

async fn solo_info(State(state): State<Shared>) -> Json<SoloInfo> {
    let (contract, player, reason) = match &state.solo {
        Ok(chain) => (Some(chain.contract.to_string()), Some(chain.player.to_string()), None),
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

async fn show_game(State(state): State<Shared>, Path(id): Path<u64>) -> Result<Json<SoloView>, ApiError> {
    state.solo()?.run(move |table| table.view(id)).await.map(Json)
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
    state.solo()?.run(move |table| table.play(id, cell)).await.map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HotSeat {
    moves: Vec<u8>,
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
    u64::try_from(value).map_err(|_| ApiError::internal(format!("game id {value} does not fit in 64 bits")))
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
        assert_eq!(winning_line(Bitboard::from_bits(0b11).unwrap_or(Bitboard::EMPTY)), None);
    }
}
