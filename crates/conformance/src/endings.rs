//! The fixed sequences of `pvp-endings`: every way a game ends (a line won by X and by O, a full-board draw, a
//! timeout won, a first-move abort by either player, a resignation on either turn, a cancellation), both ways
//! out (`withdraw`, `withdrawTo`), and the boundaries a random sequence rarely hits: a stake of exactly the cap
//! and one wei over it, time limits one second either side of each bound, a move and a claim in the deadline's
//! own second and the one after, claims a block short of the claim blocks and on them, block numbers past 2^19
//! (where the count of blocks wraps), joins with wrong terms, and deadlines past what a game record holds.
//!
//! The sequences are built from the starting state (its first game id, its time), so they run on a contract
//! that already has games.

use alloy_primitives::U256;
use marubatsu_chain::pvp::{MAX_MOVE_TIMEOUT, MIN_MOVE_TIMEOUT};

use crate::action::{Action, Party, Terms};
use crate::model::{BLOCK_MODULUS, MAX_DEADLINE, MAX_STAKE, Model};

/// One fixed sequence.
pub(crate) struct Ending {
    /// What it covers, in words.
    pub(crate) name: &'static str,
    pub(crate) actions: Vec<Action>,
}

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;
const ETHER: u64 = 1_000_000_000_000_000_000;

fn create(actor: usize, stake: U256, timeout: u32, opponent: Party) -> Action {
    Action::Create {
        actor,
        stake,
        timeout,
        opponent,
    }
}

fn join(actor: usize, game: U256, value: U256) -> Action {
    Action::Join {
        actor,
        game,
        value,
        terms: Terms::Shown,
    }
}

fn play(actor: usize, game: U256, cell: u8) -> Action {
    Action::Play { actor, game, cell }
}

fn claim(actor: usize, game: U256) -> Action {
    Action::ClaimTimeout { actor, game }
}

fn withdraw(actor: usize) -> Action {
    Action::Withdraw { actor, to: None }
}

/// X (A) and O (B) take turns on `cells`, X first.
fn moves(game: U256, cells: &[u8]) -> impl Iterator<Item = Action> + '_ {
    cells
        .iter()
        .enumerate()
        .map(move |(turn, &cell)| play(if turn % 2 == 0 { A } else { B }, game, cell))
}

/// A game between A (X) and B (O) at a stake of one ether and `timeout` seconds per move: created and joined.
fn started(game: U256, timeout: u32) -> [Action; 2] {
    let stake = U256::from(ETHER);
    [create(A, stake, timeout, Party::Zero), join(B, game, stake)]
}

