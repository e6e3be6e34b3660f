//! A real chain over JSON-RPC: an alloy HTTP provider with an optional local signer, driven from synchronous
//! code through a private single-threaded tokio runtime.

use std::{
    fmt,
    time::{Duration, Instant},
};

use alloy::{
    eips::eip2718::Encodable2718,
    network::{EthereumWallet, NetworkTransactionBuilder, TransactionBuilder},
    providers::Provider,
    rpc::types::TransactionReceipt,
    signers::local::PrivateKeySigner,
};
use alloy_primitives::{Address, B256, Bytes, TxKind, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::evm::{Head, Lookup, Receipt, Transactor};

use crate::{
    client::{classify, receipt_of, request, revert_or},
    error::Error,
    ledger::Ledger,
    wallet::Secret,
};

pub use crate::{
    client::{RpcClient, redact_url},
    endpoints::{default_rpc_url, parse_chain, resolve_rpc_url},
    fork::{ForkInfo, fork},
    mainnet::{ensure_testnet, is_testnet},
    tracking::{Replacement, Tracked},
    transactor::Target,
};

/// How long to wait for a receipt unless told otherwise (Foundry waits the same).
pub const DEFAULT_RECEIPT_TIMEOUT: Duration = Duration::from_secs(120);

/// Gas limit = estimate × 13 / 10, as `forge script` does: the Easy CPU's move depends on the block hash, so the
/// gas of a move can differ a little between the estimate and the block that includes it.
const GAS_MARGIN_NUMERATOR: u64 = 13;
const GAS_MARGIN_DENOMINATOR: u64 = 10;

/// Options of a connection.
#[derive(Clone, Debug)]
pub struct RpcOptions {
    /// Fail unless the node serves this chain (`--chain-id`).
    pub expected_chain_id: Option<u64>,
    /// How long to wait for each receipt.
    pub receipt_timeout: Duration,
    /// How often to ask for a receipt while waiting.
    pub poll_interval: Duration,
    /// Fixed fees, gas limit, transaction type or nonce instead of the node's estimates (Foundry's fee flags).
    pub fees: FeeOptions,
    /// Send and return at once with [`Error::NotAwaited`], without waiting for the receipt (Foundry's `--async`).
    pub no_wait: bool,
    /// How many blocks, counting its own, a transaction's block must have before its receipt counts (Foundry's
    /// `--confirmations`; 1: as soon as it is mined).
    pub confirmations: u64,
}

/// What `--gas-price`, `--priority-gas-price`, `--gas-limit`, `--legacy` and `--nonce` fix, as in `cast send`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeeOptions {
    /// The max fee per gas (EIP-1559) or the gas price (legacy), in wei.
    pub gas_price: Option<u128>,
    /// The max priority fee per gas (tip), in wei; ignored for legacy transactions.
    pub priority_gas_price: Option<u128>,
    /// The gas limit of every transaction, instead of the estimate plus 30%.
    pub gas_limit: Option<u64>,
    /// Send legacy (type 0) transactions, for chains without EIP-1559.
    pub legacy: bool,
    /// The nonce of the first transaction; later ones of the same run follow it.
    pub nonce: Option<u64>,
}

/// A signed transaction about to be sent (or, from an unlocked account, just sent): what the broadcast log
/// writes down before any receipt is awaited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentTx {
    /// Its hash.
    pub hash: B256,
    /// The sender's nonce it uses.
    pub nonce: u64,
    /// The sender.
    pub from: Address,
    /// The callee; none for a contract creation.
    pub to: Option<Address>,
}

impl Default for RpcOptions {
    fn default() -> Self {
        Self {
            expected_chain_id: None,
            receipt_timeout: DEFAULT_RECEIPT_TIMEOUT,
            poll_interval: Duration::from_millis(250),
            fees: FeeOptions::default(),
            no_wait: false,
            confirmations: 1,
        }
    }
}

/// What a transaction waiting for its receipt reports, once per poll (for a spinner).
#[derive(Clone, Debug)]
pub struct Waiting<'a> {
    /// What the transaction does, e.g. `deploy SoloTicTacToe` or `play(uint256,uint8)`.
    pub what: &'a str,
    /// Its hash.
    pub hash: B256,
    /// Time since it was sent.
    pub elapsed: Duration,
    /// True on the last report, once the receipt is in (or the wait gave up).
    pub done: bool,
}

