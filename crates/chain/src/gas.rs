//! Gas measured from receipts: samples per function and forge's summary columns.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::receipt::{Receipt, ViewOutcome};

/// Which gas figure a summary reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GasKind {
    /// What forge's gas report shows: transaction gas (21,000 base and calldata included) for state-changing
    /// calls, execution gas for view and pure calls.
    #[default]
    Transaction,
    /// Execution gas only: transaction gas minus the intrinsic cost, for every call.
    Execution,
}

/// One measured call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GasSample {
    /// Transaction gas (for view and pure calls: the same as `execution`).
    pub transaction: u64,
    /// Execution gas: transaction gas minus the intrinsic cost.
    pub execution: u64,
}

impl GasSample {
    /// The figure of `kind`.
    pub fn get(self, kind: GasKind) -> u64 {
        match kind {
            GasKind::Transaction => self.transaction,
            GasKind::Execution => self.execution,
        }
    }
}

impl<T> From<&Receipt<T>> for GasSample {
    /// A committed transaction: its receipt's gas and the intrinsic part of it.
    fn from(receipt: &Receipt<T>) -> Self {
        Self {
            transaction: receipt.gas_used,
            execution: receipt.execution_gas(),
        }
    }
}

impl<T> From<&ViewOutcome<T>> for GasSample {
    /// A view or pure call, measured (as forge does) by its execution gas alone.
    fn from(outcome: &ViewOutcome<T>) -> Self {
        Self {
            transaction: outcome.execution_gas,
            execution: outcome.execution_gas,
        }
    }
}

/// Summary of a set of samples, in forge's gas-report columns and with forge's JSON field names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GasStats {
    /// Number of samples.
    pub calls: u64,
    /// Smallest.
    pub min: u64,
    /// Mean, rounded down as forge does (forge's "Avg").
    pub mean: u64,
    /// Median (the lower middle for an even count).
    pub median: u64,
    /// Largest.
    pub max: u64,
}

/// The samples of one function (or of one part of it, such as one CPU level), in recording order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GasSamples(Vec<GasSample>);

impl GasSamples {
    /// Adds one sample: pass a [`Receipt`] or a [`ViewOutcome`].
    pub fn record(&mut self, sample: impl Into<GasSample>) {
        self.0.push(sample.into());
    }

    /// Every sample, in recording order.
    pub fn as_slice(&self) -> &[GasSample] {
        &self.0
    }

    /// The summary for `kind`, or `None` without samples.
    pub fn stats(&self, kind: GasKind) -> Option<GasStats> {
        let mut sorted: Vec<u64> = self.0.iter().map(|s| s.get(kind)).collect();
        sorted.sort_unstable();
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let calls = sorted.len() as u64;
        Some(GasStats {
            calls,
            min,
            mean: sorted.iter().sum::<u64>() / calls,
            median: sorted[(sorted.len() - 1) / 2],
            max,
        })
    }
}

/// Gas samples per function, collected while a workload runs. Functions are named by their signature,
/// e.g. `play(uint256,uint8)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GasLog {
    functions: BTreeMap<String, GasSamples>,
}

impl GasLog {
    /// Adds a call of `function`: pass its [`Receipt`] (a transaction) or [`ViewOutcome`] (a view or pure call).
    pub fn record(&mut self, function: &str, sample: impl Into<GasSample>) {
        self.functions.entry(function.to_owned()).or_default().record(sample);
    }

    /// Adds every sample of `other`.
    pub fn extend(&mut self, other: &GasLog) {
        for (function, samples) in &other.functions {
            self.functions
                .entry(function.clone())
                .or_default()
                .0
                .extend_from_slice(samples.as_slice());
        }
    }

    /// The samples of `function`, in recording order.
    pub fn samples(&self, function: &str) -> &[GasSample] {
        self.functions.get(function).map_or(&[], GasSamples::as_slice)
    }

    /// The summary of `function`, if it has samples.
    pub fn stats(&self, function: &str, kind: GasKind) -> Option<GasStats> {
        self.functions.get(function)?.stats(kind)
    }

    /// One summary per function, by signature.
    pub fn summary(&self, kind: GasKind) -> BTreeMap<String, GasStats> {
        self.functions
            .iter()
            .filter_map(|(function, samples)| Some((function.clone(), samples.stats(kind)?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::Address;

    use super::*;

    fn receipt(gas_used: u64) -> Receipt<()> {
        let mut receipt = Receipt::new((), Address::ZERO, None, gas_used, Vec::new());
        receipt.intrinsic_gas = 21_000;
        receipt
    }

    #[test]
    fn summary_has_forge_columns_for_both_kinds() {
        let mut log = GasLog::default();
        for gas in [30, 10, 20, 40] {
            log.record("play(uint256,uint8)", &receipt(21_000 + gas));
        }
        log.record(
            "getGame(uint256)",
            &ViewOutcome {
                value: (),
                execution_gas: 7,
            },
        );
        let row = log.stats("play(uint256,uint8)", GasKind::Execution).unwrap();
        assert_eq!((row.min, row.mean, row.median, row.max, row.calls), (10, 25, 20, 40, 4));
        let row = log.stats("play(uint256,uint8)", GasKind::Transaction).unwrap();
        assert_eq!((row.min, row.max), (21_010, 21_040));
        assert_eq!(log.stats("getGame(uint256)", GasKind::Transaction).unwrap().max, 7);
        assert!(log.stats("missing()", GasKind::Transaction).is_none());
        assert_eq!(
            log.summary(GasKind::Transaction).keys().collect::<Vec<_>>(),
            ["getGame(uint256)", "play(uint256,uint8)"]
        );
    }
}
