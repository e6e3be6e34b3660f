//! The tic-tac-toe API on the embedded chain: an account per browser (by its cookie), transactions encoded by
//! the server and sent from that account only, receipts read back as the catalog's sentences; and on a node
//! (`serve --rpc-url`), no way at all to make the server sign. And off chain: the hot seat, and every page without
//! a chain.

use crate::support;

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{Value, json};
use support::pages::tictactoe::said;
use support::{Response, code_and_words, request, server};

/// A browser as the server sees it: its cookie, kept from the first answer that sets one.
struct Browser {
    addr: SocketAddr,
    cookie: Option<String>,
}

impl Browser {
    fn new(addr: SocketAddr) -> Browser {
        let mut browser = Browser { addr, cookie: None };
        let info = browser.request("GET", "/api/tictactoe/chain", None);
        assert_eq!(info.status, 200, "{}", info.text());
        browser
    }

    fn request(&mut self, method: &str, path: &str, body: Option<&Value>) -> Response {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_idle_connections(0)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .new_agent();
        let mut request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("http://{}{path}", self.addr))
            .header("content-type", "application/json");
        if let Some(cookie) = &self.cookie {
            request = request.header("cookie", cookie);
        }
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut response = agent
            .run(request.body(body).unwrap_or_else(|err| panic!("{err}")))
            .unwrap_or_else(|err| panic!("{method} {path}: {err}"));
        if let Some(set) = response.headers().get("set-cookie") {
            let set = set.to_str().unwrap_or_default();
            assert!(
                set.contains("HttpOnly"),
                "the session cookie is out of the page's reach: {set}"
            );
            self.cookie = set.split(';').next().map(str::to_owned);
        }
        let status = response.status().as_u16();
        let body = response.body_mut().read_to_vec().unwrap_or_else(|err| panic!("{err}"));
        Response {
            status,
            headers: Vec::new(),
            body,
        }
    }

    fn info(&mut self) -> Value {
        self.request("GET", "/api/tictactoe/chain", None).json()
    }

    /// Encodes `action`, sends it from this browser's account, and returns the receipt in words.
    fn transact(&mut self, action: Value) -> Value {
        let tx = self.request("POST", "/api/tictactoe/tx", Some(&action));
        assert_eq!(tx.status, 200, "{}", tx.text());
        let tx = tx.json();
        let sent = self.request(
            "POST",
            "/api/tictactoe/send",
            Some(&json!({"to": tx["to"], "data": tx["data"], "value": tx["value"]})),
        );
        assert_eq!(sent.status, 200, "{}", sent.text());
        let hash = sent.json()["hash"].as_str().unwrap_or_default().to_owned();
        let receipt = self.request("GET", &format!("/api/tictactoe/tx/{hash}"), None);
        assert_eq!(receipt.status, 200, "{}", receipt.text());
        receipt.json()
    }
}

