//! The solo contract against the engine's solo rules (`marubatsu_engine::tictactoe::{Solo, SoloState,
//! SoloEvent}`), driven by random sequences of actions (proptest-state-machine): new games at every level and
//! seat by three accounts, legal and illegal moves (out of range, taken, someone else's game, after the end),
//! new blocks (so the Easy seed's block hash changes), and ether sent to a contract that takes none.
//!
//! The Easy CPU's seed is the contract's `keccak256(abi.encodePacked(blockhash(block.number - 1),
//! address(this), gameId, uint16 occupied))`, reproduced here and passed to the engine in its events. After every
//! step: the call succeeded or failed as the engine and the rules say (with the custom error and its fields),
//! the events are the engine's (the CPU's reply, the result), every game reads as the engine's state, and
//! no ether moved anywhere.
//!
//! `PROPTEST_CASES` sets the number of sequences (1,000 by default).

use std::sync::OnceLock;

use alloy_primitives::{Address, B256, Log, U256, keccak256};
use alloy_sol_types::{SolError, SolEventInterface, SolInterface, sol};
use marubatsu_chain::{
    bindings::ISoloTicTacToe::{self, ISoloTicTacToeErrors, ISoloTicTacToeEvents},
    evm::{ACCOUNT_BALANCE, Chain, TxError},
};
use marubatsu_engine::rules::Rules;
use marubatsu_engine::tictactoe::{Difficulty, Seed, Solo, SoloEvent, SoloResult, SoloState};
use marubatsu_tests::{chain_with, contracts};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::Union;
use proptest::test_runner::{Config, TestError, TestRunner};
use proptest_state_machine::{ReferenceStateMachine, StateMachineTest};

sol! {
    /// `BlockHashProbe` in `contracts/test/HostilePlayers.sol`.
    interface IBlockHashProbe {
        function previousBlockHash() external view returns (bytes32);
    }
}

/// Blocks a sequence can reach: it starts at block 1 and each step moves at most one block on.
const MAX_BLOCK: u64 = 64;

/// "No cell" in the contract's events.
const NONE: u8 = 9;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// The addresses of the solo contract, its players, and `blockhash(n - 1)` for every block `n` a sequence can
/// reach (read once from the chain through `BlockHashProbe`, since a block's hash is the chain's to say).
struct World {
    deployer: Address,
    solo: Address,
    probe: Address,
    players: Vec<Address>,
    previous_hashes: Vec<B256>,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let (mut chain, solo) = deploy(1);
        let deployer = chain.accounts()[0];
        let players = chain.accounts()[1..=3].to_vec();
        let probe = deployer.create(1);
        let timestamp = chain.timestamp();
        // Index 0 is never read: sequences start at block 1.
        let previous_hashes = std::iter::once(B256::ZERO)
            .chain((1..=MAX_BLOCK).map(|number| {
                chain.set_block(number, timestamp);
                chain
                    .view(probe, &IBlockHashProbe::previousBlockHashCall {})
                    .unwrap_or_else(|err| panic!("previousBlockHash: {err}"))
            }))
            .collect();
        World {
            deployer,
            solo,
            probe,
            players,
            previous_hashes,
        }
    })
}

/// A chain at block `number` with the solo contract and the probe deployed.
fn deploy(number: u64) -> (Chain, Address) {
    let (mut chain, solo) = chain_with("SoloTicTacToe");
    let deployer = chain.accounts()[0];
    let probe = contracts().get("BlockHashProbe").unwrap_or_else(|err| panic!("{err}"));
    chain
        .deploy(deployer, probe)
        .unwrap_or_else(|err| panic!("deploying BlockHashProbe: {err}"));
    let timestamp = chain.timestamp();
    chain.set_block(number, timestamp);
    (chain, solo)
}

/// The Easy seed of game `game_id` with `occupied` cells taken, in block `block`: what `_easySeed` computes.
fn easy_seed(block: u64, solo: Address, game_id: U256, occupied: u16) -> Seed {
    let hash = world().previous_hashes[block as usize];
    let mut packed = Vec::with_capacity(32 + 20 + 32 + 2);
    packed.extend_from_slice(hash.as_slice());
    packed.extend_from_slice(solo.as_slice());
    packed.extend_from_slice(&game_id.to_be_bytes::<32>());
    packed.extend_from_slice(&occupied.to_be_bytes());
    Seed::from_be_bytes(keccak256(&packed).0)
}

