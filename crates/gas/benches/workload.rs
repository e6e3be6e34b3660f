//! Times what `marubatsu gas` does after compiling: the whole workload and the report.
//! `cargo bench -p marubatsu-gas --bench workload` (pass a number to change the iterations).

use std::time::Instant;

use marubatsu_chain::compiler::Compiler;
use marubatsu_chain::gas::GasKind;
use marubatsu_gas::{format, run_workload};

fn main() {
    let iterations = marubatsu_bench::iterations(5);
    let started = Instant::now();
    let contracts = Compiler::locate().and_then(|c| c.compile()).unwrap_or_else(|err| {
        eprintln!("cannot compile the contracts: {err}");
        std::process::exit(1);
    });
    println!(
        "compile ({}): {:.3?}",
        if contracts.from_cache() { "from cache" } else { "fresh" },
        started.elapsed()
    );
    marubatsu_bench::time("gas workload + table", iterations, || {
        let workload = run_workload(&contracts, &mut |_| {}).unwrap_or_else(|err| {
            eprintln!("workload failed: {err}");
            std::process::exit(1);
        });
        format::table(&workload.report(GasKind::Transaction))
    });
}
