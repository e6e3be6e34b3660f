//! The relay's server-made sentences — why a start was refused — in English and Japanese, and the name rules'
//! refusals, which werewolf's setup shares.

use marubatsu_engine::names::NameError;
use marubatsu_engine::relay::{
    MAX_OWN_TOPICS, MAX_PLAYERS, MAX_ROUNDS, MAX_TALK_SECONDS, MAX_TOPIC_CHARS, MIN_PLAYERS, MIN_ROUNDS,
    MIN_TALK_SECONDS, OwnTopicsError, RelayEvent, RelayRefusal, RelayState, SetupError,
};

use crate::lang::Lang;

/// Why a name is refused, naming the players by number from 1.
pub(crate) fn name_error(lang: Lang, error: &NameError) -> String {
    match (error, lang) {
        (NameError::Empty { seat }, Lang::En) => format!("Player {} has no name yet.", seat + 1),
        (NameError::Empty { seat }, Lang::Ja) => format!("{}人目の名前が空です。", seat + 1),
        (NameError::Invisible { seat }, Lang::En) => format!(
            "Player {}'s name has nothing visible in it (only spaces or invisible marks): type a name.",
            seat + 1
        ),
        (NameError::Invisible { seat }, Lang::Ja) => format!(
            "{}人目の名前には見える文字がありません（空白や見えない記号だけです）。名前を入力してください。",
            seat + 1
        ),
        (NameError::TooLong { seat, graphemes, limit }, Lang::En) => format!(
            "Player {}'s name is {graphemes} characters long; at most {limit} fit.",
            seat + 1
        ),
        (NameError::TooLong { seat, graphemes, limit }, Lang::Ja) => format!(
            "{}人目の名前は{graphemes}文字あります。{limit}文字までにしてください。",
            seat + 1
        ),
        (
            NameError::Repeated {
                seat,
                first,
                name,
                other,
            },
            Lang::En,
        ) => format!(
            "Player {} (\"{name}\") reads the same as player {} (\"{other}\"): give them different names.",
            seat + 1,
            first + 1
        ),
        (
            NameError::Repeated {
                seat,
                first,
                name,
                other,
            },
            Lang::Ja,
        ) => format!(
            "{}人目の「{name}」は{}人目の「{other}」と同じ名前に見えます。別の名前にしてください。",
            seat + 1,
            first + 1
        ),
    }
}

/// Why a start was refused in setup.
pub(super) fn setup_error(lang: Lang, error: &SetupError) -> String {
    match (error, lang) {
        (SetupError::Name(error), _) => name_error(lang, error),
        (SetupError::TooFewPlayers { found }, Lang::En) => {
            format!("{found} players is too few: at least {MIN_PLAYERS} are needed.")
        }
        (SetupError::TooFewPlayers { found }, Lang::Ja) => {
            format!("{found}人では遊べません。{MIN_PLAYERS}人以上必要です。")
        }
        (SetupError::TooManyPlayers { found }, Lang::En) => {
            format!("{found} players is too many: at most {MAX_PLAYERS} can play.")
        }
        (SetupError::TooManyPlayers { found }, Lang::Ja) => {
            format!("{found}人は多すぎます。{MAX_PLAYERS}人までです。")
        }
        (SetupError::UntrimmedName { seat }, Lang::En) => {
            format!("Player {}'s name has spaces around it.", seat + 1)
        }
        (SetupError::UntrimmedName { seat }, Lang::Ja) => format!("{}人目の名前の前後に空白があります。", seat + 1),
        (SetupError::Rounds { found }, Lang::En) => {
            format!("{found} rounds: choose between {MIN_ROUNDS} and {MAX_ROUNDS}.")
        }
        (SetupError::Rounds { found }, Lang::Ja) => {
            format!("ラウンド数{found}は選べません。{MIN_ROUNDS}〜{MAX_ROUNDS}にしてください。")
        }
        (SetupError::TalkSeconds { found }, Lang::En) => {
            format!("{found} seconds to talk: choose between {MIN_TALK_SECONDS} and {MAX_TALK_SECONDS}.")
        }
        (SetupError::TalkSeconds { found }, Lang::Ja) => {
            format!("持ち時間{found}秒は選べません。{MIN_TALK_SECONDS}〜{MAX_TALK_SECONDS}秒にしてください。")
        }
    }
}

