use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use eyre::{WrapErr, eyre};
use marubatsu_engine::werewolf::{AttackDeath, DeathDraw, MAX_PLAYERS, Options, Side, Table};
use marubatsu_sim::{
    Policy, Rate, Report, SweepRow, TARGET_PARADOX, TARGET_SPREAD, balance_chart, best_per_players, recommended_source,
    sweep, sweep_chart, sweep_tables,
};
use serde::Serialize;

use crate::{
    output::print_json,
    progress::{SweepMeter, minutes},
};

/// The spelling before `werewolf simulate`: `simulate werewolf`, kept (hidden) for one version.
#[derive(Debug, Args)]
pub(crate) struct SimulateArgs {
    #[command(subcommand)]
    game: SimulateGame,
}

#[derive(Debug, Subcommand)]
enum SimulateGame {
    /// Quantum werewolf: `marubatsu werewolf simulate` (or `werewolf workbench` with --workbench).
    Werewolf(WerewolfArgs),
}

/// Quantum werewolf without a game master at a simulated table: how often the village, the werewolves or a
/// paradox wins, by policy, with 95% intervals — or (with --sweep) at many tables, ranked by balance.
///
/// Policies: `random` (every choice uniform among the legal ones), `partisan` (everyone plays for the side its
/// cards put it on, one event ahead), `village-partisan` and `wolf-partisan` (only that side plays partisan,
/// the other at random), `committed` (everyone partisan for a side chosen at the start, as many werewolves as the
/// composition has), `hiding-wolf` and `rollout-wolf` (committed sides; the werewolves hide, or search by
/// rollouts), `strong-village`, `strong-vs-hiding` and `strong-vs-rollout` (the strong village against partisan,
/// hiding or searching werewolves). Tie-break winners and death draws are always uniform.
#[derive(Debug, Args)]
pub(crate) struct WerewolfArgs {
    /// Games per policy (per table and policy with --sweep).
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Seed: game i of every policy draws its randomness from the SplitMix64 stream (seed, i), so the same
    /// seed gives the same figures.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A policy to simulate; repeat for several. Default: random, partisan, village-partisan, wolf-partisan,
    /// committed; with --sweep, partisan (ranked by) and random (for reference); with --workbench,
    /// strong-village, strong-vs-hiding and strong-vs-rollout.
    #[arg(long = "policy", value_name = "NAME")]
    policies: Vec<Policy>,
    /// The composition of every starting hand, as werewolves,seers,villagers; the table seats their sum.
    #[arg(long, value_name = "W,S,V", default_value = "2,1,5", value_parser = table)]
    table: Table,
    /// Chits per player, as black,white,attacks.
    #[arg(long, value_name = "B,W,A", default_value = "2,3,3", value_parser = chits)]
    chits: [u8; 3],
    /// Whose attack chits kill (R5): `any-chits` (two chits of fixed werewolves, the spec's reading) or
    /// `two-wolves` (chits of two different fixed werewolves).
    #[arg(long, value_name = "READING", default_value = "any-chits", value_parser = parse_attack_death)]
    attack_death: AttackDeath,
    /// When the dead draw their card (R8): `after-transfers` (the spec's reading) or `before-transfers`.
    #[arg(long, value_name = "READING", default_value = "after-transfers", value_parser = parse_death_draw)]
    death_draw: DeathDraw,
    /// The rules: `v2`, `v3`, `v4`, or Version 3's three choices by name, each optionally followed by
    /// `refuse-contradictions` and werewolf powers (`v2+refuse-contradictions+starter-kills+third+no-first-vote`).
    #[arg(long, value_name = "NAME", default_value = "v2", value_parser = parse_rules)]
    rules: Options,
    /// Run the workbench instead: screen a focused set of tables and rules (8–10 players, Version 3's choices,
    /// the werewolves' powers on and off) at --games games under each pairing (--policy; default the strong
    /// village against each werewolf brain), judge each table under the pairing its werewolves did best in,
    /// then confirm the best --keep and Version 2's book table under it at --confirm-games games on the next
    /// seed, ranked by the far end of their 95% intervals.
    #[arg(long, conflicts_with = "sweep")]
    workbench: bool,
    /// With --workbench: rank the first-table candidates (8–10 players, Versions 3 and 4, the werewolves' powers)
    /// under the three pairings — strong against strong, a naive village against strong werewolves, random
    /// against random — and print each candidate's row under all three with 95% intervals, the chosen default
    /// last (--policy is ignored).
    #[arg(long)]
    panel: bool,
    /// With --workbench: games per finalist when confirming.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    confirm_games: u64,
    /// With --workbench: how many screened tables to confirm.
    #[arg(long, value_name = "N", default_value_t = 3)]
    keep: usize,
    /// Play every table of the workbench grid instead of one: player counts (--players), compositions with
    /// 1–3 werewolves and 1–2 seers, four chit counts and both readings of R5 and R8; rank them by balance.
    #[arg(long)]
    sweep: bool,
    /// With --sweep: the player counts, as `8` or `5-12`.
    #[arg(long, value_name = "N or A-B", default_value = "5-12", value_parser = players)]
    players: RangeInclusive<u8>,
    /// Threads to play on (default: every core); the figures do not depend on it.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// With --sweep: how many of the ranked tables to print (the fairest first); the best of every player
    /// count is printed as well.
    #[arg(long, value_name = "N", default_value_t = 20)]
    top: usize,
    /// Write an SVG chart here: the win rates by policy, or with --sweep (--workbench) every (screened) table's
    /// paradox rate against the village's share of the decided games. No chart is written without it.
    #[arg(long, value_name = "PATH")]
    chart: Option<PathBuf>,
    /// With --sweep or --workbench: also write the best table of every player count whose werewolves won a
    /// game as the Rust source of the engine's recommended tables (`crates/engine/src/werewolf/recommended_data.rs`, which this command made).
    #[arg(long, value_name = "PATH")]
    recommended_rs: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_attack_death(name: &str) -> Result<AttackDeath, String> {
    AttackDeath::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .ok_or_else(|| format!("expected any-chits or two-wolves, not `{name}`"))
}

fn parse_rules(name: &str) -> Result<Options, String> {
    Options::from_name(name)
        .ok_or_else(|| format!("expected v2, v3, v4 or the options' names joined by + (like v3+third), not `{name}`"))
}

fn parse_death_draw(name: &str) -> Result<DeathDraw, String> {
    DeathDraw::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .ok_or_else(|| format!("expected after-transfers or before-transfers, not `{name}`"))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'a> {
    players: u8,
    werewolves: u8,
    seers: u8,
    villagers: u8,
    chits: [u8; 3],
    attack_death: &'static str,
    death_draw: &'static str,
    rules: String,
    games_per_policy: u64,
    seed: u64,
    chart: Option<String>,
    policies: &'a [Report],
}

impl SimulateArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.game {
            SimulateGame::Werewolf(args) => args.run_chosen(),
        }
    }
}

