//! What may be chosen now: targets, exchanges, transfer recipients, ballots, and the legal events.
//!
//! `play.rs` validates events with the same predicates, so the legal events and the validation cannot drift
//! apart; the property tests check it anyway.
//!
//! Sizes of [`legal_events`] at N players: a tie-break lists the tied players, a verdict at most
//! (N − 1) targets × 2 colours × 2 cards, an attack (N − 1) × 2, a draw the N indices. A transfer of k cards
//! lists every way to spread k over the (recipient, take-back role) pairs within their limits: at most
//! C(k + 2N − 3, k), 27,132 for the largest transfer that does not end the game at 8 players (k = 6 over 14
//! pairs), and in practice a few dozen. A vote is not listed: with A alive it is the product of every voter's
//! choices, (A − 1)^A for the first vote (5,764,801 at 8 alive; 15^16 ≈ 6.6 × 10^18 at 16, within a `u64`) and
//! (T − 1)^T · T^(A − T) in a run-off among T tied, numbered by [`LegalEvents`] in mixed radix.

use core::ops::ControlFlow;

use super::chits::Verdict;
use super::contradictions::keeping_a_world;
use super::event::{HandOver, Pending, Phase, WerewolfEvent};
use super::game::WerewolfState;
use super::legal_set::LegalEvents;
use super::log::NoExchange;
use super::role::{Role, RoleSet};
use super::seat::{Seat, SeatSet};

impl WerewolfState {
    /// Whom `seer` may mark (R4): another alive player who is neither fixed nor has lost the werewolf
    /// possibility.
    pub fn verdict_targets(&self, seer: Seat) -> SeatSet {
        self.alive
            .without(seer)
            .iter()
            .filter(|&t| !self.is_fixed(t) && !self.lost(t).contains(Role::Werewolf))
            .collect()
    }

    /// Whom `wolf` may attack (R5): another alive player who is not a fixed werewolf.
    pub fn attack_targets(&self, wolf: Seat) -> SeatSet {
        self.alive
            .without(wolf)
            .iter()
            .filter(|&t| self.fixed_as(t) != Some(Role::Werewolf))
            .collect()
    }

    /// The exchange that comes with `actor`'s action on `target` in `phase` (R4, R5): the roles `actor` may
    /// give (at least one; the actor picks), or why there is no exchange.
    ///
    /// The actor takes a card of the phase's role (seer or werewolf) and gives a card of another role that the
    /// target also holds.
    pub fn exchange_options(&self, phase: Phase, actor: Seat, target: Seat) -> Result<RoleSet, NoExchange> {
        let took = phase.actor_role().unwrap_or(Role::Seer);
        if self.is_fixed(actor) {
            return Err(NoExchange::ActorFixed);
        }
        if self.is_fixed(target) {
            return Err(NoExchange::TargetFixed);
        }
        if self.hand(target).count(took) == 0 {
            return Err(NoExchange::TargetHasNone);
        }
        // "A role that the target also holds": no debt is owed while an action is pending, so holding a card
        // of a role and not having lost it are the same thing (R2); the count is the rule's own words.
        let give: RoleSet = Role::ALL
            .into_iter()
            .filter(|&role| role != took && self.hand(actor).count(role) > 0 && self.hand(target).count(role) > 0)
            .collect();
        if give.is_empty() {
            Err(NoExchange::NothingToGive)
        } else {
            Ok(give)
        }
    }

    /// Whether `to` may receive cards of `role` from `from` in a transfer (R7): another alive player, not
    /// fixed, who holds `role` — has not lost it, and so holds at least one card of it (R2 makes a player with
    /// none lose it at once). A player who lost `role` but still holds cards of it owes them and receives none.
    pub fn may_receive(&self, from: Seat, to: Seat, role: Role) -> bool {
        to != from && self.is_alive(to) && !self.is_fixed(to) && !self.lost(to).contains(role)
    }