/// A transaction's cost before it is sent: what `eth_estimateGas` and the fee market say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GasEstimate {
    /// `eth_estimateGas`.
    pub estimated_gas: u64,
    /// The gas limit that will be set: the estimate plus 30%.
    pub gas_limit: u64,
    /// The max fee per gas that will be offered.
    pub max_fee_per_gas: u128,
    /// The priority fee (tip) per gas that will be offered.
    pub max_priority_fee_per_gas: u128,
}

impl GasEstimate {
    /// The most the transaction can cost in fees: gas limit × max fee per gas.
    pub fn max_fee(&self) -> U256 {
        U256::from(self.gas_limit) * U256::from(self.max_fee_per_gas)
    }
}

type WaitCallback = Box<dyn FnMut(&Waiting<'_>)>;

/// A connection to a node for synchronous callers (the command line): the async [`RpcClient`] driven on a private
/// single-threaded runtime, chain id checked, optionally with a signer that sends transactions.
pub struct Rpc {
    runtime: tokio::runtime::Runtime,
    client: RpcClient,
    url: String,
    chain_id: u64,
    signer: Option<Address>,
    /// The local key that signs; `None` with an unlocked account, whose node signs (`eth_sendTransaction`).
    wallet: Option<EthereumWallet>,
    options: RpcOptions,
    /// The nonce `--nonce` fixed for the next transaction, counting up as transactions are sent.
    next_nonce: Option<u64>,
    on_wait: Option<WaitCallback>,
    /// Where the game commands' calls are written down before their receipts are awaited.
    ledger: Option<Ledger>,
}

impl fmt::Debug for Rpc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rpc")
            .field("url", &self.url)
            .field("chain_id", &self.chain_id)
            .field("signer", &self.signer)
            .finish_non_exhaustive()
    }
}

impl Rpc {
    /// Connects to `url`, asks for the chain id (which proves the node answers) and checks it against
    /// `options.expected_chain_id`. Transactions are signed by `signer`; without one only reads work.
    pub fn connect(url: &Secret, signer: Option<PrivateKeySigner>, options: RpcOptions) -> Result<Self, Error> {
        let from = signer.as_ref().map(|s| s.address());
        Self::open(url, from, signer.map(EthereumWallet::from), options)
    }

    /// Connects like [`Rpc::connect`], sending from `from`, an account the node itself unlocks and signs for
    /// (`eth_sendTransaction`; anvil's and geth --dev's accounts): Foundry's `--unlocked --from`.
    pub fn connect_unlocked(url: &Secret, from: Address, options: RpcOptions) -> Result<Self, Error> {
        Self::open(url, Some(from), None, options)
    }

    fn open(
        url: &Secret,
        from: Option<Address>,
        wallet: Option<EthereumWallet>,
        options: RpcOptions,
    ) -> Result<Self, Error> {
        let shown = crate::client::redact_url(url.expose());
        let (runtime, client) = RpcClient::with_runtime(url)?;
        let chain_id = runtime.block_on(client.chain_id())?;
        if let Some(expected) = options.expected_chain_id
            && expected != chain_id
        {
            return Err(Error::WrongChainId {
                url: shown,
                expected,
                actual: chain_id,
            });
        }
        Ok(Self {
            runtime,
            client,
            url: shown,
            chain_id,
            signer: from,
            wallet,
            next_nonce: options.fees.nonce,
            options,
            on_wait: None,
            ledger: None,
        })
    }

    /// Writes every later [`Rpc::send`] (the game commands' calls) down in `ledger` before its receipt is
    /// awaited, and answers one that an earlier run sent and nobody has reported yet with that run's receipt.
    pub fn keep_ledger(&mut self, ledger: Ledger) {
        self.ledger = Some(ledger);
    }

    /// Whether [`Rpc::send`] returns as soon as a transaction is sent ([`Error::NotAwaited`]), as `--async`.
    pub fn set_no_wait(&mut self, no_wait: bool) {
        self.options.no_wait = no_wait;
    }

