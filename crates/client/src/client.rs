//! The one JSON-RPC client of marubatsu: an async alloy HTTP provider (rustls), which the command line drives
//! through its blocking [`crate::rpc::Rpc`] and the web server awaits directly. Errors never echo the URL, which may
//! hold an API key; reverts come back decoded by name.

use alloy::{
    eips::{BlockId, BlockNumberOrTag},
    network::TransactionBuilder,
    providers::{DynProvider, Provider, ProviderBuilder},
    rpc::types::{TransactionReceipt, TransactionRequest},
    transports::{RpcError, TransportError, TransportErrorKind, http::reqwest::Url},
};
use alloy_primitives::{Address, B256, Bytes, Log, U256};
use marubatsu_chain::evm::{Head, Lookup, Receipt, Revert};

use crate::{error::Error, wallet::Secret};

/// A node over JSON-RPC, async: reads, calls, receipts and blocks. Sending (signing, estimating, waiting) is
/// [`crate::rpc::Rpc`]'s, on top of this.
#[derive(Clone)]
pub struct RpcClient {
    provider: DynProvider,
    url: String,
}

impl std::fmt::Debug for RpcClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RpcClient")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

impl RpcClient {
    /// A client of `url` with the private single-threaded runtime that drives its requests, for the blocking
    /// faces ([`crate::rpc::Rpc`], [`crate::rpc::fork`]).
    pub(crate) fn with_runtime(url: &Secret) -> Result<(tokio::runtime::Runtime, Self), Error> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|err| Error::Rpc {
                url: redact_url(url.expose()),
                action: "starting the async runtime",
                reason: err.to_string(),
            })?;
        let client = {
            // The provider's HTTP client spawns nothing, but reqwest wants to be built inside a runtime.
            let _guard = runtime.enter();
            Self::new(url)?
        };
        Ok((runtime, client))
    }

    /// A client of `url` (http:// or https://). Nothing is asked of the node yet. Call it inside a tokio runtime:
    /// reqwest wants one when its client is built.
    pub fn new(url: &Secret) -> Result<Self, Error> {
        let shown = redact_url(url.expose());
        let parsed = Url::parse(url.expose().trim()).map_err(|err| Error::BadUrl {
            url: shown.clone(),
            reason: err.to_string(),
        })?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(Error::BadUrl {
                url: shown,
                reason: format!(
                    "the scheme is {:?}; only http:// and https:// endpoints are supported",
                    parsed.scheme()
                ),
            });
        }
        // reqwest is built without a TLS provider of its own (see the workspace manifest): ring, for https://
        // endpoints. Installing fails only when a provider is already in place, which serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
        // No wallet filler: transactions are signed by `Rpc`, so that their hash is known (and written down)
        // before they leave.
        let provider = ProviderBuilder::new().connect_http(parsed).erased();
        Ok(Self { provider, url: shown })
    }

    /// The endpoint, redacted for display.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The provider underneath, for what this client does not wrap: a test driving a development node (its
    /// unlocked accounts, `evm_*` methods) through the same transport rather than a provider of its own. Its errors
    /// are alloy's, unclassified, and may carry the URL.
    pub fn provider(&self) -> &DynProvider {
        &self.provider
    }

    /// The chain id the node serves (which proves it answers).
    pub async fn chain_id(&self) -> Result<u64, Error> {
        self.provider
            .get_chain_id()
            .await
            .map_err(|err| self.classify(err, "eth_chainId"))
    }

    /// Runs `data` against `to` from `from` (no sender if none) without sending anything; a revert is
    /// [`Error::Reverted`], decoded, naming `what`.
    pub async fn call(&self, what: &str, from: Option<Address>, to: Address, data: Bytes) -> Result<Bytes, Error> {
        let mut request = TransactionRequest::default().with_to(to).with_input(data);
        if let Some(from) = from {
            request = request.with_from(from);
        }
        // The latest block, never the pending one: a move still in the pool is not yet the game.
        self.provider
            .call(request)
            .block(BlockId::latest())
            .await
            .map_err(|err| revert_or(err, what, &self.url, "eth_call"))
    }

    /// An account's balance in wei.
    pub async fn balance(&self, account: Address) -> Result<U256, Error> {
        self.provider
            .get_balance(account)
            .latest()
            .await
            .map_err(|err| self.classify(err, "eth_getBalance"))
    }

    /// The runtime code at `address`.
    pub async fn code(&self, address: Address) -> Result<Bytes, Error> {
        self.provider
            .get_code_at(address)
            .await
            .map_err(|err| self.classify(err, "eth_getCode"))
    }

    /// The latest block.
    pub async fn head(&self) -> Result<Head, Error> {
        let block = self
            .provider
            .get_block_by_number(BlockNumberOrTag::Latest)
            .await
            .map_err(|err| self.classify(err, "eth_getBlockByNumber"))?
            .ok_or_else(|| Error::Rpc {
                url: self.url.clone(),
                action: "eth_getBlockByNumber",
                reason: "the node has no latest block".to_owned(),
            })?;
        Ok(Head {
            number: block.header.number,
            timestamp: block.header.timestamp,
        })
    }

    /// The receipt of `hash`, if it is mined.
    pub async fn receipt(&self, hash: B256) -> Result<Option<TransactionReceipt>, Error> {
        self.provider
            .get_transaction_receipt(hash)
            .await
            .map_err(|err| self.classify(err, "eth_getTransactionReceipt"))
    }

    /// Whether the node knows transaction `hash` (mined, or waiting in its pool).
    pub async fn transaction_known(&self, hash: B256) -> Result<bool, Error> {
        self.provider
            .get_transaction_by_hash(hash)
            .await
            .map(|tx| tx.is_some())
            .map_err(|err| self.classify(err, "eth_getTransactionByHash"))
    }

    /// What the node knows of `hash`; a reverted transaction is replayed to learn its error.
    pub async fn lookup(&self, hash: B256) -> Result<Lookup, Error> {
        let Some(receipt) = self.receipt(hash).await? else {
            return Ok(if self.transaction_known(hash).await? {
                Lookup::Pending
            } else {
                Lookup::Unknown
            });
        };
        let shared = receipt_of(&receipt);
        if receipt.status() {
            return Ok(Lookup::Mined(Box::new(shared)));
        }
        // Replayed where it ran, after the transactions before it in its block (a race of two joins in one block
        // is decided there); a node that cannot trace says nothing, and nothing is guessed.
        let revert = match self.traced_revert(hash).await {
            Some(data) => Revert::new(data, receipt.gas_used),
            None => Revert::unknown(receipt.gas_used),
        };
        Ok(Lookup::Reverted(Box::new(shared), revert))
    }

    pub(crate) fn classify(&self, err: TransportError, action: &'static str) -> Error {
        classify(err, &self.url, action)
    }
}

