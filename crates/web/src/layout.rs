//! The page shell every page shares: the header with the games and the sound switch, the stylesheet, and the
//! common script (sound, storage, keyboard grid) before the page's own.

use crate::games::GAMES;

/// A whole HTML page: `body` inside the shared layout, `current` marking the game in the navigation, and
/// `scripts` (asset names) loaded after the common script.
pub(crate) fn page(current: Option<&str>, title: &str, body: &str, scripts: &[&str]) -> String {
    let nav: String = GAMES
        .iter()
        .map(|game| {
            let here = if current == Some(game.slug) {
                r#" aria-current="page""#
            } else {
                ""
            };
            format!(
                r#"<a href="/{slug}"{here}>{title}</a>"#,
                slug = game.slug,
                title = game.title
            )
        })
        .collect();
    let scripts: String = scripts
        .iter()
        .map(|name| format!(r#"<script src="/assets/{name}" defer></script>"#))
        .collect();
    format!(
        r##"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>{title} · marubatsu</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/app.css">
<script src="/assets/common.js" defer></script>
{scripts}
</head>
<body>
<header class="site">
  <a class="brand" href="/" aria-label="marubatsu: all games"><span aria-hidden="true">○×</span> marubatsu</a>
  <nav aria-label="Games">{nav}</nav>
  <button type="button" id="sound" class="sound" aria-pressed="true" title="Sound effects on or off">Sound</button>
</header>
<main id="main">
{body}
</main>
</body>
</html>
"##
    )
}
