//! The know-it-all relay's endpoint over plain HTTP: a whole game through `/api/relay/step`, with the engine's
//! refusals, the save envelope the page keeps, topics without repeats and the avoid-last order.

mod support;

use std::collections::HashSet;

use marubatsu_engine::relay::{Language, TOPICS, is_permutation};
use serde_json::{Value, json};
use support::{post_ok, request, server};

/// The page's side of the conversation: the save it keeps between steps (the rules' memory of topics and closers
/// travels inside it).
struct Table<'a> {
    server: &'a marubatsu_web::Server,
    save: Value,
    words: u32,
}

impl Table<'_> {
    fn new(server: &marubatsu_web::Server) -> Table<'_> {
        Table {
            server,
            save: Value::Null,
            words: 1,
        }
    }

    /// Sends `event` (with fresh entropy) from the current save; keeps what comes back; returns the answer.
    fn step(&mut self, event: Value) -> Value {
        self.words += 2;
        let body = json!({
            "save": self.save,
            "event": event,
            "entropy": [self.words, self.words * 7 + 1],
            "language": "en",
        });
        let answer = post_ok(self.server.local_addr(), "/api/relay/step", &body);
        self.save = answer["save"].clone();
        answer
    }

    fn phase(answer: &Value) -> &str {
        answer["state"]["phase"].as_str().unwrap_or_default()
    }
}

#[test]
fn limits_come_from_the_engine() {
    let server = server();
    let limits = request(server.local_addr(), "GET", "/api/relay/limits", None).json();
    assert_eq!(
        limits,
        json!({"minPlayers": 3, "maxPlayers": 12, "maxNameChars": 24, "minRounds": 1, "maxRounds": 10,
               "minTalkSeconds": 10, "maxTalkSeconds": 600})
    );
}

