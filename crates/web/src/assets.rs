//! The static files, compiled into the binary: the shared stylesheet, scripts, words and icon, and each game's
//! scripts, words and stylesheet (which its [`GamePage`](crate::games::GamePage) entry carries).

use std::sync::OnceLock;

use axum::{
    Router,
    extract::Path,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::{Map, Value, json};

use crate::games::GAMES;
use crate::lang::Lang;
use crate::words;

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const SCRIPT: &str = "text/javascript; charset=utf-8";
const STYLE: &str = "text/css; charset=utf-8";

const ASSETS: [Asset; 5] = [
    Asset {
        name: "app.css",
        content_type: STYLE,
        body: include_str!("../assets/app.css"),
    },
    Asset {
        name: "i18n.js",
        content_type: SCRIPT,
        body: include_str!("../assets/i18n.js"),
    },
    Asset {
        name: "common.js",
        content_type: SCRIPT,
        body: include_str!("../assets/common.js"),
    },
    Asset {
        name: "sound.js",
        content_type: SCRIPT,
        body: include_str!("../assets/sound.js"),
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
        get(|lang: Lang| async move { asset(lang, Path("favicon.svg".to_owned())).await }),
    )
}

/// The file `name`, or a 404 in the reader's language, plain text as the other paths that name nothing answer.
async fn asset(lang: Lang, Path(name): Path<String>) -> Response {
    match find(&name) {
        Some((content_type, body)) => (
            [
                (header::CONTENT_TYPE, content_type),
                // The files change only with the binary; a reload after an upgrade must not keep old ones.
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, words::t(lang, "api.noAsset", &[])).into_response(),
    }
}

fn find(name: &str) -> Option<(&'static str, &'static str)> {
    if name == "strings.js" {
        return Some((SCRIPT, shared_strings()));
    }
    if let Some(asset) = ASSETS.iter().find(|asset| asset.name == name) {
        return Some((asset.content_type, asset.body));
    }
    GAMES.iter().find_map(|game| {
        if let Some((_, body)) = game.script_names().find(|(script, _)| script == name) {
            Some((SCRIPT, body))
        } else if game.strings_name() == name {
            Some((SCRIPT, game.strings))
        } else if game.style_name() == name {
            Some((STYLE, game.style))
        } else {
            None
        }
    })
}

/// `assets/strings.js` followed by every game's title, page title and summary in both languages, taken from
/// [`GAMES`] so that the server-rendered shell and the switched one say the same words.
fn shared_strings() -> &'static str {
    static STRINGS: OnceLock<String> = OnceLock::new();
    STRINGS.get_or_init(|| {
        let mut en = Map::new();
        let mut ja = Map::new();
        // The same entries the server's own catalog holds (`words::game_names`), so the two cannot differ.
        for (key, in_en, in_ja) in GAMES.iter().flat_map(|game| words::game_names(game)) {
            en.insert(key.clone(), json!(in_en));
            ja.insert(key, json!(in_ja));
        }
        let games = json!({"en": Value::Object(en), "ja": Value::Object(ja)});
        format!(
            "{}\n// The games' names and summaries, from the server's list of games.\nwindow.I18n.add({games});\n",
            words::SHARED
        )
    })
}
