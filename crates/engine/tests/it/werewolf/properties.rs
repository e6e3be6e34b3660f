//! Property tests over random games: invariants, the legal list against the transition, and the game-length
//! bound.
//!
//! # The bound on a game's length
//!
//! - **Rounds ≤ N − 1.** Every vote that is counted kills one player (R9), and a vote phase that begins with
//!   fewer than 3 alive is a paradox. The vote of round r begins with at most N − r + 1 alive, so votes happen
//!   only in rounds 1..=N − 2, and round N − 1 ends, at the latest, when its vote phase begins.
//! - **Events other than votes ≤ 2(N − 1) + N·(black + white) + N·attacks + 2N + N**: at most two tie-breaks
//!   a round; every verdict and attack uses up a chit; a player loses each role once and a third loss ends the
//!   game (R2, R11), so at most 2N transfers; each player dies and draws at most once. At the default table:
//!   14 + 40 + 24 + 16 + 8 = 102.
//! - **First votes ≤ N − 2**: a vote is one event with every ballot (R9), and votes happen in rounds 1..=N − 2
//!   only; each run-off is one more event. So a game is at most 102 + 6 + R = 108 + R events at the default
//!   table, R its run-offs.
//! - **Run-offs** are not bounded by the rules (R9 repeats until one player has the most votes). With uniformly
//!   random ballots each vote or run-off is decided with probability at least 1/2 at tables of up to 8 players
//!   (computed exactly below; the worst case is 4 alive with 2 tied), so a vote needs r or more run-offs with
//!   probability at most 2^−r, and 40 run-offs with probability below 10^−12.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Ballot, HandOver, LegalEvents, MAX_PLAYERS, Pending, RULES, Role, Seat, SeatSet, Table, Verdict, Werewolf,
    WerewolfEvent, WerewolfState, legal_events,
};

use super::support::{RandomSource, SplitMix64, check_invariants};

fn tables() -> Vec<Table> {
    let mut tables = vec![Table::DEFAULT];
    for (w, s, v) in [(1, 1, 1), (1, 1, 3), (2, 1, 3), (3, 2, 7)] {
        tables.push(Table::new(w, s, v).unwrap_or_else(|e| panic!("{e}")));
    }
    tables
}

/// The bound on events other than votes, and on first votes, for `table` (see the module docs).
fn bounds(table: &Table) -> (usize, usize) {
    let n = usize::from(table.players());
    let chits = usize::from(table.black()) + usize::from(table.white());
    let others = 2 * (n - 1) + n * chits + n * usize::from(table.attacks()) + 2 * n + n;
    (others, n - 2)
}

/// Lengths of one random game.
#[derive(Default)]
struct Length {
    rounds: u8,
    votes: usize,
    runoffs: usize,
    others: usize,
    most_runoffs: u16,
}

/// A uniformly chosen legal event (some event is legal until the game is over).
fn pick(events: &LegalEvents, rng: &mut SplitMix64) -> WerewolfEvent {
    let index = rng.below_u64(events.len());
    events
        .get(index)
        .unwrap_or_else(|| panic!("index {index} of {} has no event", events.len()))
}

/// Plays a random game (uniform over the legal events), checking the invariants after every event and calling
/// `visit` on every state before its event is chosen.
fn random_game(
    table: Table,
    rng: &mut SplitMix64,
    visit: &mut impl FnMut(&WerewolfState, &LegalEvents, &mut SplitMix64),
) -> (WerewolfState, Length) {
    let mut game = WerewolfState::new(table);
    let mut length = Length::default();
    check_invariants(&game);
    loop {
        let events = legal_events(&game);
        if events.is_empty() {
            break;
        }
        visit(&game, &events, rng);
        match game.pending() {
            Some(Pending::Vote { runoff: 0, .. }) => length.votes += 1,
            Some(Pending::Vote { runoff, .. }) => {
                length.runoffs += 1;
                length.most_runoffs = length.most_runoffs.max(runoff);
            }
            _ => length.others += 1,
        }
        let event = pick(&events, rng);
        if let Err(error) = Werewolf::step(&mut game, &event) {
            panic!("listed event {event:?} refused: {error}");
        }
        check_invariants(&game);
        assert!(length.others + length.votes + length.runoffs < 100_000, "runaway game");
    }
    length.rounds = game.round();
    (game, length)
}