    /// Calls `on_wait` on every poll while a transaction waits for its receipt.
    pub fn on_wait(&mut self, on_wait: impl FnMut(&Waiting<'_>) + 'static) {
        self.on_wait = Some(Box::new(on_wait));
    }

    /// The endpoint, redacted for display.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The signer's address, if there is one.
    pub fn signer(&self) -> Option<Address> {
        self.signer
    }

    /// The signer's address, or the error that says how to give one.
    pub fn require_signer(&self) -> Result<Address, Error> {
        self.signer.ok_or_else(|| Error::NoSigner {
            keystore_dir: crate::wallet::default_keystore_dir(),
        })
    }

    /// The next nonce of `account`, counting pending transactions.
    pub fn nonce(&self, account: Address) -> Result<u64, Error> {
        self.block(self.client.provider().get_transaction_count(account).pending())
            .map_err(|err| classify(err, &self.url, "eth_getTransactionCount"))
    }

    /// The nonce the signer's next transaction will use: `--nonce` if given (counting up), else the node's
    /// pending count.
    pub fn next_nonce(&self) -> Result<u64, Error> {
        match self.next_nonce {
            Some(nonce) => Ok(nonce),
            None => self.nonce(self.require_signer()?),
        }
    }

    /// The nonce `account`'s next transaction takes, if it is below `nonce`: then a transaction with `nonce`
    /// waits in the node's pool behind that gap, and nothing mines it until the nonces below are used.
    pub fn nonce_gap(&self, account: Address, nonce: u64) -> Result<Option<u64>, Error> {
        let next = self.nonce(account)?;
        Ok((next < nonce).then_some(next))
    }

    /// How many transactions of `account` are mined: the nonce its next mined transaction must have.
    pub fn mined_nonce(&self, account: Address) -> Result<u64, Error> {
        self.block(self.client.provider().get_transaction_count(account).latest())
            .map_err(|err| classify(err, &self.url, "eth_getTransactionCount"))
    }

    /// Whether the node knows transaction `hash` (mined, or waiting in its pool).
    pub fn transaction_known(&self, hash: B256) -> Result<bool, Error> {
        self.block(self.client.transaction_known(hash))
    }

    /// The receipt of `hash`, if it is mined: what it did, and whether it succeeded.
    pub fn receipt(&self, hash: B256) -> Result<Option<(Receipt<()>, bool)>, Error> {
        let receipt = self.block(self.client.receipt(hash))?;
        Ok(receipt.map(|r| (receipt_of(&r), r.status())))
    }

    /// Waits (up to the receipt timeout) for the receipt of a transaction sent earlier, and returns what it
    /// did and whether it succeeded.
    pub fn await_receipt(&mut self, what: &str, hash: B256) -> Result<(Receipt<()>, bool), Error> {
        let receipt = self.wait_for_receipt(what, hash)?;
        Ok((receipt_of(&receipt), receipt.status()))
    }

    /// The latest block's number.
    pub fn block_number(&self) -> Result<u64, Error> {
        self.block(self.client.provider().get_block_number())
            .map_err(|err| classify(err, &self.url, "eth_blockNumber"))
    }

    /// Estimates a transaction from the signer: gas (a revert here is decoded into the custom error) and fees.
    pub fn estimate(&self, what: &str, kind: TxKind, data: Bytes, value: U256) -> Result<GasEstimate, Error> {
        let from = self.require_signer()?;
        let request = request(from, kind, data, value);
        let estimated_gas = self
            .block(self.client.provider().estimate_gas(request))
            .map_err(|err| revert_or(err, what, &self.url, "eth_estimateGas"))?;
        let fixed = self.options.fees;
        let (max_fee_per_gas, max_priority_fee_per_gas) = if fixed.legacy {
            let price = match fixed.gas_price {
                Some(price) => price,
                None => self
                    .block(self.client.provider().get_gas_price())
                    .map_err(|err| classify(err, &self.url, "eth_gasPrice"))?,
            };
            (price, price)
        } else {
            match (fixed.gas_price, fixed.priority_gas_price) {
                (Some(max), Some(tip)) => (max, tip.min(max)),
                (max, tip) => {
                    let fees = self
                        .block(self.client.provider().estimate_eip1559_fees())
                        .map_err(|err| classify(err, &self.url, "estimating fees (eth_feeHistory)"))?;
                    match (max, tip) {
                        (Some(max), None) => (max, fees.max_priority_fee_per_gas.min(max)),
                        // The estimate's max fee leaves room for the base fee above its own tip; a tip the user
                        // raised keeps that room rather than being cut down to the estimate.
                        (None, Some(tip)) => (
                            fees.max_fee_per_gas - fees.max_priority_fee_per_gas.min(fees.max_fee_per_gas) + tip,
                            tip,
                        ),
                        _ => (fees.max_fee_per_gas, fees.max_priority_fee_per_gas),
                    }
                }
            }
        };
        Ok(GasEstimate {
            estimated_gas,
            gas_limit: fixed
                .gas_limit
                .unwrap_or(estimated_gas.saturating_mul(GAS_MARGIN_NUMERATOR) / GAS_MARGIN_DENOMINATOR),
            max_fee_per_gas,
            max_priority_fee_per_gas,
        })
    }

    /// Checks that the signer can pay `needed` wei of gas, else [`Error::InsufficientFunds`].
    pub fn ensure_funds(&self, needed: U256, action: &str) -> Result<(), Error> {
        let detail = format!(
            "gas of up to {} (each transaction at its gas limit and max fee per gas)",
            marubatsu_chain::amounts::ether_and_wei(needed)
        );
        self.ensure_balance(needed, action, detail)
    }

    fn ensure_balance(&self, needed: U256, action: &str, detail: String) -> Result<(), Error> {
        let account = self.require_signer()?;
        let balance = self.balance_of(account)?;
        if balance < needed {
            return Err(Error::InsufficientFunds {
                account,
                balance,
                needed,
                action: action.into(),
                detail: detail.into(),
            });
        }
        Ok(())
    }

    /// Estimates, checks the balance, signs, sends and waits for the receipt of one transaction. A value the
    /// sender cannot pay is refused before anything is sent, naming the balance and the amount needed: the value
    /// plus the gas, estimated without the value, since a node cannot simulate a payment the account cannot make.
    pub fn send(&mut self, what: &str, kind: TxKind, data: Bytes, value: U256) -> Result<Receipt<()>, Error> {
        let from = self.require_signer()?;
        if let Some(mut ledger) = self.ledger.take() {
            let earlier = ledger.earlier_result(self, kind, &data, value);
            self.ledger = Some(ledger);
            if let Some(report) = earlier? {
                return Ok(report);
            }
        }
        let balance = self.balance_of(from)?;
        if balance < value {
            let gas = self.estimate(what, kind, data.clone(), U256::ZERO).ok();
            return Err(Error::InsufficientFunds {
                account: from,
                balance,
                needed: value + gas.as_ref().map_or(U256::ZERO, GasEstimate::max_fee),
                action: what.into(),
                detail: cost_detail(value, gas.as_ref()).into(),
            });
        }
        let estimate = self.estimate(what, kind, data.clone(), value)?;
        self.ensure_balance(estimate.max_fee() + value, what, cost_detail(value, Some(&estimate)))?;
        match self.ledger.take() {
            Some(mut ledger) => {
                let result = ledger.send(self, what, kind, data, value, &estimate);
                self.ledger = Some(ledger);
                result
            }
            None => self.send_estimated(what, kind, data, value, &estimate),
        }
    }

    /// Signs, sends and waits for a transaction whose gas was estimated already.
    pub fn send_estimated(
        &mut self,
        what: &str,
        kind: TxKind,
        data: Bytes,
        value: U256,
        estimate: &GasEstimate,
    ) -> Result<Receipt<()>, Error> {
        self.send_recorded(what, kind, data, value, estimate, &mut |_| Ok(()))
    }

    /// Like [`Rpc::send_estimated`], calling `on_sent` with the transaction's hash and nonce before its receipt
    /// is awaited: with a local key before it is even sent (so a crash can never lose a transaction that went
    /// out), with an unlocked account as soon as the node names its hash. An error from `on_sent` stops a
    /// locally signed transaction from being sent.
    pub fn send_recorded(
        &mut self,
        what: &str,
        kind: TxKind,
        data: Bytes,
        value: U256,
        estimate: &GasEstimate,
        on_sent: &mut dyn FnMut(&SentTx) -> Result<(), Error>,
    ) -> Result<Receipt<()>, Error> {
        let from = self.require_signer()?;
        let nonce = match self.next_nonce {
            Some(nonce) => nonce,
            None => self.nonce(from)?,
        };
        let mut request = request(from, kind, data, value)
            .with_gas_limit(estimate.gas_limit)
            .with_nonce(nonce)
            .with_chain_id(self.chain_id);
        if self.options.fees.legacy {
            request = request.with_gas_price(estimate.max_fee_per_gas);
        } else {
            request = request
                .with_max_fee_per_gas(estimate.max_fee_per_gas)
                .with_max_priority_fee_per_gas(estimate.max_priority_fee_per_gas);
        }
        let to = match kind {
            TxKind::Call(to) => Some(to),
            TxKind::Create => None,
        };
        let hash = match self.wallet.clone() {
            Some(wallet) => {
                let envelope = self.block(request.build(&wallet)).map_err(|err| Error::Rpc {
                    url: self.url.clone(),
                    action: "signing the transaction",
                    reason: err.to_string(),
                })?;
                let hash = *envelope.tx_hash();
                on_sent(&SentTx { hash, nonce, from, to })?;
                let pending = self
                    .block(self.client.provider().send_raw_transaction(&envelope.encoded_2718()))
                    .map_err(|err| revert_or(err, what, &self.url, "eth_sendRawTransaction"))?;
                *pending.tx_hash()
            }
            None => {
                let pending = self
                    .block(self.client.provider().send_transaction(request))
                    .map_err(|err| revert_or(err, what, &self.url, "eth_sendTransaction"))?;
                let hash = *pending.tx_hash();
                on_sent(&SentTx { hash, nonce, from, to })?;
                hash
            }
        };
        self.next_nonce = self.next_nonce.map(|n| n.saturating_add(1));
        if self.options.no_wait {
            return Err(Error::NotAwaited {
                what: what.to_owned(),
                hash,
                nonce,
            });
        }
        let receipt = self.wait_for_receipt(what, hash)?;
        if !receipt.status() {
            return Err(Error::Reverted {
                function: what.to_owned(),
                name: None,
                detail: format!(
                    "transaction {hash} was mined in block {} but reverted (the receipt carries no reason)",
                    receipt.block_number.unwrap_or_default()
                ),
                data: Bytes::new(),
            });
        }
        Ok(receipt_of(&receipt))
    }

    fn wait_for_receipt(&mut self, what: &str, hash: B256) -> Result<TransactionReceipt, Error> {
        let started = Instant::now();
        loop {
            let mut receipt = self.block(self.client.receipt(hash))?;
            // A receipt counts once its block has `confirmations - 1` blocks on top (Foundry's meaning); until
            // then it is asked for again, so a reorganisation that takes it away is seen.
            if let Some(mined) = receipt.as_ref().and_then(|r| r.block_number)
                && self.options.confirmations > 1
            {
                let head = self.block_number()?;
                if head.saturating_sub(mined) + 1 < self.options.confirmations {
                    receipt = None;
                }
            }
            let elapsed = started.elapsed();
            let timed_out = elapsed >= self.options.receipt_timeout;
            if let Some(on_wait) = &mut self.on_wait {
                on_wait(&Waiting {
                    what,
                    hash,
                    elapsed,
                    done: receipt.is_some() || timed_out,
                });
            }
            if let Some(receipt) = receipt {
                return Ok(receipt);
            }
            if timed_out {
                return Err(Error::ReceiptTimeout {
                    hash,
                    seconds: self.options.receipt_timeout.as_secs(),
                    advice: "it may still be mined; check it later, or raise --timeout".to_owned(),
                });
            }
            std::thread::sleep(self.options.poll_interval);
        }
    }

    /// Runs a request (alloy's request builders are `IntoFuture`) to completion on the private runtime.
    fn block<F: std::future::IntoFuture>(&self, request: F) -> F::Output {
        self.runtime.block_on(request.into_future())
    }

    fn balance_of(&self, account: Address) -> Result<U256, Error> {
        self.block(self.client.balance(account))
    }
}

impl Transactor for Rpc {
    type Error = Error;

