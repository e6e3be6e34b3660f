//! Cross light: the page, and one endpoint that replays an event log through the engine.
//!
//! The server keeps nothing. The page keeps the game's event log in the browser's `localStorage` (the scramble
//! it drew and the times it read travel inside the events) and sends the whole log on every action; the server
//! folds it through the engine's [`transition`](marubatsu_engine::lights::transition) and answers with the
//! state to draw. A reload therefore restores the game exactly, hint and undo history included, because the
//! state *is* the log replayed. The log stays small: a new puzzle replaces it, and the fold costs microseconds
//! per event.
//!
//! `GET /api/lights/levels` gives the engine's levels (name, side, scramble presses).
//! `POST /api/lights/replay` with `{"events": [{"type": "newPuzzle", "level": "easy", "cells": [..],
//! "atMs": 0}, {"type": "press", "cell": 12, "atMs": 900}, {"type": "undo"}, {"type": "hint"},
//! {"type": "restart", "atMs": 0}]}` answers `{"game": …, "changed": …, "rejected": …, "events": n}`.

use axum::{
    Json, Router,
    routing::{get, post},
};
use marubatsu_engine::lights::{Cell, Level, LightsEvent, LightsGame, Size, solve};
use serde::{Deserialize, Serialize};

use super::{Game, Shared};
use crate::api::{ApiError, JsonBody};

/// The cross light page.
pub(crate) const GAME: Game = Game {
    slug: "lights",
    title: "Cross light",
    summary: "Turn every light off: a press flips a cell and its four neighbours. 5×5, 6×6 or 7×7, with \
              hints that always lie on a shortest solution.",
    body: include_str!("../../pages/lights.html"),
    script: "lights.js",
    api,
};

/// The longest log the server replays; a page that gets there starts a new puzzle.
pub(crate) const MAX_EVENTS: usize = 20_000;

fn api() -> Router<Shared> {
    Router::new()
        .route("/levels", get(levels))
        .route("/replay", post(replay))
}

#[derive(Serialize)]
struct Levels {
    levels: Vec<LevelView>,
}

/// A level as the engine defines it, so the page draws scrambles of the right size without a copy of the table.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LevelView {
    name: &'static str,
    side: u8,
    scramble_presses: u8,
}

async fn levels() -> Json<Levels> {
    Json(Levels {
        levels: Level::ALL
            .into_iter()
            .map(|level| LevelView {
                name: level.name(),
                side: level.size().side(),
                scramble_presses: level.scramble_presses(),
            })
            .collect(),
    })
}

#[derive(Deserialize)]
struct ReplayRequest {
    events: Vec<EventDto>,
}

/// [`LightsEvent`] as JSON: `{"type": "press", "cell": 3, "atMs": 1700000000000}`.
#[derive(Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
enum EventDto {
    NewPuzzle {
        level: String,
        cells: Vec<u8>,
        at_ms: u64,
    },
    Press {
        cell: u8,
        at_ms: u64,
    },
    Undo,
    Hint,
    Restart {
        at_ms: u64,
    },
}

