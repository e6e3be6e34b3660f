//! The table a game is played at: the players' names, how many rounds, how long each talk. Checked when a game
//! starts and again when one is restored.

use core::fmt;

pub use crate::names::MAX_NAME_CHARS;
use crate::names::{NameError, check_name, name_key};

/// The fewest players: with two, the no-self-vote rule forces a 1–1 tie every round.
pub const MIN_PLAYERS: usize = 3;
/// The most players.
pub const MAX_PLAYERS: usize = 12;
/// The fewest rounds in a game.
pub const MIN_ROUNDS: u32 = 1;
/// The most rounds in a game.
pub const MAX_ROUNDS: u32 = 10;
/// The shortest talk, in seconds.
pub const MIN_TALK_SECONDS: u32 = 10;
/// The longest talk, in seconds.
pub const MAX_TALK_SECONDS: u32 = 600;

/// Why names, rounds or talk seconds cannot make a table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// Fewer than [`MIN_PLAYERS`] names.
    TooFewPlayers {
        /// How many names were given.
        found: usize,
    },
    /// More than [`MAX_PLAYERS`] names.
    TooManyPlayers {
        /// How many names were given.
        found: usize,
    },
    /// A name is empty, invisible, too long, or reads the same as another ([`crate::names`]).
    Name(NameError),
    /// A stored name has white space around it (only a restored state can have one).
    UntrimmedName {
        /// The seat (0-based) of the name.
        seat: usize,
    },
    /// The rounds are outside [`MIN_ROUNDS`]`..=`[`MAX_ROUNDS`].
    Rounds {
        /// The rounds given.
        found: u32,
    },
    /// The talk seconds are outside [`MIN_TALK_SECONDS`]`..=`[`MAX_TALK_SECONDS`].
    TalkSeconds {
        /// The seconds given.
        found: u32,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooFewPlayers { found } => {
                write!(f, "{found} players: at least {MIN_PLAYERS} are needed")
            }
            SetupError::TooManyPlayers { found } => {
                write!(f, "{found} players: at most {MAX_PLAYERS} can play")
            }
            SetupError::Name(error) => write!(f, "{error}"),
            SetupError::UntrimmedName { seat } => {
                write!(f, "the name in seat {} has white space around it", seat + 1)
            }
            SetupError::Rounds { found } => {
                write!(f, "{found} rounds: between {MIN_ROUNDS} and {MAX_ROUNDS} are allowed")
            }
            SetupError::TalkSeconds { found } => write!(
                f,
                "{found} talk seconds: between {MIN_TALK_SECONDS} and {MAX_TALK_SECONDS} are allowed"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl SetupError {
    /// A stable `snake_case` name of the reason, for the wire.
    pub const fn code(&self) -> &'static str {
        match self {
            SetupError::TooFewPlayers { .. } => "too_few_players",
            SetupError::TooManyPlayers { .. } => "too_many_players",
            SetupError::Name(error) => error.code(),
            SetupError::UntrimmedName { .. } => "untrimmed_name",
            SetupError::Rounds { .. } => "rounds_out_of_range",
            SetupError::TalkSeconds { .. } => "talk_seconds_out_of_range",
        }
    }
}

impl From<NameError> for SetupError {
    fn from(error: NameError) -> SetupError {
        SetupError::Name(error)
    }
}

/// Who plays (by seat), how many rounds, and how long each speaker talks. Always within the limits above.
///
/// ```
/// use marubatsu_engine::names::NameError;
/// use marubatsu_engine::relay::{SetupError, Table};
///
/// let table = Table::new(&[" Aki ", "Ben", "千尋"], 3, 60)?;
/// assert_eq!(table.players(), ["Aki", "Ben", "千尋"]);
/// assert_eq!((table.rounds(), table.talk_ms()), (3, 60_000));
/// assert_eq!(Table::new(&["Aki", "Ben"], 3, 60), Err(SetupError::TooFewPlayers { found: 2 }));
/// assert!(matches!(
///     Table::new(&["Aki", "Ben", "aki "], 3, 60),
///     Err(SetupError::Name(NameError::Repeated { seat: 2, first: 0, .. })),
/// ));
/// # Ok::<(), SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    players: Vec<String>,
    rounds: u8,
    talk_seconds: u16,
}

