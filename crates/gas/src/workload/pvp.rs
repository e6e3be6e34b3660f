//! The PvP workload: a fixed script of games between four accounts.
//!
//! 1. 72 games played to the end, one per opening pair (X's first cell, O's first cell); after the openings
//!    both sides play the engine's Hard move. Odd games are staked (1 ether each side), even ones are free;
//!    the creator and the joiner rotate among the four accounts.
//! 2. Six timeout claims, after 0..=5 moves: time passes beyond the limit, the claim blocks are mined, and the
//!    waiting player claims (after 0 and 1 moves a first move timed out, so those two abort the game instead).
//!
//! The contract is deployed with the public chains' count of claim blocks, [`PUBLIC_CLAIM_BLOCKS`]: no figure
//! but the deployment's depends on the count, and that one is what a public deployment pays.
//! 3. Six resignations, after 0..=5 moves, alternately by the player to move and by the other.
//! 4. Six games cancelled before anyone joins, alternately staked and free.
//! 5. Every account with a balance withdraws it, the odd ones with `withdrawTo` the next account; the contract
//!    must then hold nothing.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{
    bindings::ITicTacToe::{self, Status},
    compiler::CompiledContract,
    evm::{Chain, Receipt},
    pvp::PUBLIC_CLAIM_BLOCKS,
};
use marubatsu_engine::rules::Rules;
use marubatsu_engine::tictactoe::{Cell, Difficulty, Position, Seed, Side, TicTacToe, cpu_move};
use marubatsu_prove::Progress;

use crate::{error::GasError, report::ContractLog};

const MOVE_TIMEOUT: u32 = 600;
const ONE_ETHER: U256 = U256::from_limbs([1_000_000_000_000_000_000, 0, 0, 0]);

pub(super) fn measure(
    chain: &mut Chain,
    contract: &CompiledContract,
    init_code: alloy_primitives::Bytes,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ContractLog, GasError> {
    let (address, mut log) = super::deploy(chain, contract, init_code)?;
    let players: Vec<Address> = chain.accounts()[1..5].to_vec();
    let mut pvp = Pvp {
        chain,
        contract: address,
        log: &mut log,
        players,
    };
    let stage = "TicTacToe: scripted games".to_owned();
    let mut report = |done| {
        progress(&Progress {
            stage: stage.clone(),
            done,
            total: Some(96),
        })
    };

    let openings = (0..9u8).flat_map(|x| (0..9u8).filter(move |&o| o != x).map(move |o| (x, o)));
    for (index, (x, o)) in openings.enumerate() {
        let mut game = pvp.start(index, index % 2 == 1)?;
        pvp.play_to_end(&mut game, &[x, o])?;
        report(index as u64 + 1);
    }
    for moves in 0..6 {
        let index = 72 + moves;
        let mut game = pvp.start(index, true)?;
        pvp.play_hard(&mut game, moves)?;
        let (number, now) = (pvp.chain.block_number(), pvp.chain.timestamp());
        pvp.chain.set_block(
            number + u64::from(PUBLIC_CLAIM_BLOCKS),
            now + u64::from(MOVE_TIMEOUT) + 1,
        );
        let waiting = game.waiting();
        pvp.tx(waiting, U256::ZERO, &ITicTacToe::claimTimeoutCall { gameId: game.id })?;
        pvp.expect_over(&game)?;
        report(index as u64 + 1);
    }
    for moves in 0..6 {
        let index = 78 + moves;
        let mut game = pvp.start(index, moves % 2 == 0)?;
        pvp.play_hard(&mut game, moves)?;
        let resigner = if moves % 2 == 0 { game.to_move() } else { game.waiting() };
        pvp.tx(resigner, U256::ZERO, &ITicTacToe::resignCall { gameId: game.id })?;
        pvp.expect_over(&game)?;
        report(index as u64 + 1);
    }
    for index in 84..90 {
        let stake = if index % 2 == 0 { ONE_ETHER } else { U256::ZERO };
        let creator = pvp.players[index % 4];
        let id = pvp
            .tx(
                creator,
                stake,
                &ITicTacToe::createGameCall {
                    moveTimeout: U256::from(MOVE_TIMEOUT),
                    opponent: Address::ZERO,
                },
            )?
            .value;
        pvp.tx(creator, U256::ZERO, &ITicTacToe::cancelCall { gameId: id })?;
        report(index as u64 + 1);
    }
    for (i, account) in pvp.players.clone().into_iter().enumerate() {
        let pending = pvp.view(&ITicTacToe::pendingBalanceCall { account })?;
        if pending > U256::ZERO && i % 2 == 1 {
            let to = pvp.players[(i + 1) % 4];
            pvp.tx(account, U256::ZERO, &ITicTacToe::withdrawToCall { to })?;
        } else if pending > U256::ZERO {
            pvp.tx(account, U256::ZERO, &ITicTacToe::withdrawCall {})?;
        }
        report(91 + i as u64);
    }
    let left = pvp.chain.balance(address);
    if left != U256::ZERO {
        return Err(GasError::Contract(format!(
            "TicTacToe still holds {left} wei after every withdrawal"
        )));
    }
    Ok(log)
}

struct Pvp<'a> {
    chain: &'a mut Chain,
    contract: Address,
    log: &'a mut ContractLog,
    players: Vec<Address>,
}

