//! Tic-tac-toe on chain — solo against `SoloTicTacToe`'s CPU and PvP with stakes through `TicTacToe` — and two
//! players on one device through the engine.
//!
//! **The ABI stays in Rust.** The page never encodes a call: it asks this server for a transaction
//! (`{to, data, value}`, from the contracts' `sol!` bindings), hands it to a wallet, and asks here again what
//! became of the hash (events in words, the CPU's reply, gas, or the custom error explained). Games are read
//! from the contracts. Two kinds of chain:
//! - `serve --rpc-url` ([`ChainClient::Remote`]): the players' own wallets (EIP-1193) sign and send; this
//!   server holds no key, and `POST /send` refuses.
//! - the embedded in-process chain ([`ChainClient::Embedded`]): each browser gets a funded account of its own
//!   behind an HttpOnly cookie, and `POST /send` sends from that account only, so the contracts refuse a move
//!   in someone else's game as they would on a real chain.
//!
//! ```text
//! GET  /api/tictactoe/chain                      mode, chain id, contracts (embedded: this browser's account)
//! GET  /api/tictactoe/head                       the latest block (503 while the node does not answer)
//! POST /api/tictactoe/tx                         {"action": "play", "game": 1, "cell": 4} -> {to, data, value}
//! GET  /api/tictactoe/tx/{hash}?account=&nonce=&since=  pending / confirmed in block N with events / reverted,
//!                                                why / replaced at its nonce / unknown (dropped?)
//! POST /api/tictactoe/send                       embedded only: {to, data, value} -> {hash}
//! POST /api/tictactoe/explain                    {to, data}: revert data a wallet reported, in words
//! GET  /api/tictactoe/solo/games/{id}            a solo game
//! GET  /api/tictactoe/pvp/games/{id}?viewer=0x…  a PvP game, its clock, what the viewer can do
//! GET  /api/tictactoe/pvp/games/{id}/oracle      what Hard would play for the player to move
//! GET  /api/tictactoe/pvp/balance/{account}      what the account can withdraw
//! POST /api/tictactoe/hotseat                    {"moves": [4, 0, 8]} -> the board and the outcome
//! ```

use alloy_primitives::{Address, B256, Bytes, U256};
use axum::{
    Json, Router,
    extract::{Path, RawQuery, State},
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};

use super::{GamePage, Script, Shared};
use crate::api::{ApiError, JsonBody};
use crate::lang::Lang;
use crate::words::Words;

mod calls;
mod contract;
mod hotseat;
mod reads;
mod receipts;
mod time_bank;
mod view;
mod words;

use crate::chain::{ChainClient, Embedded};
use view::ChainView;
use words::Contract;

/// The tic-tac-toe page.
pub(crate) const GAME: GamePage = GamePage {
    slug: "tictactoe",
    title: "Tic-tac-toe",
    summary: "Three in a row against the computer at easy, normal or hard, or another player for a stake, each \
              move a transaction — or two players on one device.",
    title_ja: "まるばつ",
    summary_ja: "コンピューター（かんたん・ふつう・むずかしい）や掛け金をかけた相手とチェーン上で対戦、または1台で2人対戦の三目並べ。",
    page: include_str!("page.html"),
    scripts: &[
        Script::part("state", include_str!("state.js")),
        Script::part("wallet", include_str!("wallet.js")),
        Script::part("node", include_str!("node.js")),
        Script::part("transactions", include_str!("transactions.js")),
        Script::part("solo", include_str!("solo.js")),
        Script::part("status", include_str!("status.js")),
        Script::part("bank", include_str!("bank.js")),
        Script::part("pvp", include_str!("pvp.js")),
        Script::part("hotseat", include_str!("hotseat.js")),
        Script::part("render", include_str!("render.js")),
        Script::page(include_str!("script.js")),
    ],
    strings: include_str!("strings.js"),
    style: include_str!("style.css"),
    api,
    picture: super::pictures::TICTACTOE,
};

/// The cookie that names a browser's session on the embedded chain (and so its account there).
const SESSION_COOKIE: &str = "marubatsu_session";

fn api() -> Router<Shared> {
    Router::new()
        .route("/chain", get(chain_info))
        .route("/head", get(head))
        .route("/tx", post(encode))
        .route("/tx/{hash}", get(transaction))
        .route("/send", post(send))
        .route("/explain", post(explain))
        .route("/solo/games/{id}", get(solo_game))
        .route("/pvp/games/{id}", get(pvp_game))
        .route("/pvp/games/{id}/oracle", get(oracle))
        .route("/pvp/balance/{account}", get(balance))
        .route("/hotseat", post(hotseat::hot_seat))
}

