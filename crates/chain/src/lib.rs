//! The on-chain half of marubatsu: compile the Solidity contracts and run them in an in-process EVM.
//!
//! Its public items live in topic modules, one job each:
//!
//! - [`compiler`]: [`Compiler`](compiler::Compiler) finds a solc (an explicit path, a native `solc` of the pinned
//!   version on `PATH`, or solc-js from the npm package pinned in `package.json`, driven through
//!   `script/solc-wrapper.js`) and compiles `contracts/` with foundry-compilers, cached, so an unchanged second
//!   compile does no work; a user's own Foundry project is read as forge reads it
//!   ([`FoundryProject`](compiler::FoundryProject), [`ContractSpec`](compiler::ContractSpec)).
//! - [`evm`]: [`Chain`](evm::Chain) is an in-process revm chain: funded test accounts, deploys, calls and
//!   transactions with typed alloy `sol!` bindings ([`bindings`]), logs, gas, block time and number, and reverts
//!   decoded into the contracts' custom errors by name ([`Revert`](evm::Revert)).
//!   [`Transactor`](evm::Transactor) is the one interface to any chain (this in-process one through
//!   [`Chain::acting_as`](evm::Chain::acting_as), a node through `marubatsu-client`'s RPC client), with one
//!   [`Receipt`](evm::Receipt) type. [`Chain::forked`](evm::Chain::forked) is the same chain over the state of
//!   another at one block, read through a [`RemoteState`](evm::RemoteState) as it is needed and kept: what is on
//!   a real chain, checked in-process with nothing sent.
//! - [`bindings`]: the contracts' interfaces as alloy `sol!` types; [`events`]: their logs decoded once into
//!   [`GameEvent`](events::GameEvent)s.
//! - [`gas`]: [`GasLog`](gas::GasLog) collects the gas of receipts per function and summarises it in forge's
//!   columns ([`GasStats`](gas::GasStats)).
//! - [`pvp`]: the PvP contract's deployment parameters (move timeouts, claim blocks, its creation code).
//! - [`amounts`]: ether as people read it, for every place that prints an amount.
//!
//! ```no_run
//! use marubatsu_chain::{bindings::IBoardHarness, compiler::{BOARD_HARNESS_CONTRACT, Compiler}, evm::Chain};
//!
//! let contracts = Compiler::locate()?.compile()?;
//! let mut chain = Chain::new();
//! let deployer = chain.accounts()[0];
//! let board = chain.deploy(deployer, contracts.get(BOARD_HARNESS_CONTRACT)?)?.address;
//! let won = chain.view(board, &IBoardHarness::isWinCall { mask: 0b000_000_111 })?;
//! assert!(won);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chain;
mod claim_blocks;
mod consts;
mod error;
mod receipt;
mod remote;
mod revert;
mod transactor;

pub mod amounts;
pub mod bindings;
pub mod compiler;
pub mod events;
pub mod gas;

/// The in-process EVM and the one interface to any chain: deploys, calls, transactions, receipts, reverts, forks.
pub mod evm {
    pub use crate::chain::{ACCOUNT_BALANCE, CHAIN_ID, Chain, Deployment, Snapshot};
    pub use crate::error::TxError;
    pub use crate::receipt::{Head, Lookup, Receipt, ViewOutcome};
    pub use crate::remote::{ForkHead, RemoteAccount, RemoteError, RemoteState};
    pub use crate::revert::{DecodedRevert, Revert};
    pub use crate::transactor::{Acting, Transactor};
}

/// The PvP contract's deployment parameters: the bounds of a move timeout, the blocks a claim waits, and the
/// creation code that carries them.
pub mod pvp {
    pub use crate::claim_blocks::{
        CENSOR_SECONDS, LOCAL_CHAIN_IDS, MAX_CLAIM_BLOCKS, PUBLIC_CLAIM_BLOCKS, claim_blocks_for_pace,
        default_claim_blocks, pvp_creation_code,
    };
    pub use crate::consts::{MAX_MOVE_TIMEOUT, MIN_MOVE_TIMEOUT, SHORT_MOVE_TIMEOUT};
}
