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
use super::words::{Contract, cell_words, duration, ether, refusal, short, solo_result};
use crate::chain::Contracts;
use crate::lang::Lang;

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
        view.reason = Some(
            lang.pick(
                "The node could not say why: it cannot replay the transaction where it ran.",
                "ノードは理由を答えられませんでした（トランザクションを実行された位置で再実行できません）。",
            )
            .into(),
        );
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
    let at = |cell: u8| lang.pick(cell_words(cell, lang).to_lowercase(), cell_words(cell, lang));
    if let ISoloTicTacToeEvents::GameStarted(e) = event {
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
    } else if let ISoloTicTacToeEvents::Moved(e) = event {
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
    } else if let ISoloTicTacToeEvents::GameEnded(e) = event {
        view.events.push(lang.pick(
            format!("Game {} is over: {}.", e.gameId, solo_result(e.result, lang)),
            format!("ゲーム {} は終わりました：{}。", e.gameId, solo_result(e.result, lang)),
        ));
    }
}

fn pvp_event(event: &ITicTacToeEvents, view: &mut TxView, lang: Lang) {
    if let ITicTacToeEvents::GameCreated(e) = event {
        view.game = game_id(e.gameId);
        let (stake, limit) = (ether(e.stake), duration(e.moveTimeout.into(), lang));
        view.events.push(if e.opponent == Address::ZERO {
            lang.pick(
                format!(
                    "Game {} opened: stake {stake}, {limit} per move; anyone may join.",
                    e.gameId
                ),
                format!(
                    "ゲーム {} を作りました：掛け金 {stake}、1手 {limit}。誰でも参加できます。",
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
                    "ゲーム {} を作りました：掛け金 {stake}、1手 {limit}。参加できるのは {} だけです。",
                    e.gameId,
                    short(e.opponent)
                ),
            )
        });
    } else if let ITicTacToeEvents::GameJoined(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(lang.pick(
            format!("{} joined game {} as O; X moves first.", short(e.joiner), e.gameId),
            format!(
                "{} がゲーム {} に○として参加しました。×が先手です。",
                short(e.joiner),
                e.gameId
            ),
        ));
    } else if let ITicTacToeEvents::Moved(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(lang.pick(
            format!("{} took {}.", short(e.player), cell_words(e.cell, lang).to_lowercase()),
            format!("{} が{}に打ちました。", short(e.player), cell_words(e.cell, lang)),
        ));
    } else if let ITicTacToeEvents::GameEnded(e) = event {
        view.game = game_id(e.gameId);
        view.events.push(lang.pick(
            format!("Game {} is over: {}.", e.gameId, ending(e.reason, e.winner, lang)),
            format!(
                "ゲーム {} は終わりました：{}。",
                e.gameId,
                ending(e.reason, e.winner, lang)
            ),
        ));
    } else if let ITicTacToeEvents::BalanceCredited(e) = event {
        view.events.push(lang.pick(
            format!("{} credited to {}.", ether(e.amount), short(e.account)),
            format!("{} が {} に入りました。", ether(e.amount), short(e.account)),
        ));
    } else if let ITicTacToeEvents::Withdrawn(e) = event {
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
            .pick(
                "a draw; each stake is credited back",
                "引き分け。掛け金はそれぞれの残高に戻りました",
            )
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
                "aborted, as a first move ran out of time; each stake is credited back",
                "最初の手が時間切れのため中止。掛け金はそれぞれの残高に戻りました",
            )
            .into(),
        ITicTacToe::EndReason::Cancellation => lang
            .pick(
                "cancelled before anyone joined; the stake is credited back",
                "参加者が来る前に取り消し。掛け金は残高に戻りました",
            )
            .into(),
        _ => lang
            .pick("ended in a way this page does not know", "このページの知らない終わり方")
            .into(),
    }
}