fn sol_result(result: SoloResult) -> ISoloTicTacToe::Result {
    match result {
        SoloResult::InProgress => ISoloTicTacToe::Result::InProgress,
        SoloResult::PlayerWon => ISoloTicTacToe::Result::PlayerWon,
        SoloResult::CpuWon => ISoloTicTacToe::Result::CpuWon,
        SoloResult::Draw => ISoloTicTacToe::Result::Draw,
    }
}

#[derive(Clone, Debug)]
enum Action {
    NewGame {
        player: usize,
        difficulty: Difficulty,
        cpu_first: bool,
    },
    Play {
        player: usize,
        game: U256,
        cell: u8,
    },
    /// The next block: a new block hash for the Easy seed.
    NextBlock,
    /// Ether to a contract that accepts none: a plain transfer, or `newGame` with a value.
    SendEther {
        player: usize,
        value: U256,
        with_call: bool,
    },
}

/// What the last action must do.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expected {
    Call(Result<(Option<U256>, Vec<ISoloTicTacToeEvents>), ISoloTicTacToeErrors>),
    /// Rejected without revert data (no `receive`, no `fallback`, no payable function).
    Refused,
    Block,
}

/// The engine's games, who owns each, the block, and the expectation for the last step.
#[derive(Clone, Debug)]
struct Reference {
    games: Vec<(Address, SoloState)>,
    block: u64,
    expected: Expected,
}

impl Reference {
    fn step(mut self, action: &Action) -> Reference {
        let world = world();
        self.expected = match *action {
            Action::NewGame {
                player,
                difficulty,
                cpu_first,
            } => {
                let player = world.players[player];
                let id = U256::from(self.games.len() + 1);
                let seed = easy_seed(self.block, world.solo, id, 0);
                let start = SoloEvent::Start {
                    difficulty,
                    cpu_first,
                    seed,
                };
                let game = Solo::transition(SoloState::default(), &start).unwrap_or_else(|(back, _)| back);
                self.games.push((player, game));
                let started = ISoloTicTacToeEvents::GameStarted(ISoloTicTacToe::GameStarted {
                    gameId: id,
                    player,
                    difficulty: difficulty.into(),
                    cpuCell: game.last_cpu_move().map_or(NONE, |cell| cell.index()),
                });
                Expected::Call(Ok((Some(id), vec![started])))
            }
            Action::Play { player, game, cell } => Expected::Call(self.play(world.players[player], game, cell)),
            Action::NextBlock => {
                self.block += 1;
                Expected::Block
            }
            Action::SendEther { .. } => Expected::Refused,
        };
        self
    }

