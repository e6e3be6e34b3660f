//! Simulations of marubatsu's off-chain games, with the randomness the engine leaves out.
//!
//! The engine is pure: every choice and every chance outcome arrives in an event. This crate supplies them —
//! players ([`Policy`]) drawing from the engine's seeded generator
//! ([`SplitMix64`](marubatsu_engine::random::SplitMix64)) — and plays many games to measure a game's balance.
//! Today that is quantum werewolf ([`werewolf`]).
//!
//! ```
//! use marubatsu_engine::werewolf::Table;
//! use marubatsu_sim::{balance_chart, simulate, Policy};
//!
//! let reports: Vec<_> = [Policy::Random, Policy::Partisan]
//!     .into_iter()
//!     .map(|policy| simulate(Table::DEFAULT, policy, 100, 7))
//!     .collect();
//! for report in &reports {
//!     let total = report.village.count + report.werewolves.count + report.paradox.count;
//!     assert_eq!(total, 100);
//! }
//! let svg = balance_chart(&reports, "8 players");
//! assert!(svg.contains("partisan"));
//! ```

pub mod werewolf;

pub use werewolf::{
    Balance, CHIT_COUNTS, Camp, EndRate, GameRecord, Policy, Progress, Rate, Report, Sides, SweepRow, TARGET_PARADOX,
    TARGET_SPREAD, UnknownPolicy, balance_chart, best_per_players, describe_table, play_game, recommended_source,
    simulate, sweep, sweep_chart, sweep_tables,
};