impl WerewolfArgs {
    /// `werewolf workbench` is this with the workbench asked for.
    pub(crate) fn into_workbench(self) -> Self {
        Self {
            workbench: true,
            ..self
        }
    }

    /// The run the flags ask for: the sweep, the workbench, or one table.
    pub(crate) fn run_chosen(self) -> eyre::Result<()> {
        if self.sweep {
            self.run_sweep()
        } else if self.workbench {
            self.run_workbench()
        } else {
            self.run()
        }
    }

    fn run_workbench(self) -> eyre::Result<()> {
        let threads = self.threads()?;
        if self.panel {
            return super::werewolf_panel::run(super::werewolf_panel::Run {
                screen_games: self.games,
                confirm_games: self.confirm_games,
                keep: self.keep,
                seed: self.seed,
                threads,
                json: self.json,
                recommended_rs: self.recommended_rs.as_deref(),
            });
        }
        let pairings = if self.policies.is_empty() {
            Policy::AGAINST_STRONG.to_vec()
        } else {
            self.policies.clone()
        };
        super::werewolf_workbench::run(super::werewolf_workbench::Run {
            pairings: &pairings,
            screen_games: self.games,
            confirm_games: self.confirm_games,
            keep: self.keep,
            seed: self.seed,
            threads,
            json: self.json,
            recommended_rs: self.recommended_rs.as_deref(),
            chart: self.chart.as_deref(),
        })
    }

    fn threads(&self) -> eyre::Result<usize> {
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
        if threads == 0 {
            return Err(eyre!("--threads must be at least 1"));
        }
        Ok(threads)
    }

