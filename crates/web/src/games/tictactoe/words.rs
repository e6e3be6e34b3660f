//! The contracts' custom errors and states in plain words, as a player reads them on the page: never a Rust
//! debug string, never a hex blob.

use alloy_primitives::Address;
use alloy_sol_types::{ContractError, SolInterface};
pub(super) use marubatsu_chain::amounts::ether;
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, ISoloTicTacToeErrors as SoloError},
    ITicTacToe::{self, ITicTacToeErrors as PvpError},
};

use crate::lang::Lang;

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
/// alloy's [`ContractError`] decodes it (Solidity's `Error(string)` and `Panic(uint256)` too); this only words it.
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
    Refusal {
        name: "Unknown".into(),
        words: if data.is_empty() {
            lang.pick(
                "The transaction was reverted without a reason (out of gas, or not a call the contract knows).",
                "トランザクションは理由なしで取り消されました（ガス不足か、コントラクトの知らない呼び出し）。",
            )
            .into()
        } else {
            lang.pick(
                "The transaction was reverted with an error this page does not know.",
                "トランザクションはこのページの知らないエラーで取り消されました。",
            )
            .into()
        },
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
            lang.pick(
                format!("The contract refused: {}.", revert.reason),
                format!("コントラクトが拒否しました：{}。", revert.reason),
            ),
        ),
        ContractError::Panic(panic) => (
            "Panic",
            lang.pick(
                format!(
                    "The contract stopped with an internal error (panic code {}).",
                    panic.code
                ),
                format!(
                    "コントラクトが内部エラーで止まりました（パニックコード {}）。",
                    panic.code
                ),
            ),
        ),
    }
}

fn solo(error: SoloError, lang: Lang) -> (&'static str, String) {
    let l = |en: String, ja: String| lang.pick(en, ja);
    match error {
        SoloError::UnknownGame(e) => (
            "UnknownGame",
            l(
                format!("There is no game {} on this chain.", e.gameId),
                format!("このチェーンにゲーム {} はありません。", e.gameId),
            ),
        ),
        SoloError::NotYourGame(e) => (
            "NotYourGame",
            l(
                format!(
                    "Game {} belongs to {}; only that account may move in it.",
                    e.gameId, e.player
                ),
                format!(
                    "ゲーム {} は {} のものです。そのアカウントしか打てません。",
                    e.gameId, e.player
                ),
            ),
        ),
        SoloError::GameOver(e) => (
            "GameOver",
            l(
                format!(
                    "Game {} is already over ({}).",
                    e.gameId,
                    solo_result(e.result, Lang::En)
                ),
                format!(
                    "ゲーム {} はもう終わっています（{}）。",
                    e.gameId,
                    solo_result(e.result, Lang::Ja)
                ),
            ),
        ),
        SoloError::CellOutOfRange(e) => (
            "CellOutOfRange",
            l(
                format!("{} is not a cell of the board.", e.cell),
                format!("{} は盤面のマスではありません。", e.cell),
            ),
        ),
        SoloError::CellTaken(e) => (
            "CellTaken",
            l(
                format!("{} is already taken.", cell_words(e.cell, Lang::En)),
                format!("{}はもう埋まっています。", cell_words(e.cell, Lang::Ja)),
            ),
        ),
        SoloError::InvalidDifficulty(e) => (
            "InvalidDifficulty",
            l(
                format!("{} is not a CPU level (easy, normal or hard).", e.difficulty),
                format!(
                    "{} はCPUの強さではありません（かんたん・ふつう・むずかしい）。",
                    e.difficulty
                ),
            ),
        ),
        SoloError::BoardOutOfRange(_) => (
            "BoardOutOfRange",
            l(
                "That board has cells outside the nine.".into(),
                "その盤面には9マスの外のマスがあります。".into(),
            ),
        ),
        SoloError::BoardsOverlap(_) => (
            "BoardsOverlap",
            l(
                "Both sides hold the same cell on that board.".into(),
                "その盤面では両者が同じマスを持っています。".into(),
            ),
        ),
        SoloError::BoardFull(_) => (
            "BoardFull",
            l(
                "That board has no empty cell.".into(),
                "その盤面に空きマスがありません。".into(),
            ),
        ),
        SoloError::UnknownFunction(e) => ("UnknownFunction", unknown_function(e.selector.into(), lang)),
        SoloError::EtherNotAccepted(e) => (
            "EtherNotAccepted",
            l(
                format!(
                    "The solo contract takes no ether; the {} sent was refused.",
                    ether(e.value)
                ),
                format!(
                    "一人用のコントラクトはETHを受け取りません。送られた {} は拒否されました。",
                    ether(e.value)
                ),
            ),
        ),
    }
}

