//! Seeded random sequences, drawn as the state-machine test draws them: every kind of call by every actor, with
//! legal and illegal arguments (unknown games, stakes and time limits out of range, cells that are no cells,
//! wrong turns and wrong terms), and, most often, what a player would plausibly do next (the move of the player
//! to move, the join with the right stake, the claim by the waiting player, time moving to a deadline's edge).
//! Each draw looks at the model's state, so the sequence reaches deep into games instead of bouncing off.

use alloy_primitives::U256;
use marubatsu_chain::bindings::ITicTacToe::Status;
use marubatsu_chain::pvp::{MAX_MOVE_TIMEOUT, MIN_MOVE_TIMEOUT};
use rand::{Rng, SeedableRng, rngs::StdRng};

use crate::action::{self, Action, Cast, Expected, Party, Terms};
use crate::model::Model;

const ONE_ETHER: u64 = 1_000_000_000_000_000_000;

/// The generator of case `case` of a run seeded with `seed`: each case has a seed of its own, so one case can be
/// replayed without the others.
pub(crate) fn case_rng(seed: u64, case: u64) -> StdRng {
    // SplitMix64's finaliser spreads neighbouring cases over unrelated seeds.
    let mut z = seed ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    StdRng::seed_from_u64(z ^ (z >> 31))
}

/// A sequence of 1 to `max_len` steps, each drawn from the state the steps before it leave (the model run
/// alone, from `start`). Steps the payer could not pay for are drawn again.
pub(crate) fn sequence(rng: &mut StdRng, start: &Model, cast: &Cast, max_len: usize) -> Vec<Action> {
    let len = rng.gen_range(1..=max_len.max(1));
    let mut model = start.clone();
    let mut actions = Vec::with_capacity(len);
    let mut draws = 0;
    while actions.len() < len && draws < len * 4 {
        draws += 1;
        let action = draw(rng, &model, cast);
        let mut next = model.clone();
        if action::apply(&mut next, cast, &action) != Expected::Unpayable {
            model = next;
            actions.push(action);
        }
    }
    actions
}

/// One step, drawn from the state `model` describes.
fn draw(rng: &mut StdRng, model: &Model, cast: &Cast) -> Action {
    let actors = cast.actors.len();
    let plausible = plausible(model, cast);
    // Weights: creations 4, joins 2, moves 3, claims, resignations, cancellations, withdrawals, transfers, time
    // and blocks 1 each, and the plausible step 24 when there is one.
    let weights: [u32; 11] = [4, 2, 3, 1, 1, 1, 1, 1, 1, 1, if plausible.is_empty() { 0 } else { 24 }];
    let mut roll = rng.gen_range(0..weights.iter().sum::<u32>());
    let kind = weights
        .iter()
        .position(|&weight| {
            let hit = roll < weight;
            roll = roll.saturating_sub(weight);
            hit
        })
        .unwrap_or(0);
    let actor = rng.gen_range(0..actors);
    match kind {
        0 => Action::Create {
            actor,
            stake: amount(rng),
            timeout: timeout(rng),
            opponent: if rng.gen_ratio(3, 4) {
                Party::Zero
            } else {
                party(rng, actors)
            },
        },
        1 => Action::Join {
            actor,
            game: game_id(rng, model),
            value: amount(rng),
            terms: Terms::Shown,
        },
        2 => Action::Play {
            actor,
            game: game_id(rng, model),
            cell: if rng.gen_ratio(9, 10) {
                rng.gen_range(0..9)
            } else {
                rng.r#gen()
            },
        },
        3 => Action::ClaimTimeout {
            actor,
            game: game_id(rng, model),
        },
        4 => Action::Resign {
            actor,
            game: game_id(rng, model),
        },
        5 => Action::Cancel {
            actor,
            game: game_id(rng, model),
        },
        6 => Action::Withdraw {
            actor,
            to: if rng.gen_ratio(3, 4) {
                None
            } else {
                Some(party(rng, actors))
            },
        },
        7 => Action::Transfer {
            actor,
            value: amount(rng),
        },
        8 => Action::Advance {
            seconds: match rng.gen_range(0..6) {
                0..=2 => rng.gen_range(1..=120),
                3 | 4 => rng.gen_range(0..=100_000),
                _ => u64::from(u32::MAX) + 1,
            },
        },
        9 => Action::Mine {
            blocks: rng.gen_range(1..=5),
        },
        _ => plausible[rng.gen_range(0..plausible.len())].clone(),
    }
}

