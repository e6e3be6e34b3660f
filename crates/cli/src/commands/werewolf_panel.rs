//! `marubatsu werewolf workbench --panel`: the first-table candidates under the three pairings (strong against
//! strong, a naive village against strong werewolves, random against random), screened then confirmed, with
//! each pairing's 95% intervals and the chosen default.

use std::path::Path;
use std::time::Instant;

use eyre::WrapErr;

use marubatsu_engine::werewolf::Options;
use marubatsu_sim::werewolf::{Choice, NAIVE_FLOOR, Panel, PanelRow, panel, panel_tables};
use marubatsu_sim::{Policy, Rate, SweepRow, TARGET_PARADOX, TARGET_SPREAD, recommended_source};
use serde::Serialize;

use crate::output::print_json;
use crate::progress::{SweepMeter, minutes};

/// What one run is asked to do.
pub(crate) struct Run<'a> {
    pub(crate) screen_games: u64,
    pub(crate) confirm_games: u64,
    pub(crate) keep: usize,
    pub(crate) seed: u64,
    pub(crate) threads: usize,
    pub(crate) json: bool,
    /// Where to write the recommended tables' source, if anywhere.
    pub(crate) recommended_rs: Option<&'a Path>,
}

/// Runs the panel and prints what it found.
pub(crate) fn run(ask: Run<'_>) -> eyre::Result<()> {
    let Run {
        screen_games,
        confirm_games,
        keep,
        seed,
        threads,
        json,
        recommended_rs,
    } = ask;
    let tables = panel_tables();
    let pairings = Policy::PANEL.len() as u64;
    let finalists = keep.min(tables.len()) as u64 + 1;
    eprintln!(
        "panel: {} candidates × {pairings} pairings × {screen_games} games, then up to {finalists} × {pairings} × \
         {confirm_games} games on seed {}, on {threads} thread(s)",
        tables.len(),
        seed + 1
    );
    let started = Instant::now();
    let screen = SweepMeter::labelled("screen", tables.len() as u64 * pairings * screen_games);
    let confirm = SweepMeter::labelled("confirm", finalists * pairings * confirm_games);
    let run = panel(
        &tables,
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
    eprintln!("panel: done in {}", minutes(started.elapsed()));
    if let Some(path) = recommended_rs {
        let command = format!(
            "marubatsu werewolf workbench --panel --games {screen_games} --confirm-games {confirm_games} --keep {keep} \
             --seed {seed}"
        );
        std::fs::write(path, recommended_source(&recommendable(&run), &command))
            .wrap_err_with(|| format!("writing the recommended tables to {}", path.display()))?;
    }
    if json {
        let rows = |rows: &[PanelRow]| rows.iter().map(JsonRow::of).collect::<Vec<_>>();
        return print_json(&JsonPanel {
            pairings: Policy::PANEL.iter().map(|p| p.name()).collect(),
            screen_games,
            confirm_games,
            seed,
            screened: rows(&run.screened),
            confirmed: rows(&run.confirmed),
        });
    }
    print!("{}", render(&run, screen_games, confirm_games, seed));
    Ok(())
}

/// The page's recommendation for each player count: among the candidates the page can play (Version 4), the
/// nearest the panel's target — by the confirmed figures where confirmed, by the screen's otherwise.
fn recommendable(run: &Panel) -> Vec<SweepRow> {
    let mut best: Vec<(f64, SweepRow)> = Vec::new();
    for row in &run.screened {
        if row.row.spec.options() != Options::V4 {
            continue;
        }
        let (distance, row) = match run.confirmed.iter().find(|c| c.row.spec == row.row.spec) {
            Some(confirmed) => (confirmed.distance(true), confirmed),
            None => (row.distance(false), row),
        };
        match best.iter_mut().find(|(_, b)| b.players == row.row.players) {
            Some(slot) if slot.0 <= distance => {}
            Some(slot) => *slot = (distance, row.row.clone()),
            None => best.push((distance, row.row.clone())),
        }
    }
    best.sort_by_key(|(_, row)| row.players);
    best.into_iter().map(|(_, row)| row).collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonPanel {
    pairings: Vec<&'static str>,
    screen_games: u64,
    confirm_games: u64,
    seed: u64,
    screened: Vec<JsonRow>,
    confirmed: Vec<JsonRow>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonRow {
    table: String,
    /// Per pairing: the village's share of the decided games, and the paradox rate.
    village_of_decided: Vec<Rate>,
    paradox: Vec<Rate>,
    distance: f64,
    far_distance: f64,
}

impl JsonRow {
    fn of(row: &PanelRow) -> JsonRow {
        JsonRow {
            table: row.row.table.clone(),
            village_of_decided: Policy::PANEL.iter().map(|&p| row.village(p)).collect(),
            paradox: Policy::PANEL
                .iter()
                .map(|&p| row.report(p).map_or(Rate::of(0, 0), |r| r.paradox))
                .collect(),
            distance: row.distance(false),
            far_distance: row.distance(true),
        }
    }
}

fn pct(rate: Rate) -> String {
    format!(
        "{:4.1}% ({:.1}–{:.1})",
        100.0 * rate.share,
        100.0 * rate.low,
        100.0 * rate.high
    )
}

fn line(out: &mut String, rank: usize, row: &PanelRow, far: bool) {
    let distance = row.distance(far);
    out.push_str(&format!(
        "{rank:>4}{} {:<40}",
        if distance == 0.0 { "*" } else { " " },
        short(&row.row.table)
    ));
    for pairing in Policy::PANEL {
        let paradox = row.report(pairing).map_or(Rate::of(0, 0), |r| r.paradox);
        out.push_str(&format!("  {:<19} {:<19}", pct(row.village(pairing)), pct(paradox)));
    }
    out.push_str(&format!("  {distance:.3}\n"));
}

/// The table's description without the readings every candidate shares.
fn short(table: &str) -> String {
    table
        .replace(" any-chits after-transfers", "")
        .replace(" chits 1/1/3", "")
}

fn header(out: &mut String, distance: &str) {
    out.push_str(&format!("{:>4}  {:<40}", "rank", "table (chits 1/1/3)"));
    for pairing in Policy::PANEL {
        out.push_str(&format!(
            "  {:<39}",
            format!("{}: village of decided / paradox", pairing.name())
        ));
    }
    out.push_str(&format!("  {distance}\n"));
}

fn render(run: &Panel, screen_games: u64, confirm_games: u64, seed: u64) -> String {
    let names: Vec<&str> = Policy::PANEL.iter().map(|p| p.name()).collect();
    let mut out = format!(
        "Quantum werewolf for a first table: {} candidates × {screen_games} games (seed {seed}) under each of {}\n\n",
        run.screened.len(),
        names.join(", ")
    );
    header(&mut out, "distance");
    for (i, row) in run.screened.iter().enumerate() {
        line(&mut out, i + 1, row, false);
    }
    out.push_str(&format!(
        "\nconfirmed: {confirm_games} games each under each pairing on seed {}, ranked by the far end of the 95% \
         intervals\n",
        seed + 1
    ));
    header(&mut out, "far distance");
    for (i, row) in run.confirmed.iter().enumerate() {
        line(&mut out, i + 1, row, true);
    }
    let fair = run.confirmed.iter().filter(|r| r.distance(true) == 0.0).count();
    out.push_str(&format!(
        "\n* on target (strong against strong: village {:.0}–{:.0}% of decided games; naive village at least \
         {:.0}%; paradox at most {:.0}% under each pairing); by the intervals: {fair} of {} confirmed\n\n",
        100.0 * (0.5 - TARGET_SPREAD),
        100.0 * (0.5 + TARGET_SPREAD),
        100.0 * NAIVE_FLOOR,
        100.0 * TARGET_PARADOX,
        run.confirmed.len()
    ));
    let range = |row: &PanelRow| {
        let (low, high) = row.range();
        format!(
            "village {:.0}–{:.0}% of the decided games over the panel",
            100.0 * low,
            100.0 * high
        )
    };
    match run.choice() {
        Some(Choice::Default(row)) => {
            out.push_str(&format!(
                "default: {} ({}; meets all three)\n",
                row.row.table,
                range(row)
            ));
        }
        Some(Choice::Split { default, beginner }) => {
            out.push_str(&format!(
                "no candidate meets all three by its intervals\ndefault: {} ({})\nbeginner's table: {} ({})\n",
                default.row.table,
                range(default),
                beginner.row.table,
                range(beginner)
            ));
        }
        None => out.push_str("nothing confirmed\n"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use marubatsu_engine::werewolf::Table;

    #[test]
    fn the_report_names_every_pairing_and_the_choice() {
        let tables = [Table::VERSION_3, Table::VERSION_4];
        let run = panel(&tables, 4, 6, 1, 1, 1, |_, _| {});
        let text = render(&run, 4, 6, 1);
        for pairing in Policy::PANEL {
            assert!(text.contains(pairing.name()), "{text}");
        }
        assert!(text.contains("9p 3W1S5V v4"), "{text}");
        assert!(text.contains("default: "), "{text}");
        assert!(
            text.contains("confirmed: 6 games each under each pairing on seed 2"),
            "{text}"
        );
    }
}
