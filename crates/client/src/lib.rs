//! Real chains for marubatsu: deploy the compiled game contracts over JSON-RPC and play them there — or on
//! the embedded chain, with nothing to install. Its public items live in topic modules, one job each:
//!
//! - [`rpc`]: [`RpcClient`](rpc::RpcClient) is the one JSON-RPC client (an async alloy HTTP provider over rustls;
//!   the web server awaits it) and [`Rpc`](rpc::Rpc) drives it for synchronous callers on a private
//!   single-threaded tokio runtime. It checks the chain id, estimates every transaction first (a revert is decoded
//!   into the contract's custom error by name), checks the balance, and waits for receipts with a time limit.
//!   [`ensure_testnet`](rpc::ensure_testnet) refuses every chain but known testnets and development chains (staked
//!   play for real money is gambling); [`parse_chain`](rpc::parse_chain) and
//!   [`resolve_rpc_url`](rpc::resolve_rpc_url) read Foundry's chain names and `foundry.toml` RPC aliases.
//!   [`fork`](rpc::fork()) runs a real chain's contracts in-process: an embedded chain over the node's state at
//!   one block, read over JSON-RPC as needed, nothing sent.
//! - [`wallet`]: a local signer from a raw key or a Foundry keystore, and [`Secret`](wallet::Secret) for what
//!   must never be printed.
//! - [`deploy`]: [`deploy()`](deploy::deploy()) puts the shipped pair on the chain once and writes a
//!   [`DeploymentRecord`](deploy::DeploymentRecord) per chain id, with the history of every deployment; run
//!   again, it finds the same code at the recorded addresses and sends nothing.
//!   [`locate_contract`](deploy::locate_contract) finds a game contract for the game commands: today's compiled
//!   code, or an older deployment the record's history keeps, so credit there stays reachable after the sources
//!   change.
//! - [`journal`]: every broadcast run is kept in a [`Journal`](journal::Journal) (forge's `broadcast/`): each
//!   transaction is written down before it is sent, and a later run settles what is pending first
//!   ([`Ledger`](journal::Ledger)).
//! - [`games`]: [`SoloContract`](games::SoloContract) and [`PvpContract`](games::PvpContract) are the games'
//!   functions as typed calls on any transactor: an [`Rpc`](rpc::Rpc), or a [`LocalChain`](local::LocalChain).
//! - [`time_bank`]: whether a `TicTacToe` has time banks (`ITicTacToeTimeBank`), a game's banks, and the bound
//!   they put on a whole game.
//! - [`local`]: the in-process revm chain, saved between runs as a replayable log.
//!
//! ```no_run
//! use marubatsu_chain::{bindings::ISoloTicTacToe::Difficulty, compiler::Compiler};
//! use marubatsu_client::{
//!     deploy::{DeployOptions, Deployments, deploy},
//!     games::SoloContract,
//!     rpc::{Rpc, RpcOptions},
//!     wallet::{Secret, signer_from_private_key},
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

mod chain_pace;
mod checksum;
mod client;
mod decimal;
mod endpoints;
mod error;
mod fork;
mod ledger;
mod logs;
mod mainnet;
mod probe;
mod record;
mod tracking;
mod transactor;

pub mod deploy;
pub mod games;
pub mod journal;
pub mod local;
pub mod rpc;
pub mod time_bank;
pub mod wallet;

pub use error::Error;