/// A call to a function the contract does not have: the page or the wallet asked for something else.
fn unknown_function(selector: [u8; 4], lang: Lang) -> String {
    let selector = alloy_primitives::hex::encode_prefixed(selector);
    lang.pick(
        format!("The contract has no function with selector {selector}: is this the right contract and version?"),
        format!("コントラクトにはセレクタ {selector} の関数がありません。コントラクトとそのバージョンは正しいですか？"),
    )
}

fn pvp(error: PvpError, lang: Lang) -> (&'static str, String) {
    let l = |en: String, ja: String| lang.pick(en, ja);
    match error {
        PvpError::UnknownGame(e) => (
            "UnknownGame",
            l(
                format!("There is no game {} on this chain.", e.gameId),
                format!("このチェーンにゲーム {} はありません。", e.gameId),
            ),
        ),
        PvpError::TimeoutTooShort(e) => (
            "TimeoutTooShort",
            l(
                format!(
                    "The time limit must be at least {}.",
                    duration(u64::from(e.minimum), Lang::En)
                ),
                format!(
                    "持ち時間は{}以上にしてください。",
                    duration(u64::from(e.minimum), Lang::Ja)
                ),
            ),
        ),
        PvpError::TimeoutTooLong(e) => (
            "TimeoutTooLong",
            l(
                format!(
                    "The time limit may be at most {}.",
                    duration(u64::from(e.maximum), Lang::En)
                ),
                format!("持ち時間は{}までです。", duration(u64::from(e.maximum), Lang::Ja)),
            ),
        ),
        PvpError::StakeTooLarge(e) => (
            "StakeTooLarge",
            l(
                format!("A stake of {} is more than a game can hold.", ether(e.stake)),
                format!("{} の掛け金は1ゲームで扱える額を超えています。", ether(e.stake)),
            ),
        ),
        PvpError::CannotInviteSelf(_) => (
            "CannotInviteSelf",
            l(
                "You cannot invite yourself.".into(),
                "自分自身は招待できません。".into(),
            ),
        ),
        PvpError::GameNotOpen(e) => (
            "GameNotOpen",
            l(
                format!(
                    "Game {} is not waiting for a player: it is {}.",
                    e.gameId,
                    status_words(e.status, Lang::En)
                ),
                format!(
                    "ゲーム {} は参加者を待っていません（状態：{}）。",
                    e.gameId,
                    status_words(e.status, Lang::Ja)
                ),
            ),
        ),
        PvpError::AlreadyJoined(e) => (
            "AlreadyJoined",
            l(
                format!("Game {} already has its second player, {}.", e.gameId, e.joiner),
                format!("ゲーム {} にはもう2人目のプレイヤー {} がいます。", e.gameId, e.joiner),
            ),
        ),
        PvpError::CreatorCannotJoin(e) => (
            "CreatorCannotJoin",
            l(
                format!("You created game {}; you cannot join it too.", e.gameId),
                format!("ゲーム {} はあなたが作ったゲームなので、参加はできません。", e.gameId),
            ),
        ),
        PvpError::NotInvited(e) => (
            "NotInvited",
            l(
                format!(
                    "Game {} is private: only {} may join it, and you are {}.",
                    e.gameId, e.opponent, e.caller
                ),
                format!(
                    "ゲーム {} は非公開です。参加できるのは {} だけで、あなたは {} です。",
                    e.gameId, e.opponent, e.caller
                ),
            ),
        ),
        PvpError::WrongStake(e) => (
            "WrongStake",
            l(
                format!(
                    "Joining game {} needs exactly {}; {} was sent.",
                    e.gameId,
                    ether(e.expected),
                    ether(e.sent)
                ),
                format!(
                    "ゲーム {} への参加にはちょうど {} が必要です。送られたのは {} です。",
                    e.gameId,
                    ether(e.expected),
                    ether(e.sent)
                ),
            ),
        ),
        PvpError::TermsChanged(e) => (
            "TermsChanged",
            l(
                format!(
                    "Game {} is not the game you read: it was opened by {} with {} per move. No ether moved; read it again before you join.",
                    e.gameId,
                    e.creator,
                    duration(u64::from(e.moveTimeout), Lang::En)
                ),
                format!(
                    "ゲーム {} は読み込んだゲームと違います。作成者は {}、1手 {} のゲームです。ETHは動いていません。もう一度読み込んでから参加してください。",
                    e.gameId,
                    e.creator,
                    duration(u64::from(e.moveTimeout), Lang::Ja)
                ),
            ),
        ),
        PvpError::NotCreator(e) => (
            "NotCreator",
            l(
                format!("Only the creator may cancel game {}.", e.gameId),
                format!("ゲーム {} を取り消せるのは作成者だけです。", e.gameId),
            ),
        ),
        PvpError::GameNotActive(e) => (
            "GameNotActive",
            l(
                format!(
                    "Game {} is not being played: it is {}.",
                    e.gameId,
                    status_words(e.status, Lang::En)
                ),
                format!(
                    "ゲーム {} は対局中ではありません（状態：{}）。",
                    e.gameId,
                    status_words(e.status, Lang::Ja)
                ),
            ),
        ),
        PvpError::NotAPlayer(e) => (
            "NotAPlayer",
            l(
                format!("You are not a player of game {}.", e.gameId),
                format!("あなたはゲーム {} のプレイヤーではありません。", e.gameId),
            ),
        ),
        PvpError::NotYourTurn(_) => (
            "NotYourTurn",
            l(
                "It is your opponent's turn; wait for their move.".into(),
                "相手の番です。相手の手を待ってください。".into(),
            ),
        ),
        PvpError::MoveTooLate(e) => (
            "MoveTooLate",
            l(
                format!(
                    "The time for this move in game {} ran out; the game can only end by a timeout claim now.",
                    e.gameId
                ),
                format!(
                    "ゲーム {} のこの手の持ち時間は切れました。あとは時間切れの申し立てで終わるだけです。",
                    e.gameId
                ),
            ),
        ),
        PvpError::CellOutOfRange(e) => (
            "CellOutOfRange",
            l(
                format!("{} is not a cell of the board.", e.cell),
                format!("{} は盤面のマスではありません。", e.cell),
            ),
        ),
        PvpError::CellTaken(e) => (
            "CellTaken",
            l(
                format!("{} is already taken.", cell_words(e.cell, Lang::En)),
                format!("{}はもう埋まっています。", cell_words(e.cell, Lang::Ja)),
            ),
        ),
        PvpError::DeadlineNotPassed(e) => (
            "DeadlineNotPassed",
            l(
                format!("The time limit of game {} has not run out yet.", e.gameId),
                format!("ゲーム {} の持ち時間はまだ切れていません。", e.gameId),
            ),
        ),
        PvpError::TooFewBlocks(e) => {
            let more = e.blocksNeeded.saturating_sub(e.blocksPassed);
            (
                "TooFewBlocks",
                l(
                    format!(
                        "The time limit of game {} has run out, but a claim also needs {} blocks after the last \
                         move and only {} have passed: {more} more to go. Until then your opponent may still move.",
                        e.gameId, e.blocksNeeded, e.blocksPassed
                    ),
                    format!(
                        "ゲーム {} の持ち時間は切れましたが、申し立てには最後の手から {} ブロックが必要で、まだ {} \
                         ブロックしか進んでいません。あと {more} ブロックです。それまでは相手もまだ指せます。",
                        e.gameId, e.blocksNeeded, e.blocksPassed
                    ),
                ),
            )
        }
        PvpError::CannotClaimOwnTimeout(e) => (
            "CannotClaimOwnTimeout",
            l(
                format!(
                    "It is your move in game {}: only your opponent can claim this timeout.",
                    e.gameId
                ),
                format!(
                    "ゲーム {} はあなたの番です。この時間切れを申し立てられるのは相手だけです。",
                    e.gameId
                ),
            ),
        ),
        PvpError::DeadlineOutOfRange(_) => (
            "DeadlineOutOfRange",
            l(
                "This chain's clock is past any time a game can be recorded with; nothing was changed.".into(),
                "このチェーンの時計はゲームに記録できる時刻を過ぎています。何も変わっていません。".into(),
            ),
        ),
        PvpError::ClaimBlocksTooLarge(e) => (
            "ClaimBlocksTooLarge",
            l(
                format!(
                    "A deployment cannot ask for {} blocks per claim: at most {} can ever be counted.",
                    e.claimBlocks, e.maximum
                ),
                format!(
                    "1回の申し立てに {} ブロックを求めるデプロイはできません。数えられるのは最大 {} ブロックです。",
                    e.claimBlocks, e.maximum
                ),
            ),
        ),
        PvpError::NothingToWithdraw(_) => (
            "NothingToWithdraw",
            l(
                "You have nothing to withdraw.".into(),
                "引き出せるものはありません。".into(),
            ),
        ),
        PvpError::ZeroRecipient(_) => (
            "ZeroRecipient",
            l(
                "Ether sent to the zero address would be lost.".into(),
                "ゼロアドレスに送ったETHは失われます。".into(),
            ),
        ),
        PvpError::UnknownFunction(e) => ("UnknownFunction", unknown_function(e.selector.into(), lang)),
        PvpError::EtherNotAccepted(e) => (
            "EtherNotAccepted",
            l(
                format!(
                    "The game contract takes ether only as a stake (creating or joining a game); the {} sent with \
                     no call was refused.",
                    ether(e.value)
                ),
                format!(
                    "ゲームのコントラクトは掛け金（ゲームの作成と参加）としてしかETHを受け取りません。呼び出しなしで送られた {} は拒否されました。",
                    ether(e.value)
                ),
            ),
        ),
        PvpError::TransferFailed(e) => (
            "TransferFailed",
            l(
                format!(
                    "Sending {} to {} failed; your balance is unchanged.",
                    ether(e.amount),
                    e.recipient
                ),
                format!(
                    "{} を {} に送れませんでした。残高は変わっていません。",
                    ether(e.amount),
                    e.recipient
                ),
            ),
        ),
    }
}

