//! Whether the table still describes a possible world (R11, Version 2): some assignment of roles to every
//! player, alive or dead, that matches the composition, gives nobody a role they have lost, makes every chit of
//! a seer true, and leaves no werewolf's attack chit in front of another werewolf.
//!
//! The search picks the seers first (few: the composition has one or two), which fixes who must be a werewolf
//! (their black marks, and whoever may be nothing but a werewolf or a villager yet has lost the villager), who may
//! not be (their white marks, the seers, who lost the werewolf), and then looks for the remaining werewolves
//! as an independent set of the attack graph (no two werewolves on either end of one attack chit). Seats are bits
//! of a `u16`, so a table of 16 needs at most C(16, S) seer sets, each searched in a few hundred steps.

use super::chits::ChitKind;
use super::game::WerewolfState;
use super::role::Role;
use super::seat::MAX_PLAYERS;

/// What the search needs, as bit masks over the seats.
pub(super) struct Constraints {
    /// Seats that may still be each role, by [`Role::index`].
    pub(super) may: [u16; 3],
    /// Seats each seat has marked black, and white.
    pub(super) black: [u16; MAX_PLAYERS],
    pub(super) white: [u16; MAX_PLAYERS],
    /// Seats joined to each seat by an attack chit, either way.
    pub(super) attack: [u16; MAX_PLAYERS],
    /// Every seat at the table.
    pub(super) all: u16,
    /// How many players must be each role.
    pub(super) need: [u8; 3],
}

impl WerewolfState {
    /// Whether some assignment of roles to all players fits everything on the table (R11, Version 2): the
    /// composition's count of each role, no player given a role they have lost, every chit of a seer true (black
    /// on a werewolf, white on a non-werewolf), and no werewolf's attack chit on another werewolf.
    ///
    /// The engine ends the game in a paradox the moment this fails, so it holds in every state a game can be in
    /// before its end.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{WerewolfState, Table};
    ///
    /// assert!(WerewolfState::new(Table::DEFAULT).is_consistent());
    /// ```
    pub fn is_consistent(&self) -> bool {
        let c = self.constraints();
        seer_sets(&c, c.may[Role::Seer.index()], 0, c.need[Role::Seer.index()])
    }

    pub(super) fn constraints(&self) -> Constraints {
        let mut c = Constraints {
            may: [0; 3],
            black: [0; MAX_PLAYERS],
            white: [0; MAX_PLAYERS],
            attack: [0; MAX_PLAYERS],
            all: 0,
            need: Role::ALL.map(|role| self.table.count(role)),
        };
        for seat in self.seats() {
            let i = seat.index();
            let bit = 1u16 << i;
            c.all |= bit;
            for role in self.possible(seat).iter() {
                c.may[role.index()] |= bit;
            }
            c.black[i] = self.chits.targets_of(seat, ChitKind::Black).bits();
            c.white[i] = self.chits.targets_of(seat, ChitKind::White).bits();
            let attacked = self.chits.targets_of(seat, ChitKind::Attack).bits();
            c.attack[i] |= attacked;
            for target in 0..MAX_PLAYERS {
                if attacked & 1 << target != 0 {
                    c.attack[target] |= bit;
                }
            }
        }
        c
    }
}

/// Whether some set of `left` more seers taken from `candidates` (on top of `chosen`) completes a world.
fn seer_sets(c: &Constraints, candidates: u16, chosen: u16, left: u8) -> bool {
    if left == 0 {
        return werewolves_fit(c, chosen);
    }
    if candidates.count_ones() < u32::from(left) {
        return false;
    }
    let seer = candidates & candidates.wrapping_neg();
    let rest = candidates & !seer;
    seer_sets(c, rest, chosen | seer, left - 1) || seer_sets(c, rest, chosen, left)
}

/// Whether, with exactly `seers` as the seers, the others split into werewolves and villagers that fit.
fn werewolves_fit(c: &Constraints, seers: u16) -> bool {
    wolf_choice(c, seers).is_some_and(|choice| independent(c, choice.free, choice.more))
}

/// What is left to choose once `seers` are the seers: the werewolves some chit or loss forces, and how many
/// more to pick from the free seats. `None` when no split fits whatever is picked.
pub(super) struct WolfChoice {
    /// Seats that must be werewolves.
    pub(super) must: u16,
    /// Seats that may be werewolves on top of `must` (none joined to `must` by an attack chit).
    pub(super) free: u16,
    /// How many of `free` must be werewolves, no two joined by an attack chit.
    pub(super) more: u8,
}

pub(super) fn wolf_choice(c: &Constraints, seers: u16) -> Option<WolfChoice> {
    let (mut marked_black, mut marked_white) = (0u16, 0u16);
    for i in bits(seers) {
        marked_black |= c.black[i];
        marked_white |= c.white[i];
    }
    let others = c.all & !seers;
    // Everyone else is a werewolf or a villager: who cannot be a villager must be a werewolf.
    let must = marked_black | (others & !c.may[Role::Villager.index()]);
    let may = others & c.may[Role::Werewolf.index()] & !marked_white;
    if must & !may != 0 {
        return None;
    }
    let need = c.need[Role::Werewolf.index()];
    if must.count_ones() > u32::from(need) {
        return None;
    }
    let mut neighbours = 0u16;
    for i in bits(must) {
        neighbours |= c.attack[i];
    }
    if neighbours & must != 0 {
        return None;
    }
    Some(WolfChoice {
        must,
        free: may & !must & !neighbours,
        more: need - must.count_ones() as u8,
    })
}

/// Whether `candidates` holds `k` seats no two of which are joined by an attack chit.
fn independent(c: &Constraints, candidates: u16, k: u8) -> bool {
    if k == 0 {
        return true;
    }
    if candidates.count_ones() < u32::from(k) {
        return false;
    }
    let seat = candidates.trailing_zeros() as usize;
    let rest = candidates & !(1 << seat);
    independent(c, rest & !c.attack[seat], k - 1) || independent(c, rest, k)
}

/// The seats of a mask, lowest first.
pub(super) fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..MAX_PLAYERS).filter(move |&i| mask & 1 << i != 0)
}
