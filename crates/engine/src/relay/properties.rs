//! Property tests: arbitrary sequences of arbitrary events from a fixed xorshift source. Every state reached is
//! valid and survives a save and restore; events outside their phase change nothing; every confirmed vote is
//! counted once. Mangled saves never panic and never restore to an invalid state.

use super::event::RelayEvent;
use super::save::{restore, save};
use super::score::tally;
use super::shuffle::shuffled_order;
use super::state::{MAX_TIME_MS, Phase, RelayState, TURN_GUARD_MS};
use super::transition::transition;
use crate::random::RandomSource;
use crate::random::SplitMix64;

fn pick<T: Clone>(rng: &mut SplitMix64, items: &[T]) -> T {
    items[rng.below(items.len())].clone()
}

const NAMES: [&str; 10] = ["Aki", "Ben", " Cho ", "千尋", "", "  ", "Aki", "D", "エリ", "Fay\t"];

fn arbitrary_players(rng: &mut SplitMix64) -> Vec<String> {
    let long = "長".repeat(25);
    let count = rng.below(15);
    (0..count)
        .map(|i| match rng.below(12) {
            0 => long.clone(),
            1 => NAMES[rng.below(NAMES.len())].to_owned(),
            _ => format!("P{i}"),
        })
        .collect()
}

fn arbitrary_order(rng: &mut SplitMix64, players: usize) -> Vec<usize> {
    match rng.below(4) {
        0 | 1 => shuffled_order(players, rng),
        2 => (0..rng.below(15)).map(|_| rng.below(14)).collect(),
        _ => {
            let mut order = shuffled_order(players, rng);
            if let Some(first) = order.first_mut() {
                *first = pick(rng, &[usize::MAX, players, 0]);
            }
            order
        }
    }
}

fn arbitrary_now(rng: &mut SplitMix64) -> u64 {
    let any = rng.next_u64() % 2_000_000_000_000;
    pick(
        rng,
        &[
            0,
            1,
            1_754_000_000_000,
            any,
            MAX_TIME_MS - 10_000,
            MAX_TIME_MS,
            u64::MAX,
        ],
    )
}

fn arbitrary_topic(rng: &mut SplitMix64) -> String {
    pick(rng, &["", "   ", "Tea", " 霧の正体 ", "A\"quoted\"\\topic\n"]).to_owned()
}

/// Any event at all, with values from anywhere.
fn arbitrary_event(rng: &mut SplitMix64) -> RelayEvent {
    match rng.below(12) {
        9 => RelayEvent::Redraw {
            topic: arbitrary_topic(rng),
        },
        10 => RelayEvent::Pause {
            now_ms: arbitrary_now(rng),
        },
        11 => RelayEvent::Resume {
            now_ms: arbitrary_now(rng),
        },
        0 => RelayEvent::Start {
            players: arbitrary_players(rng),
            rounds: pick(rng, &[0, 1, 2, 3, 10, 11, u32::MAX]),
            talk_seconds: pick(rng, &[0, 9, 10, 60, 600, 601, u32::MAX]),
            topic: arbitrary_topic(rng),
        },
        1 => {
            let players = 3 + rng.below(10);
            RelayEvent::BeginTalk {
                now_ms: arbitrary_now(rng),
                order: arbitrary_order(rng, players),
            }
        }
        2 => RelayEvent::TalkDone {
            now_ms: arbitrary_now(rng),
            turn: pick(
                rng,
                &[None, Some(0), Some(1), Some(2), Some(5), Some(12), Some(usize::MAX)],
            ),
        },
        3 => RelayEvent::Received,
        4 => RelayEvent::Select {
            target: pick(rng, &[0, 1, 2, 3, 5, 11, 12, usize::MAX]),
        },
        5 => RelayEvent::Confirm,
        6 => RelayEvent::NextRound {
            topic: arbitrary_topic(rng),
        },
        7 => RelayEvent::Restart,
        _ => RelayEvent::Abandon,
    }
}