    fn chain_id(&self) -> u64 {
        self.chain_id
    }

    fn sender(&self) -> Option<Address> {
        self.signer
    }

    fn send_data(&mut self, what: &str, to: Address, value: U256, data: Bytes) -> Result<Receipt<()>, Error> {
        self.send(what, TxKind::Call(to), data, value)
    }

    fn call_data(&mut self, to: Address, data: Bytes) -> Result<Bytes, Error> {
        self.block(
            self.client
                .call("the call", Some(self.signer.unwrap_or(Address::ZERO)), to, data),
        )
    }

    fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, Error> {
        let output = self.block(
            self.client
                .call(C::SIGNATURE, self.signer, to, call.abi_encode().into()),
        )?;
        C::abi_decode_returns(&output).map_err(|err| Error::Rpc {
            url: self.url.clone(),
            action: "eth_call",
            reason: format!(
                "the answer to {} does not decode ({err}); is this the right contract?",
                C::SIGNATURE
            ),
        })
    }

    fn lookup(&mut self, hash: B256) -> Result<Lookup, Error> {
        self.block(self.client.lookup(hash))
    }

    fn head(&mut self) -> Result<Head, Error> {
        self.block(self.client.head())
    }

    fn balance(&mut self, account: Address) -> Result<U256, Error> {
        self.balance_of(account)
    }

