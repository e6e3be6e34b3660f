//! The app over plain HTTP, without a browser: pages and assets, and each game's API with its refusals.

mod support;

use serde_json::{Value, json};
use support::{request, server};

fn post(server: &marubatsu_web::Server, path: &str, body: Value) -> support::Response {
    request(server.local_addr(), "POST", path, Some(&body))
}

fn get(server: &marubatsu_web::Server, path: &str) -> support::Response {
    request(server.local_addr(), "GET", path, None)
}

#[test]
fn pages_and_assets_are_served_from_the_binary_with_a_strict_policy() {
    let server = server();
    let index = get(&server, "/");
    assert_eq!(index.status, 200);
    let html = index.text();
    for link in [
        r#"href="/lights""#,
        r#"href="/tictactoe""#,
        "Cross light",
        "Tic-tac-toe",
    ] {
        assert!(html.contains(link), "the index lists {link}");
    }
    let policy = index.header("content-security-policy").unwrap_or_default();
    assert!(
        policy.contains("default-src 'self'") && policy.contains("script-src 'self'"),
        "{policy}"
    );

    for (page, script) in [("/lights", "lights.js"), ("/tictactoe", "tictactoe.js")] {
        let response = get(&server, page);
        assert_eq!(response.status, 200, "{page}");
        let html = response.text();
        assert!(html.contains(&format!("/assets/{script}")), "{page} loads its script");
        assert!(
            html.contains(r#"aria-current="page""#),
            "{page} is marked in the navigation"
        );
        assert!(html.contains(r#"id="sound""#), "{page} has the sound switch");
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{page} loads nothing from elsewhere"
        );
    }
    for (asset, kind) in [
        ("app.css", "text/css"),
        ("common.js", "text/javascript"),
        ("lights.js", "text/javascript"),
        ("tictactoe.js", "text/javascript"),
        ("favicon.svg", "image/svg+xml"),
    ] {
        let response = get(&server, &format!("/assets/{asset}"));
        assert_eq!(response.status, 200, "{asset}");
        assert!(response.header("content-type").unwrap_or_default().starts_with(kind));
        assert!(
            !response.text().contains("https://"),
            "{asset} loads nothing from elsewhere"
        );
    }
    assert_eq!(get(&server, "/assets/nope.js").status, 404);
    assert_eq!(get(&server, "/nowhere").status, 404);
}

#[test]
fn lights_replay_folds_the_log_through_the_engine() {
    let server = server();
    let levels = get(&server, "/api/lights/levels").json();
    assert_eq!(
        levels["levels"],
        json!([
            {"name": "easy", "side": 5, "scramblePresses": 7},
            {"name": "normal", "side": 6, "scramblePresses": 12},
            {"name": "hard", "side": 7, "scramblePresses": 18},
        ])
    );

    let start = json!({"type": "newPuzzle", "level": "easy", "cells": [0, 1, 2, 3, 4, 5, 6], "atMs": 1000});
    let answer = post(&server, "/api/lights/replay", json!({"events": [start]})).json();
    let game = &answer["game"];
    assert_eq!(game["side"], 5);
    assert_eq!(game["lit"].as_array().map(Vec::len), Some(25));
    assert_eq!(
        (game["moves"].clone(), game["solved"].clone()),
        (json!(0), json!(false))
    );
    assert_eq!(game["par"], game["startPar"]);
    assert_eq!(answer["changed"], true);

    // Pressing the scramble back solves it; the press after that changes nothing.
    let mut events = vec![start.clone()];
    events.extend((0..7).map(|cell| json!({"type": "press", "cell": cell, "atMs": 2000 + cell})));
    let answer = post(&server, "/api/lights/replay", json!({"events": events})).json();
    assert_eq!(answer["game"]["solved"], true);
    assert_eq!(answer["game"]["moves"], 7);
    assert_eq!(answer["game"]["solvedAtMs"], 2006);
    assert_eq!(answer["game"]["canUndo"], false);
    events.push(json!({"type": "press", "cell": 12, "atMs": 3000}));
    let answer = post(&server, "/api/lights/replay", json!({"events": events})).json();
    assert_eq!(
        (answer["changed"].clone(), answer["game"]["moves"].clone()),
        (json!(false), json!(7))
    );

    // A hint points at a cell and says how many presses are left at best; undo takes a press back exactly.
    let events = json!([start, {"type": "press", "cell": 24, "atMs": 5}, {"type": "hint"}]);
    let answer = post(&server, "/api/lights/replay", json!({"events": events})).json();
    let game = &answer["game"];
    assert!(game["hint"]["index"].as_u64().is_some_and(|i| i < 25));
    assert_eq!(
        game["hint"]["row"],
        game["hint"]["index"].as_u64().map(|i| i / 5 + 1).unwrap_or(0)
    );
    let undone = post(
        &server,
        "/api/lights/replay",
        json!({"events": [start, {"type": "press", "cell": 24, "atMs": 5}, {"type": "undo"}]}),
    )
    .json();
    let fresh = post(&server, "/api/lights/replay", json!({"events": [start]})).json();
    assert_eq!(undone["game"]["lit"], fresh["game"]["lit"]);
    assert_eq!(undone["game"]["moves"], 0);

    // A scramble the engine refuses says why, and leaves no game.
    let bad = json!({"type": "newPuzzle", "level": "easy", "cells": [0, 1, 2, 3, 4, 5, 5], "atMs": 0});
    let answer = post(&server, "/api/lights/replay", json!({"events": [bad]})).json();
    assert_eq!(answer["game"], Value::Null);
    assert_eq!(answer["rejected"], "event 0: cell 5 is scrambled twice");
    // Events before any puzzle mean nothing.
    let answer = post(&server, "/api/lights/replay", json!({"events": [{"type": "undo"}]})).json();
    assert_eq!(
        (answer["game"].clone(), answer["changed"].clone()),
        (Value::Null, json!(false))
    );

    // Malformed events are refused with a JSON error.
    let answer = post(
        &server,
        "/api/lights/replay",
        json!({"events": [{"type": "newPuzzle", "level": "expert", "cells": [], "atMs": 0}]}),
    );
    // A level is read by the engine's JSON form, so an unknown one is refused with the body, like a bad cell.
    assert_eq!(answer.status, 422);
    assert!(
        answer.json()["error"]
            .as_str()
            .unwrap_or_default()
            .contains("unknown level \"expert\"")
    );
    let answer = post(
        &server,
        "/api/lights/replay",
        json!({"events": [{"type": "press", "cell": 256, "atMs": 0}]}),
    );
    assert_eq!(answer.status, 422);
    assert!(answer.json()["error"].is_string());
    let long: Vec<Value> = std::iter::repeat_n(json!({"type": "hint"}), 20_001).collect();
    let answer = post(&server, "/api/lights/replay", json!({"events": long}));
    assert_eq!(answer.status, 400);
    assert!(
        answer.json()["error"]
            .as_str()
            .unwrap_or_default()
            .contains("at most 20000")
    );
}

#[test]
fn hot_seat_replays_the_moves_through_the_engine() {
    let server = server();
    let answer = post(&server, "/api/tictactoe/hotseat", json!({"moves": [4, 0, 8]})).json();
    assert_eq!(
        answer["cells"],
        json!(["O", null, null, null, "X", null, null, null, "X"])
    );
    assert_eq!(answer["toMove"], "O");
    assert_eq!(answer["played"], 3);

    let won = post(&server, "/api/tictactoe/hotseat", json!({"moves": [0, 3, 1, 4, 2, 5]})).json();
    assert_eq!(
        (won["winner"].clone(), won["toMove"].clone()),
        (json!("X"), Value::Null)
    );
    assert_eq!(won["line"], json!([0, 1, 2]));
    assert_eq!(won["played"], 5);
    assert_eq!(won["rejected"], "move 6: the game is over (X won)");

    let taken = post(&server, "/api/tictactoe/hotseat", json!({"moves": [4, 4]})).json();
    assert_eq!(
        (taken["played"].clone(), taken["rejected"].clone()),
        (json!(1), json!("move 2: cell 4 is taken"))
    );
    let off = post(&server, "/api/tictactoe/hotseat", json!({"moves": [9]})).json();
    assert_eq!(off["rejected"], "move 1: 9 is not a cell (0 to 8)");
    let draw = post(
        &server,
        "/api/tictactoe/hotseat",
        json!({"moves": [0, 4, 8, 1, 7, 6, 2, 5, 3]}),
    )
    .json();
    assert_eq!(
        (draw["draw"].clone(), draw["winner"].clone()),
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
    assert_eq!(hot_seat["toMove"], "O");
}
