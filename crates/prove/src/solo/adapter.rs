//! Calls to a solo contract of either dialect: new game, play, read a game, preview the CPU's move. The CPU's
//! replies are read from the boards, never from events, so that any event shape works.

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::{SolCall, SolValue};
use marubatsu_chain::{
    bindings::ISoloTicTacToe,
    evm::{Chain, Receipt, TxError, ViewOutcome},
};
use marubatsu_engine::tictactoe::Difficulty;
use serde::Serialize;

use super::dialect::{BookGetter, SoloDialect};

/// A deployed solo contract and how to call it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloContract {
    /// Where it is deployed.
    pub address: Address,
    /// Which interface it speaks.
    pub dialect: SoloDialect,
}

/// A game's state: `InProgress` or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// Not over.
    InProgress,
    /// The human won.
    PlayerWon,
    /// The CPU won.
    CpuWon,
    /// Full board, no line.
    Draw,
}

impl GameResult {
    fn from_value(value: U256) -> Option<Self> {
        match value.try_into().ok()? {
            0u8 => Some(Self::InProgress),
            1 => Some(Self::PlayerWon),
            2 => Some(Self::CpuWon),
            3 => Some(Self::Draw),
            _ => None,
        }
    }
}

/// A game read back: both boards (9-bit masks) and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloState {
    /// The human's cells.
    pub player_board: u16,
    /// The CPU's cells.
    pub cpu_board: u16,
    /// The game's state.
    pub result: GameResult,
}

/// Why a game could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The call failed.
    #[error(transparent)]
    Tx(#[from] TxError),
    /// The call returned something the proofs cannot take for a game.
    #[error("{0}")]
    Malformed(String),
}

impl SoloContract {
    /// Starts a game for `player` at `difficulty`; the receipt's value is the game id.
    pub fn new_game(
        &self,
        chain: &mut Chain,
        player: Address,
        difficulty: Difficulty,
        cpu_first: bool,
    ) -> Result<Receipt<U256>, TxError> {
        let call = ISoloTicTacToe::newGameCall {
            difficulty: ISoloTicTacToe::Difficulty::from(difficulty).into(),
            cpuFirst: cpu_first,
        };
        chain.send(player, self.address, &call)
    }

    /// `player` takes `cell` in game `game_id`.
    pub fn play(&self, chain: &mut Chain, player: Address, game_id: U256, cell: u8) -> Result<Receipt<()>, TxError> {
        let call = ISoloTicTacToe::playCall { gameId: game_id, cell };
        Ok(chain.send(player, self.address, &call)?.map(|_| ()))
    }

    /// Reads game `game_id` back, with the execution gas of the getter.
    pub fn game(&self, chain: &mut Chain, game_id: U256) -> Result<ViewOutcome<SoloState>, ReadError> {
        match &self.dialect {
            SoloDialect::Marubatsu => {
                let outcome = chain.call(self.address, &ISoloTicTacToe::getGameCall { gameId: game_id })?;
                let game = outcome.value;
                let result = GameResult::from_value(U256::from(game.result as u8))
                    .ok_or_else(|| ReadError::Malformed(format!("getGame({game_id}) returned an unknown result")))?;
                Ok(ViewOutcome {
                    value: checked(game.playerBoard, game.cpuBoard, result, game_id)?,
                    execution_gas: outcome.execution_gas,
                })
            }
            SoloDialect::Book(getter) => self.book_game(chain, getter, game_id),
        }
    }