    fn run(self) -> eyre::Result<()> {
        let [black, white, attacks] = self.chits;
        let table = self
            .table
            .with_chits(black, white, attacks)
            .with_readings(self.attack_death, self.death_draw)
            .with_options(self.rules);
        let policies = if self.policies.is_empty() {
            Policy::CLASSIC.to_vec()
        } else {
            self.policies.clone()
        };
        // The sweep's threads play the same games as `simulate` would one after another (game i draws from
        // the stream (seed, i) either way), so the figures do not depend on --threads.
        let threads = self.threads()?;
        let meter = SweepMeter::labelled("simulate", policies.len() as u64 * self.games);
        let reports: Vec<Report> = sweep(&[table], &policies, self.games, self.seed, threads, |p| meter.show(p))
            .into_iter()
            .next()
            .map(|row| row.reports)
            .unwrap_or_default();
        meter.finish();
        let title = format!(
            "Quantum werewolf, {}: {} games per policy, seed {}",
            describe(&table),
            self.games,
            self.seed
        );
        if let Some(chart) = &self.chart {
            std::fs::write(chart, balance_chart(&reports, &title))
                .wrap_err_with(|| format!("writing the chart to {}", chart.display()))?;
        }
        if self.json {
            let [werewolves, seers, villagers] = table.starting_hand().counts();
            return print_json(&JsonReport {
                players: table.players(),
                werewolves,
                seers,
                villagers,
                chits: [black, white, attacks],
                attack_death: table.attack_death().name(),
                death_draw: table.death_draw().name(),
                rules: table.options().name(),
                games_per_policy: self.games,
                seed: self.seed,
                chart: self.chart.as_ref().map(|c| c.display().to_string()),
                policies: &reports,
            });
        }
        print!("{}", render(&title, &reports));
        if let Some(chart) = &self.chart {
            println!("chart: {}", chart.display());
        }
        Ok(())
    }

