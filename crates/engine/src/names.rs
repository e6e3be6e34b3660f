//! Player names as people read them, shared by every game that seats named players (the relay, werewolf).
//!
//! Two names are the same name when a person would read them as the same: they are compared after trimming
//! the white space around them, dropping invisible characters (zero-width spaces, joiners, direction marks…),
//! Unicode NFKC normalisation and lower-casing, so `"e\u{301}"` and `"\u{e9}"`, `"Ann"` and `" ann "`, the
//! full-width `"Ａｋｉ"` and `"Aki"`, or the half-width `"ｱｷ"` and `"アキ"` are one name. A name with nothing
//! visible in it is no name. Lengths count grapheme clusters — what a person sees as one character — so a
//! family emoji of seven code points is one, and a Japanese name counts its kana.
//!
//! ```
//! use marubatsu_engine::names::{NameError, check_names, same_name};
//!
//! assert!(same_name("Ann", " ann "));
//! assert!(same_name("Ren\u{e9}", "Rene\u{301}"));
//! assert!(same_name("Ａｋｉ", "aki"));
//! assert!(same_name("ｱｷ", "アキ"));
//! assert_eq!(check_names(&["Aki", "\u{200b}\u{200b}"], 24), Err(NameError::Invisible { seat: 1 }));
//! assert_eq!(
//!     check_names(&["Aki", "Ben", "AKI"], 24),
//!     Err(NameError::Repeated { seat: 2, first: 0, name: "AKI".into(), other: "Aki".into() }),
//! );
//! assert_eq!(check_names(&[" Aki ", "Ben"], 24), Ok(vec!["Aki".to_owned(), "Ben".to_owned()]));
//! ```

use core::fmt;

use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

/// Why a list of names cannot seat a table. Seats count from 0; the messages count them from 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NameError {
    /// The name is empty once trimmed.
    Empty {
        /// The seat of the name.
        seat: usize,
    },
    /// The name holds characters but none that can be seen (only white space and format characters).
    Invisible {
        /// The seat of the name.
        seat: usize,
    },
    /// The name is longer than the limit, counted in grapheme clusters.
    TooLong {
        /// The seat of the name.
        seat: usize,
        /// Its length in grapheme clusters.
        graphemes: usize,
        /// The limit.
        limit: usize,
    },
    /// The name reads the same as an earlier one.
    Repeated {
        /// The later seat.
        seat: usize,
        /// The earlier seat.
        first: usize,
        /// The later name, trimmed.
        name: String,
        /// The earlier name, trimmed.
        other: String,
    },
}

impl NameError {
    /// A stable `snake_case` name of the reason, for the wire.
    pub const fn code(&self) -> &'static str {
        match self {
            NameError::Empty { .. } => "name_empty",
            NameError::Invisible { .. } => "name_invisible",
            NameError::TooLong { .. } => "name_too_long",
            NameError::Repeated { .. } => "name_repeated",
        }
    }

    /// The seat (from 0) whose name is refused.
    pub const fn seat(&self) -> usize {
        match *self {
            NameError::Empty { seat }
            | NameError::Invisible { seat }
            | NameError::TooLong { seat, .. }
            | NameError::Repeated { seat, .. } => seat,
        }
    }
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty { seat } => write!(f, "the name of player {} is empty", seat + 1),
            NameError::Invisible { seat } => write!(
                f,
                "the name of player {} has no visible character (only spaces or invisible marks)",
                seat + 1
            ),
            NameError::TooLong { seat, graphemes, limit } => write!(
                f,
                "the name of player {} has {graphemes} characters, more than {limit}",
                seat + 1
            ),
            NameError::Repeated {
                seat,
                first,
                name,
                other,
            } => write!(
                f,
                "player {} is called \"{name}\", which reads the same as player {}'s \"{other}\": give them \
                 different names",
                seat + 1,
                first + 1
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// Whether `c` shows nothing by itself: white space, controls, and the format and filler characters that
/// render as nothing (zero-width space and joiners, direction marks, word joiner, byte-order mark, variation
/// selectors, tags, Hangul fillers, the blank Braille pattern).
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The form two names are compared in: trimmed, invisible characters dropped, NFKC, lower case. NFKC rather than
/// NFC so that the full-width and half-width forms a Japanese keyboard offers (`Ａｋｉ`, `ｱｷ`) read as the
/// ordinary ones.
pub fn name_key(name: &str) -> String {
    let visible: String = name.chars().filter(|&c| !is_invisible(c)).collect();
    // Lower-casing can leave a decomposed sequence (and NFKC can expose a capital): normalise on both sides.
    visible.nfkc().collect::<String>().to_lowercase().nfkc().collect()
}

/// Whether `a` and `b` read as the same name.
pub fn same_name(a: &str, b: &str) -> bool {
    name_key(a) == name_key(b)
}

/// The length of `name` as a person counts it: grapheme clusters.
pub fn graphemes(name: &str) -> usize {
    name.graphemes(true).count()
}

/// The longest name, in what a person sees as characters (grapheme clusters: a Japanese name counts its kana, an
/// emoji family is one), after trimming. Every game's table uses it; the games re-export it where their limits
/// are listed.
pub const MAX_NAME_CHARS: usize = 24;

/// Checks one name: not empty once trimmed, something visible in it, at most `limit` grapheme clusters. Seat
/// numbers the error.
pub fn check_name(seat: usize, name: &str, limit: usize) -> Result<(), NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty { seat });
    }
    if name.chars().all(is_invisible) {
        return Err(NameError::Invisible { seat });
    }
    let graphemes = graphemes(name);
    if graphemes > limit {
        return Err(NameError::TooLong { seat, graphemes, limit });
    }
    Ok(())
}

