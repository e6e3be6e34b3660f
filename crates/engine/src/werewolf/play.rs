//! Events in: each is checked against the pending decision in full before anything changes, then applied, then
//! the game moves on to the next decision.

use super::cascade::Losses;
use super::chits::{ChitKind, Verdict};
use super::event::{HandOver, Pending, Phase, TransferError, WerewolfEvent, WerewolfRefusal};
use super::game::{Step, WerewolfState};
use super::legal::listed_events;
use super::log::{DeathCause, Happening, LossCause};
use super::options::StarterAttack;
use super::role::Role;
use super::seat::{Seat, SeatSet};
use super::setup::{WerewolfSetup, WerewolfSetupError};
use super::vote::check_ballots;
use crate::rules::Rules;

impl WerewolfState {
    /// Applies `event` in place if it answers the pending decision legally; otherwise returns why and leaves
    /// the game untouched: [`Werewolf`]'s [`Rules::step`].
    ///
    /// ```
    /// use marubatsu_engine::rules::Rules;
    /// use marubatsu_engine::werewolf::{WerewolfEvent, WerewolfRefusal, WerewolfState, Seat, Table, Werewolf};
    ///
    /// let mut game = WerewolfState::new(Table::DEFAULT);
    /// let seat = |i| Seat::new(i).unwrap();
    /// let before = game.clone();
    /// // A draw answers nothing now.
    /// assert!(matches!(
    ///     Werewolf::step(&mut game, &WerewolfEvent::Draw { player: seat(0), index: 0 }),
    ///     Err(WerewolfRefusal::NotPending { .. })
    /// ));
    /// assert_eq!(game, before);
    /// Werewolf::step(&mut game, &WerewolfEvent::StartPlayer { seat: seat(5) })?;
    /// assert_ne!(game, before);
    /// # Ok::<(), WerewolfRefusal>(())
    /// ```
    pub(crate) fn play(&mut self, event: &WerewolfEvent) -> Result<(), WerewolfRefusal> {
        if !self.refuses_contradictions() || matches!(event, WerewolfEvent::Vote { .. }) {
            return self.apply(event);
        }
        let mut next = self.clone();
        next.apply(event)?;
        if !next.is_consistent() && listed_events(self).iter().any(|other| !self.would_contradict(other)) {
            return Err(WerewolfRefusal::LeavesNoWorld);
        }
        *self = next;
        Ok(())
    }

    /// [`WerewolfState::play`](Self::play) under every rule but the refusal of contradictions.
    pub(super) fn apply(&mut self, event: &WerewolfEvent) -> Result<(), WerewolfRefusal> {
        let pending = self.pending().ok_or(WerewolfRefusal::GameOver)?;
        let not_pending = WerewolfRefusal::NotPending { pending };
        match (pending, event) {
            (Pending::StartPlayer { phase, tied }, &WerewolfEvent::StartPlayer { seat }) => {
                if !tied.contains(seat) {
                    return Err(WerewolfRefusal::NotTied { seat, tied });
                }
                self.start_turns(phase, seat, tied);
            }
            (
                Pending::Verdict { seer },
                &WerewolfEvent::Verdict {
                    seer: actor,
                    target,
                    verdict,
                    give,
                },
            ) if actor == seer => {
                self.check_action(Phase::Seer, seer, target, give)?;
                if self.chits_left(seer, verdict.chit()) == 0 {
                    return Err(WerewolfRefusal::NoChitLeft { verdict });
                }
                self.mark(seer, target, verdict, give);
            }
            (
                Pending::Attack { wolf },
                &WerewolfEvent::Attack {
                    wolf: actor,
                    target,
                    give,
                },
            ) if actor == wolf => {
                self.check_action(Phase::Attack, wolf, target, give)?;
                self.attack(wolf, target, give);
            }
            // R7 (Version 2): any debtor may settle theirs, not only the one pending names.
            (
                Pending::Transfer { .. },
                &WerewolfEvent::Transfer {
                    from,
                    role,
                    ref handovers,
                },
            ) if self.transfers.as_slice().contains(&(from, role)) => {
                // Under Version 3's discard, a debt stuck in part hands over only the cards that may be placed.
                let cards = self
                    .ready_transfers()
                    .into_iter()
                    .find(|&(f, r, _)| (f, r) == (from, role))
                    .map_or(self.hand(from).count(role), |(_, _, cards)| cards);
                self.check_transfer(from, role, cards, handovers)
                    .map_err(|reason| WerewolfRefusal::BadTransfer { reason })?;
                self.transfer(from, role, handovers);
            }
            (Pending::Draw { player, cards }, &WerewolfEvent::Draw { player: dead, index }) if dead == player => {
                if index >= cards {
                    return Err(WerewolfRefusal::DrawOutOfRange { index, cards });
                }
                self.draw(player, index);
            }
            (Pending::Vote { voters, candidates, .. }, WerewolfEvent::Vote { ballots }) => {
                check_ballots(voters, candidates, ballots).map_err(|reason| WerewolfRefusal::BadVote { reason })?;
                self.count_vote(ballots, candidates);
            }
            _ => return Err(not_pending),
        }
        self.advance();
        Ok(())
    }

