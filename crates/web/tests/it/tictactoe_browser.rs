//! Tic-tac-toe in headless Chromium against anvil, as `serve --rpc-url` runs it: the server holds no key, and
//! each page plays through a test EIP-1193 wallet injected before the page loads (Chrome DevTools
//! `Page.addScriptToEvaluateOnNewDocument`) that announces itself by EIP-6963 and forwards requests to anvil's
//! unlocked accounts. One anvil, one server and two browser sessions for the whole story, since CI time
//! matters: connect and switch chains, solo against Hard with a refusal and a reload mid-transaction, two staked
//! games (a win and a timeout claim), a withdrawal, an uninvited join, two pages racing to join one game in one
//! block; then alloy, not the page, checks every balance to the wei.

use crate::support;

use std::net::SocketAddr;

use alloy::{
    consensus::Transaction as _,
    eips::BlockNumberOrTag,
    network::TransactionBuilder,
    providers::{DynProvider, Provider},
    rpc::types::TransactionRequest,
};
use alloy_primitives::{Address, U256, utils::parse_ether};
use alloy_sol_types::SolCall;
use marubatsu_chain::bindings::{ITicTacToe, ITicTacToeTimeBank};
use marubatsu_client::{rpc::RpcClient, wallet::Secret};
use marubatsu_engine::tictactoe::optimal_moves;
use marubatsu_tests::anvil::Anvil;
use marubatsu_web::{App, RemoteChain, Server};
use serde_json::{Value, json};
use support::pages::tictactoe::{TictactoePage, position, said};
use support::{Browser, Driver, browser_slot, contracts, request, words};

const DESKTOP: (u32, u32) = (1280, 900);
const CHAIN_ID: u64 = 31_337;

/// A synchronous client of anvil for the test's own checks and set-up (never the page's way in): the project's
/// one RPC client, whose alloy provider it drives directly for anvil's unlocked accounts and `evm_*` methods.
struct Node {
    runtime: tokio::runtime::Runtime,
    client: RpcClient,
}

impl Node {
    fn new(url: &str) -> Node {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap_or_else(|err| panic!("{err}"));
        let client = {
            let _guard = runtime.enter();
            RpcClient::new(&Secret::new(url)).unwrap_or_else(|err| panic!("{err}"))
        };
        Node { runtime, client }
    }

    fn provider(&self) -> &DynProvider {
        self.client.provider()
    }

    fn accounts(&self) -> Vec<Address> {
        self.runtime
            .block_on(self.provider().get_accounts())
            .unwrap_or_else(|err| panic!("{err}"))
    }

    /// Deploys contract `name`; TicTacToe with `claim_blocks`, the blocks a timeout claim waits for besides the time
    /// (`marubatsu deploy` chooses none on anvil, which mines a block per transaction).
    fn deploy(&self, from: Address, name: &str, claim_blocks: u32) -> Address {
        let contract = contracts().get(name).unwrap_or_else(|err| panic!("{err}"));
        let code = if name == marubatsu_chain::compiler::PVP_CONTRACT {
            marubatsu_chain::pvp::pvp_creation_code(contract, claim_blocks)
        } else {
            contract.bytecode.clone()
        };
        let tx = TransactionRequest::default().with_from(from).with_deploy_code(code);
        self.runtime.block_on(async {
            let pending = self
                .provider()
                .send_transaction(tx)
                .await
                .unwrap_or_else(|err| panic!("{err}"));
            let receipt = pending.get_receipt().await.unwrap_or_else(|err| panic!("{err}"));
            receipt
                .contract_address
                .unwrap_or_else(|| panic!("{name} was not created"))
        })
    }

    /// Sends `data` from anvil's unlocked `from` with a fixed gas limit, so that even a call that reverts is
    /// mined; returns its hash once mined.
    fn send_unchecked(&self, from: Address, to: Address, data: Vec<u8>) -> String {
        let hash = self.send_now(from, to, data);
        let parsed = hash.parse().unwrap_or_else(|err| panic!("{err}"));
        loop {
            let receipt = self
                .runtime
                .block_on(self.provider().get_transaction_receipt(parsed))
                .unwrap_or_else(|err| panic!("{err}"));
            if let Some(receipt) = receipt {
                assert!(!receipt.status(), "the call was meant to revert");
                return hash;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Sends `data` from anvil's unlocked `from` with a fixed gas limit and returns its hash without waiting:
    /// with automine off, several wait in the pool for one block.
    fn send_now(&self, from: Address, to: Address, data: Vec<u8>) -> String {
        let tx = TransactionRequest::default()
            .with_from(from)
            .with_to(to)
            .with_input(data)
            .with_gas_limit(200_000);
        self.runtime.block_on(async {
            let pending = self
                .provider()
                .send_transaction(tx)
                .await
                .unwrap_or_else(|err| panic!("{err}"));
            pending.tx_hash().to_string()
        })
    }

    /// Whether `from` calling `to` with `data` would succeed in the next block (anvil's `pending` block: the next
    /// number, and a time past the latest block's), which is where anything a page sends now lands.
    fn would_succeed_next(&self, from: Address, to: Address, data: Vec<u8>) -> bool {
        let call = json!([{"from": from, "to": to, "data": alloy_primitives::Bytes::from(data)}, "pending"]);
        self.runtime
            .block_on(self.provider().raw_request::<_, Value>("eth_call".into(), call))
            .is_ok()
    }

    /// Game `game`'s banks as `ITicTacToeTimeBank::timeBanks` answers them: chosen, X's, O's.
    fn time_banks(&self, pvp: Address, game: u64) -> (u32, u32, u32) {
        let call = ITicTacToeTimeBank::timeBanksCall {
            gameId: U256::from(game),
        };
        let tx = TransactionRequest::default().with_to(pvp).with_input(call.abi_encode());
        let output = self
            .runtime
            .block_on(async { self.provider().call(tx).await })
            .unwrap_or_else(|err| panic!("timeBanks: {err}"));
        let banks =
            ITicTacToeTimeBank::timeBanksCall::abi_decode_returns(&output).unwrap_or_else(|err| panic!("{err}"));
        (banks.timeBank, banks.xBank, banks.oBank)
    }

    fn raw(&self, method: &'static str, params: Value) -> Value {
        self.runtime
            .block_on(self.provider().raw_request::<_, Value>(method.into(), params))
            .unwrap_or_else(|err| panic!("{method}: {err}"))
    }

    fn block_number(&self) -> u64 {
        self.runtime
            .block_on(self.provider().get_block_number())
            .unwrap_or_else(|err| panic!("{err}"))
    }

    fn nonce(&self, account: Address) -> u64 {
        self.runtime
            .block_on(async { self.provider().get_transaction_count(account).pending().await })
            .unwrap_or_else(|err| panic!("{err}"))
    }

    fn code(&self, account: Address) -> alloy_primitives::Bytes {
        self.runtime
            .block_on(async { self.provider().get_code_at(account).await })
            .unwrap_or_else(|err| panic!("{err}"))
    }

    fn balance(&self, account: Address) -> U256 {
        self.runtime
            .block_on(async { self.provider().get_balance(account).await })
            .unwrap_or_else(|err| panic!("{err}"))
    }

    /// What `account`'s mined transactions cost it, over every block of the chain: the ether they attached, and
    /// the gas (gas used × effective gas price).
    fn spent_by(&self, account: Address) -> (U256, U256) {
        self.runtime.block_on(async {
            let latest = self
                .provider()
                .get_block_number()
                .await
                .unwrap_or_else(|err| panic!("{err}"));
            let (mut value, mut fees) = (U256::ZERO, U256::ZERO);
            for number in 0..=latest {
                let block = self
                    .provider()
                    .get_block_by_number(BlockNumberOrTag::Number(number))
                    .full()
                    .await
                    .unwrap_or_else(|err| panic!("{err}"))
                    .unwrap_or_else(|| panic!("block {number}"));
                for tx in block.transactions.txns() {
                    if tx.inner.signer() != account {
                        continue;
                    }
                    let receipt = self
                        .provider()
                        .get_transaction_receipt(*tx.inner.tx_hash())
                        .await
                        .unwrap_or_else(|err| panic!("{err}"))
                        .unwrap_or_else(|| panic!("a receipt for a mined transaction"));
                    value += tx.value();
                    fees += U256::from(receipt.gas_used) * U256::from(receipt.effective_gas_price);
                }
            }
            (value, fees)
        })
    }
}

/// The test wallet (`crates/web/tests/browser/test-wallet.js`, linted with the pages' scripts) of `account` on
/// anvil at `anvil`, starting on `chain_id`.
fn wallet_script(anvil: &str, account: Address, chain_id: u64) -> String {
    let config = json!({
        "rpc": anvil,
        // Lower case, as MetaMask hands it over: the page shows it checksummed, as the server writes it.
        "account": format!("{account:#x}"),
        "chainId": chain_id,
    });
    format!(
        "window.__testWalletConfig = {config};\n{}",
        include_str!("../browser/test-wallet.js")
    )
}

/// A browser with the test wallet of `account` in every page it loads; its wallet starts on `chain_id`.
fn wallet_browser<'a>(driver: &'a Driver, anvil: &str, account: Address, chain_id: u64) -> Browser<'a> {
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    inject_wallet(&browser, anvil, account, chain_id);
    browser
}

/// The test wallet of `account` in every page the browser's current tab loads from now on.
fn inject_wallet(browser: &Browser<'_>, anvil: &str, account: Address, chain_id: u64) {
    // The pages allow connections to their own server only; the test wallet talks to anvil directly.
    browser.execute_cdp("Page.setBypassCSP", json!({"enabled": true}));
    browser.execute_cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": wallet_script(anvil, account, chain_id)}),
    );
}