async fn chain_info(State(state): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    let chain = state.tictactoe()?;
    let contracts = chain.contracts().clone();
    let head = chain.head().await?;
    let (account, cookie) = match chain {
        ChainClient::Embedded(embedded) => match known_account(embedded, &headers).await? {
            Some(account) => (Some(account), None),
            None => {
                let token = B256::random().to_string();
                let account = embedded.open_account(token.clone()).await?;
                (Some(account), Some(token))
            }
        },
        ChainClient::Remote(_) => (None, None),
    };
    let body = Json(ChainView {
        instance: state.instance.clone(),
        mode: chain.mode(),
        chain_id: contracts.chain_id,
        solo: contracts.solo,
        pvp: contracts.pvp,
        account,
        block: head.number,
        timestamp: head.timestamp,
        block_seconds: block_seconds(contracts.chain_id),
        time_banks: time_bank::contract_has_banks(chain).await?,
        claim_blocks: time_bank::claim_blocks(chain).await,
    });
    let mut response = body.into_response();
    if let Some(token) = cookie {
        let value = format!("{SESSION_COOKIE}={token}; Path=/api/tictactoe; HttpOnly; SameSite=Strict");
        let value = HeaderValue::from_str(&value)
            .map_err(|e| ApiError::internal(Words::new("tictactoe.api.cookie").arg("error", e)))?;
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    Ok(response)
}

/// The pace of the blocks the contract counts, when the chain is known by name (on Arbitrum L1's, whose numbers
/// `block.number` gives), so that the page can say a count of blocks as time; none on a development chain, whose
/// blocks come with transactions.
fn block_seconds(chain_id: u64) -> Option<f64> {
    marubatsu_client::deploy::DefaultClaimBlocks::for_chain(chain_id)
        .pace
        .map(|pace| pace.as_secs_f64())
}

/// The latest block: what the page asks while it waits for nothing else, to say so when the node stops answering
/// (or the contracts are gone from its chain) and to take the notice down when it is back.
async fn head(State(state): State<Shared>) -> Result<Json<view::HeadView>, ApiError> {
    let chain = state.tictactoe()?;
    let head = chain.head().await?;
    chain.watch_contracts(head.number).await?;
    Ok(Json(view::HeadView {
        block: head.number,
        timestamp: head.timestamp,
    }))
}

/// The account of the session the request's cookie names, if it names one that still has an account.
async fn known_account(embedded: &Embedded, headers: &HeaderMap) -> Result<Option<Address>, ApiError> {
    match session(headers) {
        Some(token) => embedded.account_of(token).await,
        None => Ok(None),
    }
}

/// The session token from the request's cookies, if it carries one.
fn session(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, token)| token.to_owned())
}

async fn encode(
    State(state): State<Shared>,
    lang: Lang,
    JsonBody(action): JsonBody<calls::Action>,
) -> Result<Json<calls::Encoded>, ApiError> {
    let chain = state.tictactoe()?;
    // Nothing is encoded for an address where the contract is gone: the wallet is never asked to send there.
    chain.check_contracts().await?;
    action.encode(chain, lang).await.map(Json)
}

