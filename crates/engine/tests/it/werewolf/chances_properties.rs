//! [`WerewolfState::chances`] against a plain count: on random games, after every event, every role assignment with
//! the composition's counts is listed one by one and checked against the table's losses and chits as R11
//! states them; the engine's world counts must equal the listed ones for every seat and role.

use marubatsu_engine::relay::Ratio;
use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{ChitKind, Options, Role, RoleSet, Table, Werewolf, WerewolfState, legal_events};

use super::support::{RandomSource, SplitMix64, play_random_event};

/// Every assignment of roles to seats with the composition's counts, each checked in full.
fn brute_force(game: &WerewolfState) -> (u64, Vec<[u64; 3]>) {
    let n = usize::from(game.players());
    let mut chits = Vec::new();
    for owner in game.seats() {
        for target in game.seats() {
            for kind in ChitKind::ALL {
                if game.chits().count(owner, target, kind) > 0 {
                    chits.push((owner.index(), target.index(), kind));
                }
            }
        }
    }
    let lost: Vec<_> = game.seats().map(|seat| game.lost(seat)).collect();
    let mut list = Listing {
        lost,
        chits,
        worlds: 0,
        with: vec![[0; 3]; n],
    };
    let need = Role::ALL.map(|role| game.table().count(role));
    list.assign(&mut vec![Role::Villager; n], 0, need);
    (list.worlds, list.with)
}

/// The table as the listing reads it, and what it has counted.
struct Listing {
    lost: Vec<RoleSet>,
    /// Every (owner, target, kind) with at least one chit.
    chits: Vec<(usize, usize, ChitKind)>,
    worlds: u64,
    with: Vec<[u64; 3]>,
}

impl Listing {
    fn assign(&mut self, roles: &mut [Role], seat: usize, left: [u8; 3]) {
        if seat == roles.len() {
            if self.fits(roles) {
                self.worlds += 1;
                for (i, role) in roles.iter().enumerate() {
                    self.with[i][role.index()] += 1;
                }
            }
            return;
        }
        for role in Role::ALL {
            if left[role.index()] > 0 {
                let mut rest = left;
                rest[role.index()] -= 1;
                roles[seat] = role;
                self.assign(roles, seat + 1, rest);
            }
        }
    }

    /// R11's conditions, one by one.
    fn fits(&self, roles: &[Role]) -> bool {
        if roles.iter().zip(&self.lost).any(|(&role, lost)| lost.contains(role)) {
            return false;
        }
        self.chits
            .iter()
            .all(|&(owner, target, kind)| match (roles[owner], kind) {
                (Role::Seer, ChitKind::Black) => roles[target] == Role::Werewolf,
                (Role::Seer, ChitKind::White) => roles[target] != Role::Werewolf,
                (Role::Werewolf, ChitKind::Attack) => roles[target] != Role::Werewolf,
                _ => true,
            })
    }
}

/// What the random games showed.
#[derive(Default)]
struct Seen {
    states: usize,
    /// States in which someone holds cards of a role no world gives them.
    cards_without_worlds: usize,
    most_worlds: u64,
}

fn compare(table: Table, games: usize, seed: u64, seen: &mut Seen) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut game = WerewolfState::new(table).without_log();
        loop {
            let chances = game.chances();
            let (worlds, with) = brute_force(&game);
            assert_eq!(chances.worlds(), worlds, "worlds at {game:?}");
            let mut misleading = false;
            for seat in game.seats() {
                for role in Role::ALL {
                    let listed = with[seat.index()][role.index()];
                    assert_eq!(chances.worlds_with(seat, role), listed, "{seat} {role} at {game:?}");
                    assert_eq!(chances.chance(seat, role), Ratio::new(listed.into(), worlds.into()));
                    misleading |= listed == 0 && game.hand(seat).count(role) > 0;
                }
            }
            seen.states += 1;
            seen.cards_without_worlds += usize::from(misleading);
            seen.most_worlds = seen.most_worlds.max(worlds);
            if game.is_over() {
                break;
            }
            assert!(
                play_random_event(&mut game, &mut rng),
                "no event while the game goes on"
            );
        }
    }
}

fn table(w: u8, s: u8, v: u8) -> Table {
    Table::new(w, s, v).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_counted_worlds_are_the_listed_worlds_under_both_versions() {
    let mut seen = Seen::default();
    for (i, options) in [Options::V2, Options::V3].into_iter().enumerate() {
        for (j, t) in [
            Table::DEFAULT,
            table(1, 1, 1),
            table(1, 1, 3),
            table(2, 2, 3),
            table(3, 1, 5),
        ]
        .into_iter()
        .enumerate()
        {
            compare(t.with_options(options), 12, 0xC4A2 + (10 * i + j) as u64, &mut seen);
        }
    }
    println!(
        "{} states; {} with cards of a role no world gives; at most {} worlds",
        seen.states, seen.cards_without_worlds, seen.most_worlds
    );
    // The card shares and the worlds disagree often enough for the difference to matter.
    assert!(seen.cards_without_worlds > 0);
}

#[test]
fn the_counted_worlds_are_the_listed_worlds_at_sixteen() {
    let mut seen = Seen::default();
    compare(table(3, 2, 11).with_options(Options::V3), 2, 0x16, &mut seen);
    assert_eq!(WerewolfState::new(table(3, 2, 11)).chances().worlds(), 43_680);
    assert!(seen.states > 20, "{} states", seen.states);
}

#[test]
fn an_impossible_role_is_zero_and_a_certain_one_is_one() {
    let mut rng = SplitMix64::new(0x0C3E);
    let mut seen = (0, 0);
    for _ in 0..40 {
        let mut game = WerewolfState::new(Table::DEFAULT).without_log();
        while !game.is_over() {
            let chances = game.chances();
            for seat in game.seats() {
                for role in Role::ALL {
                    let chance = chances.chance(seat, role);
                    if game.lost(seat).contains(role) {
                        assert_eq!(chance, Some(Ratio::ZERO), "{seat} lost {role}");
                        seen.0 += 1;
                    }
                    if game.fixed_as(seat) == Some(role) {
                        assert_eq!(chance, Some(Ratio::ONE), "{seat} fixed as {role}");
                        seen.1 += 1;
                    }
                }
            }
            let events = legal_events(&game);
            let event = events
                .get(rng.below_u64(events.len()))
                .unwrap_or_else(|| panic!("no event while the game goes on"));
            assert!(Werewolf::step(&mut game, &event).is_ok());
        }
    }
    assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
}