/// `a` creates PvP game 1 with the form's stake and `timeout` seconds per move (the form's default if none), and
/// `b` opens its link and joins it; both wallets connected, both transactions confirmed.
fn created_and_joined(a: &Browser<'_>, b: &Browser<'_>, server: &Server, timeout: Option<&str>) {
    let b_page = TictactoePage::new(b);
    let a_page = TictactoePage::new(a);
    a_page.open_pvp_connected(&server.url());
    if let Some(timeout) = timeout {
        a.script(
            "document.querySelector('#pvp-timeout').value = arguments[0];",
            &[json!(timeout)],
        );
    }
    a_page.send_staked("#pvp-create", true, "confirmed");
    b_page.open_pvp_connected(&server.url());
    b.goto(&format!("{}tictactoe?game=1", server.url()));
    b.wait_for(
        "the join terms",
        "return !document.querySelector('#pvp-join-box').hidden;",
        &[],
    );
    b_page.send_staked("#pvp-join", true, "confirmed");
}

/// How many significant digits the fee in a question has ("… about 0.000054 ETH in fees …": 2).
fn fee_digits(asked: &str) -> usize {
    let fee = asked
        .split("about ")
        .nth(1)
        .and_then(|rest| rest.split(" ETH").next())
        .unwrap_or_else(|| panic!("no fee in {asked}"));
    fee.replace('.', "").trim_start_matches('0').len()
}

const PHONE: (u32, u32) = (390, 844);

