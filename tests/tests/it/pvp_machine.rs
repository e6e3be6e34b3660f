//! The PvP contract against a reference model of its rules (`marubatsu_conformance::model`), driven by random
//! sequences of actions (proptest-state-machine): creations with random stakes, time limits (too short and too
//! long ones included) and invited opponents (or none, or oneself), joins with the right and wrong stake, into
//! one's own game and into others' private games, legal and illegal moves, time passing (to just before, at
//! and just after deadlines) and blocks being mined (a claim needs [`CLAIM_BLOCKS`] after the turn began, and a
//! late move lands until then), early and late timeout claims by either player (aborts on first moves), resignations,
//! cancellations, withdrawals to oneself and to other addresses (zero, the game, a refusing contract) and plain
//! ether transfers, by four accounts and three hostile contracts (one re-enters on receiving ether, one reverts,
//! one burns all gas).
//!
//! After every step: the call succeeded or failed exactly as the model says, with the same custom error and
//! fields, and emitted the model's events; every game reads as the model's; the contract holds exactly what
//! the model owes (open stakes plus unwithdrawn balances); every account's ether and pending balance match to
//! the wei; every active game needs as many more blocks for a claim as the model says. An indexer that reads
//! nothing but the events (`marubatsu_conformance::indexer`) rebuilds every game
//! and every pending balance (and, from the blocks the events came in, the blocks each claim still needs), and
//! must agree with `getGame`, `pendingBalance` and `claimBlocksLeft` after every step too. At the
//! end every game is closed and everyone withdraws (the contracts that refuse ether to their controller, with
//! `withdrawTo`): the contract then holds nothing at all.
//!
//! `PROPTEST_CASES` sets the number of sequences (1,000 by default, what CI runs). A contract that pays every
//! payout twice (`contracts/test/DoublePayTicTacToe.sol`) is caught by the same machine.

use std::collections::{BTreeMap, BTreeSet};
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use alloy_primitives::{Address, IntoLogData, Log, U256};
use alloy_sol_types::{SolCall, SolError, SolEventInterface, SolInterface};
use marubatsu_chain::{
    bindings::ITicTacToe::{self, ITicTacToeErrors, ITicTacToeEvents},
    evm::{ACCOUNT_BALANCE, Chain, Receipt, TxError},
};
use marubatsu_conformance::{
    indexer::Indexer,
    model::{Done, Game, MAX_DEADLINE, Model, Outcome},
};
use marubatsu_tests::{
    chain_with_pvp,
    hostile::{self, Hostility, IHostilePlayer},
};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::Union;
use proptest::test_runner::{Config, TestError, TestRunner};
use proptest_state_machine::{ReferenceStateMachine, StateMachineTest};

const ONE_ETHER: u64 = 1_000_000_000_000_000_000;

/// Blocks a timeout claim needs after the turn began: few, so that random sequences reach claims refused for too
/// few blocks, late moves that still land, and claims that succeed.
const CLAIM_BLOCKS: u32 = 3;

/// Sequences per run: `PROPTEST_CASES`, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// Who acts. Accounts 1..=4 play for themselves; each hostile contract plays for the account that controls it
/// (accounts 5..=7), which sends its transactions and pays the ether it forwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Actor {
    /// The address the game sees as `msg.sender`.
    address: Address,
    /// The account that signs the transaction and pays its value.
    payer: Address,
    /// `None` for a plain account.
    hostility: Option<Hostility>,
}

/// Every address the machine knows: accounts come from the chain, contracts from their deployer's nonces.
#[derive(Clone, Debug)]
struct World {
    deployer: Address,
    game: Address,
    actors: Vec<Actor>,
    /// An address with no code and no ether that never acts: invited to games it never joins, paid by
    /// `withdrawTo`.
    outsider: Address,
}

impl World {
    fn new() -> World {
        let accounts = Chain::new().accounts().to_vec();
        let deployer = accounts[0];
        // Nonce 0 deploys the game, nonces 1..=3 the hostile players.
        let game = deployer.create(0);
        let mut actors: Vec<Actor> = accounts[1..=4]
            .iter()
            .map(|&address| Actor {
                address,
                payer: address,
                hostility: None,
            })
            .collect();
        for (i, kind) in Hostility::ALL.into_iter().enumerate() {
            actors.push(Actor {
                address: deployer.create(1 + i as u64),
                payer: accounts[5 + i],
                hostility: Some(kind),
            });
        }
        World {
            deployer,
            game,
            actors,
            outsider: Address::repeat_byte(0x77),
        }
    }

    /// Every address whose ether the model tracks: the actors, the payers and the outsider.
    fn tracked(&self) -> BTreeSet<Address> {
        self.actors
            .iter()
            .flat_map(|actor| [actor.address, actor.payer])
            .chain([self.outsider])
            .collect()
    }

    /// Addresses to invite or pay: the actors, the outsider, the game contract and the zero address.
    fn addresses(&self) -> Vec<Address> {
        self.actors
            .iter()
            .map(|actor| actor.address)
            .chain([self.outsider, self.game, Address::ZERO])
            .collect()
    }
}

