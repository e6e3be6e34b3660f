//! The one interface to a chain: the in-process [`Chain`] implements it (acting as one of its accounts,
//! [`Chain::acting_as`]), and so does the JSON-RPC client in `marubatsu-client`. Callers write against it once.

use alloy_primitives::{Address, B256, Bytes, U256};
use alloy_sol_types::SolCall;

use crate::{
    chain::Chain,
    error::TxError,
    receipt::{Head, Lookup, Receipt},
};

/// A chain that sends transactions from one account, runs calls without sending, and reads receipts, blocks,
/// balances and code. Reverts come back decoded in the implementation's error.
pub trait Transactor {
    /// Why a request failed: a revert (decoded), or the chain could not be asked.
    type Error: std::error::Error;

    /// The chain id.
    fn chain_id(&self) -> u64;

    /// The account transactions come from, if any (reads need none).
    fn sender(&self) -> Option<Address>;

    /// Sends calldata encoded elsewhere to `to` with `value` wei and waits for it to be mined; `what` names it in
    /// errors (a function's signature).
    fn send_data(&mut self, what: &str, to: Address, value: U256, data: Bytes) -> Result<Receipt<()>, Self::Error>;

    /// Runs calldata against `to` without sending anything (`eth_call`, a dry run): the raw return data.
    fn call_data(&mut self, to: Address, data: Bytes) -> Result<Bytes, Self::Error>;

    /// Runs `call` without sending anything (a view), its return value decoded.
    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, Self::Error>;

    /// What the chain knows of transaction `hash`.
    fn lookup(&mut self, hash: B256) -> Result<Lookup, Self::Error>;

    /// The latest block.
    fn head(&mut self) -> Result<Head, Self::Error>;

    /// An account's balance in wei.
    fn balance(&mut self, account: Address) -> Result<U256, Self::Error>;

    /// The runtime code at `address`.
    fn code(&mut self, address: Address) -> Result<Bytes, Self::Error>;

    /// Sends `call` to `to` with `value` wei and waits for it to be mined.
    fn send_call<C: SolCall>(&mut self, to: Address, value: U256, call: &C) -> Result<Receipt<()>, Self::Error> {
        self.send_data(C::SIGNATURE, to, value, call.abi_encode().into())
    }

    /// The latest block's timestamp.
    fn timestamp(&mut self) -> Result<u64, Self::Error> {
        self.head().map(|head| head.timestamp)
    }
}

/// The in-process chain sending from one of its accounts: what [`Chain::acting_as`] gives.
#[derive(Debug)]
pub struct Acting<'c> {
    chain: &'c mut Chain,
    from: Address,
}

impl Chain {
    /// This chain as a [`Transactor`] whose transactions come from `from`.
    pub fn acting_as(&mut self, from: Address) -> Acting<'_> {
        Acting { chain: self, from }
    }
}

impl Transactor for Acting<'_> {
    type Error = TxError;

    fn chain_id(&self) -> u64 {
        self.chain.chain_id()
    }

    fn sender(&self) -> Option<Address> {
        Some(self.from)
    }

    fn send_data(&mut self, _what: &str, to: Address, value: U256, data: Bytes) -> Result<Receipt<()>, TxError> {
        Ok(self.chain.send_data(self.from, to, data, value)?.map(drop))
    }

    fn call_data(&mut self, to: Address, data: Bytes) -> Result<Bytes, TxError> {
        self.chain.call_data(to, data)
    }

    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, TxError> {
        self.chain.view(to, call)
    }

    /// Always [`Lookup::Unknown`]: the in-process chain signs nothing, so its transactions have no hashes and it
    /// keeps no receipts (a server that numbers its transactions keeps them itself).
    fn lookup(&mut self, _hash: B256) -> Result<Lookup, TxError> {
        Ok(Lookup::Unknown)
    }

    fn head(&mut self) -> Result<Head, TxError> {
        Ok(Head {
            number: self.chain.block_number(),
            timestamp: self.chain.timestamp(),
        })
    }

    fn balance(&mut self, account: Address) -> Result<U256, TxError> {
        self.chain.read_balance(account)
    }

    fn code(&mut self, address: Address) -> Result<Bytes, TxError> {
        self.chain.read_code(address)
    }
}
