//! Helpers shared by the werewolf tests: a deterministic generator, a builder for hand-made positions, and the
//! invariants every reachable state keeps.

use super::chits::ChitKind;
use super::event::{Pending, Phase, WerewolfEvent};
use super::game::{Step, WerewolfState};
use super::hand::Hand;
use super::log::{Happening, LossCause};
use super::role::{Role, RoleSet};
use super::seat::{Seat, SeatSet};
use super::table::Table;

pub(crate) use crate::random::{RandomSource, SplitMix64};

/// The seat with this index; panics on a seat no table has, which only a broken test asks for.
pub(crate) fn seat(index: u8) -> Seat {
    Seat::new(index).unwrap_or_else(|| panic!("test uses seat {index}"))
}

/// The set of these seats.
pub(crate) fn seats(indices: &[u8]) -> SeatSet {
    indices.iter().map(|&i| seat(i)).collect()
}

/// A hand-made position: hands, lost roles, chits, the dead and the step are set directly, then the engine
/// takes over with `build`. Roles with no card are lost (R2); use `lose` for a lost role still held (a transfer
/// owed).
pub(crate) struct Position {
    game: WerewolfState,
}

impl Position {
    /// The default table with its starting hands, in round 1 before anything happened.
    pub(crate) fn new() -> Position {
        Position::at(Table::DEFAULT)
    }

    /// `table` with its starting hands.
    pub(crate) fn at(table: Table) -> Position {
        let mut game = WerewolfState::new(table);
        game.log.clear();
        game.step = Step::Begin(Phase::Seer);
        Position { game }
    }

    /// Sets every hand, as `(W, S, V)` per seat; roles with no card become lost.
    pub(crate) fn hands(mut self, hands: &[(u8, u8, u8)]) -> Position {
        assert_eq!(hands.len(), usize::from(self.game.players()), "one hand per seat");
        for (i, &(w, s, v)) in hands.iter().enumerate() {
            let hand = Hand::new(w, s, v);
            self.game.hands[i] = hand;
            self.game.lost[i] = hand.roles().complement();
        }
        self
    }

    /// `owner` has placed a chit of `kind` in front of `target` (from their supply).
    pub(crate) fn chit(mut self, owner: u8, target: u8, kind: ChitKind) -> Position {
        let (owner, target) = (seat(owner), seat(target));
        self.game.left[owner.index()][kind.index()] -= 1;
        self.game.chits.place(owner, target, kind);
        self
    }

    /// `owner` has used up their chits of `kind`.
    pub(crate) fn no_chits(mut self, owner: u8, kind: ChitKind) -> Position {
        self.game.left[usize::from(owner)][kind.index()] = 0;
        self
    }

    /// `player` is dead (and, in a reachable state, fixed).
    pub(crate) fn dead(mut self, player: u8) -> Position {
        self.game.alive = self.game.alive.without(seat(player));
        self
    }

    /// `player` has lost `role` while still holding cards of it: a transfer is owed.
    pub(crate) fn owes(mut self, player: u8, role: Role) -> Position {
        let p = seat(player);
        self.game.lost[p.index()] = self.game.lost[p.index()].with(role);
        self.game.transfers.push((p, role));
        self
    }

    /// `player` died and waits for the draw.
    pub(crate) fn awaiting_draw(mut self, player: u8) -> Position {
        self.game.alive = self.game.alive.without(seat(player));
        self.game.draws.push(seat(player));
        self
    }

    /// The round.
    pub(crate) fn round(mut self, round: u8) -> Position {
        self.game.round = round;
        self
    }

    /// The turns of `phase` started at `start` and `offset` seats have had theirs.
    pub(crate) fn turn(mut self, phase: Phase, start: u8, offset: u8) -> Position {
        self.game.step = Step::Turns {
            phase,
            start: seat(start),
            offset,
        };
        self
    }

    /// `phase` is about to begin.
    pub(crate) fn begin(mut self, phase: Phase) -> Position {
        self.game.step = Step::Begin(phase);
        self
    }

    /// The game from here: checks that the cards add up, then lets the engine move on to a decision.
    pub(crate) fn build(mut self) -> WerewolfState {
        let table = self.game.table;
        for role in Role::ALL {
            let total: u32 = self
                .game
                .seats()
                .map(|s| u32::from(self.game.hand(s).count(role)))
                .sum();
            assert_eq!(
                total,
                u32::from(table.count(role)) * u32::from(table.players()),
                "{role} cards must add up"
            );
        }
        self.game.advance();
        self.game
    }
}

/// Plays `event`, which must be accepted.
pub(crate) fn play(game: &mut WerewolfState, event: WerewolfEvent) {
    if let Err(error) = game.play(&event) {
        panic!("{event:?} refused: {error}; pending {:?}", game.pending());
    }
}

/// Plays an event drawn uniformly from the legal ones, which the game must accept; `false` once none is legal.
pub(crate) fn play_random_event(game: &mut WerewolfState, rng: &mut SplitMix64) -> bool {
    let events = super::legal::legal_events(game);
    let Some(event) = events.get(rng.below_u64(events.len())) else {
        return false;
    };
    if let Err(error) = game.play(&event) {
        panic!("listed event {event:?} refused: {error}");
    }
    true
}

