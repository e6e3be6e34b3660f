//! A transaction's fate in words: pending, or mined with its events (the CPU's reply among them) and gas, or
//! reverted with the contract's custom error explained.

use alloy_primitives::{Address, Log, U256};
use alloy_sol_types::SolEvent;
use marubatsu_chain::bindings::{ISoloTicTacToe, ITicTacToe};

use super::chain_client::{Contracts, Lookup, Mined};
use super::view::TxView;
use super::words::{Contract, cell_words, duration, ether, refusal, short, solo_result};
use crate::lang::Lang;

/// What the page shows for a transaction hash on a chain with `contracts`.
pub(super) fn describe(lookup: Lookup, contracts: &Contracts, lang: Lang) -> TxView {
    match lookup {
        Lookup::Unknown => TxView::waiting("unknown"),
        Lookup::Pending => TxView::waiting("pending"),
        Lookup::Mined(mined) => mined_view(&mined, contracts, lang),
    }
}

fn mined_view(mined: &Mined, contracts: &Contracts, lang: Lang) -> TxView {
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
        let refusal = refusal(contract, &mined.revert, lang);
        view.reason = Some(refusal.words);
        view.error_name = Some(refusal.name);
        return view;
    }
    for log in &mined.logs {
        if log.address == contracts.solo {
            solo_event(log, &mut view, lang);
        } else if log.address == contracts.pvp {
            pvp_event(log, &mut view, lang);
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

fn solo_event(log: &Log, view: &mut TxView, lang: Lang) {
    let at = |cell: u8| lang.pick(cell_words(cell, lang).to_lowercase(), cell_words(cell, lang));
    if let Some(e) = decode::<ISoloTicTacToe::GameStarted>(log) {
        view.game = game_id(e.gameId);
        let opening = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = opening;
        view.events.push(match opening {
            Some(cell) => lang.pick(
                format!("Game {} started; the CPU opened at {}.", e.gameId, at(cell)),
                format!("ゲーム {} が始まりました。CPUは{}に打ちました。", e.gameId, at(cell)),
            ),
            None => lang.pick(
                format!("Game {} started; your move.", e.gameId),
                format!("ゲーム {} が始まりました。あなたの番です。", e.gameId),
            ),
        });
    } else if let Some(e) = decode::<ISoloTicTacToe::Moved>(log) {
        view.game = game_id(e.gameId);
        let reply = (e.cpuCell < 9).then_some(e.cpuCell);
        view.cpu_cell = reply;
        view.events.push(match reply {
            Some(cell) => lang.pick(
                format!("You took {}; the CPU answered at {}.", at(e.playerCell), at(cell)),
                format!("あなたは{}、CPUは{}に打ちました。", at(e.playerCell), at(cell)),
            ),
            None => lang.pick(
                format!("You took {}.", at(e.playerCell)),
                format!("あなたは{}に打ちました。", at(e.playerCell)),
            ),
        });
    } else if let Some(e) = decode::<ISoloTicTacToe::GameEnded>(log) {
        view.events.push(lang.pick(
            format!("Game {} is over: {}.", e.gameId, solo_result(e.result, lang)),
            format!("ゲーム {} は終わりました: {}。", e.gameId, solo_result(e.result, lang)),
        ));
    }
}

fn pvp_event(log: &Log, view: &mut TxView, lang: Lang) {
    if let Some(e) = decode::<ITicTacToe::GameCreated>(log) {
        view.game = game_id(e.gameId);
        let (stake, limit) = (ether(e.stake), duration(e.moveTimeout.into(), lang));
        view.events.push(if e.opponent == Address::ZERO {
            lang.pick(
                format!(
                    "Game {} opened: stake {stake}, {limit} per move; anyone may join.",
                    e.gameId
                ),
                format!(
                    "ゲーム {} を作りました: 掛け金 {stake}、1手 {limit}。誰でも参加できます。",
                    e.gameId
                ),
            )
        } else {
            lang.pick(
                format!(
                    "Game {} opened: stake {stake}, {limit} per move; only {} may join.",
                    e.gameId,
                    short(e.opponent)
                ),
                format!(
                    "ゲーム {} を作りました: 掛け金 {stake}、1手 {limit}。参加できるのは {} だけです。",
                    e.gameId,
                    short(e.opponent)
                ),
            )
        });
    } else if let Some(e) = decode::<ITicTacToe::GameJoined>(log) {
        view.game = game_id(e.gameId);
        view.events.push(lang.pick(
            format!("{} joined game {} as O; X moves first.", short(e.joiner), e.gameId),
            format!(
                "{} がゲーム {} にOとして参加しました。Xが先手です。",
                short(e.joiner),
                e.gameId
            ),
        ));
    } else if let Some(e) = decode::<ITicTacToe::Moved>(log) {
        view.game = game_id(e.gameId);
        view.events.push(lang.pick(
            format!("{} took {}.", short(e.player), cell_words(e.cell, lang).to_lowercase()),
            format!("{} が{}に打ちました。", short(e.player), cell_words(e.cell, lang)),
        ));
    } else if let Some(e) = decode::<ITicTacToe::GameEnded>(log) {
        view.game = game_id(e.gameId);
        view.events.push(lang.pick(
            format!("Game {} is over: {}.", e.gameId, ending(e.reason, e.winner, lang)),
            format!(
                "ゲーム {} は終わりました: {}。",
                e.gameId,
                ending(e.reason, e.winner, lang)
            ),
        ));
    } else if let Some(e) = decode::<ITicTacToe::BalanceCredited>(log) {
        view.events.push(lang.pick(
            format!("{} credited to {}.", ether(e.amount), short(e.account)),
            format!("{} が {} に入りました。", ether(e.amount), short(e.account)),
        ));
    } else if let Some(e) = decode::<ITicTacToe::Withdrawn>(log) {
        view.events.push(lang.pick(
            format!("{} withdrew {}.", short(e.account), ether(e.amount)),
            format!("{} が {} を引き出しました。", short(e.account), ether(e.amount)),
        ));
    }
}

/// How a PvP game ended, in words.
pub(super) fn ending(reason: ITicTacToe::EndReason, winner: Address, lang: Lang) -> String {
    let winner = short(winner);
    match reason {
        ITicTacToe::EndReason::Win => lang.pick(
            format!("{winner} won with a line"),
            format!("{winner} が一列そろえて勝ち"),
        ),
        ITicTacToe::EndReason::Draw => lang
            .pick("a draw; each stake went back", "引き分け。掛け金はそれぞれに戻りました")
            .into(),
        ITicTacToe::EndReason::Timeout => {
            lang.pick(format!("{winner} won on time"), format!("{winner} が時間切れで勝ち"))
        }
        ITicTacToe::EndReason::Resignation => lang.pick(
            format!("{winner} won by resignation"),
            format!("{winner} が相手の投了で勝ち"),
        ),
        ITicTacToe::EndReason::Abort => lang
            .pick(
                "aborted, as a first move ran out of time; each stake went back",
                "最初の手が時間切れのため中止。掛け金はそれぞれに戻りました",
            )
            .into(),
        ITicTacToe::EndReason::Cancellation => lang
            .pick(
                "cancelled before anyone joined; the stake went back",
                "参加者が来る前に取り消し。掛け金は戻りました",
            )
            .into(),
        _ => lang
            .pick("ended in a way this page does not know", "このページの知らない終わり方")
            .into(),
    }
}
