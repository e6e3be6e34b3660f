//! An indexer of the PvP contract that knows nothing but its events: it rebuilds every game, field for field
//! what `getGame` returns, and every pending balance, from `GameCreated`, `GameJoined`, `Moved`, `GameEnded`,
//! `BalanceCredited` and `Withdrawn` in the order they were emitted, and the block each came in (which tells when
//! a turn began, and so how many blocks a timeout claim still needs). The runner and the state-machine test feed it
//! every successful transaction's logs and compares it with the contract after every step: if an event leaves out
//! something a client needs, this disagrees with `getGame` or `claimBlocksLeft`.

use std::collections::BTreeMap;

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::ITicTacToe::{EndReason, ITicTacToeEvents as Event, Status};

use crate::model::{BLOCK_MODULUS, Game};

/// Games and balances as the logs tell them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Indexer {
    /// Every game seen, by id.
    pub games: BTreeMap<U256, Game>,
    /// What each account may withdraw (absent = zero).
    pub pending: BTreeMap<Address, U256>,
    /// The block in which each active game's turn began: that of its `GameJoined` or its last `Moved`.
    pub turn_began: BTreeMap<U256, u64>,
}

impl Indexer {
    /// Applies one event, emitted in block `block`. An event about a game never created is a broken log,
    /// reported as an error.
    pub fn apply(&mut self, event: &Event, block: u64) -> Result<(), String> {
        match event {
            Event::GameCreated(e) => {
                let game = Game {
                    creator: e.creator,
                    opponent: e.opponent,
                    stake: e.stake,
                    move_timeout: e.moveTimeout,
                    deadline: 0,
                    x: 0,
                    o: 0,
                    status: Status::Open,
                };
                if self.games.insert(e.gameId, game).is_some() {
                    return Err(format!("game {} created twice", e.gameId));
                }
            }
            Event::GameJoined(e) => {
                let game = self.game(e.gameId)?;
                game.opponent = e.joiner;
                game.deadline = e.deadline;
                game.status = Status::Active;
                self.turn_began.insert(e.gameId, block);
            }
            Event::Moved(e) => {
                let game = self.game(e.gameId)?;
                let cell = 1u16
                    .checked_shl(u32::from(e.cell))
                    .filter(|&bit| bit < 1 << 9)
                    .ok_or_else(|| format!("game {}: no cell {}", e.gameId, e.cell))?;
                if e.player == game.creator {
                    game.x |= cell;
                } else if e.player == game.opponent {
                    game.o |= cell;
                } else {
                    return Err(format!("game {}: {} is no player", e.gameId, e.player));
                }
                game.deadline = e.deadline;
                // A move that ends the game hands over no turn (zero deadline; `GameEnded` follows).
                if e.deadline != 0 {
                    self.turn_began.insert(e.gameId, block);
                }
            }
            Event::GameEnded(e) => {
                self.turn_began.remove(&e.gameId);
                let game = self.game(e.gameId)?;
                game.deadline = 0;
                game.status = match e.reason {
                    EndReason::Draw => Status::Draw,
                    EndReason::Abort => Status::Aborted,
                    EndReason::Cancellation => Status::Cancelled,
                    _ if e.winner == game.creator => Status::XWon,
                    _ if e.winner == game.opponent => Status::OWon,
                    _ => {
                        return Err(format!("game {}: winner {} is no player", e.gameId, e.winner));
                    }
                };
            }
            Event::BalanceCredited(e) => {
                *self.pending.entry(e.account).or_default() += e.amount;
            }
            Event::Withdrawn(e) => {
                let balance = self.pending.remove(&e.account).unwrap_or_default();
                if balance != e.amount {
                    return Err(format!(
                        "{} withdrew {} wei, but was credited {balance}",
                        e.account, e.amount
                    ));
                }
            }
        }
        Ok(())
    }

    /// What `account` may withdraw, as the logs tell it.
    pub fn pending(&self, account: Address) -> U256 {
        self.pending.get(&account).copied().unwrap_or_default()
    }

    /// How many more blocks active game `id` needs, at block `block`, before its timeout can be claimed on a
    /// deployment whose claims need `claim_blocks`; `None` for a game the logs do not show being played.
    pub fn claim_blocks_left(&self, id: U256, block: u64, claim_blocks: u64) -> Option<u64> {
        let began = self.turn_began.get(&id)?;
        Some(claim_blocks.saturating_sub(block.wrapping_sub(*began) % BLOCK_MODULUS))
    }

    fn game(&mut self, id: U256) -> Result<&mut Game, String> {
        self.games
            .get_mut(&id)
            .ok_or_else(|| format!("an event for game {id}, which was never created"))
    }
}