    /// How many cards of `take` `from` may take back from `to` while handing over cards of `role` (R7): all
    /// `to` holds of it, if `to` may receive and `from` has not lost `take`; else 0.
    pub fn take_back_limit(&self, from: Seat, role: Role, to: Seat, take: Role) -> u8 {
        if take == role || self.lost(from).contains(take) || !self.may_receive(from, to, role) {
            0
        } else {
            self.hand(to).count(take)
        }
    }

    /// Whom `voter` may point at in the vote now pending (R9): a candidate other than themselves. Nobody when
    /// no vote is pending or `voter` is not alive.
    pub fn vote_targets(&self, voter: Seat) -> SeatSet {
        match self.pending() {
            Some(Pending::Vote { voters, candidates, .. }) if voters.contains(voter) => candidates.without(voter),
            _ => SeatSet::EMPTY,
        }
    }

    /// The most cards of `role` that `from` could hand over in one transfer: the sum of every take-back limit.
    /// A transfer owed has a legal completion exactly when this covers the cards held (R7).
    pub fn transfer_capacity(&self, from: Seat, role: Role) -> u16 {
        self.alive
            .iter()
            .flat_map(|to| Role::ALL.map(|take| (to, take)))
            .map(|(to, take)| u16::from(self.take_back_limit(from, role, to, take)))
            .sum()
    }
}

/// Every event [`Werewolf`](super::Werewolf)'s rules accept now, for the pending decision; empty once the game is
/// over. Transfers and votes count in canonical form only (the only form accepted). Every decision but the
/// vote is listed; a vote is numbered without being listed (see [`LegalEvents`], and the module docs for the
/// sizes).
///
/// ```
/// use marubatsu_engine::rules::Rules;
/// use marubatsu_engine::werewolf::{legal_events, WerewolfState, Table, Werewolf};
///
/// let game = WerewolfState::new(Table::DEFAULT);
/// let events = legal_events(&game);
/// assert_eq!(events.len(), 8); // any of the 8 tied players may win the rock-paper-scissors
/// let next = Werewolf::transition(game.clone(), &events.get(3).unwrap()).unwrap();
/// assert_ne!(next, game);
/// // The seer phase's first actor may mark any of 7 others, black or white, giving W or V.
/// assert_eq!(legal_events(&next).len(), 7 * 2 * 2);
/// ```
pub fn legal_events(game: &WerewolfState) -> LegalEvents {
    match game.pending() {
        Some(Pending::Vote { voters, candidates, .. }) => LegalEvents::vote(voters, candidates),
        _ => LegalEvents::listed(keeping_a_world(game, listed_events(game))),
    }
}

/// Every answer to the pending decision that the rules allow before contradictions are refused: at a table that
/// refuses them, [`legal_events`] keeps those that leave a world. None for a vote, which is numbered rather than
/// listed.
pub fn listed_events(game: &WerewolfState) -> Vec<WerewolfEvent> {
    let mut events = Vec::new();
    let Some(pending) = game.pending() else {
        return events;
    };
    match pending {
        Pending::StartPlayer { tied, .. } => {
            events.extend(tied.iter().map(|seat| WerewolfEvent::StartPlayer { seat }));
        }
        Pending::Verdict { seer } => {
            for target in game.verdict_targets(seer) {
                for verdict in Verdict::ALL {
                    if game.chits_left(seer, verdict.chit()) == 0 {
                        continue;
                    }
                    each_give(game, Phase::Seer, seer, target, |give| {
                        events.push(WerewolfEvent::Verdict {
                            seer,
                            target,
                            verdict,
                            give,
                        });
                    });
                }
            }
        }
        Pending::Attack { wolf } => {
            for target in game.attack_targets(wolf) {
                each_give(game, Phase::Attack, wolf, target, |give| {
                    events.push(WerewolfEvent::Attack { wolf, target, give });
                });
            }
        }
        // R7 (Version 2): every debtor who can complete their transfer may make it, in any order.
        Pending::Transfer { .. } => {
            for debt in game.ready_transfers() {
                let _ = each_split(game, debt, &mut |event| {
                    events.push(event);
                    ControlFlow::Continue(())
                });
            }
        }
        Pending::Draw { player, cards } => {
            events.extend((0..cards).map(|index| WerewolfEvent::Draw { player, index }));
        }
        Pending::Vote { .. } => {}
    }
    events
}

