//! The rules in the book's style: this state, this event, that state — for every phase, with no mocks, timers
//! or DOM.

use super::event::RelayEvent::{self, *};
use super::save::{restore, save};
use super::score::Standing;
use super::state::{
    FinalResult, Handover, MAX_TIME_MS, Phase, RelayState, Round, RoundResult, TURN_GUARD_MS, Talk, Vote,
};
use super::table::Table;
use super::topics::{Language, TOPICS};
use super::transition::{RelayRefusal, transition};
use super::validate::StateError;
use crate::rules::Refusal;

const ABC: [&str; 3] = ["Aki", "Ben", "Cho"];

fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|&n| n.to_owned()).collect()
}

fn start(players: &[&str], rounds: u32, talk_seconds: u32, topic: &str) -> RelayEvent {
    Start {
        players: names(players),
        rounds,
        talk_seconds,
        topic: topic.to_owned(),
    }
}

fn table(players: &[&str], rounds: u32, talk_seconds: u32) -> Table {
    Table::new(players, rounds, talk_seconds).unwrap_or_else(|e| panic!("{players:?}, {rounds}, {talk_seconds}: {e}"))
}

fn round(table: &Table, index: u8, scores: &[u32], topic: &str) -> Round {
    Round {
        table: table.clone(),
        index,
        scores: scores.to_vec(),
        topic: topic.to_owned(),
        used_topics: Vec::new(),
        last_closer: None,
        redrawn: false,
    }
}

fn talk(round: &Round, order: &[usize], turn: usize, deadline_ms: u64) -> RelayState {
    RelayState::Talk(Talk {
        round: round.clone(),
        order: order.to_vec(),
        turn,
        deadline_ms,
        paused_at_ms: None,
    })
}

fn handover(round: &Round, order: &[usize], next_turn: usize, votes: &[usize]) -> RelayState {
    RelayState::Handover(Handover {
        round: round.clone(),
        order: order.to_vec(),
        next_turn,
        votes: votes.to_vec(),
    })
}

fn vote(round: &Round, order: &[usize], turn: usize, votes: &[usize], selected: Option<usize>) -> RelayState {
    RelayState::Vote(Vote {
        round: round.clone(),
        order: order.to_vec(),
        turn,
        votes: votes.to_vec(),
        selected,
    })
}

fn play(state: &RelayState, events: &[RelayEvent]) -> RelayState {
    events.iter().fold(state.clone(), |s, e| {
        let next = transition(&s, e);
        assert_eq!(next.validate(), Ok(()), "{e:?} on {s:?}");
        next
    })
}

/// One state of every phase, reached by playing: 3 players, 2 rounds, order [1, 2, 0] in the first round.
fn one_of_each_phase() -> Vec<RelayState> {
    let setup = RelayState::Setup;
    let reveal = transition(&setup, &start(&ABC, 2, 30, "Tea"));
    let talking = play(
        &reveal,
        &[
            BeginTalk {
                now_ms: 1_000,
                order: vec![1, 2, 0],
            },
            TalkDone {
                now_ms: 5_000,
                turn: None,
            },
        ],
    );
    let handing = play(
        &talking,
        &[
            TalkDone {
                now_ms: 9_000,
                turn: None,
            },
            TalkDone {
                now_ms: 12_000,
                turn: None,
            },
        ],
    );
    let voting = play(&handing, &[Received, Select { target: 0 }]);
    let result = play(
        &voting,
        &[
            Confirm,
            Received,
            Select { target: 0 },
            Confirm,
            Received,
            Select { target: 1 },
            Confirm,
        ],
    );
    let last = play(
        &result,
        &[
            NextRound { topic: "Fog".into() },
            BeginTalk {
                now_ms: 20_000,
                order: vec![0, 1, 2],
            },
            TalkDone {
                now_ms: 21_000,
                turn: None,
            },
            TalkDone {
                now_ms: 22_000,
                turn: None,
            },
            TalkDone {
                now_ms: 23_000,
                turn: None,
            },
            Received,
            Select { target: 2 },
            Confirm,
            Received,
            Select { target: 2 },
            Confirm,
            Received,
            Select { target: 0 },
            Confirm,
            NextRound { topic: "unused".into() },
        ],
    );
    let states = vec![setup, reveal, talking, handing, voting, result, last];
    let phases: Vec<Phase> = states.iter().map(RelayState::phase).collect();
    assert_eq!(phases, Phase::ALL);
    states
}