    fn code(&mut self, address: Address) -> Result<Bytes, Error> {
        self.block(self.client.code(address))
    }
}

/// Where the amount a transaction needs comes from, in words.
fn cost_detail(value: U256, gas: Option<&GasEstimate>) -> String {
    let gas = match gas {
        Some(gas) => format!(
            "gas of up to {} ({} gas at most × {} wei per gas)",
            marubatsu_chain::amounts::ether_and_wei(gas.max_fee()),
            gas.gas_limit,
            gas.max_fee_per_gas
        ),
        None => "gas (not estimated: the node cannot simulate it without the value)".to_owned(),
    };
    if value.is_zero() {
        gas
    } else {
        format!(
            "the value {} plus {gas}",
            marubatsu_chain::amounts::ether_and_wei(value)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::redact_url;

    #[test]
    fn urls_lose_everything_that_may_be_a_key() {
        assert_eq!(redact_url("http://127.0.0.1:8545"), "http://127.0.0.1:8545");
        assert_eq!(
            redact_url("https://eth-sepolia.example.com/v2/SECRETKEY"),
            "https://eth-sepolia.example.com/…"
        );
        assert_eq!(
            redact_url("https://user:pw@rpc.example.org/?key=SECRET"),
            "https://rpc.example.org/…"
        );
        assert_eq!(redact_url("not a url SECRET"), "<unparseable URL>");
    }

    #[test]
    fn an_https_endpoint_is_spoken_to_in_tls() {
        // A listener that records the first bytes a client sends, then hangs up: over https:// they are a TLS
        // handshake record (0x16, version 3.x), so the client has a TLS provider and uses it.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let first_bytes = std::thread::spawn(move || {
            use std::io::Read;
            let (mut stream, _) = listener.accept().unwrap();
            let mut head = [0; 2];
            stream.read_exact(&mut head).unwrap();
            head
        });
        let url = Secret::new(format!("https://127.0.0.1:{port}"));
        let err = Rpc::connect(&url, None, RpcOptions::default()).unwrap_err();
        assert!(matches!(err, Error::Unreachable { .. }), "{err}");
        assert_eq!(first_bytes.join().unwrap(), [0x16, 0x03]);
    }

    #[test]
    fn a_bad_scheme_is_refused() {
        let err = Rpc::connect(&Secret::new("ftp://x"), None, RpcOptions::default()).unwrap_err();
        assert!(matches!(err, Error::BadUrl { .. }), "{err}");
    }
}
