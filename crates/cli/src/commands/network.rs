//! Options shared by the commands that talk to a chain: where it is, who signs, where the records are.

use std::{io::IsTerminal, path::PathBuf, time::Duration};

use alloy_primitives::Address;
use clap::Args;
use eyre::WrapErr;
use marubatsu_chain::compiler::ContractSet;
use marubatsu_client::{
    deploy::{DEPLOYMENTS_VAR, Deployments, OlderDeployment, locate_contract},
    games::parse_amount,
    journal::{Ledger, LoggedTx, TxState},
    local::{LOCAL_STATE_VAR, LocalChain},
    rpc::{FeeOptions, Rpc, RpcOptions, Target, default_rpc_url, parse_chain, resolve_rpc_url},
    wallet::{
        PrivateKeySigner, Secret, default_keystore_dir, keystore_at, keystore_path, read_password_file,
        signer_from_keystore, signer_from_mnemonic, signer_from_private_key,
    },
};

use crate::{
    cli::{CompilerArgs, Place},
    progress::Spinner,
};

/// The environment variable that names the keystore folder for `--account` (the flag wins over it).
const KEYSTORE_DIR_VAR: &str = "MARUBATSU_KEYSTORE_DIR";

/// Which node, and how patiently to wait for it; Foundry's network and fee flags, with Foundry's meanings.
#[derive(Debug, Args)]
pub(crate) struct RpcArgs {
    /// JSON-RPC endpoint (http:// or https://), or the name of an alias in foundry.toml's [rpc_endpoints]
    /// (`${VAR}` in it is read from the environment). Never printed in full: only scheme, host and port.
    #[arg(short = 'r', long, value_name = "URL", env = "ETH_RPC_URL", hide_env_values = true)]
    pub(crate) rpc_url: Option<Secret>,
    /// Fail unless the node serves this chain: a name (sepolia, base-sepolia, …) or an EIP-155 id.
    #[arg(short = 'c', long, value_name = "CHAIN", env = "CHAIN", alias = "chain-id", value_parser = chain_id)]
    pub(crate) chain: Option<u64>,
    /// Seconds to wait for each transaction's receipt.
    #[arg(long, value_name = "SECONDS", default_value_t = 120, env = "ETH_TIMEOUT")]
    pub(crate) timeout: u64,
    /// Gas price of a legacy transaction, or max fee per gas of an EIP-1559 one: wei, or with a unit (10gwei).
    #[arg(long, value_name = "PRICE", env = "ETH_GAS_PRICE", value_parser = price)]
    pub(crate) gas_price: Option<u128>,
    /// Max priority fee per gas (tip) of an EIP-1559 transaction: wei, or with a unit (2gwei).
    #[arg(long, value_name = "PRICE", env = "ETH_PRIORITY_GAS_PRICE", value_parser = price)]
    pub(crate) priority_gas_price: Option<u128>,
    /// Gas limit of each transaction, instead of the estimate plus 30%.
    #[arg(long, value_name = "GAS", env = "ETH_GAS_LIMIT")]
    pub(crate) gas_limit: Option<u64>,
    /// Send legacy (type 0) transactions instead of EIP-1559 ones.
    #[arg(long)]
    pub(crate) legacy: bool,
    /// Nonce of the first transaction (later ones count up from it).
    #[arg(long, value_name = "NONCE", value_parser = parse_nonce)]
    pub(crate) nonce: Option<u64>,
    /// How many blocks, counting its own, a transaction's block must have before its receipt counts (as in
    /// `cast send`; 1: as soon as it is mined). --timeout bounds the whole wait.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) confirmations: u64,
}

