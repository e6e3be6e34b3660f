//! The know-it-all relay's endpoint over plain HTTP: a whole game through `/api/relay/step`, with the engine's
//! refusals, the save envelope the page keeps, topics without repeats and the avoid-last order.

use crate::support;

use std::collections::HashSet;

use marubatsu_engine::relay::{Language, TOPICS, is_permutation};
use marubatsu_tests::names::REFUSED_NAMES;
use serde_json::{Value, json};
use support::{post_ok, request, server};

/// The page's side of the conversation: the save it keeps between steps (the rules' memory of topics and closers
/// travels inside it).
struct Table<'a> {
    server: &'a marubatsu_web::Server,
    save: Value,
    words: u32,
    /// The table's own topics, sent with every step as the page sends them.
    own: Vec<String>,
}

impl Table<'_> {
    fn new(server: &marubatsu_web::Server) -> Table<'_> {
        Table {
            server,
            save: Value::Null,
            words: 1,
            own: Vec::new(),
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
            "ownTopics": self.own,
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
               "minTalkSeconds": 10, "maxTalkSeconds": 600, "maxOwnTopics": 50, "maxTopicChars": 80})
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
    for (names, clash) in REFUSED_NAMES {
        let players = json!(names);
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

#[test]
fn the_tables_own_topics_come_first_one_redraw_a_round_and_nothing_comes_back() {
    let server = server();
    let mut table = Table::new(&server);
    table.own = vec![
        " Why owls stay up ".into(),
        "".into(),
        "霧の正体".into(),
        "霧の正体".into(),
    ];
    let answer = table.step(json!({"type": "start", "players": ["A", "B", "C"], "rounds": 3, "talkSeconds": 10}));
    let first = answer["state"]["topic"].as_str().unwrap_or_default().to_owned();
    assert!(["Why owls stay up", "霧の正体"].contains(&first.as_str()), "{first}");
    assert_eq!(answer["state"]["redrawn"], false);

    // Another topic: the table's other one; the first is set aside for good.
    let answer = table.step(json!({"type": "redraw"}));
    assert_eq!(answer["accepted"], true);
    let second = answer["state"]["topic"].as_str().unwrap_or_default().to_owned();
    assert!(
        ["Why owls stay up", "霧の正体"].contains(&second.as_str()) && second != first,
        "{second}"
    );
    assert_eq!(answer["state"]["redrawn"], true);
    assert_eq!(answer["save"]["state"]["usedTopics"], json!([first]));
    assert_eq!(answer["save"]["state"]["redrawn"], true);

    // A second redraw in the round is refused in words, and the game is as it was.
    let before = table.save.clone();
    let again = table.step(json!({"type": "redraw"}));
    assert_eq!(
        (&again["accepted"], &again["refusal"]["code"]),
        (&json!(false), &json!("already_redrawn"))
    );
    assert_eq!(
        again["refusal"]["words"],
        "This round already had its other topic: one redraw a round."
    );
    assert_eq!(again["save"], before, "a refused redraw changes nothing");

    // The table's topics are used up: the later rounds draw from the deck, and each round may redraw once more.
    let mut shown = vec![first, second];
    for round in 1..3 {
        play_round(&mut table, 3);
        let answer = table.step(json!({"type": "nextRound"}));
        assert_eq!(
            (Table::phase(&answer), &answer["state"]["redrawn"]),
            ("topicReveal", &json!(false))
        );
        let topic = answer["state"]["topic"].as_str().unwrap_or_default().to_owned();
        assert!(
            TOPICS.iter().any(|t| t.is(&topic)),
            "round {round}: {topic} is from the deck"
        );
        let answer = table.step(json!({"type": "redraw"}));
        assert_eq!(answer["accepted"], true, "round {round}: its own redraw");
        let other = answer["state"]["topic"].as_str().unwrap_or_default().to_owned();
        for t in [topic, other] {
            assert!(!shown.contains(&t), "{t} shown twice in {shown:?}");
            shown.push(t);
        }
    }
    assert_eq!(
        table.save["state"]["usedTopics"].as_array().map(Vec::len),
        Some(5),
        "every topic shown before the one on screen: {}",
        table.save
    );
}

#[test]
fn own_topics_too_long_or_too_many_are_refused_in_words_and_read_only_by_a_draw() {
    let server = server();
    let step = |own: &Vec<String>, event: Value, save: Value, lang: &str| {
        let body = json!({"save": save, "event": event, "entropy": [3, 4], "ownTopics": own});
        support::request_with(
            server.local_addr(),
            "POST",
            "/api/relay/step",
            Some(&body),
            &[("accept-language", lang)],
        )
        .json()
    };
    let start = json!({"type": "start", "players": ["A", "B", "C"], "rounds": 1, "talkSeconds": 10});
    let long = vec!["Tea".to_owned(), "".to_owned(), "あ".repeat(81)];
    let many: Vec<String> = (0..51).map(|i| format!("Topic {i}")).collect();
    for (own, code, en, ja) in [
        (
            &long,
            "topic_too_long",
            "Your topic 2 is 81 characters long: shorten it to 80 at most.",
            "自分たちのお題の2つ目は81文字あります。80文字までにしてください。",
        ),
        (
            &many,
            "too_many_topics",
            "51 topics of your own is too many: keep at most 50.",
            "自分たちのお題が51個あります。50個までにしてください。",
        ),
    ] {
        for (lang, words) in [("en", en), ("ja", ja)] {
            let answer = step(own, start.clone(), Value::Null, lang);
            assert_eq!(
                (
                    &answer["accepted"],
                    &answer["refusal"]["code"],
                    &answer["refusal"]["words"]
                ),
                (&json!(false), &json!(code), &json!(words))
            );
            assert_eq!(answer["save"], json!({"version": 1, "state": {"phase": "setup"}}));
        }
    }
    // An event that draws no topic does not read them.
    let reveal = step(&Vec::new(), start, Value::Null, "en");
    let talk = step(
        &long,
        json!({"type": "beginTalk", "nowMs": 1_000}),
        reveal["save"].clone(),
        "en",
    );
    assert_eq!((Table::phase(&talk), &talk["accepted"]), ("talk", &json!(true)));
}

#[test]
fn a_paused_talk_keeps_its_time_through_a_reload_and_resumes_with_it() {
    let server = server();
    let mut table = Table::new(&server);
    table.step(json!({"type": "start", "players": ["A", "B", "C"], "rounds": 1, "talkSeconds": 30}));
    let answer = table.step(json!({"type": "beginTalk", "nowMs": 1_000}));
    assert_eq!(
        (&answer["state"]["paused"], &answer["state"]["pausedLeftMs"]),
        (&json!(false), &Value::Null)
    );
    let answer = table.step(json!({"type": "pause", "nowMs": 11_000}));
    assert_eq!(answer["accepted"], true);
    assert_eq!(
        (
            &answer["state"]["paused"],
            &answer["state"]["pausedLeftMs"],
            &answer["state"]["deadlineMs"]
        ),
        (&json!(true), &json!(20_000), &json!(31_000))
    );
    assert_eq!(answer["save"]["state"]["pausedAt"], 11_000);
    // While paused, the countdown's time-up (or a tap on done) ends nothing, and a second pause is refused.
    for (event, code) in [
        (json!({"type": "talkDone", "nowMs": 40_000, "turn": 0}), "paused"),
        (json!({"type": "pause", "nowMs": 12_000}), "paused"),
    ] {
        let refused = table.step(event);
        assert_eq!(
            (
                &refused["accepted"],
                &refused["refusal"]["code"],
                &refused["state"]["turn"]
            ),
            (&json!(false), &json!(code), &json!(0))
        );
    }
    // A reload (the save sent again, no event) is still paused with the same time left.
    let reloaded = table.step(Value::Null);
    assert_eq!(
        (&reloaded["state"]["paused"], &reloaded["state"]["pausedLeftMs"]),
        (&json!(true), &json!(20_000))
    );
    // A minute later: the deadline moves on by the minute, and the speaker has their 20 s again.
    let answer = table.step(json!({"type": "resume", "nowMs": 71_000}));
    assert_eq!(
        (&answer["state"]["paused"], &answer["state"]["deadlineMs"]),
        (&json!(false), &json!(91_000))
    );
    assert!(answer["save"]["state"].get("pausedAt").is_none());
    let twice = table.step(json!({"type": "resume", "nowMs": 71_200}));
    assert_eq!(twice["refusal"]["code"], "not_paused");
    assert_eq!(twice["refusal"]["words"], "The talk is not paused.");
    let done = table.step(json!({"type": "talkDone", "nowMs": 75_000, "turn": 0}));
    assert_eq!((&done["accepted"], &done["state"]["turn"]), (&json!(true), &json!(1)));
}
