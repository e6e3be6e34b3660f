//! An indexer of the PvP contract that knows nothing but its events: it rebuilds every game, field for field
//! what `getGame` returns, and every pending balance, from `GameCreated`, `GameJoined`, `Moved`, `GameEnded`,
//! `BalanceCredited` and `Withdrawn` in the order they were emitted. The state-machine test feeds it every
//! successful transaction's logs and compares it with the contract after every step: if an event leaves out
//! something a client needs, this disagrees with `getGame`.

use std::collections::BTreeMap;

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::ITicTacToe::{EndReason, ITicTacToeEvents as Event, Status};

use crate::pvp_model::Game;

/// Games and balances as the logs tell them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Indexer {
    /// Every game seen, by id.
    pub games: BTreeMap<U256, Game>,
    /// What each account may withdraw (absent = zero).
    pub pending: BTreeMap<Address, U256>,
}

impl Indexer {
    /// Applies one event. An event about a game never created is a broken log, reported as an error.
    pub fn apply(&mut self, event: &Event) -> Result<(), String> {
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
            }
            Event::GameEnded(e) => {
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

    fn game(&mut self, id: U256) -> Result<&mut Game, String> {
        self.games
            .get_mut(&id)
            .ok_or_else(|| format!("an event for game {id}, which was never created"))
    }
}
