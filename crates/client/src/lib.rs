//! Real chains for marubatsu: deploy the compiled game contracts over JSON-RPC and play them there — or on
//! the embedded chain, with nothing to install.
//!
//! - [`RpcClient`] is the one JSON-RPC client (an async alloy HTTP provider over rustls; the web server awaits it)
//!   and [`Rpc`] drives it for synchronous callers, with a local signer from a raw key or a Foundry keystore
//!   ([`signer_from_private_key`], [`signer_from_keystore`]), run on a private single-threaded tokio runtime so
//!   callers stay synchronous. It checks the chain id, estimates every transaction first (a revert is decoded
//!   into the contract's custom error by name), checks the balance, and waits for receipts with a time limit.
//! - [`deploy()`] puts [`DEPLOYED_CONTRACTS`] on the chain once and writes a [`DeploymentRecord`] per chain id
//!   ([`Deployments`]), with the history of every deployment; run again, it finds the same code at the
//!   recorded addresses and sends nothing. Every broadcast run is kept in a [`Journal`] (forge's `broadcast/`):
//!   each transaction is written down before it is sent, and a later run settles what is pending first.
//! - [`locate_contract`] finds a game contract for the game commands: today's compiled code, or an older
//!   deployment the record's history keeps (code hash and ABI), so credit there stays reachable after the
//!   sources change; unknown code is refused.
//! - [`fork()`] runs a real chain's contracts in-process: an embedded chain over the node's state at one block, read
//!   over JSON-RPC as needed, nothing sent ([`ForkInfo`] says what was forked).
//! - [`ensure_testnet`] refuses every chain but known testnets and development chains (staked play for real money
//!   is gambling); [`parse_chain`] and [`resolve_rpc_url`] read Foundry's chain names and `foundry.toml` RPC aliases.
//! - [`SoloContract`] and [`PvpContract`] are the games' functions as typed calls on any [`Transactor`]: an
//!   [`Rpc`], or a [`LocalChain`] (the in-process revm chain, saved between runs as a replayable log).
//!
//! ```no_run
//! use marubatsu_chain::{Compiler, bindings::ISoloTicTacToe::Difficulty};
//! use marubatsu_client::{
//!     DeployOptions, Deployments, Rpc, RpcOptions, Secret, SoloContract, deploy, signer_from_private_key,
//! };
//!
//! let contracts = Compiler::locate()?.compile()?;
//! let key = Secret::new(std::env::var("PRIVATE_KEY")?);
//! let signer = signer_from_private_key(&key)?;
//! let url = Secret::new("http://127.0.0.1:8545");
//! let mut rpc = Rpc::connect(&url, Some(signer), RpcOptions::default())?;
//! let deployments = Deployments::new("deployments");
//! let options = DeployOptions { broadcast: true, force: false, claim_blocks: None };
//! let report = deploy(&mut rpc, &contracts, &deployments, options)?;
//! let solo = SoloContract(report.contracts[0].address);
//! let game = solo.new_game(&mut rpc, Difficulty::Hard, false)?;
//! solo.play(&mut rpc, game.value, 4)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod checksum;
mod client;
mod decimal;
mod deploy;
mod endpoints;
mod error;
mod fork;
mod games;
mod journal;
mod ledger;
mod local;
mod logs;
mod mainnet;
mod probe;
mod record;
mod rpc;
mod tracking;
mod transactor;
mod wallet;

pub use client::{RpcClient, redact_url};
pub use deploy::{
    ContractOutcome, ContractStatus, DEPLOYED_CONTRACTS, DeployOptions, DeployReport, Deployable, Located,
    OlderDeployment, Replaced, SCANNED_GAMES, creation_code, deploy, deploy_contracts, locate_contract,
    resolve_contract,
};
pub use endpoints::{default_rpc_url, parse_chain, resolve_rpc_url};
pub use error::Error;
pub use fork::{ForkInfo, fork};
pub use games::{Played, PvpContract, PvpV2Contract, SoloContract, parse_amount};
pub use journal::{Journal, LoggedCall, LoggedReceipt, LoggedTx, Run, TxState};
pub use ledger::{Ledger, Settlement, describe as describe_settled};
pub use local::{LOCAL_STATE_VAR, LocalChain};
pub use mainnet::{ensure_testnet, is_testnet};
pub use record::{
    ContractRecord, DEFAULT_DEPLOYMENTS_DIR, DEPLOYMENTS_VAR, DeploymentRecord, Deployments, PastDeployment,
};
pub use rpc::{DEFAULT_RECEIPT_TIMEOUT, FeeOptions, GasEstimate, Rpc, RpcOptions, SentTx, Waiting};
pub use tracking::{Replacement, Tracked};
pub use transactor::Target;
pub use wallet::{
    Secret, default_keystore_dir, keystore_at, keystore_path, read_password_file, signer_from_keystore,
    signer_from_private_key,
};

/// The signer type the wallet functions return (alloy's local secp256k1 signer).
pub use alloy::signers::local::PrivateKeySigner;
