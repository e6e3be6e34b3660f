//! A small picture of each game, drawn here as inline SVG (nothing is downloaded): large on the index's cards,
//! small in the navigation, where on a phone it stands in for the game's name. Decorative: the name is always
//! beside it in text, so the pictures are hidden from screen readers.

use super::GamePage;

/// The picture of `game`, at `size` px square. The drawing is the game's own entry's, so the games are listed
/// once, in [`GAMES`](super::GAMES).
pub(crate) fn picture(game: &GamePage, size: u32) -> String {
    let drawing = game.picture;
    format!(
        r#"<svg class="picture" width="{size}" height="{size}" viewBox="0 0 48 48" aria-hidden="true" focusable="false">{drawing}</svg>"#
    )
}

/// A 3×3 corner of the board with a lit cross: what one press does.
pub(crate) const LIGHTS: &str = r##"<g stroke="#2e3a55" stroke-width="1">
<rect x="4" y="4" width="12" height="12" rx="3" fill="#1e2940"/><rect x="18" y="4" width="12" height="12" rx="3" fill="#ffc83d"/><rect x="32" y="4" width="12" height="12" rx="3" fill="#1e2940"/>
<rect x="4" y="18" width="12" height="12" rx="3" fill="#ffc83d"/><rect x="18" y="18" width="12" height="12" rx="3" fill="#ffc83d"/><rect x="32" y="18" width="12" height="12" rx="3" fill="#ffc83d"/>
<rect x="4" y="32" width="12" height="12" rx="3" fill="#1e2940"/><rect x="18" y="32" width="12" height="12" rx="3" fill="#ffc83d"/><rect x="32" y="32" width="12" height="12" rx="3" fill="#1e2940"/>
</g>"##;

/// Two speech bubbles, one picking up from the other.
pub(crate) const RELAY: &str = r##"<path d="M5 8h24a3 3 0 0 1 3 3v11a3 3 0 0 1-3 3H15l-6 5v-5H5a3 3 0 0 1-3-3V11a3 3 0 0 1 3-3z" fill="#7dd3fc"/>
<path d="M19 22h24a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3h-4v5l-6-5H19a3 3 0 0 1-3-3V25a3 3 0 0 1 3-3z" fill="#c4b5fd"/>
<g fill="#0f1420"><circle cx="11" cy="16.5" r="2"/><circle cx="17" cy="16.5" r="2"/><circle cx="23" cy="16.5" r="2"/>
<circle cx="25" cy="30" r="2"/><circle cx="31" cy="30" r="2"/><circle cx="37" cy="30" r="2"/></g>"##;

/// A board with a nought and a cross.
pub(crate) const TICTACTOE: &str = r##"<g stroke="#9aa6bf" stroke-width="2" stroke-linecap="round"><path d="M17 5v38M31 5v38M5 17h38M5 31h38"/></g>
<circle cx="11" cy="11" r="4" fill="none" stroke="#5eead4" stroke-width="2.5"/>
<path d="M20.5 20.5l7 7M27.5 20.5l-7 7" stroke="#ff7a7a" stroke-width="2.5" stroke-linecap="round"/>
<circle cx="38" cy="38" r="4" fill="none" stroke="#5eead4" stroke-width="2.5"/>"##;

/// A crescent moon over a face that is half villager, half wolf.
pub(crate) const WEREWOLF: &str = r##"<path d="M36 3a9 9 0 1 0 9 12 7 7 0 1 1-9-12z" fill="#ffc83d"/>
<path d="M24 18c-8 0-13 6-13 13s5 13 13 13z" fill="#7dd3fc"/>
<path d="M24 18l6-6 1 9c2 2 4 6 4 10 0 7-5 13-11 13z" fill="#c4b5fd"/>
<circle cx="19" cy="29" r="1.8" fill="#0f1420"/><circle cx="29" cy="29" r="1.8" fill="#0f1420"/>"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_picture_hidden_from_screen_readers() {
        for game in super::super::GAMES {
            let svg = picture(game, 48);
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{}", game.slug);
            assert!(svg.contains(r#"aria-hidden="true""#));
            assert!(!game.picture.is_empty(), "{}", game.slug);
        }
    }
}