    fn book_game(
        &self,
        chain: &mut Chain,
        getter: &BookGetter,
        game_id: U256,
    ) -> Result<ViewOutcome<SoloState>, ReadError> {
        let mut data = alloy_primitives::keccak256(b"games(uint256)")[..4].to_vec();
        data.extend_from_slice(&game_id.abi_encode());
        let outcome = chain.call_data_measured(self.address, Bytes::from(data))?;
        let returned = &outcome.value;
        let word = |index: usize| -> Option<U256> {
            returned
                .get(index * 32..index * 32 + 32)
                .map(|bytes| U256::from_be_slice(bytes))
        };
        if returned.len() < getter.words * 32 {
            return Err(ReadError::Malformed(format!(
                "games({game_id}) returned {} bytes, fewer than its outputs ({}) need",
                returned.len(),
                getter.outputs
            )));
        }
        let board = |index: usize, whose: &str| -> Result<u16, ReadError> {
            let value = word(index).unwrap_or_default();
            u16::try_from(value)
                .map_err(|_| ReadError::Malformed(format!("games({game_id}) returned {value} as the {whose} board")))
        };
        let player = board(getter.player_board, "player's")?;
        let cpu = board(getter.cpu_board, "CPU's")?;
        let raw_result = word(getter.result).unwrap_or_default();
        let result = GameResult::from_value(raw_result).ok_or_else(|| {
            ReadError::Malformed(format!(
                "games({game_id}) returned result {raw_result}; marubatsu reads 0 as in progress, 1 player won, 2 \
                 CPU won, 3 draw"
            ))
        })?;
        Ok(ViewOutcome {
            value: checked(player, cpu, result, game_id)?,
            execution_gas: outcome.execution_gas,
        })
    }

    /// The cell the CPU at `difficulty` would take with `mine` against `theirs`.
    pub fn preview(
        &self,
        chain: &mut Chain,
        mine: u16,
        theirs: u16,
        difficulty: Difficulty,
        seed: U256,
    ) -> Result<ViewOutcome<u8>, TxError> {
        let call = ISoloTicTacToe::previewCpuMoveCall {
            mine,
            theirs,
            difficulty: ISoloTicTacToe::Difficulty::from(difficulty).into(),
            seed,
        };
        chain.call(self.address, &call)
    }

    /// The signature under which the getter's gas is recorded.
    pub fn game_getter(&self) -> &'static str {
        self.dialect.game_getter()
    }
}

/// The signatures of the calls every dialect shares, for gas logs.
pub(crate) const NEW_GAME: &str = ISoloTicTacToe::newGameCall::SIGNATURE;
/// See [`NEW_GAME`].
pub(crate) const PLAY: &str = ISoloTicTacToe::playCall::SIGNATURE;
/// See [`NEW_GAME`].
pub(crate) const PREVIEW: &str = ISoloTicTacToe::previewCpuMoveCall::SIGNATURE;

/// A game whose boards and result agree with each other; a contract whose do not is misbehaving, and the proofs
/// say so rather than count a wrong outcome.
fn checked(player: u16, cpu: u16, result: GameResult, game_id: U256) -> Result<SoloState, ReadError> {
    let bad = |what: String| Err(ReadError::Malformed(format!("game {game_id}: {what}")));
    if (player | cpu) > 0x1ff {
        return bad(format!(
            "a board has bits above cell 8 (player {player:#x}, CPU {cpu:#x})"
        ));
    }
    if player & cpu != 0 {
        return bad(format!("both boards hold the cells {:#x}", player & cpu));
    }
    let won = |mask: u16| marubatsu_engine::tictactoe::Bitboard::from_bits(mask).is_some_and(|b| b.has_line());
    let expected = if won(player) {
        GameResult::PlayerWon
    } else if won(cpu) {
        GameResult::CpuWon
    } else if player | cpu == 0x1ff {
        GameResult::Draw
    } else {
        GameResult::InProgress
    };
    if expected != result {
        return bad(format!(
            "the boards say {expected:?} but the contract says {result:?} (player {}, CPU {})",
            crate::show::cell_list(crate::show::cells_of(player)),
            crate::show::cell_list(crate::show::cells_of(cpu))
        ));
    }
    Ok(SoloState {
        player_board: player,
        cpu_board: cpu,
        result,
    })
}

/// A failed call in words for a report: a revert by its decoded error (`reverted with CellTaken(gameId 1, cell
/// 6)`), anything else as the chain says it.
pub(crate) fn tx_words(err: &TxError) -> String {
    match err.revert().and_then(|revert| revert.decoded()) {
        Some(decoded) => format!("reverted with {}", decoded.words()),
        None => err.to_string(),
    }
}
