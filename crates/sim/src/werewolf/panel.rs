//! A table for a first table: candidates ranked under the three pairings of [`Policy::PANEL`] — strong against
//! strong, a naive village against strong werewolves, random against random — screened with few games, the best
//! few confirmed with more on a fresh seed.
//!
//! A candidate is *on target* when strong against strong gives the village 45–55% of the decided games, the naive
//! village keeps at least [`NAIVE_FLOOR`] of them, and no pairing ends more than 20% of its games in a paradox.
//! The screen ranks by the point estimates; the confirmation by the far end of each 95% interval.

use marubatsu_engine::werewolf::{FirstVote, Options, Powers, Table};

use super::policy::Policy;
use super::simulate::{Rate, Report};
use super::sweep::{Progress, SweepRow, TARGET_PARADOX, TARGET_SPREAD, sweep};

/// The share of the decided games a naive village must keep.
pub const NAIVE_FLOOR: f64 = 0.35;

/// The candidates, at one verdict of each colour (Version 3's chits): Version 3's table first, as the reference;
/// beside it at the same table each of Version 4's two changes alone (the deals' certainty, the deals' draw); then
/// the deals' rules at 8, 9 and 10 players (2W1S5V, 3W1S5V, 3W1S6V), each with Version 3's powers, and with round
/// 1's vote skipped as well (Version 4 itself).
///
/// A first screen of 18 (8–9 players; Versions 3 and 4 with the kill and a third, the kill alone or a third
/// alone; `docs/src/results/werewolf.md`) left these: the kill alone or a third alone gave the strong village
/// 64–99% of the decided games.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::werewolf::panel_tables;
///
/// let tables = panel_tables();
/// assert_eq!(tables[0], Table::VERSION_3);
/// assert!(tables.contains(&Table::VERSION_4));
/// assert_eq!(tables.len(), 3 + 3 * 2);
/// ```
pub fn panel_tables() -> Vec<Table> {
    let v3 = Table::VERSION_3;
    let alone = |name: &str| Options::from_name(&format!("v3+{name}")).map(|o| v3.with_options(o));
    let mut tables: Vec<Table> = core::iter::once(Some(v3))
        .chain([alone("deal-certainty"), alone("deal-draw")])
        .flatten()
        .collect();
    let first_vote = Powers {
        first_vote: FirstVote::Held,
        ..Options::V4.powers
    };
    for (w, s, v) in [(2, 1, 5), (3, 1, 5), (3, 1, 6)] {
        let Ok(table) = Table::new(w, s, v) else {
            continue;
        };
        for powers in [first_vote, Options::V4.powers] {
            tables.push(table.with_chits(1, 1, 3).with_options(Options::V4.with_powers(powers)));
        }
    }
    tables
}

/// One candidate under the panel: its reports in [`Policy::PANEL`]'s order.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelRow {
    /// The candidate with its reports.
    pub row: SweepRow,
}

impl PanelRow {
    /// The report under `policy`, if the panel played it.
    pub fn report(&self, policy: Policy) -> Option<&Report> {
        self.row.reports.iter().find(|r| r.policy == policy.name())
    }

    /// The village's share of the decided games under `policy`.
    pub fn village(&self, policy: Policy) -> Rate {
        self.report(policy).map_or(Rate::of(0, 0), |r| {
            Rate::of(r.village.count, r.village.count + r.werewolves.count)
        })
    }

    /// How far the candidate lies from the target, by the point estimates (`far` false) or by the far end of
    /// each interval (`far` true): the strong pairing's distance outside 45–55%, the naive village's below
    /// [`NAIVE_FLOOR`], and every pairing's paradox rate above 20%, summed. 0 exactly when on target.
    pub fn distance(&self, far: bool) -> f64 {
        self.strong_distance(far) + self.naive_distance(far) + self.paradox_excess(far)
    }

    /// The strong pairing's distance outside 45–55% of the decided games.
    pub fn strong_distance(&self, far: bool) -> f64 {
        let strong = self.village(Policy::PANEL[0]);
        let off = if far {
            (strong.low - 0.5).abs().max((strong.high - 0.5).abs())
        } else {
            (strong.share - 0.5).abs()
        };
        (off - TARGET_SPREAD).max(0.0)
    }

    /// How far the naive village's share of the decided games lies below [`NAIVE_FLOOR`].
    pub fn naive_distance(&self, far: bool) -> f64 {
        let naive = self.village(Policy::PANEL[1]);
        (NAIVE_FLOOR - if far { naive.low } else { naive.share }).max(0.0)
    }

    /// Every pairing's paradox rate above 20%, summed.
    pub fn paradox_excess(&self, far: bool) -> f64 {
        self.row
            .reports
            .iter()
            .map(|r| ((if far { r.paradox.high } else { r.paradox.share }) - TARGET_PARADOX).max(0.0))
            .sum()
    }

