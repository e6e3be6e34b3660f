//! Helpers shared by the werewolf tests: a deterministic generator, hand-made positions from one line, and the
//! invariants every reachable state keeps.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    ChitKind, Happening, LossCause, Pending, Role, RoleSet, Seat, SeatSet, Table, Werewolf, WerewolfEvent,
    WerewolfSetup, WerewolfState, legal_events,
};

pub(crate) use marubatsu_engine::random::{RandomSource, SplitMix64};

/// The seat with this index; panics on a seat no table has, which only a broken test asks for.
pub(crate) fn seat(index: u8) -> Seat {
    Seat::new(index).unwrap_or_else(|| panic!("test uses seat {index}"))
}

/// The set of these seats.
pub(crate) fn seats(indices: &[u8]) -> SeatSet {
    indices.iter().map(|&i| seat(i)).collect()
}

/// The game at the default table set up from `line`, the engine's one-line notation
/// ([`WerewolfSetup::parse`]): hands, the dead, debts, chits and the step. The engine checks it (the cards add
/// up, the seats exist…) and moves on to the first decision.
pub(crate) fn position(line: &str) -> WerewolfState {
    position_at(Table::DEFAULT, line)
}

/// The game at `table` set up from `line`, as [`position`].
pub(crate) fn position_at(table: Table, line: &str) -> WerewolfState {
    let setup = WerewolfSetup::parse(table, line).unwrap_or_else(|error| panic!("a test's setup: {error}"));
    assert_eq!(setup.to_string(), line, "the notation writes back as read");
    Werewolf::setup(&setup).unwrap_or_else(|error| panic!("a test's setup {line:?}: {error}"))
}

/// Plays `event`, which must be accepted.
pub(crate) fn play(game: &mut WerewolfState, event: WerewolfEvent) {
    if let Err(error) = Werewolf::step(game, &event) {
        panic!("{event:?} refused: {error}; pending {:?}", game.pending());
    }
}

/// Plays an event drawn uniformly from the legal ones, which the game must accept; `false` once none is legal.
pub(crate) fn play_random_event(game: &mut WerewolfState, rng: &mut SplitMix64) -> bool {
    let events = legal_events(game);
    let Some(event) = events.get(rng.below_u64(events.len())) else {
        return false;
    };
    if let Err(error) = Werewolf::step(game, &event) {
        panic!("listed event {event:?} refused: {error}");
    }
    true
}

/// Plays `event`, which must be refused, and checks that nothing changed.
pub(crate) fn refuse(game: &WerewolfState, event: WerewolfEvent) {
    let mut copy = game.clone();
    assert!(Werewolf::step(&mut copy, &event).is_err(), "{event:?} was accepted");
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
