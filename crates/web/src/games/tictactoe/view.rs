//! What the tic-tac-toe page draws, as JSON: the chain it plays on, games read from the contracts, a
//! transaction's fate, and a hot-seat board.

use alloy_primitives::{Address, B256, Bytes, U256};
use marubatsu_engine::tictactoe::{Difficulty, PvpAction, PvpEnding, PvpRole, PvpStatus, SoloResult};
use serde::{Serialize, Serializer};

use crate::words::Words;

/// An address as wallets and explorers show it, EIP-55 checksummed (alloy's serde writes lower case), so that an
/// address reads the same in the page's terms, its lines and the contract's refusals.
pub(super) fn checksummed<S: Serializer>(address: &Address, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&address.to_checksum(None))
}

pub(super) fn checksummed_or_null<S: Serializer>(address: &Option<Address>, serializer: S) -> Result<S::Ok, S::Error> {
    match address {
        Some(address) => checksummed(address, serializer),
        None => serializer.serialize_none(),
    }
}

/// A value the contract gave that the engine has no name for (a newer contract) goes out as `"unknown"`.
fn or_unknown<T: Serialize, S: Serializer>(value: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => value.serialize(serializer),
        None => serializer.serialize_str("unknown"),
    }
}

/// The chain and the contracts, and in the embedded mode the browser's own account.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ChainView"))]
pub(super) struct ChainView {
    /// Names this run of the server: a page that kept a game of the embedded chain compares it first.
    pub(super) instance: String,
    /// `rpc` (players sign with their wallets) or `embedded` (the in-process chain, an account per browser).
    #[cfg_attr(test, ts(type = "'rpc' | 'embedded'"))]
    pub(super) mode: &'static str,
    pub(super) chain_id: u64,
    #[serde(serialize_with = "checksummed")]
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) solo: Address,
    #[serde(serialize_with = "checksummed")]
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) pvp: Address,
    /// Embedded mode: this browser's account (the server sends from it, and only for this browser).
    #[serde(serialize_with = "checksummed_or_null")]
    #[cfg_attr(test, ts(type = "string | null"))]
    pub(super) account: Option<Address>,
    pub(super) block: u64,
    pub(super) timestamp: u64,
    /// The chain's usual seconds between blocks, when it is a chain known by name that keeps a pace (a count of
    /// blocks is then also said as time); null on a development chain, which mines for transactions.
    pub(super) block_seconds: Option<f64>,
    /// Whether the PvP contract has time banks (`ITicTacToeTimeBank`); a contract that speaks only `ITicTacToe`
    /// has none, and the page offers none.
    pub(super) time_banks: bool,
    /// The deployment's `claimBlocks`: the blocks a late move may still land in, each turn (null if unread).
    pub(super) claim_blocks: Option<u64>,
}

/// The latest block, as `GET /api/tictactoe/head` answers it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HeadView"))]
pub(super) struct HeadView {
    pub(super) block: u64,
    pub(super) timestamp: u64,
}

/// A solo game as `SoloTicTacToe` stores it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SoloView"))]
pub(super) struct SoloView {
    pub(super) id: u64,
    #[serde(serialize_with = "checksummed")]
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) player: Address,
    #[serde(serialize_with = "or_unknown")]
    #[cfg_attr(test, ts(type = "Difficulty | 'unknown'"))]
    pub(super) difficulty: Option<Difficulty>,
    pub(super) cpu_first: bool,
    pub(super) player_mark: &'static str,
    pub(super) cpu_mark: &'static str,
    /// Nine entries, row by row: `"X"`, `"O"` or `null`.
    pub(super) cells: Vec<Option<&'static str>>,
    /// `inProgress`, `playerWon`, `cpuWon` or `draw`, as the contract stores it.
    #[serde(serialize_with = "or_unknown")]
    #[cfg_attr(test, ts(type = "SoloResult | 'unknown'"))]
    pub(super) result: Option<SoloResult>,
    /// The winning line's cells, if someone won.
    pub(super) line: Option<[u8; 3]>,
}

