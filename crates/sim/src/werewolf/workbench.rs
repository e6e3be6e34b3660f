//! The workbench: a focused set of candidate tables and rules, screened under one pairing of policies with
//! few games, the best few confirmed with many games on a fresh seed, all ranked by their intervals.
//!
//! A table is *fair* when few games end in a paradox (at most 20%) and the decided games split evenly
//! (village 45–55%). Screening ranks by the point estimates ([`Balance::distance`]); the confirmation ranks by
//! the far end of each 95% interval ([`far_distance`]), so a table is only called fair when its interval is.

use marubatsu_engine::werewolf::{Contradictions, FirstVote, Options, Parity, Powers, StarterAttack, Table};

use super::policy::Policy;
use super::sweep::{Balance, Progress, SweepRow, TARGET_PARADOX, TARGET_SPREAD, sweep};

/// The compositions the workbench tries, as (werewolves, seers, villagers): 8 to 10 players, werewolves a
/// quarter to a third of the table.
pub const WORKBENCH_COMPOSITIONS: [(u8, u8, u8); 4] = [(2, 1, 5), (2, 1, 6), (3, 1, 5), (3, 1, 6)];

/// Chit counts per player the workbench tries: the book's, and one verdict of each colour (fewer verdicts).
pub const WORKBENCH_CHITS: [(u8, u8, u8); 2] = [(2, 3, 3), (1, 1, 3)];

/// The werewolves' powers the workbench tries on top of Version 3's three choices: none, the kill alone, the
/// softer parity alone, the two together, and all three.
pub const WORKBENCH_POWERS: [Powers; 5] = [
    Powers::NONE,
    Powers {
        starter_attack: StarterAttack::Kills,
        ..Powers::NONE
    },
    Powers {
        parity: Parity::Third,
        ..Powers::NONE
    },
    Powers {
        starter_attack: StarterAttack::Kills,
        parity: Parity::Third,
        first_vote: FirstVote::Held,
    },
    Powers {
        starter_attack: StarterAttack::Kills,
        parity: Parity::Third,
        first_vote: FirstVote::Skipped,
    },
];

/// Whether a choice or draw that leaves no world is played (a paradox) or refused: the workbench tries both.
pub const WORKBENCH_CONTRADICTIONS: [Contradictions; 2] = [Contradictions::Paradox, Contradictions::Refused];

/// The candidates: every composition × chit count × power × treatment of contradictions of the workbench under
/// Version 3's three choices, and the book's table under Version 2 for reference (first).
///
/// ```
/// use marubatsu_engine::werewolf::{Contradictions, Options, Table};
/// use marubatsu_sim::werewolf::workbench_tables;
///
/// let tables = workbench_tables();
/// assert_eq!(tables[0], Table::DEFAULT);
/// assert_eq!(tables.len(), 1 + 4 * 2 * 5 * 2);
/// assert!(tables[1..].iter().all(|t| t.options().choices_name() == Options::V3.choices_name()));
/// assert!(tables.contains(&Table::DEFAULT.with_chits(1, 1, 3).with_options(Options::V3)));
/// let refused = Options::V3.with_contradictions(Contradictions::Refused);
/// assert!(tables.contains(&Table::DEFAULT.with_chits(1, 1, 3).with_options(refused)));
/// ```
pub fn workbench_tables() -> Vec<Table> {
    let mut tables = vec![Table::DEFAULT];
    for (w, s, v) in WORKBENCH_COMPOSITIONS {
        let Ok(table) = Table::new(w, s, v) else {
            continue;
        };
        for (black, white, attacks) in WORKBENCH_CHITS {
            for contradictions in WORKBENCH_CONTRADICTIONS {
                for powers in WORKBENCH_POWERS {
                    let options = Options::V3.with_contradictions(contradictions).with_powers(powers);
                    tables.push(table.with_chits(black, white, attacks).with_options(options));
                }
            }
        }
    }
    tables
}

/// How far `balance` is from the target at the far end of its intervals: the village's share of the decided
/// games at whichever end of its interval lies further from one half, and the paradox rate at the top of its
/// interval. 0 only when both intervals lie inside the target.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::{simulate, Balance, Policy};
/// use marubatsu_sim::werewolf::far_distance;
///
/// let balance = Balance::of(&simulate(Table::DEFAULT, Policy::Random, 100, 1));
/// assert!(far_distance(&balance) >= balance.distance);
/// ```
pub fn far_distance(balance: &Balance) -> f64 {
    let village = balance.village_of_decided;
    let far = (village.low - 0.5).abs().max((village.high - 0.5).abs());
    let spread = (far - TARGET_SPREAD).max(0.0);
    let excess = (balance.paradox.high - TARGET_PARADOX).max(0.0);
    spread + excess
}

/// What a workbench run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Workbench {
    /// Every candidate, its strongest pairing's report first, fairest first by the point estimates.
    pub screened: Vec<SweepRow>,
    /// The best few and the reference, confirmed under their strongest pairing on a fresh seed, fairest first
    /// by [`far_distance`].
    pub confirmed: Vec<SweepRow>,
}

