//! The contracts' custom errors and states as the catalog's sentences, as a player reads them on the page: never a
//! Rust debug string, never a hex blob. A refusal travels as its key and arguments ([`Words`]), a cell, a duration
//! or a status it names as a sentence of its own.

use alloy_primitives::Address;
use alloy_sol_types::{ContractError, SolInterface};
pub(super) use marubatsu_chain::amounts::ether;
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, ISoloTicTacToeErrors as SoloError},
    ITicTacToe::{self, ITicTacToeErrors as PvpError},
    ITicTacToeTimeBank::ITicTacToeTimeBankErrors as TimeBankError,
};

use crate::words::Words;

/// A revert explained: the custom error's name (for scripts and tests) and the catalog's sentence for the player,
/// sent as its key and arguments for the page to word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) name: String,
    pub(crate) words: Words,
}

/// Which contract refused, so that the selectors both interfaces share decode against the right one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contract {
    Solo,
    Pvp,
}

/// Explains revert data from `contract`; unknown data still gets a sentence, never the bytes alone. alloy's
/// [`ContractError`] decodes it (Solidity's `Error(string)` and `Panic(uint256)` too); this only words it, each
/// custom error by the key `tictactoe.refusal.<its name>` of the game's catalog, so its name is the key's last word.
pub(crate) fn refusal(contract: Contract, data: &[u8]) -> Refusal {
    let decoded = match contract {
        Contract::Solo => ContractError::<SoloError>::abi_decode(data).map(|e| worded(e, solo)),
        // The time bank's two errors are the PvP contract's too, declared by its second interface.
        Contract::Pvp => ContractError::<PvpError>::abi_decode(data)
            .map(|e| worded(e, pvp))
            .or_else(|_| TimeBankError::abi_decode(data).map(time_bank)),
    };
    if let Ok(words) = decoded {
        return Refusal {
            name: words.key.rsplit('.').next().unwrap_or(words.key).to_owned(),
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
        words: Words::new(key),
    }
}

/// A decoded revert's sentence: the contract's own errors by `custom`, Solidity's built-in ones here.
fn worded<E>(error: ContractError<E>, custom: impl FnOnce(E) -> Words) -> Words {
    match error {
        ContractError::CustomError(error) => custom(error),
        ContractError::Revert(revert) => Words::new("tictactoe.refusal.Error").arg("reason", revert.reason),
        ContractError::Panic(panic) => Words::new("tictactoe.refusal.Panic").arg("code", panic.code),
    }
}

fn solo(error: SoloError) -> Words {
    match error {
        SoloError::UnknownGame(e) => Words::new("tictactoe.refusal.UnknownGame").arg("game", e.gameId),
        SoloError::NotYourGame(e) => Words::new("tictactoe.refusal.NotYourGame")
            .arg("game", e.gameId)
            .arg("player", e.player),
        SoloError::GameOver(e) => Words::new("tictactoe.refusal.GameOver")
            .arg("game", e.gameId)
            .with("result", solo_result(e.result)),
        SoloError::CellOutOfRange(e) => Words::new("tictactoe.refusal.CellOutOfRange").arg("cell", e.cell),
        SoloError::CellTaken(e) => Words::new("tictactoe.refusal.CellTaken").with("where", cell_words(e.cell)),
        SoloError::InvalidDifficulty(e) => Words::new("tictactoe.refusal.InvalidDifficulty").arg("level", e.difficulty),
        SoloError::BoardOutOfRange(_) => Words::new("tictactoe.refusal.BoardOutOfRange"),
        SoloError::BoardsOverlap(_) => Words::new("tictactoe.refusal.BoardsOverlap"),
        SoloError::BoardFull(_) => Words::new("tictactoe.refusal.BoardFull"),
        SoloError::UnknownFunction(e) => unknown_function(e.selector.into()),
        SoloError::EtherNotAccepted(e) => {
            Words::new("tictactoe.refusal.solo.EtherNotAccepted").arg("value", ether(e.value))
        }
    }
}

/// A call to a function the contract does not have: the page or the wallet asked for something else.
fn unknown_function(selector: [u8; 4]) -> Words {
    Words::new("tictactoe.refusal.UnknownFunction").arg("selector", alloy_primitives::hex::encode_prefixed(selector))
}

fn pvp(error: PvpError) -> Words {
    match error {
        PvpError::UnknownGame(e) => Words::new("tictactoe.refusal.UnknownGame").arg("game", e.gameId),
        PvpError::TimeoutTooShort(e) => {
            Words::new("tictactoe.refusal.TimeoutTooShort").with("minimum", duration(u64::from(e.minimum)))
        }
        PvpError::TimeoutTooLong(e) => {
            Words::new("tictactoe.refusal.TimeoutTooLong").with("maximum", duration(u64::from(e.maximum)))
        }
        PvpError::StakeTooLarge(e) => Words::new("tictactoe.refusal.StakeTooLarge").arg("stake", ether(e.stake)),
        PvpError::CannotInviteSelf(_) => Words::new("tictactoe.refusal.CannotInviteSelf"),
        PvpError::GameNotOpen(e) => Words::new("tictactoe.refusal.GameNotOpen")
            .arg("game", e.gameId)
            .with("status", status_words(e.status)),
        PvpError::AlreadyJoined(e) => Words::new("tictactoe.refusal.AlreadyJoined")
            .arg("game", e.gameId)
            .arg("joiner", e.joiner),
        PvpError::CreatorCannotJoin(e) => Words::new("tictactoe.refusal.CreatorCannotJoin").arg("game", e.gameId),
        PvpError::NotInvited(e) => Words::new("tictactoe.refusal.NotInvited")
            .arg("game", e.gameId)
            .arg("opponent", e.opponent)
            .arg("caller", e.caller),
        PvpError::WrongStake(e) => Words::new("tictactoe.refusal.WrongStake")
            .arg("game", e.gameId)
            .arg("expected", ether(e.expected))
            .arg("sent", ether(e.sent)),
        PvpError::TermsChanged(e) => Words::new("tictactoe.refusal.TermsChanged")
            .arg("game", e.gameId)
            .arg("creator", e.creator)
            .with("limit", duration(u64::from(e.moveTimeout))),
        PvpError::NotCreator(e) => Words::new("tictactoe.refusal.NotCreator").arg("game", e.gameId),
        PvpError::GameNotActive(e) => Words::new("tictactoe.refusal.GameNotActive")
            .arg("game", e.gameId)
            .with("status", status_words(e.status)),
        PvpError::NotAPlayer(e) => Words::new("tictactoe.refusal.NotAPlayer").arg("game", e.gameId),
        PvpError::NotYourTurn(_) => Words::new("tictactoe.refusal.NotYourTurn"),
        PvpError::MoveTooLate(e) => Words::new("tictactoe.refusal.MoveTooLate").arg("game", e.gameId),
        PvpError::CellOutOfRange(e) => Words::new("tictactoe.refusal.CellOutOfRange").arg("cell", e.cell),
        PvpError::CellTaken(e) => Words::new("tictactoe.refusal.CellTaken").with("where", cell_words(e.cell)),
        PvpError::DeadlineNotPassed(e) => Words::new("tictactoe.refusal.DeadlineNotPassed").arg("game", e.gameId),
        PvpError::TooFewBlocks(e) => Words::new("tictactoe.refusal.TooFewBlocks")
            .arg("game", e.gameId)
            .arg("needed", e.blocksNeeded)
            .arg("passed", e.blocksPassed)
            .arg("more", e.blocksNeeded.saturating_sub(e.blocksPassed)),
        PvpError::CannotClaimOwnTimeout(e) => {
            Words::new("tictactoe.refusal.CannotClaimOwnTimeout").arg("game", e.gameId)
        }
        PvpError::DeadlineOutOfRange(_) => Words::new("tictactoe.refusal.DeadlineOutOfRange"),
        PvpError::ClaimBlocksTooLarge(e) => Words::new("tictactoe.refusal.ClaimBlocksTooLarge")
            .arg("blocks", e.claimBlocks)
            .arg("maximum", e.maximum),
        PvpError::NothingToWithdraw(_) => Words::new("tictactoe.refusal.NothingToWithdraw"),
        PvpError::ZeroRecipient(_) => Words::new("tictactoe.refusal.ZeroRecipient"),
        PvpError::UnknownFunction(e) => unknown_function(e.selector.into()),
        PvpError::EtherNotAccepted(e) => Words::new("tictactoe.refusal.EtherNotAccepted").arg("value", ether(e.value)),
        PvpError::TransferFailed(e) => Words::new("tictactoe.refusal.TransferFailed")
            .arg("amount", ether(e.amount))
            .arg("recipient", e.recipient),
    }
}

fn time_bank(error: TimeBankError) -> Words {
    match error {
        TimeBankError::TimeBankTooLarge(e) => Words::new("tictactoe.refusal.TimeBankTooLarge")
            .with("bank", duration(e.timeBank.saturating_to::<u64>()))
            .with("maximum", duration(u64::from(e.maximum))),
        // The game's own bank, or none (the contract's `NO_TIME_BANK`), so the joiner reads what to expect.
        TimeBankError::TimeBankChanged(e) => Words::new("tictactoe.refusal.TimeBankChanged")
            .arg("game", e.gameId)
            .with("bank", bank_words(e.timeBank)),
    }
}

/// A game's bank as a sentence names it: `a time bank of 1 hour each`, or `no time bank` for the contract's
/// `NO_TIME_BANK`.
pub(super) fn bank_words(bank: u32) -> Words {
    if bank == u32::MAX {
        Words::new("tictactoe.bank.none")
    } else {
        Words::new("tictactoe.bank.each").with("bank", duration(u64::from(bank)))
    }
}

/// A cell as the page's labels name it: row and column from 1.
pub(super) fn cell_words(cell: u8) -> Words {
    Words::new("tictactoe.cellWords")
        .arg("row", cell / 3 + 1)
        .arg("column", cell % 3 + 1)
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
    use crate::lang::Lang;

    #[test]
    fn errors_read_as_sentences_with_their_numbers() {
        let data = ITicTacToe::WrongStake {
            gameId: U256::from(3),
            expected: U256::from(10u64.pow(16)),
            sent: U256::ZERO,
        }
        .abi_encode();
        let stake = refusal(Contract::Pvp, &data);
        assert_eq!(stake.name, "WrongStake");
        assert_eq!(
            stake.words.in_lang(Lang::En),
            "Joining game 3 needs exactly 0.01 ETH; 0 ETH was sent."
        );
        let taken = ISoloTicTacToe::CellTaken {
            gameId: U256::from(1),
            cell: 4,
        }
        .abi_encode();
        assert_eq!(
            refusal(Contract::Solo, &taken).words.in_lang(Lang::En),
            "Row 2, column 2 is already taken."
        );
        assert_eq!(
            refusal(Contract::Solo, &taken).words.in_lang(Lang::Ja),
            "2行2列はもう埋まっています。"
        );
        assert_eq!(refusal(Contract::Solo, &[1, 2, 3]).name, "Unknown");
    }

    /// What a stale tab meets when it moves in a game another tab finished: a sentence, never the error's fields.
    #[test]
    fn a_finished_game_is_said_in_words_in_both_languages() {
        let over = ISoloTicTacToe::GameOver {
            gameId: U256::from(868),
            result: ISoloTicTacToe::Result::CpuWon,
        }
        .abi_encode();
        let over = refusal(Contract::Solo, &over).words;
        assert_eq!(over.in_lang(Lang::En), "Game 868 is already over (the CPU won).");
        assert_eq!(over.in_lang(Lang::Ja), "ゲーム 868 はもう終わっています（CPUの勝ち）。");
        let panic = refusal(Contract::Solo, &Panic::from(0x11).abi_encode());
        assert_eq!(panic.name, "Panic");
        assert!(panic.words.in_lang(Lang::Ja).contains("パニックコード 17"));
    }

    /// A refusal travels as its key and arguments, a cell it names as a sentence of its own, so that the page can
    /// word it in the language it shows.
    #[test]
    fn a_refusal_travels_as_its_key_with_a_cell_nested() {
        let taken = ITicTacToe::CellTaken {
            gameId: U256::from(2),
            cell: 5,
        }
        .abi_encode();
        let refused = refusal(Contract::Pvp, &taken);
        assert_eq!(refused.name, "CellTaken");
        assert_eq!(
            serde_json::to_value(&refused.words).ok(),
            Some(serde_json::json!({
                "key": "tictactoe.refusal.CellTaken",
                "args": {"where": {"key": "tictactoe.cellWords", "args": {"row": "2", "column": "3"}}},
            }))
        );
        assert_eq!(refused.words.in_lang(Lang::En), "Row 2, column 3 is already taken.");
    }

    /// The time bank's two refusals are the PvP contract's, said in both languages with the bank in words.
    #[test]
    fn the_time_banks_refusals_read_as_sentences() {
        use marubatsu_chain::bindings::ITicTacToeTimeBank::{TimeBankChanged, TimeBankTooLarge};
        let large = TimeBankTooLarge {
            timeBank: U256::from(31 * 86_400),
            maximum: 30 * 86_400,
        }
        .abi_encode();
        let large = refusal(Contract::Pvp, &large);
        assert_eq!(large.name, "TimeBankTooLarge");
        assert_eq!(
            large.words.in_lang(Lang::En),
            "A time bank of 31 days is more than the 30 days a game may have."
        );
        assert_eq!(
            large.words.in_lang(Lang::Ja),
            "持ち時間31日は長すぎます。30日までにしてください。"
        );
        let none = TimeBankChanged {
            gameId: U256::from(5),
            timeBank: u32::MAX,
        }
        .abi_encode();
        let none = refusal(Contract::Pvp, &none);
        assert_eq!(none.name, "TimeBankChanged");
        assert_eq!(
            none.words.in_lang(Lang::En),
            "Game 5 has no time bank: the join named another, so it was refused. Read the game again before joining."
        );
        assert_eq!(
            none.words.in_lang(Lang::Ja),
            "ゲーム 5 は持ち時間なしのゲームです。参加で別の持ち時間を指定したため拒否されました。ゲームを読み直してから参加してください。"
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
