//! Where a table's contradictions come from: plays games under one policy and, for each game that ends in a
//! contradiction (R11), names the decision that made it and whether another answer to it would have kept a
//! world. `cargo run -p marubatsu-sim --example contradiction_sources -- [RULES] [POLICY] [GAMES]`, at 8
//! players (2W 1S 5V) with chits 1/1/3, on seed 7; by default Version 2's rules, partisan play, 1,000 games.

use std::collections::BTreeMap;

use marubatsu_engine::random::SplitMix64;
use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{End, Options, Paradox, Table, Werewolf, WerewolfEvent, WerewolfState, legal_events};
use marubatsu_sim::Policy;

fn main() {
    let args = marubatsu_bench::words();
    let rules = args
        .first()
        .and_then(|name| Options::from_name(name))
        .unwrap_or(Options::V2);
    let policy: Policy = args
        .get(1)
        .and_then(|name| name.parse().ok())
        .unwrap_or(Policy::Partisan);
    let games: u32 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1_000);
    let Ok(table) = Table::new(2, 1, 5) else { return };
    let table = table.with_chits(1, 1, 3).with_options(rules);
    let mut rng = SplitMix64::new(7);
    let mut ends: BTreeMap<String, u32> = BTreeMap::new();
    for _ in 0..games {
        let mut game = WerewolfState::new(table).without_log();
        let sides = policy.sides(&game, &mut rng);
        let mut cause = String::new();
        while let Some(event) = policy.choose_for(&game, &sides, &mut rng) {
            let before = game.clone();
            if Werewolf::step(&mut game, &event).is_err() {
                break;
            }
            if contradicted(&game) {
                cause = format!("contradiction on {}, {}", kind(&event), avoidable(&before, &event));
            }
        }
        let end = match game.outcome().map(|o| o.end) {
            Some(_) if !cause.is_empty() => cause,
            Some(end) => end.key().to_owned(),
            None => "unfinished".to_owned(),
        };
        *ends.entry(end).or_default() += 1;
    }
    println!("{games} games at {table}, chits 1/1/3, rules {rules}, {policy}");
    for (end, count) in ends {
        println!("{end:60} {:5.1}%", 100.0 * f64::from(count) / f64::from(games));
    }
}

fn contradicted(game: &WerewolfState) -> bool {
    matches!(
        game.outcome().map(|o| o.end),
        Some(End::Paradox(Paradox::Contradiction | Paradox::NoRoleLeft { .. }))
    )
}

/// Whether another answer to the decision `event` answered would have kept a world.
fn avoidable(before: &WerewolfState, event: &WerewolfEvent) -> &'static str {
    let kept = legal_events(before).iter().take(5_000).any(|other| {
        let mut game = before.clone();
        &other != event && Werewolf::step(&mut game, &other).is_ok() && !contradicted(&game)
    });
    if kept {
        "another answer kept a world"
    } else {
        "no answer kept one"
    }
}

fn kind(event: &WerewolfEvent) -> &'static str {
    match event {
        WerewolfEvent::StartPlayer { .. } => "a tie-break",
        WerewolfEvent::Verdict { .. } => "a mark",
        WerewolfEvent::Attack { .. } => "an attack",
        WerewolfEvent::Transfer { .. } => "a hand-over",
        WerewolfEvent::Draw { .. } => "a draw at a death",
        WerewolfEvent::Vote { .. } => "a vote",
    }
}
