use std::time::Instant;

use clap::Args;
use eyre::{WrapErr, bail};
use marubatsu_chain::Chain;
use serde::Serialize;

use crate::{cli::CompilerArgs, output::print_json};

/// Compile the contracts, deploy them in the in-process chain and check them exhaustively against the engine.
#[derive(Debug, Args)]
pub(crate) struct ProveArgs {
    #[command(flatten)]
    compiler: CompilerArgs,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ProveSummary {
    solc_version: String,
    compile_seconds: f64,
    compiled_from_cache: bool,
    board: marubatsu_prove::BoardReport,
    seconds: f64,
}

impl ProveArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let started = Instant::now();
        let contracts = self
            .compiler
            .compiler()?
            .compile()
            .wrap_err("compiling contracts/")?;
        let mut chain = Chain::new();
        let deployer = chain.accounts()[0];
        let harness = chain
            .deploy(deployer, contracts.get("BoardHarness")?)
            .wrap_err("deploying BoardHarness")?
            .address;
        let board = marubatsu_prove::check_board_win_masks(&mut chain, harness)
            .wrap_err("checking Board.isWin")?;
        let summary = ProveSummary {
            solc_version: contracts.solc_version().to_owned(),
            compile_seconds: contracts.elapsed().as_secs_f64(),
            compiled_from_cache: contracts.from_cache(),
            seconds: started.elapsed().as_secs_f64(),
            board,
        };
        if self.json {
            print_json(&summary)?;
        } else {
            print_summary(&summary);
        }
        if !summary.board.passed() {
            bail!("the contracts disagree with the engine (see above)");
        }
        Ok(())
    }
}

fn print_summary(summary: &ProveSummary) {
    let cache = if summary.compiled_from_cache {
        ", from cache"
    } else {
        ""
    };
    println!(
        "compiled with solc {} in {:.2}s{cache}",
        summary.solc_version, summary.compile_seconds
    );
    let board = &summary.board;
    let verdict = if board.passed() { "PASS" } else { "FAIL" };
    println!(
        "[{verdict}] Board.isWin agrees with the engine on {}/512 masks ({} winning, {} mismatches)",
        board.masks_checked - board.mismatches.len() as u32,
        board.winning_masks,
        board.mismatches.len()
    );
    for mask in &board.mismatches {
        println!("       mismatch at mask {mask:#011b}");
    }
    println!("done in {:.2}s", summary.seconds);
}
