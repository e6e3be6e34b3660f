//! The players' names at a table: one per seat, each visible, short enough, and none read the same as another
//! ([`crate::names`]), so a card, a ballot or a log line always points at one person.

use core::fmt;

use super::table::Table;
use crate::names::{NameError, check_names};

pub use crate::names::MAX_NAME_CHARS;

/// Why names cannot seat a table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatingError {
    /// Not one name per seat.
    Count {
        /// Names given.
        names: usize,
        /// Seats at the table.
        players: u8,
    },
    /// A name is refused ([`NameError`]).
    Name(NameError),
}

impl fmt::Display for SeatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatingError::Count { names, players } => {
                write!(
                    f,
                    "{names} names for a table of {players} players: give one name per player"
                )
            }
            SeatingError::Name(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for SeatingError {}

impl Table {
    /// The names of the players, by seat, trimmed: one per seat, each passing the rules of [`crate::names`] with
    /// at most [`MAX_NAME_CHARS`] characters.
    ///
    /// ```
    /// use marubatsu_engine::names::NameError;
    /// use marubatsu_engine::werewolf::{SeatingError, Table};
    ///
    /// let table = Table::new(1, 1, 1)?;
    /// assert_eq!(table.seat(&["Aki ", "Ben", "千尋"]), Ok(vec!["Aki".into(), "Ben".into(), "千尋".into()]));
    /// assert!(matches!(
    ///     table.seat(&["Ann", "Ben", " ann "]),
    ///     Err(SeatingError::Name(NameError::Repeated { seat: 2, first: 0, .. })),
    /// ));
    /// # Ok::<(), marubatsu_engine::werewolf::TableError>(())
    /// ```
    pub fn seat<S: AsRef<str>>(&self, names: &[S]) -> Result<Vec<String>, SeatingError> {
        if names.len() != usize::from(self.players()) {
            return Err(SeatingError::Count {
                names: names.len(),
                players: self.players(),
            });
        }
        check_names(names, MAX_NAME_CHARS).map_err(SeatingError::Name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Table {
        Table::new(1, 1, 1).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_same_name_typed_two_ways_is_refused_naming_both() {
        let Err(SeatingError::Name(error)) = three().seat(&["e\u{301}", "Bo", "\u{e9}"]) else {
            panic!("\"e\u{301}\" and \"\u{e9}\" are one name")
        };
        assert_eq!(error.seat(), 2);
        assert!(error.to_string().contains("player 3"), "{error}");
        assert!(error.to_string().contains("player 1"), "{error}");
        assert!(matches!(
            three().seat(&["Ann", " ann ", "Cy"]),
            Err(SeatingError::Name(NameError::Repeated { seat: 1, first: 0, .. }))
        ));
    }

    #[test]
    fn invisible_and_overlong_names_are_refused() {
        assert_eq!(
            three().seat(&["Ann", "Bo", "\u{200b}\u{200b}"]),
            Err(SeatingError::Name(NameError::Invisible { seat: 2 }))
        );
        let flags = "🇯🇵".repeat(MAX_NAME_CHARS);
        assert!(three().seat(&["Ann", "Bo", &flags]).is_ok());
        let more = "🇯🇵".repeat(MAX_NAME_CHARS + 1);
        assert!(matches!(
            three().seat(&["Ann", "Bo", &more]),
            Err(SeatingError::Name(NameError::TooLong {
                seat: 2,
                graphemes: 25,
                ..
            }))
        ));
    }

    #[test]
    fn one_name_per_seat() {
        assert_eq!(
            three().seat(&["Ann", "Bo"]),
            Err(SeatingError::Count { names: 2, players: 3 })
        );
    }
}
