use clap::{Args, Subcommand};
use marubatsu_engine::random::SplitMix64;
use marubatsu_engine::relay::{
    MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, Ratio, ShuffleRule, Simulation, repeated_closer_chance,
    simulate_repeated_closers,
};
use serde::Serialize;

use crate::output::print_json;

/// The know-it-all relay party game: the numbers behind its rules.
#[derive(Debug, Args)]
pub(crate) struct RelayArgs {
    #[command(subcommand)]
    command: RelayCommand,
}

#[derive(Debug, Subcommand)]
enum RelayCommand {
    /// How often somebody closes (speaks last in) more than one round: exactly, with independent shuffles and
    /// with the avoid-last rule, and simulated with the real shuffle.
    Fairness(FairnessArgs),
}

/// The chance that a game has a repeated closer, for a table size and a number of rounds.
#[derive(Debug, Args)]
struct FairnessArgs {
    /// Players at the table (3 to 12).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(PLAYERS))]
    players: u8,
    /// Rounds in the game (1 to 10).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(ROUNDS))]
    rounds: u8,
    /// Games to simulate per rule with the real shuffle (0 skips the simulation).
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the simulation's generator (the engine's SplitMix64); the same seed gives the same figures.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The engine's table limits, as clap ranges. The help text above repeats them for people; a test checks that it
/// says what the engine allows.
const PLAYERS: std::ops::RangeInclusive<i64> = MIN_PLAYERS as i64..=MAX_PLAYERS as i64;
const ROUNDS: std::ops::RangeInclusive<i64> = MIN_ROUNDS as i64..=MAX_ROUNDS as i64;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    players: u8,
    rounds: u8,
    /// What the chances are of.
    measure: &'static str,
    rules: Vec<RuleReport>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleReport {
    /// `independent` or `avoid-last`.
    rule: &'static str,
    exact: Exact,
    /// Absent when no games were simulated.
    simulated: Option<Simulated>,
}

#[derive(Serialize)]
struct Exact {
    numerator: u128,
    denominator: u128,
    value: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Simulated {
    games: u64,
    repeated: u64,
    rate: f64,
    standard_error: f64,
    seed: u64,
}

impl RelayArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            RelayCommand::Fairness(args) => args.run(),
        }
    }
}

impl FairnessArgs {
    fn run(self) -> eyre::Result<()> {
        let mut source = SplitMix64::new(self.seed);
        let mut rules = Vec::new();
        for rule in ShuffleRule::ALL {
            let players = usize::from(self.players);
            let rounds = usize::from(self.rounds);
            let exact: Ratio = repeated_closer_chance(players, rounds, rule).ok_or_else(|| {
                eyre::eyre!(
                    "no exact chance for {players} players and {rounds} rounds ({MIN_PLAYERS} to {MAX_PLAYERS} \
                     players, {MIN_ROUNDS} to {MAX_ROUNDS} rounds)"
                )
            })?;
            let simulated = (self.games > 0).then(|| {
                let simulation: Simulation = simulate_repeated_closers(players, rounds, rule, self.games, &mut source);
                Simulated {
                    games: simulation.games,
                    repeated: simulation.repeated,
                    rate: simulation.rate(),
                    standard_error: simulation.standard_error(),
                    seed: self.seed,
                }
            });
            rules.push(RuleReport {
                rule: rule.name(),
                exact: Exact {
                    numerator: exact.numerator(),
                    denominator: exact.denominator(),
                    value: exact.to_f64(),
                },
                simulated,
            });
        }
        let report = Report {
            players: self.players,
            rounds: self.rounds,
            measure: "chance that some player closes (speaks last in) more than one round",
            rules,
        };
        if self.json {
            print_json(&report)
        } else {
            print_text(&report);
            Ok(())
        }
    }
}

fn percent(value: f64) -> String {
    format!("{:.1}%", 100.0 * value)
}

fn print_text(report: &Report) {
    println!(
        "know-it-all relay, {} players, {} rounds: the {}",
        report.players, report.rounds, report.measure
    );
    println!();
    let simulated_header = report
        .rules
        .iter()
        .find_map(|r| r.simulated.as_ref())
        .map(|s| format!("simulated ({} games, seed {})", s.games, s.seed))
        .unwrap_or_default();
    let rows: Vec<(&str, String, String)> = report
        .rules
        .iter()
        .map(|rule| {
            let exact = format!(
                "{:<6} = {}/{}",
                percent(rule.exact.value),
                rule.exact.numerator,
                rule.exact.denominator
            );
            let simulated = rule
                .simulated
                .as_ref()
                .map(|s| {
                    format!(
                        "{:.2}% ± {:.2}% (1 standard error)",
                        100.0 * s.rate,
                        100.0 * s.standard_error
                    )
                })
                .unwrap_or_default();
            (rule.rule, exact, simulated)
        })
        .collect();
    let width = rows
        .iter()
        .map(|(_, exact, _)| exact.chars().count())
        .max()
        .unwrap_or_default();
    let line = |rule: &str, exact: &str, simulated: &str| {
        let text = format!("  {rule:<12} {exact:<width$}   {simulated}");
        println!("{}", text.trim_end());
    };
    line("rule", "exact", &simulated_header);
    for (rule, exact, simulated) in &rows {
        line(rule, exact, simulated);
    }
    println!();
    println!(
        "independent: a fresh shuffle every round; avoid-last: the previous closer never closes again \
         straight away"
    );
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[derive(clap::Parser)]
    struct Harness {
        #[command(flatten)]
        args: FairnessArgs,
    }

    #[test]
    fn the_help_states_the_engines_limits() {
        let help = Harness::command().render_long_help().to_string();
        assert!(help.contains(&format!("({MIN_PLAYERS} to {MAX_PLAYERS})")), "{help}");
        assert!(help.contains(&format!("({MIN_ROUNDS} to {MAX_ROUNDS})")), "{help}");
    }
}