/// The spec's name of an event. The match has no wildcard: a new event fails to compile here until the tests
/// say which phase it belongs to.
fn kind(event: &RelayEvent) -> &'static str {
    match event {
        Start { .. } => "start",
        Redraw { .. } => "redraw",
        BeginTalk { .. } => "beginTalk",
        TalkDone { .. } => "talkDone",
        Pause { .. } => "pause",
        Resume { .. } => "resume",
        Received => "received",
        Select { .. } => "select",
        Confirm => "confirm",
        NextRound { .. } => "nextRound",
        Restart => "restart",
        Abandon => "abandon",
    }
}

/// The events each phase understands, from the spec (abandon is understood everywhere but in setup, where it
/// changes nothing).
fn understood(phase: Phase) -> &'static [&'static str] {
    match phase {
        Phase::Setup => &["start"],
        Phase::TopicReveal => &["redraw", "beginTalk", "abandon"],
        Phase::Talk => &["talkDone", "pause", "resume", "abandon"],
        Phase::Handover => &["received", "abandon"],
        Phase::Vote => &["select", "confirm", "abandon"],
        Phase::RoundResult => &["nextRound", "abandon"],
        Phase::FinalResult => &["restart", "abandon"],
    }
}

/// Events of every kind, each with values that would be valid in its own phase of the game above.
fn every_kind_of_event() -> Vec<RelayEvent> {
    let events = vec![
        start(&ABC, 2, 30, "Tea"),
        start(&["Dan", "Eve", "Fay", "Gus"], 1, 60, "Rain"),
        Redraw { topic: "Hail".into() },
        BeginTalk {
            now_ms: 50_000,
            order: vec![2, 1, 0],
        },
        TalkDone {
            now_ms: 60_000,
            turn: None,
        },
        TalkDone {
            now_ms: 70_000,
            turn: None,
        },
        TalkDone {
            now_ms: 80_000,
            turn: None,
        },
        Pause { now_ms: 81_000 },
        Resume { now_ms: 82_000 },
        Received,
        Select { target: 0 },
        Select { target: 1 },
        Select { target: 2 },
        Confirm,
        NextRound { topic: "Snow".into() },
        Restart,
        Abandon,
    ];
    let kinds: std::collections::HashSet<&str> = events.iter().map(kind).collect();
    assert_eq!(kinds.len(), 12, "every kind of event");
    events
}

// ---------------------------------------------------------------------------------------------- setup

#[test]
fn start_with_three_players_reveals_the_first_topic() {
    let next = transition(&RelayState::Setup, &start(&ABC, 3, 60, "Tea"));
    let expected = RelayState::TopicReveal(round(&table(&ABC, 3, 60), 0, &[0, 0, 0], "Tea"));
    assert_eq!(next, expected);
}

#[test]
fn start_with_fewer_than_three_players_is_ignored() {
    // With two players the no-self-vote rule forces a 1–1 tie every round, so three is the minimum.
    let setup = RelayState::Setup;
    assert_eq!(transition(&setup, &start(&[], 3, 60, "Tea")), setup);
    assert_eq!(transition(&setup, &start(&["Aki"], 3, 60, "Tea")), setup);
    assert_eq!(transition(&setup, &start(&["Aki", "Ben"], 3, 60, "Tea")), setup);
    assert_eq!(
        transition(&setup, &start(&ABC, 3, 60, "Tea")).phase(),
        Phase::TopicReveal
    );
}

#[test]
fn start_checks_every_value_it_carries() {
    let setup = RelayState::Setup;
    let thirteen: Vec<String> = (0..13).map(|i| format!("P{i}")).collect();
    let thirteen: Vec<&str> = thirteen.iter().map(String::as_str).collect();
    let long = "x".repeat(25);
    for event in [
        start(&thirteen, 3, 60, "Tea"),
        start(&["Aki", "Ben", "Aki"], 3, 60, "Tea"),
        start(&["Aki", "Ben", " Aki\t"], 3, 60, "Tea"),
        start(&["Aki", "Ben", "  "], 3, 60, "Tea"),
        start(&["Aki", "Ben", &long], 3, 60, "Tea"),
        start(&ABC, 0, 60, "Tea"),
        start(&ABC, 11, 60, "Tea"),
        start(&ABC, 3, 9, "Tea"),
        start(&ABC, 3, 601, "Tea"),
        start(&ABC, 3, 60, ""),
        start(&ABC, 3, 60, " \u{3000} "),
    ] {
        assert_eq!(transition(&setup, &event), setup, "{event:?}");
    }
    // Names and topic are trimmed; 12 players, 10 rounds and 600 s are allowed, as are 1 round and 10 s.
    let twelve: Vec<String> = (0..12).map(|i| format!(" P{i} ")).collect();
    let twelve: Vec<&str> = twelve.iter().map(String::as_str).collect();
    let next = transition(&setup, &start(&twelve, 10, 600, "  霧の正体 "));
    let RelayState::TopicReveal(round) = &next else {
        panic!("{next:?}")
    };
    assert_eq!(round.players()[11], "P11");
    assert_eq!((round.topic(), round.rounds()), ("霧の正体", 10));
    assert_eq!(
        transition(&setup, &start(&ABC, 1, 10, "Tea")).phase(),
        Phase::TopicReveal
    );
}

