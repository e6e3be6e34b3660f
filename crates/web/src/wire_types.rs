//! The pages' TypeScript declarations of the wire, generated from the Rust types of every view, request and
//! engine event (ts-rs) into each game's `wire.gen.d.ts`: the type checker (`tsc`) holds the scripts to what the
//! server sends and reads, and nobody mirrors a struct by hand. A committed file that differs from what the types
//! generate fails this test; `MARUBATSU_UPDATE_SNAPSHOTS=1 cargo test -p marubatsu-web --lib wire_types` writes
//! it again.

use std::path::Path;

use ts_rs::Config;

/// JSON numbers: every integer on this wire is far below 2^53.
fn config() -> Config {
    Config::new().with_large_int("number")
}

fn check(game: &str, declarations: Vec<String>) {
    let mut text = format!(
        "// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit. The {game} page's wire: its \
         views,\n// requests and the engine's events, as serde writes and reads them.\n"
    );
    for declaration in declarations {
        text.push('\n');
        text.push_str(declaration.trim_end());
        text.push('\n');
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/games/{game}/wire.gen.d.ts"));
    if std::env::var_os("MARUBATSU_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{} is not what the Rust types generate; if the change is intended, run \
         MARUBATSU_UPDATE_SNAPSHOTS=1 cargo test -p marubatsu-web --lib wire_types and review the diff",
        path.display()
    );
}

#[test]
fn every_games_wire_declarations_are_what_the_types_generate() {
    let config = config();
    check("lights", crate::games::lights::wire_declarations(&config));
    check("relay", crate::games::relay::wire_declarations(&config));
}