struct Game {
    id: U256,
    x: Address,
    o: Address,
    position: Position,
}

impl Game {
    fn to_move(&self) -> Address {
        if self.position.side_to_move() == Side::X {
            self.x
        } else {
            self.o
        }
    }

    fn waiting(&self) -> Address {
        if self.position.side_to_move() == Side::X {
            self.o
        } else {
            self.x
        }
    }
}

impl Pvp<'_> {
    fn tx<C: SolCall>(&mut self, from: Address, value: U256, call: &C) -> Result<Receipt<C::Return>, GasError> {
        let receipt = self
            .chain
            .send_value(from, self.contract, value, call)
            .map_err(|source| GasError::Tx {
                action: format!("TicTacToe.{}", C::SIGNATURE),
                source,
            })?;
        self.log.log.record(C::SIGNATURE, &receipt);
        Ok(receipt)
    }

    fn view<C: SolCall>(&mut self, call: &C) -> Result<C::Return, GasError> {
        let outcome = self.chain.call(self.contract, call).map_err(|source| GasError::Tx {
            action: format!("TicTacToe.{}", C::SIGNATURE),
            source,
        })?;
        self.log.log.record(C::SIGNATURE, &outcome);
        Ok(outcome.value)
    }

    /// Creates game number `index` of the script and has the next account join it.
    fn start(&mut self, index: usize, staked: bool) -> Result<Game, GasError> {
        let stake = if staked { ONE_ETHER } else { U256::ZERO };
        let (x, o) = (self.players[index % 4], self.players[(index + 1) % 4]);
        let id = self
            .tx(
                x,
                stake,
                &ITicTacToe::createGameCall {
                    moveTimeout: U256::from(MOVE_TIMEOUT),
                    opponent: Address::ZERO,
                },
            )?
            .value;
        self.tx(
            o,
            stake,
            &ITicTacToe::joinGameCall {
                gameId: id,
                creator: x,
                moveTimeout: U256::from(MOVE_TIMEOUT),
            },
        )?;
        Ok(Game {
            id,
            x,
            o,
            position: Position::empty(),
        })
    }

    fn play(&mut self, game: &mut Game, cell: u8) -> Result<(), GasError> {
        let next = Cell::new(cell)
            .and_then(|c| TicTacToe::transition(game.position, &c).ok())
            .ok_or_else(|| GasError::Contract(format!("workload tried an illegal move {cell}")))?;
        self.tx(
            game.to_move(),
            U256::ZERO,
            &ITicTacToe::playCall {
                gameId: game.id,
                cell: U256::from(cell),
            },
        )?;
        game.position = next;
        Ok(())
    }

    /// Up to `moves` moves of the engine's Hard for whoever is to move (fewer if the game ends).
    fn play_hard(&mut self, game: &mut Game, moves: usize) -> Result<(), GasError> {
        for _ in 0..moves {
            if game.position.outcome().is_some() {
                break;
            }
            let mover = game.position.side_to_move();
            let (mine, theirs) = (game.position.board(mover), game.position.board(mover.other()));
            let Some(cell) = cpu_move(mine, theirs, Difficulty::Hard, &Seed::ZERO) else {
                break;
            };
            self.play(game, cell.index())?;
        }
        Ok(())
    }

    fn play_to_end(&mut self, game: &mut Game, opening: &[u8]) -> Result<(), GasError> {
        for &cell in opening {
            self.play(game, cell)?;
        }
        self.play_hard(game, 9)?;
        self.expect_over(game)
    }

    fn expect_over(&mut self, game: &Game) -> Result<(), GasError> {
        let onchain = self.view(&ITicTacToe::getGameCall { gameId: game.id })?;
        if matches!(onchain.status, Status::Open | Status::Active) {
            return Err(GasError::Contract(format!(
                "game {} should be over, status {:?}",
                game.id, onchain.status
            )));
        }
        Ok(())
    }
}
