//! The three levels of the book's page: a board size and how many presses scramble it.

use core::fmt;

use super::size::Size;

/// A level as the book's `settings` table has it.
///
/// | level  | size | scramble presses |
/// |--------|------|------------------|
/// | easy   | 5×5  | 7                |
/// | normal | 6×6  | 12               |
/// | hard   | 7×7  | 18               |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "&'static str"))]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "LightsLevelName", rename_all = "lowercase")
)]
pub enum Level {
    /// 5×5, scrambled by 7 presses.
    Easy,
    /// 6×6, scrambled by 12 presses.
    Normal,
    /// 7×7, scrambled by 18 presses.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The size of the board.
    pub const fn size(self) -> Size {
        match self {
            Level::Easy => Size::Five,
            Level::Normal => Size::Six,
            Level::Hard => Size::Seven,
        }
    }

    /// How many distinct cells a new puzzle presses on the dark board.
    pub const fn scramble_presses(self) -> u8 {
        match self {
            Level::Easy => 7,
            Level::Normal => 12,
            Level::Hard => 18,
        }
    }

    /// The book's name for the level, lowercase: `easy`, `normal` or `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level with this [`name`](Level::name), or `None`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }
}

/// A level name that is not one of [`Level::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level {:?}: the levels are easy, normal and hard", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl TryFrom<String> for Level {
    type Error = UnknownLevel;

    fn try_from(name: String) -> Result<Level, UnknownLevel> {
        Level::from_name(&name).ok_or(UnknownLevel(name))
    }
}

impl From<Level> for &'static str {
    fn from(level: Level) -> &'static str {
        level.name()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_match_the_book() {
        let table: Vec<(&str, u8, u8)> = Level::ALL
            .iter()
            .map(|l| (l.name(), l.size().side(), l.scramble_presses()))
            .collect();
        assert_eq!(table, [("easy", 5, 7), ("normal", 6, 12), ("hard", 7, 18)]);
    }

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
            assert_eq!(level.to_string(), level.name());
        }
        assert_eq!(Level::from_name("Easy"), None);
        assert_eq!(Level::from_name(""), None);
    }
}
