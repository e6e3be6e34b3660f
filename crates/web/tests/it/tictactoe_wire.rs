//! Tic-tac-toe's wire words — CPU levels, solo results, PvP statuses, endings, roles and actions — as the engine's serde
//! enums spell them, against `src/games/tictactoe/wire.json` (see `marubatsu_tests::wire`). The page's types
//! (`wire.gen.d.ts`, generated from the same enums) are checked against the same file by
//! `crates/web/tests/js/wire.test.mjs`.
//! After a deliberate change, `MARUBATSU_BLESS=1 cargo test -p marubatsu-web --test it tictactoe_wire::` writes it anew.

use marubatsu_engine::tictactoe::{Difficulty, PvpAction, PvpEnding, PvpRole, PvpStatus, SoloResult};
use marubatsu_tests::wire::{check, serde_words};
use serde_json::json;

#[test]
fn the_wire_enums_are_spelled_as_the_pages_types_say() {
    check(
        "tictactoe",
        &json!({
            "difficulty": serde_words(Difficulty::ALL),
            "soloResult": serde_words(SoloResult::ALL),
            "pvpStatus": serde_words(PvpStatus::ALL),
            "pvpEnding": serde_words(PvpEnding::ALL),
            "pvpRole": serde_words(PvpRole::ALL),
            "pvpAction": serde_words(PvpAction::ALL),
        }),
    );
}
