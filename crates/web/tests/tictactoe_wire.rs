//! Tic-tac-toe's wire words — CPU levels, solo results, PvP statuses, roles and actions — as the engine's serde
//! enums spell them, against `src/games/tictactoe/wire.json`. The page's types (`wire.d.ts`) are checked against
//! the same file by `crates/web/tests/js/tictactoe_wire.test.mjs`, so a variant renamed on either side fails a test.
//! After a deliberate change, `MARUBATSU_BLESS=1 cargo test --workspace --test tictactoe_wire` writes the file anew.

use marubatsu_engine::tictactoe::{Difficulty, PvpAction, PvpRole, PvpStatus, SoloResult};
use serde::Serialize;
use serde_json::{Value, json};

fn spellings<T: Serialize>(all: impl IntoIterator<Item = T>) -> Value {
    all.into_iter()
        .map(|variant| serde_json::to_value(variant).expect("a unit variant is a JSON string"))
        .collect()
}

#[test]
fn the_wire_enums_are_spelled_as_the_pages_types_say() {
    let spelled = json!({
        "difficulty": spellings(Difficulty::ALL),
        "soloResult": spellings(SoloResult::ALL),
        "pvpStatus": spellings(PvpStatus::ALL),
        "pvpRole": spellings(PvpRole::ALL),
        "pvpAction": spellings(PvpAction::ALL),
    });
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/tictactoe/wire.json");
    let text = format!("{}\n", serde_json::to_string_pretty(&spelled).expect("JSON"));
    if std::env::var_os("MARUBATSU_BLESS").is_some() {
        std::fs::write(path, &text).expect("wire.json is writable");
    }
    let kept = std::fs::read_to_string(path).expect("wire.json is checked in");
    assert_eq!(
        kept, text,
        "the engine's spellings changed: update wire.d.ts and the pages, then bless wire.json"
    );
}