/// One step of a sequence.
#[derive(Clone, Debug)]
enum Action {
    Create {
        actor: usize,
        stake: U256,
        timeout: u32,
        /// The only account that may join; zero for anyone.
        opponent: Address,
    },
    Join {
        actor: usize,
        game: U256,
        value: U256,
    },
    Play {
        actor: usize,
        game: U256,
        cell: u8,
    },
    ClaimTimeout {
        actor: usize,
        game: U256,
    },
    Resign {
        actor: usize,
        game: U256,
    },
    Cancel {
        actor: usize,
        game: U256,
    },
    /// `withdraw()` when `to` is `None`, else `withdrawTo(to)`.
    Withdraw {
        actor: usize,
        to: Option<Address>,
    },
    /// A plain ether transfer to the game contract (no calldata), from a plain account.
    Transfer {
        actor: usize,
        value: U256,
    },
    /// Time passes.
    Advance {
        seconds: u64,
    },
    /// Time passes up to `offset` seconds around the deadline of `game` (nothing if that is not ahead).
    ToDeadline {
        game: U256,
        offset: i8,
    },
    /// Blocks are mined, within the same second.
    Mine {
        blocks: u64,
    },
}

/// What the model says the last step must do.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expected {
    /// A game call: done or this custom error.
    Call(Outcome),
    /// A plain transfer: rejected with `EtherNotAccepted(value)` (its `receive` always reverts).
    Refused,
    /// Time moved by this many seconds (in one new block).
    Time(u64),
    /// This many blocks were mined.
    Mined(u64),
}

/// The reference side: the world, the model and the expectation for the last step.
#[derive(Clone, Debug)]
struct Reference {
    world: World,
    model: Model,
    expected: Expected,
}

impl Reference {
    fn new() -> Reference {
        let world = World::new();
        let chain = Chain::new();
        let hostile: BTreeSet<Address> = world
            .actors
            .iter()
            .filter(|actor| actor.hostility.is_some())
            .map(|actor| actor.address)
            .collect();
        let wallets: BTreeMap<Address, U256> = world
            .tracked()
            .into_iter()
            .map(|address| {
                let ether = if hostile.contains(&address) || address == world.outsider {
                    U256::ZERO
                } else {
                    ACCOUNT_BALANCE
                };
                (address, ether)
            })
            .collect();
        let hostile_of = |accepts: bool| {
            world
                .actors
                .iter()
                .filter(move |actor| actor.hostility.is_some_and(|kind| kind.accepts_ether() == accepts))
                .map(|actor| actor.address)
        };
        // The game contract itself refuses ether too (no `receive`): `withdrawTo(game)` fails.
        let refusing = hostile_of(false).chain([world.game]).collect();
        let reentering = hostile_of(true).collect();
        Reference {
            model: Model::new(chain.timestamp(), wallets, refusing, reentering)
                .with_blocks(chain.block_number(), u64::from(CLAIM_BLOCKS)),
            world,
            expected: Expected::Time(0),
        }
    }

    fn actor(&self, index: usize) -> Actor {
        self.world.actors[index]
    }

    fn actor_index(&self, address: Address) -> usize {
        self.world
            .actors
            .iter()
            .position(|actor| actor.address == address)
            .unwrap_or_else(|| panic!("{address} is not an actor"))
    }

    /// Runs `action` on the model and records what the contract must do.
    fn step(mut self, action: &Action) -> Reference {
        let model = &mut self.model;
        self.expected = match *action {
            Action::Create {
                actor,
                stake,
                timeout,
                opponent,
            } => {
                let a = self.world.actors[actor];
                Expected::Call(model.create(a.address, a.payer, stake, timeout, opponent))
            }
            Action::Join { actor, game, value } => {
                let a = self.world.actors[actor];
                Expected::Call(model.join(a.address, a.payer, game, value))
            }
            Action::Play { actor, game, cell } => {
                Expected::Call(model.play(self.world.actors[actor].address, game, cell))
            }
            Action::ClaimTimeout { actor, game } => {
                Expected::Call(model.claim_timeout(self.world.actors[actor].address, game))
            }
            Action::Resign { actor, game } => Expected::Call(model.resign(self.world.actors[actor].address, game)),
            Action::Cancel { actor, game } => Expected::Call(model.cancel(self.world.actors[actor].address, game)),
            Action::Withdraw { actor, to } => Expected::Call(model.withdraw(self.world.actors[actor].address, to)),
            Action::Transfer { .. } => Expected::Refused,
            Action::Advance { seconds } => {
                model.advance(seconds);
                Expected::Time(seconds)
            }
            Action::Mine { blocks } => {
                model.mine(blocks);
                Expected::Mined(blocks)
            }
            Action::ToDeadline { game, offset } => {
                let seconds = model
                    .game(game)
                    .filter(|game| game.status == ITicTacToe::Status::Active)
                    .map(|game| {
                        let target = game.deadline.saturating_add_signed(i64::from(offset));
                        target.saturating_sub(model.now)
                    })
                    .unwrap_or(0);
                model.advance(seconds);
                Expected::Time(seconds)
            }
        };
        self
    }

