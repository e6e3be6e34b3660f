//! The relay's server-made sentences — why a start was refused — in English and Japanese, and the name rules'
//! refusals, which werewolf's setup shares.

use marubatsu_engine::names::NameError;
use marubatsu_engine::relay::{
    MAX_OWN_TOPICS, MAX_PLAYERS, MAX_ROUNDS, MAX_TALK_SECONDS, MAX_TOPIC_CHARS, MIN_PLAYERS, MIN_ROUNDS,
    MIN_TALK_SECONDS, OwnTopicsError, RelayEvent, RelayRefusal, RelayState, SetupError,
};

use crate::lang::Lang;
use crate::words::t;

/// Why a name is refused, naming the players by number from 1.
pub(crate) fn name_error(lang: Lang, error: &NameError) -> String {
    match error {
        NameError::Empty { seat } => t(lang, "relay.name.empty", &[("seat", &(seat + 1))]),
        NameError::Invisible { seat } => t(lang, "relay.name.invisible", &[("seat", &(seat + 1))]),
        NameError::TooLong { seat, graphemes, limit } => t(
            lang,
            "relay.name.tooLong",
            &[("seat", &(seat + 1)), ("graphemes", graphemes), ("limit", limit)],
        ),
        NameError::Repeated {
            seat,
            first,
            name,
            other,
        } => t(
            lang,
            "relay.name.repeated",
            &[
                ("seat", &(seat + 1)),
                ("name", name),
                ("first", &(first + 1)),
                ("other", other),
            ],
        ),
    }
}

/// Why a start was refused in setup.
pub(super) fn setup_error(lang: Lang, error: &SetupError) -> String {
    match error {
        SetupError::Name(error) => name_error(lang, error),
        SetupError::TooFewPlayers { found } => t(
            lang,
            "relay.setup.tooFewPlayers",
            &[("found", found), ("min", &MIN_PLAYERS)],
        ),
        SetupError::TooManyPlayers { found } => t(
            lang,
            "relay.setup.tooManyPlayers",
            &[("found", found), ("max", &MAX_PLAYERS)],
        ),
        SetupError::UntrimmedName { seat } => t(lang, "relay.setup.untrimmedName", &[("seat", &(seat + 1))]),
        SetupError::Rounds { found } => t(
            lang,
            "relay.setup.rounds",
            &[("found", found), ("min", &MIN_ROUNDS), ("max", &MAX_ROUNDS)],
        ),
        SetupError::TalkSeconds { found } => t(
            lang,
            "relay.setup.talkSeconds",
            &[("found", found), ("min", &MIN_TALK_SECONDS), ("max", &MAX_TALK_SECONDS)],
        ),
    }
}

/// Why the table's own topics are refused.
pub(super) fn own_topics_error(lang: Lang, error: &OwnTopicsError) -> String {
    match error {
        OwnTopicsError::TooMany { found } => t(
            lang,
            "relay.ownTopics.tooMany",
            &[("found", found), ("max", &MAX_OWN_TOPICS)],
        ),
        OwnTopicsError::TooLong { number, chars } => t(
            lang,
            "relay.ownTopics.tooLong",
            &[("number", number), ("chars", chars), ("max", &MAX_TOPIC_CHARS)],
        ),
    }
}

/// Why a start during a game is refused: the game under way, by its phase.
pub(super) fn game_under_way(lang: Lang, state: &RelayState) -> String {
    let phase = match state {
        RelayState::Setup => t(lang, "relay.phase.setup", &[]),
        RelayState::TopicReveal(_) => t(lang, "relay.phase.topic", &[]),
        RelayState::Talk(_) => t(lang, "relay.phase.talk", &[]),
        RelayState::Handover(_) | RelayState::Vote(_) => t(lang, "relay.phase.vote", &[]),
        RelayState::RoundResult(_) => t(lang, "relay.phase.roundResult", &[]),
        RelayState::FinalResult(_) => t(lang, "relay.phase.finalResult", &[]),
    };
    t(lang, "relay.refusal.underWay", &[("phase", &phase)])
}

/// Why the relay refused `event` in `state`, in the player's words.
pub(super) fn refusal(lang: Lang, refusal: &RelayRefusal, state: &RelayState, event: &RelayEvent) -> String {
    let key = match refusal {
        RelayRefusal::Setup(error) => return setup_error(lang, error),
        RelayRefusal::NotNow if matches!(event, RelayEvent::Start { .. }) && *state != RelayState::Setup => {
            return game_under_way(lang, state);
        }
        RelayRefusal::NotNow => "relay.refusal.notNow",
        RelayRefusal::EmptyTopic => "relay.refusal.emptyTopic",
        RelayRefusal::TimeOutOfRange => "relay.refusal.timeOutOfRange",
        RelayRefusal::StaleTurn => "relay.refusal.staleTurn",
        RelayRefusal::TooSoon => "relay.refusal.tooSoon",
        RelayRefusal::NotOnBallot => "relay.refusal.notOnBallot",
        RelayRefusal::NoPick => "relay.refusal.noPick",
        RelayRefusal::RepeatedTopic => "relay.refusal.repeatedTopic",
        RelayRefusal::AlreadyRedrawn => "relay.refusal.alreadyRedrawn",
        RelayRefusal::Paused => "relay.refusal.paused",
        RelayRefusal::NotPaused => "relay.refusal.notPaused",
        RelayRefusal::TimeUp => "relay.refusal.timeUp",
        RelayRefusal::RepeatedCloser => "relay.refusal.repeatedCloser",
    };
    t(lang, key, &[])
}