/// Every fixed sequence, for a contract in the state `start` describes.
pub(crate) fn endings(start: &Model) -> Vec<Ending> {
    let id = |n: u64| start.first_id + U256::from(n);
    let ether = U256::from(ETHER);
    let mut all = Vec::new();
    let mut add = |name, actions: Vec<Action>| all.push(Ending { name, actions });

    let mut won = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    won.extend(moves(id(0), &[0, 3, 1, 4, 2]));
    won.push(play(B, id(0), 5));
    won.extend(started(id(1), MIN_MOVE_TIMEOUT));
    won.extend(moves(id(1), &[0, 2, 1, 4, 3, 6]));
    won.extend([withdraw(A), withdraw(B)]);
    add("a line won by X and one won by O", won);

    let mut drawn = started(id(0), 600).to_vec();
    drawn.extend(moves(id(0), &[0, 4, 8, 1, 7, 6, 2, 5, 3]));
    drawn.extend([withdraw(A), withdraw(B)]);
    add("a full-board draw", drawn);

    let mut timed_out = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    timed_out.extend(moves(id(0), &[4, 0]));
    timed_out.extend([
        claim(B, id(0)),
        Action::ToDeadline { game: id(0), offset: 1 },
        claim(A, id(0)),
        Action::MineRest { game: id(0) },
        claim(C, id(0)),
        claim(B, id(0)),
        withdraw(B),
    ]);
    add("a timeout won by the waiting player", timed_out);

    let mut aborted = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    aborted.extend([
        Action::ToDeadline { game: id(0), offset: 1 },
        Action::MineRest { game: id(0) },
        claim(A, id(0)),
    ]);
    aborted.extend(started(id(1), MIN_MOVE_TIMEOUT));
    aborted.extend([
        play(A, id(1), 4),
        Action::ToDeadline { game: id(1), offset: 1 },
        Action::MineRest { game: id(1) },
        claim(A, id(1)),
        withdraw(A),
        withdraw(B),
    ]);
    add(
        "first-move aborts claimed by the late player and by the waiting one",
        aborted,
    );

    let mut resigned = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    resigned.extend([play(A, id(0), 4), Action::Resign { actor: C, game: id(0) }]);
    resigned.push(Action::Resign { actor: B, game: id(0) });
    resigned.extend(started(id(1), MIN_MOVE_TIMEOUT));
    resigned.extend([
        Action::Resign { actor: A, game: id(1) },
        Action::Resign { actor: A, game: id(1) },
        withdraw(A),
        withdraw(B),
    ]);
    add("resignations on the waiting player's turn and on one's own", resigned);

    add(
        "a cancellation",
        vec![
            create(A, ether, MIN_MOVE_TIMEOUT, Party::Actor(C)),
            Action::Cancel { actor: B, game: id(0) },
            Action::Cancel { actor: A, game: id(0) },
            Action::Cancel { actor: A, game: id(0) },
            join(C, id(0), ether),
            withdraw(A),
        ],
    );

    let mut withdrawals = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    withdrawals.extend([
        Action::Resign { actor: B, game: id(0) },
        withdraw(B),
        Action::Withdraw {
            actor: A,
            to: Some(Party::Zero),
        },
        Action::Withdraw {
            actor: A,
            to: Some(Party::Contract),
        },
        Action::Withdraw {
            actor: A,
            to: Some(Party::Outsider),
        },
        withdraw(A),
        create(C, U256::from(1), MIN_MOVE_TIMEOUT, Party::Zero),
        Action::Cancel { actor: C, game: id(1) },
        Action::Withdraw {
            actor: C,
            to: Some(Party::Actor(D)),
        },
        Action::Transfer {
            actor: D,
            value: U256::from(1),
        },
        Action::Transfer {
            actor: D,
            value: U256::ZERO,
        },
    ]);
    add(
        "withdraw, withdrawTo (zero, the contract, others) and plain transfers",
        withdrawals,
    );

    let plenty = MAX_STAKE * U256::from(4);
    add(
        "a stake of exactly the cap, and one wei over",
        vec![
            Action::Fund { actor: A, wei: plenty },
            Action::Fund { actor: B, wei: plenty },
            create(A, MAX_STAKE + U256::from(1), MIN_MOVE_TIMEOUT, Party::Zero),
            create(A, MAX_STAKE, MIN_MOVE_TIMEOUT, Party::Zero),
            join(B, id(0), MAX_STAKE - U256::from(1)),
            join(B, id(0), MAX_STAKE),
            Action::Resign { actor: B, game: id(0) },
            withdraw(A),
        ],
    );

    let limits = [
        MIN_MOVE_TIMEOUT - 1,
        MIN_MOVE_TIMEOUT,
        MAX_MOVE_TIMEOUT,
        MAX_MOVE_TIMEOUT + 1,
        0,
        u32::MAX,
    ];
    let mut bounds: Vec<Action> = limits
        .iter()
        .map(|&timeout| create(A, ether, timeout, Party::Zero))
        .collect();
    bounds.extend([
        Action::Cancel { actor: A, game: id(0) },
        Action::Cancel { actor: A, game: id(1) },
        withdraw(A),
    ]);
    add("time limits one second either side of each bound", bounds);

    let mut longest = started(id(0), MAX_MOVE_TIMEOUT).to_vec();
    longest.extend(moves(id(0), &[4, 0]));
    longest.extend([
        Action::ToDeadline { game: id(0), offset: 0 },
        Action::MineRest { game: id(0) },
        claim(B, id(0)),
        Action::Advance { seconds: 1 },
        claim(B, id(0)),
        withdraw(B),
    ]);
    add(
        "a timeout claimed at the longest time limit, in the deadline's second and the next",
        longest,
    );

    let mut last_second = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    last_second.extend([
        Action::ToDeadline { game: id(0), offset: 0 },
        Action::MineRest { game: id(0) },
        play(A, id(0), 4),
        Action::ToDeadline { game: id(0), offset: 1 },
        Action::MineRest { game: id(0) },
        play(B, id(0), 0),
        claim(A, id(0)),
    ]);
    add(
        "a move in the deadline's own second, and one a second after",
        last_second,
    );

    let mut within_blocks = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    within_blocks.extend([
        Action::ToDeadline { game: id(0), offset: 1 },
        play(A, id(0), 4),
        Action::ToDeadline { game: id(0), offset: 1 },
        claim(A, id(0)),
        Action::Mine { blocks: 1 },
        claim(A, id(0)),
        Action::MineRest { game: id(0) },
        claim(A, id(0)),
    ]);
    add(
        "a move and claims after the deadline, before and after the claim blocks",
        within_blocks,
    );

    let mut same_second = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    same_second.extend(moves(id(0), &[4, 0]));
    same_second.extend([
        Action::ToDeadline {
            game: id(0),
            offset: -1,
        },
        claim(B, id(0)),
        Action::ToDeadline { game: id(0), offset: 0 },
        Action::MineRest { game: id(0) },
        claim(B, id(0)),
        Action::Advance { seconds: 1 },
        claim(B, id(0)),
    ]);
    add(
        "a claim a second before the deadline, in its second, and after",
        same_second,
    );

    let mut wrapped = vec![Action::Mine { blocks: BLOCK_MODULUS }];
    wrapped.extend(started(id(0), MIN_MOVE_TIMEOUT));
    wrapped.extend([
        Action::ToDeadline { game: id(0), offset: 1 },
        claim(A, id(0)),
        Action::Mine { blocks: BLOCK_MODULUS },
        claim(B, id(0)),
        Action::MineRest { game: id(0) },
        claim(B, id(0)),
    ]);
    add("block numbers past 2^19, and a count of blocks that wraps", wrapped);

    add(
        "joins refused: unknown game, own game, not invited, other terms, wrong stake, already joined",
        vec![
            create(A, ether, MIN_MOVE_TIMEOUT, Party::Actor(A)),
            create(A, ether, MIN_MOVE_TIMEOUT, Party::Actor(C)),
            join(C, id(1), ether),
            join(C, U256::ZERO, ether),
            join(A, id(0), ether),
            join(B, id(0), ether),
            Action::Join {
                actor: C,
                game: id(0),
                value: ether,
                terms: Terms::OtherCreator,
            },
            Action::Join {
                actor: C,
                game: id(0),
                value: ether,
                terms: Terms::OtherTimeout,
            },
            join(C, id(0), ether - U256::from(1)),
            join(C, id(0), ether),
            join(D, id(0), ether),
            Action::Resign { actor: C, game: id(0) },
            withdraw(A),
        ],
    );

    let mut refused_moves = vec![create(A, ether, MIN_MOVE_TIMEOUT, Party::Zero), play(A, id(0), 0)];
    refused_moves.extend([
        join(B, id(0), ether),
        play(B, id(0), 0),
        play(C, id(0), 0),
        play(A, id(0), 9),
        play(A, id(0), 255),
        play(A, id(0), 4),
        play(B, id(0), 4),
        play(A, id(1), 0),
        Action::Resign { actor: A, game: id(1) },
        claim(A, id(1)),
    ]);
    add(
        "moves refused: not active, not one's turn, no player, no cell, cell taken",
        refused_moves,
    );

    // The year 2106: a join or a move whose clock would run past what a game record holds is refused, and the
    // stuck game still ends by a claim.
    let mut far = started(id(0), MIN_MOVE_TIMEOUT).to_vec();
    far.extend([
        Action::Advance {
            seconds: MAX_DEADLINE.saturating_sub(30).saturating_sub(start.now + 1),
        },
        play(A, id(0), 0),
        create(A, ether, MIN_MOVE_TIMEOUT, Party::Zero),
        join(B, id(1), ether),
        Action::MineRest { game: id(0) },
        claim(B, id(0)),
        Action::Cancel { actor: A, game: id(1) },
        withdraw(A),
    ]);
    add("deadlines past what a game record holds", far);
    all
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use alloy_primitives::Address;
    use alloy_sol_types::SolInterface;
    use marubatsu_chain::bindings::ITicTacToe::{ITicTacToeErrors, ITicTacToeEvents};

    use super::*;
    use crate::action::{self, Cast, Expected};

    fn outcome_names(expected: &Expected) -> Vec<String> {
        match expected {
            Expected::Call(Ok(done)) => done
                .events
                .iter()
                .map(|event| match event {
                    ITicTacToeEvents::GameEnded(ended) => format!("GameEnded({:?})", ended.reason),
                    ITicTacToeEvents::GameCreated(_) => "GameCreated".into(),
                    ITicTacToeEvents::GameJoined(_) => "GameJoined".into(),
                    ITicTacToeEvents::Moved(_) => "Moved".into(),
                    ITicTacToeEvents::BalanceCredited(_) => "BalanceCredited".into(),
                    ITicTacToeEvents::Withdrawn(_) => "Withdrawn".into(),
                })
                .collect(),
            Expected::Call(Err(error)) => vec![
                ITicTacToeErrors::name_by_selector(SolInterface::selector(error))
                    .unwrap_or("Unknown")
                    .to_owned(),
            ],
            other => vec![format!("{other:?}")],
        }
    }

    /// The fixed sequences, run on the model alone at three claim blocks (the mutants test's deployment), reach
    /// what their names promise: every ending, every custom error the rules have but the constructor's.
    #[test]
    fn the_fixed_sequences_reach_every_ending_and_every_error() {
        let cast = Cast {
            contract: Address::repeat_byte(0xC0),
            actors: (1..=4).map(Address::repeat_byte).collect(),
            outsider: Address::repeat_byte(0x77),
        };
        let wallets: BTreeMap<Address, U256> = cast
            .actors
            .iter()
            .map(|&actor| (actor, U256::from(100u128 * u128::from(ETHER))))
            .collect();
        let start =
            Model::new(1_700_000_000, wallets, BTreeSet::from([cast.contract]), BTreeSet::new()).with_blocks(1, 3);
        let mut seen = BTreeSet::new();
        for ending in endings(&start) {
            let mut model = start.clone();
            for action in &ending.actions {
                let expected = action::apply(&mut model, &cast, action);
                assert_ne!(expected, Expected::Unpayable, "{}: {action:?}", ending.name);
                seen.extend(outcome_names(&expected));
            }
        }
        let errors = ITicTacToeErrors::SELECTORS
            .iter()
            .filter_map(|selector| ITicTacToeErrors::name_by_selector(*selector))
            // A deployment's error, and the refusals of calls outside the interface's functions: a plain transfer
            // is judged as `Refused` (with no data or `EtherNotAccepted`), and no action calls a missing function.
            .filter(|name| !["ClaimBlocksTooLarge", "UnknownFunction", "EtherNotAccepted"].contains(name));
        let endings =
            ["Win", "Draw", "Timeout", "Abort", "Resignation", "Cancellation"].map(|r| format!("GameEnded({r})"));
        for wanted in errors
            .map(str::to_owned)
            .chain(endings)
            .chain(["Withdrawn".into(), "Refused".into()])
        {
            assert!(seen.contains(&wanted), "no fixed sequence reaches {wanted}: {seen:?}");
        }
    }
}