/// The request of a transaction or call.
pub(crate) fn request(from: Address, kind: alloy_primitives::TxKind, data: Bytes, value: U256) -> TransactionRequest {
    TransactionRequest::default()
        .with_from(from)
        .with_kind(kind)
        .with_input(data)
        .with_value(value)
}

/// A node's receipt as marubatsu's: the games' events decoded once.
pub(crate) fn receipt_of(receipt: &TransactionReceipt) -> Receipt<()> {
    let logs = receipt.inner.logs().iter().map(|log| Log::clone(&log.inner)).collect();
    let mut shared = Receipt::new((), receipt.from, receipt.to, receipt.gas_used, logs);
    shared.hash = Some(receipt.transaction_hash);
    shared.block_number = receipt.block_number;
    shared.effective_gas_price = receipt.effective_gas_price;
    shared.contract_address = receipt.contract_address;
    shared
}

/// A revert (decoded by name) if the node's error carries revert data, else [`classify`].
pub(crate) fn revert_or(err: TransportError, what: &str, url: &str, action: &'static str) -> Error {
    if let RpcError::ErrorResp(payload) = &err
        && let Some(data) = payload.as_revert_data()
    {
        return Error::reverted(what, data);
    }
    if let RpcError::ErrorResp(payload) = &err
        && payload.message.contains("revert")
    {
        return Error::Reverted {
            function: what.to_owned(),
            name: None,
            detail: payload.message.to_string(),
            data: Bytes::new(),
        };
    }
    classify(err, url, action)
}

/// Turns a transport error into a message that says what happened without echoing the URL (which may hold an
/// API key): connection failures name their innermost cause, node errors their message.
pub(crate) fn classify(err: TransportError, url: &str, action: &'static str) -> Error {
    match err {
        RpcError::Transport(TransportErrorKind::HttpError(http))
        | RpcError::Transport(TransportErrorKind::HttpErrorWithRetryAfter { error: http, .. }) => Error::Rpc {
            url: url.to_owned(),
            action,
            reason: format!(
                "HTTP status {} (is this a JSON-RPC endpoint, and is its API key valid?)",
                http.status
            ),
        },
        RpcError::Transport(kind) => Error::Unreachable {
            url: url.to_owned(),
            reason: innermost_cause(&kind),
        },
        RpcError::ErrorResp(payload) => Error::Rpc {
            url: url.to_owned(),
            action,
            reason: format!("{} (code {})", payload.message, payload.code),
        },
        RpcError::DeserError { .. } => Error::Rpc {
            url: url.to_owned(),
            action,
            reason: "the answer is not JSON-RPC (is this an Ethereum node's URL?)".to_owned(),
        },
        other => Error::Rpc {
            url: url.to_owned(),
            action,
            reason: other.to_string(),
        },
    }
}

/// The last error in a source chain: for a refused connection `Connection refused (os error 111)`, not reqwest's
/// outer message, which repeats the whole URL.
fn innermost_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut current = err;
    while let Some(next) = current.source() {
        current = next;
    }
    current.to_string()
}

/// An RPC URL fit to print: scheme, host and port only. Providers put API keys in paths, queries and user info,
/// so everything else becomes `…`.
pub fn redact_url(url: &str) -> String {
    match Url::parse(url.trim()) {
        Ok(parsed) => {
            let host = parsed.host_str().unwrap_or("");
            let port = parsed.port().map(|p| format!(":{p}")).unwrap_or_default();
            let hidden = !parsed.username().is_empty()
                || parsed.password().is_some()
                || parsed.path() != "/"
                || parsed.query().is_some()
                || parsed.fragment().is_some();
            let rest = if hidden { "/…" } else { "" };
            format!("{}://{host}{port}{rest}", parsed.scheme())
        }
        Err(_) => "<unparseable URL>".to_owned(),
    }
}
