//! The contracts' custom errors and states in plain words, as a player reads them on the page: never a Rust
//! debug string, never a hex blob.

use std::fmt::Display;

use alloy_primitives::Address;
use alloy_sol_types::{ContractError, SolInterface};
pub(super) use marubatsu_chain::amounts::ether;
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, ISoloTicTacToeErrors as SoloError},
    ITicTacToe::{self, ITicTacToeErrors as PvpError},
};

use crate::lang::Lang;
use crate::words::{Words, t};

/// A revert explained: the custom error's name (for scripts and tests) and a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) name: String,
    pub(crate) words: String,
}

/// Which contract refused, so that the selectors both interfaces share decode against the right one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contract {
    Solo,
    Pvp,
}

/// Explains revert data from `contract` in `lang`; unknown data still gets a sentence, never the bytes alone.
/// alloy's [`ContractError`] decodes it (Solidity's `Error(string)` and `Panic(uint256)` too); this only words it,
/// each custom error by the key `tictactoe.refusal.<its name>` of the game's catalog.
pub(crate) fn refusal(contract: Contract, data: &[u8], lang: Lang) -> Refusal {
    let decoded = match contract {
        Contract::Solo => ContractError::<SoloError>::abi_decode(data).map(|e| worded(e, |e| solo(e, lang), lang)),
        Contract::Pvp => ContractError::<PvpError>::abi_decode(data).map(|e| worded(e, |e| pvp(e, lang), lang)),
    };
    if let Ok((name, words)) = decoded {
        return Refusal {
            name: name.to_owned(),
            words,
        };
    }
    let key = if data.is_empty() {
        "tictactoe.refusal.noReason"
    } else {
        "tictactoe.refusal.unknownError"
    };
    Refusal {
        name: "Unknown".into(),
        words: t(lang, key, &[]),
    }
}