/// Calls `emit` with each `give` an action event may carry: `None` alone when there is no exchange, else each
/// role that may be given.
fn each_give(game: &WerewolfState, phase: Phase, actor: Seat, target: Seat, mut emit: impl FnMut(Option<Role>)) {
    match game.exchange_options(phase, actor, target) {
        Ok(roles) => roles.iter().for_each(|role| emit(Some(role))),
        Err(_) => emit(None),
    }
}

/// Calls `emit` with every complete transfer of the debt `(from, role, cards)`, in canonical order, until it
/// breaks.
pub(super) fn each_split(
    game: &WerewolfState,
    (from, role, cards): (Seat, Role, u8),
    emit: &mut impl FnMut(WerewolfEvent) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let slots: Vec<HandOver> = game
        .alive
        .iter()
        .flat_map(|to| Role::ALL.map(|take| (to, take)))
        .filter_map(|(to, take)| {
            let cards = game.take_back_limit(from, role, to, take);
            (cards > 0).then_some(HandOver { to, take, cards })
        })
        .collect();
    spread(&slots, cards, &mut Vec::new(), &mut |handovers| {
        emit(WerewolfEvent::Transfer {
            from,
            role,
            handovers: handovers.to_vec(),
        })
    })
}

/// Calls `emit` with every way to hand over `cards` cards across `slots` (each slot's `cards` is its limit),
/// in canonical order: slots in the order given, each used with at least one card; stops when `emit` breaks.
fn spread(
    slots: &[HandOver],
    cards: u8,
    chosen: &mut Vec<HandOver>,
    emit: &mut impl FnMut(&[HandOver]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if cards == 0 {
        return emit(chosen);
    }
    let Some((slot, rest)) = slots.split_first() else {
        return ControlFlow::Continue(());
    };
    // Cards left for this slot and the later ones: try every count here, including none.
    for n in (1..=slot.cards.min(cards)).rev() {
        chosen.push(HandOver { cards: n, ..*slot });
        let flow = spread(rest, cards - n, chosen, emit);
        chosen.pop();
        flow?;
    }
    spread(rest, cards, chosen, emit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: u8) -> Seat {
        Seat::new(i).unwrap_or_default()
    }

    #[test]
    fn spread_lists_every_split_within_the_limits_once() {
        let slots = [
            HandOver {
                to: seat(1),
                take: Role::Werewolf,
                cards: 2,
            },
            HandOver {
                to: seat(2),
                take: Role::Villager,
                cards: 1,
            },
            HandOver {
                to: seat(3),
                take: Role::Villager,
                cards: 5,
            },
        ];
        let mut all = Vec::new();
        let _ = spread(&slots, 3, &mut Vec::new(), &mut |h| {
            all.push(h.to_vec());
            ControlFlow::Continue(())
        });
        // (a, b, c) with a ≤ 2, b ≤ 1, a + b + c = 3: a ∈ 0..=2, b ∈ 0..=1 → 6 splits.
        assert_eq!(all.len(), 6);
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
        for split in &all {
            assert_eq!(split.iter().map(|h| h.cards).sum::<u8>(), 3);
            assert!(split.windows(2).all(|w| (w[0].to, w[0].take) < (w[1].to, w[1].take)));
        }
        let mut none = Vec::new();
        let _ = spread(&slots[..2], 4, &mut Vec::new(), &mut |h| {
            none.push(h.to_vec());
            ControlFlow::Continue(())
        });
        assert!(none.is_empty());
    }
}
