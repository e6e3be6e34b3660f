//! Know-it-all relay: the page, and one endpoint that applies an event to a saved game.
//!
//! The server keeps nothing. The page keeps the engine's save envelope (`{"version":1,"state":…}`) in the tab's
//! `sessionStorage` and sends it with every event. The server restores it — [`restore`] checks every field, so a broken
//! or hand-edited save becomes setup, with the reason — draws what the event needs, steps the engine's rules
//! ([`Relay`](marubatsu_engine::relay::Relay)), and answers with the new envelope and a view of the state to draw. A
//! reload mid-talk sends the same envelope again; the talk's deadline is an absolute time, so the countdown resumes
//! with the right remaining time.
//!
//! The page reads the clock (`nowMs`) and sends random words from `crypto.getRandomValues` (`entropy`); this edge turns
//! them into the engine's inputs: a topic this game has not shown — one of the table's own topics (`ownTopics`, typed
//! at setup and kept by the page for the evening) while any is left, then one from the bundled deck
//! ([`draw_next_topic`]) — and a speaking order from [`shuffled_order_avoiding_last`]. What the rules remember between
//! rounds — the topics used and the latest closer — is part of the engine's state, so it travels inside the save and
//! the engine checks it: a drawn topic or order that breaks either rule is refused, not trusted.
//!
//! ```text
//! GET  /api/relay/limits   players, rounds and talk seconds the engine accepts
//! POST /api/relay/step     {"save": {"version": 1, "state": …} | null, "event": {"type": "start", …} | null, "entropy": [u32, …],
//!                           "language": "en", "ownTopics": ["…", …]}
//!                          -> {"accepted": bool, "refusal": {"code": "not_now", "words": "…"} | null,
//!                              "state": {…}, "save": {"version": 1, "state": …}, "restoreError": "…" | null}
//! ```
//!
//! Events: `start {players, rounds, talkSeconds}`, `redraw` (another topic, once a round), `beginTalk {nowMs}`,
//! `talkDone {nowMs, turn?}`, `pause {nowMs}`, `resume {nowMs}`, `received`, `select {target}`, `confirm`, `nextRound`,
//! `restart`, `abandon`. An event that draws a topic (start, redraw, nextRound) checks `ownTopics` first
//! ([`own_topics`]): too many or too long is refused in words, the game unchanged. The view never shows the votes cast
//! so far: only who is voting and what they picked.

use axum::{
    Json, Router,
    routing::{get, post},
};
use marubatsu_engine::random::SplitMix64;
use marubatsu_engine::relay::{
    Language, MAX_NAME_CHARS, MAX_OWN_TOPICS, MAX_PLAYERS, MAX_ROUNDS, MAX_TALK_SECONDS, MAX_TOPIC_CHARS, MIN_PLAYERS,
    MIN_ROUNDS, MIN_TALK_SECONDS, Relay, RelayEvent, RelayState, SaveEnvelope, draw_next_topic, own_topics, restore,
    restore_value, shuffled_order_avoiding_last,
};
use marubatsu_engine::rules::Rules;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{GamePage, Script, Shared};
use crate::api::{ApiError, JsonBody};
use crate::lang::Lang;
use crate::protocol::{Envelope, RefusalView};
use crate::words::Words;

pub(crate) mod text;
mod view;

use view::View;

/// The know-it-all relay page.
pub(crate) const GAME: GamePage = GamePage {
    slug: "relay",
    title: "Know-it-all relay",
    summary: "A party game for 3 to 12 on one phone: everyone makes up a confident explanation of the topic, \
              building on the last speaker, then votes for the best one — never their own.",
    title_ja: "知ったかリレー",
    summary_ja: "3〜12人で1台のスマホを回して遊ぶパーティーゲーム。前の人の話に乗って、お題をもっともらしく解説し、いちばんの解説に投票します（自分以外に）。",
    page: include_str!("page.html"),
    scripts: &[
        Script::part("state", include_str!("state.js")),
        Script::part("clock", include_str!("clock.js")),
        Script::part("draw", include_str!("draw.js")),
        Script::page(include_str!("script.js")),
    ],
    strings: include_str!("strings.js"),
    style: include_str!("style.css"),
    api,
    picture: super::pictures::RELAY,
};

