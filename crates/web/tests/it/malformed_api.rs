//! The web API given malformed input: broken, oversized and mistyped JSON, the wrong content type, cells out of
//! range, unknown and malformed game ids, corrupted relay saves, lights events that do not parse, and a client
//! that opens a connection and never finishes its request. Every refusal is a 4xx with an `{"error": …}` body
//! (a corrupted relay save is reported in `restoreError` and the game starts over), and the server keeps
//! serving everyone else, with the same game state, throughout.

use crate::support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::{Value, json};
use support::{post_ok, request, server};

/// One raw request: any bytes as the body, any content type; returns the status and the body.
fn raw(addr: SocketAddr, method: &str, path: &str, content_type: &str, body: &[u8]) -> (u16, Vec<u8>) {
    raw_as(addr, None, method, path, content_type, body)
}

/// [`raw`] from a browser session: with its cookie, if any.
fn raw_as(
    addr: SocketAddr,
    cookie: Option<&str>,
    method: &str,
    path: &str,
    content_type: &str,
    body: &[u8],
) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).unwrap_or_else(|err| panic!("connecting to {addr}: {err}"));
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let cookie = cookie.map(|c| format!("Cookie: {c}\r\n")).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: {content_type}\r\n\
         {cookie}Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // The server may answer (413) and close before the whole body is sent; that is fine.
    let _ = stream.write_all(body);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let body = match response.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(at) => response[at + 4..].to_vec(),
        None => Vec::new(),
    };
    (status, body)
}

/// A refusal: a client error, with a JSON body whose `error` says something.
fn refused(addr: SocketAddr, method: &str, path: &str, content_type: &str, body: &[u8]) -> (u16, String) {
    let (status, response) = raw(addr, method, path, content_type, body);
    let shown = String::from_utf8_lossy(&body[..body.len().min(80)]).into_owned();
    assert!(
        (400..500).contains(&status),
        "{method} {path} with {shown:?}: status {status}, {}",
        String::from_utf8_lossy(&response)
    );
    // Routing refusals (an id that is no number) may be plain text; every API body refusal is JSON.
    let error = match serde_json::from_slice::<Value>(&response) {
        Ok(value) => value["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{method} {path}: no error in {value}"))
            .to_owned(),
        Err(_) => String::from_utf8_lossy(&response).into_owned(),
    };
    assert!(!error.trim().is_empty(), "{method} {path}: an empty error");
    (status, error)
}

/// The cells taken in solo game `id`.
fn marks(addr: SocketAddr, id: u64) -> usize {
    let game = request(addr, "GET", &format!("/api/tictactoe/solo/games/{id}"), None);
    assert_eq!(game.status, 200, "{}", game.text());
    game.json()["cells"]
        .as_array()
        .map_or(0, |cells| cells.iter().filter(|c| !c.is_null()).count())
}

/// The server still answers: the index page, and the game `id` with `moves` cells taken.
fn still_serving(addr: SocketAddr, id: u64, moves: usize) {
    assert_eq!(request(addr, "GET", "/", None).status, 200);
    assert_eq!(marks(addr, id), moves, "the game is as it was");
}

/// A browser session on the embedded chain: the cookie naming its account.
fn session(addr: SocketAddr) -> String {
    let info = request(addr, "GET", "/api/tictactoe/chain", None);
    info.header("set-cookie")
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("no session cookie: {:?}", info.headers))
        .to_owned()
}

/// Encodes `action`, sends it from `cookie`'s account, and returns the receipt in words.
fn transact(addr: SocketAddr, cookie: &str, action: &Value) -> Value {
    let tx = post_ok(addr, "/api/tictactoe/tx", action);
    let body = json!({"to": tx["to"], "data": tx["data"], "value": tx["value"]}).to_string();
    let (status, sent) = raw_as(
        addr,
        Some(cookie),
        "POST",
        "/api/tictactoe/send",
        "application/json",
        body.as_bytes(),
    );
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&sent));
    let hash = serde_json::from_slice::<Value>(&sent).unwrap()["hash"]
        .as_str()
        .unwrap()
        .to_owned();
    request(addr, "GET", &format!("/api/tictactoe/tx/{hash}"), None).json()
}

