//! Version 2's paradox rule against an independent brute force, on random games: the engine ends a game in a
//! paradox exactly when no assignment of roles fits the table, or no owed transfer can be completed, or a vote
//! can never be decided — and the transfers it offers are exactly those that can be completed.
//!
//! The brute force reads only the public state (hands, lost roles, chits, the living) and the spec's words: it
//! tries every assignment of roles with the composition's counts, and places owed cards one at a time.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    AttackDeath, ChitKind, DeathDraw, End, Paradox, Pending, Role, Seat, SeatSet, Table, Werewolf, WerewolfEvent,
    WerewolfState, legal_events,
};

use super::support::{RandomSource, SplitMix64, check_invariants};

/// Whether some assignment of roles with the table's counts gives nobody a lost role, makes every seer's chit
/// true and puts no werewolf's attack chit on a werewolf: every assignment is tried.
pub(super) fn world_exists(game: &WerewolfState) -> bool {
    let seats: Vec<Seat> = game.seats().collect();
    let mut roles = vec![Role::Villager; seats.len()];
    let left = Role::ALL.map(|r| game.table().count(r));
    assign(game, &seats, &mut roles, 0, left)
}

fn assign(game: &WerewolfState, seats: &[Seat], roles: &mut Vec<Role>, i: usize, left: [u8; 3]) -> bool {
    if i == seats.len() {
        return fits(game, seats, roles);
    }
    for role in Role::ALL {
        if left[role.index()] == 0 || game.lost(seats[i]).contains(role) {
            continue;
        }
        roles[i] = role;
        let mut rest = left;
        rest[role.index()] -= 1;
        if assign(game, seats, roles, i + 1, rest) {
            return true;
        }
    }
    false
}

fn fits(game: &WerewolfState, seats: &[Seat], roles: &[Role]) -> bool {
    let chits = game.chits();
    for (a, &owner) in seats.iter().enumerate() {
        for (b, &target) in seats.iter().enumerate() {
            if roles[a] == Role::Seer {
                if chits.count(owner, target, ChitKind::Black) > 0 && roles[b] != Role::Werewolf {
                    return false;
                }
                if chits.count(owner, target, ChitKind::White) > 0 && roles[b] == Role::Werewolf {
                    return false;
                }
            }
            if roles[a] == Role::Werewolf
                && roles[b] == Role::Werewolf
                && chits.count(owner, target, ChitKind::Attack) > 0
            {
                return false;
            }
        }
    }
    true
}

/// Whether `from` can hand over every card of `role` they hold (R7): each card to another living player who is
/// not fixed and may still be `role`, for one card back of a role `from` may still be and `to` holds. Cards are
/// placed one at a time over the (recipient, role taken back) pairs in a fixed order, so each split is tried
/// once.
fn transfer_exists(game: &WerewolfState, from: Seat, role: Role) -> bool {
    let pairs: Vec<(Seat, Role)> = game
        .seats()
        .filter(|&to| {
            to != from && game.is_alive(to) && game.possible(to).len() > 1 && game.possible(to).contains(role)
        })
        .flat_map(|to| Role::ALL.map(|take| (to, take)))
        .filter(|&(_, take)| take != role && !game.lost(from).contains(take))
        .collect();
    let mut left: Vec<u8> = pairs.iter().map(|&(to, take)| game.hand(to).count(take)).collect();
    place(&pairs, &mut left, 0, game.hand(from).count(role))
}

fn place(pairs: &[(Seat, Role)], left: &mut [u8], first: usize, cards: u8) -> bool {
    if cards == 0 {
        return true;
    }
    for i in first..pairs.len() {
        if left[i] > 0 {
            left[i] -= 1;
            let done = place(pairs, left, i, cards - 1);
            left[i] += 1;
            if done {
                return true;
            }
        }
    }
    false
}

fn tables() -> Vec<Table> {
    let mut tables = Vec::new();
    for (w, s, v) in [(2, 1, 5), (1, 1, 3), (2, 1, 3), (2, 2, 4), (3, 1, 5)] {
        let table = Table::new(w, s, v).unwrap_or_else(|e| panic!("{e}"));
        for attack in AttackDeath::ALL {
            for draw in DeathDraw::ALL {
                tables.push(table.with_readings(attack, draw));
            }
        }
    }
    tables
}

/// How often each side of the property was seen.
#[derive(Default, Debug)]
struct Seen {
    states: u32,
    contradictions: u32,
    no_role: u32,
    stuck_transfers: u32,
    votes: u32,
    other_ends: u32,
    waiting_transfers: u32,
}