/// An event the current phase understands, with values that are mostly fine, so games get to the end.
fn likely_event(rng: &mut SplitMix64, state: &RelayState) -> RelayEvent {
    let players = state.round().map_or(0, |r| r.players().len());
    match state {
        RelayState::Setup => RelayEvent::Start {
            players: (0..3 + rng.below(4)).map(|i| format!("P{i}")).collect(),
            rounds: 1 + rng.below(3) as u32,
            talk_seconds: pick(rng, &[10, 60, 600]),
            topic: arbitrary_topic(rng),
        },
        RelayState::TopicReveal(_) if rng.below(4) == 0 => RelayEvent::Redraw {
            topic: arbitrary_topic(rng),
        },
        RelayState::TopicReveal(_) => RelayEvent::BeginTalk {
            now_ms: arbitrary_now(rng),
            order: arbitrary_order(rng, players),
        },
        // A paused talk mostly resumes; a running one is sometimes paused, somewhere in its turn or anywhere.
        RelayState::Talk(talk) if talk.is_paused() && rng.below(4) != 0 => RelayEvent::Resume {
            now_ms: match rng.below(3) {
                0 => arbitrary_now(rng),
                _ => talk.paused_at_ms().unwrap_or_default() + rng.below(120_000) as u64,
            },
        },
        RelayState::Talk(talk) if rng.below(6) == 0 => RelayEvent::Pause {
            now_ms: match rng.below(3) {
                0 => arbitrary_now(rng),
                _ => talk.deadline_ms().saturating_sub(rng.below(12_000) as u64),
            },
        },
        RelayState::Talk(talk) => RelayEvent::TalkDone {
            // Mostly a clock past the guard time of the turn (every talk lasts 10 s at least), so games end.
            now_ms: match rng.below(4) {
                0 => arbitrary_now(rng),
                _ => talk.deadline_ms().saturating_sub(rng.below(9_000) as u64),
            },
            turn: match rng.below(8) {
                0 => Some(rng.below(players + 1)),
                1 | 2 => None,
                _ => Some(talk.turn()),
            },
        },
        RelayState::Handover(_) => RelayEvent::Received,
        RelayState::Vote(vote) => match (vote.selected(), rng.below(3)) {
            (Some(_), 0 | 1) => RelayEvent::Confirm,
            _ => RelayEvent::Select {
                target: rng.below(players + 1),
            },
        },
        RelayState::RoundResult(_) => RelayEvent::NextRound {
            topic: arbitrary_topic(rng),
        },
        RelayState::FinalResult(_) => RelayEvent::Restart,
    }
}

/// Whether `event` is one the spec lists for `phase`.
fn listed(phase: Phase, event: &RelayEvent) -> bool {
    matches!(
        (phase, event),
        (_, RelayEvent::Abandon)
            | (Phase::Setup, RelayEvent::Start { .. })
            | (
                Phase::TopicReveal,
                RelayEvent::BeginTalk { .. } | RelayEvent::Redraw { .. }
            )
            | (
                Phase::Talk,
                RelayEvent::TalkDone { .. } | RelayEvent::Pause { .. } | RelayEvent::Resume { .. }
            )
            | (Phase::Handover, RelayEvent::Received)
            | (Phase::Vote, RelayEvent::Select { .. } | RelayEvent::Confirm)
            | (Phase::RoundResult, RelayEvent::NextRound { .. })
            | (Phase::FinalResult, RelayEvent::Restart)
    )
}

/// Checks one step against the rules that hold for every state and event.
fn check_step(state: &RelayState, event: &RelayEvent, next: &RelayState) {
    assert_eq!(next.validate(), Ok(()), "{event:?} on {state:?} gave {next:?}");
    let saved = save(next);
    assert_eq!(restore(&saved).as_ref(), Ok(next), "{saved}");
    if !listed(state.phase(), event) {
        assert_eq!(next, state, "{event:?} outside its phase changed {state:?}");
    }
    if let RelayEvent::Abandon = event {
        assert_eq!(next, &RelayState::Setup);
    }
    check_clock(state, event, next);
    // One redraw a round: a topic screen already redrawn takes no other.
    if let (RelayState::TopicReveal(round), RelayEvent::Redraw { .. }) = (state, event)
        && round.redrawn()
    {
        assert_eq!(next, state, "a second redraw changed {state:?}");
    }
    // A confirm with a pick records exactly that vote, once; anything else in a vote records none.
    if let RelayState::Vote(vote) = state {
        let mut cast = vote.votes().to_vec();
        if let (RelayEvent::Confirm, Some(target)) = (event, vote.selected()) {
            cast.push(target);
        }
        match next {
            RelayState::Vote(after) => assert_eq!(after.votes(), vote.votes()),
            RelayState::Handover(after) => assert_eq!(after.votes(), cast),
            RelayState::RoundResult(after) => {
                let received = tally(vote.order().len(), &cast);
                assert_eq!(after.round_votes(), received);
                let before = vote.round().scores();
                let sums: Vec<u32> = before.iter().zip(&received).map(|(a, b)| a + b).collect();
                assert_eq!(after.round().scores(), sums);
            }
            RelayState::Setup => assert_eq!(event, &RelayEvent::Abandon),
            other => panic!("{event:?} on a vote gave {other:?}"),
        }
    }
}

