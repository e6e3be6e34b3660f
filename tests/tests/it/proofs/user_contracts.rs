//! Contracts a user writes, proved through the adapter their ABI selects: the book's shape, a perfect Hard with
//! other tie-breaks, a weak Hard, a broken Normal, and contracts that do not speak the interface.

use marubatsu_prove::{
    EmitTarget, Property, PropertyReport, ProveError, Seat, SoloOptions, SoloReport, Status, emit_foundry_test,
    prove_compiled, prove_solo, solo_dialect,
};
use marubatsu_tests::contracts;

use super::solo_target;

/// `name` proved from its compiled artifact, as `prove --contract` does.
fn prove(name: &str, options: &SoloOptions) -> SoloReport {
    let contract = contracts().get(name).unwrap();
    prove_compiled(contract, contract.bytecode.clone(), options, &mut |_| {}).unwrap()
}

fn only(checks: &[Property], require: &[Property]) -> SoloOptions {
    SoloOptions {
        checks: checks.to_vec(),
        require: require.to_vec(),
    }
}

fn property(report: &SoloReport, property: Property) -> &PropertyReport {
    report
        .property(property)
        .unwrap_or_else(|| panic!("{property} did not run"))
}

#[test]
fn the_books_contract_passes_every_property_as_the_engines_cpu() {
    let report = prove(
        "BookSoloTicTacToe",
        &only(&[], &[Property::Levels, Property::SameAsEngine]),
    );
    assert_eq!(
        (report.contract.as_str(), report.dialect),
        ("BookSoloTicTacToe", "book")
    );
    let statuses: Vec<_> = report.properties.iter().map(|p| (p.name, p.status)).collect();
    assert_eq!(
        statuses,
        Property::SOLO.map(|p| (p, Status::Pass)),
        "{:#?}",
        report.properties
    );
    assert!(report.passed());
    assert_eq!(report.differential.as_ref().unwrap().differences.len(), 0);
    // The same CPU as the engine's, so the same tree of human lines against Hard, and Normal's 12 losses.
    let counts: Vec<(&str, bool, u64, u64)> = report
        .lines
        .iter()
        .filter(|r| r.difficulty != "easy")
        .map(|r| (r.difficulty, r.cpu_first, r.lines, r.human_wins))
        .collect();
    assert_eq!(
        counts,
        [
            ("hard", false, 457, 0),
            ("hard", true, 92, 0),
            ("normal", false, 489, 12),
            ("normal", true, 94, 0)
        ]
    );
    assert!(report.gas.contains_key("games(uint256)"), "{:?}", report.gas.keys());
    assert!(!report.gas.contains_key("getGame(uint256)"));
}

#[test]
fn a_perfect_hard_with_other_tie_breaks_passes_and_reports_its_differences() {
    let report = prove("OtherTieBreakSoloTicTacToe", &SoloOptions::default());
    assert_eq!(report.dialect, "marubatsu");
    assert_eq!(property(&report, Property::HardNeverLoses).status, Status::Pass);
    assert_eq!(property(&report, Property::KeepsValue).status, Status::Pass);
    let same = property(&report, Property::SameAsEngine);
    assert_eq!((same.status, same.required), (Status::Info, false));
    let differences = report.differential.as_ref().unwrap().differences.len();
    assert!(differences > 0);
    assert!(
        same.summary.ends_with(&format!("{differences} differences")),
        "{}",
        same.summary
    );
    assert!(report.passed(), "{:?}", report.failures());

    let required = prove(
        "OtherTieBreakSoloTicTacToe",
        &only(&[Property::SameAsEngine], &[Property::SameAsEngine]),
    );
    assert_eq!(required.properties.len(), 1);
    let same = property(&required, Property::SameAsEngine);
    assert_eq!((same.status, same.required), (Status::Fail, true));
    assert!(!required.passed());
}

#[test]
fn a_weak_hard_fails_with_its_shortest_losing_line() {
    let report = prove("WeakHardSoloTicTacToe", &only(&[Property::HardNeverLoses], &[]));
    let never_loses = property(&report, Property::HardNeverLoses);
    assert_eq!(never_loses.status, Status::Fail);
    assert!(never_loses.fails_run());
    let line = never_loses.losing_line.as_ref().unwrap();
    assert_eq!(line.seat, Seat::HumanFirst);
    let shortest = report
        .lines
        .iter()
        .filter_map(|run| run.first_human_win.as_ref())
        .map(Vec::len)
        .min()
        .unwrap();
    assert!(line.moves.len() <= shortest);
    assert_eq!(line.human_cells.len(), line.moves.len().div_ceil(2));
    assert!(
        never_loses
            .details
            .iter()
            .any(|d| d.starts_with("shortest losing line: human first"))
    );
}

#[test]
fn a_broken_normal_still_gets_hards_verdicts() {
    let report = prove("BrokenNormalSoloTicTacToe", &SoloOptions::default());
    assert_eq!(property(&report, Property::HardNeverLoses).status, Status::Pass);
    assert_eq!(property(&report, Property::KeepsValue).status, Status::Pass);
    let levels = property(&report, Property::Levels);
    assert_eq!(levels.status, Status::Error);
    assert!(
        levels.details[0].contains("reverted with CellTaken(gameId 1, cell 4)"),
        "{:?}",
        levels.details
    );
    // Its Normal names cell 4 whenever it neither wins nor blocks: here after 4 is its own.
    assert_eq!(
        levels.details[0],
        "play(5) after X 0, O 4, X 1, O 2, X 6, O 3: reverted with CellTaken(gameId 1, cell 4)"
    );
    let same = property(&report, Property::SameAsEngine);
    assert_eq!(same.status, Status::Info);
    let differences = &report.differential.as_ref().unwrap().differences;
    assert!(!differences.is_empty() && differences.iter().all(|d| d.difficulty == "normal"));
    // Informative properties never fail a run: the required ones passed.
    assert!(report.passed(), "{:?}", report.failures());
}

