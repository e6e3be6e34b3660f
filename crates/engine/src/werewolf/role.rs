//! The three roles and sets of them.

use core::fmt;

/// A role card (R1). Their canonical order — werewolf, seer, villager — is the order of a hand when a dead
/// player's card is drawn by index (R8) and the order in which simultaneous losses of one player are queued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfRole"))]
pub enum Role {
    /// W: attacks at night; wins when the fixed werewolves are at least half of the living (R10).
    #[default]
    Werewolf,
    /// S: marks players black ("is a werewolf") or white ("is not").
    Seer,
    /// V: no power; wins with everyone else who has lost the werewolf possibility.
    Villager,
}

impl Role {
    /// The three roles in canonical order.
    pub const ALL: [Role; 3] = [Role::Werewolf, Role::Seer, Role::Villager];

    /// 0, 1, 2 in canonical order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with this index in canonical order.
    pub const fn from_index(index: usize) -> Option<Role> {
        match index {
            0 => Some(Role::Werewolf),
            1 => Some(Role::Seer),
            2 => Some(Role::Villager),
            _ => None,
        }
    }

    /// One letter: `W`, `S`, `V`.
    pub const fn letter(self) -> char {
        match self {
            Role::Werewolf => 'W',
            Role::Seer => 'S',
            Role::Villager => 'V',
        }
    }

    /// The lower-case name: `werewolf`, `seer`, `villager`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Werewolf => "werewolf",
            Role::Seer => "seer",
            Role::Villager => "villager",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of roles: bit `i` is the role with index `i`.
///
/// ```
/// use marubatsu_engine::werewolf::{Role, RoleSet};
///
/// let lost = RoleSet::EMPTY.with(Role::Seer).with(Role::Villager);
/// // Every role but the werewolf is lost: the player is fixed as a werewolf.
/// assert_eq!(lost.complement().only(), Some(Role::Werewolf));
/// assert_eq!(lost.to_string(), "SV");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoleSet(u8);

impl RoleSet {
    /// No roles.
    pub const EMPTY: RoleSet = RoleSet(0);
    /// All three roles.
    pub const ALL: RoleSet = RoleSet(0b111);

    /// The set holding only `role`.
    pub const fn only_role(role: Role) -> RoleSet {
        RoleSet(1 << role as u8)
    }

    /// The set with `role` added.
    #[must_use]
    pub const fn with(self, role: Role) -> RoleSet {
        RoleSet(self.0 | 1 << role as u8)
    }

    /// The set with `role` removed.
    #[must_use]
    pub const fn without(self, role: Role) -> RoleSet {
        RoleSet(self.0 & !(1 << role as u8))
    }

    /// Whether `role` is in the set.
    pub const fn contains(self, role: Role) -> bool {
        self.0 & 1 << role as u8 != 0
    }

    /// The roles not in the set.
    #[must_use]
    pub const fn complement(self) -> RoleSet {
        RoleSet(!self.0 & 0b111)
    }

    /// How many roles.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The role, if the set holds exactly one.
    pub const fn only(self) -> Option<Role> {
        match self.0 {
            0b001 => Some(Role::Werewolf),
            0b010 => Some(Role::Seer),
            0b100 => Some(Role::Villager),
            _ => None,
        }
    }

    /// The roles in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Role> {
        Role::ALL.into_iter().filter(move |&role| self.contains(role))
    }
}

crate::cell_set::set_operators!(RoleSet);

impl FromIterator<Role> for RoleSet {
    fn from_iter<I: IntoIterator<Item = Role>>(iter: I) -> RoleSet {
        iter.into_iter().fold(RoleSet::EMPTY, RoleSet::with)
    }
}

impl fmt::Display for RoleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        self.iter().try_for_each(|role| write!(f, "{}", role.letter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_in_canonical_order() {
        for (i, role) in Role::ALL.into_iter().enumerate() {
            assert_eq!(role.index(), i);
            assert_eq!(Role::from_index(i), Some(role));
        }
        assert_eq!(Role::from_index(3), None);
    }

    #[test]
    fn only_names_a_single_role() {
        assert_eq!(RoleSet::EMPTY.only(), None);
        assert_eq!(RoleSet::ALL.only(), None);
        for role in Role::ALL {
            assert_eq!(RoleSet::only_role(role).only(), Some(role));
            assert_eq!(RoleSet::ALL.without(role).complement().only(), Some(role));
        }
        assert_eq!(RoleSet::ALL.to_string(), "WSV");
    }
}
