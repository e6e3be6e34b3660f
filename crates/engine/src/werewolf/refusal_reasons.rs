//! Why an answer is refused at a table that refuses contradictions ([`Contradictions::Refused`]): the page
//! shows a refused target, colour or card greyed with its reason instead of leaving it out without a word.
//!
//! Each reason is a fact about the worlds that fit the table now, checked before it is given: "in every
//! possible deal you are both werewolves" is said only when the chances make both players werewolves in every
//! world. When no such fact explains a refusal, the reason says only that no deal would fit.
//!
//! [`Contradictions::Refused`]: super::Contradictions::Refused

use super::chances::Chances;
use super::chits::Verdict;
use super::contradictions::keeping_a_world;
use super::event::{Pending, Phase, WerewolfEvent};
use super::game::WerewolfState;
use super::legal::listed_events;
use super::role::Role;
use super::seat::Seat;

/// Why an answer the other rules allow would leave no world that fits the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefusalReason {
    /// An attack on a player who, like the attacker, is a werewolf in every world: a werewolf's attack chit
    /// may not lie in front of another werewolf.
    BothWerewolves {
        /// The attacker.
        wolf: Seat,
        /// The attacked player.
        target: Seat,
    },
    /// A black mark by a player who is the seer in every world, on a player who is a werewolf in none.
    NeverWerewolf {
        /// The marker.
        seer: Seat,
        /// The marked player.
        target: Seat,
    },
    /// A white mark by a player who is the seer in every world, on a player who is a werewolf in every one.
    AlwaysWerewolf {
        /// The marker.
        seer: Seat,
        /// The marked player.
        target: Seat,
    },
    /// The exchange takes `player`'s last card of `role`, the role they have in every world.
    LastCardOfTheirRole {
        /// Whose card goes.
        player: Seat,
        /// The role every world gives them.
        role: Role,
    },
    /// The card drawn at `player`'s death would be of `role`, which no world gives them.
    NoWorldGives {
        /// The dead player.
        player: Seat,
        /// The card's role.
        role: Role,
    },
    /// No single fact explains it: after the answer, no world fits the table.
    NoWorldFits,
}

/// An answer the rules would take but the table refuses, and why.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefusedAnswer {
    /// The answer: a mark, an attack or a draw.
    pub event: WerewolfEvent,
    /// Why it is refused.
    pub reason: RefusalReason,
}

impl WerewolfState {
    /// The answers to the pending mark, attack or draw that the other rules allow but that are refused because
    /// no world would fit after them, each with its reason: empty at a table that plays contradictions, for
    /// other decisions, and when every answer contradicts (the game then takes any of them and ends in a
    /// paradox).
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{Table, WerewolfState};
    ///
    /// assert!(WerewolfState::new(Table::VERSION_3).refused_answers().is_empty()); // a tie-break first
    /// ```
    pub fn refused_answers(&self) -> Vec<RefusedAnswer> {
        if !self.refuses_contradictions()
            || !matches!(
                self.pending(),
                Some(Pending::Verdict { .. } | Pending::Attack { .. } | Pending::Draw { .. })
            )
        {
            return Vec::new();
        }
        let listed = listed_events(self);
        let kept = keeping_a_world(self, listed.clone());
        if kept.len() == listed.len() {
            return Vec::new();
        }
        let chances = self.chances();
        listed
            .into_iter()
            .filter(|event| !kept.contains(event))
            .map(|event| RefusedAnswer {
                reason: self.refusal_reason(&chances, &event),
                event,
            })
            .collect()
    }

    /// The first fact about the worlds that explains why `event` leaves none, or [`RefusalReason::NoWorldFits`].
    fn refusal_reason(&self, chances: &Chances, event: &WerewolfEvent) -> RefusalReason {
        let always = |seat: Seat, role: Role| chances.worlds_with(seat, role) == chances.worlds();
        let never = |seat: Seat, role: Role| chances.worlds_with(seat, role) == 0;
        match *event {
            WerewolfEvent::Attack { wolf, target, .. }
                if always(wolf, Role::Werewolf) && always(target, Role::Werewolf) =>
            {
                RefusalReason::BothWerewolves { wolf, target }
            }
            WerewolfEvent::Verdict {
                seer,
                target,
                verdict: Verdict::Black,
                ..
            } if always(seer, Role::Seer) && never(target, Role::Werewolf) => {
                RefusalReason::NeverWerewolf { seer, target }
            }
            WerewolfEvent::Verdict {
                seer,
                target,
                verdict: Verdict::White,
                ..
            } if always(seer, Role::Seer) && always(target, Role::Werewolf) => {
                RefusalReason::AlwaysWerewolf { seer, target }
            }
            WerewolfEvent::Verdict {
                seer: actor,
                target,
                give,
                ..
            } => self.exchange_reason(Phase::Seer, actor, target, give, &always),
            WerewolfEvent::Attack {
                wolf: actor,
                target,
                give,
            } => self.exchange_reason(Phase::Attack, actor, target, give, &always),
            WerewolfEvent::Draw { player, index } => match self.hand(player).card(index) {
                Some(role) if never(player, role) => RefusalReason::NoWorldGives { player, role },
                _ => RefusalReason::NoWorldFits,
            },
            _ => RefusalReason::NoWorldFits,
        }
    }

    /// Whether the exchange of a mark or an attack takes a player's last card of the role every world gives
    /// them: the actor gives their last `give`, or the target gives up their last card of the phase's role.
    fn exchange_reason(
        &self,
        phase: Phase,
        actor: Seat,
        target: Seat,
        give: Option<Role>,
        always: &dyn Fn(Seat, Role) -> bool,
    ) -> RefusalReason {
        let Some(given) = give else {
            return RefusalReason::NoWorldFits;
        };
        let taken = phase.actor_role().unwrap_or(Role::Seer);
        if self.hand(actor).count(given) == 1 && always(actor, given) {
            return RefusalReason::LastCardOfTheirRole {
                player: actor,
                role: given,
            };
        }
        if self.hand(target).count(taken) == 1 && always(target, taken) {
            return RefusalReason::LastCardOfTheirRole {
                player: target,
                role: taken,
            };
        }
        RefusalReason::NoWorldFits
    }
}