#[test]
fn each_browser_plays_from_its_own_account_and_the_contract_guards_the_games() {
    let server = server();
    let mut alice = Browser::new(server.local_addr());
    let mut bob = Browser::new(server.local_addr());
    let (a, b) = (alice.info(), bob.info());
    assert_eq!(
        (a["mode"].clone(), a["chainId"].clone()),
        (json!("embedded"), json!(31337))
    );
    assert_ne!(a["account"], b["account"], "two browsers, two accounts");
    assert_eq!(alice.info()["account"], a["account"], "the cookie keeps the account");

    // Solo: the CPU opens in the same transaction, read from the receipt.
    let started = alice.transact(json!({"action": "newSolo", "difficulty": "hard", "cpuFirst": true}));
    assert_eq!(started["state"], "confirmed", "{started}");
    assert_eq!(
        (started["game"].clone(), started["cpuCell"].clone()),
        (json!(1), json!(4))
    );
    assert!(started["gasUsed"].as_u64().is_some_and(|g| g > 21_000));
    let game = alice.request("GET", "/api/tictactoe/solo/games/1", None).json();
    assert_eq!(
        (game["playerMark"].clone(), game["cells"][4].clone()),
        (json!("O"), json!("X"))
    );
    assert_eq!(game["player"], a["account"]);

    // Bob cannot move in Alice's game: the contract itself refuses, and says why in words.
    let intruder = bob.transact(json!({"action": "playSolo", "game": 1, "cell": 0}));
    assert_eq!(intruder["state"], "reverted");
    assert_eq!(intruder["errorName"], "NotYourGame");
    let reason = said(&intruder["reason"]);
    assert!(reason.starts_with("Game 1 belongs to 0x"), "{reason}");
    assert!(!reason.contains('{'), "plain words, not a debug string: {reason}");

    let moved = alice.transact(json!({"action": "playSolo", "game": 1, "cell": 0}));
    assert_eq!(moved["state"], "confirmed", "{moved}");
    let reply = moved["cpuCell"].as_u64().unwrap_or(9) as usize;
    let game = alice.request("GET", "/api/tictactoe/solo/games/1", None).json();
    assert_eq!(
        (game["cells"][0].clone(), game["cells"][reply].clone()),
        (json!("O"), json!("X"))
    );
    let taken = alice.transact(json!({"action": "playSolo", "game": 1, "cell": 0}));
    assert_eq!(said(&taken["reason"]), "Row 1, column 1 is already taken.");

    // PvP with a stake, private to Bob: a third browser's join is refused with the decoded reason.
    let created = alice.transact(json!({
        "action": "create", "stake": "0.5", "timeout": 60, "opponent": b["account"]
    }));
    assert_eq!(created["state"], "confirmed", "{created}");
    assert_eq!(created["game"], 1);
    let mut carol = Browser::new(server.local_addr());
    let refused = carol.transact(json!({"action": "join", "game": 1}));
    assert_eq!(refused["errorName"], "NotInvited", "{refused}");
    let view = bob
        .request(
            "GET",
            &format!(
                "/api/tictactoe/pvp/games/1?viewer={}",
                b["account"].as_str().unwrap_or_default()
            ),
            None,
        )
        .json();
    assert_eq!(
        (
            view["role"].clone(),
            view["stakeWords"].clone(),
            view["timeoutWords"].clone()
        ),
        (json!("invited"), json!("0.5 ETH"), json!("1 minute"))
    );
    assert_eq!(view["can"], json!(["join"]));
    let joined = bob.transact(json!({"action": "join", "game": 1}));
    assert_eq!(joined["state"], "confirmed", "{joined}");
    // X (Alice) takes the top row while Bob plays the middle; Bob cannot move out of turn.
    let early = bob.transact(json!({"action": "play", "game": 1, "cell": 4}));
    assert_eq!(early["errorName"], "NotYourTurn");
    for (player, cell) in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)] {
        let who = if player == 0 { &mut alice } else { &mut bob };
        let played = who.transact(json!({"action": "play", "game": 1, "cell": cell}));
        assert_eq!(played["state"], "confirmed", "{played}");
    }
    let over = alice
        .request(
            "GET",
            &format!(
                "/api/tictactoe/pvp/games/1?viewer={}",
                a["account"].as_str().unwrap_or_default()
            ),
            None,
        )
        .json();
    assert_eq!(
        (over["status"].clone(), over["line"].clone(), over["endedBy"].clone()),
        (json!("xWon"), json!([0, 1, 2]), json!("win"))
    );
    // Every address as wallets show it, EIP-55 checksummed (alloy's serde alone writes lower case).
    for address in [
        &a["account"],
        &a["solo"],
        &a["pvp"],
        &over["creator"],
        &over["opponent"],
    ] {
        let text = address.as_str().unwrap_or_default();
        let parsed: alloy_primitives::Address = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(text, parsed.to_checksum(None), "checksummed");
        assert_ne!(text, text.to_lowercase(), "{text} has letters in both cases");
    }
    let balance = alice
        .request(
            "GET",
            &format!(
                "/api/tictactoe/pvp/balance/{}",
                a["account"].as_str().unwrap_or_default()
            ),
            None,
        )
        .json();
    assert_eq!(balance["pendingWords"], "1 ETH");
    let withdrawn = alice.transact(json!({"action": "withdraw"}));
    assert!(
        withdrawn["events"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|e| said(e).ends_with("withdrew 1 ETH.")),
        "{withdrawn}"
    );

    // Cancel an unjoined game; resign an active one; ask the oracle on the way.
    let open = alice.transact(json!({"action": "create", "stake": "0.25", "timeout": 3600}));
    let open_id = open["game"].as_u64().unwrap_or_default();
    let cancelled = alice.transact(json!({"action": "cancel", "game": open_id}));
    assert!(
        cancelled["events"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|e| said(e).contains("cancelled before anyone joined")),
        "{cancelled}"
    );
    let played = alice.transact(json!({"action": "create", "stake": "0", "timeout": 3600}));
    let played_id = played["game"].as_u64().unwrap_or_default();
    assert_eq!(
        bob.transact(json!({"action": "join", "game": played_id}))["state"],
        "confirmed"
    );
    assert_eq!(
        alice.transact(json!({"action": "play", "game": played_id, "cell": 0}))["state"],
        "confirmed"
    );
    let advice = bob
        .request("GET", &format!("/api/tictactoe/pvp/games/{played_id}/oracle"), None)
        .json();
    assert_eq!(
        (advice["cell"].clone(), advice["words"].clone()),
        (json!(4), json!("The Hard CPU would play row 2, column 2.")),
        "against a corner, Hard takes the centre"
    );
    let resigned = bob.transact(json!({"action": "resign", "game": played_id}));
    assert!(
        resigned["events"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|e| said(e).contains("won by resignation")),
        "{resigned}"
    );
    // How each ended, as the chain recorded it: a resignation leaves the record a timeout would (no line, X
    // won), so only the game's GameEnded event tells them apart.
    let mut ended = |id: u64| get_json(&mut alice, &format!("/api/tictactoe/pvp/games/{id}"))["endedBy"].clone();
    assert_eq!(ended(played_id), json!("resignation"));
    assert_eq!(ended(open_id), json!("cancellation"));
    assert_eq!(ended(1), json!("win"));
    let head = get_json(&mut alice, "/api/tictactoe/head");
    assert!(head["block"].as_u64().is_some_and(|b| b > 1), "{head}");
    let after = bob.request("GET", &format!("/api/tictactoe/pvp/games/{played_id}/oracle"), None);
    assert_eq!(after.status, 409, "no advice once the game is over: {}", after.text());

    // A request the server refuses before any wallet is asked.
    let bad = alice.request(
        "POST",
        "/api/tictactoe/tx",
        Some(&json!({"action": "create", "stake": "lots", "timeout": 60})),
    );
    assert_eq!(bad.status, 400);
    // Inviting oneself, when the page says who sends: the contract's own words, and no wallet is asked.
    let own = alice.request(
        "POST",
        "/api/tictactoe/tx",
        Some(&json!({
            "action": "create", "stake": "0", "timeout": 60, "opponent": a["account"], "from": a["account"]
        })),
    );
    assert_eq!(
        (own.status, own.json()["error"].clone()),
        (400, json!("You cannot invite yourself."))
    );
    let short = alice.request(
        "POST",
        "/api/tictactoe/tx",
        Some(&json!({"action": "create", "stake": "0", "timeout": 5})),
    );
    assert_eq!(
        short.json()["error"],
        "the time limit per move must be between 1 minute and 7 days"
    );
    // Without a session there is no account to send from.
    let mut stranger = Browser {
        addr: server.local_addr(),
        cookie: None,
    };
    let anonymous = stranger.request(
        "POST",
        "/api/tictactoe/send",
        Some(&json!({"to": a["pvp"], "data": "0x"})),
    );
    assert_eq!(anonymous.status, 400);
}