/// Game ids: mostly games the model knows, sometimes 0, the next id, a huge one or one far ahead (never one of
/// the games that were there before the model began, whose state it does not know).
fn game_id(rng: &mut StdRng, model: &Model) -> U256 {
    let known = model.games.len();
    if known > 0 && rng.gen_ratio(8, 9) {
        return model.id_at(rng.gen_range(0..known));
    }
    match rng.gen_range(0..4) {
        0 => U256::ZERO,
        1 => model.next_game_id(),
        2 => U256::MAX,
        _ => model.next_game_id() + U256::from(rng.r#gen::<u64>()),
    }
}

/// Stakes and values: zero, one wei, one ether, or anything up to five ether.
fn amount(rng: &mut StdRng) -> U256 {
    match rng.gen_range(0..4) {
        0 => U256::ZERO,
        1 => U256::from(1),
        2 => U256::from(ONE_ETHER),
        _ => U256::from(rng.gen_range(0..=5 * ONE_ETHER)),
    }
}

/// Time limits: mostly legal, often at the one-minute bound, sometimes too short, at or just past the seven-day
/// bound, or at the type's limit.
fn timeout(rng: &mut StdRng) -> u32 {
    match rng.gen_range(0..11) {
        0 | 1 => MIN_MOVE_TIMEOUT,
        2 | 3 => [0, 1, MIN_MOVE_TIMEOUT - 1][rng.gen_range(0..3)],
        4 => MIN_MOVE_TIMEOUT + 1,
        5..=7 => rng.gen_range(MIN_MOVE_TIMEOUT..=7_200),
        8 => [MAX_MOVE_TIMEOUT - 1, MAX_MOVE_TIMEOUT, MAX_MOVE_TIMEOUT + 1][rng.gen_range(0..3)],
        9 => u32::MAX,
        _ => rng.r#gen(),
    }
}

/// Any address a step may name: an actor, the outsider, the contract or zero.
fn party(rng: &mut StdRng, actors: usize) -> Party {
    match rng.gen_range(0..actors + 3) {
        n if n < actors => Party::Actor(n),
        n if n == actors => Party::Outsider,
        n if n == actors + 1 => Party::Contract,
        _ => Party::Zero,
    }
}

/// Steps a player would plausibly take now: moves by the player to move on empty cells, joins with the right
/// stake (now and then with wrong terms), claims by either player, resignations, cancellations by creators,
/// withdrawals of real balances, time moving to the edge of a deadline, and the blocks a claim needs.
fn plausible(model: &Model, cast: &Cast) -> Vec<Action> {
    let mut actions = Vec::new();
    for (id, game) in model.games_with_ids() {
        match game.status {
            Status::Open => {
                for (actor, &address) in cast.actors.iter().enumerate() {
                    let invited = game.opponent.is_zero() || game.opponent == address;
                    if address == game.creator {
                        continue;
                    }
                    for _ in 0..if invited { 3 } else { 1 } {
                        actions.push(Action::Join {
                            actor,
                            game: id,
                            value: game.stake,
                            terms: Terms::Shown,
                        });
                    }
                    if invited {
                        for terms in [Terms::OtherCreator, Terms::OtherTimeout] {
                            actions.push(Action::Join {
                                actor,
                                game: id,
                                value: game.stake,
                                terms,
                            });
                        }
                    }
                }
                if let Some(creator) = cast.actor_index(game.creator) {
                    actions.push(Action::Cancel {
                        actor: creator,
                        game: id,
                    });
                }
            }
            Status::Active => {
                let (Some(mover), Some(waiting)) = (cast.actor_index(game.mover()), cast.actor_index(game.waiting()))
                else {
                    continue;
                };
                for cell in game.empty_cells() {
                    // Moves weigh most: several copies each.
                    for _ in 0..3 {
                        actions.push(Action::Play {
                            actor: mover,
                            game: id,
                            cell,
                        });
                    }
                }
                actions.push(Action::Play {
                    actor: mover,
                    game: id,
                    cell: if game.x.count_ones() % 2 == 0 { 9 } else { 255 },
                });
                if let Some(taken) = (0..9u8).find(|&cell| (game.x | game.o) & (1 << cell) != 0) {
                    actions.push(Action::Play {
                        actor: mover,
                        game: id,
                        cell: taken,
                    });
                }
                actions.push(Action::Play {
                    actor: waiting,
                    game: id,
                    cell: game.empty_cells().next().unwrap_or(0),
                });
                actions.push(Action::ClaimTimeout {
                    actor: waiting,
                    game: id,
                });
                // On a first move the late player may abort too; later it may not.
                actions.push(Action::ClaimTimeout { actor: mover, game: id });
                actions.push(Action::Resign {
                    actor: if game.x.count_ones() % 2 == 0 { mover } else { waiting },
                    game: id,
                });
                for offset in -1..=1 {
                    actions.push(Action::ToDeadline { game: id, offset });
                }
                actions.push(Action::Mine { blocks: 1 });
                if model.claim_blocks_left(id).is_some_and(|left| left > 1) {
                    actions.push(Action::MineRest { game: id });
                }
            }
            _ => {}
        }
    }
    for (actor, &address) in cast.actors.iter().enumerate() {
        if !model.pending(address).is_zero() {
            actions.push(Action::Withdraw { actor, to: None });
            let other = (actor + 1) % cast.actors.len();
            for to in [Party::Actor(other), Party::Outsider, Party::Contract, Party::Zero] {
                actions.push(Action::Withdraw { actor, to: Some(to) });
            }
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use alloy_primitives::Address;
    use alloy_sol_types::SolInterface;
    use marubatsu_chain::bindings::ITicTacToe::{ITicTacToeErrors, ITicTacToeEvents};

    use super::*;

    /// The rules the random sequences reach, run on the model alone at three claim blocks: every custom error but
    /// those that need a stake beyond a test account (`StakeTooLarge`), the year 2106 (`DeadlineOutOfRange`) or
    /// a constructor (`ClaimBlocksTooLarge`), and every ending but the rare full-board draw.
    #[test]
    fn random_sequences_reach_the_rules() {
        let cast = Cast {
            contract: Address::repeat_byte(0xC0),
            actors: (1..=4).map(Address::repeat_byte).collect(),
            outsider: Address::repeat_byte(0x77),
        };
        let wallets: BTreeMap<Address, U256> = cast
            .actors
            .iter()
            .map(|&actor| (actor, U256::from(10_000u64) * U256::from(ONE_ETHER)))
            .collect();
        let start =
            Model::new(1_700_000_000, wallets, BTreeSet::from([cast.contract]), BTreeSet::new()).with_blocks(1, 3);
        let mut seen = BTreeSet::new();
        for case in 0..500 {
            let mut rng = case_rng(1, case);
            let actions = sequence(&mut rng, &start, &cast, 40);
            assert!(!actions.is_empty() && actions.len() <= 40);
            let mut model = start.clone();
            for action in &actions {
                match action::apply(&mut model, &cast, action) {
                    Expected::Call(Ok(done)) => seen.extend(done.events.iter().map(|event| match event {
                        ITicTacToeEvents::GameEnded(ended) => format!("GameEnded({:?})", ended.reason),
                        _ => "event".to_owned(),
                    })),
                    Expected::Call(Err(error)) => {
                        let name = ITicTacToeErrors::name_by_selector(SolInterface::selector(&error));
                        seen.insert(name.unwrap_or("Unknown").to_owned());
                    }
                    Expected::Unpayable => panic!("drawn, but unpayable: {action:?}"),
                    _ => {}
                }
            }
        }
        // Past the reach of random play, and the refusals of calls outside the interface's functions: a plain
        // transfer is judged as refused (`Refused`), with no data or `EtherNotAccepted`, and no action calls a
        // function the interface lacks.
        let unreached = [
            "StakeTooLarge",
            "DeadlineOutOfRange",
            "ClaimBlocksTooLarge",
            "UnknownFunction",
            "EtherNotAccepted",
        ];
        let errors = ITicTacToeErrors::SELECTORS
            .iter()
            .filter_map(|selector| ITicTacToeErrors::name_by_selector(*selector))
            .filter(|name| !unreached.contains(name))
            .map(str::to_owned);
        let endings = ["Win", "Timeout", "Abort", "Resignation", "Cancellation"].map(|r| format!("GameEnded({r})"));
        for wanted in errors.chain(endings) {
            assert!(seen.contains(&wanted), "no random sequence reaches {wanted}: {seen:?}");
        }
    }

    #[test]
    fn neighbouring_cases_draw_different_sequences() {
        let draws: BTreeSet<u64> = (0..100).map(|case| case_rng(0, case).r#gen::<u64>()).collect();
        assert_eq!(draws.len(), 100);
    }
}
