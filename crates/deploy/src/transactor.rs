//! What the game commands need from a chain, whether a node over RPC or the embedded revm chain.

use alloy_primitives::{Address, B256, Bytes, Log, U256};
use alloy_sol_types::SolCall;

use crate::error::Error;

/// A mined transaction: what a receipt says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TxReport {
    /// The sender.
    pub from: Address,
    /// The transaction hash (none on the embedded chain, which has no signed transactions).
    pub hash: Option<B256>,
    /// The block that includes it.
    pub block_number: Option<u64>,
    /// Transaction gas, intrinsic cost included.
    pub gas_used: u64,
    /// The price per gas actually paid (base fee plus tip), in wei; zero on the embedded chain.
    pub effective_gas_price: u128,
    /// The created contract, for a deployment.
    pub contract_address: Option<Address>,
    /// The logs, in emission order.
    pub logs: Vec<Log>,
}

impl TxReport {
    /// What the sender paid for gas: gas used × effective gas price.
    pub fn cost(&self) -> U256 {
        U256::from(self.gas_used) * U256::from(self.effective_gas_price)
    }
}

/// A chain that can run the contracts' functions: typed calls in, receipts and decoded reverts out.
pub trait Transactor {
    /// The chain id.
    fn chain_id(&self) -> u64;

    /// The account transactions come from, if any (reads need none).
    fn sender(&self) -> Option<Address>;

    /// Sends `call` to `to` with `value` wei and waits for it to be mined.
    fn send_call<C: SolCall>(&mut self, to: Address, value: U256, call: &C) -> Result<TxReport, Error>;

    /// Runs `call` without sending anything (a view).
    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, Error>;

    /// An account's balance in wei.
    fn balance(&mut self, account: Address) -> Result<U256, Error>;

    /// The runtime code at `address`.
    fn code(&mut self, address: Address) -> Result<Bytes, Error>;

    /// The latest block's timestamp.
    fn timestamp(&mut self) -> Result<u64, Error>;
}

/// Either kind of chain, chosen at run time (`--rpc-url` or `--local`).
#[derive(Debug)]
pub enum Target {
    /// A node over JSON-RPC (boxed: its runtime, wallet and options are large too).
    Rpc(Box<crate::rpc::Rpc>),
    /// The embedded chain, replayed from its state file (boxed: the EVM is large).
    Local(Box<crate::local::LocalChain>),
}

impl Transactor for Target {
    fn chain_id(&self) -> u64 {
        match self {
            Self::Rpc(rpc) => rpc.chain_id(),
            Self::Local(local) => local.chain_id(),
        }
    }

    fn sender(&self) -> Option<Address> {
        match self {
            Self::Rpc(rpc) => rpc.sender(),
            Self::Local(local) => local.sender(),
        }
    }

    fn send_call<C: SolCall>(&mut self, to: Address, value: U256, call: &C) -> Result<TxReport, Error> {
        match self {
            Self::Rpc(rpc) => rpc.send_call(to, value, call),
            Self::Local(local) => local.send_call(to, value, call),
        }
    }

    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, Error> {
        match self {
            Self::Rpc(rpc) => rpc.view(to, call),
            Self::Local(local) => local.view(to, call),
        }
    }

    fn balance(&mut self, account: Address) -> Result<U256, Error> {
        match self {
            Self::Rpc(rpc) => rpc.balance(account),
            Self::Local(local) => local.balance(account),
        }
    }

    fn code(&mut self, address: Address) -> Result<Bytes, Error> {
        match self {
            Self::Rpc(rpc) => rpc.code(address),
            Self::Local(local) => local.code(address),
        }
    }

    fn timestamp(&mut self) -> Result<u64, Error> {
        match self {
            Self::Rpc(rpc) => rpc.timestamp(),
            Self::Local(local) => local.timestamp(),
        }
    }
}