/// Who signs, as in `cast send`: a raw key (given or typed), a mnemonic, a keystore (by path or account name),
/// or an account the node unlocks. Flags that environment variables can also set never conflict (an exported
/// ETH_KEYSTORE_ACCOUNT must not break `--private-key`); the first of --unlocked, --private-key, --interactive,
/// --mnemonic, --keystore, --account wins.
#[derive(Debug, Default, Args)]
pub(crate) struct WalletArgs {
    /// Private key of the sender, as hex. Visible to other users of the machine while the command runs:
    /// prefer --account, --keystore or --interactive.
    #[arg(long, value_name = "HEX", conflicts_with_all = ["interactive", "unlocked"])]
    pub(crate) private_key: Option<Secret>,
    /// A BIP-39 mnemonic phrase, or the path of a file holding one, as in Foundry (visible to other users while
    /// the command runs when given as the phrase: prefer the file). The key is --mnemonic-index's.
    #[arg(long, value_name = "MNEMONIC", conflicts_with_all = ["private_key", "interactive", "unlocked"])]
    pub(crate) mnemonic: Option<Secret>,
    /// The BIP-39 passphrase of --mnemonic.
    #[arg(long, value_name = "PASSPHRASE", requires = "mnemonic")]
    pub(crate) mnemonic_passphrase: Option<Secret>,
    /// The derivation path of --mnemonic's key (instead of --mnemonic-index's m/44'/60'/0'/0/INDEX).
    #[arg(long, value_name = "PATH", requires = "mnemonic")]
    pub(crate) mnemonic_derivation_path: Option<String>,
    /// Which key of --mnemonic signs: m/44'/60'/0'/0/INDEX.
    #[arg(long, value_name = "INDEX", default_value_t = 0, requires = "mnemonic")]
    pub(crate) mnemonic_index: u32,
    /// Type the private key at a prompt that does not echo.
    #[arg(short = 'i', long, conflicts_with = "unlocked")]
    pub(crate) interactive: bool,
    /// Keystore account to sign with, by its file name in ~/.foundry/keystores (e.g. made by `cast wallet
    /// import NAME --interactive`); with --keystore DIR, a file in DIR.
    #[arg(long, value_name = "NAME", env = "ETH_KEYSTORE_ACCOUNT")]
    pub(crate) account: Option<String>,
    /// Keystore to sign with: a keystore file, or a folder of them (then --account names the file).
    #[arg(long, value_name = "PATH", env = "ETH_KEYSTORE")]
    pub(crate) keystore: Option<PathBuf>,
    /// Folder of keystores for --account (default ~/.foundry/keystores).
    #[arg(long, value_name = "DIR", env = KEYSTORE_DIR_VAR)]
    pub(crate) keystore_dir: Option<PathBuf>,
    /// Password of the keystore (visible to other users while the command runs: prefer --password-file or
    /// the prompt).
    #[arg(long, value_name = "PASSWORD")]
    pub(crate) password: Option<Secret>,
    /// File holding the keystore's password. ETH_PASSWORD names such a file, as in Foundry.
    #[arg(long, value_name = "FILE", env = "ETH_PASSWORD", hide_env_values = true)]
    pub(crate) password_file: Option<PathBuf>,
    /// The sender account; with --unlocked, the node signs for it (eth_sendTransaction: anvil, geth --dev).
    #[arg(short = 'f', long, value_name = "ADDRESS", env = "ETH_FROM")]
    pub(crate) from: Option<Address>,
    /// Send through eth_sendTransaction from --from (or ETH_FROM), an account the node itself unlocks.
    #[arg(long, requires = "from")]
    pub(crate) unlocked: bool,
}

/// Where the transactions' signatures come from.
enum Sender {
    Key(PrivateKeySigner),
    Unlocked(Address),
}

impl WalletArgs {
    /// The sender, if one was given. A keystore's password comes from --password, --password-file or the file
    /// ETH_PASSWORD names, else from a prompt that does not echo.
    fn sender(&self) -> eyre::Result<Option<Sender>> {
        if self.unlocked {
            return Ok(self.from.map(Sender::Unlocked));
        }
        let signer = if let Some(key) = &self.private_key {
            signer_from_private_key(key)?
        } else if self.interactive {
            let key = prompt_secret("Enter the private key: ")?;
            signer_from_private_key(&key)?
        } else if let Some(mnemonic) = &self.mnemonic {
            signer_from_mnemonic(
                mnemonic,
                self.mnemonic_index,
                self.mnemonic_derivation_path.as_deref(),
                self.mnemonic_passphrase.as_ref(),
            )?
        } else if let Some(path) = self.keystore_file()? {
            let name = path.display().to_string();
            let password = match (&self.password, &self.password_file) {
                (Some(password), _) => password.clone(),
                (None, Some(file)) => read_password_file(file)?,
                (None, None) if std::io::stdin().is_terminal() => {
                    prompt_secret(&format!("Enter the password of keystore {name}: "))?
                }
                (None, None) => eyre::bail!(
                    "keystore {name} needs its password: pass --password-file FILE or set ETH_PASSWORD to \
                     such a file (there is no terminal to ask on)"
                ),
            };
            signer_from_keystore(&path, &password)?
        } else {
            return Ok(None);
        };
        if let Some(from) = self.from
            && from != signer.address()
        {
            eyre::bail!(
                "--from {from} is not the address of the given key ({}); drop --from, or add --unlocked to send \
                 from an account the node unlocks",
                signer.address()
            );
        }
        Ok(Some(Sender::Key(signer)))
    }

