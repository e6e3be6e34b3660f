//! Quantum werewolf's wire words — roles, chit kinds, pending decisions, the sides an end goes to and the rules
//! the log cites — as the engine spells them, against `src/games/werewolf/wire.json` (see `marubatsu_tests::wire`);
//! the page's unions in `types.d.ts` are checked against the same file by `crates/web/tests/js/wire.test.mjs`, and
//! so is the list of rules the page explains.

use marubatsu_engine::werewolf::{ChitKind, PendingKind, RULES, Role, Side};
use marubatsu_tests::wire::{check, serde_words, words};
use serde_json::json;

#[test]
fn the_wire_words_are_spelled_as_the_pages_types_say() {
    check(
        "werewolf",
        &json!({
            "role": serde_words(Role::ALL),
            "chitKind": serde_words(ChitKind::ALL),
            "side": words(Side::ALL.map(Side::name)),
            "rule": words(RULES),
            "pendingKind": serde_words(PendingKind::ALL),
        }),
    );
}