async fn transaction(
    State(state): State<Shared>,
    Path(hash): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<view::TxView>, ApiError> {
    let hash: B256 = hash
        .parse()
        .map_err(|_| ApiError::bad_request(Words::new("tictactoe.api.badHash").arg("text", format!("{hash:?}"))))?;
    let query = query.as_deref();
    let account = param(query, "account", "tictactoe.api.badParam.account")?;
    let nonce = param(query, "nonce", "tictactoe.api.badParam.nonce")?;
    let since = param(query, "since", "tictactoe.api.badParam.since")?.unwrap_or(0);
    let chain = state.tictactoe()?;
    let tracked = chain.track(hash, account, nonce, since).await?;
    Ok(Json(receipts::describe_tracked(tracked, chain.contracts())))
}

/// `name=value` from a query string, parsed, if it is there; `refused` is the catalog's key for a value that is not
/// one.
fn param<T: std::str::FromStr>(query: Option<&str>, name: &str, refused: &'static str) -> Result<Option<T>, ApiError> {
    let prefix = format!("{name}=");
    let Some(value) = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix(prefix.as_str()))
    else {
        return Ok(None);
    };
    value
        .parse()
        .map(Some)
        .map_err(|_| ApiError::bad_request(Words::new(refused).arg("value", format!("{value:?}"))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SendRequest"))]
struct Send {
    #[cfg_attr(test, ts(type = "string"))]
    to: Address,
    #[cfg_attr(test, ts(type = "string"))]
    data: Bytes,
    #[serde(default)]
    #[cfg_attr(test, ts(type = "string", optional))]
    value: U256,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SentTxHash"))]
struct Sent {
    #[cfg_attr(test, ts(type = "string"))]
    hash: B256,
}

/// Embedded mode only: sends a transaction from this browser's own account. A server on a real chain holds no
/// key and says so.
async fn send(
    State(state): State<Shared>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Send>,
) -> Result<Json<Sent>, ApiError> {
    let ChainClient::Embedded(embedded) = state.tictactoe()? else {
        return Err(ApiError::not_found(Words::new("tictactoe.api.noSigning")));
    };
    let from = known_account(embedded, &headers)
        .await?
        .ok_or_else(|| ApiError::bad_request(Words::new("tictactoe.api.noAccount")))?;
    if request.to != embedded.contracts.solo && request.to != embedded.contracts.pvp {
        return Err(ApiError::bad_request(Words::new("tictactoe.api.notAGame")));
    }
    let hash = embedded.send(from, request.to, request.data, request.value).await?;
    Ok(Json(Sent { hash }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ExplainRequest"))]
struct Explain {
    #[cfg_attr(test, ts(type = "string"))]
    to: Address,
    #[cfg_attr(test, ts(type = "string"))]
    data: Bytes,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Explained"))]
struct Explained {
    error_name: String,
    /// Why, as the catalog's sentence the page words.
    reason: Words,
}

/// A wallet that refuses to send a transaction that would revert (it estimates gas first) reports the revert
/// data; this says what it means, as a receipt's reason would.
async fn explain(
    State(state): State<Shared>,
    JsonBody(request): JsonBody<Explain>,
) -> Result<Json<Explained>, ApiError> {
    let contracts = state.tictactoe()?.contracts();
    let contract = if request.to == contracts.solo {
        Contract::Solo
    } else {
        Contract::Pvp
    };
    let refusal = words::refusal(contract, &request.data);
    Ok(Json(Explained {
        error_name: refusal.name,
        reason: refusal.words,
    }))
}

async fn solo_game(State(state): State<Shared>, Path(id): Path<u64>) -> Result<Json<view::SoloView>, ApiError> {
    reads::solo_game(state.tictactoe()?, id).await.map(Json)
}

async fn pvp_game(
    State(state): State<Shared>,
    lang: Lang,
    Path(id): Path<u64>,
    RawQuery(query): RawQuery,
) -> Result<Json<view::PvpView>, ApiError> {
    reads::pvp_game(state.tictactoe()?, id, viewer(query.as_deref())?, lang)
        .await
        .map(Json)
}

/// `viewer=0x…` from a query string: whose page asks, so that the answer says what that account can do.
fn viewer(query: Option<&str>) -> Result<Option<Address>, ApiError> {
    let Some(value) = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("viewer="))
    else {
        return Ok(None);
    };
    value
        .parse()
        .map(Some)
        .map_err(|_| ApiError::bad_request(Words::new("tictactoe.call.badAddress").arg("text", format!("{value:?}"))))
}

async fn oracle(
    State(state): State<Shared>,
    lang: Lang,
    Path(id): Path<u64>,
) -> Result<Json<view::OracleView>, ApiError> {
    reads::oracle(state.tictactoe()?, id, lang).await.map(Json)
}

async fn balance(
    State(state): State<Shared>,
    Path(account): Path<String>,
) -> Result<Json<view::BalanceView>, ApiError> {
    let account: Address = account.parse().map_err(|_| {
        ApiError::bad_request(Words::new("tictactoe.call.badAddress").arg("text", format!("{account:?}")))
    })?;
    reads::balance(state.tictactoe()?, account).await.map(Json)
}
/// The wire's TypeScript declarations: the views and requests of this game's endpoints.
#[cfg(test)]
pub(crate) fn wire_declarations(config: &ts_rs::Config) -> Vec<String> {
    use marubatsu_engine::tictactoe::{Difficulty, PvpAction, PvpEnding, PvpRole, PvpStatus, SoloResult};
    use ts_rs::TS;
    vec![
        Difficulty::decl(config),
        SoloResult::decl(config),
        PvpStatus::decl(config),
        PvpEnding::decl(config),
        PvpRole::decl(config),
        PvpAction::decl(config),
        view::ChainView::decl(config),
        view::HeadView::decl(config),
        view::SoloView::decl(config),
        view::PvpView::decl(config),
        view::TimeBankView::decl(config),
        view::BalanceView::decl(config),
        view::OracleView::decl(config),
        view::ReplacementView::decl(config),
        view::TxView::decl(config),
        view::HotSeatView::decl(config),
        calls::Action::decl(config),
        calls::Encoded::decl(config),
        Send::decl(config),
        Sent::decl(config),
        Explain::decl(config),
        Explained::decl(config),
        hotseat::HotSeat::decl(config),
        hotseat::Played::decl(config),
    ]
}
