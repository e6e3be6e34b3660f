//! Cross light: the page, and one endpoint that replays an event log through the engine.
//!
//! The server keeps nothing. The page keeps the game's event log in the browser's `localStorage` (the scramble
//! it drew and the times it read travel inside the events) and sends the whole log on every action; the server
//! folds it through the engine's rules ([`Lights`](marubatsu_engine::lights::Lights)) and answers with the
//! state to draw. A reload therefore restores the game exactly, hint and undo history included, because the
//! state *is* the log replayed. The log stays small: a new puzzle replaces it, and the fold costs microseconds
//! per event.
//!
//! `GET /api/lights/levels` gives the engine's levels (name, side, scramble presses). `POST /api/lights/replay` with
//! `{"events": [{"type": "newPuzzle", "level": "easy", "cells": [..], "atMs": 0}, {"type": "press", "cell": 12, "atMs":
//! 900}, {"type": "undo"}, {"type": "hint"}, {"type": "restart", "atMs": 0}]}` answers the [`Envelope`]: `{"accepted":
//! …, "refusal": {"code", "words"} | null, "state": game | null, "events": n}`, `accepted` and `refusal` about the last
//! event of the log.

use axum::{
    Json, Router,
    routing::{get, post},
};
use marubatsu_engine::lights::{Level, Lights, LightsEvent};
use marubatsu_engine::rules::{OnRefusal, Rules, fold};
use serde::{Deserialize, Serialize};

use super::{GamePage, Script, Shared};
use crate::api::{ApiError, JsonBody};
use crate::lang::Lang;
use crate::protocol::{self, Envelope, RefusalView};

mod view;

use view::{GameView, LevelView};

/// The cross light page.
pub(crate) const GAME: GamePage = GamePage {
    slug: "lights",
    title: "Cross light",
    summary: "Turn every light off. A press flips a light and its four neighbours. Hints show a press that leads to the shortest solve.",
    title_ja: "クロスライト",
    summary_ja: "すべてのライトを消すパズル。押すとそのマスと上下左右が反転します。ヒントは最短の解き方への一手を示します。",
    page: include_str!("page.html"),
    scripts: &[Script::page(include_str!("script.js"))],
    strings: include_str!("strings.js"),
    style: include_str!("style.css"),
    api,
    picture: super::pictures::LIGHTS,
};

