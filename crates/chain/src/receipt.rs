use alloy_primitives::{Address, B256, Log, U256};
use alloy_sol_types::SolEvent;

use crate::{
    events::{GameEvent, decode_events},
    revert::Revert,
};

/// What a mined transaction left behind, on any chain: who sent it where, in which block, its gas and fee, its
/// logs with the games' events decoded once, and (in process) its decoded return value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt<T> {
    /// The decoded return value (a node's receipt carries none: `()` there).
    pub value: T,
    /// The sender.
    pub from: Address,
    /// The callee; none for a contract creation.
    pub to: Option<Address>,
    /// The transaction hash (none on the in-process chain, which has no signed transactions).
    pub hash: Option<B256>,
    /// The block that includes it.
    pub block_number: Option<u64>,
    /// Transaction gas, as a receipt reports it (intrinsic cost included, refunds applied).
    pub gas_used: u64,
    /// The intrinsic part: 21,000 base plus calldata (and creation) cost; 0 where the chain does not say (a
    /// node's receipt).
    pub intrinsic_gas: u64,
    /// The price per gas actually paid (base fee plus tip), in wei; zero on the in-process chain.
    pub effective_gas_price: u128,
    /// The created contract, for a deployment.
    pub contract_address: Option<Address>,
    /// The logs, in emission order.
    pub logs: Vec<Log>,
    /// The logs that are the games' events, decoded.
    pub events: Vec<GameEvent>,
}

impl<T> Receipt<T> {
    /// A receipt of `logs` with nothing else known yet: the chain fills in the rest.
    pub fn new(value: T, from: Address, to: Option<Address>, gas_used: u64, logs: Vec<Log>) -> Self {
        let events = decode_events(&logs);
        Self {
            value,
            from,
            to,
            hash: None,
            block_number: None,
            gas_used,
            intrinsic_gas: 0,
            effective_gas_price: 0,
            contract_address: None,
            logs,
            events,
        }
    }

    /// Gas spent by execution alone: transaction gas minus the intrinsic cost.
    pub fn execution_gas(&self) -> u64 {
        self.gas_used.saturating_sub(self.intrinsic_gas)
    }

    /// What the sender paid for gas: gas used × effective gas price.
    pub fn cost(&self) -> U256 {
        U256::from(self.gas_used) * U256::from(self.effective_gas_price)
    }

    /// Every log that decodes as event `E`, with the address that emitted it.
    pub fn events<E: SolEvent>(&self) -> Vec<(Address, E)> {
        self.logs
            .iter()
            .filter(|log| log.topics().first() == Some(&E::SIGNATURE_HASH))
            .filter_map(|log| E::decode_log_data(&log.data).ok().map(|event| (log.address, event)))
            .collect()
    }

    /// The same receipt with its value replaced.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Receipt<U> {
        Receipt {
            value: f(self.value),
            from: self.from,
            to: self.to,
            hash: self.hash,
            block_number: self.block_number,
            gas_used: self.gas_used,
            intrinsic_gas: self.intrinsic_gas,
            effective_gas_price: self.effective_gas_price,
            contract_address: self.contract_address,
            logs: self.logs,
            events: self.events,
        }
    }
}

/// A call that was executed but not committed (a view or pure function, or a dry run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewOutcome<T> {
    /// The decoded return value.
    pub value: T,
    /// Gas spent by execution alone (what forge reports for view and pure functions).
    pub execution_gas: u64,
}

/// What a chain knows about a transaction hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// Neither mined nor waiting in the node's pool (yet: a wallet may take a moment to hand it over).
    Unknown,
    /// Waiting to be mined.
    Pending,
    /// Mined, and it succeeded.
    Mined(Box<Receipt<()>>),
    /// Mined, and it reverted: the receipt (no logs) and why, as far as the chain can tell (a node's receipt
    /// carries no reason; its client replays the transaction to learn it).
    Reverted(Box<Receipt<()>>, Revert),
}

/// The latest block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Head {
    /// Its number.
    pub number: u64,
    /// Its timestamp (seconds).
    pub timestamp: u64,
}