// --------------------------------------------------------------------------------------- topic reveal

#[test]
fn begin_talk_starts_the_first_speaker_with_a_deadline() {
    let r = round(&table(&ABC, 3, 60), 0, &[0, 0, 0], "Tea");
    let reveal = RelayState::TopicReveal(r.clone());
    assert_eq!(
        transition(
            &reveal,
            &BeginTalk {
                now_ms: 1_000,
                order: vec![2, 0, 1]
            }
        ),
        talk(&r, &[2, 0, 1], 0, 61_000)
    );
}

#[test]
fn a_broken_order_falls_back_to_seat_order() {
    let r = round(&table(&ABC, 3, 60), 0, &[0, 0, 0], "Tea");
    let reveal = RelayState::TopicReveal(r.clone());
    for order in [
        vec![],
        vec![0, 1],
        vec![0, 1, 1],
        vec![0, 1, 3],
        vec![2, 1, 0, 3],
        vec![usize::MAX, 0, 1],
    ] {
        assert_eq!(
            transition(&reveal, &BeginTalk { now_ms: 0, order }),
            talk(&r, &[0, 1, 2], 0, 60_000)
        );
    }
}

#[test]
fn a_clock_reading_no_deadline_can_hold_is_ignored() {
    let r = round(&table(&ABC, 3, 60), 0, &[0, 0, 0], "Tea");
    let reveal = RelayState::TopicReveal(r.clone());
    let begin = |now_ms| BeginTalk {
        now_ms,
        order: vec![0, 1, 2],
    };
    assert_eq!(transition(&reveal, &begin(u64::MAX)), reveal);
    assert_eq!(transition(&reveal, &begin(MAX_TIME_MS - 59_999)), reveal);
    assert_eq!(
        transition(&reveal, &begin(MAX_TIME_MS - 60_000)),
        talk(&r, &[0, 1, 2], 0, MAX_TIME_MS)
    );
}

#[test]
fn one_redraw_a_round_sets_the_first_topic_aside_for_good() {
    let t = table(&ABC, 2, 30);
    let reveal = RelayState::TopicReveal(round(&t, 0, &[0, 0, 0], "Tea"));
    let redrawn = transition(&reveal, &Redraw { topic: " Fog ".into() });
    assert_eq!(
        redrawn,
        RelayState::TopicReveal(Round {
            used_topics: vec!["Tea".into()],
            redrawn: true,
            ..round(&t, 0, &[0, 0, 0], "Fog")
        })
    );
    // A second redraw in the round is refused and changes nothing, whatever topic it brings.
    for topic in ["Snow", "Tea", ""] {
        assert_eq!(
            redrawn.apply(&Redraw { topic: topic.into() }),
            Err(RelayRefusal::AlreadyRedrawn),
            "{topic}"
        );
        assert_eq!(transition(&redrawn, &Redraw { topic: topic.into() }), redrawn);
    }
    // The first redraw must bring a topic this game has not shown.
    assert_eq!(
        reveal.apply(&Redraw { topic: "Tea".into() }),
        Err(RelayRefusal::RepeatedTopic)
    );
    assert_eq!(
        reveal.apply(&Redraw {
            topic: " \u{3000}".into()
        }),
        Err(RelayRefusal::EmptyTopic)
    );
    let deck = RelayState::TopicReveal(round(&t, 0, &[0, 0, 0], TOPICS[3].text(Language::English)));
    assert_eq!(
        deck.apply(&Redraw {
            topic: TOPICS[3].text(Language::Japanese).into()
        }),
        Err(RelayRefusal::RepeatedTopic),
        "the same deck topic in the other language"
    );
    assert_eq!(RelayRefusal::AlreadyRedrawn.code(), "already_redrawn");
    // The set-aside topic never comes back, and the next round has its own redraw.
    let result = play(
        &redrawn,
        &[
            BeginTalk {
                now_ms: 0,
                order: vec![0, 1, 2],
            },
            TalkDone {
                now_ms: 2_000,
                turn: None,
            },
            TalkDone {
                now_ms: 4_000,
                turn: None,
            },
            TalkDone {
                now_ms: 6_000,
                turn: None,
            },
            Received,
            Select { target: 1 },
            Confirm,
            Received,
            Select { target: 2 },
            Confirm,
            Received,
            Select { target: 0 },
            Confirm,
        ],
    );
    assert_eq!(result.phase(), Phase::RoundResult);
    assert_eq!(
        result.apply(&NextRound { topic: "Tea".into() }),
        Err(RelayRefusal::RepeatedTopic)
    );
    let next = transition(&result, &NextRound { topic: "Rain".into() });
    let RelayState::TopicReveal(second) = &next else {
        panic!("{next:?}")
    };
    assert_eq!(
        (second.used_topics(), second.redrawn()),
        (&["Tea".to_owned(), "Fog".to_owned()][..], false)
    );
    let again = transition(&next, &Redraw { topic: "Hail".into() });
    let RelayState::TopicReveal(again) = &again else {
        panic!("a redraw in the next round: {again:?}")
    };
    assert_eq!(again.used_topics(), ["Tea", "Fog", "Rain"]);
    assert_eq!(
        restore(&save(&RelayState::TopicReveal(again.clone()))),
        Ok(RelayState::TopicReveal(again.clone()))
    );
    // A save that claims a redraw but set nothing aside, or more topics set aside than redraws allow, is no game.
    let nothing_aside = RelayState::TopicReveal(Round {
        redrawn: true,
        ..round(&t, 0, &[0, 0, 0], "Tea")
    });
    assert_eq!(nothing_aside.validate(), Err(StateError::UsedTopics));
    let two_aside = RelayState::TopicReveal(Round {
        used_topics: vec!["A".into(), "B".into()],
        redrawn: true,
        ..round(&t, 0, &[0, 0, 0], "Tea")
    });
    assert_eq!(two_aside.validate(), Err(StateError::UsedTopics));
}

