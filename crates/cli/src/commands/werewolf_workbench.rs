//! `marubatsu werewolf workbench`: the workbench's two stages with progress on stderr, and its
//! report — the screened candidates, then the confirmed finalists ranked by their intervals.

use std::path::Path;
use std::time::Instant;

use eyre::WrapErr;

use marubatsu_sim::werewolf::{Workbench, far_distance, workbench, workbench_tables};
use marubatsu_sim::{Policy, Rate, SweepRow, TARGET_PARADOX, TARGET_SPREAD, recommended_source, sweep_chart};
use serde::Serialize;

use crate::output::print_json;
use crate::progress::{SweepMeter, minutes};

/// What one run is asked to do.
pub(crate) struct Run<'a> {
    pub(crate) pairings: &'a [Policy],
    pub(crate) screen_games: u64,
    pub(crate) confirm_games: u64,
    pub(crate) keep: usize,
    pub(crate) seed: u64,
    pub(crate) threads: usize,
    pub(crate) json: bool,
    /// Where to write the recommended tables' source, if anywhere.
    pub(crate) recommended_rs: Option<&'a Path>,
    /// Where to write the chart of the screened tables, if anywhere.
    pub(crate) chart: Option<&'a Path>,
}

/// Runs the workbench and prints what it found.
pub(crate) fn run(ask: Run<'_>) -> eyre::Result<()> {
    let Run {
        pairings,
        screen_games,
        confirm_games,
        keep,
        seed,
        threads,
        json,
        recommended_rs,
        chart,
    } = ask;
    let bench = play(pairings, screen_games, confirm_games, keep, seed, threads);
    if let Some(path) = chart {
        let title = format!(
            "Quantum werewolf workbench: {} candidates, {screen_games} games each under the strongest werewolves \
             against the strong village, seed {seed}",
            bench.screened.len()
        );
        std::fs::write(path, sweep_chart(&bench.screened, &title))
            .wrap_err_with(|| format!("writing the chart to {}", path.display()))?;
    }
    if let Some(path) = recommended_rs {
        let mut command = format!(
            "marubatsu werewolf workbench --games {screen_games} --confirm-games {confirm_games} --keep \
             {keep} --seed {seed}"
        );
        for pairing in pairings {
            command.push_str(&format!(" --policy {pairing}"));
        }
        std::fs::write(path, recommended_source(&recommendable(&bench), &command))
            .wrap_err_with(|| format!("writing the recommended tables to {}", path.display()))?;
    }
    if json {
        return print_json(&JsonWorkbench {
            pairings: pairings.iter().map(|p| p.name()).collect(),
            screen_games,
            confirm_games,
            seed,
            target: [TARGET_PARADOX, 0.5 - TARGET_SPREAD, 0.5 + TARGET_SPREAD],
            screened: &bench.screened,
            confirmed: &bench.confirmed,
        });
    }
    print!("{}", render(&bench, pairings, screen_games, confirm_games, seed));
    Ok(())
}

/// The rows to recommend from: every screened table, the confirmed ones with their confirmed figures.
fn recommendable(bench: &Workbench) -> Vec<SweepRow> {
    bench
        .screened
        .iter()
        .map(|row| {
            bench
                .confirmed
                .iter()
                .find(|c| c.spec == row.spec)
                .unwrap_or(row)
                .clone()
        })
        .collect()
}

/// Both stages, with their progress on stderr.
fn play(
    pairings: &[Policy],
    screen_games: u64,
    confirm_games: u64,
    keep: usize,
    seed: u64,
    threads: usize,
) -> Workbench {
    let tables = workbench_tables();
    let finalists = keep.min(tables.len()) as u64 + 1;
    eprintln!(
        "workbench: {} candidates × {} pairings × {screen_games} games, then up to {finalists} × {confirm_games} \
         games on seed {}, on {threads} thread(s)",
        tables.len(),
        pairings.len(),
        seed + 1
    );
    let started = Instant::now();
    let screen = SweepMeter::labelled("screen", tables.len() as u64 * pairings.len() as u64 * screen_games);
    let confirm = SweepMeter::labelled("confirm", finalists * confirm_games);
    let bench = workbench(
        &tables,
        pairings,
        screen_games,
        confirm_games,
        keep,
        seed,
        threads,
        |stage, p| match stage {
            "screen" => screen.show(p),
            _ => confirm.show(p),
        },
    );
    screen.finish();
    confirm.finish();
    eprintln!("workbench: done in {}", minutes(started.elapsed()));
    bench
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonWorkbench<'a> {
    pairings: Vec<&'static str>,
    screen_games: u64,
    confirm_games: u64,
    seed: u64,
    /// Paradox at most, then the village's share of the decided games from and to.
    target: [f64; 3],
    screened: &'a [SweepRow],
    confirmed: &'a [SweepRow],
}