    /// A move, judged by the rules' order (`ISoloTicTacToe.play`'s requirements) and made by the engine.
    fn play(
        &mut self,
        caller: Address,
        id: U256,
        cell: u8,
    ) -> Result<(Option<U256>, Vec<ISoloTicTacToeEvents>), ISoloTicTacToeErrors> {
        let index: Option<usize> = id
            .checked_sub(U256::from(1))
            .and_then(|index| index.try_into().ok())
            .filter(|&index: &usize| index < self.games.len());
        let Some(index) = index else {
            return Err(ISoloTicTacToeErrors::UnknownGame(ISoloTicTacToe::UnknownGame {
                gameId: id,
            }));
        };
        let (player, game) = self.games[index];
        if caller != player {
            return Err(ISoloTicTacToeErrors::NotYourGame(ISoloTicTacToe::NotYourGame {
                gameId: id,
                player,
                caller,
            }));
        }
        let occupied = game.human().bits() | game.cpu().bits();
        let error = if game.result() != SoloResult::InProgress {
            Some(ISoloTicTacToeErrors::GameOver(ISoloTicTacToe::GameOver {
                gameId: id,
                result: sol_result(game.result()),
            }))
        } else if cell > 8 {
            Some(ISoloTicTacToeErrors::CellOutOfRange(ISoloTicTacToe::CellOutOfRange {
                cell,
            }))
        } else if occupied & (1 << cell) != 0 {
            Some(ISoloTicTacToeErrors::CellTaken(ISoloTicTacToe::CellTaken {
                gameId: id,
                cell,
            }))
        } else {
            None
        };
        // The seed the contract draws for the CPU's reply: the board with the player's cell on it.
        let seed = easy_seed(
            self.block,
            world().solo,
            id,
            occupied | (1u16.checked_shl(u32::from(cell)).unwrap_or(0) & 0x1FF),
        );
        let event = SoloEvent::Play { cell, seed };
        // The engine must agree that exactly these moves mean nothing.
        let applied = Solo::transition(game, &event);
        assert_eq!(
            applied.is_err(),
            error.is_some(),
            "engine and rules disagree on {cell} in {game:?}"
        );
        if let Some(error) = error {
            let (back, _) = applied.expect_err("the engine refused it");
            assert_eq!(back, game, "a meaningless move changes nothing");
            return Err(error);
        }
        let next = applied.expect("the engine accepted it");
        self.games[index].1 = next;
        let result = sol_result(next.result());
        let mut events = vec![ISoloTicTacToeEvents::Moved(ISoloTicTacToe::Moved {
            gameId: id,
            playerCell: cell,
            cpuCell: next.last_cpu_move().map_or(NONE, |cell| cell.index()),
            result,
        })];
        if next.result() != SoloResult::InProgress {
            events.push(ISoloTicTacToeEvents::GameEnded(ISoloTicTacToe::GameEnded {
                gameId: id,
                result,
            }));
        }
        Ok((None, events))
    }
}

struct SoloReference;

impl ReferenceStateMachine for SoloReference {
    type State = Reference;
    type Transition = Action;

    fn init_state() -> BoxedStrategy<Reference> {
        Just(Reference {
            games: Vec::new(),
            block: 1,
            expected: Expected::Block,
        })
        .boxed()
    }

    fn transitions(state: &Reference) -> BoxedStrategy<Action> {
        let players = world().players.len();
        let count = state.games.len() as u64;
        let ids = prop_oneof![
            8 => (1..=count.max(1)).prop_map(U256::from),
            1 => Just(U256::ZERO),
            1 => Just(U256::from(count + 1)),
            1 => any::<[u8; 32]>().prop_map(U256::from_be_bytes),
        ];
        let difficulties = select(Difficulty::ALL.to_vec());
        let mut choices: Vec<(u32, BoxedStrategy<Action>)> = vec![
            (
                3,
                (0..players, difficulties, any::<bool>())
                    .prop_map(|(player, difficulty, cpu_first)| Action::NewGame {
                        player,
                        difficulty,
                        cpu_first,
                    })
                    .boxed(),
            ),
            (
                3,
                (0..players, ids, prop_oneof![9 => 0u8..9, 1 => any::<u8>()])
                    .prop_map(|(player, game, cell)| Action::Play { player, game, cell })
                    .boxed(),
            ),
            (1, Just(Action::NextBlock).boxed()),
            (
                1,
                (0..players, 1u64..=1_000_000_000, any::<bool>())
                    .prop_map(|(player, value, with_call)| Action::SendEther {
                        player,
                        value: U256::from(value),
                        with_call,
                    })
                    .boxed(),
            ),
        ];
        // Moves by the owner on empty cells of games in progress.
        let plausible: Vec<Action> = state
            .games
            .iter()
            .enumerate()
            .filter(|(_, (_, game))| game.result() == SoloResult::InProgress)
            .flat_map(|(index, (owner, game))| {
                let player = world().players.iter().position(|p| p == owner).unwrap_or(0);
                let taken = game.human().bits() | game.cpu().bits();
                (0..9u8)
                    .filter(move |cell| taken & (1 << cell) == 0)
                    .map(move |cell| Action::Play {
                        player,
                        game: U256::from(index + 1),
                        cell,
                    })
            })
            .collect();
        if !plausible.is_empty() {
            choices.push((12, select(plausible).boxed()));
        }
        Union::new_weighted(choices).boxed()
    }