// ----------------------------------------------------------------------------------------------- talk

#[test]
fn talk_done_gives_the_next_speaker_a_fresh_deadline() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = talk(&r, &[1, 2, 0], 0, 31_000);
    assert_eq!(
        transition(
            &state,
            &TalkDone {
                now_ms: 7_000,
                turn: None
            }
        ),
        talk(&r, &[1, 2, 0], 1, 37_000)
    );
    // The countdown reaching zero sends it too; the deadline is taken from when it arrives.
    let late = talk(&r, &[1, 2, 0], 1, 37_000);
    assert_eq!(
        transition(
            &late,
            &TalkDone {
                now_ms: 37_250,
                turn: None
            }
        ),
        talk(&r, &[1, 2, 0], 2, 67_250)
    );
}

#[test]
fn after_the_last_speaker_the_phone_goes_to_the_first_voter() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = talk(&r, &[1, 2, 0], 2, 31_000);
    // The round remembers who closed, for the next round's order.
    let r = Round {
        last_closer: Some(0),
        ..r
    };
    assert_eq!(
        transition(
            &state,
            &TalkDone {
                now_ms: 40_000,
                turn: None
            }
        ),
        handover(&r, &[1, 2, 0], 0, &[])
    );
    // The last speaker's done needs no deadline, so any clock reading will do.
    assert_eq!(
        transition(
            &state,
            &TalkDone {
                now_ms: u64::MAX,
                turn: None
            }
        ),
        handover(&r, &[1, 2, 0], 0, &[])
    );
}

#[test]
fn a_talk_done_naming_another_turn_is_ignored_so_a_double_tap_skips_nobody() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = talk(&r, &[1, 2, 0], 0, 31_000);
    let done = TalkDone {
        now_ms: 7_000,
        turn: Some(0),
    };
    let once = transition(&state, &done);
    assert_eq!(once, talk(&r, &[1, 2, 0], 1, 37_000));
    // The same tap again (or the countdown firing as the button is pressed) changes nothing.
    assert_eq!(transition(&once, &done), once);
    for turn in [2, 3, usize::MAX] {
        assert_eq!(
            transition(
                &state,
                &TalkDone {
                    now_ms: 7_000,
                    turn: Some(turn)
                }
            ),
            state
        );
    }
    // A deadline no JSON number can hold is refused, as at the start.
    assert_eq!(
        transition(
            &state,
            &TalkDone {
                now_ms: MAX_TIME_MS,
                turn: Some(0)
            }
        ),
        state
    );
}

#[test]
fn the_specs_talk_done_without_a_turn_ends_whichever_turn_is_current() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = talk(&r, &[1, 2, 0], 0, 31_000);
    let done = TalkDone {
        now_ms: 7_000,
        turn: None,
    };
    let once = transition(&state, &done);
    assert_eq!(once, talk(&r, &[1, 2, 0], 1, 37_000));
    // Without a turn the engine cannot tell a second tap from the next speaker's own by the turn; it tells
    // them apart by the time: the next speaker's turn began at 7 s, so a done before 8 s is a double tap.
    assert_eq!(once.apply(&done), Err(RelayRefusal::TooSoon));
    let second_tap = TalkDone {
        now_ms: 7_000 + TURN_GUARD_MS - 1,
        turn: None,
    };
    assert_eq!(once.apply(&second_tap), Err(RelayRefusal::TooSoon));
    let spoken = TalkDone {
        now_ms: 7_000 + TURN_GUARD_MS,
        turn: None,
    };
    assert_eq!(transition(&once, &spoken), talk(&r, &[1, 2, 0], 2, 38_000));
}

