//! The game contracts' functions as typed calls on any [`Transactor`], their results read from the receipts'
//! decoded events.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{
    bindings::{
        ISoloTicTacToe::{self, ISoloTicTacToeEvents},
        ITicTacToe::{self, ITicTacToeEvents},
        ITicTacToeTimeBank, ITicTacToeV2,
    },
    events::GameEvent,
    evm::{Receipt, Transactor},
};

use crate::{
    error::Error,
    time_bank::{self, NO_TIME_BANK},
};

/// A game transaction: its receipt (with the game events it emitted), its value what the call produced (a new
/// game's id, a withdrawn amount, or nothing).
pub type Played<T> = Receipt<T>;

/// Sends `call` to `to` with `value` wei; the transaction's result is nothing but its receipt and events.
fn send<T: Transactor<Error = Error>, C: SolCall>(
    chain: &mut T,
    to: Address,
    value: U256,
    call: &C,
) -> Result<Played<()>, Error> {
    chain.send_call(to, value, call)
}

/// Sends `call` like [`send`], and reads its result from the first `event` that `read` recognises: a
/// function's return value reaches a contract that calls it, but an outside caller only through an event.
fn send_reading<T: Transactor<Error = Error>, C: SolCall, V>(
    chain: &mut T,
    to: Address,
    value: U256,
    call: &C,
    event: &str,
    read: impl Fn(&GameEvent) -> Option<V>,
) -> Result<Played<V>, Error> {
    let receipt = send(chain, to, value, call)?;
    let function = C::SIGNATURE.split('(').next().unwrap_or(C::SIGNATURE);
    let value = receipt
        .events
        .iter()
        .find_map(read)
        .ok_or_else(|| missing_event(function, event))?;
    Ok(receipt.map(|()| value))
}

/// A deployed `SoloTicTacToe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloContract(pub Address);

impl SoloContract {
    /// Starts a game for the sender; the value is the new game's id (from its `GameStarted` event).
    pub fn new_game<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        difficulty: ISoloTicTacToe::Difficulty,
        cpu_first: bool,
    ) -> Result<Played<U256>, Error> {
        let call = ISoloTicTacToe::newGameCall {
            difficulty: difficulty.into(),
            cpuFirst: cpu_first,
        };
        send_reading(chain, self.0, U256::ZERO, &call, "GameStarted", |event| match event {
            GameEvent::Solo(ISoloTicTacToeEvents::GameStarted(e)) => Some(e.gameId),
            _ => None,
        })
    }

    /// The sender takes `cell`; the CPU answers in the same transaction.
    pub fn play<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256, cell: u8) -> Result<Played<()>, Error> {
        let call = ISoloTicTacToe::playCall { gameId: game, cell };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// Game `game` as the contract stores it.
    pub fn game<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        game: U256,
    ) -> Result<ISoloTicTacToe::getGameReturn, Error> {
        chain.view(self.0, &ISoloTicTacToe::getGameCall { gameId: game })
    }
}

/// Sends a `createGame` `call` (of either version) with `stake`; the value is the new game's id, from its
/// `GameCreated` event.
fn create_game<T: Transactor<Error = Error>, C: SolCall>(
    chain: &mut T,
    to: Address,
    stake: U256,
    call: &C,
) -> Result<Played<U256>, Error> {
    send_reading(chain, to, stake, call, "GameCreated", |event| match event {
        GameEvent::Pvp(ITicTacToeEvents::GameCreated(e)) => Some(e.gameId),
        _ => None,
    })
}

/// A deployed `TicTacToe` of version 2, for the three calls whose parameters version 3 changed
/// ([`ITicTacToeV2`]); everything else is [`PvpContract`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PvpV2Contract(pub Address);

impl PvpV2Contract {
    /// [`PvpContract::create`] on version 2.
    pub fn create<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        move_timeout: u32,
        stake: U256,
        opponent: Option<Address>,
    ) -> Result<Played<U256>, Error> {
        let call = ITicTacToeV2::createGameCall {
            moveTimeout: move_timeout,
            opponent: opponent.unwrap_or(Address::ZERO),
        };
        create_game(chain, self.0, stake, &call)
    }

    /// [`PvpContract::join`] on version 2, which names no terms: the stake sent is the only one checked.
    pub fn join<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        game: U256,
        stake: Option<U256>,
    ) -> Result<Played<U256>, Error> {
        let stake = match stake {
            Some(stake) => stake,
            None => PvpContract(self.0).game(chain, game)?.stake,
        };
        let call = ITicTacToeV2::joinGameCall { gameId: game };
        Ok(chain.send_call(self.0, stake, &call)?.map(|()| stake))
    }

    /// [`PvpContract::play`] on version 2.
    pub fn play<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256, cell: u8) -> Result<Played<()>, Error> {
        let call = ITicTacToeV2::playCall { gameId: game, cell };
        send(chain, self.0, U256::ZERO, &call)
    }
}

