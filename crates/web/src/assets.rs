//! The static files, compiled into the binary: the shared stylesheet, script and icon, and each game's script
//! (which its [`Game`](crate::games::Game) entry carries).

use axum::{
    Router,
    extract::Path,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

use crate::games::GAMES;

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: [Asset; 3] = [
    Asset {
        name: "app.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../assets/app.css"),
    },
    Asset {
        name: "common.js",
        content_type: SCRIPT,
        body: include_str!("../assets/common.js"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../assets/favicon.svg"),
    },
];

/// `/assets/<name>` for every embedded file, and `/favicon.ico` for browsers that ask for it anyway.
pub(crate) fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/assets/{name}", get(asset)).route(
        "/favicon.ico",
        get(|| async { asset(Path("favicon.svg".to_owned())).await }),
    )
}

const SCRIPT: &str = "text/javascript; charset=utf-8";

async fn asset(Path(name): Path<String>) -> Response {
    let shared = ASSETS
        .iter()
        .find(|asset| asset.name == name)
        .map(|asset| (asset.content_type, asset.body));
    let game_script = || {
        GAMES
            .iter()
            .find(|game| game.script_name() == name)
            .map(|game| (SCRIPT, game.script))
    };
    match shared.or_else(game_script) {
        Some((content_type, body)) => (
            [
                (header::CONTENT_TYPE, content_type),
                // The files change only with the binary; a reload after an upgrade must not keep old ones.
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}
