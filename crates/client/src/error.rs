use std::path::PathBuf;

use alloy_primitives::{Address, B256, Bytes, U256};

/// Why talking to a chain, a wallet or a deployment record failed.
///
/// Messages never hold a secret: private keys and passwords are never part of one, and an RPC URL appears only
/// as its scheme, host and port ([`crate::rpc::redact_url`]), since providers put API keys in paths and queries.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Nothing answered at the RPC URL (connection refused, unknown host, TLS failure, timeout, …).
    #[error("cannot reach the RPC endpoint {url}: {reason}")]
    Unreachable {
        /// The redacted URL.
        url: String,
        /// The innermost cause, e.g. `Connection refused (os error 111)`.
        reason: String,
    },
    /// The RPC URL does not parse.
    #[error("the RPC URL {url} is not valid: {reason}")]
    BadUrl {
        /// The redacted URL (or `<unparseable>`).
        url: String,
        /// The parser's message.
        reason: String,
    },
    /// No RPC URL was given.
    #[error(
        "no RPC URL: pass --rpc-url, set ETH_RPC_URL or eth_rpc_url in foundry.toml (or use --local for the \
         embedded chain)"
    )]
    NoRpcUrl,
    /// The node is on another chain than the one asked for.
    #[error("wrong chain: the RPC endpoint {url} serves chain id {actual}, but chain id {expected} was asked for")]
    WrongChainId {
        /// The redacted URL.
        url: String,
        /// The chain id asked for (`--chain-id`).
        expected: u64,
        /// The chain id the node reported.
        actual: u64,
    },
    /// A block to fork at that the node does not have (yet).
    #[error("the RPC endpoint {url} has no block {block} to fork at (its latest block is {latest})")]
    NoSuchBlock {
        /// The redacted URL.
        url: String,
        /// The block asked for.
        block: u64,
        /// The node's latest block.
        latest: u64,
    },
    /// The node answered a request with an error that has no better variant here.
    #[error("the RPC endpoint {url} failed {action}: {reason}")]
    Rpc {
        /// The redacted URL.
        url: String,
        /// What was being done, e.g. `eth_getBalance`.
        action: &'static str,
        /// The node's message.
        reason: String,
    },
    /// A private key that is not 32 bytes of hex, or not a valid secp256k1 scalar. The key is never shown.
    #[error("the private key is not valid: {reason}")]
    BadKey {
        /// What is wrong with it, without the key.
        reason: &'static str,
    },
    /// A mnemonic that gives no key: not a BIP-39 English phrase, or an unusable index or derivation path.
    /// Neither the phrase nor any word of it is shown.
    #[error("the mnemonic gives no key: {reason}")]
    BadMnemonic {
        /// What is wrong, without the phrase.
        reason: &'static str,
    },
    /// No signer was given where one is needed.
    #[error(
        "no wallet: pass --account NAME (a keystore in {keystore_dir}), --keystore PATH, --private-key KEY, \
         --mnemonic PHRASE_OR_FILE, --interactive, or --unlocked --from ADDRESS"
    )]
    NoSigner {
        /// The keystore folder searched by `--account`.
        keystore_dir: PathBuf,
    },
    /// `--account NAME` names no keystore file.
    #[error("no keystore named {name:?} in {dir} (found: {available})")]
    KeystoreNotFound {
        /// The account name.
        name: String,
        /// The folder searched.
        dir: PathBuf,
        /// The names that exist there, or `none`.
        available: String,
    },
    /// The keystore's MAC does not match: the password is wrong.
    #[error("wrong password for keystore {path} (the key could not be decrypted)")]
    WrongPassword {
        /// The keystore file.
        path: PathBuf,
    },
    /// The keystore file could not be read or decrypted for another reason.
    #[error("cannot use keystore {path}: {reason}")]
    Keystore {
        /// The keystore file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// The sender cannot pay for what it is about to send; found before anything is sent.
    #[error(
        "insufficient funds: {account} has {} but {action} needs up to {}: {detail}; nothing was sent (fund the \
         account, or lower the amount or the gas price)",
        marubatsu_chain::amounts::ether_and_wei(*balance),
        marubatsu_chain::amounts::ether_and_wei(*needed)
    )]
    InsufficientFunds {
        /// The sender.
        account: Address,
        /// Its balance, in wei.
        balance: U256,
        /// The most the transaction(s) could cost, value included, in wei.
        needed: U256,
        /// What was being sent (boxed, like `detail`: this variant keeps every `Result` of the crate small).
        action: Box<str>,
        /// Where `needed` comes from, in words: the value sent and the gas at its limit and max fee.
        detail: Box<str>,
    },
    /// A call or transaction reverted; `detail` is the decoded custom error.
    #[error("{function} reverted: {detail}")]
    Reverted {
        /// The function's signature, or `deployment of NAME`.
        function: String,
        /// The custom error's name (`NotYourTurn`, …), `Error` or `Panic`; `None` if the data is unknown.
        name: Option<String>,
        /// The error with its fields in words, e.g. `NotYourTurn(gameId 1, caller 0x…)`.
        detail: String,
        /// The raw revert data.
        data: Bytes,
    },
    /// A transaction was sent but no receipt came within the time limit. `deploy` says what it wrote down
    /// ([`Error::pending_in_log`]): its next run settles the transaction and never sends it twice.
    #[error("no receipt for transaction {hash} after {seconds}s: {advice}")]
    ReceiptTimeout {
        /// The transaction hash.
        hash: B256,
        /// How long the wait was.
        seconds: u64,
        /// What to do: check later, or, for a deployment, what the broadcast log holds.
        advice: String,
    },
    /// A game command's transaction (this run's, or an earlier run's it settles first) has no receipt yet.
    #[error(
        "the {what} (transaction {hash}, nonce {nonce}) is still pending after {seconds}s. It is written down in \
         {}: run the same command again to settle it first — it is never sent twice — or raise --timeout \
         (`marubatsu tx list` shows it as the node sees it, `marubatsu tx wait {hash}` waits for it)",
        log.display()
    )]
    StillPending {
        /// What it is, e.g. `createGame(uint256,address)`.
        what: String,
        /// Its hash.
        hash: B256,
        /// Its nonce.
        nonce: u64,
        /// How long the wait was.
        seconds: u64,
        /// The run file that holds it.
        log: std::path::PathBuf,
    },
    /// Sent with `--async`: the transaction went out and nobody waited for its receipt. Not a failure: the
    /// command prints the hash and stops, and the broadcast log keeps it pending for `marubatsu tx` and re-runs.
    #[error("the {what} (transaction {hash}, nonce {nonce}) was sent; its receipt was not awaited (--async)")]
    NotAwaited {
        /// What it is.
        what: String,
        /// Its hash.
        hash: B256,
        /// Its nonce.
        nonce: u64,
    },
    /// An earlier run's call waits in the node's pool behind a gap in the sender's nonces: it is never mined
    /// unless the nonces below it are used first.
    #[error(
        "the {what} (transaction {hash}) has nonce {nonce}, but the account's next nonce is {next}: it waits in \
         the node's pool behind that gap and is never mined unless transactions with nonces {next} to {} are sent \
         first. Nothing was sent. It is written down in {}; `marubatsu tx forget {hash}` stops waiting for it (it \
         never sends anything), `--force` sends past it",
        nonce - 1,
        log.display()
    )]
    BehindNonceGap {
        /// What it is.
        what: String,
        /// The transaction.
        hash: B256,
        /// Its nonce.
        nonce: u64,
        /// The sender's next nonce, as the node counts it.
        next: u64,
        /// The run file that holds it.
        log: std::path::PathBuf,
    },
    /// An earlier run's call, found mined by a later run, is to be reported as this run's result, but the node no
    /// longer has its receipt: a reorganisation took its block away. It is pending again in the log.
    #[error(
        "an earlier run's {what} (transaction {hash}) was mined in block {block}, but the node no longer has its \
         receipt (a reorganisation?). It is marked pending again in {}: run the same command again to wait for it \
         — it is never sent twice",
        log.display()
    )]
    ReceiptGone {
        /// What it is.
        what: String,
        /// The earlier transaction.
        hash: B256,
        /// The block it was mined in.
        block: u64,
        /// The run file that holds it.
        log: std::path::PathBuf,
    },
    /// A chain that is not a known testnet (a mainnet, or one nobody has named), where staked play may be gambling
    /// with real money, was used without `--allow-mainnet`.
    #[error(
        "chain {chain_id} is {description}: marubatsu deploys and plays staked games on known testnets and \
         development chains only, because a staked game of chance for real money is gambling under Japanese law \
         (and in many other places). Use a testnet (e.g. Sepolia) or a local node; pass --allow-mainnet only if \
         you are sure it is lawful where you and every player are"
    )]
    Mainnet {
        /// The chain id.
        chain_id: u64,
        /// What the chain is: its name and why it is refused.
        description: String,
    },
    /// There is no deployment record for the chain, and no `--address` was given.
    #[error(
        "no deployment of {contract} on chain {chain_id} in {path}: run `marubatsu deploy --broadcast` first, or pass --address"
    )]
    NotDeployed {
        /// The contract's name.
        contract: &'static str,
        /// The chain.
        chain_id: u64,
        /// Where the record was looked for.
        path: PathBuf,
    },
    /// The address holds no code, or other code than the compiled contract.
    #[error("{address} on chain {chain_id} {problem}")]
    NotTheContract {
        /// The address.
        address: Address,
        /// The chain.
        chain_id: u64,
        /// What is there instead, e.g. `has no code (is the deployment record from an earlier chain?)`.
        problem: String,
    },
    /// A deployment record or local-chain state file could not be read or written.
    #[error("{action} {path}: {reason}")]
    File {
        /// What was being done.
        action: &'static str,
        /// On which file.
        path: PathBuf,
        /// The underlying error.
        reason: String,
    },
    /// The embedded chain's saved state no longer replays (the contracts changed, or the file was edited).
    #[error("the local chain state {path} cannot be replayed ({reason}); start over with `marubatsu local reset`")]
    LocalState {
        /// The state file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A value did not parse (an amount, a cell, …).
    #[error("{0}")]
    Invalid(String),
    /// The contracts could not be compiled.
    #[error(transparent)]
    Compile(#[from] marubatsu_chain::compiler::CompileError),
    /// The embedded chain rejected a transaction before executing it.
    #[error("the embedded chain rejected the transaction: {0}")]
    Local(String),
}

impl Error {
    /// The custom error's name, when this is a decoded revert.
    pub fn revert_name(&self) -> Option<&str> {
        match self {
            Self::Reverted { name, .. } => name.as_deref(),
            _ => None,
        }
    }

    /// A receipt timeout of the transaction `what` (nonce `nonce`), which the broadcast log `log` lists as pending.
    pub(crate) fn pending_in_log(what: &str, hash: B256, nonce: u64, seconds: u64, log: &std::path::Path) -> Self {
        Self::ReceiptTimeout {
            hash,
            seconds,
            advice: format!(
                "the {what} (nonce {nonce}) is still pending; it is written down in {}, and running `marubatsu \
                 deploy --broadcast` again settles it first and never sends a second creation while it is \
                 pending or mined",
                log.display()
            ),
        }
    }

    /// A revert of `function` with `data`, decoded against every contract interface.
    pub(crate) fn reverted(function: impl Into<String>, data: Bytes) -> Self {
        let decoded = marubatsu_chain::evm::DecodedRevert::from_data(&data);
        let detail = match &decoded {
            Some(decoded) => decoded.words(),
            None if data.is_empty() => "no reason given (empty revert data)".to_owned(),
            None => format!("unknown error data {data}"),
        };
        Self::Reverted {
            function: function.into(),
            name: decoded.map(|d| d.name),
            detail,
            data,
        }
    }

    pub(crate) fn file(action: &'static str, path: &std::path::Path, reason: impl ToString) -> Self {
        Self::File {
            action,
            path: path.to_path_buf(),
            reason: reason.to_string(),
        }
    }
}
