//! The game contracts' functions as typed calls on any [`Transactor`], with the receipts' events decoded.

use std::fmt;

use alloy_primitives::{Address, Log, U256};
use alloy_sol_types::{SolCall, SolEventInterface};
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, ISoloTicTacToeEvents},
    ITicTacToe::{self, ITicTacToeEvents},
};

use marubatsu_engine::tictactoe::Difficulty;

use crate::{
    clock::utc_time,
    error::Error,
    transactor::{Transactor, TxReport},
};

/// A game transaction: its result, its receipt and the game events it emitted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<T> {
    /// What the call produced (a new game's id, a withdrawn amount, or nothing).
    pub value: T,
    /// The receipt.
    pub report: TxReport,
    /// The receipt's logs decoded as the games' events.
    pub events: Vec<GameEvent>,
}

/// An event of either game, decoded from a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// From `SoloTicTacToe`.
    Solo(ISoloTicTacToeEvents),
    /// From `TicTacToe`.
    Pvp(ITicTacToeEvents),
}

/// Decodes every log that is one of the games' events (the two interfaces' event signatures all differ).
pub fn decode_events(logs: &[Log]) -> Vec<GameEvent> {
    logs.iter()
        .filter_map(|log| {
            let (topics, data) = (log.topics(), &log.data.data[..]);
            ISoloTicTacToeEvents::decode_raw_log(topics, data)
                .map(GameEvent::Solo)
                .or_else(|_| ITicTacToeEvents::decode_raw_log(topics, data).map(GameEvent::Pvp))
                .ok()
        })
        .collect()
}

/// The name of a cell value, where 9 means "no cell".
fn cell_name(cell: u8) -> String {
    if cell <= 8 {
        format!("cell {cell}")
    } else {
        "no cell".to_owned()
    }
}

/// The difficulty's name, lowercase: the engine's name for the level (the chain crate maps one to the other).
pub fn difficulty_name(difficulty: ISoloTicTacToe::Difficulty) -> &'static str {
    Difficulty::try_from(difficulty).map_or("unknown", Difficulty::name)
}

/// A solo game's result in words.
pub fn solo_result_name(result: ISoloTicTacToe::Result) -> &'static str {
    match result {
        ISoloTicTacToe::Result::InProgress => "in progress",
        ISoloTicTacToe::Result::PlayerWon => "player won",
        ISoloTicTacToe::Result::CpuWon => "CPU won",
        ISoloTicTacToe::Result::Draw => "draw",
        _ => "unknown",
    }
}

/// A PvP game's status in words.
pub fn pvp_status_name(status: ITicTacToe::Status) -> &'static str {
    match status {
        ITicTacToe::Status::Open => "open (waiting for a joiner)",
        ITicTacToe::Status::Active => "active",
        ITicTacToe::Status::XWon => "X won",
        ITicTacToe::Status::OWon => "O won",
        ITicTacToe::Status::Draw => "draw",
        ITicTacToe::Status::Cancelled => "cancelled",
        ITicTacToe::Status::Aborted => "aborted (a first move timed out; both stakes went back)",
        _ => "unknown",
    }
}

/// How a PvP game ended, in words, given its winner (zero for nobody).
fn ending(reason: ITicTacToe::EndReason, winner: Address) -> String {
    match reason {
        ITicTacToe::EndReason::Win => format!("{winner} won with a line"),
        ITicTacToe::EndReason::Draw => "a draw: each stake went back".to_owned(),
        ITicTacToe::EndReason::Timeout => format!("{winner} won by a timeout"),
        ITicTacToe::EndReason::Resignation => format!("{winner} won by a resignation"),
        ITicTacToe::EndReason::Abort => {
            "aborted: a player missed the deadline of their first move, nobody wins, each stake went back".to_owned()
        }
        ITicTacToe::EndReason::Cancellation => "cancelled by its creator before anyone joined".to_owned(),
        _ => "ended for a reason this version does not know".to_owned(),
    }
}

