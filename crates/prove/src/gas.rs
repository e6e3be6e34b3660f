use std::collections::BTreeMap;

use serde::Serialize;

/// Gas samples per function, collected while a workload runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GasLog {
    samples: BTreeMap<String, Vec<u64>>,
}

/// Summary of one function's samples, in forge's gas-report columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FunctionGas {
    /// The function (with a level suffix where the workload splits it, e.g. `previewCpuMove[Hard]`).
    pub function: String,
    /// Smallest sample.
    pub min: u64,
    /// Mean, rounded down as forge does.
    pub avg: u64,
    /// Median (the lower middle for an even count, as forge reports it).
    pub median: u64,
    /// Largest sample.
    pub max: u64,
    /// Number of samples.
    pub calls: u64,
}

impl GasLog {
    /// Adds one sample for `function`.
    pub fn record(&mut self, function: &str, gas: u64) {
        self.samples
            .entry(function.to_owned())
            .or_default()
            .push(gas);
    }

    /// The samples of `function`, in recording order.
    pub fn samples(&self, function: &str) -> &[u64] {
        self.samples.get(function).map_or(&[], Vec::as_slice)
    }

    /// One summary row per function, sorted by name.
    pub fn summary(&self) -> Vec<FunctionGas> {
        self.samples
            .iter()
            .filter_map(|(function, samples)| summarize(function, samples))
            .collect()
    }

    /// The summary row of `function`, if it has samples.
    pub fn function(&self, function: &str) -> Option<FunctionGas> {
        summarize(function, self.samples(function))
    }
}

fn summarize(function: &str, samples: &[u64]) -> Option<FunctionGas> {
    let mut sorted = samples.to_vec();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_has_forge_columns() {
        let mut log = GasLog::default();
        for gas in [30, 10, 20, 40] {
            log.record("play", gas);
        }
        let row = log.function("play").unwrap();
        assert_eq!(
            (row.min, row.avg, row.median, row.max, row.calls),
            (10, 25, 20, 40, 4)
        );
        assert!(log.function("missing").is_none());
    }
}
