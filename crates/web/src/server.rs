//! The app's state and the HTTP server around it.

use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use alloy_primitives::Address;
use axum::{
    Router,
    http::{HeaderValue, StatusCode, header},
    middleware,
    response::{IntoResponse, Response},
};
use marubatsu_chain::compiler::ContractSet;
use tokio::sync::oneshot;

use crate::chain::{ChainClient, Contracts, Embedded, Remote};
use crate::error::WebError;
use crate::games;
use crate::lang::Lang;
use crate::words::{Words, t};
use crate::{api::ApiError, assets};

/// What the handlers share.
pub(crate) struct AppState {
    /// Names this run of the server. The in-process chain starts empty on every start, so a page that kept a
    /// game id compares this first: a different instance means that game is gone.
    pub(crate) instance: String,
    /// The chain tic-tac-toe plays on (a node, or the in-process chain), or why there is none, in the catalogs'
    /// words.
    pub(crate) tictactoe: Result<ChainClient, Words>,
}

impl AppState {
    /// The tic-tac-toe contracts' chain, or a 503 saying why there is none.
    pub(crate) fn tictactoe(&self) -> Result<&ChainClient, ApiError> {
        match &self.tictactoe {
            Ok(chain) => Ok(chain),
            Err(reason) => Err(ApiError::unavailable(reason.clone())),
        }
    }
}

/// A deployed pair of game contracts on a node that the app reads but never signs for.
#[derive(Clone, Debug)]
pub struct RemoteChain {
    /// The node's JSON-RPC endpoint (http:// or https://), already checked to serve `chain_id`.
    pub url: String,
    /// The chain id the node serves; pages ask the wallet to switch to it.
    pub chain_id: u64,
    /// `SoloTicTacToe`'s address there.
    pub solo: Address,
    /// `TicTacToe`'s address there.
    pub pvp: Address,
}

/// The web app, ready to serve: its games' pages and APIs, and the tic-tac-toe contracts on a chain (the
/// in-process one by default, or a node's).
#[derive(Clone)]
pub struct App {
    state: Arc<AppState>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("instance", &self.state.instance)
            .field("tictactoe", &self.state.tictactoe.as_ref().map(ChainClient::mode))
            .finish()
    }
}

impl App {
    /// The app with `SoloTicTacToe` and `TicTacToe` from `contracts` deployed into a new
    /// [`marubatsu_chain::evm::Chain`], where each browser gets a funded account of its own.
    pub fn new(contracts: &ContractSet) -> Result<App, WebError> {
        Ok(App::with_chain(Ok(ChainClient::Embedded(Embedded::start(contracts)?))))
    }

    /// The app as a client of contracts deployed on a node: players sign with their own wallets; the app holds
    /// no key and has no way to send a transaction.
    pub fn on_chain(chain: &RemoteChain) -> App {
        let contracts = Contracts {
            chain_id: chain.chain_id,
            solo: chain.solo,
            pvp: chain.pvp,
        };
        // Callers check the node before (the command line connects to it first), so a bad URL is a caller's
        // bug; the page still says what is wrong instead of the server refusing to start.
        App::with_chain(
            match marubatsu_client::rpc::RpcClient::new(&marubatsu_client::wallet::Secret::new(chain.url.clone())) {
                Ok(client) => Ok(ChainClient::Remote(Remote::new(client, contracts))),
                Err(err) => Err(Words::new("tictactoe.api.unavailable")
                    .with("reason", Words::new("tictactoe.api.rpcUrl").arg("error", err))),
            },
        )
    }

    /// The app without the contracts (they could not be compiled, say): every page works except tic-tac-toe
    /// on chain, which shows `reason` (the caller's words, as they are, after a sentence in the player's language).
    pub fn without_chain(reason: impl Into<String>) -> App {
        App::with_chain(Err(Words::new("tictactoe.api.unavailable").arg("reason", reason.into())))
    }

    /// The app around `tictactoe`'s chain, or the words that say why tic-tac-toe on chain cannot be played.
    fn with_chain(tictactoe: Result<ChainClient, Words>) -> App {
        App {
            state: Arc::new(AppState {
                instance: instance_id(),
                tictactoe,
            }),
        }
    }

    /// Every route of the app: the index, each game's page and API, the assets.
    pub fn router(&self) -> Router {
        games::router()
            .merge(assets::router())
            .fallback(|lang: Lang| async move { (StatusCode::NOT_FOUND, t(lang, "api.notFound", &[])).into_response() })
            .layer(middleware::from_fn(crate::api::localise))
            .layer(middleware::map_response(security_headers))
            .with_state(self.state.clone())
    }
}

/// Pages may load only what this server serves: no inline script, nothing from another origin.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// A name for this run: the start time and the process id. Only compared for equality.
fn instance_id() -> String {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{nanos:x}-{:x}", std::process::id())
}

/// A running server: it listens from [`Server::bind`] on and stops when dropped.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` (port 0 picks a free port) and serves `app` from a thread of its own.
    pub fn bind(addr: SocketAddr, app: App) -> Result<Server, WebError> {
        let bind_error = |source| WebError::Bind { addr, source };
        let listener = std::net::TcpListener::bind(addr).map_err(bind_error)?;
        listener.set_nonblocking(true).map_err(bind_error)?;
        let local = listener.local_addr().map_err(bind_error)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(WebError::Start)?;
        let listener = {
            let _context = runtime.enter();
            tokio::net::TcpListener::from_std(listener).map_err(bind_error)?
        };
        let router = app.router();
        let (shutdown, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("marubatsu-web".into())
            .spawn(move || {
                runtime.spawn(async move {
                    // Accept errors (too many open files, say) are retried inside axum; this returns only if
                    // the listener itself fails.
                    if let Err(err) = axum::serve(listener, router).await {
                        eprintln!("marubatsu web server stopped: {err}");
                    }
                });
                // Until the handle is dropped (or its sender is: a dropped sender also wakes this).
                let _ = runtime.block_on(stopped);
                // Cancels the open connections too; a browser tab left open must not keep the server alive.
                runtime.shutdown_timeout(Duration::from_millis(500));
            })
            .map_err(WebError::Start)?;
        Ok(Server {
            addr: local,
            shutdown: Some(shutdown),
            thread: Some(thread),
        })
    }

    /// The address it listens on, with the port it got.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The URL to open on this machine: the address it listens on, or loopback if it listens on every interface.
    pub fn url(&self) -> String {
        let mut addr = self.addr;
        if addr.ip().is_unspecified() {
            addr.set_ip(if addr.is_ipv4() {
                Ipv4Addr::LOCALHOST.into()
            } else {
                Ipv6Addr::LOCALHOST.into()
            });
        }
        format!("http://{addr}/")
    }

    /// Serves until the process ends (the command line's Ctrl-C).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            // Keep the sender alive while waiting: dropping it would stop the server.
            let _shutdown = self.shutdown.take();
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
