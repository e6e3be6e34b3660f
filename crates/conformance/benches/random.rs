//! Times `prove_pvp` on the shipped `TicTacToe` (three claim blocks): the fixed sequences and 1,000 random ones.
//! `cargo bench -p marubatsu-conformance --bench random` (pass a number to change the iterations).

use std::time::Instant;

use marubatsu_chain::{
    compiler::{Compiler, PVP_CONTRACT},
    evm::Chain,
    pvp::pvp_creation_code,
};
use marubatsu_conformance::{PvpOptions, prove_pvp};

fn main() {
    let iterations = marubatsu_bench::iterations(3);
    let contracts = Compiler::locate().and_then(|c| c.compile()).unwrap_or_else(|err| {
        eprintln!("cannot compile the contracts: {err}");
        std::process::exit(1);
    });
    let contract = contracts.get(PVP_CONTRACT).unwrap_or_else(|err| {
        eprintln!("{err}");
        std::process::exit(1);
    });
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let address = chain
        .deploy_code(deployer, pvp_creation_code(contract, 3), Default::default())
        .unwrap_or_else(|err| {
            eprintln!("deploying {PVP_CONTRACT}: {err}");
            std::process::exit(1);
        })
        .address;
    let options = PvpOptions {
        cases: 1_000,
        ..PvpOptions::default()
    };
    let started = Instant::now();
    let report = prove_pvp(&mut chain, address, &options, &mut |_| {});
    println!(
        "first run: {} sequences, {} calls in {:.2?}; passed: {}",
        report.sequences,
        report.calls,
        started.elapsed(),
        report.passed()
    );
    marubatsu_bench::time("prove_pvp, 1,000 random sequences", iterations, || {
        prove_pvp(&mut chain, address, &options, &mut |_| {})
    });
}