    /// The actions that close every game and empty every balance, in order.
    fn closing_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        for (index, game) in self.model.games.iter().enumerate() {
            let id = U256::from(index + 1);
            match game.status {
                ITicTacToe::Status::Open => actions.push(Action::Cancel {
                    actor: self.actor_index(game.creator),
                    game: id,
                }),
                ITicTacToe::Status::Active => actions.push(Action::Resign {
                    actor: self.actor_index(game.mover()),
                    game: id,
                }),
                _ => {}
            }
        }
        // Everyone withdraws; a contract that refuses ether sends its balance to the account controlling it.
        for (actor, a) in self.world.actors.iter().enumerate() {
            let to = a.hostility.is_some_and(|kind| !kind.accepts_ether()).then_some(a.payer);
            actions.push(Action::Withdraw { actor, to });
        }
        actions
    }
}

/// Game ids: mostly existing games, sometimes 0, the next id or a huge one.
fn game_ids(model: &Model) -> BoxedStrategy<U256> {
    let count = model.games.len() as u64;
    let unknown = prop_oneof![
        Just(U256::ZERO),
        Just(U256::from(count + 1)),
        Just(U256::MAX),
        any::<u64>().prop_map(U256::from),
    ];
    if count == 0 {
        unknown.boxed()
    } else {
        prop_oneof![8 => (1..=count).prop_map(U256::from), 1 => unknown].boxed()
    }
}

/// Stakes and values: zero, one wei, one ether, or anything up to five ether.
fn amounts() -> BoxedStrategy<U256> {
    prop_oneof![
        Just(U256::ZERO),
        Just(U256::from(1)),
        Just(U256::from(ONE_ETHER)),
        (0..=5 * ONE_ETHER).prop_map(U256::from),
    ]
    .boxed()
}

/// Time limits: mostly legal, often at the one-minute bound, sometimes too short, at or just past the seven-day
/// bound, or at the type's limit.
fn timeouts() -> BoxedStrategy<u32> {
    prop_oneof![
        2 => Just(60u32),
        2 => prop::sample::select(vec![0u32, 1, 59]),
        1 => Just(61u32),
        3 => 60u32..=7_200,
        1 => prop::sample::select(vec![604_799u32, 604_800, 604_801]),
        1 => Just(u32::MAX),
        1 => any::<u32>(),
    ]
    .boxed()
}

/// Invited opponents: mostly nobody (an open game), else any address the machine knows (the creator itself
/// included, which is refused).
fn opponents(world: &World) -> BoxedStrategy<Address> {
    prop_oneof![3 => Just(Address::ZERO), 1 => select(world.addresses())].boxed()
}

/// Withdrawals: mostly to oneself, else to any address the machine knows (zero and the game included).
fn recipients(world: &World) -> BoxedStrategy<Option<Address>> {
    prop_oneof![3 => Just(None), 1 => select(world.addresses()).prop_map(Some)].boxed()
}

/// Actions a player would plausibly take now: moves by the player to move on empty cells, joins with the
/// right stake, claims by the waiting player, cancellations by creators, withdrawals of real balances,
/// and time moving to the edge of a deadline.
fn plausible(reference: &Reference) -> Vec<Action> {
    let model = &reference.model;
    let mut actions = Vec::new();
    for (index, game) in model.games.iter().enumerate() {
        let id = U256::from(index + 1);
        match game.status {
            ITicTacToe::Status::Open => {
                for actor in 0..reference.world.actors.len() {
                    let address = reference.actor(actor).address;
                    let invited = game.opponent.is_zero() || game.opponent == address;
                    if address != game.creator {
                        // The invited (or, in an open game, anyone) several times; others now and then.
                        for _ in 0..if invited { 3 } else { 1 } {
                            actions.push(Action::Join {
                                actor,
                                game: id,
                                value: game.stake,
                            });
                        }
                    }
                }
                actions.push(Action::Cancel {
                    actor: reference.actor_index(game.creator),
                    game: id,
                });
            }
            ITicTacToe::Status::Active => {
                let mover = reference.actor_index(game.mover());
                let waiting = reference.actor_index(game.waiting());
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
                // Now and then the player to move tries a cell that is no cell, or a taken one.
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
                // Blocks: one, or the rest of what a claim needs.
                actions.push(Action::Mine { blocks: 1 });
                if let Some(left) = model.claim_blocks_left(id).filter(|&left| left > 1) {
                    actions.push(Action::Mine { blocks: left });
                }
            }
            _ => {}
        }
    }
    for (actor, a) in reference.world.actors.iter().enumerate() {
        if !model.pending(a.address).is_zero() {
            actions.push(Action::Withdraw { actor, to: None });
            let other = reference.world.actors[(actor + 1) % reference.world.actors.len()];
            // The re-entering contract, paid by someone else, takes its own balance inside the payment.
            let reentering = reference
                .world
                .actors
                .iter()
                .filter(|actor| actor.hostility == Some(Hostility::Reenters))
                .map(|actor| actor.address);
            for to in [a.payer, other.address, reference.world.outsider]
                .into_iter()
                .chain(reentering)
            {
                actions.push(Action::Withdraw { actor, to: Some(to) });
            }
        }
    }
    actions
}

/// The reference state machine: the model, and how actions are drawn from its state.
struct PvpReference;

impl ReferenceStateMachine for PvpReference {
    type State = Reference;
    type Transition = Action;

    fn init_state() -> BoxedStrategy<Reference> {
        Just(()).prop_map(|()| Reference::new()).boxed()
    }