/// The names trimmed, if each passes [`check_name`] and no two read the same; else the first problem, seat by
/// seat.
pub fn check_names<S: AsRef<str>>(names: &[S], limit: usize) -> Result<Vec<String>, NameError> {
    let mut keys: Vec<String> = Vec::with_capacity(names.len());
    let mut trimmed = Vec::with_capacity(names.len());
    for (seat, name) in names.iter().enumerate() {
        let name = name.as_ref().trim();
        check_name(seat, name, limit)?;
        let key = name_key(name);
        if let Some(first) = keys.iter().position(|k| *k == key) {
            return Err(NameError::Repeated {
                seat,
                first,
                name: name.to_owned(),
                other: names[first].as_ref().trim().to_owned(),
            });
        }
        keys.push(key);
        trimmed.push(name.to_owned());
    }
    Ok(trimmed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composed_and_decomposed_accents_are_one_name() {
        assert!(same_name("e\u{301}", "\u{e9}"));
        let result = check_names(&["e\u{301}", "Bo", "\u{e9}"], 24);
        assert_eq!(
            result,
            Err(NameError::Repeated {
                seat: 2,
                first: 0,
                name: "\u{e9}".into(),
                other: "e\u{301}".into()
            })
        );
        // A capital accented letter written either way is the same name as the small one.
        assert!(same_name("E\u{301}mi", "\u{e9}mi"));
    }

    #[test]
    fn full_width_and_half_width_forms_are_one_name() {
        assert!(same_name("Ａｋｉ", "Aki"));
        assert!(same_name("ｱｷ", "アキ"));
        // Half-width kana with a voiced mark compose to the one full-width letter.
        assert!(same_name("ｶﾞｸ", "ガク"));
        assert!(!same_name("アキ", "あき"), "katakana and hiragana are different names");
        let error = check_names(&["アキ", "Ben", "ｱｷ"], 24).unwrap_err();
        assert_eq!(
            error,
            NameError::Repeated {
                seat: 2,
                first: 0,
                name: "ｱｷ".into(),
                other: "アキ".into()
            }
        );
    }

    #[test]
    fn case_and_surrounding_space_do_not_make_a_new_name() {
        assert!(same_name("Ann", " ann "));
        assert!(same_name("ANN", "ann\u{3000}"));
        assert!(!same_name("Ann", "Anna"));
        let error = check_names(&["Ann", "Ben", " ann "], 24).unwrap_err();
        assert_eq!(error.seat(), 2);
        assert_eq!(
            error.to_string(),
            "player 3 is called \"ann\", which reads the same as player 1's \"Ann\": give them different names"
        );
    }

    #[test]
    fn invisible_marks_neither_make_a_name_nor_tell_two_apart() {
        assert_eq!(
            check_names(&["Ann", "\u{200b}\u{200b}"], 24),
            Err(NameError::Invisible { seat: 1 })
        );
        for blank in ["\u{feff}", "\u{200d}\u{2060}", "\u{3164}", "\u{e0020}"] {
            assert_eq!(
                check_name(0, blank, 24),
                Err(NameError::Invisible { seat: 0 }),
                "{blank:?}"
            );
        }
        assert_eq!(check_name(4, " \t ", 24), Err(NameError::Empty { seat: 4 }));
        assert!(same_name("Ann", "A\u{200b}nn"));
        // A zero-width joiner inside an emoji sequence is part of a visible name.
        assert_eq!(check_name(0, "👩\u{200d}💻", 24), Ok(()));
    }

    #[test]
    fn lengths_count_what_a_person_sees() {
        // A family is seven code points and one grapheme; ten of them fit a limit of ten, eleven do not.
        let family = "👨\u{200d}👩\u{200d}👧\u{200d}👦";
        assert_eq!(family.chars().count(), 7);
        assert_eq!(graphemes(family), 1);
        let ten = family.repeat(10);
        assert_eq!(check_name(0, &ten, 10), Ok(()));
        assert_eq!(
            check_name(0, &family.repeat(11), 10),
            Err(NameError::TooLong {
                seat: 0,
                graphemes: 11,
                limit: 10
            })
        );
        // A flag is two code points and one grapheme; an accented letter written as two code points is one.
        assert_eq!(graphemes("🇯🇵e\u{301}"), 2);
        assert_eq!(graphemes("ユキ"), 2);
    }

    #[test]
    fn accepted_names_come_back_trimmed_in_seat_order() {
        assert_eq!(
            check_names(&["\u{3000}ユキ\u{3000}", "\tBo\n", "Cy"], 24),
            Ok(vec!["ユキ".to_owned(), "Bo".to_owned(), "Cy".to_owned()])
        );
    }
}