    /// The target and the card given must be legal for `actor` in `phase`.
    fn check_action(&self, phase: Phase, actor: Seat, target: Seat, give: Option<Role>) -> Result<(), WerewolfRefusal> {
        let targets = match phase {
            Phase::Seer => self.verdict_targets(actor),
            _ => self.attack_targets(actor),
        };
        if !targets.contains(target) {
            return Err(WerewolfRefusal::IllegalTarget { target });
        }
        let legal = match (self.exchange_options(phase, actor, target), give) {
            (Ok(roles), Some(role)) => roles.contains(role),
            (Err(_), None) => true,
            _ => false,
        };
        if legal {
            Ok(())
        } else {
            Err(WerewolfRefusal::WrongExchange { give })
        }
    }

    /// R7: canonical form, the right total, recipients who may receive, take-backs within their limits.
    fn check_transfer(&self, from: Seat, role: Role, cards: u8, handovers: &[HandOver]) -> Result<(), TransferError> {
        let canonical = handovers.iter().all(|h| h.cards > 0)
            && handovers
                .windows(2)
                .all(|w| (w[0].to, w[0].take) < (w[1].to, w[1].take));
        if !canonical {
            return Err(TransferError::NotCanonical);
        }
        let given: u16 = handovers.iter().map(|h| u16::from(h.cards)).sum();
        if given != u16::from(cards) {
            return Err(TransferError::WrongTotal { owed: cards, given });
        }
        for h in handovers {
            if !self.has_seat(h.to) || !self.may_receive(from, h.to, role) {
                return Err(TransferError::Recipient { to: h.to });
            }
            if h.cards > self.take_back_limit(from, role, h.to, h.take) {
                return Err(TransferError::TakeBack { to: h.to, take: h.take });
            }
        }
        Ok(())
    }

    /// R4: the chit, the exchange, and a fixed seer's chit taking effect at once.
    fn mark(&mut self, seer: Seat, target: Seat, verdict: Verdict, give: Option<Role>) {
        let kind = verdict.chit();
        self.left[seer.index()][kind.index()] -= 1;
        self.chits.place(seer, target, kind);
        self.record(Happening::Marked { seer, target, verdict });
        self.act_exchange(Phase::Seer, seer, target, give);
        let mut losses = Losses::new();
        self.empty_roles(SeatSet::EMPTY.with(seer).with(target), &mut losses);
        if self.fixed_as(seer) == Some(Role::Seer) {
            match verdict {
                Verdict::Black => {
                    losses.push(target, Role::Seer, LossCause::BlackFromSeer { seer });
                    losses.push(target, Role::Villager, LossCause::BlackFromSeer { seer });
                }
                Verdict::White => {
                    losses.push(target, Role::Werewolf, LossCause::WhiteFromSeer { seer });
                }
            }
        }
        self.next_turn();
        self.resolve(losses);
    }