fn check(game: &WerewolfState, seen: &mut Seen) {
    seen.states += 1;
    let world = world_exists(game);
    let owed = game.owed_transfers();
    let ready: Vec<(Seat, Role)> = owed
        .iter()
        .copied()
        .filter(|&(from, role)| transfer_exists(game, from, role))
        .collect();
    for &(from, role) in owed {
        assert!(game.hand(from).count(role) > 0, "a settled debt is still shown");
    }
    // The debts that stood when the game ended, which a finished game no longer lists: cards of lost roles held.
    let stood: Vec<(Seat, Role)> = game
        .seats()
        .flat_map(|seat| Role::ALL.map(|role| (seat, role)))
        .filter(|&(seat, role)| game.lost(seat).contains(role) && game.hand(seat).count(role) > 0)
        .collect();
    match game.outcome().map(|o| o.end) {
        Some(End::Paradox(Paradox::Contradiction)) => {
            seen.contradictions += 1;
            assert!(!world, "a contradiction declared in a possible world");
        }
        Some(End::Paradox(Paradox::NoRoleLeft { player })) => {
            seen.no_role += 1;
            assert!(!world);
            assert!(game.possible(player).is_empty());
        }
        Some(End::Paradox(Paradox::NoTransfer { .. })) => {
            seen.stuck_transfers += 1;
            assert!(world, "a transfer paradox in a contradictory world");
            assert!(owed.is_empty(), "a finished game still lists {owed:?}");
            let stuck = stood.iter().all(|&(from, role)| !transfer_exists(game, from, role));
            assert!(
                !stood.is_empty() && stuck,
                "{stood:?} stood, some of them could be settled"
            );
        }
        Some(End::Paradox(Paradox::UndecidableVote { alive })) => {
            seen.votes += 1;
            assert!(world);
            assert!(alive < 3 && usize::from(alive) == game.alive().len());
        }
        Some(_) => {
            seen.other_ends += 1;
            assert!(world, "the game ended without a paradox in a contradictory world");
        }
        None => {
            assert!(world, "the game goes on in a contradictory world");
            if let Some(Pending::Transfer { .. }) = game.pending() {
                seen.waiting_transfers += 1;
                assert!(!ready.is_empty());
                let mut offered: Vec<(Seat, Role)> = legal_events(game)
                    .iter()
                    .filter_map(|e| match e {
                        WerewolfEvent::Transfer { from, role, .. } => Some((from, role)),
                        _ => None,
                    })
                    .collect();
                offered.dedup();
                assert_eq!(offered, ready, "offered transfers");
            }
        }
    }
    if let Some(outcome) = game.outcome()
        && outcome.end.side() == marubatsu_engine::werewolf::Side::Paradox
    {
        let unfixed: SeatSet = game.seats().filter(|&s| game.possible(s).len() != 1).collect();
        assert_eq!(outcome.winners, unfixed, "paradox winners");
    }
}

#[test]
fn a_paradox_is_declared_exactly_when_the_brute_force_finds_no_world_no_transfer_or_no_vote() {
    let mut rng = SplitMix64::new(0x0DD5);
    let mut seen = Seen::default();
    for table in tables() {
        for _ in 0..120 {
            let mut game = WerewolfState::new(table).without_log();
            check(&game, &mut seen);
            while let Some(pending) = game.pending() {
                let events = legal_events(&game);
                // Transfers run to thousands of splits: pick a debtor, then a split, so that every debtor's
                // transfers get tried.
                let event = match pending {
                    Pending::Transfer { .. } => {
                        let ready = game.ready_transfers();
                        let (from, role, _) = ready[rng.below(ready.len())];
                        let theirs: Vec<WerewolfEvent> = events
                            .iter()
                            .filter(|e| {
                                let WerewolfEvent::Transfer { from: f, role: r, .. } = e else {
                                    return false;
                                };
                                *f == from && *r == role
                            })
                            .collect();
                        theirs[rng.below(theirs.len())].clone()
                    }
                    _ => events
                        .get(rng.below_u64(events.len()))
                        .unwrap_or_else(|| panic!("no event for {pending:?}")),
                };
                if let Err(error) = Werewolf::step(&mut game, &event) {
                    panic!("{event:?}: {error}");
                }
                check_invariants(&game);
                check(&game, &mut seen);
            }
        }
    }
    // Every side of the property was exercised.
    assert!(
        seen.contradictions > 100
            && seen.no_role > 0
            && seen.stuck_transfers > 20
            && seen.votes > 5
            && seen.other_ends > 100
            && seen.waiting_transfers > 1_000,
        "{seen:?}"
    );
}