/// A pause keeps the time left (never more than a turn), a resume gives exactly that back from its clock (the
/// deadline moves on by the pause), and a paused talk takes no "done".
fn check_clock(state: &RelayState, event: &RelayEvent, next: &RelayState) {
    let (RelayState::Talk(before), RelayState::Talk(after)) = (state, next) else {
        if let (RelayState::Talk(before), RelayEvent::TalkDone { .. }) = (state, event) {
            assert!(!before.is_paused() || next == state, "a paused talk ended");
        }
        return;
    };
    if next == state {
        return;
    }
    let talk_ms = before.round().table().talk_ms();
    match *event {
        RelayEvent::Pause { now_ms } => {
            assert!(!before.is_paused() && after.is_paused());
            assert_eq!(after.remaining_ms(u64::MAX), before.remaining_ms(now_ms).min(talk_ms));
            assert_eq!(after.deadline_ms(), before.deadline_ms());
        }
        RelayEvent::Resume { now_ms } => {
            assert!(before.is_paused() && !after.is_paused());
            assert_eq!(after.remaining_ms(now_ms), before.remaining_ms(now_ms));
            let paused_at = before.paused_at_ms().unwrap_or_default();
            if now_ms >= paused_at {
                assert_eq!(after.deadline_ms() - before.deadline_ms(), now_ms - paused_at);
            }
        }
        _ => assert!(!before.is_paused(), "{event:?} moved a paused talk on"),
    }
}

#[test]
fn arbitrary_event_sequences_keep_every_state_valid_and_restorable() {
    let mut rng = SplitMix64::new(0x5EED);
    let mut reached = [0u32; 7];
    let mut clock_and_redraws = [0u32; 3];
    let mut finished = 0;
    for _ in 0..400 {
        let mut state = RelayState::Setup;
        for _ in 0..400 {
            let event = if rng.below(5) == 0 {
                arbitrary_event(&mut rng)
            } else {
                likely_event(&mut rng, &state)
            };
            let next = transition(&state, &event);
            check_step(&state, &event, &next);
            if next != state {
                reached[next.phase() as usize] += 1;
                finished += u32::from(next.phase() == Phase::FinalResult);
                match event {
                    RelayEvent::Redraw { .. } => clock_and_redraws[0] += 1,
                    RelayEvent::Pause { .. } => clock_and_redraws[1] += 1,
                    RelayEvent::Resume { .. } => clock_and_redraws[2] += 1,
                    _ => {}
                }
            }
            state = next;
        }
    }
    assert!(
        reached.iter().all(|&n| n > 100),
        "every phase reached often: {reached:?}"
    );
    assert!(
        clock_and_redraws.iter().all(|&n| n > 500),
        "redraws, pauses and resumes taken often: {clock_and_redraws:?}"
    );
    assert!(finished > 500, "{finished} games finished");
}

#[test]
fn only_arbitrary_events_never_panic_either() {
    let mut rng = SplitMix64::new(77);
    for _ in 0..200 {
        let mut state = RelayState::Setup;
        for _ in 0..200 {
            let event = arbitrary_event(&mut rng);
            let next = transition(&state, &event);
            check_step(&state, &event, &next);
            state = next;
        }
    }
}

