//! Times what `marubatsu gas` does after compiling: the whole workload and the report.
//! `cargo bench -p marubatsu-gas --bench workload` (pass a number to change the iterations).

use std::time::{Duration, Instant};

use marubatsu_chain::Compiler;
use marubatsu_chain::GasKind;
use marubatsu_gas::{format, run_workload};

fn main() {
    let iterations = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(5);
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
    let mut samples: Vec<Duration> = Vec::with_capacity(iterations);
    for _ in 0..iterations {
        let start = Instant::now();
        let workload = run_workload(&contracts, &mut |_| {}).unwrap_or_else(|err| {
            eprintln!("workload failed: {err}");
            std::process::exit(1);
        });
        let table = format::table(&workload.report(GasKind::Transaction));
        samples.push(start.elapsed());
        std::hint::black_box(table);
    }
    samples.sort();
    let (median, min) = (samples[samples.len() / 2], samples[0]);
    println!(
        "{:<32} median {median:>12.3?}   min {min:>12.3?}",
        "gas workload + table"
    );
}
