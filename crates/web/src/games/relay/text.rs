//! The relay's server-made sentences — why a start was refused — in English and Japanese, and the name rules'
//! refusals, which werewolf's setup shares.

use marubatsu_engine::names::NameError;
use marubatsu_engine::relay::{
    MAX_OWN_TOPICS, MAX_PLAYERS, MAX_ROUNDS, MAX_TALK_SECONDS, MAX_TOPIC_CHARS, MIN_PLAYERS, MIN_ROUNDS,
    MIN_TALK_SECONDS, OwnTopicsError, RelayEvent, RelayRefusal, RelayState, SetupError,
};

use crate::lang::Lang;
use crate::words::{Words, t};

/// Why a name is refused, as the catalog's words, naming the players by number from 1 (werewolf's seating says it
/// too).
pub(crate) fn name_words(error: &NameError) -> Words {
    match error {
        NameError::Empty { seat } => Words::new("relay.name.empty").arg("seat", seat + 1),
        NameError::Invisible { seat } => Words::new("relay.name.invisible").arg("seat", seat + 1),
        NameError::TooLong { seat, graphemes, limit } => Words::new("relay.name.tooLong")
            .arg("seat", seat + 1)
            .arg("graphemes", graphemes)
            .arg("limit", limit),
        NameError::Repeated {
            seat,
            first,
            name,
            other,
        } => Words::new("relay.name.repeated")
            .arg("seat", seat + 1)
            .arg("name", name)
            .arg("first", first + 1)
            .arg("other", other),
    }
}

/// Why a start was refused in setup.
pub(super) fn setup_error(error: &SetupError) -> Words {
    match error {
        SetupError::Name(error) => name_words(error),
        SetupError::TooFewPlayers { found } => Words::new("relay.setup.tooFewPlayers")
            .arg("found", found)
            .arg("min", MIN_PLAYERS),
        SetupError::TooManyPlayers { found } => Words::new("relay.setup.tooManyPlayers")
            .arg("found", found)
            .arg("max", MAX_PLAYERS),
        SetupError::UntrimmedName { seat } => Words::new("relay.setup.untrimmedName").arg("seat", seat + 1),
        SetupError::Rounds { found } => Words::new("relay.setup.rounds")
            .arg("found", found)
            .arg("min", MIN_ROUNDS)
            .arg("max", MAX_ROUNDS),
        SetupError::TalkSeconds { found } => Words::new("relay.setup.talkSeconds")
            .arg("found", found)
            .arg("min", MIN_TALK_SECONDS)
            .arg("max", MAX_TALK_SECONDS),
    }
}

/// Why the table's own topics are refused.
pub(super) fn own_topics_error(error: &OwnTopicsError) -> Words {
    match error {
        OwnTopicsError::TooMany { found } => Words::new("relay.ownTopics.tooMany")
            .arg("found", found)
            .arg("max", MAX_OWN_TOPICS),
        OwnTopicsError::TooLong { number, chars } => Words::new("relay.ownTopics.tooLong")
            .arg("number", number)
            .arg("chars", chars)
            .arg("max", MAX_TOPIC_CHARS),
    }
}

/// Why a start during a game is refused: the game under way, by its phase. The phase is a word of `lang` already,
/// the one argument on this wire that is not a plain value.
pub(super) fn game_under_way(lang: Lang, state: &RelayState) -> Words {
    let phase = match state {
        RelayState::Setup => "relay.phase.setup",
        RelayState::TopicReveal(_) => "relay.phase.topic",
        RelayState::Talk(_) => "relay.phase.talk",
        RelayState::Handover(_) | RelayState::Vote(_) => "relay.phase.vote",
        RelayState::RoundResult(_) => "relay.phase.roundResult",
        RelayState::FinalResult(_) => "relay.phase.finalResult",
    };
    Words::new("relay.refusal.underWay").arg("phase", t(lang, phase, &[]))
}

/// Why the relay refused `event` in `state`, as the catalog's words.
pub(super) fn refusal(lang: Lang, refusal: &RelayRefusal, state: &RelayState, event: &RelayEvent) -> Words {
    let key = match refusal {
        RelayRefusal::Setup(error) => return setup_error(error),
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
    Words::new(key)
}