#[test]
fn a_turn_cannot_end_within_the_guard_time_of_its_start() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    // The first turn began at 1 s (its deadline is 31 s).
    let state = talk(&r, &[1, 2, 0], 0, 31_000);
    for now_ms in [1_000, 1_150, 1_250, 1_999, 0, 500] {
        for turn in [None, Some(0)] {
            assert_eq!(
                state.apply(&TalkDone { now_ms, turn }),
                Err(RelayRefusal::TooSoon),
                "{now_ms} {turn:?}"
            );
        }
    }
    assert_eq!(
        transition(
            &state,
            &TalkDone {
                now_ms: 2_000,
                turn: Some(0)
            }
        ),
        talk(&r, &[1, 2, 0], 1, 32_000)
    );
    // The last speaker too: a double tap on "on to the vote" does not end a turn just begun.
    let last = talk(&r, &[1, 2, 0], 2, 31_000);
    assert_eq!(
        last.apply(&TalkDone {
            now_ms: 1_200,
            turn: Some(2)
        }),
        Err(RelayRefusal::TooSoon)
    );
    assert_eq!(RelayRefusal::TooSoon.code(), "too_soon");
}

#[test]
fn the_remaining_time_comes_from_the_deadline_so_a_reload_keeps_it() {
    let r = round(&table(&ABC, 3, 90), 0, &[0, 0, 0], "Tea");
    let state = talk(&r, &[0, 1, 2], 1, 1_090_000);
    // The page is reloaded 25.5 s into the turn: the restored state gives 64.5 s left.
    let Ok(RelayState::Talk(reloaded)) = restore(&save(&state)) else {
        panic!("a talk restores")
    };
    assert_eq!(reloaded.remaining_ms(1_025_500), 64_500);
    assert_eq!(reloaded.remaining_ms(2_000_000), 0);
    assert_eq!((reloaded.speaker(), reloaded.closer()), (1, 2));
}

#[test]
fn a_pause_keeps_the_time_left_and_a_resume_moves_the_deadline_by_the_pause() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    // The first turn began at 1 s; its deadline is 31 s.
    let running = talk(&r, &[1, 2, 0], 0, 31_000);
    let paused = transition(&running, &Pause { now_ms: 11_000 });
    let RelayState::Talk(p) = &paused else {
        panic!("{paused:?}")
    };
    assert_eq!((p.paused_at_ms(), p.deadline_ms(), p.turn()), (Some(11_000), 31_000, 0));
    // The clock does not run while paused: 20 s are left whenever it is read.
    for now_ms in [11_000, 31_000, 1_000_000, 0] {
        assert_eq!(p.remaining_ms(now_ms), 20_000);
    }
    // Nothing but a resume means anything now: not a done (nor the countdown's time-up), not a second pause.
    for (event, refusal) in [
        (
            TalkDone {
                now_ms: 40_000,
                turn: None,
            },
            RelayRefusal::Paused,
        ),
        (
            TalkDone {
                now_ms: 40_000,
                turn: Some(0),
            },
            RelayRefusal::Paused,
        ),
        (Pause { now_ms: 12_000 }, RelayRefusal::Paused),
    ] {
        assert_eq!(paused.apply(&event), Err(refusal), "{event:?}");
    }
    assert_eq!(running.apply(&Resume { now_ms: 12_000 }), Err(RelayRefusal::NotPaused));
    // A reload while paused stays paused, with the same time left.
    assert_eq!(restore(&save(&paused)), Ok(paused.clone()));
    // A minute's pause: the deadline moves on by the minute, and the speaker has the 20 s they had.
    let resumed = transition(&paused, &Resume { now_ms: 71_000 });
    assert_eq!(resumed, talk(&r, &[1, 2, 0], 0, 91_000));
    assert_eq!(resumed.apply(&Resume { now_ms: 71_100 }), Err(RelayRefusal::NotPaused));
    // A clock that went back during the pause neither gives nor takes time.
    let RelayState::Talk(back) = transition(&paused, &Resume { now_ms: 5_000 }) else {
        panic!("a resume")
    };
    assert_eq!(back.remaining_ms(5_000), 20_000);
    for (code, refusal) in [
        ("paused", RelayRefusal::Paused),
        ("not_paused", RelayRefusal::NotPaused),
        ("time_up", RelayRefusal::TimeUp),
    ] {
        assert_eq!(refusal.code(), code);
    }
}

