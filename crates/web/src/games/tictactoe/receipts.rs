//! A transaction's fate: pending, or mined with its events (the CPU's reply among them) and gas, or reverted with
//! the contract's custom error explained. Each event is a sentence of the catalog's, sent as its key and arguments
//! ([`Words`]) for the page to word in the language it shows.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolEvent;
use marubatsu_chain::{
    bindings::{
        ISoloTicTacToe::ISoloTicTacToeEvents,
        ITicTacToe::{self, ITicTacToeEvents},
        ITicTacToeTimeBank,
    },
    events::GameEvent,
    evm::{Lookup, Receipt, Revert},
};

use marubatsu_client::rpc::{Replacement, Tracked};

use super::view::{ReplacementView, TxView};
use super::words::{Contract, duration, ether, refusal, short, solo_result};
use crate::chain::Contracts;
use crate::words::Words;

/// What the page shows for a transaction followed by hash and nonce (see [`Tracked`]).
pub(super) fn describe_tracked(tracked: Tracked, contracts: &Contracts) -> TxView {
    match tracked {
        Tracked::Known { lookup, nonce } => {
            let mut view = describe(lookup, contracts);
            view.nonce = nonce;
            view
        }
        Tracked::Replaced(replacement) => {
            let Replacement {
                hash,
                to,
                input,
                value,
                lookup,
            } = *replacement;
            let mut view = describe(lookup, contracts);
            let game = to.is_some_and(|to| to == contracts.solo || to == contracts.pvp);
            view.replacement = Some(ReplacementView {
                hash,
                to,
                data: input,
                value,
                cancel: !game,
            });
            view
        }
        Tracked::Superseded => TxView::waiting("superseded"),
        Tracked::Replacing => {
            let mut view = TxView::waiting("pending");
            view.replacing = true;
            view
        }
        Tracked::Missing => {
            let mut view = TxView::waiting("unknown");
            view.nonce_free = Some(true);
            view
        }
    }
}

/// What the page shows for a transaction hash on a chain with `contracts`.
pub(super) fn describe(lookup: Lookup, contracts: &Contracts) -> TxView {
    match lookup {
        Lookup::Unknown => TxView::waiting("unknown"),
        Lookup::Pending => TxView::waiting("pending"),
        Lookup::Mined(receipt) => mined_view(&receipt, None, contracts),
        Lookup::Reverted(receipt, revert) => mined_view(&receipt, Some(&revert), contracts),
    }
}

fn mined_view(receipt: &Receipt<()>, revert: Option<&Revert>, contracts: &Contracts) -> TxView {
    let contract = if receipt.to == Some(contracts.solo) {
        Contract::Solo
    } else {
        Contract::Pvp
    };
    let mut view = TxView::waiting(if revert.is_none() { "confirmed" } else { "reverted" });
    view.block = receipt.block_number;
    view.gas_used = Some(receipt.gas_used);
    view.fee_wei = Some(receipt.cost());
    view.from = Some(receipt.from);
    if revert.is_some_and(|r| !r.is_known()) {
        view.reason = Some(Words::new("tictactoe.receipt.unknownRevert"));
        view.error_name = Some("Unknown".into());
        return view;
    }
    if let Some(revert) = revert {
        let refusal = refusal(contract, revert.data());
        view.reason = Some(refusal.words);
        view.error_name = Some(refusal.name);
        return view;
    }
    // Only a transaction to one of the games is told: another contract could emit look-alike events.
    if receipt.to != Some(contracts.solo) && receipt.to != Some(contracts.pvp) {
        return view;
    }
    for event in &receipt.events {
        match event {
            GameEvent::Solo(event) => solo_event(event, &mut view),
            GameEvent::Pvp(event) => pvp_event(event, &mut view),
        }
    }
    // The time bank's event is declared by the PvP contract's second interface, which the chain's decoded events
    // do not cover: it is read from the logs, from that contract only.
    for log in receipt.logs.iter().filter(|log| log.address == contracts.pvp) {
        if let Ok(chosen) = ITicTacToeTimeBank::TimeBankChosen::decode_log_data(&log.data) {
            view.events.push(
                Words::new("tictactoe.receipt.timeBankChosen")
                    .arg("game", chosen.gameId)
                    .with("bank", duration(chosen.timeBank.into())),
            );
        }
    }
    view
}

fn game_id(id: U256) -> Option<u64> {
    u64::try_from(id).ok()
}

fn solo_event(event: &ISoloTicTacToeEvents, view: &mut TxView) {
    if let ISoloTicTacToeEvents::GameStarted(e) = event {
        view.game = game_id(e.gameId);
        let opening = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = opening;
        view.events.push(match opening {
            Some(cell) => Words::new("tictactoe.receipt.soloStartedCpu")
                .arg("game", e.gameId)
                .with("cpu", at(cell)),
            None => Words::new("tictactoe.receipt.soloStarted").arg("game", e.gameId),
        });
    } else if let ISoloTicTacToeEvents::Moved(e) = event {
        view.game = game_id(e.gameId);
        let reply = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = reply;
        let you = at(e.playerCell);
        view.events.push(match reply {
            Some(cell) => Words::new("tictactoe.receipt.soloMovedCpu")
                .with("you", you)
                .with("cpu", at(cell)),
            None => Words::new("tictactoe.receipt.soloMoved").with("you", you),
        });
    } else if let ISoloTicTacToeEvents::GameEnded(e) = event {
        view.events.push(
            Words::new("tictactoe.receipt.over")
                .arg("game", e.gameId)
                .with("how", solo_result(e.result)),
        );
    }
}

