//! The web API given malformed input: broken, oversized and mistyped JSON, the wrong content type, cells out of
//! range, unknown and malformed game ids, corrupted relay saves, lights events that do not parse, and a client
//! that opens a connection and never finishes its request. Every refusal is a 4xx with an `{"error": …}` body
//! (a corrupted relay save is reported in `restoreError` and the game starts over), and the server keeps
//! serving everyone else, with the same game state, throughout.

mod support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::{Value, json};
use support::{post_ok, request, server};

/// One raw request: any bytes as the body, any content type; returns the status and the body.
fn raw(addr: SocketAddr, method: &str, path: &str, content_type: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).unwrap_or_else(|err| panic!("connecting to {addr}: {err}"));
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\n\r\n",
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

/// The server still answers: the index page, and the game `id` with `moves` moves made.
fn still_serving(addr: SocketAddr, id: u64, moves: usize) {
    assert_eq!(request(addr, "GET", "/", None).status, 200);
    let game = request(addr, "GET", &format!("/api/tictactoe/solo/games/{id}"), None);
    assert_eq!(game.status, 200, "{}", game.text());
    let turns = game.json()["turns"].as_array().map_or(0, Vec::len);
    assert_eq!(turns, moves, "the game is as it was: {}", game.text());
}

#[test]
fn broken_json_and_bad_values_get_a_clear_error_and_the_server_carries_on() {
    let server = server();
    let addr = server.local_addr();
    let new = request(
        addr,
        "POST",
        "/api/tictactoe/solo/games",
        Some(&json!({"difficulty": "hard", "cpuFirst": false})),
    );
    assert_eq!(new.status, 200, "{}", new.text());
    let id = new.json()["id"].as_u64().expect("a game id");
    let moves_path = format!("/api/tictactoe/solo/games/{id}/moves");
    let turns = |addr| {
        request(addr, "GET", &format!("/api/tictactoe/solo/games/{id}"), None).json()["turns"]
            .as_array()
            .map_or(0, Vec::len)
    };
    let before = turns(addr);

    let json_type = "application/json";
    let bodies: &[&[u8]] = &[
        b"",
        b"{",
        b"{\"cell\":",
        b"null",
        b"[]",
        b"\"cell\"",
        b"{\"cell\": 9}",
        b"{\"cell\": 300}",
        b"{\"cell\": -1}",
        b"{\"cell\": 4.5}",
        b"{\"cell\": \"4\"}",
        b"{\"cell\": 4, \"extra\": true}",
        b"{\"cell\": 99999999999999999999999999}",
        b"\xff\xfe\x00garbage",
    ];
    for body in bodies {
        refused(addr, "POST", &moves_path, json_type, body);
        still_serving(addr, id, before);
    }
    // 100,000 nested arrays: refused by the parser's depth limit, not by a stack overflow.
    let nested = "[".repeat(100_000);
    refused(addr, "POST", &moves_path, json_type, nested.as_bytes());
    // Larger than the body limit.
    let huge = format!("{{\"cell\": 4, \"pad\": \"{}\"}}", "x".repeat(3 << 20));
    let (status, _) = refused(addr, "POST", &moves_path, json_type, huge.as_bytes());
    assert_eq!(status, 413, "an oversized body is refused as too large");
    // Not JSON at all, by content type.
    let (status, _) = refused(addr, "POST", &moves_path, "text/plain", b"{\"cell\": 4}");
    assert_eq!(status, 415);
    still_serving(addr, id, before);

    // Unknown and malformed game ids.
    for path in [
        "/api/tictactoe/solo/games/999999",
        "/api/tictactoe/solo/games/0",
        "/api/tictactoe/solo/games/abc",
        "/api/tictactoe/solo/games/-1",
        "/api/tictactoe/solo/games/184467440737095516150",
    ] {
        refused(addr, "GET", path, json_type, b"");
        refused(addr, "POST", &format!("{path}/moves"), json_type, b"{\"cell\": 4}");
    }
    // Bad new games.
    for body in [
        json!({"difficulty": "impossible", "cpuFirst": false}),
        json!({"difficulty": "hard"}),
        json!({"difficulty": 2, "cpuFirst": false}),
    ] {
        refused(
            addr,
            "POST",
            "/api/tictactoe/solo/games",
            json_type,
            body.to_string().as_bytes(),
        );
    }
    still_serving(addr, id, before);

    // After all that, a good move still works.
    let good = request(addr, "POST", &moves_path, Some(&json!({"cell": 4})));
    assert_eq!(good.status, 200, "{}", good.text());
    assert!(turns(addr) > before);
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
        .write_all(b"POST /api/tictactoe/solo/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"diff")
        .unwrap();
    let mut half_headers = TcpStream::connect(addr).unwrap();
    half_headers.write_all(b"GET / HTTP/1.1\r\nHost: ").unwrap();
    for _ in 0..3 {
        let new = request(
            addr,
            "POST",
            "/api/tictactoe/solo/games",
            Some(&json!({"difficulty": "easy", "cpuFirst": true})),
        );
        assert_eq!(new.status, 200, "{}", new.text());
        assert_eq!(request(addr, "GET", "/", None).status, 200);
    }
    drop((stalled, half_headers));
}