#[test]
fn a_pause_needs_time_left_and_counts_no_time_before_the_turn() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let running = talk(&r, &[1, 2, 0], 1, 31_000);
    for now_ms in [31_000, 31_001, u64::MAX] {
        assert_eq!(running.apply(&Pause { now_ms }), Err(RelayRefusal::TimeUp), "{now_ms}");
    }
    // A clock from before the turn began (it went back) pauses at the start: a whole turn is kept, no more.
    let RelayState::Talk(early) = transition(&running, &Pause { now_ms: 0 }) else {
        panic!("a pause")
    };
    assert_eq!((early.paused_at_ms(), early.remaining_ms(0)), (Some(1_000), 30_000));
    // A resume whose deadline no JSON number holds is refused, and the talk stays paused.
    let paused = RelayState::Talk(early);
    assert_eq!(
        paused.apply(&Resume { now_ms: MAX_TIME_MS }),
        Err(RelayRefusal::TimeOutOfRange)
    );
    // The guard time counts talk, not pause: half a second spoken, a long pause, and a "done" 0.3 s after the
    // resume is still a double tap.
    let half = transition(&running, &Pause { now_ms: 1_500 });
    let resumed = transition(&half, &Resume { now_ms: 100_000 });
    assert_eq!(
        resumed.apply(&TalkDone {
            now_ms: 100_300,
            turn: Some(1)
        }),
        Err(RelayRefusal::TooSoon)
    );
    assert_eq!(
        transition(
            &resumed,
            &TalkDone {
                now_ms: 100_500,
                turn: Some(1)
            }
        ),
        talk(&r, &[1, 2, 0], 2, 130_500)
    );
    // A save paused outside its turn is no game.
    let RelayState::Talk(turn) = &running else {
        panic!("a talk")
    };
    for paused_at_ms in [999, 31_000, 40_000] {
        let broken = RelayState::Talk(Talk {
            paused_at_ms: Some(paused_at_ms),
            ..turn.clone()
        });
        assert_eq!(broken.validate(), Err(StateError::Paused { paused_at_ms }));
    }
}

// ------------------------------------------------------------------------------------------- handover

#[test]
fn received_shows_the_ballot_to_the_next_voter_with_nothing_picked() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = handover(&r, &[1, 2, 0], 1, &[0]);
    assert_eq!(transition(&state, &Received), vote(&r, &[1, 2, 0], 1, &[0], None));
    let RelayState::Handover(h) = &state else { panic!() };
    assert_eq!(h.next_voter(), 2);
}

#[test]
fn a_mis_tap_during_the_hand_over_does_nothing() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = handover(&r, &[1, 2, 0], 1, &[0]);
    for event in [
        Select { target: 1 },
        Confirm,
        TalkDone { now_ms: 1, turn: None },
        NextRound { topic: "x".into() },
        Restart,
    ] {
        assert_eq!(transition(&state, &event), state, "{event:?}");
    }
}

// ----------------------------------------------------------------------------------------------- vote

#[test]
fn the_ballot_has_everyone_but_the_voter() {
    let r = round(&table(&["Aki", "Ben", "Cho", "Dan"], 1, 30), 0, &[0; 4], "Tea");
    let RelayState::Vote(v) = vote(&r, &[3, 1, 0, 2], 1, &[0], None) else {
        panic!()
    };
    assert_eq!(v.voter(), 1);
    assert_eq!(v.candidates(), [0, 2, 3]);
}

#[test]
fn select_picks_anyone_but_the_voter() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let state = vote(&r, &[1, 2, 0], 0, &[], None);
    assert_eq!(
        transition(&state, &Select { target: 0 }),
        vote(&r, &[1, 2, 0], 0, &[], Some(0))
    );
    // A self-vote, or a seat that does not exist, is ignored.
    for target in [1, 3, usize::MAX] {
        assert_eq!(transition(&state, &Select { target }), state);
    }
    // A second pick replaces the first; the same pick again changes nothing.
    let picked = vote(&r, &[1, 2, 0], 0, &[], Some(0));
    assert_eq!(
        transition(&picked, &Select { target: 2 }),
        vote(&r, &[1, 2, 0], 0, &[], Some(2))
    );
    assert_eq!(transition(&picked, &Select { target: 0 }), picked);
    assert_eq!(transition(&picked, &Select { target: 1 }), picked);
}

#[test]
fn confirm_needs_a_pick_and_passes_the_phone_on() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let unpicked = vote(&r, &[1, 2, 0], 0, &[], None);
    assert_eq!(transition(&unpicked, &Confirm), unpicked);
    let picked = vote(&r, &[1, 2, 0], 1, &[0], Some(1));
    assert_eq!(transition(&picked, &Confirm), handover(&r, &[1, 2, 0], 2, &[0, 1]));
}

