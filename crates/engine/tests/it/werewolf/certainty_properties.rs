//! Version 4's promise, over random games: what the page calls certain (a chance bar at 100% or 0%, from the
//! consistent deals) is what the rules' end conditions and winners read, and the chance shown for a dead player's
//! role is the chance of the draw. Versions 3's card-based ends and card draw are checked to fail both, so the
//! checks can tell.

use marubatsu_engine::relay::Ratio;
use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    End, Options, Parity, Pending, Role, SeatSet, Table, Werewolf, WerewolfEvent, WerewolfState, legal_events,
};

use super::support::{RandomSource, SplitMix64, play_random_event};

/// Version 4 at its table.
const V4: Table = Table::VERSION_4;

/// The end the page's chances say has come, read from the bars alone: nobody alive can be a werewolf (the
/// village), or the living werewolves at 100% are the rules' share of the living (the werewolves).
fn end_by_the_bars(game: &WerewolfState) -> Option<End> {
    let chances = game.chances();
    if chances.worlds() == 0 || game.alive().is_empty() {
        return None;
    }
    let wolf = |seat| chances.chance(seat, Role::Werewolf);
    if game.alive().iter().all(|seat| wolf(seat) == Some(Ratio::ZERO)) {
        return Some(End::VillageWins);
    }
    let certain = game
        .alive()
        .iter()
        .filter(|&seat| wolf(seat) == Some(Ratio::ONE))
        .count();
    let parts = match game.table().options().powers.parity {
        Parity::Half => 2,
        Parity::Third => 3,
    };
    (certain > 0 && parts * certain >= game.alive().len()).then_some(End::WerewolvesWin)
}

/// Plays one game at `table` by uniform legal events (the table's own draw at a death), calling `each` with
/// every state from the first to the last.
fn each_state(table: Table, rng: &mut SplitMix64, mut each: impl FnMut(&WerewolfState)) {
    let mut game = WerewolfState::new(table).without_log();
    each(&game);
    loop {
        match game.draw_event(rng) {
            Some(draw) => {
                Werewolf::step(&mut game, &draw).unwrap_or_else(|e| panic!("the table's draw {draw:?}: {e}"));
            }
            None if play_random_event(&mut game, rng) => {}
            None => break,
        }
        each(&game);
    }
}

/// Counts, over 300 games at `table`, the states in which the bars say an end has come that the rules have not
/// declared, and checks that every player the bars show certain is certain to the rules (Version 4 only).
fn states_ending_by_the_bars_alone(table: Table) -> (u64, u64) {
    let mut rng = SplitMix64::new(41);
    let (mut states, mut mismatched) = (0, 0);
    for _ in 0..300 {
        each_state(table, &mut rng, |game| {
            states += 1;
            let over = game.outcome().is_some();
            if end_by_the_bars(game).is_some() && !over {
                mismatched += 1;
            }
            if table.options() != Options::V4 {
                return;
            }
            let chances = game.chances();
            if chances.worlds() == 0 {
                return;
            }
            let bar = |role: Ratio| -> SeatSet {
                game.seats()
                    .filter(|&seat| chances.chance(seat, Role::Werewolf) == Some(role))
                    .collect()
            };
            assert_eq!(game.certain_werewolves(), bar(Ratio::ONE), "{game:?}");
            assert_eq!(game.no_werewolf(), bar(Ratio::ZERO), "{game:?}");
            match game.outcome() {
                Some(o) if o.end == End::VillageWins => assert_eq!(o.winners, bar(Ratio::ZERO)),
                Some(o) if matches!(o.end, End::WerewolvesWin | End::AllDead) => {
                    assert_eq!(o.winners, bar(Ratio::ONE));
                }
                _ => {}
            }
            if let Some(outcome) = game.outcome()
                && matches!(outcome.end, End::VillageWins | End::WerewolvesWin)
            {
                assert_eq!(end_by_the_bars(game), Some(outcome.end), "{game:?}");
            }
        });
    }
    (mismatched, states)
}

#[test]
fn under_version_4_every_player_the_page_calls_certain_is_certain_to_the_rules() {
    let (mismatched, states) = states_ending_by_the_bars_alone(V4);
    assert!(states > 3_000, "{states}");
    assert_eq!(
        mismatched, 0,
        "states where the bars say an end the rules have not declared"
    );
    // Version 3's card-based ends fail the same check: the property can tell.
    let (v3, v3_states) = states_ending_by_the_bars_alone(Table::VERSION_3);
    println!("Version 4: {mismatched} of {states} states; Version 3: {v3} of {v3_states}");
    assert!(v3 > 0, "Version 3 never showed an end before the rules declared it");
}