/// The rule numbers a log line's citation names, in order (`R10.2` names R10, `R11 (R7)` R11 and R7).
fn cited_rules(citation: &str) -> impl Iterator<Item = &str> {
    citation
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| part.starts_with('R'))
}

#[test]
fn random_games_keep_every_invariant_and_end_within_the_bound() {
    let mut rng = SplitMix64::new(0x5EED);
    for table in tables() {
        let n = table.players();
        let (others, votes) = bounds(&table);
        for _ in 0..300 {
            let (game, length) = random_game(table, &mut rng, &mut |_, _, _| {});
            assert!(game.outcome().is_some());
            for line in game.log() {
                let citation = line.what.rule();
                assert!(
                    cited_rules(citation).count() > 0 && cited_rules(citation).all(|rule| RULES.contains(&rule)),
                    "{:?} cites {citation}, not one of {RULES:?}",
                    line.what
                );
            }
            assert!(length.rounds < n, "{} rounds at {n} players", length.rounds);
            assert!(
                length.others <= others,
                "{} events besides votes > {others}",
                length.others
            );
            assert!(length.votes <= votes, "{} first votes > {votes}", length.votes);
            assert!(length.runoffs <= 40 * votes);
            assert!(length.most_runoffs <= 40);
        }
    }
}

#[test]
fn every_listed_event_is_accepted_and_changes_the_state() {
    let mut rng = SplitMix64::new(7);
    for table in tables() {
        for _ in 0..60 {
            random_game(table, &mut rng, &mut |game, events, rng| {
                // Transfers can list thousands of splits and votes millions: try a sample of those, every
                // event otherwise.
                let tries: Vec<WerewolfEvent> = if events.len() > 64 {
                    (0..64).map(|_| pick(events, rng)).collect()
                } else {
                    events.iter().collect()
                };
                for event in &tries {
                    let mut next = game.clone();
                    if let Err(error) = Werewolf::step(&mut next, event) {
                        panic!("listed {event:?} refused: {error}");
                    }
                    assert_ne!(&next, game, "{event:?} accepted without effect");
                    check_invariants(&next);
                }
            });
        }
    }
}