/// Plays `event`, which must be refused, and checks that nothing changed.
pub(crate) fn refuse(game: &WerewolfState, event: WerewolfEvent) {
    let mut copy = game.clone();
    assert!(copy.play(&event).is_err(), "{event:?} was accepted");
    assert_eq!(&copy, game, "a refused event changed the state");
}

/// What the log recorded since the `from`-th line.
pub(crate) fn happenings(game: &WerewolfState, from: usize) -> Vec<Happening> {
    game.log()[from..].iter().map(|entry| entry.what).collect()
}

/// The log line: `player` lost the `role` possibility because of `cause`.
pub(crate) fn lost_line(player: u8, role: Role, cause: LossCause) -> Happening {
    Happening::Lost {
        player: seat(player),
        role,
        cause,
    }
}

/// The log line: `player` is fixed as `role`.
pub(crate) fn fixed(player: u8, role: Role) -> Happening {
    Happening::Fixed {
        player: seat(player),
        role,
    }
}

/// The log line: `player` must hand over `cards` cards of `role`.
pub(crate) fn owed(player: u8, role: Role, cards: u8) -> Happening {
    Happening::TransferOwed {
        player: seat(player),
        role,
        cards,
    }
}

/// The log line: `owner`'s `count` chits of `kind` left the table.
pub(crate) fn removed(owner: u8, kind: ChitKind, count: u8) -> Happening {
    Happening::ChitsRemoved {
        owner: seat(owner),
        kind,
        count,
    }
}

/// The log line: an action's exchange, `actor` giving `target` a `gave` card for a `took` card.
pub(crate) fn exchanged(actor: u8, target: u8, gave: Role, took: Role) -> Happening {
    Happening::Exchanged {
        actor: seat(actor),
        target: seat(target),
        gave,
        took,
    }
}

/// Every loss of a role that R6 caused, in log order.
pub(crate) fn rule_six_losses(game: &WerewolfState) -> Vec<Happening> {
    game.log()
        .iter()
        .map(|entry| entry.what)
        .filter(|what| matches!(what, Happening::Lost { cause, .. } if cause.rule() == "R6"))
        .collect()
}

/// Whether the log holds a line equal to `what`.
pub(crate) fn logged(game: &WerewolfState, what: Happening) -> bool {
    game.log().iter().any(|entry| entry.what == what)
}

/// The invariants every state the rules reach keeps:
/// - every hand has N cards and each role's total is N times its count in the composition (R1);
/// - a player holding no card of a role has lost it (R2), and a lost role still held is owed as a transfer;
/// - no player has lost every role unless that ended the game in a paradox;
/// - the dead are fixed or waiting for their draw (R8); chit supplies plus chits ever placed never exceed the
///   table's allowance;
/// - every debt shown is current: cards of a lost role still held (Version 2);
/// - the world is possible while the game goes on (R11, Version 2);
/// - exactly one decision is pending until the game is over.
pub(crate) fn check_invariants(game: &WerewolfState) {
    let n = game.players();
    let table = *game.table();
    for role in Role::ALL {
        // Version 3's discard takes cards out of the game; every card is held or discarded.
        let total: u32 = game
            .seats()
            .map(|s| u32::from(game.hand(s).count(role)) + u32::from(game.discarded(s).count(role)))
            .sum();
        assert_eq!(total, u32::from(table.count(role)) * u32::from(n), "{role} total");
    }
    let owed = game.owed_transfers();
    for s in game.seats() {
        assert_eq!(game.hand(s).size() + game.discarded(s).size(), n, "{s} hand size");
        assert!(game.hand(s).size() > 0, "{s} holds no card");
        for role in Role::ALL {
            let held = game.hand(s).count(role);
            if held == 0 && game.outcome().is_none() {
                assert!(game.lost(s).contains(role), "{s} holds no {role} but may be it");
            }
            if held > 0 && game.lost(s).contains(role) && game.outcome().is_none() {
                assert!(owed.contains(&(s, role)), "{s} holds lost {role} with no transfer owed");
            }
        }
        if game.lost(s) == RoleSet::ALL {
            assert!(game.outcome().is_some(), "{s} lost every role and the game goes on");
        }
        if !game.is_alive(s) && game.outcome().is_none() {
            assert!(
                game.is_fixed(s) || game.owed_draws().contains(&s),
                "{s} is dead, not fixed, and owes no draw"
            );
        }
        let used = [ChitKind::Black, ChitKind::White, ChitKind::Attack]
            .map(|kind| u16::from(game.chits_left(s, kind)) + u16::from(game.chits().placed_by(s, kind)));
        assert!(used[0] <= u16::from(table.black()));
        assert!(used[1] <= u16::from(table.white()));
        assert!(used[2] <= u16::from(table.attacks()));
    }
    for &(s, role) in owed {
        assert!(
            game.hand(s).count(role) > 0 && game.lost(s).contains(role),
            "{s} shown owing {role} cards it does not hold or may still be"
        );
    }
    if game.outcome().is_none() {
        assert!(game.is_consistent(), "the game goes on in a contradictory world");
    }
    assert_eq!(
        game.pending().is_none(),
        game.outcome().is_some(),
        "one decision pending until the end"
    );
    if let Some(Pending::Transfer { cards, .. }) = game.pending() {
        assert!(cards > 0);
    }
}