    fn transitions(state: &Reference) -> BoxedStrategy<Action> {
        let actors = state.world.actors.len();
        let eoas = state
            .world
            .actors
            .iter()
            .filter(|actor| actor.hostility.is_none())
            .count();
        let ids = game_ids(&state.model);
        let cells = prop_oneof![9 => 0u8..9, 1 => any::<u8>()];
        let mut choices: Vec<(u32, BoxedStrategy<Action>)> = vec![
            (
                4,
                (0..actors, amounts(), timeouts(), opponents(&state.world))
                    .prop_map(|(actor, stake, timeout, opponent)| Action::Create {
                        actor,
                        stake,
                        timeout,
                        opponent,
                    })
                    .boxed(),
            ),
            (
                2,
                (0..actors, ids.clone(), amounts())
                    .prop_map(|(actor, game, value)| Action::Join { actor, game, value })
                    .boxed(),
            ),
            (
                3,
                (0..actors, ids.clone(), cells)
                    .prop_map(|(actor, game, cell)| Action::Play { actor, game, cell })
                    .boxed(),
            ),
            (
                1,
                (0..actors, ids.clone())
                    .prop_map(|(actor, game)| Action::ClaimTimeout { actor, game })
                    .boxed(),
            ),
            (
                1,
                (0..actors, ids.clone())
                    .prop_map(|(actor, game)| Action::Resign { actor, game })
                    .boxed(),
            ),
            (
                1,
                (0..actors, ids)
                    .prop_map(|(actor, game)| Action::Cancel { actor, game })
                    .boxed(),
            ),
            (
                1,
                (0..actors, recipients(&state.world))
                    .prop_map(|(actor, to)| Action::Withdraw { actor, to })
                    .boxed(),
            ),
            (
                1,
                (0..eoas, amounts())
                    .prop_map(|(actor, value)| Action::Transfer { actor, value })
                    .boxed(),
            ),
            (
                1,
                prop_oneof![
                    3 => 1u64..=120,
                    2 => 0u64..=100_000,
                    1 => Just(u64::from(u32::MAX) + 1),
                ]
                .prop_map(|seconds| Action::Advance { seconds })
                .boxed(),
            ),
            (1, (1u64..=5).prop_map(|blocks| Action::Mine { blocks }).boxed()),
        ];
        let plausible = plausible(state);
        if !plausible.is_empty() {
            choices.push((24, select(plausible).boxed()));
        }
        Union::new_weighted(choices).boxed()
    }

    fn apply(state: Reference, action: &Action) -> Reference {
        state.step(action)
    }
}

/// Which compiled contract the machine runs against.
trait Variant {
    const CONTRACT: &'static str;
    /// Whether its outcomes count towards the coverage tally of the random sequences.
    const TALLY: bool = false;
}

/// The production contract, in random sequences.
struct Production;

impl Variant for Production {
    const CONTRACT: &'static str = "TicTacToe";
    const TALLY: bool = true;
}

/// The production contract in a fixed sequence (kept out of the random sequences' tally).
struct Scripted;

impl Variant for Scripted {
    const CONTRACT: &'static str = "TicTacToe";
}

/// The test-only contract that credits every payout twice.
struct DoublePay;

impl Variant for DoublePay {
    const CONTRACT: &'static str = "DoublePayTicTacToe";
}

/// The system under test: a chain with the game contract and the hostile players deployed.
struct Sut {
    chain: Chain,
    world: World,
    /// Whether outcomes count towards the coverage tally (the production contract's runs only).
    tally: bool,
    /// Games and balances rebuilt from the game's events alone.
    indexer: Indexer,
}

impl Sut {
    fn new(contract: &str, world: &World, tally: bool) -> Sut {
        let (mut chain, game) = chain_with_pvp(contract, CLAIM_BLOCKS);
        assert_eq!(game, world.game, "the game contract is where the model expects it");
        for (actor, kind) in world
            .actors
            .iter()
            .filter_map(|actor| actor.hostility.map(|kind| (actor, kind)))
        {
            let address = hostile::deploy(&mut chain, world.deployer, kind, game);
            assert_eq!(address, actor.address, "{kind:?} is where the model expects it");
        }
        Sut {
            chain,
            world: world.clone(),
            tally,
            indexer: Indexer::default(),
        }
    }

    /// Sends `direct` from a plain account, or `proxied` through a hostile player, with `value`.
    fn send<A: SolCall, B: SolCall>(
        &mut self,
        actor: usize,
        value: U256,
        direct: &A,
        proxied: &B,
    ) -> Result<Vec<Log>, TxError> {
        let actor = self.world.actors[actor];
        let game = self.world.game;
        match actor.hostility {
            None => self
                .chain
                .send_value(actor.payer, game, value, direct)
                .map(|receipt| receipt.logs),
            Some(_) => self
                .chain
                .send_value(actor.payer, actor.address, value, proxied)
                .map(|receipt| receipt.logs),
        }
    }

    /// The creator and time limit game `game` shows (zeros for a game that does not exist).
    fn terms(&mut self, game: U256) -> (Address, u32) {
        self.chain
            .view(self.world.game, &ITicTacToe::getGameCall { gameId: game })
            .map_or((Address::ZERO, 0), |read| (read.creator, read.moveTimeout))
    }