/// An event that may or may not be legal: half the time a legal event with one field changed, otherwise
/// anything, with seats up to two past the table.
fn arbitrary_event(game: &WerewolfState, events: &LegalEvents, rng: &mut SplitMix64) -> WerewolfEvent {
    let n = usize::from(game.players()) + 2;
    let seat = |rng: &mut SplitMix64| Seat::new(rng.below(n) as u8).unwrap_or_default();
    let role = |rng: &mut SplitMix64| Role::ALL[rng.below(3)];
    let give = |rng: &mut SplitMix64| (rng.below(4) > 0).then(|| Role::ALL[rng.below(3)]);
    let verdict = |rng: &mut SplitMix64| Verdict::ALL[rng.below(2)];
    let ballot = |rng: &mut SplitMix64| Ballot {
        voter: seat(rng),
        target: seat(rng),
    };
    if rng.below(2) == 0 {
        let mut event = pick(events, rng);
        match &mut event {
            WerewolfEvent::StartPlayer { seat: s } => *s = seat(rng),
            WerewolfEvent::Verdict {
                seer,
                target,
                verdict: v,
                give: g,
            } => match rng.below(4) {
                0 => *seer = seat(rng),
                1 => *target = seat(rng),
                2 => *v = verdict(rng),
                _ => *g = give(rng),
            },
            WerewolfEvent::Attack { wolf, target, give: g } => match rng.below(3) {
                0 => *wolf = seat(rng),
                1 => *target = seat(rng),
                _ => *g = give(rng),
            },
            WerewolfEvent::Transfer {
                from,
                role: r,
                handovers,
            } => match rng.below(6) {
                0 => *from = seat(rng),
                1 => *r = role(rng),
                2 => {
                    handovers.pop();
                }
                3 => handovers.reverse(),
                _ => {
                    if !handovers.is_empty() {
                        let i = rng.below(handovers.len());
                        match rng.below(3) {
                            0 => handovers[i].to = seat(rng),
                            1 => handovers[i].take = role(rng),
                            _ => handovers[i].cards = rng.below(4) as u8,
                        }
                    }
                }
            },
            WerewolfEvent::Draw { player, index } => match rng.below(2) {
                0 => *player = seat(rng),
                _ => *index = rng.below(n + 2) as u8,
            },
            WerewolfEvent::Vote { ballots } => {
                let i = rng.below(ballots.len());
                match rng.below(6) {
                    0 => ballots[i].voter = seat(rng),
                    1 | 2 => ballots[i].target = seat(rng),
                    3 => {
                        ballots.remove(i);
                    }
                    4 => ballots.insert(i, ballot(rng)),
                    _ => {
                        let j = rng.below(ballots.len());
                        ballots.swap(i, j);
                    }
                }
            }
        }
        return event;
    }
    match rng.below(6) {
        0 => WerewolfEvent::StartPlayer { seat: seat(rng) },
        1 => WerewolfEvent::Verdict {
            seer: seat(rng),
            target: seat(rng),
            verdict: verdict(rng),
            give: give(rng),
        },
        2 => WerewolfEvent::Attack {
            wolf: seat(rng),
            target: seat(rng),
            give: give(rng),
        },
        3 => WerewolfEvent::Transfer {
            from: seat(rng),
            role: role(rng),
            handovers: (0..rng.below(4))
                .map(|_| HandOver {
                    to: seat(rng),
                    take: role(rng),
                    cards: rng.below(4) as u8,
                })
                .collect(),
        },
        4 => WerewolfEvent::Draw {
            player: seat(rng),
            index: rng.below(n + 2) as u8,
        },
        _ => WerewolfEvent::Vote {
            ballots: (0..rng.below(n + 1)).map(|_| ballot(rng)).collect(),
        },
    }
}

/// Whether `ballots` is a legal vote, from R9 alone: every alive player once, in seat order, each pointing at
/// another alive player who is a candidate.
fn legal_vote(game: &WerewolfState, candidates: SeatSet, ballots: &[Ballot]) -> bool {
    let voters: Vec<Seat> = ballots.iter().map(|b| b.voter).collect();
    voters == game.alive().iter().collect::<Vec<_>>()
        && ballots
            .iter()
            .all(|b| b.target != b.voter && game.is_alive(b.target) && candidates.contains(b.target))
}

/// Plays `event` on a copy of `game` and checks that it is accepted exactly when `legal` says so, that the
/// legal events agree, and that a refusal changes nothing. Returns whether it was accepted.
fn judged(game: &WerewolfState, events: &LegalEvents, event: &WerewolfEvent, legal: bool) -> bool {
    let mut next = game.clone();
    let played = Werewolf::step(&mut next, event);
    assert_eq!(played.is_ok(), legal, "{event:?}: {played:?}");
    assert_eq!(events.contains(event), legal, "{event:?} listed wrongly");
    if legal {
        assert_ne!(&next, game);
        check_invariants(&next);
    } else {
        assert_eq!(&next, game, "refused {event:?} changed the state");
    }
    legal
}