    /// R5: the chit, the exchange, a fixed werewolf's attack taking effect at once, and death by attack.
    fn attack(&mut self, wolf: Seat, target: Seat, give: Option<Role>) {
        self.left[wolf.index()][ChitKind::Attack.index()] -= 1;
        self.chits.place(wolf, target, ChitKind::Attack);
        self.record(Happening::Attacked { wolf, target });
        self.act_exchange(Phase::Attack, wolf, target, give);
        let mut losses = Losses::new();
        self.empty_roles(SeatSet::EMPTY.with(wolf).with(target), &mut losses);
        if self.fixed_as(wolf) == Some(Role::Werewolf) {
            losses.push(target, Role::Werewolf, LossCause::AttackedByWerewolf { wolf });
        }
        // A werewolf power: the start player's attack kills at once (R5, R8), before the cascade, so the
        // target's losses are those of a dead player.
        let starter = matches!(self.step, Step::Turns { start, .. } if start == wolf);
        if starter && self.table.options().powers.starter_attack == StarterAttack::Kills {
            self.die(target, DeathCause::StarterAttack { wolf });
        }
        self.next_turn();
        self.resolve(losses);
        if self.outcome.is_none() {
            self.attack_deaths();
        }
    }

    /// The exchange of an action, or a log line saying why there is none.
    fn act_exchange(&mut self, phase: Phase, actor: Seat, target: Seat, give: Option<Role>) {
        let took = phase.actor_role().unwrap_or(Role::Seer);
        match (give, self.exchange_options(phase, actor, target)) {
            (Some(gave), Ok(_)) => self.exchange(actor, target, gave, took),
            (_, Err(why)) => self.record(Happening::NoExchange { actor, target, why }),
            // Checked before: a possible exchange always comes with a card to give.
            (None, Ok(_)) => {}
        }
    }

    /// R7: every hand-over at once, then the losses of recipients left without a role they gave back. The
    /// debt is paid, and so is any other whose cards were all taken back (Version 2).
    fn transfer(&mut self, from: Seat, role: Role, handovers: &[HandOver]) {
        for h in handovers {
            self.hand_over(from, h.to, role, h.take, h.cards);
        }
        // What is left nobody could take (only a partial transfer under Version 3's discard leaves any).
        self.discard(from, role);
        self.settle_debts();
        let mut losses = Losses::new();
        let seats: SeatSet = handovers.iter().map(|h| h.to).collect();
        self.empty_roles(seats.with(from), &mut losses);
        self.resolve(losses);
    }

    /// R8: the card drawn fixes the dead player as its role.
    fn draw(&mut self, player: Seat, index: u8) {
        let role = self.hand(player).card(index).unwrap_or_default();
        self.draws.pop();
        self.record(Happening::Drew {
            player,
            role,
            index: Some(index),
        });
        let mut losses = Losses::new();
        for other in self.possible(player).without(role).iter() {
            losses.push(player, other, LossCause::Drew { role });
        }
        self.resolve(losses);
    }
}

/// Quantum werewolf's rules as one [`Rules`] transition: the game's own step, which checks an event in full before
/// it changes anything, so a refused event gives the game back as it was without a copy ([`Rules::step`] changes
/// a game in place).
///
/// ```
/// use marubatsu_engine::rules::Rules;
/// use marubatsu_engine::werewolf::{legal_events, WerewolfEvent, WerewolfState, Seat, Table, Werewolf};
///
/// let mut game = WerewolfState::new(Table::DEFAULT);
/// // Play the first legal event each time until the game ends; every state differs from the last.
/// while let Some(event) = legal_events(&game).into_iter().next() {
///     let before = game.clone();
///     Werewolf::step(&mut game, &event).expect("a legal event is accepted");
///     assert_ne!(game, before);
/// }
/// assert!(game.outcome().is_some());
/// // Over: every event is refused, and the game comes back as it was.
/// let seat = Seat::new(0).unwrap();
/// let (back, _) = Werewolf::transition(game.clone(), &WerewolfEvent::StartPlayer { seat }).unwrap_err();
/// assert_eq!(back, game);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Werewolf;

impl Rules for Werewolf {
    type State = WerewolfState;
    type Event = WerewolfEvent;
    type Refusal = WerewolfRefusal;
    type Setup = WerewolfSetup;
    type SetupError = WerewolfSetupError;

    fn setup(setup: &WerewolfSetup) -> Result<WerewolfState, WerewolfSetupError> {
        setup.start()
    }

    fn transition(
        mut state: WerewolfState,
        event: &WerewolfEvent,
    ) -> Result<WerewolfState, (WerewolfState, WerewolfRefusal)> {
        match state.play(event) {
            Ok(()) => Ok(state),
            Err(error) => Err((state, error)),
        }
    }

    fn step(state: &mut WerewolfState, event: &WerewolfEvent) -> Result<(), WerewolfRefusal> {
        state.play(event)
    }
}