/// The lowest contrast (WCAG 2's ratio) between a winning cell's mark and the cell's background.
const LINE_CONTRAST: &str = "
    const channel = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    const luminance = (css) => {
      const [r, g, b] = css.match(/[0-9.]+/g).map(Number);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratios = [...document.querySelectorAll('#ttt-board .cell.line')].map((cell) => {
      const style = getComputedStyle(cell);
      const [fg, bg] = [luminance(style.color), luminance(style.backgroundColor)];
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
    return ratios.length === 3 ? Math.min(...ratios) : 0;";

/// The page sizes and languages every new state is checked at.
const VARIANTS: [(&str, (u32, u32), &str); 4] = [
    ("phone", PHONE, "en"),
    ("phone", PHONE, "ja"),
    ("desktop", DESKTOP, "en"),
    ("desktop", DESKTOP, "ja"),
];

/// Runs the page check on the state the page is in at both sizes and in both languages (after `settle`, which
/// waits for what the page reads again), then leaves it at desktop size in English.
fn check_everywhere(browser: &Browser<'_>, name: &str, decision: Option<&str>, settle: impl Fn()) {
    for (size, (width, height), lang) in VARIANTS {
        browser.set_viewport(width, height);
        support::set_language(browser, lang);
        settle();
        browser.check_page(&format!("{name}-{size}-{lang}"), decision);
    }
    browser.set_viewport(DESKTOP.0, DESKTOP.1);
    support::set_language(browser, "en");
}

fn cell(n: u8) -> String {
    format!("#ttt-board .cell[data-index='{n}']")
}

/// Anvil with both contracts deployed by its first account, and a server on it as `serve --rpc-url` runs it: the
/// set-up of every story here whose server talks to anvil directly.
struct OnAnvil {
    anvil: Anvil,
    node: Node,
    accounts: Vec<Address>,
    solo: Address,
    pvp: Address,
    server: Server,
}

fn on_anvil() -> OnAnvil {
    on_anvil_with(marubatsu_chain::pvp::default_claim_blocks(CHAIN_ID))
}

/// [`on_anvil`] with TicTacToe deployed to wait `claim_blocks` blocks before a timeout claim.
fn on_anvil_with(claim_blocks: u32) -> OnAnvil {
    let anvil = Anvil::start();
    let node = Node::new(&anvil.url);
    let accounts = node.accounts();
    let solo = node.deploy(accounts[0], "SoloTicTacToe", 0);
    let pvp = node.deploy(accounts[0], "TicTacToe", claim_blocks);
    let server = Server::bind(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        App::on_chain(&RemoteChain {
            url: anvil.url.clone(),
            chain_id: CHAIN_ID,
            solo,
            pvp,
        }),
    )
    .unwrap_or_else(|err| panic!("{err}"));
    OnAnvil {
        anvil,
        node,
        accounts,
        solo,
        pvp,
        server,
    }
}

#[test]
fn two_wallets_play_solo_and_staked_games_on_anvil_and_every_wei_is_accounted_for() {
    let _browser = browser_slot();
    let OnAnvil {
        anvil,
        node,
        accounts,
        solo: _,
        pvp,
        server,
    } = on_anvil();
    let (alice, bob, carol) = (accounts[1], accounts[2], accounts[3]);
    let start = [alice, bob].map(|a| node.balance(a));

    // The server signs nothing: there is no account here, and the embedded send route refuses.
    let info = request(server.local_addr(), "GET", "/api/tictactoe/chain", None).json();
    assert_eq!(
        (info["mode"].clone(), info["account"].clone()),
        (json!("rpc"), Value::Null)
    );
    let send = request(
        server.local_addr(),
        "POST",
        "/api/tictactoe/send",
        Some(&json!({"to": pvp, "data": "0x3ccfd60b"})),
    );
    assert_eq!(send.status, 404);
    assert_eq!(
        send.json()["error"],
        "this server holds no key and signs nothing: send the transaction from your wallet"
    );

    let driver = Driver::start();
    // Alice's wallet starts on another chain and unconnected.
    let a = wallet_browser(&driver, &anvil.url, alice, 1);
    let a_page = TictactoePage::new(&a);
    let b = wallet_browser(&driver, &anvil.url, bob, CHAIN_ID);
    let b_page = TictactoePage::new(&b);
    let url = format!("{}tictactoe", server.url());
    a.goto(&url);
    a.wait_for(
        "the connect button",
        "return document.querySelector('#wallet').dataset.state === 'disconnected';",
        &[],
    );
    assert!(a.text("#wallet-status").starts_with("Connect Test wallet"));
    a.click("#wallet-connect");
    a.wait_for(
        "the chain check",
        "return document.querySelector('#wallet').dataset.state === 'wrong-chain';",
        &[],
    );
    assert_eq!(
        a.text("#wallet-status"),
        "Your wallet is on chain 1; these games are on chain 31337. Switch networks to play."
    );
    a.click("#wallet-switch");
    a.wait_for(
        "the switch",
        "return document.querySelector('#wallet').dataset.state === 'ready';",
        &[],
    );

    // ---- solo against Hard: a refusal, a reload mid-transaction, then a perfect game to a draw ----------------
    // On a real chain a level is a choice, not a transaction: nothing is sent until "New game".
    let nonce = node.nonce(alice);
    a.click(".segmented [data-difficulty='hard']");
    assert_eq!(
        a_page.wait_tx("idle"),
        "Hard, You start: press “New game” to start. Nothing is sent until then; the game is one transaction."
    );
    assert_eq!(node.nonce(alice), nonce, "choosing a level sent nothing");
    // Every paid action is asked about first, with its fee in ether: a new game costs the fee and nothing else.
    let (title, asked) = a_page.ask_before_sending("#solo-new");
    assert_eq!(title, "Pay the fee?");
    assert!(
        asked.starts_with("New game against the hard CPU. This costs about 0.")
            && asked.ends_with(" ETH in fees; nothing else leaves your account."),
        "{asked}"
    );
    assert!(
        !a_page.shown("#tx-confirm-always"),
        "only a move offers not to be asked again"
    );
    a.click("#tx-confirm-yes");
    let started = a_page.wait_tx("confirmed");
    assert!(started.contains("confirmed in block"), "{started}");
    assert_eq!(a_page.data("cpuLevel"), "hard");
    // A move is asked about once, shortly; "don't ask again for moves" holds for this tab (the wallet still asks).
    a.script("window.__testWallet.refuseNext = true;", &[]);
    let (title, asked) = a_page.ask_before_sending(&cell(4));
    assert_eq!(title, "Send this move?");
    assert!(
        asked.starts_with("Move in game 1. This costs about 0.")
            && asked.ends_with(" ETH in fees; nothing else leaves your account."),
        "{asked}"
    );
    assert!(a_page.shown("#tx-confirm-always"));
    assert!(
        fee_digits(&asked) <= 2,
        "the fee is an estimate, shown to two significant digits: {asked}"
    );
    a.click("#tx-confirm-always");
    let refused = a_page.wait_tx("refused");
    assert_eq!(
        refused,
        "Move in game 1: you refused it in the wallet. Nothing was sent."
    );
    assert!(
        a_page.marks().iter().all(Option::is_none),
        "nothing changed on the board"
    );
    assert_eq!(a_page.data("turns"), "1");

    node.raw("evm_setAutomine", json!([false]));
    // Not asked again: the move reaches the wallet (and the pool) without a question in between.
    a.click(&cell(4));
    let sent = a_page.wait_tx("sent");
    assert!(!a_page.shown("#tx-confirm"));
    assert!(sent.contains("sent as 0x"), "{sent}");
    a.refresh();
    let recovered = a_page.wait_tx("sent");
    assert_eq!(recovered, sent, "the reloaded page found the pending transaction");
    node.raw("evm_mine", json!([]));
    node.raw("evm_setAutomine", json!([true]));
    a_page.wait_tx("confirmed");
    assert_eq!(a_page.marks()[4].as_deref(), Some("X"));
    assert_eq!(a_page.data("turns"), "2");
    while a_page.data("result") == "inProgress" {
        let best = optimal_moves(position(&a_page.marks()))
            .first()
            .unwrap_or_else(|| panic!("no move"));
        a_page.send_tx(&cell(best.index()), "confirmed");
    }
    assert_eq!(
        (a_page.data("result"), a_page.status_text()),
        ("draw".to_owned(), "Draw.".to_owned())
    );
    let gas: Vec<String> = serde_json::from_value(a.script(
        "return Array.from(document.querySelectorAll('#turns tbody tr td:nth-child(4)')).map((t) => t.textContent);",
        &[],
    ))
    .unwrap_or_default();
    assert!(
        gas.len() >= 4
            && gas
                .iter()
                .all(|g| g.replace(',', "").parse::<u64>().is_ok_and(|g| g > 21_000)),
        "{gas:?}"
    );
    assert_eq!(
        a.script("return document.querySelector('#solo-details').open;", &[]),
        json!(false),
        "gas stays in a collapsed panel"
    );

    // ---- PvP, staked, with a time bank, to a win: a link, the joiner's terms, both pages following the chain ---
    let stake1 = parse_ether("0.0123").unwrap_or_default();
    a.click(".segmented [data-mode='pvp']");
    // The form opens on a bank of an hour, and says what bounds the game before anything is signed.
    let bound = a.wait_for(
        "the bound of a game with the form's defaults",
        "const t = document.querySelector('#pvp-bound').textContent; return t.includes('ends within') ? t : null;",
        &[],
    );
    assert_eq!(
        bound,
        json!(
            "The first minute of every move is free; the rest is spent from the mover's bank. The whole game ends \
             within 2 hours 9 minutes (9 minutes + 2 × 1 hour)."
        )
    );
    a.script(
        "document.querySelector('#pvp-stake').value = '0.0123'; const t = document.querySelector('#pvp-timeout');
         t.value = '60'; t.dispatchEvent(new Event('change'));",
        &[],
    );
    assert_eq!(
        a.text("#pvp-bound"),
        "The first minute of every move is free; the rest is spent from the mover's bank. The whole game ends within \
         9 minutes (9 × 1 minute)."
    );
    // A stake is asked about before the wallet is: "Not now" sends nothing.
    let nonce = node.nonce(alice);
    let (asked, declined) = a_page.send_staked("#pvp-create", false, "refused");
    assert!(
        asked.starts_with(
            "Open a game: stake 0.0123 ETH, 1 minute per move, a time bank of 1 hour each. This sends 0.0123 ETH from \
             your account, plus about 0."
        ) && asked.ends_with(" ETH in all."),
        "{asked}"
    );
    // The total is the stake plus the fee as shown (an estimate to two significant digits, rounded up).
    let amount = |after: &str| {
        let text = asked
            .split(after)
            .nth(1)
            .and_then(|rest| rest.split(" ETH").next())
            .unwrap_or_else(|| panic!("no amount after {after:?} in {asked}"));
        parse_ether(text).unwrap_or_else(|err| panic!("{text}: {err}"))
    };
    assert_eq!(amount("in fees: "), stake1 + amount("plus about "), "{asked}");
    assert!(fee_digits(&asked) <= 2, "{asked}");
    assert_eq!(
        declined,
        "Open a game: stake 0.0123 ETH, 1 minute per move, a time bank of 1 hour each: you chose not to send it. \
         Nothing was sent."
    );
    assert_eq!(node.nonce(alice), nonce, "nothing was sent");
    let (_, created) = a_page.send_staked("#pvp-create", true, "confirmed");
    assert!(
        created.contains(
            "Game 1 opened: stake 0.0123 ETH, 1 minute per move; anyone may join. Game 1 gives each player a time \
             bank of 1 hour: the first minute of every move is free, the rest is spent from it."
        ),
        "{created}"
    );
    a.wait_for(
        "the share link",
        "return !document.querySelector('#pvp-share-line').hidden;",
        &[],
    );
    let link = a.text("#pvp-share");
    assert!(link.ends_with("/tictactoe?game=1"), "{link}");
    b.goto(&link);
    b.wait_for(
        "Bob's connect button",
        "return document.querySelector('#wallet').dataset.state === 'disconnected';",
        &[],
    );
    b.click("#wallet-connect");
    b.wait_for(
        "Bob's wallet",
        "return document.querySelector('#wallet').dataset.state === 'ready';",
        &[],
    );
    b.wait_for(
        "the join terms",
        "return !document.querySelector('#pvp-join-box').hidden;",
        &[],
    );
    let terms = b.text("#pvp-join-terms");
    assert!(
        terms.starts_with("Joining stakes 0.0123 ETH from your account"),
        "{terms}"
    );
    assert!(terms.contains("Each player has 1 minute per move"), "{terms}");
    assert!(
        terms.contains(
            "Each also has a time bank of 1 hour: a move's first minute is free, the rest comes out of the bank. \
             The whole game ends within 9 minutes."
        ),
        "the bank is one of the terms read before the join: {terms}"
    );
    assert!(
        terms.ends_with("Careful: 1 minute per move is short for a stake. On a public chain a move kept out of a few blocks (a busy network, or someone paying to delay it) loses on time; ten minutes or more is safer."),
        "a staked minute is warned about before the join: {terms}"
    );
    b_page.send_staked("#pvp-join", true, "confirmed");
    let clock = b
        .wait_for(
            "the deadline countdown",
            "const t = document.querySelector('#pvp-clock').textContent; return /^X has [01]:[0-9]{2} left/.test(t) ? t : null;",
            &[],
        )
        .to_string();
    assert!(clock.contains("left for this move"), "{clock}");
    let banks = "Time banks left: X 1 hour, O 1 hour (of 1 hour each). The whole game ends within 9 minutes.";
    for page in [&a, &b] {
        page.wait_for(
            "both players' banks",
            "return document.querySelector('#pvp-banks').textContent === arguments[0];",
            &[json!(banks)],
        );
    }
    // The chain, read by this test and not the page, holds the bank the form chose and the join named.
    assert_eq!(node.time_banks(pvp, 1), (3_600, 3_600, 3_600));
    for (n, (who, at)) in [(&a, 0), (&b, 3), (&a, 1), (&b, 4), (&a, 2)].into_iter().enumerate() {
        TictactoePage::new(who).wait_pvp(n, "active");
        if n != 1 {
            TictactoePage::new(who).send_tx(&cell(at), "confirmed");
            continue;
        }
        // O's move waits in the pool: the mover's page says it is sent; X's page, polling the chain, still
        // shows what is mined — one move, and O to move — until a block takes it.
        node.raw("evm_setAutomine", json!([false]));
        TictactoePage::new(who).send_tx(&cell(at), "sent");
        std::thread::sleep(std::time::Duration::from_millis(2_500));
        assert_eq!(
            (a_page.data("moves"), a_page.marks()[at as usize].clone()),
            ("1".to_owned(), None),
            "a move in the pool is not drawn on the opponent's page"
        );
        assert_eq!(a_page.status_text(), "Waiting for O's move.");
        node.raw("evm_mine", json!([]));
        node.raw("evm_setAutomine", json!([true]));
        TictactoePage::new(who).wait_tx("confirmed");
    }
    b_page.wait_pvp(5, "xWon");
    assert_eq!(b_page.status_text(), "You lose: X has three in a row.");
    a_page.wait_pvp(5, "xWon");
    assert_eq!(a_page.status_text(), "You win with three in a row!");
    assert_eq!(
        a.script("return [document.querySelector('#ttt-status').classList.contains('final'), document.querySelector('.ttt-again').hidden];", &[]),
        json!([true, false]),
        "the end says so large, with the next game's button under the board"
    );
    let contrast = a.script(LINE_CONTRAST, &[]).as_f64().unwrap_or(0.0);
    assert!(
        contrast >= 4.5,
        "a winning mark on its cell: contrast {contrast:.2}, WCAG AA asks 4.5"
    );
    assert!(
        !a_page.shown("#pvp-leave"),
        "one way on from a finished game: the New game button"
    );

    // ---- PvP, staked, to a timeout claim -----------------------------------------------------------------------
    let stake2 = parse_ether("0.02").unwrap_or_default();
    a.click("#ttt-again");
    a.script(
        "document.querySelector('#pvp-stake').value = '0.02'; document.querySelector('#pvp-timeout').value = '60';",
        &[],
    );
    a_page.send_staked("#pvp-create", true, "confirmed");
    b.goto(&format!("{url}?game=2"));
    b.wait_for(
        "the join terms",
        "return !document.querySelector('#pvp-join-box').hidden;",
        &[],
    );
    b_page.send_staked("#pvp-join", true, "confirmed");
    for (n, (who, at)) in [(&a, 0), (&b, 4), (&a, 8)].into_iter().enumerate() {
        TictactoePage::new(who).wait_pvp(n, "active");
        TictactoePage::new(who).send_tx(&cell(at), "confirmed");
    }
    // Bob has moved before, so missing this deadline loses.
    node.raw("evm_increaseTime", json!([61]));
    node.raw("evm_mine", json!([]));
    a.wait_for(
        "the claim button",
        "return !document.querySelector('#pvp-claim').hidden;",
        &[],
    );
    // A claim costs only its fee, and is asked about like every paid action.
    let (title, asked) = a_page.ask_before_sending("#pvp-claim");
    assert_eq!(title, "Pay the fee?");
    assert!(
        asked.starts_with("Claim the timeout of game 2. This costs about 0.")
            && asked.ends_with(" ETH in fees; nothing else leaves your account."),
        "{asked}"
    );
    a.click("#tx-confirm-yes");
    let claimed = a_page.wait_tx("confirmed");
    assert!(claimed.contains("won on time"), "{claimed}");
    // The end says how it was won: the record (X won, no line) is a resignation's too; the event tells.
    b_page.wait_pvp(3, "xWon");
    assert_eq!(b_page.status_text(), "You lose on time: your clock ran out, so X wins.");
    a_page.wait_pvp(3, "xWon");
    assert_eq!(a_page.status_text(), "You win on time: O let the clock run out.");
    check_everywhere(&b, "tictactoe-anvil-timeout-lost", Some(".ttt-again"), || {
        b_page.wait_pvp(3, "xWon");
    });
    let ja = b.script(
        "window.I18n.set('ja'); return document.querySelector('#ttt-status').textContent;",
        &[],
    );
    assert_eq!(ja, json!("あなたの負け。持ち時間が切れ、×の勝ちです。"));
    b.script("window.I18n.set('en');", &[]);

    // ---- withdraw ----------------------------------------------------------------------------------------------
    let owed = (stake1 + stake2) * U256::from(2);
    a.wait_for(
        "the balance",
        "return document.querySelector('#pvp-balance').dataset.wei === arguments[0];",
        &[json!(owed.to_string())],
    );
    let (_, asked) = a_page.ask_before_sending("#pvp-withdraw");
    assert!(
        asked.starts_with("Withdraw your balance. This costs about 0."),
        "{asked}"
    );
    a.click("#tx-confirm-yes");
    let withdrawn = a_page.wait_tx("confirmed");
    assert!(withdrawn.contains("withdrew 0.0646 ETH"), "{withdrawn}");

    // ---- a private game: Bob is not invited, so he is shown the terms and who may join, and no join button ----
    a.click("#ttt-again");
    a.script(
        "document.querySelector('#pvp-stake').value = '0'; document.querySelector('#pvp-opponent').value = arguments[0];",
        &[json!(carol.to_checksum(None))],
    );
    a_page.send_tx("#pvp-create", "confirmed");
    b.goto(&format!("{url}?game=3"));
    b.wait_for(
        "the join box",
        "return !document.querySelector('#pvp-join-box').hidden;",
        &[],
    );
    let uninvited = b.text("#pvp-join-terms");
    assert!(
        uninvited.contains(&format!(
            "This game is private: only {} may join, so the contract will refuse anyone else.",
            carol.to_checksum(None)
        )),
        "{uninvited}"
    );
    assert_eq!(
        b.script("return document.querySelector('#pvp-join').hidden;", &[]),
        json!(true),
        "an account the contract would refuse is offered no join"
    );

    // A reverted transaction that was mined (sent with a fixed gas limit, past any estimate): the server replays
    // it to read the contract's reason, as a page that recovered its hash after a reload would show it.
    // An uninvited join is refused before its terms are compared, so none need naming.
    let join = ITicTacToe::joinGameCall {
        gameId: U256::from(3),
        creator: Address::ZERO,
        moveTimeout: U256::ZERO,
    }
    .abi_encode();
    let hash = node.send_unchecked(bob, pvp, join);
    let mined = request(server.local_addr(), "GET", &format!("/api/tictactoe/tx/{hash}"), None).json();
    assert_eq!(
        (mined["state"].clone(), mined["errorName"].clone()),
        (json!("reverted"), json!("NotInvited")),
        "{mined}"
    );
    assert_eq!(
        said(&mined["reason"]),
        format!(
            "Game 3 is private: only {} may join it, and you are {}.",
            carol.to_checksum(None),
            bob.to_checksum(None)
        ),
        "{mined}"
    );

    // ---- a race: two pages join one public game in one block; the loser's page names the contract's reason,
    // read at the transaction's place in its block (on the parent block's state the join would have succeeded) --
    let dave = accounts[4];
    let create = ITicTacToe::createGameCall {
        moveTimeout: U256::from(600),
        opponent: Address::ZERO,
    };
    node.send_now(dave, pvp, create.abi_encode());
    let racers = [(&a, alice), (&b, bob)];
    for (racer, _) in racers {
        racer.goto(&format!("{url}?game=4"));
        racer.wait_for(
            "the join button",
            "const j = document.querySelector('#pvp-join');
             return !document.querySelector('#pvp-join-box').hidden && !j.hidden && !j.disabled;",
            &[],
        );
    }
    node.raw("evm_setAutomine", json!([false]));
    let hashes: Vec<String> = racers
        .iter()
        .map(|(racer, _)| {
            TictactoePage::new(racer).send_tx("#pvp-join", "sent");
            let hash = racer.script("return window.__testWallet.lastSent;", &[]);
            hash.as_str().unwrap_or_default().to_owned()
        })
        .collect();
    node.raw("evm_mine", json!([]));
    node.raw("evm_setAutomine", json!([true]));
    let blocks: Vec<Value> = hashes
        .iter()
        .map(|hash| {
            request(server.local_addr(), "GET", &format!("/api/tictactoe/tx/{hash}"), None).json()["block"].clone()
        })
        .collect();
    assert!(
        blocks[0].is_u64() && blocks[0] == blocks[1],
        "both joins in one block: {blocks:?}"
    );
    let lines: Vec<(Value, String)> = racers
        .iter()
        .map(|(racer, _)| {
            let state = racer.wait_for(
                "the join mined",
                "const t = document.querySelector('#tx-status');
                 return ['confirmed', 'reverted'].includes(t.dataset.state) ? t.dataset.state : null;",
                &[],
            );
            (state, racer.text("#tx-status"))
        })
        .collect();
    let winner = lines
        .iter()
        .position(|(state, _)| state == "confirmed")
        .unwrap_or_else(|| panic!("one join won: {lines:?}"));
    let (state, words) = &lines[1 - winner];
    assert_eq!(state, "reverted", "{lines:?}");
    assert!(
        words.contains(&format!(
            "Game 4 already has its second player, {}.",
            racers[winner].1.to_checksum(None)
        )),
        "the loser's page: {words}"
    );
    a.goto(&format!("{url}?game=3"));

    // A browser without any wallet is told what to install, and how to play from a terminal instead.
    let bare = driver.browser(DESKTOP.0, DESKTOP.1);
    bare.goto(&url);
    bare.wait_for(
        "the missing wallet",
        "return document.querySelector('#wallet').dataset.state === 'missing';",
        &[],
    );
    let missing = bare.text("#wallet-status");
    assert!(
        missing.contains("MetaMask") && missing.contains("marubatsu pvp --help"),
        "{missing}"
    );
    drop(bare);

    // ---- in Japanese: the page's words and the server's (the page sends its language with every request) ---
    a.script("window.I18n.set('ja');", &[]);
    a.wait_for(
        "the game in Japanese",
        "return document.querySelector('#pvp-info').textContent.includes('1手 1分');",
        &[],
    );
    assert_eq!(
        a_page.status_text(),
        "対戦相手の参加を待っています。リンクを送ってください。"
    );
    a.script("window.I18n.set('en');", &[]);

    // ---- every wei, by alloy -----------------------------------------------------------------------------------
    let [alice_start, bob_start] = start;
    assert_eq!(node.balance(pvp), U256::ZERO, "the contract owes nobody anything");
    let (alice_value, alice_fees) = node.spent_by(alice);
    let (bob_value, bob_fees) = node.spent_by(bob);
    assert_eq!(
        (alice_value, bob_value),
        (stake1 + stake2, stake1 + stake2),
        "each staked twice"
    );
    assert!(alice_fees > U256::ZERO && bob_fees > U256::ZERO);
    assert_eq!(node.balance(alice), alice_start - alice_value - alice_fees + owed);
    assert_eq!(node.balance(bob), bob_start - bob_value - bob_fees);
    a.assert_no_console_errors();
    b.assert_no_console_errors();
}

/// A wallet's speed-up, its cancel and a node's drop, with blocks mined only when the test says: the page finds
/// what was mined at the nonce (or that nothing was) within seconds, every button works again, a reload recovers
/// each state, and alloy checks the account to the wei.
#[test]
fn a_sped_up_a_cancelled_and_a_dropped_transaction_each_end_in_words_and_free_the_page() {
    let _browser = browser_slot();
    let OnAnvil {
        anvil,
        node,
        accounts,
        solo: _,
        pvp,
        server,
    } = on_anvil();
    let alice = accounts[1];
    let start = node.balance(alice);
    let driver = Driver::start();
    let a = wallet_browser(&driver, &anvil.url, alice, CHAIN_ID);
    let a_page = TictactoePage::new(&a);
    a_page.open_pvp_connected(&server.url());
    let line_says = |what: &str, words: &str| {
        a.wait_for(
            what,
            "return document.querySelector('#tx-status').textContent.includes(arguments[0]);",
            &[json!(words)],
        );
    };
    let enabled = |selector: &str| {
        a.script(
            "const b = document.querySelector(arguments[0]); return !b.hidden && !b.disabled;",
            &[json!(selector)],
        ) == json!(true)
    };

    // ---- speed-up: the create is replaced at its nonce, a reload waits for the replacement, which opens game 1
    node.raw("evm_setAutomine", json!([false]));
    a.script("document.querySelector('#pvp-stake').value = '0.01';", &[]);
    a_page.send_staked("#pvp-create", true, "sent");
    let original = a.script("return window.__testWallet.lastSent;", &[]);
    let faster = a.script("return window.__testWallet.speedUp();", &[]);
    assert_ne!(original, faster);
    line_says("the replacement in the pool", "replaced in your wallet (same nonce 0)");
    a.refresh();
    line_says("the replacement in the pool, after a reload", "replaced in your wallet");
    node.raw("evm_mine", json!([]));
    let sped = a_page.wait_tx("confirmed");
    assert!(
        sped.contains(&format!(
            "sped up in your wallet as {}",
            faster.as_str().unwrap_or_default()
        )) && sped.contains("Game 1 opened: stake 0.01 ETH"),
        "{sped}"
    );
    a.wait_for(
        "game 1 on the page",
        "return document.querySelector('#ttt-board').dataset.game === '1' && !document.querySelector('#pvp-cancel').hidden;",
        &[],
    );
    assert!(enabled("#pvp-cancel"));

    // ---- cancel: a transfer of nothing to herself takes the nonce; the game stays open ------------------------
    a_page.send_tx("#pvp-cancel", "sent");
    a.script("return window.__testWallet.cancel();", &[]);
    node.raw("evm_mine", json!([]));
    let cancelled = a_page.wait_tx("cancelled");
    assert!(
        cancelled.contains("Cancel game 1: cancelled in your wallet"),
        "{cancelled}"
    );
    assert!(cancelled.contains("Nothing happened in the game."), "{cancelled}");
    a.wait_for(
        "the cancel button again",
        "return !document.querySelector('#pvp-cancel').disabled;",
        &[],
    );
    assert_eq!(a_page.data("result"), "open");

    // ---- drop: the node forgets it; the page says so, across a reload, and sends it again ---------------------
    a_page.send_tx("#pvp-cancel", "sent");
    let lost = a.script("return window.__testWallet.lastSent;", &[]);
    node.raw("anvil_dropTransaction", json!([lost]));
    let dropped = a_page.wait_tx("dropped");
    assert!(
        dropped.contains(&format!(
            "the node no longer knows {}",
            lost.as_str().unwrap_or_default()
        )),
        "{dropped}"
    );
    assert!(enabled("#tx-again") && enabled("#tx-forget") && enabled("#pvp-cancel"));
    a.refresh();
    a_page.wait_tx("dropped");
    node.raw("evm_setAutomine", json!([true]));
    let again = a_page.send_tx("#tx-again", "confirmed");
    assert!(again.contains("cancelled before anyone joined"), "{again}");
    a_page.wait_pvp(0, "cancelled");
    assert!(a.script("return document.querySelector('#tx-dropped').hidden;", &[]) == json!(true));
    a.wait_for("the balance", "return document.querySelector('#pvp-balance').dataset.wei !== '0' && document.querySelector('#pvp-balance').dataset.wei !== '';", &[]);
    a_page.send_tx("#pvp-withdraw", "confirmed");

    // ---- every wei, by alloy: one stake out and back, and the gas of every mined transaction ------------------
    let stake = parse_ether("0.01").unwrap_or_default();
    let (value, fees) = node.spent_by(alice);
    assert_eq!(value, stake, "only the sped-up create attached ether");
    assert_eq!(node.balance(pvp), U256::ZERO);
    assert_eq!(node.balance(alice), start - value - fees + stake);
    a.assert_no_console_errors();
}

/// The node's chain is reset under the running server (as a node restarted empty): the game contracts are gone
/// from their addresses. The page says so in words, in both languages, and offers nothing to send (every paid
/// button waits); the server refuses to encode any transaction for those addresses, so no wallet is ever asked; and
/// nothing reached the old contract address. Each state passes the page check at both sizes in both languages.
#[test]
fn a_chain_reset_under_the_running_server_leaves_nothing_to_send_and_says_why() {
    let _browser = browser_slot();
    let OnAnvil {
        anvil,
        node,
        accounts,
        solo,
        pvp,
        server,
    } = on_anvil();
    let alice = accounts[1];
    let driver = Driver::start();
    let a = wallet_browser(&driver, &anvil.url, alice, CHAIN_ID);
    let a_page = TictactoePage::new(&a);
    a_page.open_pvp_connected(&server.url());
    a.wait_for(
        "a create button to press",
        "return !document.querySelector('#pvp-create').disabled;",
        &[],
    );

    a.assert_no_console_errors();

    // The node forgets everything: its chain starts again from an empty genesis.
    node.raw("anvil_reset", json!([]));
    assert!(node.code(pvp).is_empty() && node.code(solo).is_empty());
    let gone = |lang: &str| {
        a.wait_for(
            "the contracts-gone notice",
            "const n = document.querySelector('#node-down'); \
             return !n.hidden && n.textContent.includes(arguments[0]);",
            &[json!(words(
                lang,
                "The game contracts are not on this chain any more",
                "このチェーンにはもうゲームのコントラクトがありません"
            ))],
        );
    };
    gone("en");
    assert!(
        a_page.disabled("#pvp-create"),
        "a create to an empty address is offered"
    );
    check_everywhere(&a, "tictactoe-anvil-contracts-gone", None, || {
        let lang = a.script("return document.documentElement.lang;", &[]);
        gone(lang.as_str().unwrap_or("en"));
        assert!(a_page.disabled("#pvp-create"));
    });

    // The server encodes nothing for an address without the game, whatever the page sends.
    let addr = server.local_addr();
    for action in [
        json!({"action": "create", "stake": "0.01", "timeout": 60}),
        json!({"action": "newSolo", "difficulty": "hard", "cpuFirst": false}),
        json!({"action": "withdraw"}),
    ] {
        let refused = request(addr, "POST", "/api/tictactoe/tx", Some(&action));
        assert_eq!(refused.status, 409, "{action}: {}", refused.text());
        assert_eq!(refused.json()["code"], "contracts_gone", "{action}");
    }
    let head = request(addr, "GET", "/api/tictactoe/head", None);
    assert_eq!(
        (head.status, head.json()["code"].clone()),
        (409, json!("contracts_gone"))
    );
    assert_eq!(
        node.balance(pvp),
        U256::ZERO,
        "nothing reached the old contract address"
    );
    // The server's refusals show in the console as failed requests (409); nothing else may.
    let errors = a.console_errors();
    assert!(
        errors
            .iter()
            .all(|e| e["source"] == "network" && e["message"].as_str().is_some_and(|m| m.contains("409"))),
        "the page logged other errors: {errors:#?}"
    );
}

/// What a player without a usable wallet, or with the server's node gone, is told and offered: with no wallet, an
/// unconnected one, or one on another chain, "New game" and "Create game" are disabled and the status says what to
/// do (no literal backticks); on the right chain every paid action asks first with its fee; when the node stops
/// answering mid-game (the test's proxy in front of anvil cuts the server off), the page says so in plain words,
/// and when it answers again the notice and the red errors the silence left go, and a move goes through. Each
/// state passes the page check at both sizes in both languages.
#[test]
fn without_a_usable_wallet_or_with_the_node_down_the_page_says_what_to_do_and_offers_nothing_idle() {
    let _browser = browser_slot();
    let anvil = Anvil::start();
    let node = Node::new(&anvil.url);
    let accounts = node.accounts();
    let alice = accounts[1];
    let solo = node.deploy(accounts[0], "SoloTicTacToe", 0);
    let pvp = node.deploy(
        accounts[0],
        "TicTacToe",
        marubatsu_chain::pvp::default_claim_blocks(CHAIN_ID),
    );
    let proxy = support::proxy::Proxy::start(&anvil.url);
    let server = Server::bind(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        App::on_chain(&RemoteChain {
            url: proxy.url(),
            chain_id: CHAIN_ID,
            solo,
            pvp,
        }),
    )
    .unwrap_or_else(|err| panic!("{err}"));
    let url = format!("{}tictactoe", server.url());
    let driver = Driver::start();
    let open = |browser: &Browser<'_>, mode: &str, size: (u32, u32), lang: &str| {
        browser.set_viewport(size.0, size.1);
        browser.goto(&url);
        support::set_language(browser, lang);
        browser.click(&format!(".segmented [data-mode='{mode}']"));
    };
    let wallet_is = |browser: &Browser<'_>, state: &str| {
        browser.wait_for(
            &format!("the wallet to be {state}"),
            "return document.querySelector('#wallet').dataset.state === arguments[0];",
            &[json!(state)],
        );
    };

    // ---- no wallet at all ------------------------------------------------------------------------------------
    let bare = driver.browser(DESKTOP.0, DESKTOP.1);
    let bare_page = TictactoePage::new(&bare);
    for (size, dimensions, lang) in VARIANTS {
        open(&bare, "solo", dimensions, lang);
        wallet_is(&bare, "missing");
        let said = bare.text("#wallet-status");
        assert!(!said.contains('`'), "no literal backticks: {said}");
        assert!(bare_page.disabled("#solo-new"), "New game would do nothing");
        assert_eq!(
            bare_page.status_text(),
            words(
                lang,
                "To play on chain, install a browser wallet and reload this page (see above).",
                "チェーン上で遊ぶには、ブラウザのウォレットを入れてこのページを再読み込みしてください（上の説明を参照）。"
            )
        );
        bare.check_page(&format!("tictactoe-{size}-{lang}-no-wallet"), None);
        bare.click(".segmented [data-mode='pvp']");
        assert!(bare_page.disabled("#pvp-create"), "Create game would do nothing");
        let status = bare_page.status_text();
        assert!(
            status.ends_with(words(
                lang,
                "reload this page (see above).",
                "再読み込みしてください（上の説明を参照）。"
            )),
            "{status}"
        );
        bare.check_page(&format!("tictactoe-{size}-{lang}-no-wallet-pvp"), None);
    }
    drop(bare);

    // ---- a wallet not connected, then on another chain ------------------------------------------------------
    let a = wallet_browser(&driver, &anvil.url, alice, 1);
    let a_page = TictactoePage::new(&a);
    for (size, dimensions, lang) in VARIANTS {
        open(&a, "solo", dimensions, lang);
        wallet_is(&a, "disconnected");
        assert!(a_page.disabled("#solo-new"));
        assert_eq!(
            a_page.status_text(),
            words(
                lang,
                "To play, press “Connect wallet” above.",
                "遊ぶには、上の「ウォレットを接続」を押してください。"
            )
        );
        a.check_page(&format!("tictactoe-{size}-{lang}-unconnected"), Some("#wallet-connect"));
    }
    a.click("#wallet-connect");
    for (size, dimensions, lang) in VARIANTS {
        open(&a, "solo", dimensions, lang);
        wallet_is(&a, "wrong-chain");
        assert!(a_page.disabled("#solo-new"));
        assert_eq!(
            a_page.status_text(),
            words(
                lang,
                "To play, press “Switch network” above: your wallet is on another chain than 31337.",
                "遊ぶには、上の「ネットワークを切り替え」を押してください。ウォレットはチェーン 31337 ではない別のチェーンにいます。"
            )
        );
        a.check_page(&format!("tictactoe-{size}-{lang}-wrong-chain"), Some("#wallet-switch"));
        a.click(".segmented [data-mode='pvp']");
        assert!(a_page.disabled("#pvp-create"));
        a.check_page(
            &format!("tictactoe-{size}-{lang}-wrong-chain-pvp"),
            Some("#wallet-switch"),
        );
    }
    a.click("#wallet-switch");
    wallet_is(&a, "ready");
    // The wallet handed over lower case; the page shows the account checksummed, as the server writes it.
    let checksummed = alice.to_checksum(None);
    a.wait_for(
        "the account checksummed",
        "return document.querySelector('#wallet-status').textContent.includes(arguments[0]);",
        &[json!(format!("{}…{}", &checksummed[..10], &checksummed[38..]))],
    );

    // ---- every paid action asks first: a new game's fee, a move's (with "don't ask again"), declined -------
    let nonce = node.nonce(alice);
    for (size, dimensions, lang) in VARIANTS {
        open(&a, "solo", dimensions, lang);
        wallet_is(&a, "ready");
        let (title, _) = a_page.ask_before_sending("#solo-new");
        assert_eq!(title, words(lang, "Pay the fee?", "手数料を払って送りますか？"));
        a.check_page(&format!("tictactoe-{size}-{lang}-ask-fee"), Some("#tx-confirm"));
        a.click("#tx-confirm-no");
        a_page.wait_tx("refused");
    }
    assert_eq!(node.nonce(alice), nonce, "Not now sent nothing");
    a_page.send_tx("#solo-new", "confirmed");
    for (size, dimensions, lang) in VARIANTS {
        open(&a, "solo", dimensions, lang);
        a.wait_for(
            "the game's free cells",
            "return document.querySelector('#ttt-board .cell[aria-disabled=\"false\"]') !== null;",
            &[],
        );
        let (title, asked) = a_page.ask_before_sending(&cell(4));
        assert_eq!(title, words(lang, "Send this move?", "この手を送りますか？"));
        assert!(asked.contains(words(lang, " ETH in fees", "手数料は約 0.")), "{asked}");
        assert!(a_page.shown("#tx-confirm-always"));
        a.check_page(&format!("tictactoe-{size}-{lang}-ask-move"), Some("#tx-confirm"));
        a.click("#tx-confirm-no");
        a_page.wait_tx("refused");
    }
    assert_eq!(node.nonce(alice), nonce + 1, "only the new game was sent");

    // ---- the node stops answering mid-game, and comes back -------------------------------------------------
    open(&a, "solo", DESKTOP, "en");
    a.wait_for(
        "the game",
        "return document.querySelector('#ttt-board').dataset.game === '1';",
        &[],
    );
    let board_top = "return document.querySelector('#ttt-board').getBoundingClientRect().top;";
    let top_before = a.script(board_top, &[]);
    proxy.set_down(true);
    let notice = a.wait_for(
        "the node-down notice",
        "const n = document.querySelector('#node-down'); return n.hidden ? null : n.textContent;",
        &[],
    );
    assert_eq!(
        a.script(board_top, &[]),
        top_before,
        "the notice floats: the board does not move"
    );
    assert_eq!(
        notice,
        json!(
            "The chain’s node is not answering, so the games cannot be read and nothing can be sent right now. \
             The page keeps asking; this notice goes away when the node answers again."
        )
    );
    // The solo game's own reading fails too, in red and in the page's words (not the RPC client's).
    let red = a.wait_for(
        "the failed reading in red",
        "const s = document.querySelector('#ttt-status'); return s.classList.contains('error') ? s.textContent : null;",
        &[],
    );
    let red = red.as_str().unwrap_or_default();
    assert!(
        red.starts_with("The game cannot be read until the chain answers again.") && !red.contains("RPC"),
        "{red}"
    );
    check_everywhere(&a, "tictactoe-anvil-node-down", None, || {
        a.wait_for(
            "the notice",
            "return !document.querySelector('#node-down').hidden;",
            &[],
        );
    });
    let ja = a.script(
        "window.I18n.set('ja'); const t = document.querySelector('#node-down').textContent; window.I18n.set('en'); return t;",
        &[],
    );
    assert!(
        ja.as_str()
            .is_some_and(|t| t.starts_with("チェーンのノードが応答していません。")),
        "{ja}"
    );
    proxy.set_down(false);
    a.wait_for(
        "the notice and the red to go",
        "const s = document.querySelector('#ttt-status');
         return document.querySelector('#node-down').hidden && !s.classList.contains('error')
           && !document.querySelector('main').innerText.includes('did not answer');",
        &[],
    );
    a.check_page("tictactoe-anvil-node-back", Some("#ttt-board"));
    let moved = a_page.send_tx(&cell(4), "confirmed");
    assert!(moved.contains("confirmed in block"), "{moved}");
    assert_eq!(a_page.marks()[4].as_deref(), Some("X"));

    // A join pressed while the node is away (the server reads the game's terms from it first): red, in words,
    // nothing sent; the line goes when the node is back, with no other request to replace it.
    let creator = accounts[2];
    let create = ITicTacToe::createGameCall {
        moveTimeout: U256::from(600),
        opponent: Address::ZERO,
    };
    node.send_now(creator, pvp, create.abi_encode());
    a.goto(&format!("{url}?game=1"));
    a.wait_for(
        "the join button",
        "const j = document.querySelector('#pvp-join');
         return !document.querySelector('#pvp-join-box').hidden && !j.hidden && !j.disabled;",
        &[],
    );
    let nonce = node.nonce(alice);
    proxy.set_down(true);
    a.wait_for(
        "the node-down notice",
        "return !document.querySelector('#node-down').hidden;",
        &[],
    );
    a.script("document.querySelector('#tx-status').dataset.state = 'idle';", &[]);
    a.click("#pvp-join");
    let failed = a_page.wait_tx("failed");
    assert_eq!(
        failed,
        "Nothing was sent: the chain is not answering. Try again once it is back."
    );
    a.check_page("tictactoe-anvil-node-down-join", None);
    proxy.set_down(false);
    a.wait_for(
        "the red line to go with the notice",
        "const t = document.querySelector('#tx-status');
         return document.querySelector('#node-down').hidden && !t.classList.contains('error') && t.textContent === '';",
        &[],
    );
    assert_eq!(node.nonce(alice), nonce, "nothing was sent");
}

#[test]
fn in_the_claim_window_both_players_read_what_each_may_do_and_the_claim_button_comes_with_its_block() {
    let _browser = browser_slot();
    // Three claim blocks: after the time limit, a move is still taken until the third block since the turn began.
    let OnAnvil {
        anvil,
        node,
        accounts,
        solo: _,
        pvp,
        server,
    } = on_anvil_with(3);
    let (alice, bob) = (accounts[1], accounts[2]);
    let driver = Driver::start();
    let a = wallet_browser(&driver, &anvil.url, alice, CHAIN_ID);
    let a_page = TictactoePage::new(&a);
    let b = wallet_browser(&driver, &anvil.url, bob, CHAIN_ID);
    let b_page = TictactoePage::new(&b);
    created_and_joined(&a, &b, &server, Some("60"));
    for (n, (who, at)) in [(&a, 0), (&b, 4)].into_iter().enumerate() {
        TictactoePage::new(who).wait_pvp(n, "active");
        TictactoePage::new(who).send_tx(&cell(at), "confirmed");
    }
    a_page.wait_pvp(2, "active");

    // X's time runs out and one block is mined past it: the turn began two blocks ago, so a claim would land only
    // in the block after next, and X's move is still taken in the next one.
    let game = U256::from(1);
    let claim = || ITicTacToe::claimTimeoutCall { gameId: game }.abi_encode();
    let play = || {
        ITicTacToe::playCall {
            gameId: game,
            cell: U256::from(8),
        }
        .abi_encode()
    };
    node.raw("evm_increaseTime", json!([61]));
    node.raw("evm_mine", json!([]));
    let head = node.block_number();
    assert!(
        !node.would_succeed_next(bob, pvp, claim()),
        "no claim lands in the next block yet"
    );
    assert!(
        node.would_succeed_next(alice, pvp, play()),
        "X's late move is still taken"
    );
    let window = |browser: &Browser<'_>, expected: &str| {
        browser.wait_for(
            "the claim window's words",
            "return document.querySelector('#ttt-status').textContent === arguments[0];",
            &[json!(expected)],
        );
    };
    window(
        &a,
        "Your time for this move is up, but a move is still taken until O can claim the win after 1 more block: \
         move now.",
    );
    window(
        &b,
        "X ran out of time. You can claim the win after 1 more block; until then X may still move.",
    );
    let clock = format!("Block {head}: a claim can land from block {}.", head + 2);
    assert_eq!((a.text("#pvp-clock"), b.text("#pvp-clock")), (clock.clone(), clock));
    assert!(!b_page.shown("#pvp-claim"), "no Claim button before a claim would land");
    assert_eq!(
        a.script(
            "return document.querySelector(arguments[0]).getAttribute('aria-disabled');",
            &[json!(cell(8))]
        ),
        json!("false"),
        "the late player's board still takes a move"
    );
    check_everywhere(&b, "tictactoe-claim-window", None, || {
        b_page.wait_pvp(2, "active");
    });
    check_everywhere(&a, "tictactoe-claim-window-late", None, || {
        a_page.wait_pvp(2, "active");
    });
    support::set_language(&a, "ja");
    window(
        &a,
        "この手の持ち時間は切れましたが、まだ指せます。あと1ブロック後に○が勝ちを申し立てられるようになります。今すぐ指してください。",
    );
    support::set_language(&a, "en");

    // One more block: a claim lands in the next one, and a move no longer would. The button comes, the board goes.
    node.raw("evm_mine", json!([]));
    assert!(
        node.would_succeed_next(bob, pvp, claim()),
        "a claim lands in the next block"
    );
    assert!(
        !node.would_succeed_next(alice, pvp, play()),
        "X's move is no longer taken"
    );
    window(&b, "X ran out of time: you can claim the win now.");
    window(
        &a,
        "Your time is up: O can claim the win now, and a move is no longer taken.",
    );
    assert_eq!(
        a.script(
            "return document.querySelector(arguments[0]).getAttribute('aria-disabled');",
            &[json!(cell(8))]
        ),
        json!("true"),
        "the late player's board takes no move any more"
    );
    b.wait_for(
        "the Claim button",
        "return !document.querySelector('#pvp-claim').hidden;",
        &[],
    );
    check_everywhere(&b, "tictactoe-claim-ready", None, || {
        b_page.wait_pvp(2, "active");
    });
    let claimed = b_page.send_tx("#pvp-claim", "confirmed");
    assert!(claimed.contains("won on time"), "{claimed}");
    a_page.wait_pvp(2, "oWon");
    a.assert_no_console_errors();
    b.assert_no_console_errors();
}