    fn keystore_file(&self) -> eyre::Result<Option<PathBuf>> {
        if let Some(path) = &self.keystore {
            // A keystore file and an account name are two different keys: cast refuses the pair, and so do we,
            // rather than let an exported ETH_KEYSTORE sign for someone who typed --account bob.
            if let Some(account) = &self.account
                && !path.is_dir()
            {
                eyre::bail!(
                    "{} and {} name two different keystores; give one of them (as cast, which refuses the pair)",
                    given_as("--keystore", "ETH_KEYSTORE", &path.display().to_string()),
                    given_as("--account", "ETH_KEYSTORE_ACCOUNT", account),
                );
            }
            return Ok(Some(keystore_at(path, self.account.as_deref())?));
        }
        let Some(name) = &self.account else {
            return Ok(None);
        };
        let dir = self.keystore_dir.clone().unwrap_or_else(default_keystore_dir);
        Ok(Some(keystore_path(&dir, name)?))
    }
}

/// How a wallet option reached us, for an error that must say which source to drop: `--flag VALUE`, or
/// `VAR=VALUE` when the environment set it.
fn given_as(flag: &str, var: &str, value: &str) -> String {
    let from_env = std::env::var_os(var).is_some_and(|set| set.to_string_lossy() == value);
    if from_env {
        format!("{var}={value} (from the environment)")
    } else {
        format!("{flag} {value}")
    }
}

fn prompt_secret(prompt: &str) -> eyre::Result<Secret> {
    if !std::io::stdin().is_terminal() {
        eyre::bail!(
            "cannot ask \"{}\": there is no terminal (use --private-key, --keystore with --password-file, or \
             --account)",
            prompt.trim_end_matches(": ")
        );
    }
    Ok(Secret::new(
        rpassword::prompt_password(prompt).wrap_err("reading from the terminal")?,
    ))
}

/// Connects to the node of `rpc`, signing as `wallet` says (a sender is required when `need_signer`), with a
/// spinner on stderr while receipts are awaited. An RPC alias is looked up in the place's foundry.toml.
pub(crate) fn connect(rpc: &RpcArgs, wallet: &WalletArgs, need_signer: bool, place: &Place) -> eyre::Result<Rpc> {
    let given = match &rpc.rpc_url {
        Some(url) => url.clone(),
        None => default_rpc_url(place.foundry_toml())?.ok_or(marubatsu_client::Error::NoRpcUrl)?,
    };
    let url = resolve_rpc_url(&given, place.foundry_toml())?;
    let sender = wallet.sender()?;
    if need_signer && sender.is_none() {
        return Err(marubatsu_client::Error::NoSigner {
            keystore_dir: wallet.keystore_dir.clone().unwrap_or_else(default_keystore_dir),
        }
        .into());
    }
    let (gas_price, priority_gas_price) = (rpc.gas_price, rpc.priority_gas_price);
    if let (Some(max), Some(tip)) = (gas_price, priority_gas_price)
        && tip > max
        && !rpc.legacy
    {
        // cast refuses this too: the node would cap the tip at the max fee, so the flag would not mean what it says.
        eyre::bail!(
            "--priority-gas-price ({tip} wei) is above --gas-price, the max fee per gas ({max} wei): a tip cannot \
             exceed the max fee"
        );
    }
    let options = RpcOptions {
        expected_chain_id: rpc.chain,
        receipt_timeout: Duration::from_secs(rpc.timeout),
        confirmations: rpc.confirmations,
        fees: FeeOptions {
            gas_price,
            priority_gas_price,
            gas_limit: rpc.gas_limit,
            legacy: rpc.legacy,
            nonce: rpc.nonce,
        },
        ..RpcOptions::default()
    };
    let mut connection = match sender {
        Some(Sender::Unlocked(from)) => Rpc::connect_unlocked(&url, from, options)?,
        Some(Sender::Key(signer)) => Rpc::connect(&url, Some(signer), options)?,
        None => Rpc::connect(&url, None, options)?,
    };
    let mut spinner = Spinner::new();
    connection.on_wait(move |waiting| spinner.update(waiting));
    Ok(connection)
}