/// A cell as a receipt names it: `row 2, column 3`.
fn at(cell: u8) -> Words {
    Words::new("tictactoe.where")
        .arg("row", cell / 3 + 1)
        .arg("column", cell % 3 + 1)
}

fn pvp_event(event: &ITicTacToeEvents, view: &mut TxView) {
    if let ITicTacToeEvents::GameCreated(e) = event {
        view.game = game_id(e.gameId);
        let opened = if e.opponent == Address::ZERO {
            Words::new("tictactoe.receipt.opened")
        } else {
            Words::new("tictactoe.receipt.openedPrivate").arg("opponent", short(e.opponent))
        };
        view.events.push(
            opened
                .arg("game", e.gameId)
                .arg("stake", ether(e.stake))
                .with("limit", duration(e.moveTimeout.into())),
        );
    } else if let ITicTacToeEvents::GameJoined(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(
            Words::new("tictactoe.receipt.joined")
                .arg("joiner", short(e.joiner))
                .arg("game", e.gameId),
        );
    } else if let ITicTacToeEvents::Moved(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(
            Words::new("tictactoe.receipt.moved")
                .arg("player", short(e.player))
                .arg("row", e.cell / 3 + 1)
                .arg("column", e.cell % 3 + 1),
        );
    } else if let ITicTacToeEvents::GameEnded(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(
            Words::new("tictactoe.receipt.over")
                .arg("game", e.gameId)
                .with("how", ending(e.reason, e.winner)),
        );
    } else if let ITicTacToeEvents::BalanceCredited(e) = event {
        view.events.push(
            Words::new("tictactoe.receipt.credited")
                .arg("amount", ether(e.amount))
                .arg("account", short(e.account)),
        );
    } else if let ITicTacToeEvents::Withdrawn(e) = event {
        view.events.push(
            Words::new("tictactoe.receipt.withdrawn")
                .arg("account", short(e.account))
                .arg("amount", ether(e.amount)),
        );
    }
}

/// How a PvP game ended, in words.
fn ending(reason: ITicTacToe::EndReason, winner: Address) -> Words {
    let key = match reason {
        ITicTacToe::EndReason::Win => "tictactoe.ending.win",
        ITicTacToe::EndReason::Draw => "tictactoe.ending.draw",
        ITicTacToe::EndReason::Timeout => "tictactoe.ending.timeout",
        ITicTacToe::EndReason::Resignation => "tictactoe.ending.resignation",
        ITicTacToe::EndReason::Abort => "tictactoe.ending.abort",
        ITicTacToe::EndReason::Cancellation => "tictactoe.ending.cancellation",
        _ => "tictactoe.ending.unknown",
    };
    Words::new(key).arg("winner", short(winner))
}

#[cfg(test)]
mod tests {
    use alloy_primitives::Log;
    use alloy_sol_types::SolEvent;
    use marubatsu_chain::{bindings::ITicTacToeTimeBank, evm::Lookup};

    use super::*;
    use crate::lang::Lang;

    /// The bank's event is told from the PvP contract's logs, and a look-alike from another contract is not.
    #[test]
    fn a_chosen_bank_is_told_from_the_game_contract_only() {
        let contracts = Contracts {
            chain_id: 31_337,
            solo: Address::repeat_byte(1),
            pvp: Address::repeat_byte(2),
        };
        let chosen = ITicTacToeTimeBank::TimeBankChosen {
            gameId: U256::from(4),
            timeBank: 5_400,
        }
        .encode_log_data();
        let logs = vec![
            Log {
                address: contracts.pvp,
                data: chosen.clone(),
            },
            Log {
                address: Address::repeat_byte(3),
                data: chosen,
            },
        ];
        let receipt = Receipt::new((), Address::repeat_byte(9), Some(contracts.pvp), 50_000, logs);
        let view = describe(Lookup::Mined(Box::new(receipt)), &contracts);
        let said: Vec<String> = view.events.iter().map(|words| words.in_lang(Lang::En)).collect();
        assert_eq!(
            said,
            [
                "Game 4 gives each player a time bank of 1 hour 30 minutes: the first minute of every move is free, the \
              rest is spent from it."
            ]
        );
        assert_eq!(
            view.events[0].in_lang(Lang::Ja),
            "ゲーム 4 の持ち時間は各自1時間30分です。毎手、最初の1分は持ち時間を使わず、それを超えた分が持ち時間から引かれます。"
        );
    }
}
