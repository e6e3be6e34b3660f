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

/// Checks (or writes) `file`, under the crate, against `declarations`; `what` says whose wire it is.
fn check(file: &str, what: &str, declarations: Vec<String>) {
    let mut text = format!(
        "// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit.\n// {what}, as serde writes \
         and reads them.\n"
    );
    for declaration in declarations {
        text.push('\n');
        text.push_str(declaration.trim_end());
        text.push('\n');
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
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
    use crate::games::{lights, relay, tictactoe, werewolf};
    use ts_rs::TS;

    let config = config();
    let game = |name: &str, declarations| {
        let what = format!("The {name} page's wire: its views, requests and the engine's events");
        check(&format!("src/games/{name}/wire.gen.d.ts"), &what, declarations);
    };
    game("lights", lights::wire_declarations(&config));
    game("relay", relay::wire_declarations(&config));
    game("werewolf", werewolf::wire_declarations(&config));
    game("tictactoe", tictactoe::wire_declarations(&config));
    // Envelope<S, X, L> stays in globals.d.ts: its extra fields are flattened from a type parameter, which a
    // declaration cannot say.
    check(
        "assets/wire.gen.d.ts",
        "What every game's endpoints share",
        vec![
            crate::protocol::RefusalView::decl(&config),
            crate::words::Words::decl(&config),
            crate::words::Arg::decl(&config),
        ],
    );
}
