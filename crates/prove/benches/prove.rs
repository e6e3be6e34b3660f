//! Times the whole proof (`marubatsu prove` minus compiling): `cargo bench -p marubatsu-prove --bench prove`.
//!
//! Every run deploys fresh contracts in a new in-process chain and does all of it: the engine's tree count,
//! Board's 512 masks, every human line against every level from both seats, the fork line, the 81,360-call
//! differential, Hard against the minimax on 4,520 positions, and the two broken variants. Pass a number to change the iterations (`-- 9`).

use std::time::{Duration, Instant};

use marubatsu_chain::Compiler;
use marubatsu_prove::prove_all;

fn main() {
    let iterations = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(5);
    let contracts = Compiler::locate().and_then(|c| c.compile()).unwrap_or_else(|err| {
        eprintln!("cannot compile the contracts: {err}");
        std::process::exit(1);
    });
    let mut samples: Vec<Duration> = Vec::with_capacity(iterations);
    let mut transactions = 0;
    for _ in 0..=iterations {
        let start = Instant::now();
        let report = prove_all(&contracts, &mut |_| {}).unwrap_or_else(|err| {
            eprintln!("proof run failed: {err}");
            std::process::exit(1);
        });
        samples.push(start.elapsed());
        assert!(report.failures().is_empty(), "{:?}", report.failures());
        transactions = report
            .lines
            .iter()
            .chain(&report.demonstration_runs.weakened_hard)
            .map(|r| r.transactions)
            .sum::<u64>()
            + report.differential.comparisons
            + report.hard_value.positions
            + report.demonstration_runs.v1_hard_value.positions
            + 512;
    }
    // The first run warms caches and is not counted.
    samples.remove(0);
    samples.sort();
    let (median, min) = (samples[samples.len() / 2], samples[0]);
    println!("{iterations} iterations of the whole proof ({transactions} EVM calls and transactions each)");
    println!("{:<32} median {median:>12.3?}   min {min:>12.3?}", "prove_all");
}
