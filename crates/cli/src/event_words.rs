//! The games' events and results said in words for a terminal (the web says them in its own catalog).

use std::fmt;

use alloy_primitives::Address;
use marubatsu_chain::{
    bindings::{
        ISoloTicTacToe::{self, ISoloTicTacToeEvents},
        ITicTacToe::{self, ITicTacToeEvents},
    },
    events::GameEvent,
};
use marubatsu_engine::tictactoe::Difficulty;

use crate::clock::utc_time;

/// An event as a line of a terminal report: `format!("{}", EventWords(&event))`.
pub(crate) struct EventWords<'a>(pub(crate) &'a GameEvent);

/// The name of a cell value, where 9 means "no cell".
fn cell_name(cell: u8) -> String {
    if cell <= 8 {
        format!("cell {cell}")
    } else {
        "no cell".to_owned()
    }
}

/// The difficulty's name, lowercase: the engine's name for the level (the chain crate maps one to the other).
pub(crate) fn difficulty_name(difficulty: ISoloTicTacToe::Difficulty) -> &'static str {
    Difficulty::try_from(difficulty).map_or("unknown", Difficulty::name)
}

/// A solo game's result in words.
pub(crate) fn solo_result_name(result: ISoloTicTacToe::Result) -> &'static str {
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

impl fmt::Display for EventWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            GameEvent::Solo(ISoloTicTacToeEvents::GameStarted(e)) => write!(
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
            GameEvent::Solo(ISoloTicTacToeEvents::Moved(e)) => write!(
                f,
                "Moved: game {}, player took cell {}, CPU answered {}: {}",
                e.gameId,
                e.playerCell,
                cell_name(e.cpuCell),
                solo_result_name(e.result)
            ),
            GameEvent::Solo(ISoloTicTacToeEvents::GameEnded(e)) => {
                write!(f, "GameEnded: game {}, {}", e.gameId, solo_result_name(e.result))
            }
            GameEvent::Pvp(ITicTacToeEvents::GameCreated(e)) => write!(
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
            GameEvent::Pvp(ITicTacToeEvents::GameJoined(e)) => write!(
                f,
                "GameJoined: game {}, {} plays O; X moves first, by {}",
                e.gameId,
                e.joiner,
                utc_time(e.deadline)
            ),
            GameEvent::Pvp(ITicTacToeEvents::Moved(e)) if e.deadline == 0 => write!(
                f,
                "Moved: game {}, {} took cell {}, ending the game",
                e.gameId, e.player, e.cell
            ),
            GameEvent::Pvp(ITicTacToeEvents::Moved(e)) => write!(
                f,
                "Moved: game {}, {} took cell {}; the opponent moves by {}",
                e.gameId,
                e.player,
                e.cell,
                utc_time(e.deadline)
            ),
            GameEvent::Pvp(ITicTacToeEvents::GameEnded(e)) => {
                write!(f, "GameEnded: game {}, {}", e.gameId, ending(e.reason, e.winner))
            }
            GameEvent::Pvp(ITicTacToeEvents::BalanceCredited(e)) => {
                write!(f, "BalanceCredited: {} can withdraw {} wei more", e.account, e.amount)
            }
            GameEvent::Pvp(ITicTacToeEvents::Withdrawn(e)) if e.to == e.account => {
                write!(f, "Withdrawn: {} took {} wei", e.account, e.amount)
            }
            GameEvent::Pvp(ITicTacToeEvents::Withdrawn(e)) => {
                write!(f, "Withdrawn: {} sent {} wei to {}", e.account, e.amount, e.to)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::{U256, address};

    use super::*;

    fn pvp_end(reason: ITicTacToe::EndReason, winner: Address) -> String {
        let ended = ITicTacToe::GameEnded {
            gameId: U256::from(7),
            reason,
            winner,
        };
        EventWords(&GameEvent::Pvp(ITicTacToeEvents::GameEnded(ended))).to_string()
    }

    #[test]
    fn a_pvp_ending_says_how_and_who() {
        let x = address!("0x00000000000000000000000000000000000000aa");
        assert_eq!(
            pvp_end(ITicTacToe::EndReason::Timeout, x),
            format!("GameEnded: game 7, {x} won by a timeout")
        );
        assert!(pvp_end(ITicTacToe::EndReason::Abort, Address::ZERO).starts_with("GameEnded: game 7, aborted:"));
    }

    #[test]
    fn a_move_with_a_deadline_says_it_in_utc() {
        let moved = ITicTacToe::Moved {
            gameId: U256::from(1),
            player: Address::ZERO,
            cell: 4,
            deadline: 1_796_225_412,
        };
        let words = EventWords(&GameEvent::Pvp(ITicTacToeEvents::Moved(moved))).to_string();
        assert!(
            words.ends_with("the opponent moves by 2026-12-02 15:30:12 UTC"),
            "{words}"
        );
    }
}
