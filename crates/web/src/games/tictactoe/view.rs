//! What the tic-tac-toe page draws: a solo game on chain, the chain it is on, and a hot-seat board.

use serde::Serialize;

/// What the solo panel draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SoloView {
    pub(super) id: u64,
    pub(super) difficulty: &'static str,
    pub(super) cpu_first: bool,
    pub(super) player_mark: &'static str,
    pub(super) cpu_mark: &'static str,
    /// Nine entries, row by row: `"X"`, `"O"` or `null`.
    pub(super) cells: Vec<Option<&'static str>>,
    /// `inProgress`, `playerWon`, `cpuWon` or `draw`, as the contract stores it.
    pub(super) result: &'static str,
    /// The winning line's cells, if someone won.
    pub(super) line: Option<[u8; 3]>,
    /// The CPU's cell in the last transaction.
    pub(super) last_cpu: Option<u8>,
    pub(super) turns: Vec<Turn>,
}

/// One transaction of a game: the start (no player cell) or a move.
#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Turn {
    /// The player's cell, `null` for the start.
    pub(super) player: Option<u8>,
    /// The CPU's cell in the same transaction, `null` if it did not move.
    pub(super) cpu: Option<u8>,
    /// The transaction's gas (intrinsic cost included), as a receipt reports it.
    pub(super) gas: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SoloInfo {
    pub(super) instance: String,
    pub(super) available: bool,
    pub(super) reason: Option<String>,
    pub(super) contract: Option<String>,
    pub(super) player: Option<String>,
    pub(super) chain_id: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct HotSeatView {
    pub(super) cells: Vec<Option<&'static str>>,
    /// `"X"` or `"O"`, or `null` once the game is over.
    pub(super) to_move: Option<&'static str>,
    /// `"X"` or `"O"` if that side has a line.
    pub(super) winner: Option<&'static str>,
    pub(super) draw: bool,
    pub(super) line: Option<[u8; 3]>,
    /// How many of the moves sent were played (all, unless one was refused).
    pub(super) played: usize,
    /// Why the first refused move was refused.
    pub(super) rejected: Option<String>,
}