/// `--nonce`: EIP-2681 keeps an account's nonce below 2^64 - 1, so the largest u64 can never be sent (and a
/// second transaction after it would have none).
fn parse_nonce(text: &str) -> Result<u64, String> {
    let nonce: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a nonce (a whole number from 0)"))?;
    if nonce == u64::MAX {
        return Err(format!(
            "{nonce} is not a usable nonce: EIP-2681 keeps nonces below 2^64 - 1 = {}",
            u64::MAX
        ));
    }
    Ok(nonce)
}

/// `--gas-price`, `--priority-gas-price`: wei, or an amount with a unit (`10gwei`, `0.1ether`).
fn price(text: &str) -> Result<u128, String> {
    let wei = parse_amount(text).map_err(|err| err.to_string())?;
    u128::try_from(wei).map_err(|_| format!("the gas price {text} is too large"))
}

/// `--chain`: a name (`sepolia`) or an EIP-155 id.
pub(crate) fn chain_id(text: &str) -> Result<u64, String> {
    parse_chain(text).map_err(|err| err.to_string())
}

/// Where the deployment records are: `--deployments`, else `MARUBATSU_DEPLOYMENTS`, else `deployments/` in the
/// project folder.
pub(crate) fn deployments(explicit: Option<PathBuf>, place: &Place) -> Deployments {
    Deployments::new(explicit.unwrap_or_else(|| place.deployments()))
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
    #[arg(long, conflicts_with_all = ["private_key", "interactive", "mnemonic", "unlocked"])]
    pub(crate) local: bool,
    /// With --local: which of the embedded chain's ten funded accounts sends (0-9).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "local")]
    pub(crate) local_account: usize,
    /// With --local: the state file (default cache/marubatsu-local.json in the project folder, see --root).
    #[arg(long, value_name = "FILE", env = LOCAL_STATE_VAR)]
    pub(crate) state: Option<PathBuf>,
    /// Folder of deployment records (default deployments/ in the project folder, see --root).
    #[arg(long, value_name = "DIR", env = DEPLOYMENTS_VAR)]
    pub(crate) deployments: Option<PathBuf>,
    /// The contract's address (default: the deployment record of the node's chain). A contract no record knows
    /// (yours, or one forge deployed) is played when it answers the game's interface (probed by calls).
    #[arg(long, value_name = "ADDRESS")]
    pub(crate) address: Option<Address>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Only print the transaction's hash and exit without waiting for its receipt, as `cast send --async`. It
    /// is in the broadcast log: `marubatsu tx wait HASH` follows it, and the same command run again reports it.
    #[arg(long = "async", env = "CAST_ASYNC", conflicts_with = "local")]
    pub(crate) no_wait: bool,
    /// Send even if an earlier run already sent the same transaction (its receipt timed out, and it has been
    /// mined since) or left one still pending. Without it, the command settles those first, never repeats one,
    /// and reports an earlier run's identical call, mined since, as its own result.
    #[arg(long)]
    pub(crate) force: bool,
}

/// A chain to play on and the address of the contract there.
pub(crate) struct Session {
    pub(crate) chain: Target,
    pub(crate) address: Address,
    /// Set when the contract is an older recorded deployment, whose code differs from today's sources.
    pub(crate) older: Option<OlderDeployment>,
    /// The chain's deployment records, to point at an older deployment when a game or credit is there.
    pub(crate) deployments: Deployments,
    /// The contract came from the record, not from `--address`: another recorded deployment may be meant.
    pub(crate) from_record: bool,
}

/// A chain, today's compiled contracts and the deployment records: what `pvp balance` walks.
pub(crate) struct Chain {
    pub(crate) chain: Target,
    pub(crate) contracts: ContractSet,
    pub(crate) deployments: Deployments,
}

