//! The index page: a card for each game, in the player's language.

use super::{GAMES, pictures::picture};
use crate::lang::Lang;
use crate::layout;
use crate::words::t;

/// The index page in `lang`.
pub(super) fn page(lang: Lang) -> String {
    let cards: String = GAMES
        .iter()
        .map(|game| {
            format!(
                r#"<li><a class="card" href="/{slug}">{picture}<span class="card-words"><span class="card-title" data-i18n="game.{slug}.title">{title}</span><span class="card-text" data-i18n="game.{slug}.summary">{summary}</span></span></a></li>"#,
                slug = game.slug,
                picture = picture(game, 72),
                title = game.title_in(lang),
                summary = game.summary_in(lang),
            )
        })
        .collect();
    let heading = t(lang, "index.heading", &[]);
    let intro = t(lang, "index.intro", &[]);
    let body = format!(
        r#"<section class="intro">
  <h1 data-i18n="index.heading">{heading}</h1>
  <p data-i18n="index.intro">{intro}</p>
</section>
<ul class="cards">{cards}</ul>"#
    );
    layout::page(lang, None, &heading, &body)
}