#[test]
fn a_second_tab_waits_for_the_first_tabs_move_and_a_reorged_move_goes_back_to_waiting() {
    let _browser = browser_slot();
    let OnAnvil {
        anvil,
        node,
        accounts,
        solo: _,
        pvp: _,
        server,
    } = on_anvil();
    let (alice, bob) = (accounts[1], accounts[2]);
    let driver = Driver::start();
    let a = wallet_browser(&driver, &anvil.url, alice, CHAIN_ID);
    let a_page = TictactoePage::new(&a);
    let b = wallet_browser(&driver, &anvil.url, bob, CHAIN_ID);
    let b_page = TictactoePage::new(&b);
    created_and_joined(&a, &b, &server, None);
    a_page.wait_pvp(0, "active");

    // Alice's second tab of the same game, with her wallet.
    let first = a.new_tab();
    inject_wallet(&a, &anvil.url, alice, CHAIN_ID);
    a_page.open_pvp_connected(&server.url());
    a.goto(&format!("{}tictactoe?game=1", server.url()));
    a_page.wait_pvp(0, "active");
    a.wait_for(
        "the second tab to know its player",
        "return document.querySelector('#ttt-status').textContent === 'Your move: you are X.';",
        &[],
    );
    let second = a.current_tab();

    // Her move waits in the pool: the second tab hears of it through the storage both share, and waits too.
    a.switch_to(&first);
    node.raw("evm_setAutomine", json!([false]));
    a_page.send_tx(&cell(0), "sent");
    a.switch_to(&second);
    a.wait_for(
        "the second tab to wait for the first tab's move",
        "return document.querySelector('#ttt-board').dataset.busy === 'true'
           && document.querySelector('#tx-status').dataset.state === 'sent';",
        &[],
    );
    assert_eq!(
        a_page.status_text(),
        "Your move at row 1, column 1 is on its way to the chain…"
    );
    let nonce = node.nonce(alice);
    a.click(&cell(4));
    std::thread::sleep(std::time::Duration::from_millis(1_500));
    assert_eq!(node.nonce(alice), nonce, "the waiting tab sent nothing");
    node.raw("evm_mine", json!([]));
    node.raw("evm_setAutomine", json!([true]));
    let confirmed = a_page.wait_tx("confirmed");
    assert!(
        confirmed.starts_with("Move at row 1, column 1") || confirmed.contains("block"),
        "{confirmed}"
    );
    a_page.wait_pvp(1, "active");
    a.switch_to(&first);
    a_page.wait_tx("confirmed");
    a_page.wait_pvp(1, "active");

    // Bob's move is mined, then a reorg takes its block away (anvil reverts to a snapshot from before it).
    let snapshot = node.raw("evm_snapshot", json!([]));
    b_page.wait_pvp(1, "active");
    let mined = b_page.send_tx(&cell(4), "confirmed");
    assert!(mined.contains("block"), "{mined}");
    a_page.wait_pvp(2, "active");
    assert_eq!(node.raw("evm_revert", json!([snapshot])), json!(true));
    let back = b
        .wait_for(
            "the reorged move to be waited for again",
            "const t = document.querySelector('#tx-status');
             return t.dataset.state === 'sent' && t.textContent.includes('no longer part of the chain')
               ? t.textContent : null;",
            &[],
        )
        .to_string();
    assert!(back.contains("(a reorg)"), "{back}");
    b_page.wait_pvp(1, "active");
    a_page.wait_pvp(1, "active");
    assert!(
        !b.script("return document.querySelector('#pvp-log').textContent;", &[])
            .to_string()
            .contains("row 2, column 2"),
        "the undone move is out of Bob's list"
    );
    // The node forgot it: it is dropped, and sent again from the page it is mined once more.
    b_page.wait_tx("dropped");
    check_everywhere(&b, "tictactoe-reorged-dropped", None, || {
        b_page.wait_tx("dropped");
    });
    b_page.send_tx("#tx-again", "confirmed");
    a_page.wait_pvp(2, "active");
    let log = b.script("return document.querySelector('#pvp-log').textContent;", &[]);
    assert!(log.to_string().contains("Move at row 2, column 2 — block"), "{log}");
    assert!(
        log.to_string().contains(", fee ≈0.0000") || log.to_string().contains(", fee 0.0000"),
        "the fee in ETH beside the gas: {log}"
    );

    // A phone has no keyboard to hint at; a desktop does.
    let keys_shown = |browser: &Browser<'_>| {
        browser.script(
            "return getComputedStyle(document.querySelector('#ttt-keys')).display !== 'none';",
            &[],
        )
    };
    assert_eq!(keys_shown(&b), json!(true));
    b.set_viewport(PHONE.0, PHONE.1);
    assert_eq!(keys_shown(&b), json!(false));
    a.assert_no_console_errors();
    b.assert_no_console_errors();
}

