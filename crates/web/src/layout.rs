//! The page shell every page shares: the header with the games, the sound and language switches, the
//! stylesheets, and the scripts in their order — the language mechanism and the words first, then the common
//! scripts (`common.js`, `sound.js`), then the page's own parts and last its own script.
//!
//! The server renders the shell in the player's [`Lang`] so that the first paint is already in their language;
//! the page's own words are filled in by `I18n.apply()` from the `data-i18n` attributes, and every text is
//! switched in place when the player changes the language.

use crate::games::{GAMES, GamePage, pictures::picture};
use crate::lang::Lang;
use crate::words::t;

/// The sound switch's picture; the slash shows when sound is off (the CSS reads `aria-pressed`).
const SPEAKER: &str = r#"<svg class="speaker" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path class="waves" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path class="slash" d="M3 3l18 18" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>"#;

/// A whole HTML page in `lang`: `body` inside the shared layout, `game` (if any) marking the current game in
/// the navigation and bringing its words, stylesheet and script.
pub(crate) fn page(lang: Lang, game: Option<&GamePage>, title: &str, body: &str) -> String {
    let current = game.map(|game| game.slug);
    let nav: String = GAMES
        .iter()
        .map(|game| {
            let here = if current == Some(game.slug) {
                r#" aria-current="page""#
            } else {
                ""
            };
            format!(
                r#"<a href="/{slug}"{here}>{picture}<span class="nav-text" data-i18n="game.{slug}.title">{title}</span></a>"#,
                slug = game.slug,
                picture = picture(game, 24),
                title = game.title_in(lang)
            )
        })
        .collect();
    let mut scripts = vec!["i18n.js".to_owned(), "strings.js".to_owned()];
    let mut styles = vec!["app.css".to_owned()];
    if let Some(game) = game {
        scripts.push(game.strings_name());
        styles.push(game.style_name());
    }
    scripts.push("common.js".to_owned());
    scripts.push("sound.js".to_owned());
    if let Some(game) = game {
        scripts.extend(game.script_names().map(|(name, _)| name));
    }
    let scripts: String = scripts
        .iter()
        .map(|name| format!("<script src=\"/assets/{name}\" defer></script>\n"))
        .collect();
    let styles: String = styles
        .iter()
        .map(|name| format!("<link rel=\"stylesheet\" href=\"/assets/{name}\">\n"))
        .collect();
    let title_key = current.map_or_else(|| "index.pageTitle".to_owned(), |slug| format!("game.{slug}.pageTitle"));
    let other_lang = lang.other().code();
    let other_name = t(lang, "lang.other", &[]);
    let games_label = t(lang, "shell.games", &[]);
    let home_label = t(lang, "shell.home", &[]);
    let sound = t(lang, "sound.label", &[]);
    let sound_title = t(lang, "sound.title", &[]);
    format!(
        r##"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title data-i18n="{title_key}">{title} · marubatsu</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
{styles}{scripts}</head>
<body>
<header class="site">
  <a class="brand" href="/" aria-label="{home_label}" data-i18n-attr="aria-label:shell.home"><span aria-hidden="true">○×</span><span class="brand-text" aria-hidden="true"> marubatsu</span></a>
  <nav aria-label="{games_label}" data-i18n-attr="aria-label:shell.games">{nav}</nav>
  <div class="switches">
    <button type="button" id="sound" class="sound" aria-pressed="true" title="{sound_title}" data-i18n-attr="title:sound.title">{SPEAKER}<span class="sound-text">{sound}</span></button>
    <button type="button" id="lang" class="lang" lang="{other_lang}" data-i18n="lang.other">{other_name}</button>
  </div>
</header>
<main id="main">
{body}
</main>
</body>
</html>
"##,
        lang = lang.code(),
    )
}
