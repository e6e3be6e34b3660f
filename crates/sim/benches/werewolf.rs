//! Times the werewolf simulator: `cargo bench -p marubatsu-sim --bench werewolf`.
//!
//! No benchmark framework. Without arguments each policy plays a batch of default-table games on one thread, a
//! few times, and the median and best rates are printed in games per second; a number changes the batch
//! (`-- 50000`). With `sweep` it times one workbench sweep on every core instead, as `marubatsu simulate
//! werewolf --sweep` runs it (partisan, then random for reference): `-- sweep [PLAYERS] [GAMES]`, by default
//! 8 to 9 players (128 tables) and 10,000 games per table and policy. With `workbench` it times the
//! workbench's screening stage as `marubatsu simulate werewolf --workbench` runs it (every candidate under one
//! pairing): `-- workbench [GAMES] [PAIRING]`, by default 1,000 games under strong-vs-rollout.

use std::time::{Duration, Instant};

use marubatsu_engine::werewolf::Table;
use marubatsu_sim::werewolf::workbench_tables;
use marubatsu_sim::{Policy, simulate, sweep, sweep_tables};

fn main() {
    let args = marubatsu_bench::words();
    if args.first().map(String::as_str) == Some("workbench") {
        let games = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(1_000);
        let pairing = args
            .get(2)
            .and_then(|p| p.parse().ok())
            .unwrap_or(Policy::StrongVsRollout);
        time_workbench(games, pairing);
        return;
    }
    if args.first().map(String::as_str) == Some("sweep") {
        let (low, high) = args
            .get(1)
            .and_then(|p| p.split_once('-'))
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .unwrap_or((8, 9));
        let games = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(10_000);
        time_sweep(low..=high, games);
        return;
    }
    let games = args
        .iter()
        .find_map(|arg| arg.parse::<u64>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(20_000);
    println!("{games} games per run, default table (8 players, 2W 1S 5V), one thread");
    for policy in Policy::ALL {
        // The partisan players look one event ahead, the searching werewolves play continuations: give them
        // smaller batches.
        let (_, wolves) = policy.brains();
        let batch = match (policy, wolves) {
            (Policy::Random, _) => games,
            (_, marubatsu_sim::werewolf::Brain::Rollout) => (games / 100).max(1),
            _ => (games / 10).max(1),
        };
        time(policy, batch, 5);
    }
}

fn time_sweep(players: std::ops::RangeInclusive<u8>, games: u64) {
    let tables = sweep_tables(players.clone());
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let policies = [Policy::Partisan, Policy::Random];
    println!(
        "sweep: {} tables ({}–{} players) × {} policies × {games} games on {threads} thread(s)",
        tables.len(),
        players.start(),
        players.end(),
        policies.len()
    );
    let start = Instant::now();
    let rows = sweep(&tables, &policies, games, 1, threads, |_| {});
    let elapsed = start.elapsed();
    let total = tables.len() as u64 * policies.len() as u64 * games;
    println!(
        "{} games in {:.1?} ({:.0} games/s); fairest: {}",
        total,
        elapsed,
        total as f64 / elapsed.as_secs_f64(),
        rows.first().map_or("none", |r| r.table.as_str())
    );
}

fn time_workbench(games: u64, pairing: Policy) {
    let tables = workbench_tables();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    println!(
        "workbench screen: {} candidates × {games} games under {pairing} on {threads} thread(s)",
        tables.len()
    );
    let start = Instant::now();
    let rows = sweep(&tables, &[pairing], games, 1, threads, |_| {});
    let elapsed = start.elapsed();
    let total = tables.len() as u64 * games;
    println!(
        "{} games in {:.1?} ({:.0} games/s); fairest: {}",
        total,
        elapsed,
        total as f64 / elapsed.as_secs_f64(),
        rows.first().map_or("none", |r| r.table.as_str())
    );
}

fn time(policy: Policy, games: u64, runs: usize) {
    let timing = marubatsu_bench::measure(runs, {
        let mut run = 0;
        move || {
            run += 1;
            simulate(Table::DEFAULT, policy, games, run)
        }
    });
    let rate = |d: Duration| games as f64 / d.as_secs_f64();
    println!(
        "{:<17} median {:>10.0} games/s   best {:>10.0} games/s   ({} games in {:.3?})",
        policy.name(),
        rate(timing.median),
        rate(timing.fastest),
        games,
        timing.median
    );
}