/// The role each legal draw of the pending dead player's card shows, with its probability under `weights`.
fn draw_odds(game: &WerewolfState, weights: &[(u8, u64)]) -> [f64; 3] {
    let Some(Pending::Draw { player, .. }) = game.pending() else {
        panic!("no draw pending");
    };
    let total: u64 = weights.iter().map(|&(_, w)| w).sum();
    let mut odds = [0.0; 3];
    for &(index, weight) in weights {
        let role = game
            .hand(player)
            .card(index)
            .unwrap_or_else(|| panic!("index {index} out of the hand"));
        odds[role.index()] += weight as f64 / total as f64;
    }
    odds
}

/// How often each role comes up in `n` draws by `draw`.
fn frequencies(game: &WerewolfState, n: u32, mut draw: impl FnMut() -> WerewolfEvent) -> [f64; 3] {
    let Some(Pending::Draw { player, .. }) = game.pending() else {
        panic!("no draw pending");
    };
    let mut counts = [0u32; 3];
    for _ in 0..n {
        let WerewolfEvent::Draw { index, .. } = draw() else {
            panic!("not a draw");
        };
        let role = game
            .hand(player)
            .card(index)
            .unwrap_or_else(|| panic!("index {index} out of the hand"));
        counts[role.index()] += 1;
    }
    counts.map(|c| f64::from(c) / f64::from(n))
}

/// Draws per state.
const DRAWS: u32 = 2_000;

/// Whether `seen` matches the shown chances within the binomial bound: 4.5 standard deviations of a share of
/// [`DRAWS`] draws (a true draw strays that far about once in 150,000 checks), at least 1 point.
fn within_sampling_error(shown: [f64; 3], seen: [f64; 3]) -> bool {
    shown.iter().zip(seen).all(|(&p, f)| {
        let tolerance = (4.5 * (p * (1.0 - p) / f64::from(DRAWS)).sqrt()).max(0.01);
        (f - p).abs() <= tolerance
    })
}

#[test]
fn the_chance_shown_is_the_chance_of_the_draw_and_a_card_draw_fails_the_check() {
    let mut rng = SplitMix64::new(42);
    // States whose card shares differ from the chances by more than 15 points in some role: there a card draw
    // lands far outside the bound, so the same check must reject it.
    let mut states: Vec<WerewolfState> = Vec::new();
    for _ in 0..2_000 {
        if states.len() == 6 {
            break;
        }
        each_state(V4, &mut rng, |game| {
            if states.len() < 6 && game.pending().is_some_and(|p| matches!(p, Pending::Draw { .. })) {
                let shown = draw_odds(game, &game.draw_weights());
                let cards: Vec<(u8, u64)> = game.draw_weights().iter().map(|&(i, _)| (i, 1)).collect();
                let by_card = draw_odds(game, &cards);
                if shown.iter().zip(by_card).any(|(p, q)| (p - q).abs() > 0.15) {
                    states.push(game.clone());
                }
            }
        });
    }
    assert_eq!(states.len(), 6, "too few states where the two draws differ");
    for game in &states {
        let Some(Pending::Draw { player, .. }) = game.pending() else {
            panic!("no draw pending");
        };
        let chances = game.chances();
        let shown = Role::ALL.map(|role| {
            let chance = chances.chance(player, role).unwrap_or(Ratio::ZERO);
            chance.numerator() as f64 / chance.denominator() as f64
        });
        // The weights are the chances shown, exactly as shares.
        let odds = draw_odds(game, &game.draw_weights());
        assert!(
            shown.iter().zip(odds).all(|(p, q)| (p - q).abs() < 1e-12),
            "{shown:?} {odds:?}"
        );
        let seen = frequencies(game, DRAWS, || {
            game.draw_event(&mut rng).unwrap_or_else(|| panic!("no draw"))
        });
        assert!(within_sampling_error(shown, seen), "shown {shown:?}, drawn {seen:?}");
        // Version 3's draw — a uniform card among those legal — against the same bars.
        let legal: Vec<WerewolfEvent> = legal_events(game).into_iter().collect();
        let by_card = frequencies(game, DRAWS, || legal[rng.below(legal.len())].clone());
        println!("shown {shown:.3?}, deal draw {seen:.3?}, card draw {by_card:.3?}");
        assert!(
            !within_sampling_error(shown, by_card),
            "a card draw passed: shown {shown:?}, drawn {by_card:?}"
        );
    }
}
