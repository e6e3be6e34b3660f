//! The games the app serves. Each is a folder with a [`GamePage`]: its page (a body fragment inside the shared
//! layout, `page.html`), its scripts (`script.js`, served as `/assets/<slug>.js`, after the parts it is split into,
//! each `/assets/<slug>.<part>.js`), its words in English and
//! Japanese (`strings.js`, served as `/assets/<slug>.strings.js`, see `assets/i18n.js`), its own styles
//! (`style.css`, served as `/assets/<slug>.css`), an API router mounted under `/api/<slug>` (the module's
//! handlers) and the view models its answers draw from (`view.rs`). The index page, the navigation and the
//! assets are made from [`GAMES`], so a new game is a new folder and one line there.

use std::sync::Arc;

use axum::{Router, response::Html, routing::get};

use crate::lang::Lang;
use crate::layout;
use crate::server::AppState;
use crate::words::t;

mod index;
pub(crate) mod pictures;

pub(crate) mod lights;
pub(crate) mod relay;
pub(crate) mod tictactoe;
pub(crate) mod werewolf;

/// The shared state every game's router sees.
pub(crate) type Shared = Arc<AppState>;

/// A game's page as the app lists and serves it (the rules are the engine's; this is the page around them).
pub(crate) struct GamePage {
    /// The path of its page (`/<slug>`) and the prefix of its API (`/api/<slug>`).
    pub(crate) slug: &'static str,
    /// Its name, as the navigation and the page title show it.
    pub(crate) title: &'static str,
    /// Its name in Japanese.
    pub(crate) title_ja: &'static str,
    /// One sentence for the index page, in plain words.
    pub(crate) summary: &'static str,
    /// The index page's sentence in Japanese.
    pub(crate) summary_ja: &'static str,
    /// The page's `<main>` content (HTML).
    pub(crate) page: &'static str,
    /// The page's scripts (classic JavaScript sharing one namespace object per game), in the order they run:
    /// the parts first, each with one job, and last the page's own (part `""`) that starts the page.
    pub(crate) scripts: &'static [Script],
    /// The page's words (`I18n.add({en: {…}, ja: {…}})`), loaded before the common script and the page's own.
    pub(crate) strings: &'static str,
    /// The page's own stylesheet, loaded after the shared one.
    pub(crate) style: &'static str,
    /// The game's API routes, relative to `/api/<slug>`.
    pub(crate) api: fn() -> Router<Shared>,
    /// Its picture's SVG drawing (the inside of a 48×48 view box), from [`pictures`].
    pub(crate) picture: &'static str,
}

/// One of a page's scripts.
pub(crate) struct Script {
    /// What it does, in one word: served as `/assets/<slug>.<part>.js`, or `/assets/<slug>.js` when empty.
    pub(crate) part: &'static str,
    /// The script itself.
    pub(crate) body: &'static str,
}

impl Script {
    /// A part of the page's script, with one job.
    pub(crate) const fn part(part: &'static str, body: &'static str) -> Script {
        Script { part, body }
    }

    /// The page's own script: the last to run.
    pub(crate) const fn page(body: &'static str) -> Script {
        Script { part: "", body }
    }
}

impl GamePage {
    /// The asset names of the page's scripts, in the order they load: `<slug>.<part>.js`, …, `<slug>.js`.
    pub(crate) fn script_names(&self) -> impl Iterator<Item = (String, &'static str)> + '_ {
        self.scripts.iter().map(|script| {
            let name = if script.part.is_empty() {
                format!("{}.js", self.slug)
            } else {
                format!("{}.{}.js", self.slug, script.part)
            };
            (name, script.body)
        })
    }

    /// The asset name of the page's words: `<slug>.strings.js`.
    pub(crate) fn strings_name(&self) -> String {
        format!("{}.strings.js", self.slug)
    }

    /// The asset name of the page's stylesheet: `<slug>.css`.
    pub(crate) fn style_name(&self) -> String {
        format!("{}.css", self.slug)
    }

    /// Its name in `lang`.
    pub(crate) fn title_in(&self, lang: Lang) -> String {
        t(lang, &format!("game.{}.title", self.slug), &[])
    }

    /// Its index sentence in `lang`.
    pub(crate) fn summary_in(&self, lang: Lang) -> String {
        t(lang, &format!("game.{}.summary", self.slug), &[])
    }
}

/// Every game, in the order the index lists them.
pub(crate) const GAMES: [&GamePage; 4] = [&lights::GAME, &relay::GAME, &tictactoe::GAME, &werewolf::GAME];

/// The index page, every game's page (in the language the request asks for), and every game's API.
pub(crate) fn router() -> Router<Shared> {
    let mut router = Router::new().route("/", get(|lang: Lang| async move { Html(index::page(lang)) }));
    for game in GAMES {
        router =
            router
                .route(
                    &format!("/{}", game.slug),
                    get(move |lang: Lang| async move {
                        Html(layout::page(lang, Some(game), &game.title_in(lang), game.page))
                    }),
                )
                .nest(&format!("/api/{}", game.slug), (game.api)());
    }
    router
}
