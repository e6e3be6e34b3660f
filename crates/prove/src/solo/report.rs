//! The named properties and their reports: each property's status decided once, on its own.

use std::{collections::BTreeMap, fmt, str::FromStr};

use marubatsu_chain::gas::GasStats;
use serde::Serialize;

use crate::{
    differential::DifferentialReport, lines::LineExploration, minimax::ValueReport, proof::LevelGasStats,
    solo::ForkLine,
};

/// A property a proof run can report, by its stable name (`hard-never-loses`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Property {
    /// Required: no human line beats Hard, from either seat, played as transactions.
    HardNeverLoses,
    /// Required: Hard's `previewCpuMove` keeps the minimax value on all 4,520 positions with a move to make.
    KeepsValue,
    /// Informative: humans beat Easy and Normal, and Normal falls to the fork line.
    Levels,
    /// Informative unless required: the contract's CPU equals the engine's Newell–Simon CPU position by position.
    SameAsEngine,
    /// The toolkit's checkout only: the engine reproduces the known game-tree counts.
    TreeCounts,
    /// The toolkit's checkout only: `Board.isWin` equals the engine on all 512 masks.
    BoardWin,
    /// The toolkit's checkout only: the line search catches `WeakHardSoloTicTacToe`.
    CatchesWeakHard,
    /// The toolkit's checkout only: the value proof catches `V1HardSoloTicTacToe`.
    CatchesV1Hard,
}

impl Property {
    /// The properties of any solo contract, in the order they are run and reported.
    pub const SOLO: [Property; 4] = [
        Property::HardNeverLoses,
        Property::KeepsValue,
        Property::Levels,
        Property::SameAsEngine,
    ];

    /// The shipped checkout's extras, in report order.
    pub const EXTRAS: [Property; 4] = [
        Property::TreeCounts,
        Property::BoardWin,
        Property::CatchesWeakHard,
        Property::CatchesV1Hard,
    ];

    /// The stable name, as `--check` and the JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            Property::HardNeverLoses => "hard-never-loses",
            Property::KeepsValue => "keeps-value",
            Property::Levels => "levels",
            Property::SameAsEngine => "same-as-engine",
            Property::TreeCounts => "tree-counts",
            Property::BoardWin => "board-win",
            Property::CatchesWeakHard => "catches-weak-hard",
            Property::CatchesV1Hard => "catches-v1-hard",
        }
    }

    /// Whether the property must pass unless asked otherwise (informative ones only report).
    pub fn required_by_default(self) -> bool {
        !matches!(self, Property::Levels | Property::SameAsEngine)
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A property name that is not one of [`Property`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no property is called {name:?}; the properties are {}", known())]
pub struct UnknownProperty {
    /// What was asked for.
    pub name: String,
}

fn known() -> String {
    Property::SOLO
        .iter()
        .chain(&Property::EXTRAS)
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for Property {
    type Err = UnknownProperty;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Property::SOLO
            .into_iter()
            .chain(Property::EXTRAS)
            .find(|p| p.name() == name)
            .ok_or_else(|| UnknownProperty { name: name.to_owned() })
    }
}

/// How a property came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It holds.
    Pass,
    /// It does not hold; the details say where.
    Fail,
    /// It could not be run (a revert where the rules allow the call, a misbehaving contract).
    Error,
    /// An informative property's report, which never fails a run.
    Info,
}

impl Status {
    /// `pass`, `fail`, `error` or `info`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Error => "error",
            Status::Info => "info",
        }
    }
}

/// Which side moved first in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seat {
    /// The human opened.
    HumanFirst,
    /// The CPU opened.
    CpuFirst,
}

impl Seat {
    /// From the `cpu_first` flag of a game.
    pub fn of(cpu_first: bool) -> Self {
        if cpu_first { Seat::CpuFirst } else { Seat::HumanFirst }
    }

    /// Whether the CPU opens.
    pub fn cpu_first(self) -> bool {
        self == Seat::CpuFirst
    }

    /// `human first` or `CPU first`.
    pub fn words(self) -> &'static str {
        match self {
            Seat::HumanFirst => "human first",
            Seat::CpuFirst => "CPU first",
        }
    }
}

/// A line the human won against Hard: what `--emit-test` replays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LosingLine {
    /// Who opened.
    pub seat: Seat,
    /// The human's cells, in the order played.
    pub human_cells: Vec<u8>,
    /// Every cell, both sides, in the order played.
    pub moves: Vec<u8>,
}

impl LosingLine {
    /// The line from every cell in turn, `seat` saying who made the first of them.
    pub fn from_moves(seat: Seat, moves: &[u8]) -> Self {
        let human_parity = usize::from(seat.cpu_first());
        let human_cells = moves
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == human_parity)
            .map(|(_, &cell)| cell)
            .collect();
        Self {
            seat,
            human_cells,
            moves: moves.to_vec(),
        }
    }
}

