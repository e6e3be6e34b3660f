//! Why a table could not be set up, in the player's language: the engine's [`TableError`] and the page's own
//! limits, worded here from their fields (the engine's `Display` is English for logs, not for players).

use marubatsu_engine::werewolf::{MAX_PLAYERS, Table, TableError};

use super::text;
use crate::lang::Lang;

/// A composition the engine refuses.
pub(super) fn table_error(lang: Lang, error: &TableError) -> String {
    match *error {
        TableError::NoCards { role } => match lang {
            Lang::En => format!(
                "Every hand needs at least one {} card: without one, nobody could ever be the {}.",
                text::role(lang, role),
                text::role(lang, role)
            ),
            Lang::Ja => format!(
                "手札には{}カードが1枚以上必要です。1枚もないと、誰も{}になれません。",
                text::role(lang, role),
                text::role(lang, role)
            ),
        },
        TableError::Players { players } => match lang {
            Lang::En => format!(
                "A table seats {} to {MAX_PLAYERS} players, not {players}: change the number of cards per hand.",
                Table::MIN_PLAYERS
            ),
            Lang::Ja => format!(
                "遊べるのは{}〜{MAX_PLAYERS}人です。{players}人にはなりません。手札の枚数を変えてください。",
                Table::MIN_PLAYERS
            ),
        },
    }
}

/// More chits of a kind than a player may be given.
pub(super) fn too_many_chits(lang: Lang, max: u8, [black, white, attacks]: [u8; 3]) -> String {
    match lang {
        Lang::En => format!(
            "A player may be given at most {max} chits of a kind, not {black} black, {white} white and {attacks} \
             attack chits."
        ),
        Lang::Ja => {
            format!("チップは1種類につき{max}枚までです（黒{black}枚・白{white}枚・襲撃{attacks}枚は多すぎます）。")
        }
    }
}

/// Rules the engine has no options for.
pub(super) fn unknown_options(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("There are no rules called \"{name}\": choose Version 2, 3 or 4."),
        Lang::Ja => format!("「{name}」というルールはありません。バージョン2、3、4のどれかを選んでください。"),
    }
}

/// Not one name per seat.
pub(super) fn name_count(lang: Lang, names: usize, players: u8) -> String {
    match lang {
        Lang::En => format!("{names} names for a table of {players} players: give one name per player."),
        Lang::Ja => format!("{players}人の卓に名前が{names}個あります。一人に一つずつ名前をつけてください。"),
    }
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
