//! Times the werewolf chances (`WerewolfState::chances`) on tables of 16: `cargo bench -p marubatsu-engine --bench
//! chances`.
//!
//! The states are those of fixed pseudo-random games (SplitMix64, fixed seed, uniform legal events), so every run
//! counts the same worlds; the time is per state, with the most worlds any state had. Pass a number to change the
//! iterations (`-- 21`).

use std::hint::black_box;

use marubatsu_engine::random::{RandomSource, SplitMix64};
use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{Options, Table, Werewolf, WerewolfState, legal_events};

fn main() {
    let iterations = marubatsu_bench::iterations(11);
    println!("{iterations} iterations; time per state");
    for (w, s, v) in [(3, 2, 11), (5, 3, 8), (8, 4, 4)] {
        let Ok(table) = Table::new(w, s, v) else {
            panic!("{w}/{s}/{v} is a table");
        };
        for options in [Options::V2, Options::V3] {
            let states = states(table.with_options(options), 20);
            let most = states.iter().map(|g| g.chances().worlds()).max().unwrap_or(0);
            let batch = marubatsu_bench::measure(iterations, || {
                for game in &states {
                    black_box(black_box(game).chances());
                }
            });
            let per = states.len() as u32;
            println!(
                "16 players {w}W {s}S {v}V, {:<10} {:>5} states, most {most:>7} worlds: median {:>10.3?}   min {:>10.3?}",
                if options == Options::V2 { "v2" } else { "v3" },
                states.len(),
                batch.median / per,
                batch.fastest / per,
            );
        }
    }
}

/// Every state of `games` random games at `table`.
fn states(table: Table, games: usize) -> Vec<WerewolfState> {
    let mut rng = SplitMix64::new(0xC4A9);
    let mut states = Vec::new();
    for _ in 0..games {
        let mut game = WerewolfState::new(table).without_log();
        while !game.is_over() {
            states.push(game.clone());
            let events = legal_events(&game);
            let Some(event) = events.get(rng.below_u64(events.len())) else {
                break;
            };
            if Werewolf::step(&mut game, &event).is_err() {
                break;
            }
        }
    }
    states
}