    /// Creates a game; the id comes back as the call's return value.
    fn create(&mut self, actor: usize, stake: U256, timeout: u32, opponent: Address) -> Result<Receipt<U256>, TxError> {
        let a = self.world.actors[actor];
        match a.hostility {
            None => self.chain.send_value(
                a.payer,
                self.world.game,
                stake,
                &ITicTacToe::createGameCall {
                    moveTimeout: U256::from(timeout),
                    opponent,
                },
            ),
            Some(_) => self.chain.send_value(
                a.payer,
                a.address,
                stake,
                &IHostilePlayer::createCall {
                    moveTimeout: timeout,
                    opponent,
                },
            ),
        }
    }

    fn run(&mut self, action: &Action, expected: &Expected) {
        let result = match *action {
            Action::Create {
                actor,
                stake,
                timeout,
                opponent,
            } => self.create(actor, stake, timeout, opponent).map(|receipt| {
                let id = receipt.value;
                (Some(id), receipt.logs)
            }),
            Action::Join { actor, game, value } => {
                // Joins name the terms the game shows, as every client does; other terms are the Foundry
                // suite's and the rules proof's. An unknown game is refused before its terms are looked at.
                let (creator, move_timeout) = self.terms(game);
                self.send(
                    actor,
                    value,
                    &ITicTacToe::joinGameCall {
                        gameId: game,
                        creator,
                        moveTimeout: U256::from(move_timeout),
                    },
                    &IHostilePlayer::joinCall { gameId: game },
                )
                .map(|logs| (None, logs))
            }
            Action::Play { actor, game, cell } => self
                .send(
                    actor,
                    U256::ZERO,
                    &ITicTacToe::playCall {
                        gameId: game,
                        cell: U256::from(cell),
                    },
                    &IHostilePlayer::playCall { gameId: game, cell },
                )
                .map(|logs| (None, logs)),
            Action::ClaimTimeout { actor, game } => self
                .send(
                    actor,
                    U256::ZERO,
                    &ITicTacToe::claimTimeoutCall { gameId: game },
                    &IHostilePlayer::claimTimeoutCall { gameId: game },
                )
                .map(|logs| (None, logs)),
            Action::Resign { actor, game } => self
                .send(
                    actor,
                    U256::ZERO,
                    &ITicTacToe::resignCall { gameId: game },
                    &IHostilePlayer::resignCall { gameId: game },
                )
                .map(|logs| (None, logs)),
            Action::Cancel { actor, game } => self
                .send(
                    actor,
                    U256::ZERO,
                    &ITicTacToe::cancelCall { gameId: game },
                    &IHostilePlayer::cancelCall { gameId: game },
                )
                .map(|logs| (None, logs)),
            Action::Withdraw { actor, to: None } => self
                .send(
                    actor,
                    U256::ZERO,
                    &ITicTacToe::withdrawCall {},
                    &IHostilePlayer::withdrawCall {},
                )
                .map(|logs| (None, logs)),
            Action::Withdraw { actor, to: Some(to) } => self
                .send(
                    actor,
                    U256::ZERO,
                    &ITicTacToe::withdrawToCall { to },
                    &IHostilePlayer::withdrawToCall { to },
                )
                .map(|logs| (None, logs)),
            Action::Transfer { actor, value } => {
                let from = self.world.actors[actor].payer;
                let result = self.chain.transfer(from, self.world.game, value);
                let err = result.expect_err("a plain transfer to the game must be refused");
                let revert = err
                    .revert()
                    .unwrap_or_else(|| panic!("a plain transfer must revert, not: {err}"));
                assert_eq!(
                    revert.data(),
                    &ITicTacToe::EtherNotAccepted { value }.abi_encode()[..],
                    "a plain transfer is refused in words, got {revert}"
                );
                assert_eq!(expected, &Expected::Refused);
                return;
            }
            Action::Advance { .. } | Action::ToDeadline { .. } => {
                let Expected::Time(seconds) = *expected else {
                    panic!("time moves, but the model expected {expected:?}");
                };
                self.chain.advance_time(seconds);
                return;
            }
            Action::Mine { blocks } => {
                assert_eq!(expected, &Expected::Mined(blocks));
                let (number, now) = (self.chain.block_number(), self.chain.timestamp());
                self.chain.set_block(number + blocks, now);
                return;
            }
        };
        let Expected::Call(outcome) = expected else {
            panic!("{action:?} is a call, but the model expected {expected:?}");
        };
        let outcome_name = match outcome {
            Ok(done) => done
                .events
                .iter()
                .map(|event| match event {
                    ITicTacToeEvents::GameEnded(ended) => format!("GameEnded({:?})", ended.reason),
                    other => event_name(other),
                })
                .collect::<Vec<_>>()
                .join("+"),
            Err(error) => error_name(error),
        };
        if self.tally {
            tally(outcome_name);
        }
        match (result, outcome) {
            (Ok((game_id, logs)), Ok(done)) => {
                let events = self.game_events(&logs);
                let block = self.chain.block_number();
                for event in &events {
                    self.indexer
                        .apply(event, block)
                        .unwrap_or_else(|err| panic!("{action:?}: the indexer: {err}"));
                }
                let actual = Done { game_id, events };
                assert_eq!(&actual, done, "{action:?}: return value and events");
            }
            (Ok((_, logs)), Err(error)) => panic!(
                "{action:?} succeeded (events {:?}) but the model expects {error:?}",
                self.game_events(&logs)
            ),
            (Err(err), Ok(done)) => {
                panic!("{action:?} failed with {err} but the model expects success: {done:?}")
            }
            (Err(err), Err(error)) => {
                let revert = err
                    .revert()
                    .unwrap_or_else(|| panic!("{action:?}: expected {error:?}, got {err}"));
                let actual = ITicTacToeErrors::abi_decode(revert.data())
                    .unwrap_or_else(|_| panic!("{action:?}: expected {error:?}, got {revert}"));
                assert_eq!(&actual, error, "{action:?}: the custom error and its fields");
            }
        }
    }