#[test]
fn a_whole_game_through_the_endpoint() {
    let server = server();
    let mut table = Table::new(&server);
    let answer = table.step(Value::Null);
    assert_eq!(Table::phase(&answer), "setup");
    assert_eq!(answer["save"], json!({"version": 1, "state": {"phase": "setup"}}));

    // Two players: the engine ignores the start, and the endpoint says why.
    let answer = table.step(json!({"type": "start", "players": ["Aki", "Ben"], "rounds": 1, "talkSeconds": 30}));
    assert_eq!((Table::phase(&answer), &answer["accepted"]), ("setup", &json!(false)));
    assert_eq!(
        answer["refusal"]["words"],
        "2 players is too few: at least 3 are needed."
    );
    assert_eq!(answer["refusal"]["code"], "too_few_players");

    let answer = table.step(json!({"type": "start", "players": [" Aki ", "Ben", "Cho"], "rounds": 1,
                                   "talkSeconds": 30}));
    assert_eq!(Table::phase(&answer), "topicReveal");
    let state = &answer["state"];
    assert_eq!(state["players"], json!(["Aki", "Ben", "Cho"]));
    assert_eq!((state["round"].clone(), state["rounds"].clone()), (json!(1), json!(1)));
    let topic = state["topic"].as_str().unwrap_or_default().to_owned();
    assert!(
        TOPICS.iter().any(|t| t.text(Language::English) == topic),
        "{topic} is from the deck"
    );
    // The save carries the topic; no earlier round has used one.
    assert_eq!(answer["save"]["state"]["topic"], topic);
    assert!(answer["save"]["state"].get("usedTopics").is_none());

    let answer = table.step(json!({"type": "beginTalk", "nowMs": 1_000}));
    let state = &answer["state"];
    assert_eq!(Table::phase(&answer), "talk");
    assert_eq!(state["deadlineMs"], 31_000);
    let order: Vec<usize> = serde_json::from_value(state["order"].clone()).unwrap_or_default();
    assert!(is_permutation(&order, 3), "{order:?}");
    assert_eq!(state["speaker"], order[0]);
    assert!(
        answer["save"]["state"].get("lastCloser").is_none(),
        "no talk has ended yet"
    );

    // A done for a turn already over (a double tap) changes nothing.
    let answer = table.step(json!({"type": "talkDone", "nowMs": 5_000, "turn": 0}));
    assert_eq!(
        (answer["state"]["turn"].clone(), answer["state"]["deadlineMs"].clone()),
        (json!(1), json!(35_000))
    );
    let again = table.step(json!({"type": "talkDone", "nowMs": 5_100, "turn": 0}));
    assert_eq!(
        (again["accepted"].clone(), again["state"]["turn"].clone()),
        (json!(false), json!(1))
    );
    // A done without a turn, 100 ms into the next turn, is a double tap too: the engine's guard time refuses it.
    let soon = table.step(json!({"type": "talkDone", "nowMs": 5_100}));
    assert_eq!(
        (
            soon["accepted"].clone(),
            soon["refusal"]["code"].clone(),
            soon["state"]["turn"].clone()
        ),
        (json!(false), json!("too_soon"), json!(1))
    );
    table.step(json!({"type": "talkDone", "nowMs": 9_000, "turn": 1}));
    let answer = table.step(json!({"type": "talkDone", "nowMs": 10_500, "turn": 2}));
    assert_eq!(Table::phase(&answer), "handover");
    assert_eq!(answer["state"]["nextVoter"], order[0]);
    assert_eq!(
        answer["save"]["state"]["lastCloser"], order[2],
        "the closer is remembered in the save"
    );

    // Each voter takes the phone, then votes for the first seat on their ballot (never themselves).
    for (turn, &voter) in order.iter().enumerate() {
        // A stray tap on the ballot before the phone is taken does nothing.
        let stray = table.step(json!({"type": "select", "target": (voter + 1) % 3}));
        assert_eq!(stray["accepted"], false);
        let answer = table.step(json!({"type": "received"}));
        let state = &answer["state"];
        assert_eq!((Table::phase(&answer), state["voter"].clone()), ("vote", json!(voter)));
        let ballot: Vec<usize> = serde_json::from_value(state["candidates"].clone()).unwrap_or_default();
        assert_eq!(
            ballot,
            (0..3).filter(|&s| s != voter).collect::<Vec<_>>(),
            "no own name on the ballot"
        );
        assert!(state.get("votes").is_none(), "the votes cast so far are not shown");
        let own = table.step(json!({"type": "select", "target": voter}));
        assert_eq!(own["accepted"], false, "a self-vote is ignored");
        let answer = table.step(json!({"type": "select", "target": ballot[0]}));
        assert_eq!(answer["state"]["selected"], ballot[0]);
        let answer = table.step(json!({"type": "confirm"}));
        let double = table.step(json!({"type": "confirm"}));
        assert_eq!(double["accepted"], false, "a double confirm records one vote");
        if turn < 2 {
            assert_eq!(Table::phase(&answer), "handover");
        }
    }
    // Aki (seat 0) got Ben's and Cho's votes, Ben got Aki's.
    let answer = table.step(Value::Null);
    let state = &answer["state"];
    assert_eq!(Table::phase(&answer), "roundResult");
    assert_eq!(state["roundVotes"], json!([2, 1, 0]));
    assert_eq!(state["lastRound"], true);
    assert_eq!(
        state["standings"],
        json!([{"player": 0, "name": "Aki", "score": 2, "rank": 1},
               {"player": 1, "name": "Ben", "score": 1, "rank": 2},
               {"player": 2, "name": "Cho", "score": 0, "rank": 3}])
    );
    let answer = table.step(json!({"type": "nextRound"}));
    assert_eq!(Table::phase(&answer), "finalResult");
    assert_eq!(answer["state"]["scores"], json!([2, 1, 0]));
    let answer = table.step(json!({"type": "restart"}));
    assert_eq!(Table::phase(&answer), "setup");
    assert_eq!(
        answer["save"],
        json!({"version": 1, "state": {"phase": "setup"}}),
        "a new game forgets"
    );
}

#[test]
fn ten_rounds_never_repeat_a_topic_and_never_repeat_a_closer_back_to_back() {
    let server = server();
    let mut table = Table::new(&server);
    table.step(json!({"type": "start", "players": ["A", "B", "C", "D"], "rounds": 10, "talkSeconds": 10}));
    let mut topics = HashSet::new();
    let mut closers = Vec::new();
    for round in 0..10 {
        let answer = table.step(Value::Null);
        assert_eq!(Table::phase(&answer), "topicReveal", "round {round}");
        assert!(topics.insert(answer["state"]["topic"].as_str().unwrap_or_default().to_owned()));
        let answer = table.step(json!({"type": "beginTalk", "nowMs": 0}));
        let order: Vec<usize> = serde_json::from_value(answer["state"]["order"].clone()).unwrap_or_default();
        closers.push(order[3]);
        for turn in 0..4 {
            table.step(json!({"type": "talkDone", "nowMs": (turn + 1) * 2_000, "turn": turn}));
        }
        for &voter in &order {
            table.step(json!({"type": "received"}));
            table.step(json!({"type": "select", "target": (voter + 1) % 4}));
            table.step(json!({"type": "confirm"}));
        }
        let answer = table.step(json!({"type": "nextRound"}));
        if round < 9 {
            let used = answer["save"]["state"]["usedTopics"].as_array().map(Vec::len);
            assert_eq!(used, Some(round + 1), "every earlier round's topic is in the save");
        } else {
            assert_eq!(Table::phase(&answer), "finalResult");
            assert_eq!(answer["state"]["scores"], json!([10, 10, 10, 10]));
        }
    }
    assert_eq!(topics.len(), 10);
    assert!(closers.windows(2).all(|w| w[0] != w[1]), "{closers:?}");
}