impl fmt::Display for GameEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Solo(ISoloTicTacToeEvents::GameStarted(e)) => write!(
                f,
                "GameStarted: solo game {} for {} at {}, {}",
                e.gameId,
                e.player,
                difficulty_name(e.difficulty),
                if e.cpuCell <= 8 {
                    format!("the CPU opened at cell {}", e.cpuCell)
                } else {
                    "the player moves first".to_owned()
                }
            ),
            Self::Solo(ISoloTicTacToeEvents::Moved(e)) => write!(
                f,
                "Moved: game {}, player took cell {}, CPU answered {}: {}",
                e.gameId,
                e.playerCell,
                cell_name(e.cpuCell),
                solo_result_name(e.result)
            ),
            Self::Solo(ISoloTicTacToeEvents::GameEnded(e)) => {
                write!(f, "GameEnded: game {}, {}", e.gameId, solo_result_name(e.result))
            }
            Self::Pvp(ITicTacToeEvents::GameCreated(e)) => write!(
                f,
                "GameCreated: game {} by {} (X), stake {} wei, {} s per move, {}",
                e.gameId,
                e.creator,
                e.stake,
                e.moveTimeout,
                if e.opponent.is_zero() {
                    "anyone may join".to_owned()
                } else {
                    format!("only {} may join", e.opponent)
                }
            ),
            Self::Pvp(ITicTacToeEvents::GameJoined(e)) => write!(
                f,
                "GameJoined: game {}, {} plays O; X moves first, by {}",
                e.gameId,
                e.joiner,
                utc_time(e.deadline)
            ),
            Self::Pvp(ITicTacToeEvents::Moved(e)) if e.deadline == 0 => write!(
                f,
                "Moved: game {}, {} took cell {}, ending the game",
                e.gameId, e.player, e.cell
            ),
            Self::Pvp(ITicTacToeEvents::Moved(e)) => write!(
                f,
                "Moved: game {}, {} took cell {}; the opponent moves by {}",
                e.gameId,
                e.player,
                e.cell,
                utc_time(e.deadline)
            ),
            Self::Pvp(ITicTacToeEvents::GameEnded(e)) => {
                write!(f, "GameEnded: game {}, {}", e.gameId, ending(e.reason, e.winner))
            }
            Self::Pvp(ITicTacToeEvents::BalanceCredited(e)) => {
                write!(f, "BalanceCredited: {} can withdraw {} wei more", e.account, e.amount)
            }
            Self::Pvp(ITicTacToeEvents::Withdrawn(e)) if e.to == e.account => {
                write!(f, "Withdrawn: {} took {} wei", e.account, e.amount)
            }
            Self::Pvp(ITicTacToeEvents::Withdrawn(e)) => {
                write!(f, "Withdrawn: {} sent {} wei to {}", e.account, e.amount, e.to)
            }
        }
    }
}

fn played<T>(value: T, report: TxReport) -> Played<T> {
    let events = decode_events(&report.logs);
    Played { value, report, events }
}

/// Sends `call` to `to` with `value` wei; the transaction's result is nothing but its receipt and events.
fn send<T: Transactor, C: SolCall>(chain: &mut T, to: Address, value: U256, call: &C) -> Result<Played<()>, Error> {
    Ok(played((), chain.send_call(to, value, call)?))
}

/// Sends `call` like [`send`], and reads its result from the first `event` that `read` recognises: a
/// function's return value reaches a contract that calls it, but an outside caller only through an event.
fn send_reading<T: Transactor, C: SolCall, V>(
    chain: &mut T,
    to: Address,
    value: U256,
    call: &C,
    event: &str,
    read: impl Fn(&GameEvent) -> Option<V>,
) -> Result<Played<V>, Error> {
    let Played { report, events, .. } = send(chain, to, value, call)?;
    let function = C::SIGNATURE.split('(').next().unwrap_or(C::SIGNATURE);
    let value = events
        .iter()
        .find_map(read)
        .ok_or_else(|| missing_event(function, event))?;
    Ok(Played { value, report, events })
}

/// A deployed `SoloTicTacToe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloContract(pub Address);

