//! A transaction's fate in words: pending, or mined with its events (the CPU's reply among them) and gas, or
//! reverted with the contract's custom error explained.

use alloy_primitives::{Address, Log, U256};
use alloy_sol_types::SolEvent;
use marubatsu_chain::bindings::{ISoloTicTacToe, ITicTacToe};

use super::chain_client::{Contracts, Lookup, Mined};
use super::view::TxView;
use super::words::{Contract, cell_words, duration, ether, refusal, short, solo_result};

/// What the page shows for a transaction hash on a chain with `contracts`.
pub(super) fn describe(lookup: Lookup, contracts: &Contracts) -> TxView {
    match lookup {
        Lookup::Unknown => TxView::waiting("unknown"),
        Lookup::Pending => TxView::waiting("pending"),
        Lookup::Mined(mined) => mined_view(&mined, contracts),
    }
}

fn mined_view(mined: &Mined, contracts: &Contracts) -> TxView {
    let contract = if mined.to == Some(contracts.solo) {
        Contract::Solo
    } else {
        Contract::Pvp
    };
    let mut view = TxView::waiting(if mined.success { "confirmed" } else { "reverted" });
    view.block = Some(mined.block);
    view.gas_used = Some(mined.gas_used);
    view.fee_wei = Some(U256::from(mined.gas_used) * U256::from(mined.effective_gas_price));
    view.from = Some(mined.from);
    if !mined.success {
        let refusal = refusal(contract, &mined.revert);
        view.reason = Some(refusal.words);
        view.error_name = Some(refusal.name);
        return view;
    }
    for log in &mined.logs {
        if log.address == contracts.solo {
            solo_event(log, &mut view);
        } else if log.address == contracts.pvp {
            pvp_event(log, &mut view);
        }
    }
    view
}

fn decode<E: SolEvent>(log: &Log) -> Option<E> {
    (log.topics().first() == Some(&E::SIGNATURE_HASH))
        .then(|| E::decode_log_data(&log.data).ok())
        .flatten()
}

fn game_id(id: U256) -> Option<u64> {
    u64::try_from(id).ok()
}

fn solo_event(log: &Log, view: &mut TxView) {
    if let Some(e) = decode::<ISoloTicTacToe::GameStarted>(log) {
        view.game = game_id(e.gameId);
        let opening = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = opening;
        view.events.push(match opening {
            Some(cell) => format!(
                "Game {} started; the CPU opened at {}.",
                e.gameId,
                cell_words(cell).to_lowercase()
            ),
            None => format!("Game {} started; your move.", e.gameId),
        });
    } else if let Some(e) = decode::<ISoloTicTacToe::Moved>(log) {
        view.game = game_id(e.gameId);
        let reply = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = reply;
        view.events.push(match reply {
            Some(cell) => format!(
                "You took {}; the CPU answered at {}.",
                cell_words(e.playerCell).to_lowercase(),
                cell_words(cell).to_lowercase()
            ),
            None => format!("You took {}.", cell_words(e.playerCell).to_lowercase()),
        });
    } else if let Some(e) = decode::<ISoloTicTacToe::GameEnded>(log) {
        view.events
            .push(format!("Game {} is over: {}.", e.gameId, solo_result(e.result)));
    }
}

fn pvp_event(log: &Log, view: &mut TxView) {
    if let Some(e) = decode::<ITicTacToe::GameCreated>(log) {
        view.game = game_id(e.gameId);
        let who = if e.opponent == Address::ZERO {
            "anyone may join".to_owned()
        } else {
            format!("only {} may join", short(e.opponent))
        };
        view.events.push(format!(
            "Game {} opened: stake {}, {} per move; {who}.",
            e.gameId,
            ether(e.stake),
            duration(e.moveTimeout.into())
        ));
    } else if let Some(e) = decode::<ITicTacToe::GameJoined>(log) {
        view.game = game_id(e.gameId);
        view.events.push(format!(
            "{} joined game {} as O; X moves first.",
            short(e.joiner),
            e.gameId
        ));
    } else if let Some(e) = decode::<ITicTacToe::Moved>(log) {
        view.game = game_id(e.gameId);
        view.events.push(format!(
            "{} took {}.",
            short(e.player),
            cell_words(e.cell).to_lowercase()
        ));
    } else if let Some(e) = decode::<ITicTacToe::GameEnded>(log) {
        view.game = game_id(e.gameId);
        view.events
            .push(format!("Game {} is over: {}.", e.gameId, ending(e.reason, e.winner)));
    } else if let Some(e) = decode::<ITicTacToe::BalanceCredited>(log) {
        view.events
            .push(format!("{} credited to {}.", ether(e.amount), short(e.account)));
    } else if let Some(e) = decode::<ITicTacToe::Withdrawn>(log) {
        view.events
            .push(format!("{} withdrew {}.", short(e.account), ether(e.amount)));
    }
}

/// How a PvP game ended, in words.
pub(super) fn ending(reason: ITicTacToe::EndReason, winner: Address) -> String {
    let winner = short(winner);
    match reason {
        ITicTacToe::EndReason::Win => format!("{winner} won with a line"),
        ITicTacToe::EndReason::Draw => "a draw; each stake went back".into(),
        ITicTacToe::EndReason::Timeout => format!("{winner} won on time"),
        ITicTacToe::EndReason::Resignation => format!("{winner} won by resignation"),
        ITicTacToe::EndReason::Abort => "aborted, as a first move ran out of time; each stake went back".into(),
        ITicTacToe::EndReason::Cancellation => "cancelled before anyone joined; the stake went back".into(),
        _ => "ended in a way this page does not know".into(),
    }
}