fn api() -> Router<Shared> {
    Router::new().route("/limits", get(limits)).route("/step", post(step))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RelayLimits"))]
struct Limits {
    min_players: usize,
    max_players: usize,
    max_name_chars: usize,
    min_rounds: u32,
    max_rounds: u32,
    min_talk_seconds: u32,
    max_talk_seconds: u32,
    max_own_topics: usize,
    max_topic_chars: usize,
}

async fn limits() -> Json<Limits> {
    Json(Limits {
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        max_name_chars: MAX_NAME_CHARS,
        min_rounds: MIN_ROUNDS,
        max_rounds: MAX_ROUNDS,
        min_talk_seconds: MIN_TALK_SECONDS,
        max_talk_seconds: MAX_TALK_SECONDS,
        max_own_topics: MAX_OWN_TOPICS,
        max_topic_chars: MAX_TOPIC_CHARS,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RelayStepRequest"))]
struct StepRequest {
    /// The save is the server's: the page keeps it and sends it back unread.
    #[cfg_attr(test, ts(type = "unknown"))]
    /// The saved envelope, or `null` for a new tab.
    save: Option<SavedGame>,
    /// The event, or `null` just to load the saved game.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    event: Option<EventDto>,
    /// Random words from the page, for the topic and the order.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<u32>>", optional))]
    entropy: Vec<u32>,
    /// `ja` or `en`: the language of the topics drawn; the request's language if absent.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    language: Option<String>,
    /// The table's own topics as typed, one a line: drawn before the deck.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    own_topics: Vec<String>,
}

/// The save a page sends back: the envelope as an object, or as the text an older page kept.
#[derive(Deserialize)]
#[serde(untagged)]
enum SavedGame {
    Envelope(serde_json::Map<String, Value>),
    Text(String),
}

/// A [`RelayEvent`] as the page sends it, without what the edge draws (the topic, the order).
#[derive(Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RelayEvent"))]
enum EventDto {
    Start {
        players: Vec<String>,
        rounds: u32,
        talk_seconds: u32,
    },
    Redraw {},
    BeginTalk {
        now_ms: u64,
    },
    Pause {
        now_ms: u64,
    },
    Resume {
        now_ms: u64,
    },
    TalkDone {
        now_ms: u64,
        // The page always names the turn it shows; without it this is the spec's `talkDone {now}`.
        #[cfg_attr(test, ts(optional = nullable))]
        turn: Option<usize>,
    },
    // Braces, so that deny_unknown_fields holds for them too (serde lets a unit variant of an internally tagged
    // enum carry any other field): a page cannot send a topic of its own, say.
    Received {},
    Select {
        target: usize,
    },
    Confirm {},
    NextRound {},
    Restart {},
    Abandon {},
}

/// The relay's own fields beside the [`Envelope`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RelaySaved"))]
struct Saved {
    /// The save to keep and send back with the next event.
    #[cfg_attr(test, ts(type = "unknown"))]
    save: SaveEnvelope,
    /// Why the saved game could not be restored (the answer is then about a new game).
    restore_error: Option<String>,
}

/// The fewest random words an event that draws must bring.
const MIN_ENTROPY_WORDS: usize = 2;

async fn step(lang: Lang, JsonBody(request): JsonBody<StepRequest>) -> Result<Json<Envelope<View, Saved>>, ApiError> {
    let language = match request.language.as_deref() {
        None => match lang {
            Lang::En => Language::English,
            Lang::Ja => Language::Japanese,
        },
        Some(tag) => Language::from_tag(tag).ok_or_else(|| {
            ApiError::bad_request(Words::new("relay.api.unknownLanguage").arg("tag", format!("{tag:?}")))
        })?,
    };
    let restored = match request.save {
        None => Ok(RelayState::Setup),
        Some(SavedGame::Text(text)) => restore(&text),
        Some(SavedGame::Envelope(envelope)) => restore_value(Value::Object(envelope)),
    };
    let (state, restore_error) = match restored {
        Ok(state) => (state, None),
        Err(error) => (RelayState::Setup, Some(error.to_string())),
    };
    let mut source = SplitMix64::from_words(&request.entropy);
    let request_had_event = request.event.is_some();
    let draws = matches!(
        request.event,
        Some(EventDto::Start { .. } | EventDto::Redraw {} | EventDto::BeginTalk { .. } | EventDto::NextRound {})
    );
    if draws && request.entropy.len() < MIN_ENTROPY_WORDS {
        return Err(ApiError::bad_request(
            Words::new("relay.api.entropy").arg("count", MIN_ENTROPY_WORDS),
        ));
    }
    let draws_topic = matches!(
        request.event,
        Some(EventDto::Start { .. } | EventDto::Redraw {} | EventDto::NextRound {})
    );
    // Only an event that draws a topic reads the table's: a list gone wrong in the page's storage (or typed too
    // long) stops nothing else.
    let own = if draws_topic {
        own_topics(&request.own_topics)
    } else {
        Ok(Vec::new())
    };
    let (next, refusal) = match (request.event, own) {
        (None, _) => (state, None),
        (Some(_), Err(error)) => {
            let words = text::own_topics_error(&error);
            (state, Some(RefusalView::said(&error, words, lang)))
        }
        (Some(event), Ok(own)) => {
            let event = event_of(event, &state, &own, language, &mut source);
            match Relay::transition(state, &event) {
                Ok(next) => (next, None),
                Err((back, refusal)) => {
                    let words = text::refusal(lang, &refusal, &back, &event);
                    (back, Some(RefusalView::said(&refusal, words, lang)))
                }
            }
        }
    };
    Ok(Json(Envelope {
        accepted: request_had_event && refusal.is_none(),
        refusal,
        state: View::of(&next),
        log: None,
        extra: Saved {
            save: SaveEnvelope::new(next),
            restore_error,
        },
    }))
}

/// The engine's event, with the topic or order drawn where the event needs one: a topic this game has not shown
/// (the table's `own` first), and an order that the latest closer does not end (both from the state, which the
/// engine checks again).
fn event_of(
    event: EventDto,
    state: &RelayState,
    own: &[String],
    language: Language,
    source: &mut SplitMix64,
) -> RelayEvent {
    // The deck holds far more topics than a game has rounds and redraws, so a draw always finds one; were it
    // ever empty, the engine would refuse the empty topic.
    let mut topic = |used: &[String]| draw_next_topic(own, used, language, source).unwrap_or_default();
    // Every topic this round's state has shown: the earlier ones and the one on screen.
    let shown = |round: &marubatsu_engine::relay::Round| {
        let mut used = round.used_topics().to_vec();
        used.push(round.topic().to_owned());
        used
    };
    match event {
        EventDto::Start {
            players,
            rounds,
            talk_seconds,
        } => RelayEvent::Start {
            players,
            rounds,
            talk_seconds,
            topic: topic(&[]),
        },
        EventDto::BeginTalk { now_ms } => {
            let players = state.round().map_or(0, |r| r.players().len());
            let last_closer = state.round().and_then(|r| r.last_closer());
            RelayEvent::BeginTalk {
                now_ms,
                order: shuffled_order_avoiding_last(players, last_closer, source),
            }
        }
        EventDto::Redraw {} => {
            // Only a topic screen understands this, so only then is a topic drawn.
            let text = match state {
                RelayState::TopicReveal(round) => topic(&shown(round)),
                _ => String::new(),
            };
            RelayEvent::Redraw { topic: text }
        }
        EventDto::TalkDone { now_ms, turn } => RelayEvent::TalkDone { now_ms, turn },
        EventDto::Pause { now_ms } => RelayEvent::Pause { now_ms },
        EventDto::Resume { now_ms } => RelayEvent::Resume { now_ms },
        EventDto::Received {} => RelayEvent::Received,
        EventDto::Select { target } => RelayEvent::Select { target },
        EventDto::Confirm {} => RelayEvent::Confirm,
        EventDto::NextRound {} => {
            // Only a round result understands this, so only then is a topic drawn.
            let text = match state {
                RelayState::RoundResult(result) => topic(&shown(result.round())),
                _ => String::new(),
            };
            RelayEvent::NextRound { topic: text }
        }
        EventDto::Restart {} => RelayEvent::Restart,
        EventDto::Abandon {} => RelayEvent::Abandon,
    }
}

/// The wire's TypeScript declarations: the views and requests of this game's endpoints.
#[cfg(test)]
pub(crate) fn wire_declarations(config: &ts_rs::Config) -> Vec<String> {
    use ts_rs::TS;
    vec![
        marubatsu_engine::relay::Phase::decl(config),
        Limits::decl(config),
        view::StandingView::decl(config),
        View::decl(config),
        EventDto::decl(config),
        StepRequest::decl(config),
        Saved::decl(config),
    ]
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::random::RandomSource;
    use marubatsu_engine::relay::{Relay, TOPICS, TURN_GUARD_MS};
    use marubatsu_engine::rules::Rules;

    use super::*;

    #[test]
    fn events_read_from_json() {
        for (json, ok) in [
            (
                r#"{"type":"start","players":["A","B","C"],"rounds":2,"talkSeconds":30}"#,
                true,
            ),
            (r#"{"type":"beginTalk","nowMs":5}"#, true),
            (r#"{"type":"redraw"}"#, true),
            (r#"{"type":"redraw","topic":"mine"}"#, false),
            (r#"{"type":"pause","nowMs":5}"#, true),
            (r#"{"type":"resume","nowMs":5}"#, true),
            (r#"{"type":"pause"}"#, false),
            (r#"{"type":"talkDone","nowMs":5,"turn":1}"#, true),
            (r#"{"type":"received"}"#, true),
            (r#"{"type":"select","target":2}"#, true),
            (r#"{"type":"confirm"}"#, true),
            (r#"{"type":"nextRound"}"#, true),
            (r#"{"type":"restart"}"#, true),
            (r#"{"type":"abandon"}"#, true),
            (r#"{"type":"talkDone","nowMs":5}"#, true),
            (r#"{"type":"talkDone","nowMs":5,"turn":null}"#, true),
            (r#"{"type":"talkDone","turn":1}"#, false),
            (r#"{"type":"select","target":-1}"#, false),
            (r#"{"type":"nextRound","topic":"mine"}"#, false),
            (r#"{"type":"confirm","twice":true}"#, false),
            (r#"{"type":"fly"}"#, false),
        ] {
            assert_eq!(serde_json::from_str::<EventDto>(json).is_ok(), ok, "{json}");
        }
    }

    #[test]
    fn the_same_entropy_draws_the_same_and_other_entropy_differs() {
        let mut a = SplitMix64::from_words(&[1, 2]);
        let mut b = SplitMix64::from_words(&[1, 2]);
        let mut c = SplitMix64::from_words(&[1, 3]);
        let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
        assert_eq!(x, y);
        assert_ne!(x, z);
    }

    #[test]
    fn draws_follow_the_states_memory_of_topics_and_closers() {
        let mut state = Relay::transition(
            RelayState::Setup,
            &RelayEvent::Start {
                players: vec!["A".into(), "B".into(), "C".into()],
                rounds: 2,
                talk_seconds: 10,
                topic: TOPICS[0].text(Language::English).into(),
            },
        )
        .expect("a table of three starts");
        let order = vec![2, 0, 1];
        let mut events = vec![RelayEvent::BeginTalk { now_ms: 0, order }];
        // A turn ends no sooner than the double-tap guard allows.
        events.extend((1..=3).map(|n| RelayEvent::TalkDone {
            now_ms: n * TURN_GUARD_MS,
            turn: None,
        }));
        for target in [0, 1, 2] {
            events.extend([RelayEvent::Received, RelayEvent::Select { target }, RelayEvent::Confirm]);
        }
        for event in &events {
            let next = Relay::transition(state.clone(), event).unwrap_or_else(|(back, _)| back);
            assert_ne!(next, state, "{event:?}");
            state = next;
        }
        let RelayState::RoundResult(result) = &state else {
            panic!("the round is over: {state:?}")
        };
        assert_eq!(result.round().last_closer(), Some(1));
        for seed in 0..200 {
            let mut source = SplitMix64::new(seed);
            // Drawn in Japanese, the first round's English topic is still not drawn again.
            let next = Relay::transition(
                state.clone(),
                &event_of(EventDto::NextRound {}, &state, &[], Language::Japanese, &mut source),
            )
            .unwrap_or_else(|(back, _)| back);
            let RelayState::TopicReveal(round) = &next else {
                panic!("a new topic: {next:?}")
            };
            assert!(!TOPICS[0].is(round.topic()), "{}", round.topic());
            let RelayEvent::BeginTalk { order, .. } = event_of(
                EventDto::BeginTalk { now_ms: 5 },
                &next,
                &[],
                Language::Japanese,
                &mut source,
            ) else {
                panic!("a begin talk")
            };
            assert_ne!(order.last(), Some(&1), "the latest closer does not close again");
        }
    }
}