/// A PvP game as `TicTacToe` stores it, with the clock and the viewer's part in it worked out.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PvpView"))]
pub(super) struct PvpView {
    pub(super) id: u64,
    #[serde(serialize_with = "checksummed")]
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) creator: Address,
    /// O: the joiner, or while open the only account invited (`null`: anyone may join).
    #[serde(serialize_with = "checksummed_or_null")]
    #[cfg_attr(test, ts(type = "string | null"))]
    pub(super) opponent: Option<Address>,
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) stake: U256,
    pub(super) stake_words: String,
    pub(super) timeout: u32,
    pub(super) timeout_words: String,
    /// A stake under a time limit short enough to be lost to a censored transaction: the joiner is warned.
    pub(super) short_clock: bool,
    /// `open`, `active`, `xWon`, `oWon`, `draw`, `cancelled` or `aborted`.
    #[serde(serialize_with = "or_unknown")]
    #[cfg_attr(test, ts(type = "PvpStatus | 'unknown'"))]
    pub(super) status: Option<PvpStatus>,
    pub(super) status_words: String,
    pub(super) cells: Vec<Option<&'static str>>,
    pub(super) line: Option<[u8; 3]>,
    /// How a finished game ended; null while it is played (or when the node cannot say whether a win without a
    /// line was on time or a resignation).
    pub(super) ended_by: Option<PvpEnding>,
    /// `"X"` or `"O"` while someone is to move.
    #[cfg_attr(test, ts(type = "'X' | 'O' | null"))]
    pub(super) to_move: Option<&'static str>,
    #[serde(serialize_with = "checksummed_or_null")]
    #[cfg_attr(test, ts(type = "string | null"))]
    pub(super) to_move_account: Option<Address>,
    /// The last second the player to move may move (unix time), and the latest block's time.
    pub(super) deadline: Option<u64>,
    pub(super) now: u64,
    pub(super) seconds_left: Option<u64>,
    /// Whether the player to move has moved before: then a missed deadline loses; else it aborts the game.
    pub(super) mover_has_moved: bool,
    /// The latest block's number.
    pub(super) head_block: u64,
    /// Past the deadline (as of the next block, where anything sent now lands at the earliest): the first block in
    /// which a timeout claim can land, once the contract's claim blocks have passed; until then the late player may
    /// still move. Null before the deadline and once the game is over.
    pub(super) claim_block: Option<u64>,
    /// The viewer: `X`, `O`, `invited` (may join), `open` (anyone may join) or `watcher`.
    pub(super) role: PvpRole,
    /// What the viewer can do now, in the order the page offers them.
    pub(super) can: Vec<PvpAction>,
    /// The game's time bank; null for a game without one, or on a contract without banks.
    pub(super) time_bank: Option<TimeBankView>,
}

/// A banked game's clock: the banks in seconds and in words, and the bound they put on the whole game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TimeBankView"))]
pub(super) struct TimeBankView {
    /// The bank each player started with, and its words (`1 hour`).
    pub(super) bank: u32,
    pub(super) bank_words: String,
    /// What is left of X's and O's banks, as they stood when the current turn began.
    pub(super) x_bank: u32,
    pub(super) o_bank: u32,
    pub(super) x_bank_words: String,
    pub(super) o_bank_words: String,
    /// The seconds of every move that no bank pays for.
    pub(super) free_seconds: u32,
    /// When the current turn starts spending the mover's bank (unix time): null while nobody is to move, or when
    /// the turn's time limit ends within its free seconds.
    pub(super) spending_from: Option<u64>,
    /// The whole game's bound, as a sentence.
    pub(super) bound_words: String,
}