fn api() -> Router<Shared> {
    Router::new()
        .route("/levels", get(levels))
        .route("/replay", post(replay))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LightsLevels"))]
struct Levels {
    levels: Vec<LevelView>,
}

async fn levels() -> Json<Levels> {
    Json(Levels {
        levels: Level::ALL.into_iter().map(LevelView::of).collect(),
    })
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LightsReplayRequest"))]
struct ReplayRequest {
    /// The log, in the engine's JSON form of [`LightsEvent`].
    events: Vec<LightsEvent>,
}

/// Cross light's own field beside the [`Envelope`].
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LightsReplayed"))]
struct Replayed {
    /// How many events were replayed.
    events: usize,
}

async fn replay(
    lang: Lang,
    JsonBody(request): JsonBody<ReplayRequest>,
) -> Result<Json<Envelope<Option<GameView>, Replayed>>, ApiError> {
    let count = request.events.len();
    let mut play = Play::default();
    protocol::check_length(lang, count)?;
    let folded = fold(None, request.events, OnRefusal::Skip, |game, event| {
        let next = Lights::transition_or_setup(game, &event)?;
        play.record(&event);
        Ok(next)
    });
    let refusal = match folded.refused {
        Some((position, refusal)) if !folded.last_accepted => {
            Some(RefusalView::said(&refusal, text::refusal(position, refusal), lang))
        }
        _ => None,
    };
    Ok(Json(Envelope {
        accepted: folded.last_accepted,
        refusal,
        state: folded.state.as_ref().map(|game| GameView::of(game, &play)),
        log: None,
        extra: Replayed { events: count },
    }))
}

/// A refused event, in the player's words.
mod text {
    use marubatsu_engine::lights::{LightsRefusal, ScrambleError};
    use marubatsu_engine::rules::NotSetUp;

    use crate::words::Words;

    pub(super) fn refusal(position: usize, refusal: NotSetUp<LightsRefusal, ScrambleError>) -> Words {
        let key = match refusal {
            // The engine's reason stays in its own words: it names a field of a log no player wrote by hand.
            NotSetUp::Setup(reason) | NotSetUp::Refused(LightsRefusal::Scramble(reason)) => {
                return Words::new("lights.refusal.badEvent")
                    .arg("position", position)
                    .arg("reason", reason);
            }
            NotSetUp::Refused(LightsRefusal::Solved) => "lights.refusal.solved",
            NotSetUp::Refused(LightsRefusal::OffBoard { .. }) => "lights.refusal.offBoard",
            NotSetUp::Refused(LightsRefusal::NoPress) => "lights.refusal.noPress",
            NotSetUp::Refused(LightsRefusal::HintShown) => "lights.refusal.hintShown",
            NotSetUp::NoGameYet => "lights.refusal.noGameYet",
        };
        Words::new(key)
    }
}

/// The wire's TypeScript declarations: the views and requests of this game's endpoints.
#[cfg(test)]
pub(crate) fn wire_declarations(config: &ts_rs::Config) -> Vec<String> {
    use ts_rs::TS;
    vec![
        Level::decl(config),
        LightsEvent::decl(config),
        view::LevelView::decl(config),
        Levels::decl(config),
        view::CellView::decl(config),
        GameView::decl(config),
        ReplayRequest::decl(config),
        Replayed::decl(config),
    ]
}

/// What the engine's state does not keep but the page shows: when the player's clock started (their first
/// press, not the moment the puzzle was drawn) and how many hints this puzzle has shown, so that a solve made
/// with help is praised as such.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Play {
    /// The time of the first press since the puzzle was drawn or restarted.
    pub(crate) first_press_at_ms: Option<u64>,
    /// Hints shown since the puzzle was drawn; a restart keeps them, since the player has seen them.
    pub(crate) hints: u32,
}

impl Play {
    /// Notes an event the engine accepted.
    fn record(&mut self, event: &LightsEvent) {
        match event {
            LightsEvent::NewPuzzle { .. } => *self = Play::default(),
            LightsEvent::Restart { .. } => self.first_press_at_ms = None,
            LightsEvent::Press { at_ms, .. } => {
                self.first_press_at_ms.get_or_insert(*at_ms);
            }
            LightsEvent::Hint => self.hints += 1,
            LightsEvent::Undo => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_from_json() {
        let json = r#"[{"type":"newPuzzle","level":"hard","cells":[1,2],"atMs":5},
            {"type":"press","cell":3,"atMs":6},{"type":"undo"},{"type":"hint"},{"type":"restart","atMs":7}]"#;
        let events: Vec<LightsEvent> = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            events,
            [
                LightsEvent::NewPuzzle {
                    level: Level::Hard,
                    cells: vec![1, 2],
                    at_ms: 5
                },
                LightsEvent::Press { cell: 3, at_ms: 6 },
                LightsEvent::Undo,
                LightsEvent::Hint,
                LightsEvent::Restart { at_ms: 7 },
            ]
        );
        assert!(serde_json::from_str::<LightsEvent>(r#"{"type":"press","cell":256,"atMs":0}"#).is_err());
        assert!(serde_json::from_str::<LightsEvent>(r#"{"type":"fly"}"#).is_err());
        let unknown =
            serde_json::from_str::<LightsEvent>(r#"{"type":"newPuzzle","level":"expert","cells":[],"atMs":0}"#);
        assert!(matches!(unknown, Err(message) if message.to_string().contains("\"expert\"")));
    }

    #[test]
    fn the_clock_starts_at_the_first_press_and_hints_are_counted() {
        let mut play = Play::default();
        let puzzle = LightsEvent::NewPuzzle {
            level: Level::Easy,
            cells: vec![],
            at_ms: 100,
        };
        play.record(&puzzle);
        assert_eq!(play.first_press_at_ms, None, "drawing a puzzle starts no clock");
        play.record(&LightsEvent::Hint);
        play.record(&LightsEvent::Press { cell: 3, at_ms: 900 });
        play.record(&LightsEvent::Press { cell: 4, at_ms: 950 });
        assert_eq!(
            play,
            Play {
                first_press_at_ms: Some(900),
                hints: 1
            }
        );
        play.record(&LightsEvent::Restart { at_ms: 1000 });
        assert_eq!(
            play,
            Play {
                first_press_at_ms: None,
                hints: 1
            },
            "a restart keeps the hints seen"
        );
        play.record(&LightsEvent::Press { cell: 3, at_ms: 1500 });
        assert_eq!(play.first_press_at_ms, Some(1500));
        play.record(&puzzle);
        assert_eq!(play, Play::default());
    }
}
