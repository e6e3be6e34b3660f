//! The balance workbench: many tables — player counts, compositions, chit counts and the two readings the book
//! leaves open — each played under some policies on every core, ranked by how fair they are.
//!
//! A table is *fair* here when few games end in a paradox and the decided games split evenly: the target is a
//! paradox rate of at most 20% and a village share of the decided games within 45–55%. Tables are ranked by
//! their distance from that target ([`Balance::distance`]).

use core::ops::RangeInclusive;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use marubatsu_engine::werewolf::{AttackDeath, DeathDraw, Options, Table};
use serde::Serialize;

use super::policy::Policy;
use super::simulate::{Rate, Report, Tally};

/// The most paradoxes a fair table has, as a share of all games.
pub const TARGET_PARADOX: f64 = 0.20;
/// How far from 50% the village's share of the decided games of a fair table may be.
pub const TARGET_SPREAD: f64 = 0.05;

/// Chit counts per player tried by [`sweep_tables`], as (black, white, attacks): the book's, and fewer verdicts
/// or attacks (every verdict is a chance to contradict the world, every attack a step towards a death).
pub const CHIT_COUNTS: [(u8, u8, u8); 4] = [(2, 3, 3), (1, 2, 3), (1, 1, 3), (1, 1, 2)];

/// The tables a sweep tries for `players` from `players`: every composition with 1–3 werewolves, 1–2 seers (no
/// more seers than werewolves), werewolves at most a third of the table and at least two villagers; each with
/// every chit count of [`CHIT_COUNTS`] and both readings of R5 and of R8. In a stable order: players, then
/// composition, chits and readings.
///
/// ```
/// use marubatsu_sim::sweep_tables;
///
/// let tables = sweep_tables(8..=8);
/// // 1W 1S 6V, 2W 1S 5V and 2W 2S 4V, each with 4 chit counts and 4 readings.
/// assert_eq!(tables.len(), 3 * 4 * 4);
/// assert!(tables.iter().all(|t| t.players() == 8));
/// ```
pub fn sweep_tables(players: RangeInclusive<u8>) -> Vec<Table> {
    let mut tables = Vec::new();
    for n in players {
        for werewolves in 1..=3u8 {
            for seers in 1..=2u8.min(werewolves) {
                let Some(villagers) = n.checked_sub(werewolves + seers) else {
                    continue;
                };
                if villagers < 2 || 3 * werewolves > n {
                    continue;
                }
                let Ok(table) = Table::new(werewolves, seers, villagers) else {
                    continue;
                };
                for (black, white, attacks) in CHIT_COUNTS {
                    for attack_death in AttackDeath::ALL {
                        for death_draw in DeathDraw::ALL {
                            tables.push(
                                table
                                    .with_chits(black, white, attacks)
                                    .with_readings(attack_death, death_draw),
                            );
                        }
                    }
                }
            }
        }
    }
    tables
}

/// A table's balance under one policy.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    /// Games that ended in a paradox, of all games.
    pub paradox: Rate,
    /// Games the village won, of the decided games (village or werewolves), with its 95% interval.
    pub village_of_decided: Rate,
    /// Distance from the target: how far the village's share of the decided games lies outside 45–55%, plus
    /// how far the paradox rate lies above 20% (0 for a table on target). Ties are rare; smaller is fairer.
    pub distance: f64,
    /// Whether the table meets the target.
    pub on_target: bool,
}

impl Balance {
    /// The balance of `report`.
    ///
    /// ```
    /// use marubatsu_engine::werewolf::Table;
    /// use marubatsu_sim::{simulate, Balance, Policy};
    ///
    /// let balance = Balance::of(&simulate(Table::DEFAULT, Policy::Random, 100, 1));
    /// assert!(balance.distance >= 0.0);
    /// assert_eq!(balance.on_target, balance.distance == 0.0);
    /// ```
    pub fn of(report: &Report) -> Balance {
        let decided = report.village.count + report.werewolves.count;
        let village = Rate::of(report.village.count, decided);
        let paradox = report.paradox;
        // With no decided game the split is unknown: as far off as it gets.
        let share = if decided == 0 { 0.0 } else { village.share };
        let spread = ((share - 0.5).abs() - TARGET_SPREAD).max(0.0);
        let excess = (paradox.share - TARGET_PARADOX).max(0.0);
        let distance = spread + excess;
        Balance {
            paradox,
            village_of_decided: village,
            distance,
            on_target: distance == 0.0,
        }
    }
}

