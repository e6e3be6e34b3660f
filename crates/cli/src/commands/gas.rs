use std::path::PathBuf;

use clap::Args;
use eyre::{WrapErr, bail};
use marubatsu_gas::{GasKind, GasReport, book, format, run_workload, snapshot};

use crate::{
    cli::CompilerArgs,
    output::{GAS_FIGURES, gas_header, gas_row, plain_table, print_json},
    progress::StageBar,
};

/// Measure the gas of every contract function over the documented workload and print it like forge's gas
/// report; check it against the committed snapshot.
///
/// Workload: for SoloTicTacToe every human line against every level from both seats (each line a game of its
/// own) and previewCpuMove on every legal position; for TicTacToe 96 scripted games covering staked and free
/// games, every kind of ending and the withdrawals. Transaction gas (21,000 base and calldata included) for
/// state-changing calls, execution gas for views, as forge reports them.
#[derive(Debug, Args)]
pub(crate) struct GasArgs {
    #[command(flatten)]
    compiler: CompilerArgs,
    /// Print forge's gas-report JSON.
    #[arg(long, conflicts_with = "md")]
    json: bool,
    /// Print Markdown tables (for a pull-request comment).
    #[arg(long)]
    md: bool,
    /// Report execution gas (transaction gas minus the intrinsic cost) instead of transaction gas.
    #[arg(long, conflicts_with_all = ["check", "diff", "snapshot"])]
    execution: bool,
    /// Fail if any figure rose beyond the tolerance against the snapshot (or the workload changed). Prints only
    /// the figures that differ, or one line when none does.
    #[arg(long, conflicts_with = "snapshot")]
    check: bool,
    /// Show every figure that changed against the snapshot (and nothing else), without failing.
    #[arg(long, conflicts_with = "snapshot")]
    diff: bool,
    /// Rewrite the snapshot with the current figures.
    #[arg(long)]
    snapshot: bool,
    /// Allowed rise, in percent, for --check.
    #[arg(long, value_name = "PCT", default_value_t = 0.0)]
    tolerance: f64,
    /// The snapshot file (default: gas-snapshot.json at the repository root).
    #[arg(long, value_name = "FILE")]
    snapshot_file: Option<PathBuf>,
}

impl GasArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        if !(self.tolerance.is_finite() && self.tolerance >= 0.0) {
            bail!(
                "--tolerance must be a percentage of zero or more, got {}",
                self.tolerance
            );
        }
        let compiler = self.compiler.compiler()?;
        let snapshot_path = self
            .snapshot_file
            .clone()
            .unwrap_or_else(|| compiler.workspace().root().join("gas-snapshot.json"));
        let contracts = compiler.compile().wrap_err("compiling contracts/")?;
        let mut progress = StageBar::new();
        let workload = run_workload(&contracts, &mut |p| progress.update(p));
        progress.finish();
        let workload = workload.wrap_err("running the gas workload")?;
        let kind = if self.execution {
            GasKind::Execution
        } else {
            GasKind::Transaction
        };
        let report = workload.report(kind);

        let comparing = self.check || self.diff;
        if self.json {
            print_json(&report)?;
        } else if self.md {
            print!("{}", format::markdown(&report));
        } else if !comparing {
            // Against a snapshot only the differences matter: the table is what `gas` alone prints.
            print!("{}", format::table(&report));
            print_breakdown(&workload.solo);
            print!("{}", book::render(&book::compare(&report)));
        }

        if self.snapshot {
            snapshot::write(&snapshot_path, &report)?;
            eprintln!("wrote {}", snapshot_path.display());
        } else if self.check || self.diff {
            return compare(&snapshot_path, &report, self.check, self.tolerance);
        }
        Ok(())
    }
}

fn print_breakdown(solo: &marubatsu_gas::ContractLog) {
    println!("previewCpuMove by level (execution gas):");
    let rows = solo
        .preview_by_level
        .stats(GasKind::Transaction)
        .into_iter()
        .map(|(level, row)| gas_row(level.name().to_owned(), &row));
    println!("{}", plain_table(&gas_header("level"), rows, &GAS_FIGURES));
    println!();
}

fn compare(path: &std::path::Path, report: &GasReport, check: bool, tolerance: f64) -> eyre::Result<()> {
    let saved = snapshot::read(path)?;
    let changes = snapshot::diff(&saved, report);
    let failing = changes.iter().filter(|c| c.fails(tolerance)).count();
    let figures: usize = report.contracts.iter().map(|c| c.functions.len()).sum();
    if changes.is_empty() {
        println!(
            "gas matches {} exactly ({figures} functions in {} contracts)",
            path.display(),
            report.contracts.len()
        );
        return Ok(());
    }
    println!("changes against {}:", path.display());
    for change in &changes {
        let mark = if change.fails(tolerance) { "✗" } else { " " };
        println!("  {mark} {change}");
    }
    if failing == 0 {
        println!(
            "{} figure(s) changed, none beyond the {tolerance}% tolerance",
            changes.len()
        );
    }
    if check && failing > 0 {
        bail!(
            "{failing} figure(s) rose beyond the {tolerance}% tolerance or the workload changed; if this is intended, \
             rewrite the snapshot with `marubatsu gas --snapshot`"
        );
    }
    Ok(())
}
