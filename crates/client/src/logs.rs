//! Events read back from a node's logs: what the contract's state alone does not keep, such as whether a game won
//! without a line was won on time or by a resignation (both leave the same status and boards).

use alloy::{eips::BlockNumberOrTag, providers::Provider, rpc::types::Filter};
use alloy_primitives::{Address, B256, U256};
use alloy_sol_types::SolEvent;
use marubatsu_chain::bindings::ITicTacToe;

use crate::{client::RpcClient, error::Error};

impl RpcClient {
    /// The `GameEnded` events of PvP game `game` at `pvp`, oldest first (one, for a game that ended; none while it
    /// is played). Asked over the whole chain: a node that limits the range of `eth_getLogs` refuses, and the caller
    /// then does without.
    pub async fn game_endings(&self, pvp: Address, game: u64) -> Result<Vec<ITicTacToe::GameEnded>, Error> {
        let filter = Filter::new()
            .address(pvp)
            .event_signature(ITicTacToe::GameEnded::SIGNATURE_HASH)
            .topic1(B256::from(U256::from(game)))
            .from_block(BlockNumberOrTag::Earliest)
            .to_block(BlockNumberOrTag::Latest);
        let logs = self
            .provider()
            .get_logs(&filter)
            .await
            .map_err(|err| self.classify(err, "eth_getLogs"))?;
        Ok(logs
            .iter()
            .filter_map(|log| ITicTacToe::GameEnded::decode_log(&log.inner).ok())
            .map(|log| log.data)
            .collect())
    }
}
