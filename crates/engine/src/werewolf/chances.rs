//! Each player's chance of each role, as the share of the worlds that fit the table (Version 3): a world is one
//! role for every player, alive or dead, that R11's consistency allows — the composition's counts, no lost role,
//! every seer's chit true, no werewolf's attack chit on another werewolf (`world.rs` decides the same thing).
//!
//! Every world counts once. The deal is a shuffled deck, so before anything happens every assignment with the
//! composition's counts is equally likely; everything after — the players' choices, rock-paper-scissors, the
//! draw of a dead player's card from their public hand — depends only on the public table, so it is exactly as
//! likely in every world it does not rule out. Conditioning the uniform deal on it keeps the survivors uniform
//! (`docs/rules/quantum-werewolf.md`, "Chances").
//!
//! The count follows `world.rs`'s search: every seer set, then the forced werewolves, then the remaining
//! werewolves as independent sets of the attack graph. Where the free seats share no attack chit the sets are
//! counted by a binomial rather than listed, so the untouched table of 16 costs one step per seer set.

use super::event::{Pending, WerewolfEvent};
use super::game::WerewolfState;
use super::legal::legal_events;
use super::options::DrawBy;
use super::role::Role;
use super::seat::{MAX_PLAYERS, Seat};
use super::world::{Constraints, bits, wolf_choice};
use crate::random::RandomSource;
use crate::relay::Ratio;

/// How many consistent worlds there are, and in how many each player has each role.
///
/// ```
/// use marubatsu_engine::relay::Ratio;
/// use marubatsu_engine::werewolf::{WerewolfState, Role, Seat, Table};
///
/// let chances = WerewolfState::new(Table::DEFAULT).chances();
/// // 8! / (2! 1! 5!) ways to deal 2 werewolves, 1 seer and 5 villagers to 8 players.
/// assert_eq!(chances.worlds(), 168);
/// let seat = Seat::new(3).unwrap();
/// assert_eq!(chances.chance(seat, Role::Werewolf), Ratio::new(1, 4));
/// assert_eq!(chances.chance(seat, Role::Seer), Ratio::new(1, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chances {
    worlds: u64,
    /// Worlds in which each seat has each role, by [`Role::index`].
    with: [[u64; 3]; MAX_PLAYERS],
}

impl Chances {
    /// How many worlds fit the table: 0 only once the game has ended in a contradiction (R11).
    pub const fn worlds(&self) -> u64 {
        self.worlds
    }

    /// In how many of them `seat` has `role`.
    pub const fn worlds_with(&self, seat: Seat, role: Role) -> u64 {
        self.with[seat.index()][role.index()]
    }

    /// The chance that `seat` has `role`: the share of the worlds in which they do, `None` when no world fits.
    /// Exactly [`Ratio::ZERO`] for a role no world gives them, [`Ratio::ONE`] for one every world does.
    pub const fn chance(&self, seat: Seat, role: Role) -> Option<Ratio> {
        Ratio::new(self.worlds_with(seat, role) as u128, self.worlds as u128)
    }
}

impl WerewolfState {
    /// Every player's chance of every role as the share of consistent worlds ([`Chances`]).
    pub fn chances(&self) -> Chances {
        let c = self.constraints();
        let mut tally = Tally {
            c: &c,
            binomial: binomials(),
            chances: Chances {
                worlds: 0,
                with: [[0; 3]; MAX_PLAYERS],
            },
        };
        tally.seer_sets(c.may[Role::Seer.index()], 0, c.need[Role::Seer.index()]);
        let mut chances = tally.chances;
        for i in bits(c.all) {
            let [w, s, v] = &mut chances.with[i];
            *v = chances.worlds - *w - *s;
        }
        chances
    }
}

/// The running count.
struct Tally<'a> {
    c: &'a Constraints,
    binomial: [[u64; MAX_PLAYERS + 1]; MAX_PLAYERS + 1],
    chances: Chances,
}

