//! The round (R3): owed transfers and draws first, then the end conditions (R10), then the next turn of the
//! seer (R4), attack (R5) or vote (R9) phase — skipping whoever cannot act — until a decision is needed.

use super::cascade::Losses;
use super::chances::Chances;
use super::chits::ChitKind;
use super::event::Phase;
use super::game::{Step, WerewolfState};
use super::log::{Happening, LossCause, PassReason};
use super::options::{Certainty, EndCheck, FirstVote, Markers, Parity, Unplaceable};
use super::outcome::{End, Paradox};
use super::readings::DeathDraw;
use super::role::Role;
use super::seat::{Seat, SeatSet};

impl WerewolfState {
    /// Moves on until a decision is pending or the game is over.
    ///
    /// Every pass of the loop either returns or moves the step forward (a turn offset up, a phase further, a
    /// queue shorter), so it ends: a round has at most 2 × N turns and 3 phase starts.
    pub(crate) fn advance(&mut self) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            // Version 3: an end that holds is never taken away by a transfer, a draw or a paradox after it.
            if self.table.options().end_check == EndCheck::EndFirst && self.check_end() {
                return;
            }
            // R8 read as "the card is drawn at once": draws come before every transfer.
            let draws_first = self.table.death_draw() == DeathDraw::BeforeTransfers;
            if draws_first && self.draw_pending() {
                return;
            }
            // R7 (Version 2): transfers in any order; a paradox only when none of them can be completed.
            if let Some((from, role)) = self.transfers.front() {
                if self.full_transfers().is_empty() {
                    match self.table.options().unplaceable {
                        Unplaceable::Paradox => self.finish(End::Paradox(Paradox::NoTransfer {
                            player: from,
                            role,
                            cards: self.hand(from).count(role),
                        })),
                        // Version 3: debts none of whose cards may be placed are discarded whole; the others
                        // wait for their debtor to say where the placeable cards go.
                        Unplaceable::Discard if self.discard_unplaceable() => continue,
                        Unplaceable::Discard => {}
                    }
                }
                return;
            }
            // R8: then draws, in order of death.
            if !draws_first && self.draw_pending() {
                return;
            }
            // R3: everything has resolved; R10 before anything else happens.
            if self.check_end() {
                return;
            }
            match self.step {
                Step::Begin(Phase::Vote)
                    if self.round == 1 && self.table.options().powers.first_vote == FirstVote::Skipped =>
                {
                    // A werewolf power: round 1 has no vote.
                    self.record(Happening::VoteSkipped);
                    self.step = Step::NextRound;
                }
                Step::Begin(Phase::Vote) => {
                    // R9: with fewer than 3 alive, no vote can be decided.
                    if self.alive.len() < 3 {
                        self.finish(End::Paradox(Paradox::UndecidableVote {
                            alive: self.alive.len() as u8,
                        }));
                        return;
                    }
                    self.step = Step::Ballots {
                        candidates: self.alive,
                        runoff: 0,
                    };
                }
                Step::Begin(phase) => {
                    let role = phase.actor_role().unwrap_or(Role::Seer);
                    let tied = self.most_cards(role);
                    match tied.len() {
                        0 => {
                            self.record(Happening::NoActors { phase });
                            self.enter(next_phase(phase));
                        }
                        1 => {
                            let seat = tied.first().unwrap_or_default();
                            self.start_turns(phase, seat, tied);
                        }
                        // Rock-paper-scissors at the table.
                        _ => return,
                    }
                }
                Step::Turns { phase, start, offset } => {
                    // Version 3 may let only the start player, the likeliest seer, mark.
                    let markers_done =
                        phase == Phase::Seer && offset >= 1 && self.table.options().markers == Markers::LikeliestSeer;
                    if offset >= self.players() || markers_done {
                        self.enter(next_phase(phase));
                        continue;
                    }
                    let actor = start.clockwise(offset, self.players());
                    let role = phase.actor_role().unwrap_or(Role::Seer);
                    // Checked when the turn comes: alive and still holding a card of the role.
                    if !self.is_alive(actor) || self.hand(actor).count(role) == 0 {
                        self.next_turn();
                        continue;
                    }
                    if let Some(reason) = self.cannot_act(phase, actor) {
                        self.record(Happening::Passed {
                            phase,
                            seat: actor,
                            reason,
                        });
                        self.next_turn();
                        continue;
                    }
                    return;
                }
                Step::Ballots { .. } => return,
                Step::NextRound => {
                    self.round += 1;
                    self.record(Happening::RoundBegan);
                    self.enter(Phase::Seer);
                }
            }
        }
    }

    /// R8: whether a dead player's draw waits for an event. A hand of one role needs no draw: it is made (and
    /// logged) here, and the next death is looked at.
    fn draw_pending(&mut self) -> bool {
        while let Some(player) = self.draws.front() {
            let Some(role) = self.hand(player).roles().only() else {
                return true;
            };
            self.draws.pop();
            self.record(Happening::Drew {
                player,
                role,
                index: None,
            });
            let mut losses = Losses::new();
            for other in self.possible(player).without(role).iter() {
                losses.push(player, other, LossCause::Drew { role });
            }
            self.resolve(losses);
            if self.outcome.is_some() {
                return true;
            }
        }
        false
    }

    /// The phase begins: logged once, then its start player is chosen (or the vote opened) by `advance`.
    fn enter(&mut self, phase: Phase) {
        self.step = Step::Begin(phase);
        self.record(Happening::PhaseBegan { phase });
    }

    /// `seat` starts the turns of `phase` (R4, R5).
    pub(crate) fn start_turns(&mut self, phase: Phase, seat: Seat, tied: super::seat::SeatSet) {
        self.record(Happening::StartPlayer { phase, seat, tied });
        self.step = Step::Turns {
            phase,
            start: seat,
            offset: 0,
        };
    }

    /// The turn passes clockwise.
    pub(crate) fn next_turn(&mut self) {
        if let Step::Turns { offset, .. } = &mut self.step {
            *offset += 1;
        }
    }

    /// Why `actor` must pass in `phase`, if they must (R4, R5).
    pub(crate) fn cannot_act(&self, phase: Phase, actor: Seat) -> Option<PassReason> {
        let chits = match phase {
            Phase::Seer => self.chits_left(actor, ChitKind::Black) + self.chits_left(actor, ChitKind::White),
            _ => self.chits_left(actor, ChitKind::Attack),
        };
        if chits == 0 {
            return Some(PassReason::NoChits);
        }
        let targets = match phase {
            Phase::Seer => self.verdict_targets(actor),
            _ => self.attack_targets(actor),
        };
        targets.is_empty().then_some(PassReason::NoTarget)
    }

    /// R10, in order; ends the game and returns `true` if one holds.
    fn check_end(&mut self) -> bool {
        let end = self.end_holds();
        if let Some(end) = end {
            self.finish(end);
        }
        end.is_some()
    }

    /// The first end condition of R10 that holds now, if any.
    pub fn end_holds(&self) -> Option<End> {
        let alive = self.alive;
        if alive.is_empty() {
            Some(End::AllDead)
        } else if alive.iter().all(|seat| self.no_werewolf().contains(seat)) {
            Some(End::VillageWins)
        } else {
            let wolves = self.certain_werewolves().intersect(alive).len();
            // R10.3: half of the living, or a third under the werewolves' softer parity.
            let parts = match self.table.options().powers.parity {
                Parity::Half => 2,
                Parity::Third => 3,
            };
            (wolves > 0 && parts * wolves >= alive.len()).then_some(End::WerewolvesWin)
        }
    }

    /// The players certain to be werewolves, alive or dead, by the table's meaning of certain ([`Certainty`]):
    /// every other role lost, or (Version 4) a werewolf in every consistent deal. By the cards once no deal
    /// is consistent (the game is then a paradox).
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{Options, Table, WerewolfState};
    ///
    /// let game = WerewolfState::new(Table::VERSION_3.with_options(Options::V4));
    /// assert!(game.certain_werewolves().is_empty());
    /// assert_eq!(game.no_werewolf().len(), 0);
    /// ```
    pub fn certain_werewolves(&self) -> SeatSet {
        match self.deal_chances() {
            Some(chances) => self
                .seats()
                .filter(|&seat| chances.worlds_with(seat, Role::Werewolf) == chances.worlds())
                .collect(),
            None => self.fixed_players(Role::Werewolf),
        }
    }

    /// The players who can no longer be a werewolf, alive or dead: the werewolf lost, or (Version 4) a werewolf
    /// in no consistent deal.
    pub fn no_werewolf(&self) -> SeatSet {
        match self.deal_chances() {
            Some(chances) => self
                .seats()
                .filter(|&seat| chances.worlds_with(seat, Role::Werewolf) == 0)
                .collect(),
            None => self
                .seats()
                .filter(|&seat| self.lost(seat).contains(Role::Werewolf))
                .collect(),
        }
    }

    /// The worlds' chances when this table's "certain" is the deals' and some deal is consistent.
    fn deal_chances(&self) -> Option<Chances> {
        if self.table.options().certainty != Certainty::Deals {
            return None;
        }
        let chances = self.chances();
        (chances.worlds() > 0).then_some(chances)
    }

    /// [`Unplaceable::Discard`]: every owed debt none of whose cards any player may take leaves the game whole;
    /// returns whether there was one.
    fn discard_unplaceable(&mut self) -> bool {
        let stuck: Vec<(Seat, Role)> = self
            .transfers
            .as_slice()
            .iter()
            .copied()
            .filter(|&(from, role)| self.transfer_capacity(from, role) == 0)
            .collect();
        for &(from, role) in &stuck {
            self.discard(from, role);
        }
        self.settle_debts();
        !stuck.is_empty()
    }

    /// `from`'s cards of the lost `role` that are still held leave the game.
    pub(crate) fn discard(&mut self, from: Seat, role: Role) {
        let cards = self.hand(from).count(role);
        if cards > 0 {
            self.hands[from.index()].remove(role, cards);
            self.discarded[from.index()].add(role, cards);
            self.record(Happening::Discarded {
                player: from,
                role,
                cards,
            });
        }
    }
}

/// The phase after `phase` within the round (the vote is followed by the next round, not by this).
const fn next_phase(phase: Phase) -> Phase {
    match phase {
        Phase::Seer => Phase::Attack,
        Phase::Attack | Phase::Vote => Phase::Vote,
    }
}
