use clap::Args;
use eyre::{WrapErr, bail};
use marubatsu_prove::{LineExploration, ProofReport, prove_all};

use crate::{cli::CompilerArgs, output::print_json, progress::ProgressLine};

/// Compile the contracts, deploy them in the in-process chain and prove them exhaustively against the engine:
/// Hard never loses, Normal falls to the fork line, the contract's CPU equals the engine's on every legal
/// position, and a weakened Hard is caught.
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
        let contracts = self
            .compiler
            .compiler()?
            .compile()
            .wrap_err("compiling contracts/")?;
        let mut progress = ProgressLine::new();
        let report =
            prove_all(&contracts, &mut |p| progress.update(p)).wrap_err("running the proofs");
        progress.finish();
        let report = report?;
        if self.json {
            print_json(&report)?;
        } else {
            print_report(
                &report,
                contracts.from_cache(),
                contracts.elapsed().as_secs_f64(),
            );
        }
        let failures = report.failures();
        if !failures.is_empty() {
            bail!(
                "{} proof(s) failed:\n  {}",
                failures.len(),
                failures.join("\n  ")
            );
        }
        Ok(())
    }
}

fn verdict(ok: bool) -> &'static str {
    if ok { "PASS" } else { "FAIL" }
}

fn print_report(report: &ProofReport, from_cache: bool, compile_seconds: f64) {
    let cache = if from_cache { ", from cache" } else { "" };
    println!(
        "contracts compiled with solc {} in {compile_seconds:.2}s{cache}",
        report.solc_version
    );
    println!();
    let tree = &report.tree;
    let tree_ok = (tree.nodes, tree.games, tree.positions) == marubatsu_prove::EXPECTED_TREE;
    println!(
        "[{}] engine game tree: {} nodes, {} complete games, {} legal positions",
        verdict(tree_ok),
        tree.nodes,
        tree.games,
        tree.positions
    );
    let board = &report.board;
    println!(
        "[{}] Board.isWin equals the engine on {} masks ({} winning, {} mismatches)",
        verdict(board.passed()),
        board.masks_checked,
        board.winning_masks,
        board.mismatches.len()
    );
    println!();
    println!("every human line, played as transactions against SoloTicTacToe:");
    println!(
        "  {:<8} {:<12} {:>6} {:>11} {:>9} {:>6} {:>6}",
        "level", "seat", "lines", "human wins", "CPU wins", "draws", "txs"
    );
    for run in &report.lines {
        print_run(run);
    }
    let hard_losses: u64 = report
        .lines
        .iter()
        .filter(|r| r.difficulty == "hard")
        .map(|r| r.human_wins)
        .sum();
    println!(
        "[{}] Hard never loses: {hard_losses} human wins",
        verdict(hard_losses == 0)
    );
    let fork = &report.normal_fork_line;
    println!(
        "[{}] Normal loses to corner → opposite corner → third corner: {:?}",
        verdict(fork.human_won),
        fork.moves
    );
    for run in report
        .lines
        .iter()
        .filter(|r| r.difficulty != "hard" && r.human_wins > 0)
    {
        println!(
            "       first human win vs {} ({}): {:?}",
            run.difficulty,
            seat(run),
            run.first_human_win.as_deref().unwrap_or(&[])
        );
    }
    println!();
    let diff = &report.differential;
    println!(
        "[{}] previewCpuMove equals the engine's cpu_move: {} positions, {} comparisons (Easy over {} seeds), {} differences",
        verdict(diff.differences.is_empty()),
        diff.positions,
        diff.comparisons,
        diff.easy_seeds,
        diff.differences.len()
    );
    let caught = report.weakened_hard.iter().any(|r| r.human_wins > 0);
    println!(
        "[{}] the search catches a weakened Hard (no forcing move):",
        verdict(caught)
    );
    for run in &report.weakened_hard {
        print_run(run);
        if let Some(line) = &run.first_human_win {
            println!("       losing line ({}): {line:?}", seat(run));
        }
    }
    println!();
    println!(
        "gas over this workload (transaction gas; previewCpuMove: execution gas of the call):"
    );
    println!(
        "  {:<24} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "function", "min", "avg", "median", "max", "calls"
    );
    // previewCpuMove is shown per level (the combined row would hide that Hard costs the most).
    let rows = report
        .gas
        .iter()
        .filter(|row| row.name() != "previewCpuMove");
    for row in rows {
        let name = if row.function.contains('[') {
            row.function.as_str()
        } else {
            row.name()
        };
        println!(
            "  {:<24} {:>8} {:>8} {:>8} {:>8} {:>8}",
            name, row.min, row.avg, row.median, row.max, row.calls
        );
    }
    println!("(`marubatsu gas` reports both contracts in forge's format)");
    println!();
    println!("done in {:.2}s", report.seconds);
}

fn seat(run: &LineExploration) -> &'static str {
    if run.cpu_first {
        "CPU first"
    } else {
        "human first"
    }
}

fn print_run(run: &LineExploration) {
    println!(
        "  {:<8} {:<12} {:>6} {:>11} {:>9} {:>6} {:>6}",
        run.difficulty,
        seat(run),
        run.lines,
        run.human_wins,
        run.cpu_wins,
        run.draws,
        run.transactions
    );
}