/// Why the table's own topics are refused.
pub(super) fn own_topics_error(lang: Lang, error: &OwnTopicsError) -> String {
    match (error, lang) {
        (OwnTopicsError::TooMany { found }, Lang::En) => {
            format!("{found} topics of your own is too many: keep at most {MAX_OWN_TOPICS}.")
        }
        (OwnTopicsError::TooMany { found }, Lang::Ja) => {
            format!("自分たちのお題が{found}個あります。{MAX_OWN_TOPICS}個までにしてください。")
        }
        (OwnTopicsError::TooLong { number, chars }, Lang::En) => {
            format!("Your topic {number} is {chars} characters long: shorten it to {MAX_TOPIC_CHARS} at most.")
        }
        (OwnTopicsError::TooLong { number, chars }, Lang::Ja) => {
            format!("自分たちのお題の{number}つ目は{chars}文字あります。{MAX_TOPIC_CHARS}文字までにしてください。")
        }
    }
}

/// Why a start during a game is refused: the game under way, by its phase.
pub(super) fn game_under_way(lang: Lang, state: &RelayState) -> String {
    let phase = match state {
        RelayState::Setup => lang.pick("setup", "準備"),
        RelayState::TopicReveal(_) => lang.pick("topic", "お題発表"),
        RelayState::Talk(_) => lang.pick("talk", "解説"),
        RelayState::Handover(_) | RelayState::Vote(_) => lang.pick("vote", "投票"),
        RelayState::RoundResult(_) => lang.pick("round result", "ラウンド結果"),
        RelayState::FinalResult(_) => lang.pick("final result", "最終結果"),
    };
    match lang {
        Lang::En => format!(
            "A game is already being played (its {phase} phase): finish it, or abandon it, before starting another."
        ),
        Lang::Ja => format!("ゲームの途中です（{phase}中）。終わらせるか中断してから、新しいゲームを始めてください。"),
    }
}

/// Why the relay refused `event` in `state`, in the player's words.
pub(super) fn refusal(lang: Lang, refusal: &RelayRefusal, state: &RelayState, event: &RelayEvent) -> String {
    let words = match refusal {
        RelayRefusal::Setup(error) => return setup_error(lang, error),
        RelayRefusal::NotNow if matches!(event, RelayEvent::Start { .. }) && *state != RelayState::Setup => {
            return game_under_way(lang, state);
        }
        RelayRefusal::NotNow => lang.pick(
            "That means nothing at this point of the game.",
            "いまはそれはできません。",
        ),
        RelayRefusal::EmptyTopic => lang.pick("The topic is empty.", "お題が空です。"),
        RelayRefusal::TimeOutOfRange => lang.pick("The clock sent is out of range.", "送られた時刻が範囲外です。"),
        RelayRefusal::StaleTurn => lang.pick("That turn is already over.", "その番はもう終わっています。"),
        RelayRefusal::TooSoon => lang.pick(
            "That turn has only just begun: a tap this soon is taken for a double tap.",
            "この番は始まったばかりです。こんなにすぐのタップは二度押しとみなします。",
        ),
        RelayRefusal::NotOnBallot => lang.pick(
            "That player cannot be picked: nobody, yourself, or your pick already.",
            "その人は選べません（自分自身か、もう選んでいる人です）。",
        ),
        RelayRefusal::NoPick => lang.pick("Pick someone before confirming.", "決定する前に誰かを選んでください。"),
        RelayRefusal::RepeatedTopic => lang.pick("That topic was already played.", "そのお題はもう出ました。"),
        RelayRefusal::AlreadyRedrawn => lang.pick(
            "This round already had its other topic: one redraw a round.",
            "このラウンドはもうお題を引き直しました。引き直しは1ラウンドに1回です。",
        ),
        RelayRefusal::Paused => lang.pick(
            "The talk is paused: resume it first.",
            "一時停止中です。先に再開してください。",
        ),
        RelayRefusal::NotPaused => lang.pick("The talk is not paused.", "一時停止していません。"),
        RelayRefusal::TimeUp => lang.pick(
            "The speaker's time is already up: there is nothing left to pause.",
            "持ち時間はもう終わっています。一時停止はできません。",
        ),
        RelayRefusal::RepeatedCloser => lang.pick(
            "The last speaker of the previous talk would close again.",
            "前回の最後の話し手がまた最後になります。",
        ),
    };
    words.to_owned()
}
