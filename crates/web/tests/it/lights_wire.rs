//! Cross light's wire words — the levels and the kinds of event the page logs — as the engine spells them,
//! against `src/games/lights/wire.json` (see `marubatsu_tests::wire`); the page's unions in `types.d.ts` are
//! checked against the same file by `crates/web/tests/js/wire.test.mjs`, and its level buttons here.

use marubatsu_engine::lights::{Level, LightsEvent};
use marubatsu_tests::wire::{attribute_values, check, words};
use serde_json::{Value, json};

/// One event of each kind, as the engine serializes its `type`.
fn event_types() -> Vec<Value> {
    let every = [
        LightsEvent::NewPuzzle {
            level: Level::Easy,
            cells: vec![0],
            at_ms: 0,
        },
        LightsEvent::Press { cell: 0, at_ms: 0 },
        LightsEvent::Undo,
        LightsEvent::Hint,
        LightsEvent::Restart { at_ms: 0 },
    ];
    every
        .iter()
        .map(|event| {
            // A new kind of event stops this compiling until it is in the list above and in the page's union.
            match event {
                LightsEvent::NewPuzzle { .. }
                | LightsEvent::Press { .. }
                | LightsEvent::Undo
                | LightsEvent::Hint
                | LightsEvent::Restart { .. } => {}
            }
            serde_json::to_value(event).expect("JSON")["type"].clone()
        })
        .collect()
}

#[test]
fn the_wire_words_are_spelled_as_the_pages_types_say() {
    check(
        "lights",
        &json!({
            "level": words(Level::ALL.map(Level::name)),
            "eventType": event_types(),
        }),
    );
}

#[test]
fn the_page_has_one_button_per_level_named_as_the_engine_names_it() {
    let page = include_str!("../../src/games/lights/page.html");
    let names: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
    assert_eq!(attribute_values(page, "data-level"), names);
}
