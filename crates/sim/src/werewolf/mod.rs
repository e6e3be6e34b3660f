//! Quantum werewolf at a simulated table: policies, many games, their statistics and a chart.
//!
//! - [`Policy`]: how the players choose — a [`Brain`] for each side: [`random_event`], the one-step-lookahead
//!   partisan play of [`partisan`] (by [`Camp`]), the strong village, the hiding and the searching werewolf — all
//!   deciding from the worlds' chances ([`Odds`]); chance (tie-break winners, the card drawn at a death) is
//!   always uniform.
//! - [`simulate`], [`play_game`], [`Report`], [`Rate`]: win rates with 95% Wilson intervals, rounds, events and
//!   how games ended.
//! - [`balance_chart`]: the rates by policy as an SVG bar chart.

mod brain;
mod chart;
mod odds;
mod panel;
pub mod partisan;
mod policy;
mod random;
mod recommended;
mod simulate;
mod sweep;
mod sweep_chart;
mod workbench;

pub use brain::{Brain, CANDIDATES, ROLLOUTS};
pub use chart::balance_chart;
pub use odds::Odds;
pub use panel::{Choice, NAIVE_FLOOR, Panel, PanelRow, panel, panel_tables};
pub use partisan::{Camp, Sides, camp};
pub use policy::{Policy, UnknownPolicy};
pub use random::random_event;
pub use recommended::recommended_source;
pub use simulate::{END_KEYS, EndRate, GameRecord, Rate, Report, play_game, simulate};
pub use sweep::{
    Balance, CHIT_COUNTS, Progress, SweepRow, TARGET_PARADOX, TARGET_SPREAD, best_per_players, describe_table, sweep,
    sweep_tables,
};
pub use sweep_chart::sweep_chart;
pub use workbench::{
    WORKBENCH_CHITS, WORKBENCH_COMPOSITIONS, WORKBENCH_CONTRADICTIONS, WORKBENCH_POWERS, Workbench, far_distance,
    under_strongest, workbench, workbench_tables,
};
