//! The envelope every game answers with: a refused event comes back with the engine's stable code and the
//! reason in the player's words, in English and in Japanese, for every game.

use crate::support;

use serde_json::{Value, json};
use support::{request_with, server};

/// The answer to `body` at `path` in `lang`.
fn answer(server: &marubatsu_web::Server, lang: &str, path: &str, body: &Value) -> Value {
    let response = request_with(
        server.local_addr(),
        "POST",
        path,
        Some(body),
        &[("accept-language", lang)],
    );
    assert_eq!(response.status, 200, "{path}: {}", response.text());
    response.json()
}

#[test]
fn every_games_refusal_has_a_stable_code_and_words_in_both_languages() {
    let server = server();
    let puzzle = json!({"type": "newPuzzle", "level": "easy", "cells": [0, 1, 2, 3, 4, 5, 6], "atMs": 0});
    let cases = [
        (
            "/api/lights/replay",
            json!({"events": [{"type": "undo"}]}),
            "no_game_yet",
        ),
        (
            "/api/lights/replay",
            json!({"events": [{"type": "newPuzzle", "level": "easy", "cells": [0, 1, 2, 3, 4, 5, 5], "atMs": 0}]}),
            "bad_scramble",
        ),
        (
            "/api/lights/replay",
            json!({"events": [puzzle, {"type": "undo"}]}),
            "no_press",
        ),
        ("/api/tictactoe/hotseat", json!({"moves": [4, 4]}), "cell_taken"),
        (
            "/api/tictactoe/hotseat",
            json!({"moves": [0, 3, 1, 4, 2, 5]}),
            "game_over",
        ),
        ("/api/tictactoe/hotseat", json!({"moves": [9]}), "not_a_cell"),
        (
            "/api/relay/step",
            json!({"save": null, "event": {"type": "start", "players": ["A", "B"], "rounds": 1, "talkSeconds": 30},
                   "entropy": [1, 2], "language": "en"}),
            "too_few_players",
        ),
        (
            "/api/relay/step",
            json!({"save": null, "event": {"type": "confirm"}, "language": "en"}),
            "not_now",
        ),
        (
            "/api/werewolf/replay",
            json!({"table": [2, 1, 5], "events": [], "event": {"type": "draw", "player": 0, "index": 0}}),
            "not_pending",
        ),
        (
            "/api/werewolf/replay",
            json!({"table": [2, 1, 5], "events": [], "event": {"type": "fly"}}),
            "unreadable_event",
        ),
    ];
    for (path, body, code) in cases {
        let en = answer(&server, "en", path, &body);
        let ja = answer(&server, "ja", path, &body);
        for (lang, answer) in [("en", &en), ("ja", &ja)] {
            assert_eq!(answer["accepted"], false, "{path} {lang}: {answer}");
            assert_eq!(answer["refusal"]["code"], code, "{path} {lang}: {answer}");
            assert!(answer.get("state").is_some(), "{path} {lang}: {answer}");
        }
        let (en, ja) = (
            en["refusal"]["words"].as_str().unwrap_or_default(),
            ja["refusal"]["words"].as_str().unwrap_or_default(),
        );
        assert!(!en.is_empty() && en.is_ascii(), "{path} {code}: English words: {en:?}");
        assert!(!ja.is_ascii(), "{path} {code}: Japanese words: {ja:?}");
    }
}

#[test]
fn an_accepted_event_has_no_refusal_and_one_cap_holds_for_every_log() {
    let server = server();
    for (path, body) in [
        (
            "/api/lights/replay",
            json!({"events": [{"type": "newPuzzle", "level": "easy", "cells": [0, 1, 2, 3, 4, 5, 6], "atMs": 0}]}),
        ),
        ("/api/tictactoe/hotseat", json!({"moves": [4]})),
        (
            "/api/werewolf/replay",
            json!({"table": [2, 1, 5], "events": [], "event": {"type": "startPlayer", "seat": 0}}),
        ),
    ] {
        let answer = answer(&server, "en", path, &body);
        assert_eq!(
            (answer["accepted"].clone(), answer["refusal"].clone()),
            (json!(true), Value::Null),
            "{path}"
        );
    }
    let long_moves = vec![0; 20_001];
    let long_events: Vec<Value> = std::iter::repeat_n(json!({"type": "startPlayer", "seat": 0}), 20_001).collect();
    for (path, body) in [
        ("/api/tictactoe/hotseat", json!({"moves": long_moves})),
        (
            "/api/werewolf/replay",
            json!({"table": [2, 1, 5], "events": long_events}),
        ),
    ] {
        let response = request_with(server.local_addr(), "POST", path, Some(&body), &[]);
        assert_eq!(response.status, 400, "{path}");
        assert_eq!(response.json()["code"], "log_too_long", "{path}");
    }
}