#[test]
fn a_double_confirm_records_one_vote() {
    let r = round(&table(&ABC, 3, 30), 0, &[0, 0, 0], "Tea");
    let picked = vote(&r, &[1, 2, 0], 0, &[], Some(2));
    let once = transition(&picked, &Confirm);
    let twice = transition(&once, &Confirm);
    assert_eq!(twice, once);
    assert_eq!(twice, handover(&r, &[1, 2, 0], 1, &[2]));
    // The last voter too: the second confirm lands on the round result and is ignored there.
    let last = vote(&r, &[1, 2, 0], 2, &[2, 1], Some(1));
    let counted = transition(&last, &Confirm);
    assert_eq!(transition(&counted, &Confirm), counted);
    let RelayState::RoundResult(result) = &counted else {
        panic!("{counted:?}")
    };
    assert_eq!(result.round_votes(), [0, 2, 1]);
}

#[test]
fn the_last_confirm_counts_the_round_into_the_scores() {
    let t = table(&ABC, 2, 30);
    let r = round(&t, 1, &[1, 2, 0], "Fog");
    // Votes in order [1, 2, 0]: Ben → Cho, Cho → Aki, Aki → Cho.
    let last = vote(&r, &[1, 2, 0], 2, &[2, 0], Some(2));
    assert_eq!(
        transition(&last, &Confirm),
        RelayState::RoundResult(RoundResult {
            round: round(&t, 1, &[2, 2, 2], "Fog"),
            round_votes: vec![1, 0, 2],
        })
    );
}

// --------------------------------------------------------------------------------------- round result

#[test]
fn next_round_reveals_the_next_topic_and_keeps_the_scores() {
    let t = table(&ABC, 3, 30);
    let state = RelayState::RoundResult(RoundResult {
        round: round(&t, 0, &[2, 1, 0], "Tea"),
        round_votes: vec![2, 1, 0],
    });
    let next = transition(&state, &NextRound { topic: " Fog ".into() });
    assert_eq!(
        next,
        RelayState::TopicReveal(Round {
            used_topics: vec!["Tea".into()],
            ..round(&t, 1, &[2, 1, 0], "Fog")
        })
    );
    // Another round needs a topic.
    assert_eq!(transition(&state, &NextRound { topic: "   ".into() }), state);
    assert_eq!(
        state.apply(&NextRound { topic: "   ".into() }),
        Err(RelayRefusal::EmptyTopic)
    );
}

#[test]
fn no_topic_comes_back_within_a_game_in_either_language() {
    let t = table(&ABC, 3, 30);
    let tea = Round {
        used_topics: vec!["Fog".into()],
        ..round(&t, 1, &[1, 1, 1], "Tea")
    };
    let state = RelayState::RoundResult(RoundResult {
        round: Round {
            scores: vec![2, 2, 2],
            ..tea.clone()
        },
        round_votes: vec![1, 1, 1],
    });
    for repeat in ["Tea", " Fog "] {
        assert_eq!(
            state.apply(&NextRound { topic: repeat.into() }),
            Err(RelayRefusal::RepeatedTopic),
            "{repeat}"
        );
        assert_eq!(transition(&state, &NextRound { topic: repeat.into() }), state);
    }
    // A deck topic drawn in Japanese is the same topic in English.
    let deck = &TOPICS[0];
    let japanese = RelayState::RoundResult(RoundResult {
        round: Round {
            topic: deck.text(Language::Japanese).to_owned(),
            scores: vec![2, 2, 2],
            ..tea.clone()
        },
        round_votes: vec![1, 1, 1],
    });
    assert_eq!(
        japanese.apply(&NextRound {
            topic: deck.text(Language::English).into()
        }),
        Err(RelayRefusal::RepeatedTopic)
    );
    let RelayState::TopicReveal(next) = transition(&state, &NextRound { topic: "Snow".into() }) else {
        panic!("a new topic is revealed")
    };
    assert_eq!(next.used_topics(), ["Fog", "Tea"]);
    // A save that lists a topic twice, or more earlier topics than rounds played, is not a game.
    let twice = RelayState::TopicReveal(Round {
        used_topics: vec!["Fog".into(), "Snow".into()],
        ..next.clone()
    });
    assert_eq!(twice.validate(), Err(StateError::UsedTopics));
    // In round 3, two earlier rounds showed at most four topics: two of their own and two a redraw set aside.
    let four = |more: &[&str]| {
        RelayState::TopicReveal(Round {
            used_topics: ["A", "B", "C", "D"].iter().chain(more).map(|&t| t.to_owned()).collect(),
            ..next.clone()
        })
    };
    assert_eq!(four(&[]).validate(), Ok(()));
    let too_many = four(&["E"]);
    assert_eq!(too_many.validate(), Err(StateError::UsedTopics));
}

