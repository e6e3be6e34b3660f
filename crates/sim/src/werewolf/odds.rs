//! The chances the simulated players decide from: the share of consistent worlds ([`WerewolfState::chances`]), not the
//! card shares. A count costs tens of microseconds, and a one-step lookahead asks for it once per candidate, so
//! counts are kept per thread by what they depend on — the composition, the roles each player has lost and the
//! chits' targets (`docs/rules/quantum-werewolf.md`, "Chances") — and most candidates, which only move cards,
//! find their count there.

use std::cell::RefCell;
use std::collections::HashMap;

use marubatsu_engine::werewolf::{Chances, ChitKind, MAX_PLAYERS, Role, RoleSet, Seat, WerewolfState};

/// Everything a count depends on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    composition: [u8; 3],
    lost: [RoleSet; MAX_PLAYERS],
    /// Per seat: whom they marked black, marked white, attacked.
    targets: [[u16; 3]; MAX_PLAYERS],
}

impl Key {
    fn of(game: &WerewolfState) -> Key {
        let mut key = Key {
            composition: game.table().starting_hand().counts(),
            lost: [RoleSet::EMPTY; MAX_PLAYERS],
            targets: [[0; 3]; MAX_PLAYERS],
        };
        for seat in game.seats() {
            key.lost[seat.index()] = game.lost(seat);
            for kind in [ChitKind::Black, ChitKind::White, ChitKind::Attack] {
                key.targets[seat.index()][kind.index()] = game.chits().targets_of(seat, kind).bits();
            }
        }
        key
    }
}

/// Counts kept per thread; forgotten whole once this many are kept, which bounds the memory.
const KEEP: usize = 200_000;

thread_local! {
    static COUNTS: RefCell<HashMap<Key, Chances>> = RefCell::new(HashMap::new());
}

/// Each player's chance of each role in `game`, as the worlds give it.
#[derive(Clone, Copy, Debug)]
pub struct Odds(Chances);

impl Odds {
    /// The chances of `game` (from the thread's store when the same constraints were counted before).
    ///
    /// ```
    /// use marubatsu_engine::werewolf::{WerewolfState, Role, Seat, Table};
    /// use marubatsu_sim::werewolf::Odds;
    ///
    /// let odds = Odds::of(&WerewolfState::new(Table::DEFAULT));
    /// assert_eq!(odds.chance(Seat::new(0).unwrap(), Role::Werewolf), 0.25);
    /// ```
    pub fn of(game: &WerewolfState) -> Odds {
        let key = Key::of(game);
        let known = COUNTS.with(|counts| counts.borrow().get(&key).copied());
        let chances = known.unwrap_or_else(|| {
            let chances = game.chances();
            COUNTS.with(|counts| {
                let mut counts = counts.borrow_mut();
                if counts.len() >= KEEP {
                    counts.clear();
                }
                counts.insert(key, chances);
            });
            chances
        });
        Odds(chances)
    }

    /// The share of worlds in which `seat` has `role`; 0 when no world fits (a game over in a contradiction).
    pub fn chance(&self, seat: Seat, role: Role) -> f64 {
        let worlds = self.0.worlds();
        if worlds == 0 {
            return 0.0;
        }
        self.0.worlds_with(seat, role) as f64 / worlds as f64
    }

    /// `seat`'s chance of being a werewolf.
    pub fn wolf(&self, seat: Seat) -> f64 {
        self.chance(seat, Role::Werewolf)
    }
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::random::SplitMix64;
    use marubatsu_engine::rules::Rules;
    use marubatsu_engine::werewolf::{Table, Werewolf};

    use super::*;
    use crate::werewolf::random_event;

    #[test]
    fn stored_counts_equal_fresh_counts_along_random_games() {
        // The store is keyed by less than the whole game: were the key missing something the count depends on,
        // a stored count would differ from a fresh one somewhere along these games.
        let mut rng = SplitMix64::new(9);
        let mut states = 0;
        for table in [Table::DEFAULT, Table::new(3, 1, 5).unwrap_or_default()] {
            for _ in 0..60 {
                let mut game = WerewolfState::new(table).without_log();
                while let Some(event) = random_event(&game, &mut rng) {
                    let fresh = game.chances();
                    let odds = Odds::of(&game);
                    for seat in game.seats() {
                        for role in Role::ALL {
                            let want = if fresh.worlds() == 0 {
                                0.0
                            } else {
                                fresh.worlds_with(seat, role) as f64 / fresh.worlds() as f64
                            };
                            assert_eq!(odds.chance(seat, role), want);
                        }
                    }
                    states += 1;
                    if Werewolf::step(&mut game, &event).is_err() {
                        break;
                    }
                }
            }
        }
        assert!(states > 1000, "{states}");
    }
}