impl Tally<'_> {
    /// Counts the worlds of every set of `left` more seers from `candidates` on top of `chosen`.
    fn seer_sets(&mut self, candidates: u16, chosen: u16, left: u8) {
        if left == 0 {
            self.seers(chosen);
            return;
        }
        if candidates.count_ones() < u32::from(left) {
            return;
        }
        let seer = candidates & candidates.wrapping_neg();
        let rest = candidates & !seer;
        self.seer_sets(rest, chosen | seer, left - 1);
        self.seer_sets(rest, chosen, left);
    }

    /// Counts the worlds whose seers are exactly `seers`.
    fn seers(&mut self, seers: u16) {
        let Some(choice) = wolf_choice(self.c, seers) else {
            return;
        };
        let mut wolves = [0u64; MAX_PLAYERS];
        let worlds = self.independent(choice.free, choice.more, &mut wolves);
        if worlds == 0 {
            return;
        }
        self.chances.worlds += worlds;
        for i in bits(self.c.all) {
            let with = &mut self.chances.with[i];
            with[Role::Werewolf.index()] += if choice.must & 1 << i != 0 { worlds } else { wolves[i] };
            if seers & 1 << i != 0 {
                with[Role::Seer.index()] += worlds;
            }
        }
    }

    /// How many sets of `k` seats from `candidates` no two of which share an attack chit, adding to `wolves`
    /// in how many of them each seat is.
    fn independent(&self, candidates: u16, k: u8, wolves: &mut [u64; MAX_PLAYERS]) -> u64 {
        let n = candidates.count_ones() as usize;
        let k_ = usize::from(k);
        if k == 0 {
            return 1;
        }
        if n < k_ {
            return 0;
        }
        let joined = bits(candidates).find(|&i| self.c.attack[i] & candidates != 0);
        let Some(seat) = joined else {
            // No chit between them: any k of the n will do, and each seat is in C(n−1, k−1) of them.
            for i in bits(candidates) {
                wolves[i] += self.binomial[n - 1][k_ - 1];
            }
            return self.binomial[n][k_];
        };
        let rest = candidates & !(1 << seat);
        let with_seat = self.independent(rest & !self.c.attack[seat], k - 1, wolves);
        wolves[seat] += with_seat;
        with_seat + self.independent(rest, k, wolves)
    }
}

/// Pascal's triangle up to 16: `[n][k]` is C(n, k).
fn binomials() -> [[u64; MAX_PLAYERS + 1]; MAX_PLAYERS + 1] {
    let mut b = [[0u64; MAX_PLAYERS + 1]; MAX_PLAYERS + 1];
    for n in 0..=MAX_PLAYERS {
        b[n][0] = 1;
        for k in 1..=n {
            b[n][k] = b[n - 1][k - 1] + b[n - 1][k];
        }
    }
    b
}

/// The weight of one card in [`WerewolfState::draw_weights`] under a deal draw is the worlds giving its role
/// times this over the hand's cards of the role: divisible by every count up to 16, so every weight is whole.
const CARD_SHARES: u64 = 720_720;

impl WerewolfState {
    /// The legal draws of the pending dead player's card (R8), each as a card index and its weight: the draw is
    /// each index with probability weight ÷ total. Every legal card weighs the same under
    /// [`DrawBy::Card`]; under [`DrawBy::Deal`] (Version 4) a role's cards together weigh what the consistent
    /// deals giving it to the player do, so a role is drawn exactly as often as its chance shown
    /// ([`WerewolfState::chances`]). Empty when no draw is pending.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{WerewolfState, Table};
    ///
    /// assert!(WerewolfState::new(Table::DEFAULT).draw_weights().is_empty());
    /// ```
    pub fn draw_weights(&self) -> Vec<(u8, u64)> {
        let Some(Pending::Draw { player, .. }) = self.pending() else {
            return Vec::new();
        };
        let indices: Vec<u8> = legal_events(self)
            .into_iter()
            .filter_map(|event| match event {
                WerewolfEvent::Draw { index, .. } => Some(index),
                _ => None,
            })
            .collect();
        let hand = self.hand(player);
        let by_deal = |chances: &Chances| -> Vec<(u8, u64)> {
            indices
                .iter()
                .filter_map(|&index| {
                    let role = hand.card(index)?;
                    let worlds = chances.worlds_with(player, role);
                    Some((index, worlds * (CARD_SHARES / u64::from(hand.count(role).max(1)))))
                })
                .collect()
        };
        let weighted = match self.table.options().draw {
            DrawBy::Deal => by_deal(&self.chances()),
            DrawBy::Card => Vec::new(),
        };
        // A card draw, or a deal draw on a table no deal explains any more: every legal card alike.
        if weighted.iter().all(|&(_, weight)| weight == 0) {
            return indices.into_iter().map(|index| (index, 1)).collect();
        }
        weighted.into_iter().filter(|&(_, weight)| weight > 0).collect()
    }

    /// The draw of the pending dead player's card by this table's rule ([`WerewolfState::draw_weights`]), from
    /// `rng`; `None` when no draw is pending. The simulator and the tests draw with it; the page draws the same
    /// way from the weights it is sent.
    pub fn draw_event(&self, rng: &mut impl RandomSource) -> Option<WerewolfEvent> {
        let Some(Pending::Draw { player, .. }) = self.pending() else {
            return None;
        };
        let weights = self.draw_weights();
        let total: u64 = weights.iter().map(|&(_, weight)| weight).sum();
        let mut at = rng.below_u64(total);
        for (index, weight) in weights {
            if at < weight {
                return Some(WerewolfEvent::Draw { player, index });
            }
            at -= weight;
        }
        None
    }
}