fn pct(rate: Rate) -> String {
    format!(
        "{:5.1}% ({:.1}–{:.1})",
        100.0 * rate.share,
        100.0 * rate.low,
        100.0 * rate.high
    )
}

fn line(out: &mut String, rank: usize, row: &SweepRow, far: bool) {
    let b = row.balance;
    let report = &row.reports[0];
    let distance = if far { far_distance(&b) } else { b.distance };
    out.push_str(&format!(
        "{rank:>4}{} {:<62} {:<17} {:<20} {:<20} {:>6.1}% {:>6.1}% {:>5.2} {:>6.1}  {:.3}\n",
        if b.on_target { "*" } else { " " },
        row.table,
        report.policy,
        pct(b.paradox),
        pct(b.village_of_decided),
        100.0 * report.village.share,
        100.0 * report.werewolves.share,
        report.mean_rounds,
        report.mean_decisions,
        distance
    ));
}

fn header(out: &mut String, distance: &str) {
    out.push_str(&format!(
        "{:>4}  {:<62} {:<17} {:<20} {:<20} {:>7} {:>7} {:>5} {:>6}  {distance}\n",
        "rank", "table", "strongest wolves", "paradox", "village of decided", "village", "wolves", "rnds", "decns"
    ));
}

fn render(bench: &Workbench, pairings: &[Policy], screen_games: u64, confirm_games: u64, seed: u64) -> String {
    let names: Vec<&str> = pairings.iter().map(|p| p.name()).collect();
    let mut out = format!(
        "Quantum werewolf workbench: {} candidates × {screen_games} games (seed {seed}) under each of {}; each \
         table judged under the pairing its werewolves did best in\n\n",
        bench.screened.len(),
        names.join(", ")
    );
    header(&mut out, "distance");
    for (i, row) in bench.screened.iter().enumerate() {
        line(&mut out, i + 1, row, false);
    }
    out.push_str(&format!(
        "\nconfirmed under that pairing: {confirm_games} games each on seed {}, ranked by the far end of the 95% \
         intervals\n",
        seed + 1
    ));
    header(&mut out, "far distance");
    for (i, row) in bench.confirmed.iter().enumerate() {
        line(&mut out, i + 1, row, true);
    }
    let fair = bench
        .confirmed
        .iter()
        .filter(|r| far_distance(&r.balance) == 0.0)
        .count();
    out.push_str(&format!(
        "\n* on target by the point estimates (paradox ≤ {:.0}%, village {:.0}–{:.0}% of decided games); fair by \
         the intervals: {fair} of {} confirmed\n\n",
        100.0 * TARGET_PARADOX,
        100.0 * (0.5 - TARGET_SPREAD),
        100.0 * (0.5 + TARGET_SPREAD),
        bench.confirmed.len()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use marubatsu_engine::werewolf::{Options, Table};

    #[test]
    fn the_report_lists_every_screened_and_confirmed_table() {
        let tables = [Table::DEFAULT, Table::DEFAULT.with_options(Options::V3)];
        let pairings = [Policy::Random, Policy::Partisan];
        let bench = workbench(&tables, &pairings, 20, 30, 1, 1, 1, |_, _| {});
        let text = render(&bench, &pairings, 20, 30, 1);
        assert!(
            text.contains("8p 2W1S5V chits 2/3/3 any-chits after-transfers v3"),
            "{text}"
        );
        assert!(
            text.contains("confirmed under that pairing: 30 games each on seed 2"),
            "{text}"
        );
        assert_eq!(
            text.matches("8p 2W1S5V").count(),
            bench.screened.len() + bench.confirmed.len()
        );
    }
}