#[test]
fn a_broken_save_restores_to_a_new_game_and_says_why() {
    let server = server();
    for (save, reason) in [
        (json!("not json"), "not JSON"),
        (json!(r#"{"version":9,"state":{"phase":"setup"}}"#), "save version 9"),
        (
            json!(
                r#"{"version":1,"state":{"phase":"topicReveal","round":0,"rounds":1,"players":["A","B"],"talkSeconds":10,"scores":[0,0],"topic":"T"}}"#
            ),
            "2 players: at least 3 are needed",
        ),
        (
            json!(
                r#"{"version":1,"state":{"phase":"handover","round":0,"rounds":1,"players":["A","B","C"],"talkSeconds":10,"scores":[0,0,0],"topic":"T","order":[0,1,2],"nextTurn":1,"votes":[0]}}"#
            ),
            "voted for themselves",
        ),
    ] {
        let body = json!({"save": save, "event": null});
        let answer = request(server.local_addr(), "POST", "/api/relay/step", Some(&body)).json();
        assert_eq!(answer["state"]["phase"], "setup");
        let error = answer["restoreError"].as_str().unwrap_or_default();
        assert!(error.contains(reason), "{error}");
        assert_eq!(answer["save"], json!({"version": 1, "state": {"phase": "setup"}}));
    }
}

#[test]
fn malformed_requests_are_refused() {
    let server = server();
    for (body, message) in [
        (json!({"save": null, "event": {"type": "fly"}}), "fly"),
        (
            json!({"save": null, "event": {"type": "start", "players": ["A", "B", "C"], "rounds": 1,
                "talkSeconds": 10}}),
            "entropy",
        ),
        (
            json!({"save": null, "event": null, "language": "fr"}),
            "unknown language",
        ),
        (
            json!({"save": null, "event": {"type": "select", "target": -1}, "entropy": [1, 2]}),
            "target",
        ),
    ] {
        let response = request(server.local_addr(), "POST", "/api/relay/step", Some(&body));
        assert_eq!(response.status / 100, 4, "{body}");
        let error = response.json()["error"].as_str().unwrap_or_default().to_owned();
        assert!(error.contains(message), "{error}");
    }
}

/// Plays the round on the table to its result: talk, then each voter votes for the next seat.
fn play_round(table: &mut Table<'_>, players: usize) -> Value {
    let answer = table.step(json!({"type": "beginTalk", "nowMs": 0}));
    let order: Vec<usize> = serde_json::from_value(answer["state"]["order"].clone()).unwrap_or_default();
    for turn in 0..players {
        table.step(json!({"type": "talkDone", "nowMs": (turn + 1) * 2_000, "turn": turn}));
    }
    let mut answer = Value::Null;
    for &voter in &order {
        table.step(json!({"type": "received"}));
        table.step(json!({"type": "select", "target": (voter + 1) % players}));
        answer = table.step(json!({"type": "confirm"}));
    }
    answer
}

#[test]
fn the_rules_memory_travels_in_the_save_and_the_engine_checks_it() {
    let server = server();
    let mut table = Table::new(&server);
    table.step(json!({"type": "start", "players": ["A", "B", "C"], "rounds": 3, "talkSeconds": 10}));
    let result = play_round(&mut table, 3);
    assert_eq!(Table::phase(&result), "roundResult");
    let closer = result["save"]["state"]["lastCloser"].clone();
    let first = result["save"]["state"]["topic"].clone();
    let answer = table.step(json!({"type": "nextRound"}));
    assert_eq!(answer["save"]["state"]["usedTopics"], json!([first]));
    assert_ne!(answer["state"]["topic"], first, "never a topic of this game again");
    // The next order, drawn by the edge from the save's latest closer, never ends with it.
    let answer = table.step(json!({"type": "beginTalk", "nowMs": 0}));
    let order = answer["state"]["order"].as_array().cloned().unwrap_or_default();
    assert_ne!(order.last(), Some(&closer));
    // A hand-edited save that lists the current topic as used, or more used topics than rounds played (a whole
    // deck, say), is not a game: it restores to a new one, with the reason.
    let every: Vec<&str> = TOPICS.iter().map(|t| t.text(Language::English)).collect();
    for used in [json!(["T"]), json!(every)] {
        let save = json!({"version": 1, "state": {"phase": "topicReveal", "round": 1, "rounds": 3,
            "players": ["A", "B", "C"], "talkSeconds": 10, "scores": [1, 1, 1], "topic": "T", "usedTopics": used}});
        let answer = post_ok(
            server.local_addr(),
            "/api/relay/step",
            &json!({"save": save, "event": null}),
        );
        assert_eq!(answer["state"]["phase"], "setup");
        let error = answer["restoreError"].as_str().unwrap_or_default();
        assert!(error.contains("earlier topics"), "{error}");
    }
}

#[test]
fn a_start_during_a_game_is_refused_for_its_phase_not_its_players() {
    let server = server();
    let mut table = Table::new(&server);
    table.step(json!({"type": "start", "players": ["A", "B", "C"], "rounds": 1, "talkSeconds": 10}));
    table.step(json!({"type": "beginTalk", "nowMs": 0}));
    // Even a start that would be refused in setup (two players) is refused for the game under way.
    let answer = table.step(json!({"type": "start", "players": ["X", "Y"], "rounds": 1, "talkSeconds": 10}));
    assert_eq!((Table::phase(&answer), &answer["accepted"]), ("talk", &json!(false)));
    let rejected = answer["refusal"]["words"].as_str().unwrap_or_default();
    assert!(
        rejected.contains("already being played") && rejected.contains("talk"),
        "{rejected}"
    );
    assert!(!rejected.contains("players"), "{rejected}");
}

#[test]
fn names_that_read_the_same_are_refused_naming_both_players() {
    let server = server();
    for (players, clash) in [
        (
            json!(["e\u{301}", "Bo", "\u{e9}"]),
            "Player 3 (\"\u{e9}\") reads the same as player 1",
        ),
        (
            json!(["Ann", "Bo", " ann "]),
            "Player 3 (\"ann\") reads the same as player 1 (\"Ann\")",
        ),
        (
            json!(["Aki", "Bo", "Ａｋｉ"]),
            "Player 3 (\"Ａｋｉ\") reads the same as player 1 (\"Aki\")",
        ),
        (
            json!(["アキ", "Bo", "ｱｷ"]),
            "Player 3 (\"ｱｷ\") reads the same as player 1 (\"アキ\")",
        ),
        (
            json!(["Ann", "\u{200b}\u{200b}", "Cy"]),
            "Player 2's name has nothing visible",
        ),
    ] {
        let mut table = Table::new(&server);
        let answer = table.step(json!({"type": "start", "players": players, "rounds": 1, "talkSeconds": 10}));
        assert_eq!(Table::phase(&answer), "setup", "{players}");
        let rejected = answer["refusal"]["words"].as_str().unwrap_or_default();
        assert!(rejected.contains(clash), "{players}: {rejected}");
    }
}

#[test]
fn topics_and_refusals_follow_the_players_language() {
    let server = server();
    let step = |event: Value| {
        let body = json!({"save": null, "event": event, "entropy": [5, 9]});
        support::request_with(
            server.local_addr(),
            "POST",
            "/api/relay/step",
            Some(&body),
            &[("accept-language", "ja")],
        )
        .json()
    };
    let answer = step(json!({"type": "start", "players": ["アキ", "ベン", "チエ"], "rounds": 1, "talkSeconds": 30}));
    let topic = answer["state"]["topic"].as_str().unwrap_or_default().to_owned();
    assert!(
        TOPICS.iter().any(|t| t.text(Language::Japanese) == topic),
        "{topic} is a Japanese topic"
    );
    let refused = step(json!({"type": "start", "players": ["アキ", "ベン"], "rounds": 1, "talkSeconds": 30}));
    assert_eq!(refused["refusal"]["words"], "2人では遊べません。3人以上必要です。");
}