    fn run_sweep(self) -> eyre::Result<()> {
        let players = self.players.clone();
        let policies = if self.policies.is_empty() {
            vec![Policy::Partisan, Policy::Random]
        } else {
            self.policies.clone()
        };
        let tables = sweep_tables(players.clone());
        let threads = self.threads()?;
        eprintln!(
            "sweep: {} tables × {} policies × {} games on {threads} thread(s)",
            tables.len(),
            policies.len(),
            self.games
        );
        let started = Instant::now();
        let meter = SweepMeter::new(tables.len() as u64 * policies.len() as u64 * self.games);
        let rows = sweep(&tables, &policies, self.games, self.seed, threads, |p| meter.show(p));
        meter.finish();
        let elapsed = started.elapsed();
        eprintln!("sweep: done in {}", minutes(elapsed));
        let title = format!(
            "Quantum werewolf sweep: {} tables, {}–{} players, {} games per table and policy, seed {}, ranked under {}",
            tables.len(),
            players.start(),
            players.end(),
            self.games,
            self.seed,
            policies[0]
        );
        if let Some(chart) = &self.chart {
            std::fs::write(chart, sweep_chart(&rows, &title))
                .wrap_err_with(|| format!("writing the chart to {}", chart.display()))?;
        }
        if let Some(path) = &self.recommended_rs {
            let mut command = vec!["marubatsu werewolf simulate --sweep".to_string()];
            command.push(match (self.players.start(), self.players.end()) {
                (low, high) if low == high => format!("--players {low}"),
                (low, high) => format!("--players {low}-{high}"),
            });
            command.push(format!("--games {}", self.games));
            command.push(format!("--seed {}", self.seed));
            command.extend(policies.iter().map(|p| format!("--policy {p}")));
            std::fs::write(path, recommended_source(&rows, &command.join(" ")))
                .wrap_err_with(|| format!("writing the recommended tables to {}", path.display()))?;
        }
        if self.json {
            return print_json(&JsonSweep {
                players: [*players.start(), *players.end()],
                tables: rows.len(),
                games_per_table: self.games,
                seed: self.seed,
                policies: policies.iter().map(|p| p.name()).collect(),
                target: Target {
                    paradox_at_most: TARGET_PARADOX,
                    village_of_decided: [0.5 - TARGET_SPREAD, 0.5 + TARGET_SPREAD],
                },
                chart: self.chart.as_ref().map(|c| c.display().to_string()),
                best_per_players: best_per_players(&rows).into_iter().cloned().collect(),
                ranked: &rows,
            });
        }
        print!("{}", render_sweep(&title, &rows, self.top));
        if let Some(chart) = &self.chart {
            println!("chart: {}", chart.display());
        }
        Ok(())
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonSweep<'a> {
    players: [u8; 2],
    tables: usize,
    games_per_table: u64,
    seed: u64,
    policies: Vec<&'static str>,
    target: Target,
    chart: Option<String>,
    best_per_players: Vec<SweepRow>,
    ranked: &'a [SweepRow],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Target {
    paradox_at_most: f64,
    village_of_decided: [f64; 2],
}

/// clap's parsers: the same readings, with the error as clap shows it (`invalid value … for '--table'`).
fn table(text: &str) -> Result<Table, String> {
    parse_table(text).map_err(|err| format!("{err:#}"))
}

fn chits(text: &str) -> Result<[u8; 3], String> {
    parse_counts(text, "2,3,3").map_err(|err| format!("{err:#}"))
}

fn players(text: &str) -> Result<RangeInclusive<u8>, String> {
    parse_players(text).map_err(|err| format!("{err:#}"))
}

/// `8` or `5-12` → the player counts, each 5 to 12 (the workbench's range) or at least within a table's limits.
fn parse_players(text: &str) -> eyre::Result<RangeInclusive<u8>> {
    let bound = |n: &str| -> eyre::Result<u8> {
        let n: u8 = n
            .trim()
            .parse()
            .map_err(|e| eyre!("expected a player count like 8 or a range like 5-12 ({e})"))?;
        if !(5..=MAX_PLAYERS as u8).contains(&n) {
            return Err(eyre!("the sweep seats 5 to {MAX_PLAYERS} players, not {n}"));
        }
        Ok(n)
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (bound(low)?, bound(high)?),
        None => {
            let n = bound(text)?;
            (n, n)
        }
    };
    if low > high {
        return Err(eyre!("the range {low}-{high} is empty"));
    }
    Ok(low..=high)
}

/// A table's composition, and its chits and readings when they are not the spec's.
fn describe(table: &Table) -> String {
    let mut text = table.to_string();
    let chits = (table.black(), table.white(), table.attacks());
    if chits != (2, 3, 3) {
        text.push_str(&format!(", chits {}/{}/{}", chits.0, chits.1, chits.2));
    }
    if table.attack_death() != AttackDeath::default() {
        text.push_str(&format!(", {}", table.attack_death()));
    }
    if table.death_draw() != DeathDraw::default() {
        text.push_str(&format!(", {}", table.death_draw()));
    }
    if table.options() != Options::V2 {
        text.push_str(&format!(", rules {}", table.options()));
    }
    text
}

/// `W,S,V` → a table.
fn parse_table(text: &str) -> eyre::Result<Table> {
    let [w, s, v] = parse_counts(text, "2,1,5")?;
    Ok(Table::new(w, s, v)?)
}

/// Three comma-separated counts, like `example`.
fn parse_counts(text: &str, example: &str) -> eyre::Result<[u8; 3]> {
    let counts: Vec<u8> = text
        .split(',')
        .map(|n| n.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|e| eyre!("expected three counts like {example} ({e})"))?;
    let [a, b, c] = counts[..] else {
        return Err(eyre!("expected three counts like {example}, got {}", counts.len()));
    };
    Ok([a, b, c])
}

/// The text report: rates with intervals, rounds and events per policy, then how games ended.
fn render(title: &str, reports: &[Report]) -> String {
    let mut out = format!("{title}\n\n");
    out.push_str(&format!(
        "{:<17} {:<21} {:<21} {:<21} {:>6} {:>7}\n",
        "policy", "village", "werewolves", "paradox", "rounds", "events"
    ));
    for report in reports {
        out.push_str(&format!("{:<17}", report.policy));
        for side in Side::ALL {
            let rate = report.rate(side);
            out.push_str(&format!(
                " {:<21}",
                format!(
                    "{:5.1}% ({:.1}–{:.1})",
                    100.0 * rate.share,
                    100.0 * rate.low,
                    100.0 * rate.high
                )
            ));
        }
        out.push_str(&format!(" {:>6.2} {:>7.1}\n", report.mean_rounds, report.mean_events));
    }
    out.push_str("\nhow games ended (share of games; 95% intervals in --json)\n");
    out.push_str(&format!("{:<17}", "policy"));
    if let Some(first) = reports.first() {
        for end in &first.ends {
            out.push_str(&format!(" {:>16}", end.end));
        }
    }
    out.push('\n');
    for report in reports {
        out.push_str(&format!("{:<17}", report.policy));
        for end in &report.ends {
            out.push_str(&format!(" {:>15.1}%", 100.0 * end.rate.share));
        }
        out.push('\n');
    }
    out.push_str("\nplayers by their own payoff (a paradox is a win for whoever is not fixed)\n");
    out.push_str(&format!(
        "{:<17} {:>15} {:>15} {:>17} {:>9} {:>15}\n",
        "policy", "village won", "wolves won", "paradox winners", "decisions", "seat wins"
    ));
    for report in reports {
        let (low, high) = report
            .seat_wins
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), r| (l.min(r.share), h.max(r.share)));
        out.push_str(&format!(
            "{:<17} {:>14.1}% {:>14.1}% {:>8.2} / {:<6.2} {:>9.1} {:>6.1}–{:.1}%\n",
            report.policy,
            100.0 * report.village_players_won.share,
            100.0 * report.wolf_players_won.share,
            report.paradox_winners[0],
            report.paradox_winners[1],
            report.mean_decisions,
            100.0 * low,
            100.0 * high
        ));
    }
    out.push('\n');
    out
}

