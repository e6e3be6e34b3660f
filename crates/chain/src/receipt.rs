use alloy_primitives::{Address, Log};
use alloy_sol_types::SolEvent;

/// What a committed transaction left behind: its decoded return value, gas and logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt<T> {
    /// The decoded return value.
    pub value: T,
    /// Transaction gas, as a receipt reports it (intrinsic cost included, refunds applied).
    pub gas_used: u64,
    /// The intrinsic part: 21,000 base plus calldata (and creation) cost.
    pub intrinsic_gas: u64,
    /// The logs, in emission order.
    pub logs: Vec<Log>,
}

impl<T> Receipt<T> {
    /// Gas spent by execution alone: transaction gas minus the intrinsic cost.
    pub fn execution_gas(&self) -> u64 {
        self.gas_used.saturating_sub(self.intrinsic_gas)
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
            gas_used: self.gas_used,
            intrinsic_gas: self.intrinsic_gas,
            logs: self.logs,
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