/// The same properties on a contract already deployed in a chain, as `prove --address` runs them.
#[test]
fn a_deployed_contract_is_proved_where_it_is() {
    let (mut chain, target) = solo_target("OtherTieBreakSoloTicTacToe");
    let options = only(&[Property::HardNeverLoses], &[]);
    let report = prove_solo(&mut chain, "deployed", &target, &options, &mut |_| {});
    assert_eq!(property(&report, Property::HardNeverLoses).status, Status::Pass);
    // Its CPU is the engine's turned half a turn, so its tree of human lines is the engine's, turned.
    let lines: Vec<u64> = report.lines.iter().map(|r| r.lines).collect();
    assert_eq!(lines, [457, 92]);
}

#[test]
fn a_contract_missing_functions_is_told_which_and_where() {
    let harness = solo_dialect(&contracts().get("BoardHarness").unwrap().abi).unwrap_err();
    assert_eq!(
        harness.missing,
        [
            "newGame(uint8,bool)",
            "play(uint256,uint8)",
            "previewCpuMove(uint16,uint16,uint8,uint256)",
            "getGame(uint256)"
        ]
    );
    // The PvP contract has a getGame of its own, whose outputs are not a solo game's.
    let pvp = solo_dialect(&contracts().get("TicTacToe").unwrap().abi).unwrap_err();
    assert_eq!(
        pvp.missing,
        [
            "newGame(uint8,bool)",
            "play(uint256,uint8)",
            "previewCpuMove(uint16,uint16,uint8,uint256)"
        ]
    );
    assert_eq!(pvp.problems.len(), 1);
    assert!(pvp.problems[0].starts_with("getGame(uint256) must return"), "{pvp}");
    assert!(
        pvp.to_string().contains("contracts/interfaces/ISoloTicTacToe.sol"),
        "{pvp}"
    );
    // Nothing could be proved: an error, not a report.
    let harness = contracts().get("BoardHarness").unwrap();
    let err = prove_compiled(harness, harness.bytecode.clone(), &SoloOptions::default(), &mut |_| {}).unwrap_err();
    assert!(matches!(err, ProveError::Nonconforming(_)), "{err}");
}

/// The weak Hard's shortest losing line, written as a Foundry test by `--emit-test`, fails against the weak
/// contract and passes against the shipped one: forge itself runs both, in a temporary Foundry project holding
/// only the contracts they import (compiled by the toolkit's solc-js through its wrapper script).
#[test]
fn the_emitted_foundry_test_fails_on_the_weak_hard_and_passes_on_the_shipped_one() {
    let report = prove("WeakHardSoloTicTacToe", &only(&[Property::HardNeverLoses], &[]));
    let line = property(&report, Property::HardNeverLoses).losing_line.clone().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let project = tempfile::tempdir().unwrap();
    for file in [
        "contracts/Board.sol",
        "contracts/SoloTicTacToe.sol",
        "contracts/interfaces/ISoloTicTacToe.sol",
        "contracts/test/WeakHardSoloTicTacToe.sol",
    ] {
        let to = project.path().join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root.join(file), to).unwrap();
    }
    std::fs::write(
        project.path().join("foundry.toml"),
        "[profile.default]\nsrc = \"contracts\"\ntest = \"tests\"\nlibs = []\nevm_version = \"prague\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(project.path().join("tests")).unwrap();
    for (name, import_path) in [
        ("WeakHardSoloTicTacToe", "../contracts/test/WeakHardSoloTicTacToe.sol"),
        ("SoloTicTacToe", "../contracts/SoloTicTacToe.sol"),
    ] {
        let dialect = solo_dialect(&contracts().get(name).unwrap().abi).unwrap();
        let text = emit_foundry_test(
            &line,
            &EmitTarget {
                import_path,
                contract_name: name,
                dialect: &dialect,
            },
        );
        std::fs::write(project.path().join(format!("tests/{name}.t.sol")), text).unwrap();
    }
    let forge = root.join("node_modules/@foundry-rs/forge-linux-amd64/bin/forge");
    let output = std::process::Command::new(&forge)
        .args(["test", "--offline", "--use"])
        .arg(root.join("script/solc-wrapper.js"))
        .arg("--root")
        .arg(project.path())
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", forge.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verdict = |contract: &str| -> Option<&str> {
        let section = stdout
            .split("Ran ")
            .find(|s| s.contains(&format!(":{contract}LosingLineTest")))?;
        section
            .lines()
            .find(|l| l.contains("test_HardHoldsTheShortestLosingLine"))
            .map(|l| l.split(']').next().unwrap_or(l))
    };
    // The human's board at the end is exactly the line's cells: the test replayed the whole line.
    let human_board: u16 = line.human_cells.iter().map(|c| 1u16 << c).sum();
    let failed = format!("[FAIL: HumanWon(1, {human_board})");
    assert_eq!(
        verdict("WeakHardSoloTicTacToe"),
        Some(failed.as_str()),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(verdict("SoloTicTacToe"), Some("[PASS"), "{stdout}");
}