#[test]
fn votes_sampled_or_counted_are_accepted_and_every_one_ballot_change_is_judged_by_r9() {
    let mut rng = SplitMix64::new(0xB0A7);
    let (mut votes, mut exhaustive, mut refused) = (0, 0, 0);
    for table in tables() {
        for _ in 0..40 {
            random_game(table, &mut rng, &mut |game, events, rng| {
                let Some(Pending::Vote { voters, candidates, .. }) = game.pending() else {
                    return;
                };
                votes += 1;
                assert_eq!(voters, game.alive());
                assert_eq!(candidates - game.alive(), SeatSet::EMPTY);
                // The count, from R9 alone: each alive player chooses among the other candidates.
                let product: u64 = voters.iter().map(|v| candidates.without(v).len() as u64).product();
                assert_eq!(events.len(), product);
                if product <= 4_096 {
                    // Small enough to try all: each once, each accepted.
                    exhaustive += 1;
                    let all: Vec<WerewolfEvent> = events.iter().collect();
                    assert_eq!(all.len() as u64, product);
                    let mut distinct = all.clone();
                    distinct.sort_by_key(|e| match e {
                        WerewolfEvent::Vote { ballots } => ballots.clone(),
                        _ => Vec::new(),
                    });
                    distinct.dedup();
                    assert_eq!(distinct.len(), all.len(), "a vote listed twice");
                    for event in &all {
                        let WerewolfEvent::Vote { ballots } = event else {
                            panic!("{event:?} in a vote")
                        };
                        assert!(legal_vote(game, candidates, ballots));
                        judged(game, events, event, true);
                    }
                }
                for _ in 0..3 {
                    let WerewolfEvent::Vote { ballots } = pick(events, rng) else {
                        panic!("a vote holds votes only");
                    };
                    assert!(legal_vote(game, candidates, &ballots));
                    judged(
                        game,
                        events,
                        &WerewolfEvent::Vote {
                            ballots: ballots.clone(),
                        },
                        true,
                    );
                    // Every change of one entry, judged by R9 alone.
                    let mut mutants: Vec<Vec<Ballot>> = Vec::new();
                    for i in 0..ballots.len() {
                        let mut fewer = ballots.clone();
                        fewer.remove(i);
                        mutants.push(fewer);
                        let mut twice = ballots.clone();
                        twice.insert(i, ballots[i]);
                        mutants.push(twice);
                        if i + 1 < ballots.len() {
                            let mut swapped = ballots.clone();
                            swapped.swap(i, i + 1);
                            mutants.push(swapped);
                        }
                        for other in (0..MAX_PLAYERS as u8).filter_map(Seat::new) {
                            let mut changed = ballots.clone();
                            changed[i].target = other;
                            mutants.push(changed);
                            if other != ballots[i].voter {
                                let mut moved = ballots.clone();
                                moved[i].voter = other;
                                mutants.push(moved);
                            }
                        }
                    }
                    for mutant in mutants {
                        let legal = legal_vote(game, candidates, &mutant);
                        if !judged(game, events, &WerewolfEvent::Vote { ballots: mutant }, legal) {
                            refused += 1;
                        }
                    }
                }
            });
        }
    }
    assert!(
        votes > 300 && exhaustive > 50 && refused > 100_000,
        "{votes} votes, {exhaustive} tried in full, {refused} refused"
    );
}

#[test]
fn events_not_listed_are_refused_and_leave_the_state_unchanged() {
    let mut rng = SplitMix64::new(99);
    let mut refused = 0;
    let mut accepted = 0;
    for table in tables() {
        for _ in 0..60 {
            random_game(table, &mut rng, &mut |game, events, rng| {
                for _ in 0..24 {
                    let event = arbitrary_event(game, events, rng);
                    let next = transition(game, &event);
                    if events.contains(&event) {
                        assert_ne!(&next, game, "listed {event:?} refused");
                        accepted += 1;
                    } else {
                        assert_eq!(&next, game, "unlisted {event:?} accepted");
                        refused += 1;
                    }
                }
            });
        }
    }
    // Both sides of the property were exercised.
    assert!(
        refused > 10_000 && accepted > 10_000,
        "{refused} refused, {accepted} accepted"
    );
}