/// The sweep's text report: the fairest tables, then the best of every player count.
fn render_sweep(title: &str, rows: &[SweepRow], top: usize) -> String {
    let mut out = format!("{title}\n\n");
    let header = |out: &mut String| {
        out.push_str(&format!(
            "{:>4}  {:<46} {:<20} {:<20} {:>7} {:>7} {:>6}",
            "rank", "table", "paradox", "village of decided", "village", "wolves", "rounds"
        ));
        if rows.first().is_some_and(|r| r.reports.len() > 1) {
            out.push_str("   (reference policies: paradox / village / wolves)");
        }
        out.push('\n');
    };
    let line = |out: &mut String, rank: usize, row: &SweepRow| {
        let b = row.balance;
        let first = &row.reports[0];
        let pct = |r: Rate| format!("{:5.1}% ({:.1}–{:.1})", 100.0 * r.share, 100.0 * r.low, 100.0 * r.high);
        out.push_str(&format!(
            "{:>4}{} {:<46} {:<20} {:<20} {:>6.1}% {:>6.1}% {:>6.2}",
            rank,
            if b.on_target { "*" } else { " " },
            row.table,
            pct(b.paradox),
            pct(b.village_of_decided),
            100.0 * first.village.share,
            100.0 * first.werewolves.share,
            first.mean_rounds
        ));
        for report in &row.reports[1..] {
            out.push_str(&format!(
                "   {}: {:.1} / {:.1} / {:.1}%",
                report.policy,
                100.0 * report.paradox.share,
                100.0 * report.village.share,
                100.0 * report.werewolves.share
            ));
        }
        out.push('\n');
    };
    header(&mut out);
    for (i, row) in rows.iter().take(top).enumerate() {
        line(&mut out, i + 1, row);
    }
    let on_target = rows.iter().filter(|r| r.balance.on_target).count();
    out.push_str(&format!(
        "\n* on target (paradox ≤ {:.0}%, village {:.0}–{:.0}% of decided games): {on_target} of {} tables\n",
        100.0 * TARGET_PARADOX,
        100.0 * (0.5 - TARGET_SPREAD),
        100.0 * (0.5 + TARGET_SPREAD),
        rows.len()
    ));
    out.push_str("\nbest table per player count\n");
    header(&mut out);
    for best in best_per_players(rows) {
        let rank = rows.iter().position(|r| core::ptr::eq(r, best)).unwrap_or(0) + 1;
        line(&mut out, rank, best);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use marubatsu_sim::simulate;

    #[test]
    fn tables_parse_from_three_counts() {
        assert_eq!(parse_table("2,1,5").ok(), Some(Table::DEFAULT));
        assert_eq!(parse_table(" 1, 1 ,3").ok().map(|t| t.players()), Some(5));
        assert!(parse_table("2,1").is_err());
        assert!(parse_table("2,0,5").is_err());
        assert!(parse_table("a,b,c").is_err());
    }

    #[test]
    fn player_counts_parse_as_one_or_a_range_within_the_sweep() {
        assert_eq!(parse_players("8").ok(), Some(8..=8));
        assert_eq!(parse_players("5-12").ok(), Some(5..=12));
        assert!(parse_players("4-8").is_err());
        assert!(parse_players("9-7").is_err());
        assert!(parse_players("x").is_err());
    }

    #[test]
    fn the_text_report_lists_every_policy_and_end() {
        let reports: Vec<Report> = [Policy::Random, Policy::Partisan]
            .into_iter()
            .map(|p| simulate(Table::DEFAULT, p, 30, 1))
            .collect();
        let text = render("title", &reports);
        assert!(text.starts_with("title\n"));
        for needle in ["random", "partisan", "paradox-transfer", "all-dead", "rounds"] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
    }
}