/// A transaction hash's fate.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TxReading"))]
pub(super) struct TxView {
    /// `unknown` (the node does not know it; `nonce_free` says whether it can still be mined), `pending`,
    /// `confirmed` or `reverted` (of the replacement, if `replacement` is set), or `superseded` (another
    /// transaction of the account took its nonce, and the node cannot say which).
    #[cfg_attr(test, ts(type = "'unknown' | 'pending' | 'confirmed' | 'reverted' | 'superseded'"))]
    pub(super) state: &'static str,
    /// The transaction's nonce, when the node knows it.
    pub(super) nonce: Option<u64>,
    /// Unknown: no transaction of the account, mined or waiting, has its nonce yet.
    pub(super) nonce_free: Option<bool>,
    /// Pending: another transaction of the account waits in the pool at its nonce (a speed-up or a cancel).
    pub(super) replacing: bool,
    /// The transaction mined at its nonce instead (what `state` and the events describe then).
    pub(super) replacement: Option<ReplacementView>,
    pub(super) block: Option<u64>,
    pub(super) gas_used: Option<u64>,
    /// Gas used × effective gas price, in wei.
    #[cfg_attr(test, ts(type = "string | null"))]
    pub(super) fee_wei: Option<U256>,
    #[serde(serialize_with = "checksummed_or_null")]
    #[cfg_attr(test, ts(type = "string | null"))]
    pub(super) from: Option<Address>,
    /// The game the transaction was about, from its events.
    pub(super) game: Option<u64>,
    /// Solo: the CPU's cell in this transaction.
    pub(super) cpu_cell: Option<u8>,
    /// What happened, one sentence of the catalog's per event, worded by the page.
    pub(super) events: Vec<Words>,
    /// Reverted: why, as the catalog's sentence the page words, and the custom error's name.
    pub(super) reason: Option<Words>,
    pub(super) error_name: Option<String>,
}

impl TxView {
    pub(super) fn waiting(state: &'static str) -> TxView {
        TxView {
            state,
            nonce: None,
            nonce_free: None,
            replacing: false,
            replacement: None,
            block: None,
            gas_used: None,
            fee_wei: None,
            from: None,
            game: None,
            cpu_cell: None,
            events: Vec::new(),
            reason: None,
            error_name: None,
        }
    }
}

/// A transaction mined at another's nonce: the page compares it with what it sent (a speed-up keeps the call).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TxReplacement"))]
pub(super) struct ReplacementView {
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) hash: B256,
    #[serde(serialize_with = "checksummed_or_null")]
    #[cfg_attr(test, ts(type = "string | null"))]
    pub(super) to: Option<Address>,
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) data: Bytes,
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) value: U256,
    /// Not a call to one of the games (a wallet's cancel is a transfer of nothing to oneself): nothing happened.
    pub(super) cancel: bool,
}

/// What an account can withdraw from the PvP contract.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "BalanceView"))]
pub(super) struct BalanceView {
    #[serde(serialize_with = "checksummed")]
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) account: Address,
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) pending: U256,
    pub(super) pending_words: String,
    /// The account's own ether, for the page's "enough for the stake?" line.
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) wallet: U256,
    pub(super) wallet_words: String,
}

/// What `previewCpuMove` at Hard would play for the player to move.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "OracleView"))]
pub(super) struct OracleView {
    pub(super) cell: u8,
    pub(super) words: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HotSeatView"))]
pub(super) struct HotSeatView {
    pub(super) cells: Vec<Option<&'static str>>,
    /// `"X"` or `"O"`, or `null` once the game is over.
    #[cfg_attr(test, ts(type = "'X' | 'O' | null"))]
    pub(super) to_move: Option<&'static str>,
    /// `"X"` or `"O"` if that side has a line.
    #[cfg_attr(test, ts(type = "'X' | 'O' | null"))]
    pub(super) winner: Option<&'static str>,
    pub(super) draw: bool,
    pub(super) line: Option<[u8; 3]>,
}
