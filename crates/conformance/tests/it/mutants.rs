//! The suite can fail: each one-line rule bug of `script/pvp-mutants.json` (the mutants halmos-check.py runs
//! too), built into a copy of `TicTacToe`, and the test-only `DoublePayTicTacToe`, must be caught by
//! `prove_pvp` with a shrunk counterexample, while `TicTacToe` itself, built in the same compile, passes.
//!
//! The mutated copies are written, with contract names of their own, into a folder beside copies of the files
//! they import, and that folder is compiled once with the toolkit's compiler (the repository's solc-js wrapper).
//! The folder lives under Cargo's target directory, so the compiler's cache makes later runs quick.

use crate::support;

use std::path::{Path, PathBuf};

use marubatsu_chain::compiler::{Compiler, ContractSet, PVP_CONTRACT, Workspace};
use marubatsu_conformance::{PvpStatus, pvp_conforms};
use serde::Deserialize;
use support::{deployed, prove};

/// One entry of `script/pvp-mutants.json`.
#[derive(Deserialize)]
struct Mutant {
    name: String,
    what: String,
    line: String,
    replacement: String,
}

#[derive(Deserialize)]
struct MutantsFile {
    mutants: Vec<Mutant>,
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn mutants() -> Vec<Mutant> {
    let path = repository().join("script/pvp-mutants.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let file: MutantsFile = serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    file.mutants
}

/// Writes `TicTacToe`, its imports, `DoublePayTicTacToe` and one mutated copy per mutant (contract `<name>`) into
/// a workspace at `dir`, and compiles it.
fn compile_mutants(dir: &Path, mutants: &[Mutant]) -> ContractSet {
    let root = repository();
    let copy = |path: &str| {
        let to = dir.join(path);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root.join(path), &to).unwrap_or_else(|err| panic!("copying {path}: {err}"));
    };
    for path in [
        "foundry.toml",
        "contracts/TicTacToe.sol",
        "contracts/Board.sol",
        "contracts/interfaces/ITicTacToe.sol",
        "contracts/interfaces/ITicTacToeTimeBank.sol",
        "contracts/test/DoublePayTicTacToe.sol",
    ] {
        copy(path);
    }
    let source = std::fs::read_to_string(root.join("contracts/TicTacToe.sol")).unwrap();
    for mutant in mutants {
        let found = source.matches(mutant.line.as_str()).count();
        assert_eq!(
            found, 1,
            "mutant {}: the line to break occurs {found} times in TicTacToe.sol: {}",
            mutant.name, mutant.line
        );
        let declaration = "contract TicTacToe is ITicTacToe, ITicTacToeTimeBank {";
        assert_eq!(source.matches(declaration).count(), 1, "TicTacToe's declaration moved");
        let mutated = source.replace(mutant.line.as_str(), &mutant.replacement).replace(
            declaration,
            &format!("contract {} is ITicTacToe, ITicTacToeTimeBank {{", mutant.name),
        );
        std::fs::write(dir.join(format!("contracts/{}.sol", mutant.name)), mutated).unwrap();
    }
    // The repository's own solc-js wrapper, which finds solc-js in the repository's node_modules.
    let wrapper = root.join("script/solc-wrapper.js");
    let workspace = Workspace::at(dir).unwrap_or_else(|err| panic!("{err}"));
    let compiler = Compiler::new(workspace, Some(wrapper)).unwrap_or_else(|err| panic!("{err}"));
    compiler
        .compile()
        .unwrap_or_else(|err| panic!("compiling the mutants: {err}"))
}

#[test]
fn every_mutant_and_the_double_payer_is_caught_and_tictactoe_is_not() {
    let mutants = mutants();
    assert_eq!(mutants.len(), 13, "script/pvp-mutants.json");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pvp-mutants");
    let started = std::time::Instant::now();
    let contracts = compile_mutants(&dir, &mutants);
    eprintln!(
        "compiled {} contracts ({}) in {:.1} s",
        mutants.len() + 2,
        if contracts.from_cache() { "from cache" } else { "fresh" },
        started.elapsed().as_secs_f64()
    );

    let shipped = contracts.get(PVP_CONTRACT).unwrap();
    let (mut chain, address) = deployed(shipped);
    let report = prove(&mut chain, address, 300);
    assert!(report.passed(), "TicTacToe: {report:#?}");

    let mut caught = Vec::new();
    let suspects = mutants
        .iter()
        .map(|mutant| (mutant.name.as_str(), mutant.what.as_str()))
        .chain([("DoublePayTicTacToe", "every payout is credited twice")]);
    for (name, what) in suspects {
        let contract = contracts.get(name).unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(pvp_conforms(&contract.abi), Ok(()), "{name} keeps the interface");
        let (mut chain, address) = deployed(contract);
        let report = prove(&mut chain, address, 300);
        let failed: Vec<_> = report
            .properties
            .iter()
            .filter(|property| property.status == PvpStatus::Fail)
            .collect();
        assert!(
            report
                .properties
                .iter()
                .all(|property| property.status != PvpStatus::Error),
            "{name}: {report:#?}"
        );
        let Some(first) = failed.first() else {
            panic!("{name} ({what}) was not caught: {report:#?}");
        };
        let example = first.counterexample.as_ref().unwrap();
        eprintln!(
            "{name} ({what}): caught by {}, shrunk to {} steps\n{example}\n",
            failed
                .iter()
                .map(|property| property.name)
                .collect::<Vec<_>>()
                .join(" and "),
            example.steps.len()
        );
        assert!(example.steps.len() <= 16, "{name}: {example}");
        caught.push(name);
    }
    assert_eq!(caught.len(), 14);
}