impl SoloContract {
    /// Starts a game for the sender; the value is the new game's id (from its `GameStarted` event).
    pub fn new_game<T: Transactor>(
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
    pub fn play<T: Transactor>(&self, chain: &mut T, game: U256, cell: u8) -> Result<Played<()>, Error> {
        let call = ISoloTicTacToe::playCall { gameId: game, cell };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// Game `game` as the contract stores it.
    pub fn game<T: Transactor>(&self, chain: &mut T, game: U256) -> Result<ISoloTicTacToe::getGameReturn, Error> {
        chain.view(self.0, &ISoloTicTacToe::getGameCall { gameId: game })
    }
}

/// A deployed `TicTacToe` (player against player, with stakes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PvpContract(pub Address);

impl PvpContract {
    /// Opens a game with `stake` wei and `move_timeout` seconds per move, which only `opponent` may join (anyone
    /// if `None`); the value is its id.
    pub fn create<T: Transactor>(
        &self,
        chain: &mut T,
        move_timeout: u32,
        stake: U256,
        opponent: Option<Address>,
    ) -> Result<Played<U256>, Error> {
        let call = ITicTacToe::createGameCall {
            moveTimeout: move_timeout,
            opponent: opponent.unwrap_or(Address::ZERO),
        };
        send_reading(chain, self.0, stake, &call, "GameCreated", |event| match event {
            GameEvent::Pvp(ITicTacToeEvents::GameCreated(e)) => Some(e.gameId),
            _ => None,
        })
    }

    /// Joins game `game`, staking `stake` wei, or — if `None` — exactly the stake the game asks for.
    pub fn join<T: Transactor>(&self, chain: &mut T, game: U256, stake: Option<U256>) -> Result<Played<U256>, Error> {
        let stake = match stake {
            Some(stake) => stake,
            None => self.game(chain, game)?.stake,
        };
        let call = ITicTacToe::joinGameCall { gameId: game };
        Ok(played(stake, chain.send_call(self.0, stake, &call)?))
    }

    /// The sender, to move, takes `cell`.
    pub fn play<T: Transactor>(&self, chain: &mut T, game: U256, cell: u8) -> Result<Played<()>, Error> {
        let call = ITicTacToe::playCall { gameId: game, cell };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// Ends `game`, whose player to move missed the deadline: the sender wins, or, if that was the late player's
    /// first move, the game is aborted and each stake goes back.
    pub fn claim_timeout<T: Transactor>(&self, chain: &mut T, game: U256) -> Result<Played<()>, Error> {
        let call = ITicTacToe::claimTimeoutCall { gameId: game };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// The sender gives up `game`.
    pub fn resign<T: Transactor>(&self, chain: &mut T, game: U256) -> Result<Played<()>, Error> {
        let call = ITicTacToe::resignCall { gameId: game };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// The creator cancels unjoined `game`; the stake is credited back.
    pub fn cancel<T: Transactor>(&self, chain: &mut T, game: U256) -> Result<Played<()>, Error> {
        let call = ITicTacToe::cancelCall { gameId: game };
        send(chain, self.0, U256::ZERO, &call)
    }

    /// Sends the sender its whole balance, to `to` if given (`withdrawTo`), else to the sender (`withdraw`); the
    /// value is the amount (from the `Withdrawn` event).
    pub fn withdraw<T: Transactor>(&self, chain: &mut T, to: Option<Address>) -> Result<Played<U256>, Error> {
        match to {
            Some(to) => read_withdrawn(chain, self.0, &ITicTacToe::withdrawToCall { to }),
            None => read_withdrawn(chain, self.0, &ITicTacToe::withdrawCall {}),
        }
    }

    /// Game `game` as the contract stores it.
    pub fn game<T: Transactor>(&self, chain: &mut T, game: U256) -> Result<ITicTacToe::getGameReturn, Error> {
        chain.view(self.0, &ITicTacToe::getGameCall { gameId: game })
    }

    /// The id the next game will get: games `1..next_game_id` exist.
    pub fn next_game_id<T: Transactor>(&self, chain: &mut T) -> Result<U256, Error> {
        chain.view(self.0, &ITicTacToe::nextGameIdCall {})
    }

    /// What `account` can withdraw, in wei.
    pub fn pending_balance<T: Transactor>(&self, chain: &mut T, account: Address) -> Result<U256, Error> {
        chain.view(self.0, &ITicTacToe::pendingBalanceCall { account })
    }
}

/// Sends a withdrawal and reads the amount from its `Withdrawn` event.
fn read_withdrawn<T: Transactor, C: SolCall>(chain: &mut T, pvp: Address, call: &C) -> Result<Played<U256>, Error> {
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
