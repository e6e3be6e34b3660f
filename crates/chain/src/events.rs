//! The games' events, decoded once from a receipt's logs: what every client of a chain (the in-process one, a node
//! over RPC) hands back in its [`crate::evm::Receipt`]. Saying them in words is the CLI's and the web's job.

use alloy_primitives::Log;
use alloy_sol_types::SolEventInterface;

use crate::bindings::{ISoloTicTacToe::ISoloTicTacToeEvents, ITicTacToe::ITicTacToeEvents};

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
