//! What a conformance run reports: one entry per property, with counts, and a shrunk counterexample in words.

use serde::Serialize;

/// The name of the property of fixed sequences (every ending, every boundary).
pub const PVP_ENDINGS: &str = "pvp-endings";
/// The name of the property of seeded random sequences.
pub const PVP_RANDOM: &str = "pvp-random";

/// How a conformance run is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvpOptions {
    /// Random sequences to run (`pvp-random`).
    pub cases: u32,
    /// The seed of the random sequences: the same seed draws the same sequences.
    pub seed: u64,
    /// The longest random sequence, in steps.
    pub max_steps: usize,
    /// The properties to run, by name ([`PVP_ENDINGS`], [`PVP_RANDOM`]); empty runs both.
    pub checks: Vec<String>,
}

impl PvpOptions {
    /// Whether the property `name` is to be run.
    pub fn runs(&self, name: &str) -> bool {
        self.checks.is_empty() || self.checks.iter().any(|check| check == name)
    }
}

impl Default for PvpOptions {
    fn default() -> Self {
        PvpOptions {
            cases: 1_000,
            seed: 0x5EED,
            max_steps: 40,
            checks: Vec::new(),
        }
    }
}

/// Progress, given after each sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PvpProgress {
    /// The property being run.
    pub property: &'static str,
    /// Sequences run so far for it.
    pub done: u64,
    /// Sequences it will run.
    pub total: u64,
}

/// The result of a property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PvpStatus {
    /// The contract agreed with the rules on every sequence.
    Pass,
    /// A sequence on which it does not: see the counterexample.
    Fail,
    /// The property could not be run (a view the setup needs reverted, too few funded accounts, a transaction
    /// the chain refused).
    Error,
}

/// A shrunk sequence on which the contract and the rules part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Counterexample {
    /// The steps, one per line in words; the last one is where they part.
    pub steps: Vec<String>,
    /// What differs after the last step: the call's outcome, `getGame(1)`, a balance.
    pub what: String,
    /// What the contract did or shows.
    pub contract: String,
    /// What the rules say.
    pub rules: String,
    /// Where the sequence came from: the fixed sequence's name, or the random case and seed.
    pub origin: String,
}

/// One property's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct PropertyReport {
    /// `pvp-endings` or `pvp-random`.
    pub name: &'static str,
    /// Pass, fail or error.
    pub status: PvpStatus,
    /// One line.
    pub summary: String,
    /// More lines: the fixed sequences run, the seed, the accounts' addresses.
    pub details: Vec<String>,
    /// Set when the status is fail.
    pub counterexample: Option<Counterexample>,
    /// Sequences run (shrinking's replays not counted).
    pub sequences: u64,
    /// Transactions sent to the contract, shrinking's replays included.
    pub calls: u64,
}

/// Every property's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct PvpReport {
    /// `pvp-endings`, then `pvp-random`.
    pub properties: Vec<PropertyReport>,
    /// Sequences run in all.
    pub sequences: u64,
    /// Transactions sent in all.
    pub calls: u64,
}

impl PvpReport {
    pub(crate) fn new(properties: Vec<PropertyReport>) -> PvpReport {
        PvpReport {
            sequences: properties.iter().map(|property| property.sequences).sum(),
            calls: properties.iter().map(|property| property.calls).sum(),
            properties,
        }
    }

    /// Whether every property passed.
    pub fn passed(&self) -> bool {
        self.properties
            .iter()
            .all(|property| property.status == PvpStatus::Pass)
    }

    /// The property named `name`.
    pub fn property(&self, name: &str) -> Option<&PropertyReport> {
        self.properties.iter().find(|property| property.name == name)
    }
}

impl std::fmt::Display for Counterexample {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} ({} steps):", self.origin, self.steps.len())?;
        for (index, step) in self.steps.iter().enumerate() {
            writeln!(f, "  {}. {step}", index + 1)?;
        }
        writeln!(f, "  then {}:", self.what)?;
        writeln!(f, "    the contract: {}", self.contract)?;
        write!(f, "    the rules:    {}", self.rules)
    }
}
