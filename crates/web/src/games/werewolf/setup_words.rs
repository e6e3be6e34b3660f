//! Why a table could not be set up, as the game's catalog words it: the engine's [`TableError`] and the page's own
//! limits, as catalog sentences of their fields (the engine's `Display` is English for logs, not for players).

use marubatsu_engine::werewolf::{MAX_PLAYERS, Table, TableError};

use crate::words::Words;

/// A composition the engine refuses.
pub(super) fn table_error(error: &TableError) -> Words {
    match *error {
        TableError::NoCards { role } => {
            Words::new("werewolf.setupError.noCards").with("role", super::text::role_words(role))
        }
        TableError::Players { players } => Words::new("werewolf.setupError.players")
            .arg("min", Table::MIN_PLAYERS)
            .arg("max", MAX_PLAYERS)
            .arg("players", players),
    }
}

/// More chits of a kind than a player may be given.
pub(super) fn too_many_chits(max: u8, [black, white, attacks]: [u8; 3]) -> Words {
    Words::new("werewolf.setupError.tooManyChits")
        .arg("max", max)
        .arg("black", black)
        .arg("white", white)
        .arg("attacks", attacks)
}

/// Rules the engine has no options for.
pub(super) fn unknown_options(name: &str) -> Words {
    Words::new("werewolf.setupError.unknownOptions").arg("name", name)
}

/// Not one name per seat.
pub(super) fn name_count(names: usize, players: u8) -> Words {
    Words::new("werewolf.setupError.nameCount")
        .arg("names", names)
        .arg("players", players)
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::werewolf::Role;

    use super::*;
    use crate::games::werewolf::text;
    use crate::lang::Lang;

    #[test]
    fn every_setup_refusal_is_worded_in_both_languages_from_its_fields() {
        let errors = [
            TableError::NoCards { role: Role::Seer },
            TableError::Players { players: 17 },
        ];
        for error in &errors {
            let (en, ja) = (
                table_error(error).in_lang(Lang::En),
                table_error(error).in_lang(Lang::Ja),
            );
            assert!(en.ends_with('.') && ja.ends_with('。'), "{en} / {ja}");
            assert_eq!(text::japanese_slips(&ja), Vec::<String>::new(), "{ja}");
            assert_ne!(en, error.to_string(), "the engine's words are not the page's");
        }
        assert!(table_error(&errors[0]).in_lang(Lang::Ja).contains("占い師"));
        assert!(table_error(&errors[1]).in_lang(Lang::Ja).contains("17人"));
        assert!(too_many_chits(9, [10, 1, 1]).in_lang(Lang::Ja).contains("黒10枚"));
        for ja in [
            too_many_chits(9, [10, 1, 1]).in_lang(Lang::Ja),
            unknown_options("v4").in_lang(Lang::Ja),
            name_count(2, 3).in_lang(Lang::Ja),
        ] {
            assert_eq!(text::japanese_slips(&ja), Vec::<String>::new(), "{ja}");
        }
        assert!(
            name_count(2, 3)
                .in_lang(Lang::En)
                .starts_with("2 names for a table of 3")
        );
        assert!(name_count(2, 3).in_lang(Lang::Ja).ends_with('。'));
    }
}
