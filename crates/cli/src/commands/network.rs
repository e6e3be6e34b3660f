//! Options shared by the commands that talk to a chain: where it is, who signs, where the records are.

use std::{io::IsTerminal, path::PathBuf, time::Duration};

use alloy_primitives::Address;
use clap::Args;
use eyre::WrapErr;
use marubatsu_chain::{ContractSet, Workspace};
use marubatsu_deploy::{
    DEFAULT_DEPLOYMENTS_DIR, DEPLOYMENTS_VAR, Deployments, LOCAL_STATE_VAR, LocalChain,
    PrivateKeySigner, Rpc, RpcOptions, Secret, Target, default_keystore_dir, keystore_path,
    resolve_contract, signer_from_keystore, signer_from_private_key,
};

use crate::{cli::CompilerArgs, spinner::Spinner};

/// The environment variable that names the keystore folder for `--account` (the flag wins over it).
const KEYSTORE_DIR_VAR: &str = "MARUBATSU_KEYSTORE_DIR";

/// Which node, and how patiently to wait for it.
#[derive(Debug, Args)]
pub(crate) struct RpcArgs {
    /// JSON-RPC endpoint of the node (http:// or https://). Never printed in full: only scheme, host and port.
    #[arg(long, value_name = "URL", env = "ETH_RPC_URL", hide_env_values = true)]
    pub(crate) rpc_url: Option<Secret>,
    /// Fail unless the node serves this chain id (e.g. 11155111 for Sepolia).
    #[arg(long, value_name = "ID")]
    pub(crate) chain_id: Option<u64>,
    /// Seconds to wait for each transaction's receipt.
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    pub(crate) timeout: u64,
}

/// Who signs: a raw private key, or a Foundry keystore account.
#[derive(Debug, Args)]
pub(crate) struct WalletArgs {
    /// Private key of the sender, as hex. Visible to other users of the machine while the command runs:
    /// prefer --account.
    #[arg(long, value_name = "HEX", conflicts_with = "account")]
    pub(crate) private_key: Option<Secret>,
    /// Keystore account to sign with: a file in ~/.foundry/keystores, e.g. made by `cast wallet import NAME
    /// --interactive`.
    #[arg(long, value_name = "NAME")]
    pub(crate) account: Option<String>,
    /// Folder of keystores for --account (default ~/.foundry/keystores).
    #[arg(long, value_name = "DIR", env = KEYSTORE_DIR_VAR)]
    pub(crate) keystore_dir: Option<PathBuf>,
    /// Password of the keystore (else ETH_PASSWORD, else a prompt on the terminal).
    #[arg(
        long,
        value_name = "PASSWORD",
        env = "ETH_PASSWORD",
        hide_env_values = true
    )]
    pub(crate) password: Option<Secret>,
}

impl WalletArgs {
    /// The signer, if a key or an account was given. A keystore's password comes from --password or
    /// ETH_PASSWORD, else from a prompt that does not echo.
    pub(crate) fn signer(&self) -> eyre::Result<Option<PrivateKeySigner>> {
        if let Some(key) = &self.private_key {
            return Ok(Some(signer_from_private_key(key)?));
        }
        let Some(name) = &self.account else {
            return Ok(None);
        };
        let dir = self
            .keystore_dir
            .clone()
            .unwrap_or_else(default_keystore_dir);
        let path = keystore_path(&dir, name)?;
        let password = match &self.password {
            Some(password) => password.clone(),
            None if std::io::stdin().is_terminal() => Secret::new(
                rpassword::prompt_password(format!("Enter the password of keystore {name}: "))
                    .wrap_err("reading the keystore password")?,
            ),
            None => eyre::bail!(
                "keystore {name} needs its password: set ETH_PASSWORD or pass --password (there is no \
                 terminal to ask on)"
            ),
        };
        Ok(Some(signer_from_keystore(&path, &password)?))
    }
}