/// A deployed `TicTacToe` (player against player, with stakes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PvpContract(pub Address);

impl PvpContract {
    /// Opens a game with `stake` wei and `move_timeout` seconds per move, which only `opponent` may join (anyone
    /// if `None`); the value is its id.
    pub fn create<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        move_timeout: u32,
        stake: U256,
        opponent: Option<Address>,
    ) -> Result<Played<U256>, Error> {
        let call = ITicTacToe::createGameCall {
            moveTimeout: U256::from(move_timeout),
            opponent: opponent.unwrap_or(Address::ZERO),
        };
        create_game(chain, self.0, stake, &call)
    }

    /// Opens a game like [`create`](Self::create) whose players each have a bank of `time_bank` seconds
    /// (`ITicTacToeTimeBank`; [`NO_TIME_BANK`] for none), on a contract that has banks.
    pub fn create_banked<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        move_timeout: u32,
        time_bank: u32,
        stake: U256,
        opponent: Option<Address>,
    ) -> Result<Played<U256>, Error> {
        let call = ITicTacToeTimeBank::createGameCall {
            moveTimeout: U256::from(move_timeout),
            timeBank: U256::from(time_bank),
            opponent: opponent.unwrap_or(Address::ZERO),
        };
        create_game(chain, self.0, stake, &call)
    }

    /// Joins game `game`, staking `stake` wei, or — if `None` — exactly the stake the game asks for; a game with
    /// a bank is joined naming it, as [`join_naming`](Self::join_naming) does.
    pub fn join<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        game: U256,
        stake: Option<U256>,
    ) -> Result<Played<U256>, Error> {
        self.join_naming(chain, game, stake, None)
    }

    /// Joins game `game` like [`join`](Self::join), naming `time_bank` as its bank ([`NO_TIME_BANK`] for none),
    /// or — if `None` — the bank read from the contract (none on a contract without banks).
    pub fn join_naming<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        game: U256,
        stake: Option<U256>,
        time_bank: Option<u32>,
    ) -> Result<Played<U256>, Error> {
        // The join names the terms read here, so that it joins this game or none (a reorg can give the id to
        // another game).
        let read = self.game(chain, game)?;
        let stake = stake.unwrap_or(read.stake);
        let time_bank = match time_bank {
            Some(bank) => bank,
            None => self.time_bank_of(chain, game)?.unwrap_or(NO_TIME_BANK),
        };
        if time_bank == NO_TIME_BANK {
            // ITicTacToe's join names no bank: it is the one every contract takes, banked or not.
            let call = ITicTacToe::joinGameCall {
                gameId: game,
                creator: read.creator,
                moveTimeout: U256::from(read.moveTimeout),
            };
            return Ok(chain.send_call(self.0, stake, &call)?.map(|()| stake));
        }
        let call = ITicTacToeTimeBank::joinGameCall {
            gameId: game,
            creator: read.creator,
            moveTimeout: U256::from(read.moveTimeout),
            timeBank: U256::from(time_bank),
        };
        Ok(chain.send_call(self.0, stake, &call)?.map(|()| stake))
    }

    /// Game `game`'s bank as chosen, if the contract has banks and the game one.
    fn time_bank_of<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256) -> Result<Option<u32>, Error> {
        if time_bank::bank_rules(chain, self.0)?.is_none() {
            return Ok(None);
        }
        Ok(time_bank::time_banks(chain, self.0, game)?.map(|banks| banks.time_bank))
    }

    /// The sender, to move, takes `cell`.
    pub fn play<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256, cell: u8) -> Result<Played<()>, Error> {
        let call = ITicTacToe::playCall {
            gameId: game,
            cell: U256::from(cell),
        };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// Ends `game`, whose player to move missed the deadline: the sender wins, or, if that was the late player's
    /// first move, the game is aborted and each stake goes back.
    pub fn claim_timeout<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256) -> Result<Played<()>, Error> {
        let call = ITicTacToe::claimTimeoutCall { gameId: game };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// The sender gives up `game`.
    pub fn resign<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256) -> Result<Played<()>, Error> {
        let call = ITicTacToe::resignCall { gameId: game };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// The creator cancels unjoined `game`; the stake is credited back.
    pub fn cancel<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256) -> Result<Played<()>, Error> {
        let call = ITicTacToe::cancelCall { gameId: game };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// Sends the sender its whole balance, to `to` if given (`withdrawTo`), else to the sender (`withdraw`); the
    /// value is the amount (from the `Withdrawn` event).
    pub fn withdraw<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        to: Option<Address>,
    ) -> Result<Played<U256>, Error> {
        match to {
            Some(to) => read_withdrawn(chain, self.0, &ITicTacToe::withdrawToCall { to }),
            None => read_withdrawn(chain, self.0, &ITicTacToe::withdrawCall {}),
        }
    }

    /// Game `game` as the contract stores it.
    pub fn game<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        game: U256,
    ) -> Result<ITicTacToe::getGameReturn, Error> {
        chain.view(self.0, &ITicTacToe::getGameCall { gameId: game })
    }

    /// How many blocks a timeout claim needs after the turn began (fixed at deployment).
    pub fn claim_blocks<T: Transactor<Error = Error>>(&self, chain: &mut T) -> Result<u32, Error> {
        let count = chain.view(self.0, &ITicTacToe::claimBlocksCall {})?;
        // The contract refuses any count above 2^19 - 1 at deployment.
        Ok(count.saturating_to())
    }

    /// How many more blocks active game `game` needs before its timeout can be claimed (0: only the deadline
    /// is left to pass).
    pub fn claim_blocks_left<T: Transactor<Error = Error>>(&self, chain: &mut T, game: U256) -> Result<u32, Error> {
        let left = chain.view(self.0, &ITicTacToe::claimBlocksLeftCall { gameId: game })?;
        Ok(left.saturating_to())
    }

    /// The id the next game will get: games `1..next_game_id` exist.
    pub fn next_game_id<T: Transactor<Error = Error>>(&self, chain: &mut T) -> Result<U256, Error> {
        chain.view(self.0, &ITicTacToe::nextGameIdCall {})
    }

    /// What `account` can withdraw, in wei.
    pub fn pending_balance<T: Transactor<Error = Error>>(
        &self,
        chain: &mut T,
        account: Address,
    ) -> Result<U256, Error> {
        chain.view(self.0, &ITicTacToe::pendingBalanceCall { account })
    }
}