impl TargetArgs {
    /// Opens the chain (the node, or the embedded one) with today's contracts (shipped, or compiled when asked).
    pub(crate) fn open_chain(&self, need_signer: bool) -> eyre::Result<Chain> {
        let contracts: ContractSet = self.compiler.contracts()?;
        let place = self.compiler.place()?;
        let chain = if self.local {
            Target::Local(Box::new(open_local(
                &contracts,
                self.state.clone(),
                &place,
                self.local_account,
            )?))
        } else {
            let mut rpc = connect(&self.rpc, &self.wallet, need_signer, &place)?;
            rpc.set_no_wait(self.no_wait);
            Target::Rpc(Box::new(rpc))
        };
        let deployments = deployments(self.deployments.clone(), &place);
        Ok(Chain {
            chain,
            contracts,
            deployments,
        })
    }

    /// Opens the chain and finds `contract` on it: today's code, or an older deployment the record keeps (said
    /// on stderr), whose recorded ABI must have every function in `needs`.
    pub(crate) fn open(&self, contract: &'static str, need_signer: bool, needs: &[&str]) -> eyre::Result<Session> {
        let Chain {
            mut chain,
            contracts,
            deployments,
        } = self.open_chain(need_signer)?;
        if let (Target::Rpc(rpc), true) = (&mut chain, need_signer) {
            keep_ledger(rpc, &deployments, self.force)?;
        }
        let located = match &chain {
            Target::Local(local) if self.address.is_none() => marubatsu_client::deploy::Located {
                address: local
                    .address_of(contract)
                    .ok_or_else(|| eyre::eyre!("the local chain has no {contract}"))?,
                older: None,
                unrecorded: None,
            },
            _ => locate_contract(&mut chain, &contracts, &deployments, contract, self.address, needs)?,
        };
        if let Some(notice) = located.notice(contract) {
            eprintln!("note: {notice}");
        }
        Ok(Session {
            chain,
            address: located.address,
            older: located.older,
            deployments,
            from_record: self.address.is_none(),
        })
    }
}

/// Writes the command's transactions down in the broadcast log under `deployments`, after settling what the
/// sender's earlier runs left pending there (said on stderr).
fn keep_ledger(rpc: &mut Rpc, deployments: &Deployments, force: bool) -> eyre::Result<()> {
    let (ledger, settlement) = Ledger::open(rpc, deployments.dir(), force)?;
    for tx in &settlement.settled {
        eprintln!("note: {}", describe_settled(tx));
    }
    if settlement.unknown_pending > 0 {
        eprintln!(
            "note: {} has {} transaction(s) waiting in the node's pool that this log did not send; this one \
             queues after them",
            rpc.signer().unwrap_or_default(),
            settlement.unknown_pending
        );
    }
    rpc.keep_ledger(ledger);
    Ok(())
}

/// The embedded chain saved at `state` (or the default file in the project folder's `cache/`).
pub(crate) fn open_local(
    contracts: &ContractSet,
    state: Option<PathBuf>,
    place: &Place,
    account: usize,
) -> eyre::Result<LocalChain> {
    let path = local_state_path(state, place);
    Ok(LocalChain::open(contracts, &path, account)?)
}

/// `--state`, else `MARUBATSU_LOCAL_STATE`, else `cache/marubatsu-local.json` in the project folder.
pub(crate) fn local_state_path(state: Option<PathBuf>, place: &Place) -> PathBuf {
    state.unwrap_or_else(|| place.local_state())
}

/// An earlier run's call as it stands now, in words.
fn describe_settled(tx: &LoggedTx) -> String {
    let state = match tx.state {
        TxState::Pending => "still pending (sent anyway: --force)".to_owned(),
        TxState::Mined => format!(
            "mined in block {}{}",
            tx.receipt.as_ref().map(|r| r.block_number).unwrap_or_default(),
            if tx.unreported {
                ". The same command reports it as its result instead of sending it again (--force sends it anew)"
            } else {
                ""
            }
        ),
        TxState::Reverted => "mined, but it reverted".to_owned(),
        TxState::Dropped => "dropped: the node no longer has it (never mined, or replaced by another transaction \
                             with its nonce)"
            .to_owned(),
        TxState::Forgotten => "forgotten (marubatsu tx forget)".to_owned(),
    };
    format!(
        "an earlier run's {} (transaction {}, nonce {}): {state}",
        tx.purpose, tx.hash, tx.nonce
    )
}
