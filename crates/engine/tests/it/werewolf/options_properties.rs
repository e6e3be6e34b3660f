//! Version 3's options on random games: with the end checked first no game ends in a paradox while an end
//! condition holds, and no state goes on while one holds; with discard no transfer paradox happens; with only
//! the likeliest seer marking, a seer phase has at most one mark. Version 2 is played too, to show that the
//! first property is one the rules can break.

use marubatsu_engine::werewolf::{
    End, EndCheck, Happening, Markers, Options, Paradox, Phase, Table, Unplaceable, WerewolfState,
};

use super::support::{SplitMix64, check_invariants, play_random_event};

/// What a batch of random games under one set of options showed.
#[derive(Default)]
struct Seen {
    /// Games that ended in a paradox while an end condition held.
    paradox_over_end: usize,
    /// States that went on while an end condition held.
    went_on_over_end: usize,
    transfer_paradoxes: usize,
    discards: usize,
    most_marks_in_a_phase: usize,
}

fn play_games(table: Table, games: usize, seed: u64) -> Seen {
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::default();
    for _ in 0..games {
        let mut game = WerewolfState::new(table);
        check_invariants(&game);
        while game.pending().is_some() {
            if game.end_holds().is_some() {
                seen.went_on_over_end += 1;
            }
            assert!(
                play_random_event(&mut game, &mut rng),
                "no event while the game goes on"
            );
            check_invariants(&game);
        }
        let end = game.outcome().map(|o| o.end);
        if matches!(end, Some(End::Paradox(_))) && game.end_holds().is_some() {
            seen.paradox_over_end += 1;
        }
        if matches!(end, Some(End::Paradox(Paradox::NoTransfer { .. }))) {
            seen.transfer_paradoxes += 1;
        }
        let mut marks = 0;
        for entry in game.log() {
            match entry.what {
                Happening::PhaseBegan { phase: Phase::Seer } => marks = 0,
                Happening::Marked { .. } => {
                    marks += 1;
                    seen.most_marks_in_a_phase = seen.most_marks_in_a_phase.max(marks);
                }
                Happening::Discarded { .. } => seen.discards += 1,
                _ => {}
            }
        }
    }
    seen
}

#[test]
fn under_end_first_no_paradox_takes_an_end_that_holds_and_version_2_shows_it_can() {
    let games = 400;
    let v2 = play_games(Table::DEFAULT, games, 27);
    // The weakened variant: Version 2 checks the end after the transfers, and random play catches it.
    assert!(
        v2.paradox_over_end > 0,
        "Version 2 never ended in a paradox over a held end"
    );
    assert!(v2.went_on_over_end > 0);
    for options in Options::ALL {
        let seen = play_games(Table::DEFAULT.with_options(options), games, 27);
        if options.end_check == EndCheck::EndFirst {
            assert_eq!(seen.paradox_over_end, 0, "{options}: paradox while an end held");
            assert_eq!(seen.went_on_over_end, 0, "{options}: play went on while an end held");
        }
        if options.unplaceable == Unplaceable::Discard {
            assert_eq!(seen.transfer_paradoxes, 0, "{options}: transfer paradox under discard");
        }
        if options.markers == Markers::LikeliestSeer {
            assert!(
                seen.most_marks_in_a_phase <= 1,
                "{options}: more than one mark in a seer phase"
            );
        } else {
            assert!(seen.most_marks_in_a_phase > 1, "{options}: never more than one mark");
        }
    }
    // Discard happens in random games (the property above is not vacuous), and Version 2 does deadlock.
    assert!(play_games(Table::DEFAULT.with_options(Options::V3), games, 27).discards > 0);
    assert!(v2.transfer_paradoxes > 0);
}

#[test]
fn version_3_on_other_tables_keeps_its_properties() {
    for (w, s, v) in [(1, 1, 3), (2, 2, 5), (3, 1, 5)] {
        let table = Table::new(w, s, v)
            .unwrap_or_else(|e| panic!("{e}"))
            .with_options(Options::V3);
        let seen = play_games(table, 150, 5);
        assert_eq!(seen.paradox_over_end, 0, "{table}");
        assert_eq!(seen.went_on_over_end, 0, "{table}");
        assert_eq!(seen.transfer_paradoxes, 0, "{table}");
    }
}

#[test]
fn at_version_3s_own_table_no_paradox_takes_an_end_that_holds() {
    let seen = play_games(Table::VERSION_3, 400, 9);
    assert_eq!(seen.paradox_over_end, 0);
    assert_eq!(seen.went_on_over_end, 0);
    assert_eq!(seen.transfer_paradoxes, 0);
    assert!(seen.most_marks_in_a_phase <= 1);
}