/// A cell as the page's labels name it: row and column from 1.
pub(super) fn cell_words(cell: u8, lang: Lang) -> String {
    let (row, column) = (cell / 3 + 1, cell % 3 + 1);
    lang.pick(format!("Row {row}, column {column}"), format!("{row}行{column}列"))
}

/// Seconds as the largest units that say them exactly: `1 minute`, `1 hour 30 minutes`, `7 days` (`1時間30分`).
pub(super) fn duration(seconds: u64, lang: Lang) -> String {
    const UNITS: [(u64, &str, &str); 4] = [
        (86_400, "day", "日"),
        (3_600, "hour", "時間"),
        (60, "minute", "分"),
        (1, "second", "秒"),
    ];
    if seconds == 0 {
        return lang.pick("0 seconds", "0秒").into();
    }
    let mut rest = seconds;
    let mut parts = Vec::new();
    for (size, en, ja) in UNITS {
        let count = rest / size;
        if count > 0 {
            parts.push(lang.pick(
                format!("{count} {en}{}", if count == 1 { "" } else { "s" }),
                format!("{count}{ja}"),
            ));
            rest %= size;
        }
    }
    parts.join(lang.pick(" ", ""))
}

pub(super) fn solo_result(result: ISoloTicTacToe::Result, lang: Lang) -> &'static str {
    match result {
        ISoloTicTacToe::Result::InProgress => lang.pick("in progress", "対局中"),
        ISoloTicTacToe::Result::PlayerWon => lang.pick("the player won", "プレイヤーの勝ち"),
        ISoloTicTacToe::Result::CpuWon => lang.pick("the CPU won", "CPUの勝ち"),
        ISoloTicTacToe::Result::Draw => lang.pick("a draw", "引き分け"),
        _ => lang.pick("in a state this page does not know", "このページの知らない状態"),
    }
}