    /// The village's share of the decided games from the lowest to the highest over the panel's pairings.
    pub fn range(&self) -> (f64, f64) {
        Policy::PANEL
            .iter()
            .map(|&p| self.village(p).share)
            .fold((1.0, 0.0), |(lo, hi), s| (lo.min(s), hi.max(s)))
    }
}

/// How far a candidate is from a beginner's table: the naive village below its floor and the paradoxes above
/// theirs, then (a hundredth as much) strong sides' distance from an even split.
fn beginner_score(row: &PanelRow, far: bool) -> f64 {
    row.naive_distance(far) + row.paradox_excess(far) + row.strong_distance(far) / 100.0
}

/// What a panel run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Every candidate, fairest first by the point estimates.
    pub screened: Vec<PanelRow>,
    /// The best few and the reference again on a fresh seed, fairest first by the far ends of the intervals.
    pub confirmed: Vec<PanelRow>,
}

/// The tables a panel recommends, from the confirmed candidates by their intervals.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice<'a> {
    /// One candidate meets all three conditions: the default.
    Default(&'a PanelRow),
    /// None does: the default is the fairest between strong sides (paradoxes counted), and beside it a
    /// beginner's table under the same rules, the one whose naive village comes nearest its floor (paradoxes
    /// counted).
    Split {
        /// The fairest between strong sides.
        default: &'a PanelRow,
        /// The kindest to a naive village.
        beginner: &'a PanelRow,
    },
}

impl Panel {
    /// The default, and a beginner's table when no confirmed candidate meets all three conditions; `None`
    /// when nothing was confirmed.
    pub fn choice(&self) -> Option<Choice<'_>> {
        let best = self.confirmed.first()?;
        if best.distance(true) == 0.0 {
            return Some(Choice::Default(best));
        }
        let by = |score: fn(&PanelRow) -> f64| {
            self.confirmed
                .iter()
                .min_by(|a, b| score(a).total_cmp(&score(b)))
                .unwrap_or(best)
        };
        let default = by(|r| r.strong_distance(true) + r.paradox_excess(true));
        let rules = default.row.spec.options();
        let beginner = self
            .confirmed
            .iter()
            .filter(|r| r.row.spec.options() == rules)
            .min_by(|a, b| beginner_score(a, true).total_cmp(&beginner_score(b, true)))
            .unwrap_or(default);
        Some(Choice::Split { default, beginner })
    }
}

/// Screens `tables` under the three pairings at `screen_games` games (seed `seed`), then confirms the best `keep`
/// and the first table (the reference) at `confirm_games` games on seed `seed + 1`, on `threads` threads.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::werewolf::panel;
///
/// let tables = [Table::VERSION_3, Table::VERSION_4];
/// let run = panel(&tables, 6, 8, 1, 1, 2, |_, _| {});
/// assert_eq!(run.screened.len(), 2);
/// assert!(run.confirmed.iter().all(|c| c.row.reports.len() == 3 && c.row.reports[0].games == 8));
/// ```
pub fn panel(
    tables: &[Table],
    screen_games: u64,
    confirm_games: u64,
    keep: usize,
    seed: u64,
    threads: usize,
    progress: impl Fn(&'static str, Progress) + Sync,
) -> Panel {
    let rank = |rows: Vec<SweepRow>, far: bool| {
        let mut rows: Vec<PanelRow> = rows.into_iter().map(|row| PanelRow { row }).collect();
        rows.sort_by(|a, b| a.distance(far).total_cmp(&b.distance(far)));
        rows
    };
    let screened = rank(
        sweep(tables, &Policy::PANEL, screen_games, seed, threads, |p| {
            progress("screen", p)
        }),
        false,
    );
    let mut finalists: Vec<Table> = screened.iter().take(keep).map(|r| r.row.spec).collect();
    if let Some(&reference) = tables.first()
        && !finalists.contains(&reference)
    {
        finalists.push(reference);
    }
    let confirm = |tables: &[Table]| {
        sweep(tables, &Policy::PANEL, confirm_games, seed + 1, threads, |p| {
            progress("confirm", p)
        })
    };
    let mut run = Panel {
        screened,
        confirmed: rank(confirm(&finalists), true),
    };
    // When nothing meets all three, the beginner's table is played under the default's rules (a table plays one
    // version): the kindest to a naive village among those candidates is confirmed too, if it was not.
    if let Some(Choice::Split { default, .. }) = run.choice() {
        let rules = default.row.spec.options();
        let kind = run
            .screened
            .iter()
            .filter(|r| r.row.spec.options() == rules)
            .min_by(|a, b| beginner_score(a, false).total_cmp(&beginner_score(b, false)))
            .map(|r| r.row.spec)
            .filter(|spec| !finalists.contains(spec));
        if let Some(kind) = kind {
            let mut rows: Vec<SweepRow> = run.confirmed.into_iter().map(|r| r.row).collect();
            rows.extend(confirm(&[kind]));
            run.confirmed = rank(rows, true);
        }
    }
    run
}
