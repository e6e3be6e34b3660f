//! Cross light's endpoints over plain HTTP: the levels, and a log folded through the engine into the envelope.

use crate::support;

use serde_json::{Value, json};
use support::{code_and_words, request, server};

fn post(server: &marubatsu_web::Server, path: &str, body: Value) -> support::Response {
    request(server.local_addr(), "POST", path, Some(&body))
}

fn get(server: &marubatsu_web::Server, path: &str) -> support::Response {
    request(server.local_addr(), "GET", path, None)
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
    let game = &answer["state"];
    assert_eq!(game["side"], 5);
    assert_eq!(game["lit"].as_array().map(Vec::len), Some(25));
    assert_eq!(
        (game["moves"].clone(), game["solved"].clone()),
        (json!(0), json!(false))
    );
    assert_eq!(game["par"], game["startPar"]);
    assert_eq!(answer["accepted"], true);
    assert_eq!(answer["refusal"], Value::Null);
    assert_eq!(answer["events"], 1);

    // Pressing the scramble back solves it; the press after that changes nothing.
    let mut events = vec![start.clone()];
    events.extend((0..7).map(|cell| json!({"type": "press", "cell": cell, "atMs": 2000 + cell})));
    let answer = post(&server, "/api/lights/replay", json!({"events": events})).json();
    assert_eq!(answer["state"]["solved"], true);
    assert_eq!(answer["state"]["moves"], 7);
    assert_eq!(answer["state"]["solvedAtMs"], 2006);
    assert_eq!(answer["state"]["canUndo"], false);
    events.push(json!({"type": "press", "cell": 12, "atMs": 3000}));
    let answer = post(&server, "/api/lights/replay", json!({"events": events})).json();
    assert_eq!(
        (answer["accepted"].clone(), answer["state"]["moves"].clone()),
        (json!(false), json!(7))
    );
    assert_eq!(answer["refusal"]["code"], "solved");

    // A hint points at a cell and says how many presses are left at best; undo takes a press back exactly.
    let events = json!([start, {"type": "press", "cell": 24, "atMs": 5}, {"type": "hint"}]);
    let answer = post(&server, "/api/lights/replay", json!({"events": events})).json();
    let game = &answer["state"];
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
    assert_eq!(undone["state"]["lit"], fresh["state"]["lit"]);
    assert_eq!(undone["state"]["moves"], 0);

    // A scramble the engine refuses says why, and leaves no game.
    let bad = json!({"type": "newPuzzle", "level": "easy", "cells": [0, 1, 2, 3, 4, 5, 5], "atMs": 0});
    let answer = post(&server, "/api/lights/replay", json!({"events": [bad]})).json();
    assert_eq!(answer["state"], Value::Null);
    assert_eq!(
        code_and_words(&answer["refusal"]),
        json!({"code": "bad_scramble", "words": "event 0: cell 5 is scrambled twice"})
    );
    // Events before any puzzle mean nothing.
    let answer = post(&server, "/api/lights/replay", json!({"events": [{"type": "undo"}]})).json();
    assert_eq!(
        (answer["state"].clone(), answer["accepted"].clone()),
        (Value::Null, json!(false))
    );
    assert_eq!(answer["refusal"]["code"], "no_game_yet");

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
