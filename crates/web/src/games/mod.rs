//! The games the app serves. Each is a folder with a [`Game`]: its page (a body fragment inside the shared
//! layout, `page.html`), its script (`script.js`, served as `/assets/<slug>.js`), an API router mounted under
//! `/api/<slug>` (the module's handlers) and the view models its answers draw from (`view.rs`). The index page,
//! the navigation and the assets are made from [`GAMES`], so a new game is a new folder and one line there.

use std::sync::Arc;

use axum::{Router, response::Html, routing::get};

use crate::layout;
use crate::server::AppState;

pub(crate) mod lights;
pub(crate) mod relay;
pub(crate) mod tictactoe;
pub(crate) mod werewolf;

/// The shared state every game's router sees.
pub(crate) type Shared = Arc<AppState>;

/// A game as the app lists and serves it.
pub(crate) struct Game {
    /// The path of its page (`/<slug>`) and the prefix of its API (`/api/<slug>`).
    pub(crate) slug: &'static str,
    /// Its name, as the navigation and the page title show it.
    pub(crate) title: &'static str,
    /// One sentence for the index page.
    pub(crate) summary: &'static str,
    /// The page's `<main>` content (HTML).
    pub(crate) page: &'static str,
    /// The page's script (JavaScript), served as [`Game::script_name`] under `/assets/`.
    pub(crate) script: &'static str,
    /// The game's API routes, relative to `/api/<slug>`.
    pub(crate) api: fn() -> Router<Shared>,
}

impl Game {
    /// The asset name of the page's script: `<slug>.js`.
    pub(crate) fn script_name(&self) -> String {
        format!("{}.js", self.slug)
    }
}

/// Every game, in the order the index lists them.
pub(crate) const GAMES: [&Game; 4] = [&lights::GAME, &relay::GAME, &tictactoe::GAME, &werewolf::GAME];

/// The index page, every game's page, and every game's API.
pub(crate) fn router() -> Router<Shared> {
    let mut router = Router::new().route("/", get(|| async { Html(index_page()) }));
    for game in GAMES {
        let page = layout::page(Some(game.slug), game.title, game.page, &[&game.script_name()]);
        router = router
            .route(&format!("/{}", game.slug), get(move || async move { Html(page) }))
            .nest(&format!("/api/{}", game.slug), (game.api)());
    }
    router
}

fn index_page() -> String {
    let cards: String = GAMES
        .iter()
        .map(|game| {
            format!(
                r#"<li><a class="card" href="/{slug}"><span class="card-title">{title}</span><span class="card-text">{summary}</span></a></li>"#,
                slug = game.slug,
                title = game.title,
                summary = game.summary,
            )
        })
        .collect();
    let body = format!(
        r#"<section class="intro">
  <h1>Games</h1>
  <p>Everything runs on this machine: the rules are the marubatsu engine's, the tic-tac-toe CPU is the compiled
  contract in an in-process chain. Nothing is loaded from the internet.</p>
</section>
<ul class="cards">{cards}</ul>"#
    );
    layout::page(None, "Games", &body, &[])
}
