use clap::Args;
use eyre::{WrapErr, bail};
use marubatsu_prove::{LineExploration, ProofReport, PropertyReport, SoloOptions, prove_all};

use crate::{
    cli::CompilerArgs,
    output::{GAS_FIGURES, gas_header, gas_row, plain_table, print_json},
    progress::StageBar,
};

/// Compile the contracts, deploy them in the in-process chain and prove them exhaustively against the engine:
/// Hard never loses, Normal falls to the fork line, the contract's CPU equals the engine's on every legal
/// position, Hard keeps the game's value on every legal position (against an independent minimax), and broken
/// variants of Hard are caught.
#[derive(Debug, Args)]
pub(crate) struct ProveArgs {
    #[command(flatten)]
    compiler: CompilerArgs,
    /// Print the full report as JSON.
    #[arg(long)]
    json: bool,
}

impl ProveArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let contracts = self.compiler.compiler()?.compile().wrap_err("compiling contracts/")?;
        let mut progress = StageBar::new();
        let report =
            prove_all(&contracts, &SoloOptions::default(), &mut |p| progress.update(p)).wrap_err("running the proofs");
        progress.finish();
        let report = report?;
        if self.json {
            print_json(&report)?;
        } else {
            print_report(&report, contracts.from_cache(), contracts.elapsed().as_secs_f64());
        }
        // The report has said what failed, and where; the exit status only has to agree with it.
        let failures = report.failures();
        if !failures.is_empty() {
            bail!("{} of the proofs failed (the report above shows where)", failures.len());
        }
        Ok(())
    }
}

fn print_property(report: &PropertyReport) {
    let mark = report.status.name().to_uppercase();
    let required = if report.required { "" } else { " (informative)" };
    println!("[{mark}] {}: {}{required}", report.name, report.summary);
    for line in &report.details {
        println!("       {line}");
    }
}

fn print_report(report: &ProofReport, from_cache: bool, compile_seconds: f64) {
    let cache = if from_cache { ", from cache" } else { "" };
    println!(
        "contracts compiled with solc {} in {compile_seconds:.2}s{cache}",
        report.solc_version
    );
    println!();
    println!("every human line, played as transactions against SoloTicTacToe:");
    print_runs(&report.solo.lines);
    for property in report.properties() {
        print_property(property);
    }
    println!();
    println!("the weakened Hard (WeakHardSoloTicTacToe), which catches-weak-hard must catch:");
    print_runs(&report.demonstration_runs.weakened_hard);
    println!();
    println!("gas over this workload (transaction gas; previewCpuMove: execution gas of the call):");
    // previewCpuMove is shown per level (the combined row would hide that Hard costs the most).
    let functions = report
        .solo
        .gas
        .iter()
        .filter(|(signature, _)| !signature.starts_with("previewCpuMove("))
        .map(|(signature, stats)| (signature.split('(').next().unwrap_or(signature).to_owned(), stats));
    let levels = report
        .solo
        .preview_gas_by_level
        .iter()
        .map(|level| (format!("previewCpuMove, {}", level.level), &level.stats));
    let rows = functions.chain(levels).map(|(name, stats)| gas_row(name, stats));
    println!("{}", plain_table(&gas_header("function"), rows, &GAS_FIGURES));
    println!("(`marubatsu gas` reports both contracts in forge's format)");
    println!();
    println!("done in {:.2}s", report.seconds);
}

fn seat(run: &LineExploration) -> &'static str {
    if run.cpu_first { "CPU first" } else { "human first" }
}

fn print_runs(runs: &[LineExploration]) {
    let rows = runs.iter().map(|run| {
        vec![
            run.difficulty.to_string(),
            seat(run).to_owned(),
            run.lines.to_string(),
            run.human_wins.to_string(),
            run.cpu_wins.to_string(),
            run.draws.to_string(),
            run.transactions.to_string(),
        ]
    });
    println!(
        "{}",
        plain_table(
            &["level", "seat", "lines", "human wins", "CPU wins", "draws", "txs"],
            rows,
            &[2, 3, 4, 5, 6]
        )
    );
}
