//! A transaction's fate in words: pending, or mined with its events (the CPU's reply among them) and gas, or
//! reverted with the contract's custom error explained.

use alloy_primitives::{Address, U256};
use marubatsu_chain::{
    bindings::{
        ISoloTicTacToe::ISoloTicTacToeEvents,
        ITicTacToe::{self, ITicTacToeEvents},
    },
    events::GameEvent,
    evm::{Lookup, Receipt, Revert},
};

use marubatsu_client::rpc::{Replacement, Tracked};

use super::view::{ReplacementView, TxView};
use super::words::{Contract, duration, ether, refusal, short, solo_result};
use crate::chain::Contracts;
use crate::lang::Lang;
use crate::words::t;

/// What the page shows for a transaction followed by hash and nonce (see [`Tracked`]).
pub(super) fn describe_tracked(tracked: Tracked, contracts: &Contracts, lang: Lang) -> TxView {
    match tracked {
        Tracked::Known { lookup, nonce } => {
            let mut view = describe(lookup, contracts, lang);
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
            let mut view = describe(lookup, contracts, lang);
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
pub(super) fn describe(lookup: Lookup, contracts: &Contracts, lang: Lang) -> TxView {
    match lookup {
        Lookup::Unknown => TxView::waiting("unknown"),
        Lookup::Pending => TxView::waiting("pending"),
        Lookup::Mined(receipt) => mined_view(&receipt, None, contracts, lang),
        Lookup::Reverted(receipt, revert) => mined_view(&receipt, Some(&revert), contracts, lang),
    }
}

fn mined_view(receipt: &Receipt<()>, revert: Option<&Revert>, contracts: &Contracts, lang: Lang) -> TxView {
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
        view.reason = Some(t(lang, "tictactoe.receipt.unknownRevert", &[]));
        view.error_name = Some("Unknown".into());
        return view;
    }
    if let Some(revert) = revert {
        let refusal = refusal(contract, revert.data(), lang);
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
            GameEvent::Solo(event) => solo_event(event, &mut view, lang),
            GameEvent::Pvp(event) => pvp_event(event, &mut view, lang),
        }
    }
    view
}

fn game_id(id: U256) -> Option<u64> {
    u64::try_from(id).ok()
}

fn solo_event(event: &ISoloTicTacToeEvents, view: &mut TxView, lang: Lang) {
    let at = |cell: u8| {
        let (row, column) = (cell / 3 + 1, cell % 3 + 1);
        t(lang, "tictactoe.where", &[("row", &row), ("column", &column)])
    };
    if let ISoloTicTacToeEvents::GameStarted(e) = event {
        view.game = game_id(e.gameId);
        let opening = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = opening;
        view.events.push(match opening {
            Some(cell) => t(
                lang,
                "tictactoe.receipt.soloStartedCpu",
                &[("game", &e.gameId), ("cpu", &at(cell))],
            ),
            None => t(lang, "tictactoe.receipt.soloStarted", &[("game", &e.gameId)]),
        });
    } else if let ISoloTicTacToeEvents::Moved(e) = event {
        view.game = game_id(e.gameId);
        let reply = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = reply;
        view.events.push(match reply {
            Some(cell) => t(
                lang,
                "tictactoe.receipt.soloMovedCpu",
                &[("you", &at(e.playerCell)), ("cpu", &at(cell))],
            ),
            None => t(lang, "tictactoe.receipt.soloMoved", &[("you", &at(e.playerCell))]),
        });
    } else if let ISoloTicTacToeEvents::GameEnded(e) = event {
        view.events.push(t(
            lang,
            "tictactoe.receipt.over",
            &[("game", &e.gameId), ("how", &solo_result(e.result, lang))],
        ));
    }
}

fn pvp_event(event: &ITicTacToeEvents, view: &mut TxView, lang: Lang) {
    if let ITicTacToeEvents::GameCreated(e) = event {
        view.game = game_id(e.gameId);
        let (stake, limit) = (ether(e.stake), duration(e.moveTimeout.into(), lang));
        view.events.push(if e.opponent == Address::ZERO {
            t(
                lang,
                "tictactoe.receipt.opened",
                &[("game", &e.gameId), ("stake", &stake), ("limit", &limit)],
            )
        } else {
            t(
                lang,
                "tictactoe.receipt.openedPrivate",
                &[
                    ("game", &e.gameId),
                    ("stake", &stake),
                    ("limit", &limit),
                    ("opponent", &short(e.opponent)),
                ],
            )
        });
    } else if let ITicTacToeEvents::GameJoined(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(t(
            lang,
            "tictactoe.receipt.joined",
            &[("joiner", &short(e.joiner)), ("game", &e.gameId)],
        ));
    } else if let ITicTacToeEvents::Moved(e) = event {
        view.game = game_id(e.gameId);
        let (row, column) = (e.cell / 3 + 1, e.cell % 3 + 1);
        view.events.push(t(
            lang,
            "tictactoe.receipt.moved",
            &[("player", &short(e.player)), ("row", &row), ("column", &column)],
        ));
    } else if let ITicTacToeEvents::GameEnded(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(t(
            lang,
            "tictactoe.receipt.over",
            &[("game", &e.gameId), ("how", &ending(e.reason, e.winner, lang))],
        ));
    } else if let ITicTacToeEvents::BalanceCredited(e) = event {
        view.events.push(t(
            lang,
            "tictactoe.receipt.credited",
            &[("amount", &ether(e.amount)), ("account", &short(e.account))],
        ));
    } else if let ITicTacToeEvents::Withdrawn(e) = event {
        view.events.push(t(
            lang,
            "tictactoe.receipt.withdrawn",
            &[("account", &short(e.account)), ("amount", &ether(e.amount))],
        ));
    }
}

/// How a PvP game ended, in words.
pub(super) fn ending(reason: ITicTacToe::EndReason, winner: Address, lang: Lang) -> String {
    let key = match reason {
        ITicTacToe::EndReason::Win => "tictactoe.ending.win",
        ITicTacToe::EndReason::Draw => "tictactoe.ending.draw",
        ITicTacToe::EndReason::Timeout => "tictactoe.ending.timeout",
        ITicTacToe::EndReason::Resignation => "tictactoe.ending.resignation",
        ITicTacToe::EndReason::Abort => "tictactoe.ending.abort",
        ITicTacToe::EndReason::Cancellation => "tictactoe.ending.cancellation",
        _ => "tictactoe.ending.unknown",
    };
    t(lang, key, &[("winner", &short(winner))])
}
