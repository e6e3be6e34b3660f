//! The on-chain half of marubatsu: compile the Solidity contracts and run them in an in-process EVM.
//!
//! - [`Compiler`] finds a solc (an explicit path, a native `solc` of the pinned version on `PATH`, or solc-js
//!   from the npm package pinned in `package.json`, driven through `script/solc-wrapper.js`) and compiles
//!   `contracts/` with foundry-compilers, cached, so an unchanged second compile does no work.
//! - [`Chain`] is an in-process revm chain: funded test accounts, deploys, calls and transactions with typed
//!   alloy `sol!` bindings ([`bindings`]), logs, gas, block time and number, and reverts decoded into the
//!   contracts' custom errors by name ([`Revert`]).
//! - [`Transactor`] is the one interface to any chain (this in-process one through [`Chain::acting_as`], a node
//!   through `marubatsu-client`'s RPC client), with one [`Receipt`] type whose logs are decoded once into
//!   [`GameEvent`]s.
//! - [`Chain::forked`] is the same chain over the state of another at one block, read through a [`RemoteState`]
//!   (a node over JSON-RPC, in `marubatsu-client`) as it is needed and kept: what is on a real chain, checked
//!   in-process with nothing sent.
//! - [`GasLog`] collects the gas of receipts per function and summarises it in forge's columns ([`GasStats`]).
//!
//! ```no_run
//! use marubatsu_chain::{Chain, Compiler, bindings::IBoardHarness};
//!
//! let contracts = Compiler::locate()?.compile()?;
//! let mut chain = Chain::new();
//! let deployer = chain.accounts()[0];
//! let board = chain.deploy(deployer, contracts.get(marubatsu_chain::BOARD_HARNESS_CONTRACT)?)?.address;
//! let won = chain.view(board, &IBoardHarness::isWinCall { mask: 0b000_000_111 })?;
//! assert!(won);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod amounts;
mod chain;
mod claim_blocks;
mod clock;
mod compiler;
mod consts;
mod error;
mod events;
mod gas;
mod receipt;
mod remote;
mod revert;
mod transactor;

pub mod bindings;

pub use amounts::{ether, ether_and_wei};
pub use chain::{ACCOUNT_BALANCE, CHAIN_ID, Chain, Deployment, Snapshot};
pub use claim_blocks::{
    LOCAL_CHAIN_IDS, MAX_CLAIM_BLOCKS, PUBLIC_CLAIM_BLOCKS, default_claim_blocks, pvp_creation_code,
};
pub use clock::utc_time;
pub use compiler::{
    CACHE_DIR_VAR, CompiledContract, Compiler, ContractSet, ContractSpec, FORGE_DEFAULT_EVM_VERSION,
    FOUNDRY_PROFILE_VAR, FoundryProject, OPTIMIZER_RUNS, Origin, PINNED_SOLC_VERSION, ResolvedContract,
    SHIPPED_CONTRACTS_PATH, SOLC_VAR, SolcSetting, SolcSource, Workspace, cache_dir, shipped_sources_changed,
};
pub use consts::{
    BOARD_HARNESS_CONTRACT, EVM_VERSION, MAX_MOVE_TIMEOUT, MIN_MOVE_TIMEOUT, PVP_CONTRACT, SHORT_MOVE_TIMEOUT,
    SOLO_CONTRACT,
};
pub use error::{CompileError, TxError, UnknownDifficulty};
pub use events::{GameEvent, decode_events, difficulty_name, solo_result_name};
/// The EVM versions solc compiles for (and a [`Chain`] can run, [`Chain::set_evm_version`]).
pub use foundry_compilers::artifacts::EvmVersion;
pub use gas::{GasKind, GasLog, GasSample, GasSamples, GasStats};
pub use receipt::{Head, Lookup, Receipt, ViewOutcome};
pub use remote::{ForkHead, RemoteAccount, RemoteError, RemoteState};
pub use revert::{DecodedRevert, Revert};
pub use transactor::{Acting, Transactor};