#[test]
fn the_latest_closer_never_closes_the_next_talk() {
    let t = table(&ABC, 3, 30);
    let reveal = RelayState::TopicReveal(Round {
        last_closer: Some(2),
        used_topics: vec!["Fog".into()],
        ..round(&t, 1, &[1, 1, 1], "Tea")
    });
    let begin = |order: &[usize]| BeginTalk {
        now_ms: 0,
        order: order.to_vec(),
    };
    assert_eq!(reveal.apply(&begin(&[0, 1, 2])), Err(RelayRefusal::RepeatedCloser));
    assert_eq!(transition(&reveal, &begin(&[0, 1, 2])), reveal);
    // An order that is no permutation falls back to seat order, which ends with the same closer.
    assert_eq!(reveal.apply(&begin(&[0, 0, 0])), Err(RelayRefusal::RepeatedCloser));
    assert!(matches!(reveal.apply(&begin(&[2, 0, 1])), Ok(RelayState::Talk(_))));
    // A hand-over that names a closer other than its order's last is not a game.
    let r = round(&t, 0, &[0, 0, 0], "Tea");
    let wrong = handover(
        &Round {
            last_closer: Some(1),
            ..r
        },
        &[1, 2, 0],
        0,
        &[],
    );
    assert_eq!(wrong.validate(), Err(StateError::LastCloser));
}

#[test]
fn after_the_last_round_comes_the_final_result() {
    let t = table(&ABC, 2, 30);
    let state = RelayState::RoundResult(RoundResult {
        round: round(&t, 1, &[3, 3, 0], "Fog"),
        round_votes: vec![1, 2, 0],
    });
    let expected = RelayState::FinalResult(FinalResult {
        players: names(&ABC),
        rounds: 2,
        scores: vec![3, 3, 0],
    });
    // No topic is needed after the last round.
    for topic in ["", "Snow"] {
        assert_eq!(transition(&state, &NextRound { topic: topic.into() }), expected);
    }
}

// --------------------------------------------------------------------------------------- final result

#[test]
fn the_final_ranking_shares_ranks_on_ties_and_restart_goes_back_to_setup() {
    let state = RelayState::FinalResult(FinalResult {
        players: names(&["Aki", "Ben", "Cho", "Dan"]),
        rounds: 2,
        scores: vec![3, 0, 3, 2],
    });
    let RelayState::FinalResult(result) = &state else {
        panic!()
    };
    assert_eq!(
        result.ranking(),
        [
            Standing {
                player: 0,
                score: 3,
                rank: 1
            },
            Standing {
                player: 2,
                score: 3,
                rank: 1
            },
            Standing {
                player: 3,
                score: 2,
                rank: 3
            },
            Standing {
                player: 1,
                score: 0,
                rank: 4
            },
        ]
    );
    assert_eq!(transition(&state, &Restart), RelayState::Setup);
}

// ----------------------------------------------------------------------------------------- any phase

#[test]
fn abandon_goes_back_to_setup_from_any_phase() {
    for state in one_of_each_phase() {
        assert_eq!(transition(&state, &Abandon), RelayState::Setup);
    }
}

#[test]
fn every_event_outside_its_phase_returns_the_same_state() {
    let events = every_kind_of_event();
    let mut ignored = 0;
    for state in one_of_each_phase() {
        for event in &events {
            let next = transition(&state, event);
            if !understood(state.phase()).contains(&kind(event)) {
                assert_eq!(next, state, "{} on {:?}", kind(event), state.phase());
                assert_eq!(state.apply(event), Err(RelayRefusal::NotNow));
                ignored += 1;
            }
        }
    }
    // 7 phases × 17 events, less the 22 that phases understand (abandon in setup changes nothing).
    assert_eq!(ignored, 97);
}

#[test]
fn a_whole_game_scores_every_vote_once() {
    let states = one_of_each_phase();
    let RelayState::RoundResult(first) = &states[5] else {
        panic!()
    };
    // Round 1, order [1, 2, 0]: Ben → Aki, Cho → Aki, Aki → Ben.
    assert_eq!(first.round_votes(), [2, 1, 0]);
    assert_eq!(first.round().scores(), [2, 1, 0]);
    assert_eq!(
        first.standings().iter().map(|s| s.player).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    // Round 2, seat order: Aki → Cho, Ben → Cho, Cho → Aki.
    let RelayState::FinalResult(last) = &states[6] else {
        panic!()
    };
    assert_eq!(last.scores(), [3, 1, 2]);
    assert_eq!(last.rounds(), 2);
    assert_eq!(last.players(), ABC);
    for state in &states {
        assert_eq!(restore(&save(state)).as_ref(), Ok(state));
    }
}