impl Table {
    /// A table from names as typed (each is trimmed), rounds and talk seconds; the first problem found says why
    /// not, checking the names first.
    pub fn new<S: AsRef<str>>(names: &[S], rounds: u32, talk_seconds: u32) -> Result<Table, SetupError> {
        let players: Vec<String> = names.iter().map(|name| name.as_ref().trim().to_owned()).collect();
        Table::from_parts(players, rounds, talk_seconds)
    }

    /// A table from names already trimmed, as a restored state holds them.
    pub(crate) fn from_parts(players: Vec<String>, rounds: u32, talk_seconds: u32) -> Result<Table, SetupError> {
        check_players(&players)?;
        let rounds = u8::try_from(rounds)
            .ok()
            .filter(|r| (MIN_ROUNDS..=MAX_ROUNDS).contains(&u32::from(*r)))
            .ok_or(SetupError::Rounds { found: rounds })?;
        let talk = u16::try_from(talk_seconds)
            .ok()
            .filter(|s| (MIN_TALK_SECONDS..=MAX_TALK_SECONDS).contains(&u32::from(*s)))
            .ok_or(SetupError::TalkSeconds { found: talk_seconds })?;
        Ok(Table {
            players,
            rounds,
            talk_seconds: talk,
        })
    }

    /// The names, by seat, given up by the table.
    #[cfg(feature = "serde")]
    pub(crate) fn into_players(self) -> Vec<String> {
        self.players
    }

    /// The names, by seat: a player is an index into this list.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// How many play.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// How many rounds the game has.
    pub const fn rounds(&self) -> u8 {
        self.rounds
    }

    /// How long each speaker talks, in seconds.
    pub const fn talk_seconds(&self) -> u16 {
        self.talk_seconds
    }

    /// How long each speaker talks, in milliseconds.
    pub const fn talk_ms(&self) -> u64 {
        self.talk_seconds as u64 * 1_000
    }
}