    fn apply(state: Reference, action: &Action) -> Reference {
        // Keep within the blocks whose hashes were read.
        if matches!(action, Action::NextBlock) && state.block >= MAX_BLOCK {
            let mut state = state;
            state.expected = Expected::Block;
            return state;
        }
        state.step(action)
    }
}

struct Sut {
    chain: Chain,
}

impl Sut {
    fn run(&mut self, action: &Action, reference: &Reference) {
        let world = world();
        let result: Result<(Option<U256>, Vec<Log>), TxError> = match *action {
            Action::NewGame {
                player,
                difficulty,
                cpu_first,
            } => self
                .chain
                .send(
                    world.players[player],
                    world.solo,
                    &ISoloTicTacToe::newGameCall {
                        difficulty: ISoloTicTacToe::Difficulty::from(difficulty).into(),
                        cpuFirst: cpu_first,
                    },
                )
                .map(|receipt| (Some(receipt.value), receipt.logs)),
            Action::Play { player, game, cell } => self
                .chain
                .send(
                    world.players[player],
                    world.solo,
                    &ISoloTicTacToe::playCall { gameId: game, cell },
                )
                .map(|receipt| (None, receipt.logs)),
            Action::NextBlock => {
                assert_eq!(reference.expected, Expected::Block);
                if self.chain.block_number() < reference.block {
                    self.chain.advance_time(12);
                }
                return;
            }
            Action::SendEther {
                player,
                value,
                with_call,
            } => {
                let from = world.players[player];
                let result = if with_call {
                    self.chain
                        .send_value(
                            from,
                            world.solo,
                            value,
                            &ISoloTicTacToe::newGameCall {
                                difficulty: ISoloTicTacToe::Difficulty::Hard.into(),
                                cpuFirst: false,
                            },
                        )
                        .map(|_| ())
                } else {
                    self.chain.transfer(from, world.solo, value).map(|_| ())
                };
                let err = result.expect_err("the solo contract must refuse ether");
                let revert = err.revert().unwrap_or_else(|| panic!("expected a revert, got {err}"));
                // With a call, Solidity's check of a non-payable function refuses before any code runs (no data);
                // alone, the contract's `receive` refuses in words.
                let said = if with_call {
                    Vec::new()
                } else {
                    ISoloTicTacToe::EtherNotAccepted { value }.abi_encode()
                };
                assert_eq!(revert.data(), &said[..], "refused as the contract says, got {revert}");
                assert_eq!(reference.expected, Expected::Refused);
                return;
            }
        };
        let Expected::Call(expected) = &reference.expected else {
            panic!(
                "{action:?} is a call, but the reference expected {:?}",
                reference.expected
            );
        };
        match (result, expected) {
            (Ok((id, logs)), Ok((expected_id, events))) => {
                assert_eq!(&id, expected_id, "{action:?}: game id");
                let actual: Vec<ISoloTicTacToeEvents> = logs
                    .iter()
                    .map(|log| {
                        ISoloTicTacToeEvents::decode_log(log)
                            .unwrap_or_else(|err| panic!("undecodable log {log:?}: {err}"))
                            .data
                    })
                    .collect();
                assert_eq!(&actual, events, "{action:?}: events");
            }
            (Ok(_), Err(error)) => panic!("{action:?} succeeded, the engine expects {error:?}"),
            (Err(err), Ok(_)) => panic!("{action:?} failed with {err}, the engine expects success"),
            (Err(err), Err(error)) => {
                let revert = err
                    .revert()
                    .unwrap_or_else(|| panic!("{action:?}: expected {error:?}, got {err}"));
                let actual = ISoloTicTacToeErrors::abi_decode(revert.data())
                    .unwrap_or_else(|_| panic!("{action:?}: expected {error:?}, got {revert}"));
                assert_eq!(&actual, error, "{action:?}: the custom error and its fields");
            }
        }
    }

