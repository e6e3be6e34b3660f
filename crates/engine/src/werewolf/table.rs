//! The table: how many players, the composition every hand starts with, and each player's chits.

use core::fmt;

use super::hand::Hand;
use super::options::Options;
use super::readings::{AttackDeath, DeathDraw};
use super::role::Role;
use super::seat::MAX_PLAYERS;

/// A table (R1): N players, each starting with a hand of N role cards in the composition's proportions, and
/// each owning the same chits.
///
/// ```
/// use marubatsu_engine::werewolf::{AttackDeath, Role, Table};
///
/// let table = Table::DEFAULT;
/// assert_eq!(table.players(), 8);
/// assert_eq!(table.starting_hand().to_string(), "2W 1S 5V");
/// assert_eq!((table.black(), table.white(), table.attacks()), (2, 3, 3));
/// assert_eq!(table.attack_death(), AttackDeath::AnyChits);
///
/// let small = Table::new(1, 1, 3)?;
/// assert_eq!(small.players(), 5);
/// assert_eq!(small.count(Role::Villager), 3);
/// # Ok::<(), marubatsu_engine::werewolf::TableError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    composition: Hand,
    black: u8,
    white: u8,
    attacks: u8,
    attack_death: AttackDeath,
    death_draw: DeathDraw,
    options: Options,
}

impl Table {
    /// The book's table: 8 players, 2 werewolves, 1 seer, 5 villagers; 2 black, 3 white and 3 attack chits
    /// each.
    pub const DEFAULT: Table = Table {
        composition: Hand::new(2, 1, 5),
        black: 2,
        white: 3,
        attacks: 3,
        attack_death: AttackDeath::AnyChits,
        death_draw: DeathDraw::AfterTransfers,
        options: Options::V2,
    };

    /// Version 3's table, the fairest the workbench found (`docs/src/results/werewolf.md`): 9 players,
    /// 3 werewolves, 1 seer, 5 villagers; 1 black, 1 white and 3 attack chits each; [`Options::V3`].
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{Options, Table};
    ///
    /// let table = Table::VERSION_3;
    /// assert_eq!(table.players(), 9);
    /// assert_eq!(table.starting_hand().to_string(), "3W 1S 5V");
    /// assert_eq!((table.black(), table.white(), table.attacks()), (1, 1, 3));
    /// assert_eq!(table.options(), Options::V3);
    /// ```
    pub const VERSION_3: Table = Table {
        composition: Hand::new(3, 1, 5),
        black: 1,
        white: 1,
        attacks: 3,
        attack_death: AttackDeath::AnyChits,
        death_draw: DeathDraw::AfterTransfers,
        options: Options::V3,
    };

    /// Version 4's table, where the page's setup starts: Version 3's (9 players, 3W 1S 5V, chits 1/1/3) under
    /// [`Options::V4`], the table and rules the workbench's panel found fairest between strong sides.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{Options, Table};
    ///
    /// assert_eq!(Table::VERSION_4, Table::VERSION_3.with_options(Options::V4));
    /// ```
    pub const VERSION_4: Table = Table::VERSION_3.with_options(Options::V4);

    /// The fewest players: with two, the first vote could never be decided (R9).
    pub const MIN_PLAYERS: u8 = 3;

    /// A table of `werewolves + seers + villagers` players with the default chits (2 black, 3 white, 3
    /// attacks). Every role needs at least one card and the table seats 3 to [`MAX_PLAYERS`].
    pub fn new(werewolves: u8, seers: u8, villagers: u8) -> Result<Table, TableError> {
        let composition = Hand::new(werewolves, seers, villagers);
        if let Some(role) = Role::ALL.into_iter().find(|&r| composition.count(r) == 0) {
            return Err(TableError::NoCards { role });
        }
        let players = u16::from(werewolves) + u16::from(seers) + u16::from(villagers);
        if players < u16::from(Table::MIN_PLAYERS) || players > MAX_PLAYERS as u16 {
            return Err(TableError::Players { players });
        }
        Ok(Table {
            composition,
            ..Table::DEFAULT
        })
    }

    /// The same table with other chit counts per player.
    #[must_use]
    pub const fn with_chits(self, black: u8, white: u8, attacks: u8) -> Table {
        Table {
            black,
            white,
            attacks,
            ..self
        }
    }

    /// The same table played with these readings of R5 and R8 (the spec's are [`AttackDeath::AnyChits`] and
    /// [`DeathDraw::AfterTransfers`]).
    #[must_use]
    pub const fn with_readings(self, attack_death: AttackDeath, death_draw: DeathDraw) -> Table {
        Table {
            attack_death,
            death_draw,
            ..self
        }
    }

    /// The same table played with these Version 3 options (end check, unplaceable cards, markers).
    #[must_use]
    pub const fn with_options(self, options: Options) -> Table {
        Table { options, ..self }
    }

    /// The table's choices of when R10 is checked, what becomes of cards nobody may take, and who marks.
    pub const fn options(&self) -> Options {
        self.options
    }

    /// Whose attack chits kill (R5).
    pub const fn attack_death(&self) -> AttackDeath {
        self.attack_death
    }

    /// When the dead draw their card (R8).
    pub const fn death_draw(&self) -> DeathDraw {
        self.death_draw
    }

    /// How many players (and cards in every hand).
    pub const fn players(&self) -> u8 {
        self.composition.size()
    }

    /// How many cards of `role` each hand starts with; the whole table holds `players()` times as many, always.
    pub const fn count(&self, role: Role) -> u8 {
        self.composition.count(role)
    }

    /// The hand every player starts with.
    pub const fn starting_hand(&self) -> Hand {
        self.composition
    }

    /// Black verdict chits per player.
    pub const fn black(&self) -> u8 {
        self.black
    }

    /// White verdict chits per player.
    pub const fn white(&self) -> u8 {
        self.white
    }

    /// Attack chits per player.
    pub const fn attacks(&self) -> u8 {
        self.attacks
    }
}

impl Default for Table {
    fn default() -> Table {
        Table::DEFAULT
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} players ({}W {}S {}V)",
            self.players(),
            self.count(Role::Werewolf),
            self.count(Role::Seer),
            self.count(Role::Villager)
        )
    }
}

/// Why a composition cannot make a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableError {
    /// A role has no card, so nobody could ever be it.
    NoCards {
        /// The missing role.
        role: Role,
    },
    /// The table would seat too few or too many players.
    Players {
        /// The total of the composition.
        players: u16,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NoCards { role } => write!(f, "the composition has no {role} card"),
            TableError::Players { players } => write!(
                f,
                "a table seats {} to {MAX_PLAYERS} players, not {players}",
                Table::MIN_PLAYERS
            ),
        }
    }
}

impl std::error::Error for TableError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositions_outside_the_limits_are_refused() {
        assert_eq!(Table::new(2, 0, 5), Err(TableError::NoCards { role: Role::Seer }));
        assert_eq!(Table::new(1, 1, 0), Err(TableError::NoCards { role: Role::Villager }));
        assert_eq!(Table::new(4, 4, 9), Err(TableError::Players { players: 17 }));
        assert_eq!(Table::new(2, 1, 5), Ok(Table::DEFAULT));
        assert_eq!(
            TableError::Players { players: 2 }.to_string(),
            "a table seats 3 to 16 players, not 2"
        );
    }
}