/// Connects to the node of `rpc`, signing with `wallet` (required when `need_signer`), with a spinner on
/// stderr while receipts are awaited.
pub(crate) fn connect(rpc: &RpcArgs, wallet: &WalletArgs, need_signer: bool) -> eyre::Result<Rpc> {
    let url = rpc
        .rpc_url
        .as_ref()
        .ok_or(marubatsu_deploy::Error::NoRpcUrl)?;
    let signer = wallet.signer()?;
    if need_signer && signer.is_none() {
        return Err(marubatsu_deploy::Error::NoSigner {
            keystore_dir: wallet
                .keystore_dir
                .clone()
                .unwrap_or_else(default_keystore_dir),
        }
        .into());
    }
    let options = RpcOptions {
        expected_chain_id: rpc.chain_id,
        receipt_timeout: Duration::from_secs(rpc.timeout),
        ..RpcOptions::default()
    };
    let mut connection = Rpc::connect(url, signer, options)?;
    let mut spinner = Spinner::new();
    connection.on_wait(move |waiting| spinner.update(waiting));
    Ok(connection)
}

/// Where the deployment records are: `--deployments`, else `MARUBATSU_DEPLOYMENTS`, else `deployments/` in the
/// repository.
pub(crate) fn deployments(explicit: Option<PathBuf>, workspace: &Workspace) -> Deployments {
    Deployments::new(explicit.unwrap_or_else(|| workspace.root().join(DEFAULT_DEPLOYMENTS_DIR)))
}

/// Everything a game command needs to find its chain and its contract.
#[derive(Debug, Args)]
pub(crate) struct TargetArgs {
    #[command(flatten)]
    pub(crate) rpc: RpcArgs,
    #[command(flatten)]
    pub(crate) wallet: WalletArgs,
    #[command(flatten)]
    pub(crate) compiler: CompilerArgs,
    /// Play on the embedded in-process chain instead of a node; its state is kept in --state between runs.
    #[arg(long, conflicts_with_all = ["rpc_url", "private_key", "account"])]
    pub(crate) local: bool,
    /// With --local: which of the embedded chain's ten funded accounts sends (0-9).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "local")]
    pub(crate) local_account: usize,
    /// With --local: the state file (default target/marubatsu-local.json in the repository).
    #[arg(long, value_name = "FILE", env = LOCAL_STATE_VAR)]
    pub(crate) state: Option<PathBuf>,
    /// Folder of deployment records (default deployments/ in the repository).
    #[arg(long, value_name = "DIR", env = DEPLOYMENTS_VAR)]
    pub(crate) deployments: Option<PathBuf>,
    /// The contract's address (default: the deployment record of the node's chain).
    #[arg(long, value_name = "ADDRESS")]
    pub(crate) address: Option<Address>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// A chain to play on and the address of the contract there.
pub(crate) struct Session {
    pub(crate) chain: Target,
    pub(crate) address: Address,
}

impl TargetArgs {
    /// Opens the chain (the node, or the embedded one) and finds `contract` on it, checking its code.
    pub(crate) fn open(&self, contract: &'static str, need_signer: bool) -> eyre::Result<Session> {
        let compiler = self.compiler.compiler()?;
        let contracts: ContractSet = compiler.compile().wrap_err("compiling contracts/")?;
        let workspace = compiler.workspace();
        let mut chain = if self.local {
            Target::Local(Box::new(open_local(
                &contracts,
                self.state.clone(),
                workspace,
                self.local_account,
            )?))
        } else {
            Target::Rpc(connect(&self.rpc, &self.wallet, need_signer)?)
        };
        let address = match &chain {
            Target::Local(local) if self.address.is_none() => local
                .address_of(contract)
                .ok_or_else(|| eyre::eyre!("the local chain has no {contract}"))?,
            _ => resolve_contract(
                &mut chain,
                &contracts,
                &deployments(self.deployments.clone(), workspace),
                contract,
                self.address,
            )?,
        };
        Ok(Session { chain, address })
    }
}

/// The embedded chain saved at `state` (or the default file in `target/`).
pub(crate) fn open_local(
    contracts: &ContractSet,
    state: Option<PathBuf>,
    workspace: &Workspace,
    account: usize,
) -> eyre::Result<LocalChain> {
    let path = local_state_path(state, workspace);
    Ok(LocalChain::open(contracts, &path, account)?)
}

/// `--state`, else `MARUBATSU_LOCAL_STATE`, else `target/marubatsu-local.json` in the repository.
pub(crate) fn local_state_path(state: Option<PathBuf>, workspace: &Workspace) -> PathBuf {
    state.unwrap_or_else(|| workspace.root().join("target").join("marubatsu-local.json"))
}
