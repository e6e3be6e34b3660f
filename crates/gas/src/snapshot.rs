//! The committed gas snapshot and the check against it.

use std::{fmt, path::Path};

use crate::report::{ContractGas, GasReport};

/// Why a snapshot could not be used.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The file could not be read or written.
    #[error("{action} {path}: {source}")]
    Io {
        /// Reading or writing.
        action: &'static str,
        /// The snapshot's path.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not a gas report.
    #[error(
        "{path} is not a gas snapshot (forge gas-report JSON): {reason}; rewrite it with `marubatsu gas --snapshot`"
    )]
    Malformed {
        /// The snapshot's path.
        path: String,
        /// The parser's message.
        reason: String,
    },
}

/// Reads a snapshot written by [`write`].
pub fn read(path: &Path) -> Result<GasReport, SnapshotError> {
    let text = std::fs::read_to_string(path).map_err(|source| SnapshotError::Io {
        action: "reading",
        path: path.display().to_string(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|err| SnapshotError::Malformed {
        path: path.display().to_string(),
        reason: err.to_string(),
    })
}

/// Writes `report` as pretty JSON (forge's shape), ending in a newline.
pub fn write(path: &Path, report: &GasReport) -> Result<(), SnapshotError> {
    let mut text = serde_json::to_string_pretty(report).unwrap_or_default();
    text.push('\n');
    std::fs::write(path, text).map_err(|source| SnapshotError::Io {
        action: "writing",
        path: path.display().to_string(),
        source,
    })
}

/// One figure that differs between the snapshot and now.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// `Contract.function` or `Contract deployment`.
    pub subject: String,
    /// `min`, `mean`, `median`, `max`, `calls`, `gas` or `size`.
    pub figure: &'static str,
    /// The snapshot's value (None: not in the snapshot).
    pub before: Option<u64>,
    /// The current value (None: gone).
    pub after: Option<u64>,
}

impl Change {
    /// Relative change in percent (None when a side is missing or the old value is zero).
    pub fn percent(&self) -> Option<f64> {
        match (self.before, self.after) {
            (Some(b), Some(a)) if b > 0 => Some((a as f64 - b as f64) * 100.0 / b as f64),
            _ => None,
        }
    }

    /// A rise beyond `tolerance` percent, or a figure that appeared, vanished or changed in count (the
    /// workload itself changed, so the snapshot no longer describes it).
    pub fn fails(&self, tolerance: f64) -> bool {
        match (self.before, self.after) {
            (Some(b), Some(a)) if self.figure == "calls" => a != b,
            (Some(b), Some(a)) => a > b && (a as f64) > b as f64 * (1.0 + tolerance / 100.0),
            _ => true,
        }
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: Option<u64>| v.map_or_else(|| "—".to_owned(), |v| v.to_string());
        write!(
            f,
            "{} {}: {} → {}",
            self.subject,
            self.figure,
            show(self.before),
            show(self.after)
        )?;
        match self.percent() {
            Some(p) => write!(f, " ({p:+.2}%)"),
            None if self.before.is_none() => f.write_str(" (not in the snapshot)"),
            None if self.after.is_none() => f.write_str(" (no longer measured)"),
            None => Ok(()),
        }
    }
}

/// Every figure that differs between `snapshot` and `current`, in report order.
pub fn diff(snapshot: &GasReport, current: &GasReport) -> Vec<Change> {
    let mut changes = Vec::new();
    let mut names: Vec<&str> = current.contracts.iter().map(|c| c.contract.as_str()).collect();
    for old in &snapshot.contracts {
        if !names.contains(&old.contract.as_str()) {
            names.push(&old.contract);
        }
    }
    for name in names {
        let old = snapshot.contracts.iter().find(|c| c.contract == name);
        let new = current.contracts.iter().find(|c| c.contract == name);
        diff_contract(name, old, new, &mut changes);
    }
    changes
}

fn diff_contract(name: &str, old: Option<&ContractGas>, new: Option<&ContractGas>, out: &mut Vec<Change>) {
    let short = name.rsplit(':').next().unwrap_or(name);
    let mut push = |subject: String, figure, before: Option<u64>, after: Option<u64>| {
        if before != after {
            out.push(Change {
                subject,
                figure,
                before,
                after,
            });
        }
    };
    let deployment = format!("{short} deployment");
    push(
        deployment.clone(),
        "gas",
        old.map(|c| c.deployment.gas),
        new.map(|c| c.deployment.gas),
    );
    push(
        deployment,
        "size",
        old.map(|c| c.deployment.size),
        new.map(|c| c.deployment.size),
    );
    let mut functions: Vec<&String> = new.map(|c| c.functions.keys().collect()).unwrap_or_default();
    if let Some(old) = old {
        functions.extend(
            old.functions
                .keys()
                .filter(|k| new.is_none_or(|n| !n.functions.contains_key(*k))),
        );
    }
    for function in functions {
        let before = old.and_then(|c| c.functions.get(function));
        let after = new.and_then(|c| c.functions.get(function));
        let subject = format!("{short}.{function}");
        push(
            subject.clone(),
            "calls",
            before.map(|s| s.calls),
            after.map(|s| s.calls),
        );
        if before.is_none() || after.is_none() {
            // A function that appeared or vanished: one line says it; its other figures add nothing.
            continue;
        }
        push(subject.clone(), "min", before.map(|s| s.min), after.map(|s| s.min));
        push(subject.clone(), "mean", before.map(|s| s.mean), after.map(|s| s.mean));
        push(
            subject.clone(),
            "median",
            before.map(|s| s.median),
            after.map(|s| s.median),
        );
        push(subject, "max", before.map(|s| s.max), after.map(|s| s.max));
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::report::DeploymentGas;
    use marubatsu_chain::gas::GasStats;

    fn report(play_mean: u64) -> GasReport {
        let mut functions = BTreeMap::new();
        let stats = GasStats {
            calls: 10,
            min: 30_000,
            mean: play_mean,
            median: play_mean,
            max: 40_000,
        };
        functions.insert("play(uint256,uint8)".to_owned(), stats);
        GasReport {
            contracts: vec![ContractGas {
                contract: "contracts/Solo.sol:Solo".into(),
                deployment: DeploymentGas {
                    gas: 900_000,
                    size: 4_000,
                },
                functions,
            }],
        }
    }

    #[test]
    fn a_rise_beyond_the_tolerance_fails_and_names_the_function_and_both_numbers() {
        let changes = diff(&report(32_000), &report(33_000));
        let failing: Vec<_> = changes.iter().filter(|c| c.fails(1.0)).collect();
        assert_eq!(failing.len(), 2, "mean and median rose 3.1%");
        assert_eq!(
            failing[0].to_string(),
            "Solo.play(uint256,uint8) mean: 32000 → 33000 (+3.12%)"
        );
    }

    #[test]
    fn a_rise_within_the_tolerance_and_any_fall_pass() {
        assert!(diff(&report(32_000), &report(32_300)).iter().all(|c| !c.fails(1.0)));
        assert!(diff(&report(32_000), &report(20_000)).iter().all(|c| !c.fails(0.0)));
        assert!(diff(&report(32_000), &report(32_000)).is_empty());
    }

    #[test]
    fn a_new_or_vanished_function_or_a_changed_workload_fails() {
        let mut more = report(32_000);
        let extra = GasStats {
            calls: 1,
            min: 1,
            mean: 1,
            median: 1,
            max: 1,
        };
        more.contracts[0].functions.insert("resign(uint256)".into(), extra);
        assert!(
            diff(&report(32_000), &more)
                .iter()
                .any(|c| c.fails(100.0) && c.before.is_none())
        );
        assert!(
            diff(&more, &report(32_000))
                .iter()
                .any(|c| c.fails(100.0) && c.after.is_none())
        );
        let mut fewer_calls = report(32_000);
        fewer_calls.contracts[0]
            .functions
            .get_mut("play(uint256,uint8)")
            .unwrap()
            .calls = 9;
        assert!(
            diff(&report(32_000), &fewer_calls)
                .iter()
                .any(|c| c.figure == "calls" && c.fails(100.0))
        );
    }

    #[test]
    fn a_snapshot_round_trips_and_a_broken_one_is_a_clear_error() {
        let dir = std::env::temp_dir().join(format!("marubatsu-snapshot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("gas-snapshot.json");
        write(&path, &report(32_000)).unwrap();
        assert_eq!(read(&path).unwrap(), report(32_000));
        std::fs::write(&path, "{ not json").unwrap();
        let err = read(&path).unwrap_err().to_string();
        assert!(
            err.contains("is not a gas snapshot") && err.contains("--snapshot"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
