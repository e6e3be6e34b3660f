//! The words that travel between the engine and a page as JSON strings (statuses, roles, phases, codes), kept
//! beside the page in `crates/web/src/games/<game>/wire.json`. A Rust test writes what the engine spells into the
//! shape below and compares it with the file; `crates/web/tests/js/wire.test.mjs` compares the same file with the
//! unions in the page's types, which `tsc` holds the scripts to. A variant renamed on either side fails one of
//! the two tests. After a deliberate change, `MARUBATSU_BLESS=1` writes the file anew.

use serde::Serialize;
use serde_json::Value;

/// How serde spells each of `all` (unit variants: JSON strings).
pub fn serde_words<T: Serialize>(all: impl IntoIterator<Item = T>) -> Value {
    all.into_iter()
        .map(|variant| serde_json::to_value(variant).expect("a unit variant is a JSON string"))
        .collect()
}

/// Names the engine gives by hand (`Phase::name`, a refusal's `code`), as a JSON list.
pub fn words(all: impl IntoIterator<Item = &'static str>) -> Value {
    all.into_iter().map(Value::from).collect()
}

/// `game`'s wire.json must say `spelled` (written anew under `MARUBATSU_BLESS`).
pub fn check(game: &str, spelled: &Value) {
    let root = marubatsu_chain::compiler::Workspace::locate().expect("the repository");
    let path = root.root().join("crates/web/src/games").join(game).join("wire.json");
    let text = format!("{}\n", serde_json::to_string_pretty(spelled).expect("JSON"));
    if std::env::var_os("MARUBATSU_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    assert_eq!(
        kept,
        text,
        "the engine's spellings for {game} changed: update the page's types and scripts, then bless {}",
        path.display()
    );
}

/// Every `attribute="value"` in `html`, in order: the page's own spellings of the engine's words.
pub fn attribute_values(html: &str, attribute: &str) -> Vec<String> {
    let opening = format!("{attribute}=\"");
    html.match_indices(&opening)
        .filter_map(|(at, _)| {
            let rest = &html[at + opening.len()..];
            rest.find('"').map(|end| rest[..end].to_owned())
        })
        .collect()
}