/// One property's report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyReport {
    /// Which property.
    pub name: Property,
    /// How it came out.
    pub status: Status,
    /// Whether the run fails unless it passes.
    pub required: bool,
    /// One line in words.
    pub summary: String,
    /// Further lines to print under it (losing lines, differing positions drawn as boards, the failed call).
    pub details: Vec<String>,
    /// For `hard-never-loses`: the shortest line a human won, over both seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub losing_line: Option<LosingLine>,
}

impl PropertyReport {
    /// Whether this report fails a run: a required property that did not pass.
    pub fn fails_run(&self) -> bool {
        self.required && self.status != Status::Pass
    }

    /// A property that could not be run, and why.
    pub fn error(name: Property, required: bool, why: String) -> Self {
        Self {
            name,
            status: Status::Error,
            required,
            summary: "could not be run".to_owned(),
            details: vec![why],
            losing_line: None,
        }
    }
}

/// Which properties to run and which of the informative ones to require.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoloOptions {
    /// The properties to run; empty runs them all.
    pub checks: Vec<Property>,
    /// Informative properties to require (required ones are required anyway).
    pub require: Vec<Property>,
}

impl SoloOptions {
    /// Whether `property` is to be run.
    pub fn runs(&self, property: Property) -> bool {
        self.checks.is_empty() || self.checks.contains(&property)
    }

    /// Whether `property` must pass.
    pub fn requires(&self, property: Property) -> bool {
        property.required_by_default() || self.require.contains(&property)
    }
}

/// Everything a proof of one solo contract established, property by property, and the runs behind them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SoloReport {
    /// The contract's name as the caller gave it.
    pub contract: String,
    /// `marubatsu` (the toolkit's `ISoloTicTacToe`) or `book` (the book's `games(uint256)` getter).
    pub dialect: &'static str,
    /// Every property run, in order.
    pub properties: Vec<PropertyReport>,
    /// Every human line against each level and seat that was explored.
    pub lines: Vec<LineExploration>,
    /// The fork line against Normal, when `levels` ran it.
    pub normal_fork_line: Option<ForkLine>,
    /// The contract's CPU against the engine's, when `same-as-engine` ran.
    pub differential: Option<DifferentialReport>,
    /// Hard's move on every legal position against the minimax, when `keeps-value` ran.
    pub hard_value: Option<ValueReport>,
    /// Gas per function over the calls made (transaction gas; execution gas for view and pure functions).
    pub gas: BTreeMap<String, GasStats>,
    /// `previewCpuMove` per level, easiest first (execution gas).
    pub preview_gas_by_level: Vec<LevelGasStats>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl SoloReport {
    /// The report of `property`, if it ran.
    pub fn property(&self, property: Property) -> Option<&PropertyReport> {
        self.properties.iter().find(|p| p.name == property)
    }

    /// True when every required property passed.
    pub fn passed(&self) -> bool {
        !self.properties.iter().any(PropertyReport::fails_run)
    }

    /// The summary of every required property that did not pass.
    pub fn failures(&self) -> Vec<String> {
        failures(&self.properties)
    }
}

/// One line per report that fails a run: its name, status and summary.
pub(crate) fn failures<'a>(reports: impl IntoIterator<Item = &'a PropertyReport>) -> Vec<String> {
    reports
        .into_iter()
        .filter(|p| p.fails_run())
        .map(|p| format!("{} ({}): {}", p.name, p.status.name(), p.summary))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_unknown_ones_list_the_known() {
        for property in Property::SOLO.into_iter().chain(Property::EXTRAS) {
            assert_eq!(property.name().parse::<Property>(), Ok(property));
            assert_eq!(
                serde_json::to_value(property).unwrap(),
                serde_json::Value::String(property.name().into())
            );
        }
        let err = "differential".parse::<Property>().unwrap_err().to_string();
        assert!(
            err.contains("hard-never-loses, keeps-value, levels, same-as-engine"),
            "{err}"
        );
    }

    #[test]
    fn a_losing_line_keeps_the_humans_cells_of_its_seat() {
        let human_first = LosingLine::from_moves(Seat::HumanFirst, &[0, 4, 8, 2, 6, 3, 7]);
        assert_eq!(human_first.human_cells, [0, 8, 6, 7]);
        let cpu_first = LosingLine::from_moves(Seat::CpuFirst, &[4, 0, 8, 2, 1, 6, 3]);
        assert_eq!(cpu_first.human_cells, [0, 2, 6]);
    }
}
