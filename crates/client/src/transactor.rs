//! Either kind of chain the game commands play on, chosen at run time, as one [`Transactor`].

use alloy_primitives::{Address, B256, Bytes, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::evm::{Head, Lookup, Receipt, Transactor};

use crate::error::Error;

/// Either kind of chain, chosen at run time (`--rpc-url` or `--local`).
#[derive(Debug)]
pub enum Target {
    /// A node over JSON-RPC (boxed: its runtime, wallet and options are large too).
    Rpc(Box<crate::rpc::Rpc>),
    /// The embedded chain, replayed from its state file (boxed: the EVM is large).
    Local(Box<crate::local::LocalChain>),
}

/// Calls the same method on whichever chain this is.
macro_rules! either {
    ($self:ident, $chain:ident => $call:expr) => {
        match $self {
            Self::Rpc($chain) => $call,
            Self::Local($chain) => $call,
        }
    };
}

impl Transactor for Target {
    type Error = Error;

    fn chain_id(&self) -> u64 {
        either!(self, chain => chain.chain_id())
    }

    fn sender(&self) -> Option<Address> {
        either!(self, chain => chain.sender())
    }

    fn send_data(&mut self, what: &str, to: Address, value: U256, data: Bytes) -> Result<Receipt<()>, Error> {
        either!(self, chain => chain.send_data(what, to, value, data))
    }

    fn call_data(&mut self, to: Address, data: Bytes) -> Result<Bytes, Error> {
        either!(self, chain => chain.call_data(to, data))
    }

    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, Error> {
        either!(self, chain => chain.view(to, call))
    }

    fn lookup(&mut self, hash: B256) -> Result<Lookup, Error> {
        either!(self, chain => chain.lookup(hash))
    }

    fn head(&mut self) -> Result<Head, Error> {
        either!(self, chain => chain.head())
    }

    fn balance(&mut self, account: Address) -> Result<U256, Error> {
        either!(self, chain => chain.balance(account))
    }

    fn code(&mut self, address: Address) -> Result<Bytes, Error> {
        either!(self, chain => chain.code(address))
    }
}
