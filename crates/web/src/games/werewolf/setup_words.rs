//! Why a table could not be set up, in the player's language: the engine's [`TableError`] and the page's own
//! limits, worded from their fields by the game's catalog (the engine's `Display` is English for logs, not for
//! players).

use marubatsu_engine::werewolf::{MAX_PLAYERS, Table, TableError};

use super::text;
use crate::lang::Lang;
use crate::words::t;

/// A composition the engine refuses.
pub(super) fn table_error(lang: Lang, error: &TableError) -> String {
    match *error {
        TableError::NoCards { role } => t(
            lang,
            "werewolf.setupError.noCards",
            &[("role", &text::role(lang, role))],
        ),
        TableError::Players { players } => t(
            lang,
            "werewolf.setupError.players",
            &[
                ("min", &Table::MIN_PLAYERS),
                ("max", &MAX_PLAYERS),
                ("players", &players),
            ],
        ),
    }
}

/// More chits of a kind than a player may be given.
pub(super) fn too_many_chits(lang: Lang, max: u8, [black, white, attacks]: [u8; 3]) -> String {
    t(
        lang,
        "werewolf.setupError.tooManyChits",
        &[
            ("max", &max),
            ("black", &black),
            ("white", &white),
            ("attacks", &attacks),
        ],
    )
}

/// Rules the engine has no options for.
pub(super) fn unknown_options(lang: Lang, name: &str) -> String {
    t(lang, "werewolf.setupError.unknownOptions", &[("name", &name)])
}

/// Not one name per seat.
pub(super) fn name_count(lang: Lang, names: usize, players: u8) -> String {
    t(
        lang,
        "werewolf.setupError.nameCount",
        &[("names", &names), ("players", &players)],
    )
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::werewolf::Role;

    use super::*;

    #[test]
    fn every_setup_refusal_is_worded_in_both_languages_from_its_fields() {
        let errors = [
            TableError::NoCards { role: Role::Seer },
            TableError::Players { players: 17 },
        ];
        for error in &errors {
            let (en, ja) = (table_error(Lang::En, error), table_error(Lang::Ja, error));
            assert!(en.ends_with('.') && ja.ends_with('。'), "{en} / {ja}");
            assert_eq!(text::japanese_slips(&ja), Vec::<String>::new(), "{ja}");
            assert_ne!(en, error.to_string(), "the engine's words are not the page's");
        }
        assert!(table_error(Lang::Ja, &errors[0]).contains("占い師"));
        assert!(table_error(Lang::Ja, &errors[1]).contains("17人"));
        assert!(too_many_chits(Lang::Ja, 9, [10, 1, 1]).contains("黒10枚"));
        for ja in [
            too_many_chits(Lang::Ja, 9, [10, 1, 1]),
            unknown_options(Lang::Ja, "v4"),
            name_count(Lang::Ja, 2, 3),
        ] {
            assert_eq!(text::japanese_slips(&ja), Vec::<String>::new(), "{ja}");
        }
        assert!(name_count(Lang::En, 2, 3).starts_with("2 names for a table of 3"));
        assert!(name_count(Lang::Ja, 2, 3).ends_with('。'));
    }
}