fn get_json(browser: &mut Browser, path: &str) -> Value {
    let response = browser.request("GET", path, None);
    assert_eq!(response.status, 200, "{path}: {}", response.text());
    response.json()
}

/// A script that asks for the chain again and again without the cookie gets a new session each time, but the
/// server funds only so many accounts: past that, a newcomer takes over the account of the session used least
/// recently, whose cookie then names nothing (that browser gets another session on its next visit).
#[test]
fn cookie_less_requests_cannot_drain_the_development_accounts() {
    let server = server();
    let mut first = Browser::new(server.local_addr());
    let first_account = first.info()["account"].clone();
    let mut second = Browser::new(server.local_addr());
    let second_account = second.info()["account"].clone();
    // The first browser comes back, so the second is the one used least recently.
    assert_eq!(first.info()["account"], first_account);

    let mut seen = std::collections::HashSet::from([first_account.to_string(), second_account.to_string()]);
    let recycled = (0..2_000)
        .find_map(|n| {
            let account = Browser::new(server.local_addr()).info()["account"].clone();
            (!seen.insert(account.to_string())).then_some((n, account))
        })
        .unwrap_or_else(|| panic!("2,000 cookie-less sessions each got a new funded account"));
    let (opened, account) = recycled;
    assert_eq!(
        account, second_account,
        "the least recently used session's account is the one handed over"
    );
    // Every funded account takes 100 of the development accounts' 100,000 ether: well under a thousand.
    assert!(seen.len() <= 600, "{} accounts were funded", seen.len());
    assert!(
        opened + 2 == seen.len(),
        "no account repeated before the table was full"
    );

    // A browser in use keeps its account; the second browser's cookie names none any more, so it gets another
    // (the least recently used one's), never the first browser's.
    assert_eq!(first.info()["account"], first_account);
    let again = second.request("GET", "/api/tictactoe/chain", None).json();
    assert_ne!(again["account"], second_account);
    assert_ne!(again["account"], first_account);
    assert_eq!(first.info()["account"], first_account);
}

