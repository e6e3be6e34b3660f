//! The contracts' custom errors and states in plain words, as a player reads them on the page: never a Rust
//! debug string, never a hex blob.

use alloy_primitives::{Address, U256, utils::format_ether};
use alloy_sol_types::{Panic, Revert as RevertString, SolError, SolInterface};
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, ISoloTicTacToeErrors as SoloError},
    ITicTacToe::{self, ITicTacToeErrors as PvpError},
};

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

/// Explains revert data from `contract`; unknown data still gets a sentence, never the bytes alone.
pub(crate) fn refusal(contract: Contract, data: &[u8]) -> Refusal {
    let decoded = match contract {
        Contract::Solo => SoloError::abi_decode(data).ok().map(solo),
        Contract::Pvp => PvpError::abi_decode(data).ok().map(pvp),
    };
    if let Some((name, words)) = decoded {
        return Refusal {
            name: name.to_owned(),
            words,
        };
    }
    if let Ok(RevertString { reason }) = RevertString::abi_decode(data) {
        return Refusal {
            name: "Error".into(),
            words: format!("The contract refused: {reason}."),
        };
    }
    if let Ok(panic) = Panic::abi_decode(data) {
        return Refusal {
            name: "Panic".into(),
            words: format!(
                "The contract stopped with an internal error (panic code {}).",
                panic.code
            ),
        };
    }
    Refusal {
        name: "Unknown".into(),
        words: if data.is_empty() {
            "The transaction was reverted without a reason (out of gas, or not a call the contract knows).".into()
        } else {
            "The transaction was reverted with an error this page does not know.".into()
        },
    }
}

fn solo(error: SoloError) -> (&'static str, String) {
    match error {
        SoloError::UnknownGame(e) => ("UnknownGame", format!("There is no game {} on this chain.", e.gameId)),
        SoloError::NotYourGame(e) => (
            "NotYourGame",
            format!(
                "Game {} belongs to {}; only that account may move in it.",
                e.gameId, e.player
            ),
        ),
        SoloError::GameOver(e) => (
            "GameOver",
            format!("Game {} is already over ({}).", e.gameId, solo_result(e.result)),
        ),
        SoloError::CellOutOfRange(e) => ("CellOutOfRange", format!("{} is not a cell of the board.", e.cell)),
        SoloError::CellTaken(e) => ("CellTaken", format!("{} is already taken.", cell_words(e.cell))),
        SoloError::InvalidDifficulty(e) => (
            "InvalidDifficulty",
            format!("{} is not a CPU level (easy, normal or hard).", e.difficulty),
        ),
        SoloError::BoardOutOfRange(_) => ("BoardOutOfRange", "That board has cells outside the nine.".into()),
        SoloError::BoardsOverlap(_) => ("BoardsOverlap", "Both sides hold the same cell on that board.".into()),
        SoloError::BoardFull(_) => ("BoardFull", "That board has no empty cell.".into()),
    }
}

fn pvp(error: PvpError) -> (&'static str, String) {
    match error {
        PvpError::UnknownGame(e) => ("UnknownGame", format!("There is no game {} on this chain.", e.gameId)),
        PvpError::TimeoutTooShort(e) => (
            "TimeoutTooShort",
            format!("The time limit must be at least {}.", duration(u64::from(e.minimum))),
        ),
        PvpError::TimeoutTooLong(e) => (
            "TimeoutTooLong",
            format!("The time limit may be at most {}.", duration(u64::from(e.maximum))),
        ),
        PvpError::StakeTooLarge(e) => (
            "StakeTooLarge",
            format!("A stake of {} is more than a game can hold.", ether(e.stake)),
        ),
        PvpError::CannotInviteSelf(_) => ("CannotInviteSelf", "You cannot invite yourself.".into()),
        PvpError::GameNotOpen(e) => (
            "GameNotOpen",
            format!(
                "Game {} is not waiting for a player: it is {}.",
                e.gameId,
                status_words(e.status)
            ),
        ),
        PvpError::AlreadyJoined(e) => (
            "AlreadyJoined",
            format!("Game {} already has its second player, {}.", e.gameId, e.joiner),
        ),
        PvpError::CreatorCannotJoin(e) => (
            "CreatorCannotJoin",
            format!("You created game {}; you cannot join it too.", e.gameId),
        ),
        PvpError::NotInvited(e) => (
            "NotInvited",
            format!(
                "Game {} is private: only {} may join it, and you are {}.",
                e.gameId, e.opponent, e.caller
            ),
        ),
        PvpError::WrongStake(e) => (
            "WrongStake",
            format!(
                "Joining game {} needs exactly {}; {} was sent.",
                e.gameId,
                ether(e.expected),
                ether(e.sent)
            ),
        ),
        PvpError::NotCreator(e) => ("NotCreator", format!("Only the creator may cancel game {}.", e.gameId)),
        PvpError::GameNotActive(e) => (
            "GameNotActive",
            format!(
                "Game {} is not being played: it is {}.",
                e.gameId,
                status_words(e.status)
            ),
        ),
        PvpError::NotAPlayer(e) => ("NotAPlayer", format!("You are not a player of game {}.", e.gameId)),
        PvpError::NotYourTurn(_) => ("NotYourTurn", "It is your opponent's turn; wait for their move.".into()),
        PvpError::MoveTooLate(e) => (
            "MoveTooLate",
            format!(
                "The time for this move in game {} ran out; the game can only end by a timeout claim now.",
                e.gameId
            ),
        ),
        PvpError::CellOutOfRange(e) => ("CellOutOfRange", format!("{} is not a cell of the board.", e.cell)),
        PvpError::CellTaken(e) => ("CellTaken", format!("{} is already taken.", cell_words(e.cell))),
        PvpError::DeadlineNotPassed(e) => (
            "DeadlineNotPassed",
            format!("The time limit of game {} has not run out yet.", e.gameId),
        ),
        PvpError::CannotClaimOwnTimeout(e) => (
            "CannotClaimOwnTimeout",
            format!(
                "It is your move in game {}: only your opponent can claim this timeout.",
                e.gameId
            ),
        ),
        PvpError::NothingToWithdraw(_) => ("NothingToWithdraw", "You have nothing to withdraw.".into()),
        PvpError::ZeroRecipient(_) => ("ZeroRecipient", "Ether sent to the zero address would be lost.".into()),
        PvpError::TransferFailed(e) => (
            "TransferFailed",
            format!(
                "Sending {} to {} failed; your balance is unchanged.",
                ether(e.amount),
                e.recipient
            ),
        ),
    }
}