impl EventDto {
    fn into_event(self) -> Result<LightsEvent, String> {
        Ok(match self {
            EventDto::NewPuzzle {
                level,
                cells,
                at_ms,
            } => LightsEvent::NewPuzzle {
                level: Level::from_name(&level).ok_or_else(|| {
                    format!("unknown level {level:?}: the levels are easy, normal and hard")
                })?,
                cells,
                at_ms,
            },
            EventDto::Press { cell, at_ms } => LightsEvent::Press { cell, at_ms },
            EventDto::Undo => LightsEvent::Undo,
            EventDto::Hint => LightsEvent::Hint,
            EventDto::Restart { at_ms } => LightsEvent::Restart { at_ms },
        })
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReplayResponse {
    /// The game after every event, or `null` before the first valid new puzzle.
    game: Option<GameView>,
    /// Whether the last event changed anything (a press after the end, say, does not).
    changed: bool,
    /// Why the last refused new puzzle was refused, with its position in the log.
    rejected: Option<String>,
    /// How many events were replayed.
    events: usize,
}

/// What the page draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GameView {
    level: &'static str,
    side: u8,
    /// One entry per cell, row by row: whether its light is on.
    lit: Vec<bool>,
    moves: usize,
    /// The fewest presses that solve the current board.
    par: u8,
    /// The fewest presses that solved the puzzle at its start: the score to beat.
    start_par: u8,
    hint: Option<CellView>,
    solved: bool,
    can_undo: bool,
    started_at_ms: u64,
    solved_at_ms: Option<u64>,
}

#[derive(Serialize)]
struct CellView {
    index: u8,
    /// From 1, as the page says it.
    row: u8,
    column: u8,
}

impl GameView {
    fn of(game: &LightsGame) -> GameView {
        let board = game.board();
        let size = board.size();
        GameView {
            level: game.level().name(),
            side: size.side(),
            lit: (0..size.cells())
                .map(|index| size.cell_at_index(index).is_some_and(|c| board.is_lit(c)))
                .collect(),
            moves: game.moves(),
            par: game.par(),
            start_par: solve(game.initial()).map_or(0, |s| s.par()),
            hint: game.hint().map(|cell| cell_view(size, cell)),
            solved: game.is_solved(),
            can_undo: game.moves() > 0 && !game.is_solved(),
            started_at_ms: game.started_at_ms(),
            solved_at_ms: game.solved_at_ms(),
        }
    }
}

fn cell_view(size: Size, cell: Cell) -> CellView {
    CellView {
        index: cell.index(),
        row: size.row(cell) + 1,
        column: size.column(cell) + 1,
    }
}

async fn replay(
    JsonBody(request): JsonBody<ReplayRequest>,
) -> Result<Json<ReplayResponse>, ApiError> {
    let count = request.events.len();
    if count > MAX_EVENTS {
        return Err(ApiError::bad_request(format!(
            "the log has {count} events; at most {MAX_EVENTS} are replayed: start a new puzzle"
        )));
    }
    let mut game: Option<LightsGame> = None;
    let mut changed = false;
    let mut rejected = None;
    for (position, dto) in request.events.into_iter().enumerate() {
        let event = dto
            .into_event()
            .map_err(|err| ApiError::bad_request(format!("event {position}: {err}")))?;
        let next = match (&game, &event) {
            // A new puzzle replaces any state; `LightsGame::new` is what the transition does with it, and it
            // says why a scramble is refused.
            (
                _,
                LightsEvent::NewPuzzle {
                    level,
                    cells,
                    at_ms,
                },
            ) => LightsGame::new(*level, cells, *at_ms).map_err(|err| err.to_string()),
            (Some(state), _) => match state.apply(&event) {
                Some(next) => Ok(next),
                None => {
                    changed = false;
                    continue;
                }
            },
            // Nothing to press before the first puzzle.
            (None, _) => {
                changed = false;
                continue;
            }
        };
        match next {
            Ok(next) => {
                game = Some(next);
                changed = true;
            }
            Err(reason) => {
                rejected = Some(format!("event {position}: {reason}"));
                changed = false;
            }
        }
    }
    Ok(Json(ReplayResponse {
        game: game.as_ref().map(GameView::of),
        changed,
        rejected,
        events: count,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_from_json() {
        let json = r#"[{"type":"newPuzzle","level":"hard","cells":[1,2],"atMs":5},
            {"type":"press","cell":3,"atMs":6},{"type":"undo"},{"type":"hint"},{"type":"restart","atMs":7}]"#;
        let events: Vec<LightsEvent> = serde_json::from_str::<Vec<EventDto>>(json)
            .unwrap_or_else(|e| panic!("{e}"))
            .into_iter()
            .map(|e| e.into_event().unwrap_or_else(|e| panic!("{e}")))
            .collect();
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
        assert!(
            serde_json::from_str::<EventDto>(r#"{"type":"press","cell":256,"atMs":0}"#).is_err()
        );
        assert!(serde_json::from_str::<EventDto>(r#"{"type":"fly"}"#).is_err());
        let unknown = serde_json::from_str::<EventDto>(
            r#"{"type":"newPuzzle","level":"expert","cells":[],"atMs":0}"#,
        )
        .map(|e| e.into_event());
        assert!(matches!(unknown, Ok(Err(message)) if message.contains("\"expert\"")));
    }
}