fn post(server: &marubatsu_web::Server, path: &str, body: Value) -> support::Response {
    request(server.local_addr(), "POST", path, Some(&body))
}

fn get(server: &marubatsu_web::Server, path: &str) -> support::Response {
    request(server.local_addr(), "GET", path, None)
}

#[test]
fn hot_seat_replays_the_moves_through_the_engine() {
    let server = server();
    let answer = post(&server, "/api/tictactoe/hotseat", json!({"moves": [4, 0, 8]})).json();
    assert_eq!(
        answer["state"]["cells"],
        json!(["O", null, null, null, "X", null, null, null, "X"])
    );
    assert_eq!(answer["state"]["toMove"], "O");
    assert_eq!(answer["played"], 3);
    assert_eq!(
        (answer["accepted"].clone(), answer["refusal"].clone()),
        (json!(true), Value::Null)
    );

    let won = post(&server, "/api/tictactoe/hotseat", json!({"moves": [0, 3, 1, 4, 2, 5]})).json();
    assert_eq!(
        (won["state"]["winner"].clone(), won["state"]["toMove"].clone()),
        (json!("X"), Value::Null)
    );
    assert_eq!(won["state"]["line"], json!([0, 1, 2]));
    assert_eq!(won["played"], 5);
    assert_eq!(won["accepted"], false);
    assert_eq!(
        code_and_words(&won["refusal"]),
        json!({"code": "game_over", "words": "move 6: the game is over (X won)"})
    );
    assert_eq!(said(&won["refusal"]), "move 6: the game is over (X won)");

    let taken = post(&server, "/api/tictactoe/hotseat", json!({"moves": [4, 4]})).json();
    assert_eq!(
        (taken["played"].clone(), code_and_words(&taken["refusal"])),
        (
            json!(1),
            json!({"code": "cell_taken", "words": "move 2: cell 4 is taken"})
        )
    );
    assert_eq!(said(&taken["refusal"]), "move 2: cell 4 is taken");
    let off = post(&server, "/api/tictactoe/hotseat", json!({"moves": [9]})).json();
    assert_eq!(
        code_and_words(&off["refusal"]),
        json!({"code": "not_a_cell", "words": "move 1: 9 is not a cell (0 to 8)"})
    );
    assert_eq!(said(&off["refusal"]), "move 1: 9 is not a cell (0 to 8)");
    let draw = post(
        &server,
        "/api/tictactoe/hotseat",
        json!({"moves": [0, 4, 8, 1, 7, 6, 2, 5, 3]}),
    )
    .json();
    assert_eq!(
        (draw["state"]["draw"].clone(), draw["state"]["winner"].clone()),
        (json!(true), Value::Null)
    );
}

#[test]
fn without_a_chain_every_page_still_serves_and_solo_says_why() {
    let app = marubatsu_web::App::without_chain("no Solidity compiler was found");
    let server = marubatsu_web::Server::bind(std::net::SocketAddr::from(([127, 0, 0, 1], 0)), app)
        .unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(get(&server, "/tictactoe").status, 200);
    let info = get(&server, "/api/tictactoe/chain");
    assert_eq!(info.status, 503);
    assert_eq!(
        info.json()["error"],
        "tic-tac-toe on chain is not available: no Solidity compiler was found"
    );
    let refused = post(
        &server,
        "/api/tictactoe/tx",
        json!({"action": "newSolo", "difficulty": "hard", "cpuFirst": false}),
    );
    assert_eq!(refused.status, 503);
    // The games that need no chain are unaffected.
    let hot_seat = post(&server, "/api/tictactoe/hotseat", json!({"moves": [4]})).json();
    assert_eq!(hot_seat["state"]["toMove"], "O");
}
