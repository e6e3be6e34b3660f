//! The PvP rules as a conformance suite: run them on the subject and print the report.

use eyre::eyre;
use marubatsu_chain::evm::Chain;
use marubatsu_conformance::{PVP_ENDINGS, PVP_RANDOM, PvpOptions, PvpReport, PvpStatus, prove_pvp, pvp_conforms};

use super::{
    ProveArgs, json,
    subject::{OnChain, Subject},
};
use crate::{output::print_json, progress::StageBar, report::NothingProved};

/// Runs `pvp-endings` and `pvp-random` on `subject` and prints the report; whether both passed.
pub(super) fn run(args: &ProveArgs, subject: Subject) -> eyre::Result<bool> {
    let options = options(args).map_err(|err| err.wrap_err(NothingProved))?;
    let mut others = None;
    let (label, fork, report) = match subject {
        Subject::Checkout(_) => return Err(eyre!("the checkout's own checks are solo checks").wrap_err(NothingProved)),
        Subject::Created(created) => {
            conforms(&created.contract.abi, &created.contract.name)?;
            let (mut chain, address) = created.deploy()?;
            others = Some((created.contract.name.clone(), created.others));
            (created.label, None, prove(&mut chain, address, &options))
        }
        Subject::OnChain(on_chain) => {
            let label = on_chain.label();
            let OnChain {
                mut chain,
                info,
                address,
                abi,
                compared,
                ..
            } = *on_chain;
            if compared.is_some() {
                conforms(&abi, "--contract")?;
            }
            let report = prove(&mut chain, address, &options);
            (label, Some((info, compared)), report)
        }
    };
    if args.json {
        let fork = fork.as_ref().map(|(info, compared)| (info, compared.as_ref()));
        print_json(&json::pvp(&label, fork, &report))?;
    } else {
        println!("proving {label} against the PvP rules");
        if let Some((proved, others)) = &others {
            super::solo::note_others(proved, others);
        }
        if let Some((_, compared)) = &fork {
            OnChain::say_what_was_read(compared.as_ref());
        }
        println!();
        print_report(&report);
    }
    Ok(report.passed())
}

fn prove(chain: &mut Chain, address: alloy_primitives::Address, options: &PvpOptions) -> PvpReport {
    let mut progress = StageBar::new();
    let report = prove_pvp(chain, address, options, &mut |p| {
        progress.update(&marubatsu_prove::Progress {
            stage: p.property.to_owned(),
            done: p.done,
            total: Some(p.total),
        })
    });
    progress.finish();
    report
}

fn options(args: &ProveArgs) -> eyre::Result<PvpOptions> {
    if let Some(unknown) = args
        .checks
        .iter()
        .find(|name| ![PVP_ENDINGS, PVP_RANDOM].contains(&name.as_str()))
    {
        return Err(eyre!(
            "no PvP property is called {unknown:?}; the PvP properties are {PVP_ENDINGS} and {PVP_RANDOM}"
        ));
    }
    let defaults = PvpOptions::default();
    Ok(PvpOptions {
        cases: args.cases,
        seed: args.seed.unwrap_or(defaults.seed),
        checks: args.checks.clone(),
        ..defaults
    })
}

/// A contract that lacks functions of ITicTacToe is refused by name (and pointed at the solo proof when it
/// speaks that instead).
fn conforms(abi: &serde_json::Value, name: &str) -> eyre::Result<()> {
    pvp_conforms(abi).map_err(|nonconforming| {
        let hint = if marubatsu_prove::solo_dialect(abi).is_ok() {
            "; it speaks ISoloTicTacToe: prove it without --pvp"
        } else {
            ""
        };
        eyre!("{name}: {nonconforming}{hint}").wrap_err(NothingProved)
    })
}

fn print_report(report: &PvpReport) {
    for property in &report.properties {
        let mark = match property.status {
            PvpStatus::Pass => "PASS",
            PvpStatus::Fail => "FAIL",
            PvpStatus::Error => "ERROR",
        };
        println!("[{mark}] {}: {}", property.name, property.summary);
        for line in &property.details {
            println!("       {line}");
        }
        if let Some(counterexample) = &property.counterexample {
            println!("       the shortest sequence found where the contract and the rules part:");
            for line in counterexample.to_string().lines() {
                println!("       {line}");
            }
        }
    }
    println!();
    println!("{} sequences, {} calls", report.sequences, report.calls);
}