/// The encoding choice against the node, through the API the page calls: a bank is created and joined through
/// `ITicTacToeTimeBank`, a join naming another bank is refused in the contract's words before any wallet, and a
/// contract without `timeBanks` (one that speaks only `ITicTacToe`, here code that reverts every call) is offered
/// no bank and created with the two-argument `createGame`.
#[test]
fn a_bank_is_encoded_through_its_interface_and_a_contract_without_one_is_offered_none() {
    let OnAnvil {
        anvil,
        node,
        accounts,
        solo,
        pvp,
        server,
    } = on_anvil();
    let addr = server.local_addr();
    let data = |tx: &Value| -> Vec<u8> {
        let hex = tx["data"].as_str().unwrap_or_default();
        alloy_primitives::hex::decode(hex).unwrap_or_else(|err| panic!("{hex}: {err}"))
    };
    let info = request(addr, "GET", "/api/tictactoe/chain", None).json();
    assert_eq!(info["timeBanks"], json!(true), "{info}");
    let banked = support::post_ok(
        addr,
        "/api/tictactoe/tx",
        &json!({"action": "create", "stake": "0", "timeout": 3600, "timeBank": 3600}),
    );
    let call = ITicTacToeTimeBank::createGameCall::abi_decode(&data(&banked)).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(call.timeBank, U256::from(3_600));
    node.send_now(accounts[0], pvp, data(&banked));
    assert_eq!(node.time_banks(pvp, 1), (3_600, 3_600, 3_600));
    let other = request(
        addr,
        "POST",
        "/api/tictactoe/tx",
        Some(&json!({"action": "join", "game": 1, "timeBank": 60})),
    );
    assert_eq!(
        (other.status, other.json()["error"].clone()),
        (
            409,
            json!(
                "Game 1 has a time bank of 1 hour per player: the join named another, so it was refused. Read the \
                 game again before joining."
            )
        )
    );
    let join = support::post_ok(
        addr,
        "/api/tictactoe/tx",
        &json!({"action": "join", "game": 1, "timeBank": 3600}),
    );
    let call = ITicTacToeTimeBank::joinGameCall::abi_decode(&data(&join)).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!((call.creator, call.timeBank), (accounts[0], U256::from(3_600)));

    // A server whose PvP contract is code that answers every call with a bare revert: no banks, creation as ever.
    let plain_pvp = Address::repeat_byte(0x77);
    node.raw("anvil_setCode", json!([plain_pvp, "0x60006000fd"]));
    let plain_server = Server::bind(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        App::on_chain(&RemoteChain {
            url: anvil.url.clone(),
            chain_id: CHAIN_ID,
            solo,
            pvp: plain_pvp,
        }),
    )
    .unwrap_or_else(|err| panic!("{err}"));
    let addr = plain_server.local_addr();
    let info = request(addr, "GET", "/api/tictactoe/chain", None).json();
    assert_eq!(info["timeBanks"], json!(false), "{info}");
    let plain = support::post_ok(
        addr,
        "/api/tictactoe/tx",
        &json!({"action": "create", "stake": "0", "timeout": 3600, "timeBank": null}),
    );
    assert!(ITicTacToe::createGameCall::abi_decode(&data(&plain)).is_ok(), "{plain}");
    let refused = request(
        addr,
        "POST",
        "/api/tictactoe/tx",
        Some(&json!({"action": "create", "stake": "0", "timeout": 3600, "timeBank": 3600})),
    );
    assert_eq!(
        (refused.status, refused.json()["error"].clone()),
        (400, json!("this contract has no time bank: create or join without one"))
    );
}