    /// The game contract's events among `logs`, decoded (logs of other contracts, if any, are left out).
    fn game_events(&self, logs: &[Log]) -> Vec<ITicTacToeEvents> {
        logs.iter()
            .filter(|log| log.address == self.world.game)
            .map(|log| {
                ITicTacToeEvents::decode_log(log)
                    .unwrap_or_else(|err| panic!("undecodable game log {log:?}: {err}"))
                    .data
            })
            .collect()
    }

    /// Everything the contract shows against the model: balances, ether, games, the next id.
    fn check(&mut self, model: &Model, when: &str) {
        let game = self.world.game;
        assert_eq!(model.held, model.owed(), "{when}: the model holds what it owes");
        let held = self.chain.balance(game);
        assert_eq!(
            held, model.held,
            "{when}: the contract holds {held} wei, the model owes {}",
            model.held
        );
        for (&address, &ether) in &model.wallets {
            assert_eq!(self.chain.balance(address), ether, "{when}: ether of {address}");
        }
        for actor in &self.world.actors {
            let pending = self
                .chain
                .view(game, &ITicTacToe::pendingBalanceCall { account: actor.address })
                .unwrap_or_else(|err| panic!("pendingBalance: {err}"));
            assert_eq!(
                pending,
                model.pending(actor.address),
                "{when}: pending balance of {:?} {}",
                actor.hostility,
                actor.address
            );
            assert_eq!(
                self.indexer.pending(actor.address),
                pending,
                "{when}: pending balance of {} from the logs alone",
                actor.address
            );
        }
        let next = self
            .chain
            .view(game, &ITicTacToe::nextGameIdCall {})
            .unwrap_or_else(|err| panic!("nextGameId: {err}"));
        assert_eq!(next, model.next_game_id(), "{when}: next game id");
        assert_eq!(self.chain.timestamp(), model.now, "{when}: block time");
        assert_eq!(self.chain.block_number(), model.block, "{when}: block number");
        for (index, expected) in model.games.iter().enumerate() {
            let id = U256::from(index + 1);
            let g = self
                .chain
                .view(game, &ITicTacToe::getGameCall { gameId: id })
                .unwrap_or_else(|err| panic!("getGame({id}): {err}"));
            let actual = Game::from(g);
            assert_eq!(&actual, expected, "{when}: game {id}");
            assert_eq!(
                self.indexer.games.get(&id),
                Some(&actual),
                "{when}: game {id} from the logs alone"
            );
            let left = self
                .chain
                .view(game, &ITicTacToe::claimBlocksLeftCall { gameId: id })
                .ok()
                .map(|left| left.to::<u64>());
            assert_eq!(
                left,
                model.claim_blocks_left(id),
                "{when}: claim blocks left in game {id}"
            );
            assert_eq!(
                self.indexer
                    .claim_blocks_left(id, self.chain.block_number(), u64::from(CLAIM_BLOCKS)),
                left,
                "{when}: claim blocks left in game {id} from the logs and their blocks alone"
            );
        }
        assert_eq!(
            self.indexer.games.len(),
            model.games.len(),
            "{when}: the logs tell of every game and no other"
        );
    }
}

/// How often each outcome came up (the events of a success, or the error), over every run of this binary.
static TALLY: std::sync::Mutex<BTreeMap<String, u64>> = std::sync::Mutex::new(BTreeMap::new());

fn tally(outcome: String) {
    let mut tally = TALLY.lock().unwrap_or_else(|poison| poison.into_inner());
    *tally.entry(outcome).or_default() += 1;
}

/// A custom error's name, from the selector-to-name table `sol!` generates.
fn error_name(error: &ITicTacToeErrors) -> String {
    ITicTacToeErrors::name_by_selector(SolInterface::selector(error))
        .unwrap_or("Unknown")
        .to_owned()
}

/// An event's name, from its first topic and the same table for events.
fn event_name(event: &ITicTacToeEvents) -> String {
    let log = IntoLogData::to_log_data(event);
    log.topics()
        .first()
        .and_then(|topic| ITicTacToeEvents::name_by_selector(topic.0))
        .unwrap_or("Unknown")
        .to_owned()
}

/// The contract under test, driven by the reference's actions.
struct PvpMachine<V>(PhantomData<V>);

impl<V: Variant> StateMachineTest for PvpMachine<V> {
    type SystemUnderTest = Sut;
    type Reference = PvpReference;

    fn init_test(reference: &Reference) -> Sut {
        let mut sut = Sut::new(V::CONTRACT, &reference.world, V::TALLY);
        sut.check(&reference.model, "at the start");
        sut
    }