/// Saves of states from real games, mangled a byte or a few at a time: restoring never panics, and whatever
/// does restore is valid and saves back to a text that restores to it again.
#[test]
fn mangled_saves_restore_to_nothing_or_to_a_valid_state() {
    let mut rng = SplitMix64::new(99);
    let mut saves: Vec<String> = Vec::new();
    let mut state = RelayState::Setup;
    while saves.len() < 300 {
        let event = likely_event(&mut rng, &state);
        state = transition(&state, &event);
        saves.push(save(&state));
    }
    const BYTES: &[u8] = b"{}[]\":,0123456789 -.eEnulltrue\\a";
    let mut restored = 0;
    for text in &saves {
        for _ in 0..40 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                match rng.below(3) {
                    0 => bytes[at] = pick(&mut rng, BYTES),
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, pick(&mut rng, BYTES)),
                }
            }
            // Edits may split a multi-byte character; such bytes are not text and never reach restore.
            let Ok(mangled) = String::from_utf8(bytes) else {
                continue;
            };
            if let Ok(state) = restore(&mangled) {
                restored += 1;
                assert_eq!(state.validate(), Ok(()), "{mangled}");
                assert_eq!(restore(&save(&state)), Ok(state));
            }
        }
    }
    // Some edits are harmless (a space, a digit that keeps the state valid), most are not.
    assert!(restored > 0 && restored < 12_000 / 2, "{restored} restored");
}

/// `event` as the page sends it at `now_ms`: the timed events carry that clock reading.
fn at(event: RelayEvent, now_ms: u64) -> RelayEvent {
    match event {
        RelayEvent::BeginTalk { order, .. } => RelayEvent::BeginTalk { now_ms, order },
        RelayEvent::TalkDone { turn, .. } => RelayEvent::TalkDone { now_ms, turn },
        RelayEvent::Pause { .. } => RelayEvent::Pause { now_ms },
        RelayEvent::Resume { .. } => RelayEvent::Resume { now_ms },
        other => other,
    }
}

/// Games played on a clock that moves as at a table (each event at least [`TURN_GUARD_MS`] after the one
/// before), then the same games with events doubled: each of a random half of the events comes again less than
/// the guard time after it, as a double tap or a double click sends it. Every state the doubled game passes
/// through after an original event is the state the undoubled game is in, and the games end alike.
#[test]
fn a_double_tap_within_the_guard_time_changes_nothing() {
    let mut rng = SplitMix64::new(0xD0B1E);
    let mut doubled_events = 0u32;
    let mut changed_by_original = 0u32;
    for _ in 0..300 {
        let mut clock = 1_754_000_000_000u64;
        let mut plain = RelayState::Setup;
        let mut doubled = RelayState::Setup;
        for _ in 0..150 {
            clock += TURN_GUARD_MS + rng.below(60_000) as u64;
            let event = at(
                if rng.below(10) == 0 {
                    arbitrary_event(&mut rng)
                } else {
                    likely_event(&mut rng, &plain)
                },
                clock,
            );
            let next = transition(&plain, &event);
            changed_by_original += u32::from(next != plain);
            plain = next;
            doubled = transition(&doubled, &event);
            if rng.below(2) == 0 {
                // The window of a double tap as the page knows it (a second), not the rule's constant, so that
                // a weaker rule (a shorter guard) fails here.
                let gap = rng.below(1_000) as u64;
                doubled = transition(&doubled, &at(event.clone(), clock + gap));
                doubled_events += 1;
            }
            assert_eq!(doubled, plain, "{event:?} doubled");
        }
    }
    assert!(
        doubled_events > 20_000 && changed_by_original > 10_000,
        "{doubled_events} {changed_by_original}"
    );
}

/// The proof above catches a weaker rule: with no guard time (a second "done" for the shown turn ignored only by
/// its turn number, as before), a double tap without a turn ends the next speaker's turn.
#[test]
fn without_the_guard_a_double_tap_skips_a_speaker() {
    let start = RelayEvent::Start {
        players: vec!["A".into(), "B".into(), "C".into()],
        rounds: 1,
        talk_seconds: 10,
        topic: "Tea".into(),
    };
    let talk = transition(
        &transition(&RelayState::Setup, &start),
        &RelayEvent::BeginTalk {
            now_ms: 0,
            order: vec![0, 1, 2],
        },
    );
    let done = |now_ms| RelayEvent::TalkDone { now_ms, turn: None };
    let once = transition(&talk, &done(5_000));
    let RelayState::Talk(first) = &once else {
        panic!("the second speaker")
    };
    assert_eq!(first.turn(), 1);
    // The guard is what refuses the double tap: the same event a guard time later is taken.
    assert_eq!(transition(&once, &done(5_000 + TURN_GUARD_MS - 1)), once);
    let RelayState::Talk(later) = transition(&once, &done(5_000 + TURN_GUARD_MS)) else {
        panic!("a talk")
    };
    assert_eq!(later.turn(), 2);
}