/// One table's results: a report per policy, and the balance under the first (the one ranked by).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SweepRow {
    /// The table, described as in [`describe_table`].
    pub table: String,
    /// Players.
    pub players: u8,
    /// The composition of every starting hand, W, S, V.
    pub composition: [u8; 3],
    /// Chits per player: black, white, attacks.
    pub chits: [u8; 3],
    /// R5's reading: `any-chits` or `two-wolves`.
    pub attack_death: &'static str,
    /// R8's reading: `after-transfers` or `before-transfers`.
    pub death_draw: &'static str,
    /// The balance under the ranked policy.
    pub balance: Balance,
    /// One report per policy, in the order asked.
    pub reports: Vec<Report>,
    /// The table itself.
    #[serde(skip)]
    pub spec: Table,
}

/// How far a sweep has come: reported after every batch of games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Games played so far, over every table and policy.
    pub done: u64,
    /// Games the sweep plays in all.
    pub total: u64,
    /// Time since the sweep started.
    pub elapsed: Duration,
}

impl Progress {
    /// The time left at the pace so far; `None` before the first batch.
    pub fn eta(&self) -> Option<Duration> {
        (self.done > 0).then(|| {
            let rate = self.elapsed.as_secs_f64() / self.done as f64;
            Duration::from_secs_f64(rate * (self.total - self.done) as f64)
        })
    }
}

/// Games per batch a thread takes at a time: small enough to share the last table's work between threads, large
/// enough that taking the next batch costs nothing.
const BATCH: u64 = 250;

/// Plays `games` games of every table under every policy on `threads` threads (at least one), calling
/// `progress` after each batch, and returns one row per table ranked fairest first under the first policy.
/// WerewolfState `i` of a table and policy draws from `SplitMix64::stream(seed, i)`, so the figures do not depend on
/// the number of threads.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::{sweep, Policy};
///
/// let tables = [Table::DEFAULT, Table::new(1, 1, 3).unwrap()];
/// let rows = sweep(&tables, &[Policy::Partisan, Policy::Random], 40, 1, 2, |_| {});
/// assert_eq!(rows.len(), 2);
/// assert!(rows[0].balance.distance <= rows[1].balance.distance);
/// assert_eq!(rows[0].reports[1].policy, "random");
/// ```
pub fn sweep(
    tables: &[Table],
    policies: &[Policy],
    games: u64,
    seed: u64,
    threads: usize,
    progress: impl Fn(Progress) + Sync,
) -> Vec<SweepRow> {
    let jobs: Vec<(usize, usize)> = (0..tables.len())
        .flat_map(|t| (0..policies.len()).map(move |p| (t, p)))
        .collect();
    let batches_per_job = games.div_ceil(BATCH);
    let total_batches = jobs.len() as u64 * batches_per_job;
    let tallies: Vec<Mutex<Tally>> = jobs.iter().map(|_| Mutex::new(Tally::default())).collect();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let batch = next.fetch_add(1, Ordering::Relaxed);
                    if batch >= total_batches {
                        break;
                    }
                    let job = (batch / batches_per_job) as usize;
                    let first = (batch % batches_per_job) * BATCH;
                    let range = first..(first + BATCH).min(games);
                    let played = range.end - range.start;
                    let (t, p) = jobs[job];
                    let mut tally = Tally::default();
                    tally.play(tables[t], policies[p], seed, range);
                    // A poisoned lock means another worker panicked; its panic ends the scope anyway.
                    if let Ok(mut total) = tallies[job].lock() {
                        total.merge(&tally);
                    }
                    let so_far = done.fetch_add(played, Ordering::Relaxed) + played;
                    progress(Progress {
                        done: so_far,
                        total: games * jobs.len() as u64,
                        elapsed: started.elapsed(),
                    });
                }
            });
        }
    });
    let mut rows: Vec<SweepRow> = tables
        .iter()
        .enumerate()
        .map(|(t, &table)| {
            let reports: Vec<Report> = policies
                .iter()
                .enumerate()
                .map(|(p, &policy)| {
                    let tally = tallies[t * policies.len() + p]
                        .lock()
                        .map(|tally| tally.clone())
                        .unwrap_or_default();
                    tally.report(policy, seed)
                })
                .collect();
            row(table, reports)
        })
        .collect();
    rows.sort_by(|a, b| a.balance.distance.total_cmp(&b.balance.distance));
    rows
}

fn row(table: Table, reports: Vec<Report>) -> SweepRow {
    let composition = table.starting_hand().counts();
    let balance = reports
        .first()
        .map(Balance::of)
        .unwrap_or_else(|| Balance::of(&Tally::default().report(Policy::Random, 0)));
    SweepRow {
        table: describe_table(&table),
        players: table.players(),
        composition,
        chits: [table.black(), table.white(), table.attacks()],
        attack_death: table.attack_death().name(),
        death_draw: table.death_draw().name(),
        balance,
        reports,
        spec: table,
    }
}

