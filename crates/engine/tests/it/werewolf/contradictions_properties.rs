//! Refusing contradictions on random games, judged by the brute force of `paradox_properties`: at a table that
//! refuses them, every event offered leaves a world unless no answer to the decision does, every answer that
//! leaves none while another keeps one is refused with the game unchanged, and so a game ends in a
//! contradiction only when no answer could have kept a world. The same games at a table that plays
//! contradictions show the property is one the rules can break.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Contradictions, End, Options, Paradox, Pending, Table, Werewolf, WerewolfEvent, WerewolfRefusal, WerewolfState,
    legal_events, listed_events,
};

use super::paradox_properties::world_exists;
use super::support::{SplitMix64, check_invariants, play_random_event};

/// What a batch of games showed.
#[derive(Default, Debug)]
struct Seen {
    /// Decisions where some answer leaves no world and another keeps one.
    avoidable: u32,
    /// Of those, the ones that were draws at a death.
    avoidable_draws: u32,
    /// Decisions where every answer leaves no world.
    unavoidable: u32,
    /// Events offered that leave no world although another answer keeps one.
    offered_contradictions: u32,
    /// Games that ended in a contradiction (or a player with no role left).
    contradicted_games: u32,
}

/// Whether `event` leaves a world, by the brute force over the state after it.
fn keeps_a_world(game: &WerewolfState, event: &WerewolfEvent) -> bool {
    let mut after = game.clone();
    Werewolf::step(&mut after, event).is_ok() && world_exists(&after)
}

fn check_decision(game: &WerewolfState, seen: &mut Seen) {
    if matches!(game.pending(), None | Some(Pending::Vote { .. })) {
        return;
    }
    let answers = listed_events(game);
    let keeping: Vec<&WerewolfEvent> = answers.iter().filter(|e| keeps_a_world(game, e)).collect();
    let offered: Vec<WerewolfEvent> = legal_events(game).into_iter().collect();
    if keeping.is_empty() {
        seen.unavoidable += 1;
        assert_eq!(offered, answers, "every answer contradicts, so every answer is offered");
        return;
    }
    if keeping.len() < answers.len() {
        seen.avoidable += 1;
        if matches!(game.pending(), Some(Pending::Draw { .. })) {
            seen.avoidable_draws += 1;
        }
    }
    for event in &offered {
        if !keeps_a_world(game, event) {
            seen.offered_contradictions += 1;
        }
    }
    if game.table().options().contradictions == Contradictions::Refused {
        for event in &answers {
            let mut copy = game.clone();
            let played = Werewolf::step(&mut copy, event);
            if keeps_a_world(game, event) {
                assert!(
                    played.is_ok() && offered.contains(event),
                    "{event:?} keeps a world: {played:?}"
                );
            } else {
                assert_eq!(played, Err(WerewolfRefusal::LeavesNoWorld), "{event:?}");
                assert_eq!(&copy, game, "a refused event changed the game");
                assert!(!offered.contains(event), "{event:?} is offered");
            }
        }
    }
}

fn play_games(table: Table, games: usize, seed: u64) -> Seen {
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::default();
    for _ in 0..games {
        let mut game = WerewolfState::new(table).without_log();
        while game.pending().is_some() {
            check_decision(&game, &mut seen);
            assert!(
                play_random_event(&mut game, &mut rng),
                "no event while the game goes on"
            );
            check_invariants(&game);
        }
        if matches!(
            game.outcome().map(|o| o.end),
            Some(End::Paradox(Paradox::Contradiction | Paradox::NoRoleLeft { .. }))
        ) {
            seen.contradicted_games += 1;
        }
    }
    seen
}

#[test]
fn a_table_that_refuses_contradictions_offers_only_answers_that_keep_a_world() {
    for (w, s, v, chits) in [
        (2, 1, 5, (1, 1, 3)),
        (2, 1, 5, (2, 3, 3)),
        (1, 1, 3, (2, 3, 3)),
        (3, 1, 5, (1, 1, 3)),
    ] {
        let table = Table::new(w, s, v)
            .unwrap_or_else(|e| panic!("{e}"))
            .with_chits(chits.0, chits.1, chits.2);
        for options in [Options::V2, Options::V3] {
            let refused = table.with_options(options.with_contradictions(Contradictions::Refused));
            let seen = play_games(refused, 60, 11);
            assert_eq!(seen.offered_contradictions, 0, "{refused}: {seen:?}");
            // Every contradiction left was one no answer could avoid.
            assert!(seen.contradicted_games <= seen.unavoidable, "{refused}: {seen:?}");
            // The weakened variant: the same table playing contradictions offers them, so the check bites.
            let played = play_games(
                table.with_options(options.with_contradictions(Contradictions::Paradox)),
                60,
                11,
            );
            assert!(played.offered_contradictions > 0, "{table} {options}: {played:?}");
            assert!(
                played.contradicted_games > seen.contradicted_games,
                "{table} {options}: {played:?} vs {seen:?}"
            );
            // The refusal is not vacuous: answers were refused, draws among them.
            assert!(seen.avoidable > 20 && seen.avoidable_draws > 0, "{refused}: {seen:?}");
        }
    }
}
