use std::path::PathBuf;

use clap::{Args, Subcommand};
use eyre::{WrapErr, eyre};
use marubatsu_engine::werewolf::{Side, Table};
use marubatsu_sim::{Policy, Report, balance_chart, simulate};
use serde::Serialize;

use crate::output::print_json;

/// Play many simulated games of an off-chain game and measure its balance.
#[derive(Debug, Args)]
pub(crate) struct SimulateArgs {
    #[command(subcommand)]
    game: SimulateGame,
}

#[derive(Debug, Subcommand)]
enum SimulateGame {
    /// Quantum werewolf without a game master: how often the village, the werewolves or a paradox wins, by
    /// policy, with 95% intervals; writes an SVG chart of the rates.
    Werewolf(WerewolfArgs),
}

/// Quantum werewolf at a simulated table.
///
/// Policies: `random` (every choice uniform among the legal ones), `partisan` (everyone plays for the side its
/// cards put it on, one event ahead), `village-partisan` and `wolf-partisan` (only that side plays partisan,
/// the other at random). Tie-break winners and death draws are always uniform.
#[derive(Debug, Args)]
struct WerewolfArgs {
    /// Games per policy.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Seed: game i of every policy draws its randomness from the SplitMix64 stream (seed, i), so the same
    /// seed gives the same figures.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A policy to simulate; repeat for several. Default: random, partisan, village-partisan, wolf-partisan.
    #[arg(long = "policy", value_name = "NAME")]
    policies: Vec<Policy>,
    /// The composition of every starting hand, as werewolves,seers,villagers; the table seats their sum.
    #[arg(long, value_name = "W,S,V", default_value = "2,1,5")]
    table: String,
    /// Where to write the SVG chart of the win rates by policy.
    #[arg(long, value_name = "PATH", default_value = "werewolf-balance.svg")]
    chart: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'a> {
    players: u8,
    werewolves: u8,
    seers: u8,
    villagers: u8,
    games_per_policy: u64,
    seed: u64,
    chart: String,
    policies: &'a [Report],
}

impl SimulateArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.game {
            SimulateGame::Werewolf(args) => args.run(),
        }
    }
}

impl WerewolfArgs {
    fn run(self) -> eyre::Result<()> {
        let table = parse_table(&self.table).wrap_err("reading --table")?;
        let policies = if self.policies.is_empty() {
            Policy::ALL.to_vec()
        } else {
            self.policies.clone()
        };
        let reports: Vec<Report> = policies
            .iter()
            .map(|&policy| simulate(table, policy, self.games, self.seed))
            .collect();
        let title = format!(
            "Quantum werewolf, {table}: {} games per policy, seed {}",
            self.games, self.seed
        );
        std::fs::write(&self.chart, balance_chart(&reports, &title))
            .wrap_err_with(|| format!("writing the chart to {}", self.chart.display()))?;
        if self.json {
            return print_json(&JsonReport {
                players: table.players(),
                werewolves: table.starting_hand().counts()[0],
                seers: table.starting_hand().counts()[1],
                villagers: table.starting_hand().counts()[2],
                games_per_policy: self.games,
                seed: self.seed,
                chart: self.chart.display().to_string(),
                policies: &reports,
            });
        }
        print!("{}", render(&title, &reports));
        println!("chart: {}", self.chart.display());
        Ok(())
    }
}

/// `W,S,V` → a table.
fn parse_table(text: &str) -> eyre::Result<Table> {
    let counts: Vec<u8> = text
        .split(',')
        .map(|n| n.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|e| eyre!("expected three counts like 2,1,5 ({e})"))?;
    let [w, s, v] = counts[..] else {
        return Err(eyre!(
            "expected three counts like 2,1,5, got {}",
            counts.len()
        ));
    };
    Ok(Table::new(w, s, v)?)
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
        out.push_str(&format!(
            " {:>6.2} {:>7.1}\n",
            report.mean_rounds, report.mean_events
        ));
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
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_from_three_counts() {
        assert_eq!(parse_table("2,1,5").ok(), Some(Table::DEFAULT));
        assert_eq!(parse_table(" 1, 1 ,3").ok().map(|t| t.players()), Some(5));
        assert!(parse_table("2,1").is_err());
        assert!(parse_table("2,0,5").is_err());
        assert!(parse_table("a,b,c").is_err());
    }

    #[test]
    fn the_text_report_lists_every_policy_and_end() {
        let reports: Vec<Report> = [Policy::Random, Policy::Partisan]
            .into_iter()
            .map(|p| simulate(Table::DEFAULT, p, 30, 1))
            .collect();
        let text = render("title", &reports);
        assert!(text.starts_with("title\n"));
        for needle in [
            "random",
            "partisan",
            "paradox-transfer",
            "all-dead",
            "rounds",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
    }
}
