//! The web app's integration tests, one binary: a module per area (`<game>_api` over plain HTTP, `<game>_wire`
//! for the wire words, `<game>_browser` in a headless Chromium), and `support` for what they share. One binary
//! links once and compiles the contracts once; the browser modules take a browser slot each
//! (`support::browser_slot`: one at a time unless `MARUBATSU_BROWSERS` says otherwise), while the HTTP and wire
//! modules run beside them.
//! Run one area with `cargo test -p marubatsu-web --test it <module>::`.

mod support;

mod i18n_browser;
mod index_browser;
mod lights_api;
mod lights_browser;
mod lights_wire;
mod malformed_api;
mod pages_api;
mod protocol_api;
mod relay_api;
mod relay_browser;
mod relay_wire;
mod tictactoe_api;
mod tictactoe_browser;
mod tictactoe_embedded_browser;
mod tictactoe_wire;
mod werewolf_api;
mod werewolf_browser;
mod werewolf_wire;