    /// Runs the action, then checks everything against the model (here rather than in `check_invariants`,
    /// because reading balances needs the chain mutably).
    fn apply(mut sut: Sut, reference: &Reference, action: Action) -> Sut {
        sut.run(&action, &reference.expected);
        sut.check(&reference.model, &format!("after {action:?}"));
        sut
    }

    fn teardown(mut sut: Sut, mut reference: Reference) {
        // Close every game (cancel the open, resign the active), then everyone withdraws.
        for action in reference.closing_actions() {
            reference = reference.step(&action);
            sut.run(&action, &reference.expected);
            sut.check(&reference.model, &format!("closing with {action:?}"));
        }
        let model = &reference.model;
        assert!(
            model.games.iter().all(|game| game.held().is_zero()),
            "every game is over"
        );
        // Nothing is left: even the recipients that refuse ether took theirs out with `withdrawTo`.
        assert_eq!(model.owed(), U256::ZERO);
        assert_eq!(sut.chain.balance(sut.world.game), U256::ZERO);
        // No wei was made or lost: the wallets and the contract add up to what there was at the start.
        let total: U256 = model.wallets.values().sum::<U256>() + model.held;
        let start: U256 = Reference::new().model.wallets.values().sum();
        assert_eq!(total, start, "ether is conserved");
    }
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        max_shrink_iters: 2_000,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A failing case as the runner reports it: the reason, and the shrunk initial state and actions.
type Failure = TestError<(Reference, Vec<Action>, Option<Arc<AtomicUsize>>)>;

/// Runs the machine against `V` for `cases` sequences of 1 to 40 actions.
fn run_machine<V: Variant>(cases: u32) -> Result<(), Box<Failure>> {
    let config = config(cases);
    let mut runner = TestRunner::new(config.clone());
    runner
        .run(&PvpReference::sequential_strategy(1..40), |(initial, actions, seen)| {
            PvpMachine::<V>::test_sequential(config.clone(), initial, actions, seen);
            Ok(())
        })
        .map_err(Box::new)
}

#[test]
fn pvp_contract_follows_the_model_in_random_sequences() {
    let cases = cases(1_000);
    let started = std::time::Instant::now();
    if let Err(error) = run_machine::<Production>(cases) {
        match *error {
            TestError::Fail(reason, (_, actions, _)) => {
                panic!("{reason}\nminimal failing sequence:\n{actions:#?}")
            }
            TestError::Abort(reason) => panic!("aborted: {reason}"),
        }
    }
    eprintln!(
        "{cases} random sequences against TicTacToe in {:.1} s; outcomes:",
        started.elapsed().as_secs_f64()
    );
    let tally = TALLY.lock().unwrap_or_else(|poison| poison.into_inner()).clone();
    for (outcome, count) in &tally {
        eprintln!("  {count:>7}  {outcome}");
    }
    // With enough sequences, they reach every rule: each error but StakeTooLarge (2^96 wei is more than any test
    // account has), every way a game ends, and every event.
    if cases < 500 {
        return;
    }
    let seen = |name: &str| tally.keys().any(|outcome| outcome.contains(name));
    let errors = [
        "UnknownGame",
        "TimeoutTooShort",
        "TimeoutTooLong",
        "CannotInviteSelf",
        "GameNotOpen",
        "AlreadyJoined",
        "CreatorCannotJoin",
        "NotInvited",
        "WrongStake",
        "NotCreator",
        "GameNotActive",
        "NotAPlayer",
        "NotYourTurn",
        "MoveTooLate",
        "CellOutOfRange",
        "CellTaken",
        "DeadlineNotPassed",
        "TooFewBlocks",
        "CannotClaimOwnTimeout",
        "NothingToWithdraw",
        "ZeroRecipient",
        "TransferFailed",
    ];
    let successes = [
        "GameCreated",
        "GameJoined",
        "Moved",
        "GameEnded(Win)",
        "GameEnded(Timeout)",
        "GameEnded(Resignation)",
        "GameEnded(Abort)",
        "GameEnded(Cancellation)",
        "BalanceCredited",
        "Withdrawn",
    ];
    for name in errors.into_iter().chain(successes) {
        assert!(seen(name), "no sequence produced {name}: {tally:#?}");
    }
}

/// Endings too rare in random sequences to count on, in one fixed sequence through the same machine (every
/// check after every step, the log indexer included): a private game played to a draw, a withdrawal to the
/// re-entering contract while it has a balance of its own (it takes that inside the payment), a refusing
/// contract that aborts its own game when its first move timed out and then takes its stake out with
/// `withdrawTo`.
#[test]
fn a_fixed_sequence_reaches_the_rare_endings() {
    let reference = Reference::new();
    let actor = |index: usize| reference.world.actors[index];
    let ether = U256::from(ONE_ETHER);
    let (x, o, stranger, reenters, reverts) = (0, 1, 2, 4, 5);
    assert_eq!(actor(reenters).hostility, Some(Hostility::Reenters));
    assert_eq!(actor(reverts).hostility, Some(Hostility::Reverts));
    let id = U256::from;
    let mut actions = vec![
        Action::Create {
            actor: x,
            stake: ether,
            timeout: 600,
            opponent: actor(o).address,
        },
        Action::Join {
            actor: stranger,
            game: id(1),
            value: ether,
        },
        Action::Join {
            actor: o,
            game: id(1),
            value: ether,
        },
    ];
    for (turn, cell) in [0u8, 4, 8, 1, 7, 6, 2, 5, 3].into_iter().enumerate() {
        actions.push(Action::Play {
            actor: if turn % 2 == 0 { x } else { o },
            game: id(1),
            cell,
        });
    }
    actions.extend([
        Action::Create {
            actor: reenters,
            stake: ether,
            timeout: 60,
            opponent: Address::ZERO,
        },
        Action::Cancel {
            actor: reenters,
            game: id(2),
        },
        Action::Withdraw {
            actor: x,
            to: Some(actor(reenters).address),
        },
        Action::Create {
            actor: reverts,
            stake: ether,
            timeout: 60,
            opponent: Address::ZERO,
        },
        Action::Join {
            actor: stranger,
            game: id(3),
            value: ether,
        },
        Action::ToDeadline { game: id(3), offset: 1 },
        // The deadline has passed, the blocks have not: refused, and then mined.
        Action::ClaimTimeout {
            actor: reverts,
            game: id(3),
        },
        Action::Mine {
            blocks: u64::from(CLAIM_BLOCKS) - 1,
        },
        Action::ClaimTimeout {
            actor: reverts,
            game: id(3),
        },
        Action::Withdraw {
            actor: reverts,
            to: None,
        },
        Action::Withdraw {
            actor: reverts,
            to: Some(actor(reverts).payer),
        },
    ]);
    // The year 2106: a move that would start a clock past what the record holds is refused, as is a join, and
    // the stuck game still ends by a claim.
    let now = actions
        .iter()
        .fold(reference.clone(), |state, action| state.step(action))
        .model
        .now;
    actions.extend([
        Action::Create {
            actor: x,
            stake: ether,
            timeout: 60,
            opponent: Address::ZERO,
        },
        Action::Join {
            actor: o,
            game: id(4),
            value: ether,
        },
        Action::Advance {
            seconds: MAX_DEADLINE - 30 - now,
        },
        Action::Play {
            actor: x,
            game: id(4),
            cell: 0,
        },
        Action::Create {
            actor: x,
            stake: ether,
            timeout: 60,
            opponent: Address::ZERO,
        },
        Action::Join {
            actor: o,
            game: id(5),
            value: ether,
        },
        Action::Mine {
            blocks: u64::from(CLAIM_BLOCKS),
        },
        Action::ClaimTimeout { actor: o, game: id(4) },
    ]);
    // What the model expects, step by step: the rare outcomes are really in the sequence.
    let mut outcomes = Vec::new();
    let mut stepped = reference.clone();
    for action in &actions {
        stepped = stepped.step(action);
        outcomes.push(stepped.expected.clone());
    }
    let names: Vec<String> = outcomes
        .iter()
        .map(|expected| match expected {
            Expected::Call(Ok(done)) => done.events.iter().map(event_name).collect::<Vec<_>>().join("+"),
            Expected::Call(Err(error)) => error_name(error),
            other => format!("{other:?}"),
        })
        .collect();
    for wanted in [
        "NotInvited",
        "Moved+GameEnded+BalanceCredited+BalanceCredited",
        "Withdrawn+Withdrawn",
        "GameEnded+BalanceCredited+BalanceCredited",
        "TooFewBlocks",
        "TransferFailed",
        "DeadlineOutOfRange",
    ] {
        assert!(
            names.iter().any(|name| name == wanted),
            "{wanted} missing from {names:#?}"
        );
    }
    assert_eq!(stepped.model.games[0].status, ITicTacToe::Status::Draw);
    assert_eq!(stepped.model.games[2].status, ITicTacToe::Status::Aborted);
    assert_eq!(
        names.iter().filter(|name| *name == "DeadlineOutOfRange").count(),
        2,
        "{names:#?}"
    );
    assert_eq!(stepped.model.games[3].status, ITicTacToe::Status::Aborted);
    PvpMachine::<Scripted>::test_sequential(config(1), reference, actions, None);
}

#[test]
fn a_contract_that_pays_twice_is_caught() {
    quiet_panics_in_this_thread();
    let error = run_machine::<DoublePay>(cases(1_000)).expect_err("the machine must catch DoublePayTicTacToe");
    let TestError::Fail(reason, (_, actions, _)) = *error else {
        panic!("expected a failing case, got {error}");
    };
    eprintln!("DoublePayTicTacToe caught: {reason}\nminimal failing sequence: {actions:#?}");
    // Money is what breaks: the credit events of a payout (the contract announces each credit twice), or else a
    // pending balance, a wallet or the contract's ether disagrees with the model, after a credit in the sequence
    // or in the closing steps (cancel, resign, withdraw).
    let message = reason.message();
    let doubled_credit = message.contains("return value and events") && message.contains("BalanceCredited");
    assert!(
        doubled_credit
            || [
                "pending balance",
                "ether of",
                "the contract holds",
                "ether is conserved"
            ]
            .iter()
            .any(|what| message.contains(what)),
        "{reason}"
    );
    assert!(actions.len() <= 8, "shrunk to a short sequence: {actions:?}");
}

/// The broken variant's runs panic many times while the runner shrinks; keep those messages out of the output
/// of this test's thread (other threads' panics print as usual).
fn quiet_panics_in_this_thread() {
    let this = std::thread::current().id();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != this {
            previous(info);
        }
    }));
}
