//! Refusing what no deal could explain ([`Contradictions::Refused`], R11): a choice, or a card drawn at a
//! death, after which no world is consistent is not legal while another one for the same decision keeps a
//! world.
//!
//! The original game's master never lets the table state what no deal explains; here the engine is that
//! master. Every alternative is played on a copy: a few dozen for a mark or an attack, at most 16 for a draw,
//! and for a transfer every split listed (thousands at ten players; which debts may be settled stops at each
//! debt's first split that keeps a world). A vote is never refused: it only kills, and a death alone leaves
//! every world standing.

use core::ops::ControlFlow;

use super::event::WerewolfEvent;
use super::game::WerewolfState;
use super::legal::each_split;
use super::options::Contradictions;
use super::role::Role;
use super::seat::Seat;

impl WerewolfState {
    /// Whether `event`, legal under every other rule, would leave no consistent world: a contradiction, a
    /// player with no role left, or an end reached (Version 3 checks the end first) on a table no deal explains.
    pub(super) fn would_contradict(&self, event: &WerewolfEvent) -> bool {
        let mut next = self.clone();
        next.apply(event).is_ok() && !next.is_consistent()
    }

    /// The debts that may be settled now (R7): [`WerewolfState::ready_transfers`], less, at a table that refuses
    /// contradictions, any whose every split leaves no world while another debt's split keeps one.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{WerewolfState, Table};
    ///
    /// let game = WerewolfState::new(Table::DEFAULT);
    /// assert!(game.settleable_transfers().is_empty()); // nothing is owed before the first action
    /// ```
    pub fn settleable_transfers(&self) -> Vec<(Seat, Role, u8)> {
        let ready = self.ready_transfers();
        if !self.refuses_contradictions() || ready.len() < 2 {
            return ready;
        }
        // A debt whose splits run to thousands is settleable at its first split that keeps a world.
        let keeps = |debt| {
            each_split(self, debt, &mut |split| {
                if self.would_contradict(&split) {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })
            .is_break()
        };
        let keeping: Vec<(Seat, Role, u8)> = ready.iter().copied().filter(|&debt| keeps(debt)).collect();
        if keeping.is_empty() { ready } else { keeping }
    }

    /// Whether contradictions are refused at this table.
    pub(super) fn refuses_contradictions(&self) -> bool {
        self.table.options().contradictions == Contradictions::Refused
    }
}

/// Of `events`, every answer the other rules allow to one decision, those that keep a world; all of them
/// when none does (the paradox cannot be avoided) or when the table plays contradictions.
pub(super) fn keeping_a_world(game: &WerewolfState, events: Vec<WerewolfEvent>) -> Vec<WerewolfEvent> {
    if !game.refuses_contradictions() {
        return events;
    }
    let keeping: Vec<WerewolfEvent> = events
        .iter()
        .filter(|event| !game.would_contradict(event))
        .cloned()
        .collect();
    if keeping.is_empty() { events } else { keeping }
}