/// A decoded revert's name and sentence: the contract's own errors by `custom`, Solidity's built-in ones here.
fn worded<E>(
    error: ContractError<E>,
    custom: impl FnOnce(E) -> (&'static str, String),
    lang: Lang,
) -> (&'static str, String) {
    match error {
        ContractError::CustomError(error) => custom(error),
        ContractError::Revert(revert) => (
            "Error",
            t(lang, "tictactoe.refusal.Error", &[("reason", &revert.reason)]),
        ),
        ContractError::Panic(panic) => ("Panic", t(lang, "tictactoe.refusal.Panic", &[("code", &panic.code)])),
    }
}

/// The sentence `key` names in `lang` with `args`, beside the error's name: the key's last word, since each of
/// the contract's errors is worded by `tictactoe.refusal.<its name>`.
fn said(lang: Lang, key: &'static str, args: &[(&str, &dyn Display)]) -> (&'static str, String) {
    (key.rsplit('.').next().unwrap_or(key), t(lang, key, args))
}

fn solo(error: SoloError, lang: Lang) -> (&'static str, String) {
    match error {
        SoloError::UnknownGame(e) => said(lang, "tictactoe.refusal.UnknownGame", &[("game", &e.gameId)]),
        SoloError::NotYourGame(e) => said(
            lang,
            "tictactoe.refusal.NotYourGame",
            &[("game", &e.gameId), ("player", &e.player)],
        ),
        SoloError::GameOver(e) => said(
            lang,
            "tictactoe.refusal.GameOver",
            &[("game", &e.gameId), ("result", &solo_result(e.result).in_lang(lang))],
        ),
        SoloError::CellOutOfRange(e) => said(lang, "tictactoe.refusal.CellOutOfRange", &[("cell", &e.cell)]),
        SoloError::CellTaken(e) => said(
            lang,
            "tictactoe.refusal.CellTaken",
            &[("where", &cell_words(e.cell, lang))],
        ),
        SoloError::InvalidDifficulty(e) => {
            said(lang, "tictactoe.refusal.InvalidDifficulty", &[("level", &e.difficulty)])
        }
        SoloError::BoardOutOfRange(_) => said(lang, "tictactoe.refusal.BoardOutOfRange", &[]),
        SoloError::BoardsOverlap(_) => said(lang, "tictactoe.refusal.BoardsOverlap", &[]),
        SoloError::BoardFull(_) => said(lang, "tictactoe.refusal.BoardFull", &[]),
        SoloError::UnknownFunction(e) => unknown_function(e.selector.into(), lang),
        SoloError::EtherNotAccepted(e) => said(
            lang,
            "tictactoe.refusal.solo.EtherNotAccepted",
            &[("value", &ether(e.value))],
        ),
    }
}

/// A call to a function the contract does not have: the page or the wallet asked for something else.
fn unknown_function(selector: [u8; 4], lang: Lang) -> (&'static str, String) {
    let selector = alloy_primitives::hex::encode_prefixed(selector);
    said(lang, "tictactoe.refusal.UnknownFunction", &[("selector", &selector)])
}

fn pvp(error: PvpError, lang: Lang) -> (&'static str, String) {
    match error {
        PvpError::UnknownGame(e) => said(lang, "tictactoe.refusal.UnknownGame", &[("game", &e.gameId)]),
        PvpError::TimeoutTooShort(e) => said(
            lang,
            "tictactoe.refusal.TimeoutTooShort",
            &[("minimum", &duration(u64::from(e.minimum)).in_lang(lang))],
        ),
        PvpError::TimeoutTooLong(e) => said(
            lang,
            "tictactoe.refusal.TimeoutTooLong",
            &[("maximum", &duration(u64::from(e.maximum)).in_lang(lang))],
        ),
        PvpError::StakeTooLarge(e) => said(lang, "tictactoe.refusal.StakeTooLarge", &[("stake", &ether(e.stake))]),
        PvpError::CannotInviteSelf(_) => said(lang, "tictactoe.refusal.CannotInviteSelf", &[]),
        PvpError::GameNotOpen(e) => said(
            lang,
            "tictactoe.refusal.GameNotOpen",
            &[("game", &e.gameId), ("status", &status_words(e.status).in_lang(lang))],
        ),
        PvpError::AlreadyJoined(e) => said(
            lang,
            "tictactoe.refusal.AlreadyJoined",
            &[("game", &e.gameId), ("joiner", &e.joiner)],
        ),
        PvpError::CreatorCannotJoin(e) => said(lang, "tictactoe.refusal.CreatorCannotJoin", &[("game", &e.gameId)]),
        PvpError::NotInvited(e) => said(
            lang,
            "tictactoe.refusal.NotInvited",
            &[("game", &e.gameId), ("opponent", &e.opponent), ("caller", &e.caller)],
        ),
        PvpError::WrongStake(e) => said(
            lang,
            "tictactoe.refusal.WrongStake",
            &[
                ("game", &e.gameId),
                ("expected", &ether(e.expected)),
                ("sent", &ether(e.sent)),
            ],
        ),
        PvpError::TermsChanged(e) => said(
            lang,
            "tictactoe.refusal.TermsChanged",
            &[
                ("game", &e.gameId),
                ("creator", &e.creator),
                ("limit", &duration(u64::from(e.moveTimeout)).in_lang(lang)),
            ],
        ),
        PvpError::NotCreator(e) => said(lang, "tictactoe.refusal.NotCreator", &[("game", &e.gameId)]),
        PvpError::GameNotActive(e) => said(
            lang,
            "tictactoe.refusal.GameNotActive",
            &[("game", &e.gameId), ("status", &status_words(e.status).in_lang(lang))],
        ),
        PvpError::NotAPlayer(e) => said(lang, "tictactoe.refusal.NotAPlayer", &[("game", &e.gameId)]),
        PvpError::NotYourTurn(_) => said(lang, "tictactoe.refusal.NotYourTurn", &[]),
        PvpError::MoveTooLate(e) => said(lang, "tictactoe.refusal.MoveTooLate", &[("game", &e.gameId)]),
        PvpError::CellOutOfRange(e) => said(lang, "tictactoe.refusal.CellOutOfRange", &[("cell", &e.cell)]),
        PvpError::CellTaken(e) => said(
            lang,
            "tictactoe.refusal.CellTaken",
            &[("where", &cell_words(e.cell, lang))],
        ),
        PvpError::DeadlineNotPassed(e) => said(lang, "tictactoe.refusal.DeadlineNotPassed", &[("game", &e.gameId)]),
        PvpError::TooFewBlocks(e) => {
            let more = e.blocksNeeded.saturating_sub(e.blocksPassed);
            said(
                lang,
                "tictactoe.refusal.TooFewBlocks",
                &[
                    ("game", &e.gameId),
                    ("needed", &e.blocksNeeded),
                    ("passed", &e.blocksPassed),
                    ("more", &more),
                ],
            )
        }
        PvpError::CannotClaimOwnTimeout(e) => {
            said(lang, "tictactoe.refusal.CannotClaimOwnTimeout", &[("game", &e.gameId)])
        }
        PvpError::DeadlineOutOfRange(_) => said(lang, "tictactoe.refusal.DeadlineOutOfRange", &[]),
        PvpError::ClaimBlocksTooLarge(e) => said(
            lang,
            "tictactoe.refusal.ClaimBlocksTooLarge",
            &[("blocks", &e.claimBlocks), ("maximum", &e.maximum)],
        ),
        PvpError::NothingToWithdraw(_) => said(lang, "tictactoe.refusal.NothingToWithdraw", &[]),
        PvpError::ZeroRecipient(_) => said(lang, "tictactoe.refusal.ZeroRecipient", &[]),
        PvpError::UnknownFunction(e) => unknown_function(e.selector.into(), lang),
        PvpError::EtherNotAccepted(e) => said(
            lang,
            "tictactoe.refusal.EtherNotAccepted",
            &[("value", &ether(e.value))],
        ),
        PvpError::TransferFailed(e) => said(
            lang,
            "tictactoe.refusal.TransferFailed",
            &[("amount", &ether(e.amount)), ("recipient", &e.recipient)],
        ),
    }
}

/// A cell as the page's labels name it: row and column from 1.
pub(super) fn cell_words(cell: u8, lang: Lang) -> String {
    let (row, column) = (cell / 3 + 1, cell % 3 + 1);
    t(lang, "tictactoe.cellWords", &[("row", &row), ("column", &column)])
}

/// Seconds as the largest units that say them exactly: `1 minute`, `1 hour 30 minutes`, `7 days` (`1時間30分`).
/// Several units are a chain of `tictactoe.duration.then`, which joins two with the language's space or none.
pub(super) fn duration(seconds: u64) -> Words {
    const UNITS: [(u64, &str, &str); 4] = [
        (86_400, "tictactoe.duration.day", "tictactoe.duration.days"),
        (3_600, "tictactoe.duration.hour", "tictactoe.duration.hours"),
        (60, "tictactoe.duration.minute", "tictactoe.duration.minutes"),
        (1, "tictactoe.duration.second", "tictactoe.duration.seconds"),
    ];
    let mut rest = seconds;
    let mut parts = Vec::new();
    for (size, one, many) in UNITS {
        let count = rest / size;
        if count > 0 {
            parts.push(Words::new(if count == 1 { one } else { many }).arg("n", count));
            rest %= size;
        }
    }
    let Some(last) = parts.pop() else {
        return Words::new("tictactoe.duration.seconds").arg("n", 0);
    };
    parts.into_iter().rev().fold(last, |rest, first| {
        Words::new("tictactoe.duration.then")
            .with("first", first)
            .with("rest", rest)
    })
}

/// How a solo game stands, as a receipt or a refusal says it (`the CPU won`).
pub(super) fn solo_result(result: ISoloTicTacToe::Result) -> Words {
    let key = match result {
        ISoloTicTacToe::Result::InProgress => "tictactoe.result.inProgress",
        ISoloTicTacToe::Result::PlayerWon => "tictactoe.result.playerWon",
        ISoloTicTacToe::Result::CpuWon => "tictactoe.result.cpuWon",
        ISoloTicTacToe::Result::Draw => "tictactoe.result.draw",
        _ => "tictactoe.result.unknown",
    };
    Words::new(key)
}

/// A PvP game's status as a refusal or the oracle says it (`open`, `won by X`).
pub(super) fn status_words(status: ITicTacToe::Status) -> Words {
    let key = match status {
        ITicTacToe::Status::Open => "tictactoe.gameStatus.open",
        ITicTacToe::Status::Active => "tictactoe.gameStatus.active",
        ITicTacToe::Status::XWon => "tictactoe.gameStatus.xWon",
        ITicTacToe::Status::OWon => "tictactoe.gameStatus.oWon",
        ITicTacToe::Status::Draw => "tictactoe.gameStatus.draw",
        ITicTacToe::Status::Cancelled => "tictactoe.gameStatus.cancelled",
        ITicTacToe::Status::Aborted => "tictactoe.gameStatus.aborted",
        _ => "tictactoe.gameStatus.unknown",
    };
    Words::new(key)
}

/// An address shortened for a sentence: `0x70997970…79C8`.
pub(super) fn short(address: Address) -> String {
    let full = address.to_checksum(None);
    format!("{}…{}", &full[..10], &full[full.len() - 4..])
}

#[cfg(test)]
mod tests {
    use alloy_primitives::U256;
    use alloy_sol_types::{Panic, SolError};

    use super::*;

    #[test]
    fn errors_read_as_sentences_with_their_numbers() {
        let data = ITicTacToe::WrongStake {
            gameId: U256::from(3),
            expected: U256::from(10u64.pow(16)),
            sent: U256::ZERO,
        }
        .abi_encode();
        let stake = refusal(Contract::Pvp, &data, Lang::En);
        assert_eq!(stake.name, "WrongStake");
        assert_eq!(stake.words, "Joining game 3 needs exactly 0.01 ETH; 0 ETH was sent.");
        let taken = ISoloTicTacToe::CellTaken {
            gameId: U256::from(1),
            cell: 4,
        }
        .abi_encode();
        assert_eq!(
            refusal(Contract::Solo, &taken, Lang::En).words,
            "Row 2, column 2 is already taken."
        );
        assert_eq!(
            refusal(Contract::Solo, &taken, Lang::Ja).words,
            "2行2列はもう埋まっています。"
        );
        assert_eq!(refusal(Contract::Solo, &[1, 2, 3], Lang::En).name, "Unknown");
    }

    /// What a stale tab meets when it moves in a game another tab finished: a sentence, never the error's fields.
    #[test]
    fn a_finished_game_is_said_in_words_in_both_languages() {
        let over = ISoloTicTacToe::GameOver {
            gameId: U256::from(868),
            result: ISoloTicTacToe::Result::CpuWon,
        }
        .abi_encode();
        let en = refusal(Contract::Solo, &over, Lang::En);
        assert_eq!(en.words, "Game 868 is already over (the CPU won).");
        let ja = refusal(Contract::Solo, &over, Lang::Ja);
        assert_eq!(ja.words, "ゲーム 868 はもう終わっています（CPUの勝ち）。");
        let panic = Panic::from(0x11).abi_encode();
        assert!(
            refusal(Contract::Solo, &panic, Lang::Ja)
                .words
                .contains("パニックコード 17")
        );
    }

    #[test]
    fn durations_use_the_largest_exact_units() {
        assert_eq!(duration(60).in_lang(Lang::En), "1 minute");
        assert_eq!(duration(5_400).in_lang(Lang::En), "1 hour 30 minutes");
        assert_eq!(duration(5_400).in_lang(Lang::Ja), "1時間30分");
        assert_eq!(duration(604_800).in_lang(Lang::En), "7 days");
        assert_eq!(duration(90_061).in_lang(Lang::En), "1 day 1 hour 1 minute 1 second");
        assert_eq!(duration(90_061).in_lang(Lang::Ja), "1日1時間1分1秒");
        assert_eq!(duration(0).in_lang(Lang::En), "0 seconds");
        assert_eq!(ether(U256::from(2) * U256::from(10u64.pow(18))), "2 ETH");
    }
}
