//! The games' events, decoded once from a receipt's logs, and said in words for a terminal: what every client of
//! a chain (the in-process one, a node over RPC) hands back in its [`crate::Receipt`].

use std::fmt;

use alloy_primitives::{Address, Log};
use alloy_sol_types::SolEventInterface;
use marubatsu_engine::tictactoe::Difficulty;

use crate::{
    bindings::{
        ISoloTicTacToe::{self, ISoloTicTacToeEvents},
        ITicTacToe::{self, ITicTacToeEvents},
    },
    clock::utc_time,
};

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

/// How a PvP game ended, in words, given its winner (zero for nobody).
fn ending(reason: ITicTacToe::EndReason, winner: Address) -> String {
    match reason {
        ITicTacToe::EndReason::Win => format!("{winner} won with a line"),
        ITicTacToe::EndReason::Draw => "a draw: each stake credited back to its player".to_owned(),
        ITicTacToe::EndReason::Timeout => format!("{winner} won by a timeout"),
        ITicTacToe::EndReason::Resignation => format!("{winner} won by a resignation"),
        ITicTacToe::EndReason::Abort => {
            "aborted: a player missed the deadline of their first move, nobody wins, each stake credited back"
                .to_owned()
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