#[test]
fn broken_json_and_bad_values_get_a_clear_error_and_the_server_carries_on() {
    let server = server();
    let addr = server.local_addr();
    let cookie = session(addr);
    let started = transact(
        addr,
        &cookie,
        &json!({"action": "newSolo", "difficulty": "hard", "cpuFirst": false}),
    );
    let id = started["game"].as_u64().expect("a game id");
    let before = marks(addr, id);

    let json_type = "application/json";
    let play = |rest: &str| format!(r#"{{"action": "playSolo", "game": {id}, {rest}}}"#);
    let bodies: Vec<Vec<u8>> = [
        String::new(),
        "{".into(),
        r#"{"action":"#.into(),
        "null".into(),
        "[]".into(),
        r#""playSolo""#.into(),
        r#"{"action": "fly"}"#.into(),
        play(r#""cell": 9"#),
        play(r#""cell": 300"#),
        play(r#""cell": -1"#),
        play(r#""cell": 4.5"#),
        play(r#""cell": "4""#),
        play(r#""cell": 4, "extra": true"#),
        play(r#""cell": 99999999999999999999999999"#),
        r#"{"action": "create", "stake": "-1", "timeout": 60}"#.into(),
        r#"{"action": "create", "stake": "0", "timeout": 60, "opponent": "0x12"}"#.into(),
    ]
    .into_iter()
    .map(String::into_bytes)
    .chain([b"\xff\xfe\x00garbage".to_vec()])
    .collect();
    for body in &bodies {
        refused(addr, "POST", "/api/tictactoe/tx", json_type, body);
        still_serving(addr, id, before);
    }
    // 100,000 nested arrays: refused by the parser's depth limit, not by a stack overflow.
    let nested = "[".repeat(100_000);
    refused(addr, "POST", "/api/tictactoe/tx", json_type, nested.as_bytes());
    // Larger than the body limit.
    let huge = format!("{{\"action\": \"withdraw\", \"pad\": \"{}\"}}", "x".repeat(3 << 20));
    let (status, _) = refused(addr, "POST", "/api/tictactoe/tx", json_type, huge.as_bytes());
    assert_eq!(status, 413, "an oversized body is refused as too large");
    // Not JSON at all, by content type.
    let (status, _) = refused(
        addr,
        "POST",
        "/api/tictactoe/tx",
        "text/plain",
        play(r#""cell": 4"#).as_bytes(),
    );
    assert_eq!(status, 415);
    // Sending: malformed transactions, a stranger to the game contracts, and no session at all.
    let info = request(addr, "GET", "/api/tictactoe/chain", None).json();
    for body in [
        json!({"to": "nope", "data": "0x"}),
        json!({"to": info["solo"], "data": "0xzz"}),
        json!({"to": info["solo"], "data": "0x", "value": -1}),
        json!({"to": "0x0000000000000000000000000000000000000001", "data": "0x"}),
    ] {
        let (status, response) = raw_as(
            addr,
            Some(&cookie),
            "POST",
            "/api/tictactoe/send",
            json_type,
            body.to_string().as_bytes(),
        );
        assert!(
            (400..500).contains(&status),
            "{body}: {status} {}",
            String::from_utf8_lossy(&response)
        );
    }
    refused(
        addr,
        "POST",
        "/api/tictactoe/send",
        json_type,
        json!({"to": info["solo"], "data": "0x"}).to_string().as_bytes(),
    );
    still_serving(addr, id, before);

    // Unknown and malformed game ids, hashes and accounts.
    for path in [
        "/api/tictactoe/solo/games/999999",
        "/api/tictactoe/solo/games/0",
        "/api/tictactoe/solo/games/abc",
        "/api/tictactoe/solo/games/-1",
        "/api/tictactoe/solo/games/184467440737095516150",
        "/api/tictactoe/pvp/games/999999",
        "/api/tictactoe/pvp/games/abc",
        "/api/tictactoe/pvp/games/1?viewer=nobody",
        "/api/tictactoe/pvp/games/999999/oracle",
        "/api/tictactoe/pvp/balance/0x12",
        "/api/tictactoe/tx/0x1234",
        "/api/tictactoe/tx/not-a-hash",
    ] {
        refused(addr, "GET", path, json_type, b"");
    }
    // Bad new games.
    for body in [
        json!({"action": "newSolo", "difficulty": "impossible", "cpuFirst": false}),
        json!({"action": "newSolo", "difficulty": "hard"}),
        json!({"action": "newSolo", "difficulty": 2, "cpuFirst": false}),
    ] {
        refused(
            addr,
            "POST",
            "/api/tictactoe/tx",
            json_type,
            body.to_string().as_bytes(),
        );
    }
    still_serving(addr, id, before);

    // After all that, a good move still works, and the CPU answers in it.
    let good = transact(addr, &cookie, &json!({"action": "playSolo", "game": id, "cell": 4}));
    assert_eq!(good["state"], "confirmed", "{good}");
    assert_eq!(marks(addr, id), before + 2);
}

#[test]
fn corrupted_saves_and_meaningless_events_in_the_other_games() {
    let server = server();
    let addr = server.local_addr();
    let json_type = "application/json";
    // Relay: a save that is not a save is reported in `restoreError`, and the page starts over from setup.
    for save in [
        "{".to_owned(),
        "{\"version\":2,\"state\":{\"phase\":\"setup\"}}".to_owned(),
        "\u{0}".repeat(1000),
        format!("{{\"version\":1,\"state\":{}}}", "[".repeat(10_000)),
    ] {
        let body = post_ok(addr, "/api/relay/step", &json!({"save": save, "event": null}));
        assert!(
            body["restoreError"].as_str().is_some_and(|e| !e.is_empty()),
            "the broken save is reported: {body}"
        );
        assert_eq!(body["state"]["phase"], "setup", "{body}");
    }
    // Relay: requests and events that do not parse.
    for body in [
        json!({"save": null, "event": {"type": "noSuchEvent"}}),
        json!({"save": null, "event": {"type": "select", "target": -3}}),
        json!({"save": 17}),
    ] {
        refused(addr, "POST", "/api/relay/step", json_type, body.to_string().as_bytes());
    }
    // Lights: events that do not parse.
    for body in [
        json!({"events": [{"type": "press", "cell": "a", "atMs": 0}]}),
        json!({"events": [{"type": "explode"}]}),
        json!({"events": "all of them"}),
    ] {
        refused(
            addr,
            "POST",
            "/api/lights/replay",
            json_type,
            body.to_string().as_bytes(),
        );
    }
    // Hot seat tic-tac-toe: moves out of range.
    refused(
        addr,
        "POST",
        "/api/tictactoe/hotseat",
        json_type,
        json!({"moves": [4, 300]}).to_string().as_bytes(),
    );
    // Every game's page is still served.
    for page in ["/", "/tictactoe", "/lights", "/relay"] {
        assert_eq!(request(addr, "GET", page, None).status, 200, "{page}");
    }
}

#[test]
fn a_client_that_never_finishes_its_request_does_not_hold_up_others() {
    let server = server();
    let addr = server.local_addr();
    // Half a request, then silence: the connection stays open for the rest of the test.
    let mut stalled = TcpStream::connect(addr).unwrap();
    stalled
        .write_all(b"POST /api/tictactoe/tx HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"action")
        .unwrap();
    let mut half_headers = TcpStream::connect(addr).unwrap();
    half_headers.write_all(b"GET / HTTP/1.1\r\nHost: ").unwrap();
    for _ in 0..3 {
        let new = request(
            addr,
            "POST",
            "/api/tictactoe/tx",
            Some(&json!({"action": "newSolo", "difficulty": "easy", "cpuFirst": true})),
        );
        assert_eq!(new.status, 200, "{}", new.text());
        assert_eq!(request(addr, "GET", "/api/tictactoe/chain", None).status, 200);
        assert_eq!(request(addr, "GET", "/", None).status, 200);
    }
    drop((stalled, half_headers));
}
