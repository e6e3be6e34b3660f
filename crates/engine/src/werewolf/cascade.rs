//! Losing possibilities and everything that follows (R2, R6), deaths by attack (R5, R8), and the card
//! movements of exchanges and transfers.
//!
//! One *step* (an action, a transfer, a draw, or one consequence rule firing) produces losses; they are applied
//! in seat order (roles in canonical order within a seat, R7), each newly lost role queues its consequences,
//! and the consequences run first in first out until nothing changes. A loss of a role that is already lost
//! does nothing, so every consequence fires at most once per player and role.
//!
//! After every step the world must still be possible (R11, Version 2): a player left with no role, or no
//! assignment of roles fitting the table (`world.rs`), ends the game in a paradox there and then, before the
//! next consequence fires or anyone dies of attacks.

use super::chits::ChitKind;
use super::game::WerewolfState;
use super::log::{DeathCause, Happening, LossCause};
use super::options::EndCheck;
use super::outcome::{End, Outcome, Paradox};
use super::readings::AttackDeath;
use super::role::{Role, RoleSet};
use super::seat::{MAX_PLAYERS, Seat, SeatSet};

/// A consequence waiting to fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fact {
    /// The player has just lost the role.
    Lost(Seat, Role),
    /// The player has just become fixed as the role.
    Fixed(Seat, Role),
}

/// The consequences waiting to fire, first in first out. A player loses each role once and becomes fixed
/// once, so a game never queues more than 4 facts per player in all.
struct Facts {
    items: [Fact; 4 * MAX_PLAYERS],
    head: usize,
    len: usize,
}

impl Facts {
    fn new() -> Facts {
        Facts {
            items: [Fact::Lost(Seat::default(), Role::Werewolf); 4 * MAX_PLAYERS],
            head: 0,
            len: 0,
        }
    }

