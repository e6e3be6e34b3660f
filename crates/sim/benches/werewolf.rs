//! Times the werewolf simulator: `cargo bench -p marubatsu-sim --bench werewolf`.
//!
//! No benchmark framework: each policy plays a batch of default-table games on one thread, a few times, and
//! the median and best rates are printed in games per second. Pass a number to change the batch (`-- 50000`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use marubatsu_engine::werewolf::Table;
use marubatsu_sim::{Policy, simulate};

fn main() {
    // cargo passes `--bench`; the first argument that parses as a number sets the batch size.
    let games = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse::<u64>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(20_000);
    println!("{games} games per run, default table (8 players, 2W 1S 5V), one thread");
    for policy in Policy::ALL {
        // The partisan players look one event ahead: give them a smaller batch.
        let batch = if policy == Policy::Random {
            games
        } else {
            (games / 10).max(1)
        };
        time(policy, batch, 5);
    }
}

fn time(policy: Policy, games: u64, runs: usize) {
    // One untimed run so first-touch costs do not land on a measurement.
    black_box(simulate(Table::DEFAULT, policy, games.min(1_000), 0));
    let mut samples: Vec<Duration> = (0..runs)
        .map(|run| {
            let start = Instant::now();
            black_box(simulate(Table::DEFAULT, policy, games, run as u64 + 1));
            start.elapsed()
        })
        .collect();
    samples.sort();
    let rate = |d: Duration| games as f64 / d.as_secs_f64();
    println!(
        "{:<17} median {:>10.0} games/s   best {:>10.0} games/s   ({} games in {:.3?})",
        policy.name(),
        rate(samples[runs / 2]),
        rate(samples[0]),
        games,
        samples[runs / 2]
    );
}
