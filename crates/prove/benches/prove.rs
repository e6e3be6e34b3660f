//! Times the whole proof (`marubatsu prove` minus compiling): `cargo bench -p marubatsu-prove --bench prove`.
//!
//! Every run deploys fresh contracts in a new in-process chain and does all of it: the engine's tree count,
//! Board's 512 masks, every human line against every level from both seats, the fork line, the 81,360-call
//! differential, Hard against the minimax on 4,520 positions, and the two broken variants. Pass a number to change the iterations (`-- 9`).

use marubatsu_chain::compiler::Compiler;
use marubatsu_prove::{SoloOptions, prove_all};

fn main() {
    let iterations = marubatsu_bench::iterations(5);
    let contracts = Compiler::locate().and_then(|c| c.compile()).unwrap_or_else(|err| {
        eprintln!("cannot compile the contracts: {err}");
        std::process::exit(1);
    });
    let mut transactions = 0;
    let timing = marubatsu_bench::measure(iterations, || {
        let report = prove_all(&contracts, &SoloOptions::default(), &mut |_| {}).unwrap_or_else(|err| {
            eprintln!("proof run failed: {err}");
            std::process::exit(1);
        });
        assert!(report.failures().is_empty(), "{:?}", report.failures());
        let solo = &report.solo;
        let positions = |value: Option<&marubatsu_prove::ValueReport>| value.map_or(0, |v| v.positions);
        transactions = solo
            .lines
            .iter()
            .chain(&report.demonstration_runs.weakened_hard)
            .map(|r| r.transactions)
            .sum::<u64>()
            + solo.differential.as_ref().map_or(0, |d| d.comparisons)
            + positions(solo.hard_value.as_ref())
            + positions(report.demonstration_runs.v1_hard_value.as_ref())
            + 512;
    });
    println!("{iterations} iterations of the whole proof ({transactions} EVM calls and transactions each)");
    println!(
        "{:<32} median {:>12.3?}   min {:>12.3?}",
        "prove_all", timing.median, timing.fastest
    );
}