    fn push(&mut self, fact: Fact) {
        debug_assert!(self.len < self.items.len(), "fact queue overflows");
        if self.len < self.items.len() {
            self.items[self.len] = fact;
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<Fact> {
        (self.head < self.len).then(|| {
            self.head += 1;
            self.items[self.head - 1]
        })
    }
}

/// The losses one step causes, applied together in seat order. One step loses at most 2 roles per player
/// from a fixed seer's black chits and 1 from its white ones, plus the card counts of two players.
pub(crate) struct Losses {
    items: [(Seat, Role, LossCause); 4 * MAX_PLAYERS],
    len: usize,
}

impl Losses {
    pub(crate) fn new() -> Losses {
        Losses {
            items: [(Seat::default(), Role::Werewolf, LossCause::NoCardsLeft); 4 * MAX_PLAYERS],
            len: 0,
        }
    }

    pub(crate) fn push(&mut self, seat: Seat, role: Role, cause: LossCause) {
        debug_assert!(self.len < self.items.len(), "loss list overflows");
        if self.len < self.items.len() {
            self.items[self.len] = (seat, role, cause);
            self.len += 1;
        }
    }

    /// Seat order, then canonical role order; among duplicates the first cause found stays first (it is the
    /// one logged, the others are no-ops).
    fn sorted(&mut self) -> &[(Seat, Role, LossCause)] {
        let items = &mut self.items[..self.len];
        // Insertion sort: stable, no allocation, and the lists are short.
        for i in 1..items.len() {
            let mut j = i;
            while j > 0 && (items[j - 1].0, items[j - 1].1) > (items[j].0, items[j].1) {
                items.swap(j - 1, j);
                j -= 1;
            }
        }
        items
    }
}

impl WerewolfState {
    /// Applies one step's losses and runs every consequence until nothing changes or the game ends.
    pub(crate) fn resolve(&mut self, mut losses: Losses) {
        let mut facts = Facts::new();
        self.apply_losses(&mut losses, &mut facts);
        if !self.still_possible() {
            return;
        }
        while let Some(fact) = facts.pop() {
            self.fire(fact, &mut facts);
            if self.outcome.is_some() {
                return;
            }
        }
    }

    /// R11 (Version 2), after a step: ends the game in a paradox if a player has lost every role or no
    /// assignment of roles fits the table any more; returns whether the game goes on.
    fn still_possible(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        if let Some(player) = self.seats().find(|&s| self.lost(s) == RoleSet::ALL) {
            self.finish(End::Paradox(Paradox::NoRoleLeft { player }));
            return false;
        }
        if !self.is_consistent() {
            self.finish(End::Paradox(Paradox::Contradiction));
            return false;
        }
        true
    }

    fn apply_losses(&mut self, losses: &mut Losses, facts: &mut Facts) {
        for &(seat, role, cause) in losses.sorted() {
            if self.outcome.is_some() {
                return;
            }
            self.lose(seat, role, cause, facts);
        }
    }

    /// R2: `seat` loses `role`. Owes a transfer if cards of it remain (R7); becomes fixed if one role remains.
    /// A player left with no role at all owes nothing: the step ends the game in a paradox (R11).
    fn lose(&mut self, seat: Seat, role: Role, cause: LossCause, facts: &mut Facts) {
        let lost = self.lost[seat.index()];
        if lost.contains(role) {
            return;
        }
        let lost = lost.with(role);
        self.lost[seat.index()] = lost;
        self.record(Happening::Lost {
            player: seat,
            role,
            cause,
        });
        if lost == RoleSet::ALL {
            return;
        }
        let cards = self.hand(seat).count(role);
        if cards > 0 {
            self.transfers.push((seat, role));
            self.record(Happening::TransferOwed {
                player: seat,
                role,
                cards,
            });
        }
        facts.push(Fact::Lost(seat, role));
        if let Some(fixed) = lost.complement().only() {
            self.record(Happening::Fixed {
                player: seat,
                role: fixed,
            });
            facts.push(Fact::Fixed(seat, fixed));
        }
    }

    /// One consequence rule of R6.
    fn fire(&mut self, fact: Fact, facts: &mut Facts) {
        let mut losses = Losses::new();
        match fact {
            // A loses W: A's attack chits go; whoever marked A black loses S.
            Fact::Lost(a, Role::Werewolf) => {
                self.remove_chits(a, ChitKind::Attack);
                for b in self.chits.owners_on(a, ChitKind::Black) {
                    losses.push(b, Role::Seer, LossCause::MarkedBlackNotWerewolf { suspect: a });
                }
            }
            // A loses S: A's verdict chits go.
            Fact::Lost(a, Role::Seer) => {
                self.remove_chits(a, ChitKind::Black);
                self.remove_chits(a, ChitKind::White);
            }
            Fact::Lost(_, Role::Villager) | Fact::Fixed(_, Role::Villager) => {}
            // A becomes a fixed werewolf: whoever marked A white loses S; whoever A attacked loses W.
            Fact::Fixed(a, Role::Werewolf) => {
                for b in self.chits.owners_on(a, ChitKind::White) {
                    losses.push(b, Role::Seer, LossCause::MarkedWhiteWerewolf { wolf: a });
                }
                for b in self.chits.targets_of(a, ChitKind::Attack) {
                    losses.push(b, Role::Werewolf, LossCause::AttackedByWerewolf { wolf: a });
                }
            }
            // A becomes a fixed seer: whom A marked black are fixed werewolves; whom A marked white lose W.
            Fact::Fixed(a, Role::Seer) => {
                for b in self.chits.targets_of(a, ChitKind::Black) {
                    losses.push(b, Role::Seer, LossCause::BlackFromSeer { seer: a });
                    losses.push(b, Role::Villager, LossCause::BlackFromSeer { seer: a });
                }
                for b in self.chits.targets_of(a, ChitKind::White) {
                    losses.push(b, Role::Werewolf, LossCause::WhiteFromSeer { seer: a });
                }
            }
        }
        self.apply_losses(&mut losses, facts);
        // A contradiction ends the game before anyone dies of attacks counted from an impossible werewolf.
        if !self.still_possible() {
            return;
        }
        // "Then check death by attack for everyone" (R5, R6).
        if matches!(fact, Fact::Fixed(_, Role::Werewolf)) {
            self.attack_deaths();
        }
    }

    fn remove_chits(&mut self, owner: Seat, kind: ChitKind) {
        let count = self.chits.remove_all(owner, kind);
        if count > 0 {
            self.record(Happening::ChitsRemoved { owner, kind, count });
        }
    }

    /// R5: every alive player with at least two attack chits of fixed werewolves in front of them dies, in seat
    /// order; under [`AttackDeath::TwoWolves`] the chits must come from two different fixed werewolves.
    pub(crate) fn attack_deaths(&mut self) {
        let wolves = self.fixed_players(Role::Werewolf);
        if wolves.is_empty() {
            return;
        }
        for seat in self.alive {
            let attackers = self.chits.owners_on(seat, ChitKind::Attack).intersect(wolves);
            let deadly = match self.table.attack_death() {
                AttackDeath::AnyChits => self.chits.on_from(seat, ChitKind::Attack, wolves) >= 2,
                AttackDeath::TwoWolves => attackers.len() >= 2,
            };
            if deadly {
                self.die(seat, DeathCause::Attacked { wolves: attackers });
            }
        }
    }

    /// R8: `seat` dies now; their card is drawn once every transfer owed has been made.
    pub(crate) fn die(&mut self, seat: Seat, cause: DeathCause) {
        self.alive = self.alive.without(seat);
        self.record(Happening::Died { player: seat, cause });
        self.draws.push(seat);
    }

    /// The card exchange of an action (R4, R5): `actor` gives `target` a `gave` card and takes a `took` card.
    pub(crate) fn exchange(&mut self, actor: Seat, target: Seat, gave: Role, took: Role) {
        self.hands[actor.index()].remove(gave, 1);
        self.hands[target.index()].add(gave, 1);
        self.hands[target.index()].remove(took, 1);
        self.hands[actor.index()].add(took, 1);
        self.record(Happening::Exchanged {
            actor,
            target,
            gave,
            took,
        });
    }

    /// One hand-over of a transfer (R7).
    pub(crate) fn hand_over(&mut self, from: Seat, to: Seat, role: Role, took: Role, cards: u8) {
        self.hands[from.index()].remove(role, cards);
        self.hands[to.index()].add(role, cards);
        self.hands[to.index()].remove(took, cards);
        self.hands[from.index()].add(took, cards);
        self.record(Happening::HandedOver {
            from,
            to,
            role,
            took,
            cards,
        });
    }

    /// R2: the roles of `seats` that have run out of cards without being lost yet.
    pub(crate) fn empty_roles(&self, seats: SeatSet, losses: &mut Losses) {
        for seat in seats {
            for role in self.possible(seat).iter() {
                if self.hand(seat).count(role) == 0 {
                    losses.push(seat, role, LossCause::NoCardsLeft);
                }
            }
        }
    }

    /// Ends the game with `end` (R10, R11) and its winners.
    pub(crate) fn finish(&mut self, end: End) {
        // Version 3: a paradox is only declared while no end condition holds; one that holds wins.
        let end = match end {
            End::Paradox(_) if self.table.options().end_check == EndCheck::EndFirst => self.end_holds().unwrap_or(end),
            _ => end,
        };
        let winners = match end {
            // By the table's meaning of certain: the cards', or (Version 4) every consistent deal's.
            End::AllDead | End::WerewolvesWin => self.certain_werewolves(),
            End::VillageWins => self.no_werewolf(),
            // Version 2: everyone not fixed as exactly one role, alive or dead, and so also a player who has
            // lost every role (and a dead player whose card is not drawn yet).
            End::Paradox(_) => self.seats().filter(|&seat| self.possible(seat).len() != 1).collect(),
        };
        let outcome = Outcome { end, winners };
        self.outcome = Some(outcome);
        // Debts and draws still standing are void: a finished game asks nobody for anything, so its state lists
        // none (an end that holds comes before them under Version 3; a transfer paradox names its debt in `end`).
        self.transfers.retain(|_| false);
        self.draws.retain(|_| false);
        self.record(Happening::Ended { outcome });
    }
}