/// Checks stored names: how many, each trimmed, non-empty and short enough, and no two alike.
pub(crate) fn check_players(players: &[String]) -> Result<(), SetupError> {
    if players.len() < MIN_PLAYERS {
        return Err(SetupError::TooFewPlayers { found: players.len() });
    }
    if players.len() > MAX_PLAYERS {
        return Err(SetupError::TooManyPlayers { found: players.len() });
    }
    let mut keys: Vec<String> = Vec::with_capacity(players.len());
    for (seat, name) in players.iter().enumerate() {
        if name.trim() != name {
            return Err(SetupError::UntrimmedName { seat });
        }
        check_name(seat, name, MAX_NAME_CHARS)?;
        let key = name_key(name);
        if let Some(first) = keys.iter().position(|k| *k == key) {
            return Err(NameError::Repeated {
                seat,
                first,
                name: name.clone(),
                other: players[first].clone(),
            }
            .into());
        }
        keys.push(key);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_then_checked() {
        let Ok(table) = Table::new(&["\u{3000}ユキ\u{3000}", "\tBo\n", "Cy"], 1, 10) else {
            panic!("a valid table")
        };
        assert_eq!(table.players(), ["ユキ", "Bo", "Cy"]);
        assert_eq!(table.player_count(), 3);
        assert_eq!(
            Table::new(&["A", "   ", "C"], 1, 10),
            Err(SetupError::Name(NameError::Empty { seat: 1 }))
        );
        let long = "あ".repeat(25);
        assert_eq!(
            Table::new(&["A", "B", &long], 1, 10),
            Err(SetupError::Name(NameError::TooLong {
                seat: 2,
                graphemes: 25,
                limit: MAX_NAME_CHARS
            }))
        );
        // 24 characters is fine even though it is 72 bytes.
        let just = "あ".repeat(24);
        assert!(Table::new(&["A", "B", &just], 1, 10).is_ok());
        assert!(matches!(
            Table::new(&["A", "B", "C", " b"], 1, 10),
            Err(SetupError::Name(NameError::Repeated { seat: 3, first: 1, .. }))
        ));
    }

    #[test]
    fn names_are_told_apart_as_people_read_them() {
        assert!(matches!(
            Table::new(&["e\u{301}", "Bo", "\u{e9}"], 1, 10),
            Err(SetupError::Name(NameError::Repeated { seat: 2, first: 0, .. }))
        ));
        assert!(matches!(
            Table::new(&["Ann", "Bo", " ann "], 1, 10),
            Err(SetupError::Name(NameError::Repeated { seat: 2, first: 0, .. }))
        ));
        // Full-width and half-width forms read as the ordinary ones (NFKC).
        for (first, again) in [("Aki", "Ａｋｉ"), ("アキ", "ｱｷ")] {
            assert!(matches!(
                Table::new(&[first, "Bo", again], 1, 10),
                Err(SetupError::Name(NameError::Repeated { seat: 2, first: 0, .. }))
            ));
        }
        assert_eq!(
            Table::new(&["Ann", "\u{200b}\u{200b}", "Cy"], 1, 10),
            Err(SetupError::Name(NameError::Invisible { seat: 1 }))
        );
        // Twenty-four emoji families (168 code points) are twenty-four characters to a reader.
        let families = "👨\u{200d}👩\u{200d}👧\u{200d}👦".repeat(MAX_NAME_CHARS);
        assert!(Table::new(&["Ann", "Bo", &families], 1, 10).is_ok());
    }

    #[test]
    fn player_count_rounds_and_talk_seconds_have_limits() {
        let names = |n: usize| (0..n).map(|i| format!("P{i}")).collect::<Vec<_>>();
        for n in 0..=14 {
            let result = Table::new(&names(n), 3, 60);
            match n {
                0..=2 => assert_eq!(result, Err(SetupError::TooFewPlayers { found: n })),
                3..=12 => assert!(result.is_ok(), "{n} players"),
                _ => assert_eq!(result, Err(SetupError::TooManyPlayers { found: n })),
            }
        }
        for rounds in [0, 11, 256, 257, u32::MAX] {
            assert_eq!(
                Table::new(&names(3), rounds, 60),
                Err(SetupError::Rounds { found: rounds })
            );
        }
        for seconds in [0, 9, 601, 65_546, u32::MAX] {
            assert_eq!(
                Table::new(&names(3), 1, seconds),
                Err(SetupError::TalkSeconds { found: seconds })
            );
        }
        for (rounds, seconds) in [(1, 10), (10, 600)] {
            let Ok(table) = Table::new(&names(3), rounds, seconds) else {
                panic!("{rounds} rounds, {seconds} s")
            };
            assert_eq!(u32::from(table.rounds()), rounds);
            assert_eq!(u32::from(table.talk_seconds()), seconds);
            assert_eq!(table.talk_ms(), u64::from(seconds) * 1_000);
        }
    }

    #[test]
    fn stored_names_must_already_be_trimmed() {
        let players = vec!["A".to_owned(), "B ".to_owned(), "C".to_owned()];
        assert_eq!(
            Table::from_parts(players, 1, 10),
            Err(SetupError::UntrimmedName { seat: 1 })
        );
    }

    #[test]
    fn messages() {
        assert_eq!(
            SetupError::TooFewPlayers { found: 2 }.to_string(),
            "2 players: at least 3 are needed"
        );
        assert_eq!(
            SetupError::Name(NameError::Empty { seat: 3 }).to_string(),
            "the name of player 4 is empty"
        );
        assert_eq!(
            SetupError::TalkSeconds { found: 5 }.to_string(),
            "5 talk seconds: between 10 and 600 are allowed"
        );
    }
}