/// A table in one line: `8p 2W1S5V chits 2/3/3 any-chits after-transfers`, and its rules when they are not
/// Version 2's (`v3`, or every option by name).
///
/// ```
/// use marubatsu_engine::werewolf::{Options, Table};
///
/// assert_eq!(marubatsu_sim::describe_table(&Table::DEFAULT), "8p 2W1S5V chits 2/3/3 any-chits after-transfers");
/// let v3 = Table::DEFAULT.with_options(Options::V3);
/// assert_eq!(marubatsu_sim::describe_table(&v3), "8p 2W1S5V chits 2/3/3 any-chits after-transfers v3");
/// let third = Table::DEFAULT.with_options(Options::from_name("v2+third").unwrap());
/// assert!(marubatsu_sim::describe_table(&third).ends_with("after-resolution+paradox+every-seer-card+third"));
/// ```
pub fn describe_table(table: &Table) -> String {
    let [w, s, v] = table.starting_hand().counts();
    let mut text = format!(
        "{}p {w}W{s}S{v}V chits {}/{}/{} {} {}",
        table.players(),
        table.black(),
        table.white(),
        table.attacks(),
        table.attack_death().name(),
        table.death_draw().name()
    );
    // Version 2's rules go unsaid, as before the options existed; Version 3's are `v3`, 4's `v4`; others are named
    // in full.
    let options = table.options();
    if options == Options::V3 {
        text.push_str(" v3");
    } else if options == Options::V4 {
        text.push_str(" v4");
    } else if options != Options::V2 {
        text.push_str(&format!(" {options}"));
    }
    text
}

/// The fairest row for each player count, in player order.
pub fn best_per_players(rows: &[SweepRow]) -> Vec<&SweepRow> {
    let mut best: Vec<&SweepRow> = Vec::new();
    for row in rows {
        match best.iter_mut().find(|b| b.players == row.players) {
            Some(b) if row.balance.distance < b.balance.distance => *b = row,
            Some(_) => {}
            None => best.push(row),
        }
    }
    best.sort_by_key(|row| row.players);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_covers_five_to_twelve_players_with_every_chit_count_and_reading() {
        let tables = sweep_tables(5..=12);
        for n in 5..=12 {
            assert!(tables.iter().any(|t| t.players() == n), "{n} players");
        }
        for table in &tables {
            assert!(3 * table.starting_hand().counts()[0] <= table.players());
        }
        let distinct: std::collections::HashSet<Table> = tables.iter().copied().collect();
        assert_eq!(distinct.len(), tables.len());
        assert!(tables.len() >= 100, "{}", tables.len());
    }

    #[test]
    fn figures_do_not_depend_on_the_number_of_threads() {
        let tables = sweep_tables(5..=5);
        let one = sweep(&tables[..3], &[Policy::Random], 300, 2, 1, |_| {});
        let three = sweep(&tables[..3], &[Policy::Random], 300, 2, 3, |_| {});
        assert_eq!(one, three);
    }

    #[test]
    fn progress_counts_every_game_once() {
        let last = Mutex::new(None);
        sweep(&[Table::DEFAULT], &[Policy::Random], 600, 1, 2, |p| {
            if let Ok(mut last) = last.lock() {
                *last = Some(last.map_or(p.done, |d: u64| d.max(p.done)));
            }
            assert!(p.done <= p.total && p.total == 600);
        });
        assert_eq!(last.lock().ok().and_then(|l| *l), Some(600));
    }

    #[test]
    fn balance_is_zero_distance_on_target_and_grows_off_it() {
        let report = |village, werewolves, paradox| {
            let mut report = crate::werewolf::simulate(Table::DEFAULT, Policy::Random, 0, 0);
            let games = village + werewolves + paradox;
            report.games = games;
            report.village = Rate::of(village, games);
            report.werewolves = Rate::of(werewolves, games);
            report.paradox = Rate::of(paradox, games);
            report
        };
        assert!(Balance::of(&report(45, 45, 10)).on_target);
        assert!(Balance::of(&report(54, 46, 20)).on_target);
        let off = Balance::of(&report(60, 40, 0));
        assert!((off.distance - 0.05).abs() < 1e-9, "{off:?}");
        let paradoxical = Balance::of(&report(35, 35, 30));
        assert!((paradoxical.distance - 0.10).abs() < 1e-9);
        assert!(!Balance::of(&report(0, 0, 10)).on_target);
    }
}