/// The row with its reports reordered so that the strongest werewolves' pairing — the one whose decided
/// games the village wins least often — comes first, and the balance taken under it.
pub fn under_strongest(mut row: SweepRow) -> SweepRow {
    let village = |report: &super::simulate::Report| Balance::of(report).village_of_decided.share;
    if let Some(strongest) =
        (0..row.reports.len()).min_by(|&a, &b| village(&row.reports[a]).total_cmp(&village(&row.reports[b])))
    {
        row.reports.swap(0, strongest);
    }
    if let Some(first) = row.reports.first() {
        row.balance = Balance::of(first);
    }
    row
}

/// Screens `tables` under every one of `pairings` at `screen_games` games (seed `seed`), judging each table
/// under the pairing its werewolves did best in ([`under_strongest`]); then confirms the best `keep` and the
/// first table (the reference) under that pairing at `confirm_games` games on seed `seed + 1`, on `threads`
/// threads. `progress` is told which stage runs (`"screen"`, `"confirm"`) and how far it has come.
///
/// ```
/// use marubatsu_engine::werewolf::{Options, Table};
/// use marubatsu_sim::Policy;
/// use marubatsu_sim::werewolf::workbench;
///
/// let tables = [Table::DEFAULT, Table::DEFAULT.with_options(Options::V3)];
/// let bench = workbench(&tables, &[Policy::Random, Policy::Partisan], 40, 60, 1, 1, 2, |_, _| {});
/// assert_eq!(bench.screened.len(), 2);
/// // The fairest one and the reference: the same table when the reference screens fairest.
/// assert!((1..=2).contains(&bench.confirmed.len()));
/// assert!(bench.confirmed.iter().all(|row| row.reports[0].games == 60 && row.reports[0].seed == 2));
/// ```
#[expect(
    clippy::too_many_arguments,
    reason = "each is one knob of the run, named at the call"
)]
pub fn workbench(
    tables: &[Table],
    pairings: &[Policy],
    screen_games: u64,
    confirm_games: u64,
    keep: usize,
    seed: u64,
    threads: usize,
    progress: impl Fn(&'static str, Progress) + Sync,
) -> Workbench {
    let mut screened: Vec<SweepRow> = sweep(tables, pairings, screen_games, seed, threads, |p| progress("screen", p))
        .into_iter()
        .map(under_strongest)
        .collect();
    screened.sort_by(|a, b| a.balance.distance.total_cmp(&b.balance.distance));
    let mut finalists: Vec<&SweepRow> = screened.iter().take(keep).collect();
    if let Some(reference) = screened.iter().find(|row| Some(&row.spec) == tables.first())
        && !finalists.iter().any(|row| core::ptr::eq(*row, reference))
    {
        finalists.push(reference);
    }
    // Each finalist under its strongest pairing only: one sweep per pairing, over the finalists it won.
    let strongest = |row: &SweepRow| pairings.iter().copied().find(|p| p.name() == row.reports[0].policy);
    let total = finalists.len() as u64 * confirm_games;
    let mut before = 0;
    let mut confirmed: Vec<SweepRow> = Vec::new();
    for &pairing in pairings {
        let mine: Vec<Table> = finalists
            .iter()
            .filter(|row| strongest(row) == Some(pairing))
            .map(|row| row.spec)
            .collect();
        if mine.is_empty() {
            continue;
        }
        confirmed.extend(sweep(&mine, &[pairing], confirm_games, seed + 1, threads, |p| {
            progress(
                "confirm",
                Progress {
                    done: before + p.done,
                    total,
                    elapsed: p.elapsed,
                },
            );
        }));
        before += mine.len() as u64 * confirm_games;
    }
    confirmed.sort_by(|a, b| far_distance(&a.balance).total_cmp(&far_distance(&b.balance)));
    Workbench { screened, confirmed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::werewolf::Rate;

    #[test]
    fn the_far_distance_is_zero_only_when_both_intervals_are_inside_the_target() {
        let balance = |village: u64, decided: u64, paradox: u64, games: u64| {
            let village_of_decided = Rate::of(village, decided);
            let paradox = Rate::of(paradox, games);
            Balance {
                paradox,
                village_of_decided,
                distance: 0.0,
                on_target: true,
            }
        };
        // 50% of 20,000 decided and 10% paradox: both intervals well inside.
        assert_eq!(far_distance(&balance(10_000, 20_000, 2_000, 22_000)), 0.0);
        // The same shares from 100 games: the village's interval reaches past 45–55%.
        assert!(far_distance(&balance(50, 100, 10, 110)) > 0.0);
        // A paradox rate of 19.9% whose interval reaches past 20%.
        assert!(far_distance(&balance(500, 1_000, 199, 1_000)) > 0.0);
    }

    #[test]
    fn every_candidate_is_a_distinct_table_of_eight_to_ten_players() {
        let tables = workbench_tables();
        let distinct: std::collections::HashSet<Table> = tables.iter().copied().collect();
        assert_eq!(distinct.len(), tables.len());
        assert!(tables.iter().all(|t| (8..=10).contains(&t.players())));
    }
}
