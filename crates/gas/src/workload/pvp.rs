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
//! 5. Twelve games with a time bank (`ITicTacToeTimeBank`), if the contract has them: created with the 3-arg
//!    `createGame`, joined with the 4-arg `joinGame`, their banks read with `timeBanks` after the join and at the
//!    end. Banks alternate between one that covers the time per move (its turns last the whole timeout) and one
//!    that does not (its turns last the free minute and the bank); two of every four are staked. Every move takes
//!    [`SLOW_MOVE`] seconds, so each but the last spends from its player's bank, and the banks left at the end
//!    must be what the rule says.
//! 6. Every account with a balance withdraws it, the odd ones with `withdrawTo` the next account; the contract
//!    must then hold nothing.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{
    bindings::{
        ITicTacToe::{self, Status},
        ITicTacToeTimeBank,
    },
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
/// The banked games' banks: one above the unpaid part of [`MOVE_TIMEOUT`], one below it.
const TIME_BANKS: [u32; 2] = [3600, 120];
/// The free seconds of every move (`FREE_MOVE_TIME`).
const FREE_MOVE_TIME: u64 = 60;
/// How long every move of a banked game takes: 20 s past the free minute, which even the smaller bank pays for
/// all of a player's moves.
const SLOW_MOVE: u64 = FREE_MOVE_TIME + 20;
const BANKED_GAMES: usize = 12;

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
    let banked = if has_time_banks(contract) { BANKED_GAMES } else { 0 };
    let stage = "TicTacToe: scripted games".to_owned();
    let mut report = |done| {
        progress(&Progress {
            stage: stage.clone(),
            done,
            total: Some(94 + banked as u64),
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
    for i in 0..banked {
        let index = 90 + i;
        let mut game = pvp.start_banked(index, i % 4 < 2, TIME_BANKS[i % 2])?;
        // Every opening pair differs: X's cell runs through the board, O's four or five cells on.
        let (x, o) = (i % 9, (i + 4 + i / 9) % 9);
        pvp.play_slowly_to_end(&mut game, &[x as u8, o as u8], TIME_BANKS[i % 2])?;
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
        report(91 + banked as u64 + i as u64);
    }
    let left = pvp.chain.balance(address);
    if left != U256::ZERO {
        return Err(GasError::Contract(format!(
            "TicTacToe still holds {left} wei after every withdrawal"
        )));
    }
    Ok(log)
}

/// Whether `contract`'s ABI has `ITicTacToeTimeBank`'s `timeBanks`: a contract that speaks only `ITicTacToe`
/// plays the workload without banked games.
fn has_time_banks(contract: &CompiledContract) -> bool {
    contract.abi.as_array().is_some_and(|items| {
        items.iter().any(|item| {
            item.get("type").and_then(|t| t.as_str()) == Some("function")
                && item.get("name").and_then(|n| n.as_str()) == Some("timeBanks")
        })
    })
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

    /// [`start`](Self::start) with a bank of `bank` seconds for each player, joined naming it.
    fn start_banked(&mut self, index: usize, staked: bool, bank: u32) -> Result<Game, GasError> {
        let stake = if staked { ONE_ETHER } else { U256::ZERO };
        let (x, o) = (self.players[index % 4], self.players[(index + 1) % 4]);
        let create = ITicTacToeTimeBank::createGameCall {
            moveTimeout: U256::from(MOVE_TIMEOUT),
            timeBank: U256::from(bank),
            opponent: Address::ZERO,
        };
        let id = self.tx(x, stake, &create)?.value;
        let join = ITicTacToeTimeBank::joinGameCall {
            gameId: id,
            creator: x,
            moveTimeout: U256::from(MOVE_TIMEOUT),
            timeBank: U256::from(bank),
        };
        self.tx(o, stake, &join)?;
        self.expect_banks(id, bank, bank, bank)?;
        Ok(Game {
            id,
            x,
            o,
            position: Position::empty(),
        })
    }

    /// Plays `opening`, then Hard for both, each move [`SLOW_MOVE`] seconds after the last; then checks the
    /// banks left: every move but the game's last spent what it took past the free minute.
    fn play_slowly_to_end(&mut self, game: &mut Game, opening: &[u8], bank: u32) -> Result<(), GasError> {
        let mut moves = 0u32;
        while game.position.outcome().is_none() {
            let cell = match opening.get(moves as usize) {
                Some(&cell) => cell,
                None => {
                    let mover = game.position.side_to_move();
                    let (mine, theirs) = (game.position.board(mover), game.position.board(mover.other()));
                    match cpu_move(mine, theirs, Difficulty::Hard, &Seed::ZERO) {
                        Some(cell) => cell.index(),
                        None => break,
                    }
                }
            };
            self.chain.advance_time(SLOW_MOVE);
            self.play(game, cell)?;
            moves += 1;
        }
        self.expect_over(game)?;
        // X makes moves 1, 3, 5, …; the last move spends nothing.
        let spent_moves = moves.saturating_sub(1);
        let (x_spent, o_spent) = (spent_moves.div_ceil(2), spent_moves / 2);
        let per_move = (SLOW_MOVE - FREE_MOVE_TIME) as u32;
        self.expect_banks(game.id, bank, bank - x_spent * per_move, bank - o_spent * per_move)
    }

    /// Reads game `id`'s banks (`timeBanks`) and requires them to be as expected.
    fn expect_banks(&mut self, id: U256, chosen: u32, x: u32, o: u32) -> Result<(), GasError> {
        let banks = self.view(&ITicTacToeTimeBank::timeBanksCall { gameId: id })?;
        if (banks.timeBank, banks.xBank, banks.oBank) != (chosen, x, o) {
            return Err(GasError::Contract(format!(
                "game {id}'s banks are {} (X {} left, O {}), expected {chosen} (X {x}, O {o})",
                banks.timeBank, banks.xBank, banks.oBank
            )));
        }
        Ok(())
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
