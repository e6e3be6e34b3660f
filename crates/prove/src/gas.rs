use std::collections::BTreeMap;

use serde::Serialize;

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

/// Gas samples per function, collected while a workload runs. Functions are named by their signature,
/// e.g. `play(uint256,uint8)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GasLog {
    samples: BTreeMap<String, Vec<GasSample>>,
}

/// Summary of one function's samples, in forge's gas-report columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FunctionGas {
    /// The function's signature, e.g. `play(uint256,uint8)`.
    pub function: String,
    /// Smallest sample.
    pub min: u64,
    /// Mean, rounded down as forge does.
    pub avg: u64,
    /// Median (the lower middle for an even count).
    pub median: u64,
    /// Largest sample.
    pub max: u64,
    /// Number of samples.
    pub calls: u64,
}

impl FunctionGas {
    /// The function's name without its parameter list.
    pub fn name(&self) -> &str {
        self.function.split('(').next().unwrap_or(&self.function)
    }
}

impl GasLog {
    /// Adds a state-changing call: its transaction gas and intrinsic cost.
    pub fn record_transaction(&mut self, function: &str, transaction: u64, intrinsic: u64) {
        let sample = GasSample {
            transaction,
            execution: transaction.saturating_sub(intrinsic),
        };
        self.samples
            .entry(function.to_owned())
            .or_default()
            .push(sample);
    }

    /// Adds a view or pure call, measured by its execution gas.
    pub fn record_view(&mut self, function: &str, execution: u64) {
        let sample = GasSample {
            transaction: execution,
            execution,
        };
        self.samples
            .entry(function.to_owned())
            .or_default()
            .push(sample);
    }

    /// Adds every sample of `other`.
    pub fn extend(&mut self, other: &GasLog) {
        for (function, samples) in &other.samples {
            self.samples
                .entry(function.clone())
                .or_default()
                .extend_from_slice(samples);
        }
    }

    /// The samples of `function`, in recording order.
    pub fn samples(&self, function: &str) -> &[GasSample] {
        self.samples.get(function).map_or(&[], Vec::as_slice)
    }

    /// One summary row per function, sorted by signature.
    pub fn summary(&self, kind: GasKind) -> Vec<FunctionGas> {
        self.samples
            .keys()
            .filter_map(|function| self.function(function, kind))
            .collect()
    }

    /// The summary row of `function`, if it has samples.
    pub fn function(&self, function: &str, kind: GasKind) -> Option<FunctionGas> {
        let mut sorted: Vec<u64> = self
            .samples(function)
            .iter()
            .map(|s| match kind {
                GasKind::Transaction => s.transaction,
                GasKind::Execution => s.execution,
            })
            .collect();
        sorted.sort_unstable();
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let calls = sorted.len() as u64;
        let avg = sorted.iter().sum::<u64>() / calls;
        let median = sorted[(sorted.len() - 1) / 2];
        Some(FunctionGas {
            function: function.to_owned(),
            min,
            avg,
            median,
            max,
            calls,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_has_forge_columns_for_both_kinds() {
        let mut log = GasLog::default();
        for gas in [30, 10, 20, 40] {
            log.record_transaction("play(uint256,uint8)", 21_000 + gas, 21_000);
        }
        log.record_view("getGame(uint256)", 7);
        let row = log
            .function("play(uint256,uint8)", GasKind::Execution)
            .unwrap();
        assert_eq!(
            (row.min, row.avg, row.median, row.max, row.calls),
            (10, 25, 20, 40, 4)
        );
        assert_eq!(row.name(), "play");
        let row = log
            .function("play(uint256,uint8)", GasKind::Transaction)
            .unwrap();
        assert_eq!((row.min, row.max), (21_010, 21_040));
        assert_eq!(
            log.function("getGame(uint256)", GasKind::Transaction)
                .unwrap()
                .max,
            7
        );
        assert!(log.function("missing()", GasKind::Transaction).is_none());
    }
}