/// A finished game owes nothing: a transfer or a draw still standing when it ended is void, so neither the state
/// nor the decisions it offers ask for one. Random games under Version 2 (a transfer paradox ends with every debt
/// stuck; a contradiction may end a cascade midway) and Version 3 (an end that holds comes before any transfer or
/// draw) end with both standing often enough that each case is met.
#[test]
fn a_finished_game_lists_no_owed_transfer_and_no_draw() {
    let mut rng = SplitMix64::new(41);
    let (mut debts, mut draws) = (0, 0);
    let mut all = tables();
    all.extend([
        Table::VERSION_3,
        Table::DEFAULT.with_options(marubatsu_engine::werewolf::Options::V3),
    ]);
    for table in all {
        for _ in 0..150 {
            let (game, _) = random_game(table, &mut rng, &mut |_, _, _| {});
            assert!(game.outcome().is_some());
            // What stood when the game ended: cards of a lost role still held, a dead player's role not drawn.
            debts += game
                .seats()
                .filter(|&s| game.lost(s).iter().any(|role| game.hand(s).count(role) > 0))
                .count();
            draws += game
                .seats()
                .filter(|&s| !game.is_alive(s) && game.possible(s).len() > 1)
                .count();
            assert_eq!(game.owed_transfers(), []);
            assert_eq!(game.ready_transfers(), []);
            assert_eq!(game.settleable_transfers(), []);
            assert_eq!(game.owed_draws(), []);
            assert_eq!(game.pending(), None);
        }
    }
    assert!(
        debts > 50 && draws > 10,
        "{debts} debts and {draws} draws stood at the end"
    );
}

#[test]
fn the_finished_game_refuses_everything() {
    let mut rng = SplitMix64::new(3);
    let (game, _) = random_game(Table::DEFAULT, &mut rng, &mut |_, _, _| {});
    assert!(legal_events(&game).is_empty());
    // Any listed answers will do as the ones arbitrary events are sometimes drawn from.
    let events = legal_events(&WerewolfState::new(Table::DEFAULT));
    for _ in 0..200 {
        let event = arbitrary_event(&game, &events, &mut rng);
        assert_eq!(transition(&game, &event), game);
    }
}

/// The exact probability that a vote among `alive` voters with `tied` candidates (all alive; every candidate
/// votes for another candidate, everyone else for any candidate, uniformly) gives one candidate the most votes.
fn decisive(alive: usize, tied: usize) -> f64 {
    // Distribution of the vote counts, voter by voter.
    let mut counts: Vec<(Vec<u8>, f64)> = vec![(vec![0; tied], 1.0)];
    for voter in 0..alive {
        let mut next: Vec<(Vec<u8>, f64)> = Vec::new();
        for (vector, p) in &counts {
            let choices: Vec<usize> = (0..tied).filter(|&c| c != voter).collect();
            for &c in &choices {
                let mut v = vector.clone();
                v[c] += 1;
                let q = p / choices.len() as f64;
                match next.iter_mut().find(|(w, _)| *w == v) {
                    Some((_, r)) => *r += q,
                    None => next.push((v, q)),
                }
            }
        }
        counts = next;
    }
    counts
        .iter()
        .filter(|(v, _)| {
            let most = v.iter().max().copied().unwrap_or(0);
            v.iter().filter(|&&c| c == most).count() == 1
        })
        .map(|(_, p)| p)
        .sum()
}

#[test]
fn random_run_offs_are_decided_with_probability_at_least_one_half() {
    let mut worst = (1.0, 0, 0);
    for alive in 3..=8 {
        for tied in 2..=alive {
            let p = decisive(alive, tied);
            if p < worst.0 {
                worst = (p, alive, tied);
            }
        }
    }
    // 4 alive, 2 tied: the tied two must vote for each other, and the other two split half the time.
    assert!((worst.0 - 0.5).abs() < 1e-12, "{worst:?}");
    assert_eq!((worst.1, worst.2), (4, 2));
    assert!((decisive(3, 3) - 0.75).abs() < 1e-12);
}

/// The state after `event`, or `game` unchanged if it is refused.
fn transition(game: &WerewolfState, event: &WerewolfEvent) -> WerewolfState {
    Werewolf::transition(game.clone(), event).unwrap_or_else(|(back, _)| back)
}