    fn check(&mut self, reference: &Reference, when: &str) {
        let world = world();
        assert_eq!(self.chain.block_number(), reference.block, "{when}: block");
        let hash = self
            .chain
            .view(world.probe, &IBlockHashProbe::previousBlockHashCall {})
            .unwrap_or_else(|err| panic!("previousBlockHash: {err}"));
        assert_eq!(
            hash, world.previous_hashes[reference.block as usize],
            "{when}: the block hash the seed reads"
        );
        let next = self
            .chain
            .view(world.solo, &ISoloTicTacToe::nextGameIdCall {})
            .unwrap_or_else(|err| panic!("nextGameId: {err}"));
        assert_eq!(next, U256::from(reference.games.len() + 1), "{when}: next id");
        for (index, (player, game)) in reference.games.iter().enumerate() {
            let id = U256::from(index + 1);
            let g = self
                .chain
                .view(world.solo, &ISoloTicTacToe::getGameCall { gameId: id })
                .unwrap_or_else(|err| panic!("getGame({id}): {err}"));
            assert_eq!(
                (g.player, g.difficulty, g.playerBoard, g.cpuBoard, g.result),
                (
                    *player,
                    game.difficulty().into(),
                    game.human().bits(),
                    game.cpu().bits(),
                    sol_result(game.result())
                ),
                "{when}: game {id} against the engine's {game:?}"
            );
        }
        // No ether moves: the contract holds none and every player keeps all of theirs (gas is free here).
        assert_eq!(
            self.chain.balance(world.solo),
            U256::ZERO,
            "{when}: solo holds no ether"
        );
        for &player in &world.players {
            assert_eq!(self.chain.balance(player), ACCOUNT_BALANCE, "{when}: ether of {player}");
        }
    }
}

struct SoloMachine;

impl StateMachineTest for SoloMachine {
    type SystemUnderTest = Sut;
    type Reference = SoloReference;

    fn init_test(reference: &Reference) -> Sut {
        let (chain, solo) = deploy(reference.block);
        let world = world();
        assert_eq!((solo, chain.accounts()[0]), (world.solo, world.deployer));
        let mut sut = Sut { chain };
        sut.check(reference, "at the start");
        sut
    }

    fn apply(mut sut: Sut, reference: &Reference, action: Action) -> Sut {
        sut.run(&action, reference);
        sut.check(reference, &format!("after {action:?}"));
        sut
    }
}

#[test]
fn solo_contract_follows_the_engine_in_random_sequences() {
    let cases = cases(1_000);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let started = std::time::Instant::now();
    let mut runner = TestRunner::new(config.clone());
    let result = runner.run(
        &SoloReference::sequential_strategy(1..48),
        |(initial, actions, seen)| {
            SoloMachine::test_sequential(config.clone(), initial, actions, seen);
            Ok(())
        },
    );
    match result {
        Ok(()) => eprintln!(
            "{cases} random sequences against SoloTicTacToe in {:.1} s",
            started.elapsed().as_secs_f64()
        ),
        Err(TestError::Fail(reason, (_, actions, _))) => {
            panic!("{reason}\nminimal failing sequence:\n{actions:#?}")
        }
        Err(TestError::Abort(reason)) => panic!("aborted: {reason}"),
    }
}

#[test]
fn the_easy_seed_is_reproduced_exactly() {
    // One Easy game with the CPU first, its first cell read back: the engine with the reproduced seed agrees,
    // and a different block hash would (for this game) give a different seed.
    let (mut chain, solo) = deploy(5);
    let player = world().players[0];
    let receipt = chain
        .send(
            player,
            solo,
            &ISoloTicTacToe::newGameCall {
                difficulty: ISoloTicTacToe::Difficulty::Easy.into(),
                cpuFirst: true,
            },
        )
        .unwrap_or_else(|err| panic!("newGame: {err}"));
    let id = receipt.value;
    let seed = easy_seed(5, solo, id, 0);
    let engine = SoloState::start(Difficulty::Easy, true, &seed);
    let started = receipt.events::<ISoloTicTacToe::GameStarted>();
    assert_eq!(
        started[0].1.cpuCell,
        engine.last_cpu_move().map_or(NONE, |cell| cell.index())
    );
    assert_ne!(seed, easy_seed(6, solo, id, 0));
}
