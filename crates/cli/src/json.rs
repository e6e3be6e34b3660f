//! The typed JSON of the game commands, documented in docs/cli-json.md: numbers are JSON numbers, amounts of wei
//! decimal strings (a JSON number loses precision above 2^53), cells arrays of indices, boards arrays of nine
//! marks, events objects with the event's own parameter names, addresses EIP-55 checksummed.

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, ISoloTicTacToeEvents},
    ITicTacToe::{self, ITicTacToeEvents},
};
use marubatsu_chain::events::GameEvent;

use crate::event_words::difficulty_name;
use marubatsu_client::games::Played;
use serde::Serialize;
use serde_json::{Value, json};

/// The largest integer every JSON reader keeps exact (2^53 − 1).
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// An address as wallets show it.
pub(crate) fn address(address: Address) -> String {
    address.to_checksum(None)
}

/// An address that may be zero, meaning nobody: `null` then.
pub(crate) fn someone(address: Address) -> Option<String> {
    (!address.is_zero()).then(|| self::address(address))
}

/// A game id: a number while it fits in 2^53 − 1 (ids count up from 1, so always in practice), else a decimal
/// string rather than a number a reader would round.
pub(crate) fn id(id: U256) -> Value {
    match u64::try_from(id) {
        Ok(small) if small <= MAX_SAFE_INTEGER => json!(small),
        _ => json!(id.to_string()),
    }
}

/// A cell value where 9 (or more) means "no cell": `null` then.
fn cell(cell: u8) -> Option<u8> {
    (cell <= 8).then_some(cell)
}

/// The cells set in a board bitmask, in order.
pub(crate) fn cells(board: u16) -> Vec<u8> {
    (0..9).filter(|cell| board >> cell & 1 == 1).collect()
}

/// The nine cells, row by row from the top left: `"X"`, `"O"` or `null`.
pub(crate) fn board(x: u16, o: u16) -> Vec<Option<&'static str>> {
    (0..9)
        .map(|cell| {
            if x >> cell & 1 == 1 {
                Some("X")
            } else if o >> cell & 1 == 1 {
                Some("O")
            } else {
                None
            }
        })
        .collect()
}

/// A PvP game's status as a name a program matches on: the engine's spelling, which the pages read too.
pub(crate) fn pvp_status(status: ITicTacToe::Status) -> Value {
    status
        .pvp_status()
        .map_or_else(|| json!("unknown"), |status| json!(status))
}

/// A solo game's result as a name a program matches on.
pub(crate) fn solo_result(result: ISoloTicTacToe::Result) -> &'static str {
    match result {
        ISoloTicTacToe::Result::InProgress => "inProgress",
        ISoloTicTacToe::Result::PlayerWon => "playerWon",
        ISoloTicTacToe::Result::CpuWon => "cpuWon",
        ISoloTicTacToe::Result::Draw => "draw",
        _ => "unknown",
    }
}

/// How a PvP game ended, as a name a program matches on: the engine's spelling, which the pages read too.
fn end_reason(reason: ITicTacToe::EndReason) -> Value {
    reason
        .pvp_ending()
        .map_or_else(|| json!("unknown"), |ending| json!(ending))
}

/// An event as an object: `event` names it, the other keys are its parameters by their names in the ABI.
pub(crate) fn event(event: &GameEvent) -> Value {
    match event {
        GameEvent::Solo(ISoloTicTacToeEvents::GameStarted(e)) => json!({
            "event": "GameStarted", "gameId": id(e.gameId), "player": address(e.player),
            "difficulty": difficulty_name(e.difficulty), "cpuCell": cell(e.cpuCell),
        }),
        GameEvent::Solo(ISoloTicTacToeEvents::Moved(e)) => json!({
            "event": "Moved", "gameId": id(e.gameId), "playerCell": e.playerCell, "cpuCell": cell(e.cpuCell),
            "result": solo_result(e.result),
        }),
        GameEvent::Solo(ISoloTicTacToeEvents::GameEnded(e)) => json!({
            "event": "GameEnded", "gameId": id(e.gameId), "result": solo_result(e.result),
        }),
        GameEvent::Pvp(ITicTacToeEvents::GameCreated(e)) => json!({
            "event": "GameCreated", "gameId": id(e.gameId), "creator": address(e.creator),
            "opponent": someone(e.opponent), "stake": e.stake.to_string(), "moveTimeout": e.moveTimeout,
        }),
        GameEvent::Pvp(ITicTacToeEvents::GameJoined(e)) => json!({
            "event": "GameJoined", "gameId": id(e.gameId), "joiner": address(e.joiner), "deadline": e.deadline,
        }),
        GameEvent::Pvp(ITicTacToeEvents::Moved(e)) => json!({
            "event": "Moved", "gameId": id(e.gameId), "player": address(e.player), "cell": e.cell,
            "deadline": e.deadline,
        }),
        GameEvent::Pvp(ITicTacToeEvents::GameEnded(e)) => json!({
            "event": "GameEnded", "gameId": id(e.gameId), "reason": end_reason(e.reason),
            "winner": someone(e.winner),
        }),
        GameEvent::Pvp(ITicTacToeEvents::BalanceCredited(e)) => json!({
            "event": "BalanceCredited", "account": address(e.account), "amount": e.amount.to_string(),
        }),
        GameEvent::Pvp(ITicTacToeEvents::Withdrawn(e)) => json!({
            "event": "Withdrawn", "account": address(e.account), "to": address(e.to), "amount": e.amount.to_string(),
        }),
    }
}

/// A mined transaction: who sent it, where it is, what it cost and what it emitted.
#[derive(Serialize)]
pub(crate) struct Transaction {
    from: String,
    /// None on the embedded chain, which has no signed transactions.
    transaction_hash: Option<String>,
    block_number: Option<u64>,
    gas_used: u64,
    /// Wei per gas, as a decimal string.
    effective_gas_price: String,
    /// gas used × effective gas price, in wei, as a decimal string.
    cost: String,
    events: Vec<Value>,
}

impl Transaction {
    pub(crate) fn new<T>(played: &Played<T>) -> Self {
        let report = played;
        Self {
            from: address(report.from),
            transaction_hash: report.hash.map(|h| h.to_string()),
            block_number: report.block_number,
            gas_used: report.gas_used,
            effective_gas_price: report.effective_gas_price.to_string(),
            cost: report.cost().to_string(),
            events: played.events.iter().map(event).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_cells_and_boards_have_their_json_types() {
        assert_eq!(id(U256::from(3)), json!(3));
        assert_eq!(id(U256::from(MAX_SAFE_INTEGER)), json!(MAX_SAFE_INTEGER));
        assert_eq!(id(U256::from(MAX_SAFE_INTEGER + 1)), json!("9007199254740992"));
        assert_eq!(cells(0b100_010_001), [0, 4, 8]);
        assert_eq!(
            board(0b000_000_001, 0b000_010_000),
            [Some("X"), None, None, None, Some("O"), None, None, None, None]
        );
        assert_eq!(cell(9), None);
        assert_eq!(someone(Address::ZERO), None);
    }
}
