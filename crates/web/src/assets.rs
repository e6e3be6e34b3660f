//! The static files, compiled into the binary: the stylesheet, the scripts and the icon.

use axum::{
    Router,
    extract::Path,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: [Asset; 7] = [
    Asset {
        name: "app.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../assets/app.css"),
    },
    Asset {
        name: "common.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/common.js"),
    },
    Asset {
        name: "lights.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/lights.js"),
    },
    Asset {
        name: "relay.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/relay.js"),
    },
    Asset {
        name: "tictactoe.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/tictactoe.js"),
    },
    Asset {
        name: "werewolf.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/werewolf.js"),
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

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|asset| asset.name == name) {
        Some(asset) => (
            [
                (header::CONTENT_TYPE, asset.content_type),
                // The files change only with the binary; a reload after an upgrade must not keep old ones.
                (header::CACHE_CONTROL, "no-cache"),
            ],
            asset.body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}
