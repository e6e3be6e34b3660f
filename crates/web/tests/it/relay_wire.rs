//! The relay's wire words — the phases, and the codes of a refusal of the table's own topics — as the engine
//! names them, against `src/games/relay/wire.json` (see `marubatsu_tests::wire`); the page's unions in
//! `types.d.ts` are checked against the same file by `crates/web/tests/js/wire.test.mjs`, and its screens here.

use marubatsu_engine::{
    relay::{MAX_OWN_TOPICS, MAX_TOPIC_CHARS, OwnTopicsError, Phase, own_topics},
    rules::Refusal,
};
use marubatsu_tests::wire::{attribute_values, check, words};
use serde_json::json;

/// The code of each way `own_topics` refuses, drawn from the function itself.
fn topics_refusal_codes() -> Vec<&'static str> {
    let many: Vec<String> = (0..=MAX_OWN_TOPICS).map(|n| format!("topic {n}")).collect();
    let long = vec!["あ".repeat(MAX_TOPIC_CHARS + 1)];
    [many, long]
        .iter()
        .map(|lines| {
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            let refusal = own_topics(&lines).expect_err("over the limit");
            // A new way to refuse stops this compiling until it has a line here and a word in the page.
            match refusal {
                OwnTopicsError::TooMany { .. } | OwnTopicsError::TooLong { .. } => refusal.code(),
            }
        })
        .collect()
}

#[test]
fn the_wire_words_are_spelled_as_the_pages_types_say() {
    let codes = topics_refusal_codes();
    assert_eq!(codes.len(), 2, "each way to refuse, once: {codes:?}");
    check(
        "relay",
        &json!({
            "phase": words(Phase::ALL.map(Phase::name)),
            "topicsRefusal": words(codes),
        }),
    );
}

#[test]
fn the_page_has_one_screen_per_phase_named_as_the_engine_names_it() {
    let page = include_str!("../../src/games/relay/page.html");
    let names: Vec<&str> = Phase::ALL.iter().map(|phase| phase.name()).collect();
    assert_eq!(attribute_values(page, "data-screen"), names);
}