/// Sends a withdrawal and reads the amount from its `Withdrawn` event.
fn read_withdrawn<T: Transactor<Error = Error>, C: SolCall>(
    chain: &mut T,
    pvp: Address,
    call: &C,
) -> Result<Played<U256>, Error> {
    send_reading(chain, pvp, U256::ZERO, call, "Withdrawn", |event| match event {
        GameEvent::Pvp(ITicTacToeEvents::Withdrawn(e)) => Some(e.amount),
        _ => None,
    })
}

fn missing_event(function: &str, event: &str) -> Error {
    Error::Invalid(format!(
        "{function} succeeded but its receipt has no {event} event: is this the right contract?"
    ))
}

/// Parses an amount of ether: a whole number of wei (`1000`), or a number with a unit (`0.01ether`,
/// `1.5 gwei`, `10wei`).
pub fn parse_amount(text: &str) -> Result<U256, Error> {
    let text = text.trim();
    let split = text.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(text.len());
    let (number, unit) = (text[..split].trim(), text[split..].trim().to_ascii_lowercase());
    let unit = if unit.is_empty() { "wei" } else { unit.as_str() };
    let bad = |reason: String| {
        Error::Invalid(format!(
            "cannot read the amount {text:?}: {reason} (write e.g. 1000, 10gwei or 0.01ether)"
        ))
    };
    if !matches!(unit, "wei" | "gwei" | "ether" | "eth") {
        return Err(bad(format!("unknown unit {unit:?}")));
    }
    // A unit alone ("ether") is not an amount, however parse_units reads an empty number.
    if number.is_empty() {
        return Err(bad("no number before the unit".to_owned()));
    }
    // parse_units reads "-1" as a signed amount, whose two's complement would be 2^256 - 1 wei.
    if number.starts_with('-') {
        return Err(bad("an amount of ether cannot be negative".to_owned()));
    }
    let unit = if unit == "eth" { "ether" } else { unit };
    let decimals = match unit {
        "wei" => 0,
        "gwei" => 9,
        _ => 18,
    };
    if let Some((_, fraction)) = number.split_once('.')
        && fraction.len() > decimals
    {
        return Err(bad(format!("{unit} takes at most {decimals} decimal places")));
    }
    alloy_primitives::utils::parse_units(number, unit)
        .map(Into::into)
        .map_err(|err| bad(err.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_amount_is_refused_not_wrapped() {
        for text in ["-1", "-0.5ether", " -1gwei"] {
            let err = parse_amount(text).unwrap_err().to_string();
            assert!(err.contains("cannot be negative"), "{text}: {err}");
        }
    }

    #[test]
    fn amounts_read_like_foundry_writes_them() {
        assert_eq!(parse_amount("1000").unwrap(), U256::from(1000));
        assert_eq!(parse_amount("10gwei").unwrap(), U256::from(10_000_000_000u64));
        assert_eq!(
            parse_amount("0.01 ether").unwrap(),
            U256::from(10_000_000_000_000_000u64)
        );
        assert_eq!(parse_amount("2eth").unwrap(), U256::from(2_000_000_000_000_000_000u128));
        assert!(parse_amount("1.5wei").is_err());
        assert!(
            parse_amount("3 dollars")
                .unwrap_err()
                .to_string()
                .contains("unknown unit")
        );
        for unit_alone in ["ether", "gwei", "", " wei"] {
            assert!(parse_amount(unit_alone).is_err(), "{unit_alone:?}");
        }
    }
}