pub(super) fn status_words(status: ITicTacToe::Status, lang: Lang) -> &'static str {
    match status {
        ITicTacToe::Status::Open => lang.pick("waiting for a player", "参加者待ち"),
        ITicTacToe::Status::Active => lang.pick("being played", "対局中"),
        ITicTacToe::Status::XWon => lang.pick("over: X won", "終了：×の勝ち"),
        ITicTacToe::Status::OWon => lang.pick("over: O won", "終了：○の勝ち"),
        ITicTacToe::Status::Draw => lang.pick("over: a draw", "終了：引き分け"),
        ITicTacToe::Status::Cancelled => lang.pick("cancelled", "取り消し"),
        ITicTacToe::Status::Aborted => lang.pick(
            "aborted (a first move ran out of time; both stakes are credited back)",
            "中止（最初の手が時間切れ、掛け金はそれぞれの残高に返却）",
        ),
        _ => lang.pick("in a state this page does not know", "このページの知らない状態"),
    }
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
        assert_eq!(duration(60, Lang::En), "1 minute");
        assert_eq!(duration(5_400, Lang::En), "1 hour 30 minutes");
        assert_eq!(duration(5_400, Lang::Ja), "1時間30分");
        assert_eq!(duration(604_800, Lang::En), "7 days");
        assert_eq!(ether(U256::from(2) * U256::from(10u64.pow(18))), "2 ETH");
    }
}
