//! A player's public hand of role cards: how many of each role.

use core::fmt;

use super::role::{Role, RoleSet};

/// A hand of role cards, counted per role (R1). The share of a role in the hand is the probability that the
/// player has that role; the size never changes during a game, since every card handed over is paid back with
/// one card (R4, R5, R7) — except that Version 3 may discard cards nobody can take ([`Unplaceable::Discard`](super::Unplaceable::Discard)).
///
/// ```
/// use marubatsu_engine::werewolf::{Hand, Role};
///
/// let hand = Hand::new(2, 1, 5); // the default starting hand
/// assert_eq!(hand.size(), 8);
/// assert_eq!(hand.share(Role::Werewolf), 0.25);
/// // Drawn by index in canonical order: W W S V V V V V.
/// assert_eq!(hand.card(2), Some(Role::Seer));
/// assert_eq!(hand.card(8), None);
/// assert_eq!(hand.to_string(), "2W 1S 5V");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand([u8; 3]);

impl Hand {
    /// A hand with these many werewolf, seer and villager cards.
    pub const fn new(werewolves: u8, seers: u8, villagers: u8) -> Hand {
        Hand([werewolves, seers, villagers])
    }

    /// How many cards of `role`.
    pub const fn count(self, role: Role) -> u8 {
        self.0[role as usize]
    }

    /// The counts in canonical order (W, S, V).
    pub const fn counts(self) -> [u8; 3] {
        self.0
    }

    /// How many cards in all.
    pub const fn size(self) -> u8 {
        self.0[0] + self.0[1] + self.0[2]
    }

    /// The share of `role`: the probability that the player has it. 0 for an empty hand.
    pub fn share(self, role: Role) -> f64 {
        match self.size() {
            0 => 0.0,
            size => f64::from(self.count(role)) / f64::from(size),
        }
    }

    /// The roles with at least one card.
    pub fn roles(self) -> RoleSet {
        Role::ALL.into_iter().filter(|&role| self.count(role) > 0).collect()
    }

    /// The card at `index` when the hand is laid out in canonical order (all W, then S, then V), as the UI
    /// reports a draw (R8); `None` past the end.
    pub fn card(self, index: u8) -> Option<Role> {
        let mut rest = index;
        for role in Role::ALL {
            if rest < self.count(role) {
                return Some(role);
            }
            rest -= self.count(role);
        }
        None
    }

    /// Adds `n` cards of `role`.
    pub(crate) fn add(&mut self, role: Role, n: u8) {
        self.0[role.index()] += n;
    }

    /// Removes `n` cards of `role`; the caller has checked that they are there.
    pub(crate) fn remove(&mut self, role: Role, n: u8) {
        debug_assert!(self.0[role.index()] >= n, "removing {n} {role} from {self}");
        self.0[role.index()] -= n;
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}W {}S {}V", self.0[0], self.0[1], self.0[2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_by_index_follow_the_canonical_order() {
        let hand = Hand::new(0, 3, 1);
        let drawn: Vec<_> = (0..hand.size()).filter_map(|i| hand.card(i)).collect();
        assert_eq!(drawn, [Role::Seer, Role::Seer, Role::Seer, Role::Villager]);
        assert_eq!(hand.roles().to_string(), "SV");
        assert_eq!(Hand::default().share(Role::Seer), 0.0);
    }
}