/// A cell as the page's labels name it: row and column from 1.
pub(super) fn cell_words(cell: u8) -> String {
    format!("Row {}, column {}", cell / 3 + 1, cell % 3 + 1)
}

/// Wei as ether with its unit, without trailing zeros: `0.01 ETH`, `2 ETH`, `0 ETH`.
pub(super) fn ether(wei: U256) -> String {
    let text = format_ether(wei);
    let text = match text.split_once('.') {
        Some((whole, fraction)) => {
            let fraction = fraction.trim_end_matches('0');
            if fraction.is_empty() {
                whole.to_owned()
            } else {
                format!("{whole}.{fraction}")
            }
        }
        None => text,
    };
    format!("{text} ETH")
}

/// Seconds as the largest units that say them exactly: `1 minute`, `1 hour 30 minutes`, `7 days`.
pub(super) fn duration(seconds: u64) -> String {
    const UNITS: [(u64, &str); 4] = [(86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")];
    if seconds == 0 {
        return "0 seconds".into();
    }
    let mut rest = seconds;
    let mut parts = Vec::new();
    for (size, name) in UNITS {
        let count = rest / size;
        if count > 0 {
            parts.push(format!("{count} {name}{}", if count == 1 { "" } else { "s" }));
            rest %= size;
        }
    }
    parts.join(" ")
}

pub(super) fn solo_result(result: ISoloTicTacToe::Result) -> &'static str {
    match result {
        ISoloTicTacToe::Result::InProgress => "in progress",
        ISoloTicTacToe::Result::PlayerWon => "the player won",
        ISoloTicTacToe::Result::CpuWon => "the CPU won",
        ISoloTicTacToe::Result::Draw => "a draw",
        _ => "in a state this page does not know",
    }
}

pub(super) fn status_words(status: ITicTacToe::Status) -> &'static str {
    match status {
        ITicTacToe::Status::Open => "waiting for a player",
        ITicTacToe::Status::Active => "being played",
        ITicTacToe::Status::XWon => "over: X won",
        ITicTacToe::Status::OWon => "over: O won",
        ITicTacToe::Status::Draw => "over: a draw",
        ITicTacToe::Status::Cancelled => "cancelled",
        ITicTacToe::Status::Aborted => "aborted (a first move ran out of time; both stakes went back)",
        _ => "in a state this page does not know",
    }
}

/// An address shortened for a sentence: `0x70997970…79C8`.
pub(super) fn short(address: Address) -> String {
    let full = address.to_checksum(None);
    format!("{}…{}", &full[..10], &full[full.len() - 4..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_as_sentences_with_their_numbers() {
        let data = ITicTacToe::WrongStake {
            gameId: U256::from(3),
            expected: U256::from(10u64.pow(16)),
            sent: U256::ZERO,
        }
        .abi_encode();
        let refusal = refusal(Contract::Pvp, &data);
        assert_eq!(refusal.name, "WrongStake");
        assert_eq!(refusal.words, "Joining game 3 needs exactly 0.01 ETH; 0 ETH was sent.");
        let taken = ISoloTicTacToe::CellTaken {
            gameId: U256::from(1),
            cell: 4,
        }
        .abi_encode();
        assert_eq!(
            refusal(Contract::Solo, &taken).words,
            "Row 2, column 2 is already taken."
        );
        assert_eq!(refusal(Contract::Solo, &[1, 2, 3]).name, "Unknown");
    }

    #[test]
    fn durations_use_the_largest_exact_units() {
        assert_eq!(duration(60), "1 minute");
        assert_eq!(duration(5_400), "1 hour 30 minutes");
        assert_eq!(duration(604_800), "7 days");
        assert_eq!(ether(U256::from(2) * U256::from(10u64.pow(18))), "2 ETH");
    }
}
