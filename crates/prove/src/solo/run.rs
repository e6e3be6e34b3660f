//! Runs the solo properties one by one, each from the same chain state, so that one property's revert or failure
//! never hides another's verdict.

use std::time::Instant;

use marubatsu_chain::{
    evm::Chain,
    gas::{GasKind, GasLog},
};
use marubatsu_engine::tictactoe::Difficulty;

use super::{
    SoloTarget,
    fork_line::play_fork_line,
    report::{Property, PropertyReport, SoloOptions, SoloReport},
    verdicts,
};
use crate::{
    differential::{LevelGas, compare_cpu},
    error::ProveError,
    lines::{LineExploration, explore_levels},
    minimax::check_hard_value,
    progress::Progress,
    proof::LevelGasStats,
};

/// What the runs have gathered so far.
struct Runs<'a> {
    chain: &'a mut Chain,
    target: &'a SoloTarget,
    name: &'a str,
    progress: &'a mut dyn FnMut(&Progress),
    gas: GasLog,
    levels: LevelGas,
    report: SoloReport,
}

/// Proves the solo contract `target` (called `name` in the report) property by property, as `options` selects;
/// every property starts from the chain's state at the call, and the chain is left in that state.
pub fn prove_solo(
    chain: &mut Chain,
    name: &str,
    target: &SoloTarget,
    options: &SoloOptions,
    progress: &mut dyn FnMut(&Progress),
) -> SoloReport {
    let started = Instant::now();
    let mut runs = Runs {
        chain,
        target,
        name,
        progress,
        gas: GasLog::default(),
        levels: LevelGas::default(),
        report: SoloReport {
            contract: name.to_owned(),
            dialect: target.contract.dialect.name(),
            properties: Vec::new(),
            lines: Vec::new(),
            normal_fork_line: None,
            differential: None,
            hard_value: None,
            gas: Default::default(),
            preview_gas_by_level: Vec::new(),
            seconds: 0.0,
        },
    };
    let base = runs.chain.snapshot();
    for property in Property::SOLO.into_iter().filter(|&p| options.runs(p)) {
        let required = options.requires(property);
        let outcome = match property {
            Property::HardNeverLoses => runs.hard_never_loses(required),
            Property::KeepsValue => runs.keeps_value(required),
            Property::Levels => runs.levels(required),
            Property::SameAsEngine => runs.same_as_engine(required),
            // The checkout's extras are not in `Property::SOLO`; they are proved by `prove_all`.
            extra => Err(ProveError::Contract(format!(
                "{extra} is a check of the toolkit's checkout"
            ))),
        };
        runs.chain.restore(&base);
        let report = outcome.unwrap_or_else(|err| PropertyReport::error(property, required, err.to_string()));
        runs.report.properties.push(report);
    }
    let mut report = runs.report;
    report.gas = runs.gas.summary(GasKind::Transaction);
    report.preview_gas_by_level = runs
        .levels
        .stats(GasKind::Transaction)
        .into_iter()
        .map(|(level, stats)| LevelGasStats {
            level: level.name(),
            stats,
        })
        .collect();
    report.seconds = started.elapsed().as_secs_f64();
    report
}

impl Runs<'_> {
    fn explore(&mut self, levels: &[Difficulty]) -> Result<Vec<LineExploration>, ProveError> {
        let label = format!("{}: every line", self.name);
        let runs = explore_levels(self.chain, self.target, levels, &mut self.gas, &label, self.progress)?;
        self.report.lines.extend(runs.iter().cloned());
        Ok(runs)
    }

    fn hard_never_loses(&mut self, required: bool) -> Result<PropertyReport, ProveError> {
        let runs = self.explore(&[Difficulty::Hard])?;
        Ok(verdicts::hard_never_loses(&runs, required))
    }

    fn levels(&mut self, required: bool) -> Result<PropertyReport, ProveError> {
        let runs = self.explore(&[Difficulty::Normal, Difficulty::Easy])?;
        let fork = play_fork_line(self.chain, self.target)?;
        let report = verdicts::levels(&runs, &fork, required);
        self.report.normal_fork_line = Some(fork);
        Ok(report)
    }

    fn same_as_engine(&mut self, required: bool) -> Result<PropertyReport, ProveError> {
        let progress = &mut *self.progress;
        let stage = format!("{}: previewCpuMove vs engine", self.name);
        let mut on_position = |done, total| {
            progress(&Progress {
                stage: stage.clone(),
                done,
                total: Some(total),
            })
        };
        let diff = compare_cpu(
            self.chain,
            &self.target.contract,
            &mut self.gas,
            &mut self.levels,
            &mut on_position,
        )?;
        let report = verdicts::same_as_engine(&diff, required);
        self.report.differential = Some(diff);
        Ok(report)
    }

    fn keeps_value(&mut self, required: bool) -> Result<PropertyReport, ProveError> {
        let progress = &mut *self.progress;
        let stage = format!("{}: Hard vs minimax", self.name);
        let mut on_position = |done, total| {
            progress(&Progress {
                stage: stage.clone(),
                done,
                total: Some(total),
            })
        };
        let value = check_hard_value(self.chain, &self.target.contract, self.name, &mut on_position)?;
        let report = verdicts::keeps_value(&value, required);
        self.report.hard_value = Some(value);
        Ok(report)
    }
}
