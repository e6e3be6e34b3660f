//! The gas workload: deterministic, forge-shaped, and within the contracts' targets.

use marubatsu_engine::tictactoe::Difficulty;
use marubatsu_gas::{GasKind, GasReport, book, measure_solo, run_workload};
use marubatsu_tests::contracts;

fn report() -> (String, GasReport) {
    let workload = run_workload(contracts(), &mut |_| {}).unwrap();
    let report = workload.report(GasKind::Transaction);
    (serde_json::to_string_pretty(&report).unwrap(), report)
}

#[test]
fn two_runs_produce_byte_identical_json() {
    let (first, _) = report();
    let (second, _) = report();
    assert_eq!(first, second);
}

#[test]
fn the_report_meets_the_gas_targets_of_the_contracts() {
    let (_, report) = report();
    let solo = report.contract("SoloTicTacToe").unwrap();
    let pvp = report.contract("TicTacToe").unwrap();
    let new_game = solo.function("newGame").unwrap();
    let play = solo.function("play").unwrap();
    let preview = solo.function("previewCpuMove").unwrap();
    let pvp_play = pvp.function("play").unwrap();
    // Targets from the contracts issue (transaction gas; execution gas for the pure preview).
    assert!(preview.max <= 10_000, "previewCpuMove max {}", preview.max);
    assert!(play.mean <= 32_000, "solo play avg {}", play.mean);
    assert!(pvp_play.mean <= 33_000, "PvP play avg {}", pvp_play.mean);
    assert!(new_game.mean <= 52_000, "solo newGame avg {}", new_game.mean);
    // The workload is the documented one: every line of every level and seat, every position's preview.
    assert_eq!(new_game.calls, report_lines());
    assert_eq!(preview.calls, 4_520 * (2 + marubatsu_prove::easy_seeds().len() as u64));
    for function in ["createGame", "joinGame", "claimTimeout", "resign", "cancel", "withdraw"] {
        assert!(
            pvp.function(function).is_some_and(|f| f.calls > 0),
            "{function} not exercised"
        );
    }
}

fn report_lines() -> u64 {
    // The engine's own exploration counts the same lines for the deterministic levels; Easy depends on the
    // on-chain seed, so it comes from the proof's run of the same workload.
    let options = marubatsu_prove::SoloOptions::default();
    let proof = marubatsu_prove::prove_all(contracts(), &options, &mut |_| {}).unwrap();
    proof.solo.lines.iter().map(|run| run.lines).sum()
}

/// Version 2's budget for Hard's preview, the free public oracle (execution gas of the call).
#[test]
fn hards_preview_stays_within_its_budget_on_every_position() {
    let workload = run_workload(contracts(), &mut |_| {}).unwrap();
    let levels = workload.solo.preview_by_level.stats(GasKind::Transaction);
    let hard = levels
        .iter()
        .find(|(level, _)| *level == Difficulty::Hard)
        .map(|(_, stats)| *stats)
        .unwrap();
    assert_eq!(hard.calls, 4_520);
    assert!(hard.max <= 4_500, "previewCpuMove Hard max {}", hard.max);
}

#[test]
fn the_book_comparison_covers_every_published_figure() {
    let (_, report) = report();
    let rows = book::compare(&report);
    assert_eq!(rows.len(), 10);
    let preview_max = rows
        .iter()
        .find(|r| r.function.ends_with("previewCpuMove") && r.statistic == "max")
        .unwrap();
    assert_eq!(preview_max.book, 323_438);
    assert!(preview_max.ratio < 0.05);
}

/// The same documented workload on any conforming solo contract: on the shipped one it is the report's own
/// figures, and the book's shape is measured with its own getter.
#[test]
fn any_conforming_solo_contract_is_measured_by_the_same_workload() {
    let solo = contracts().get("SoloTicTacToe").unwrap();
    let alone = measure_solo(solo, solo.bytecode.clone(), &mut |_| {}).unwrap();
    let workload = run_workload(contracts(), &mut |_| {}).unwrap();
    assert_eq!(alone, workload.solo);

    let book = contracts().get("BookSoloTicTacToe").unwrap();
    let log = measure_solo(book, book.bytecode.clone(), &mut |_| {}).unwrap();
    let summary = log.summary(GasKind::Transaction);
    assert!(summary.contract.ends_with(":BookSoloTicTacToe"), "{}", summary.contract);
    let shipped = workload.solo.summary(GasKind::Transaction);
    // Hard and Normal are the engine's CPU in both, so the deterministic levels play the same lines.
    assert!(summary.functions["games(uint256)"].calls > 0);
    assert_eq!(
        summary.functions["previewCpuMove(uint16,uint16,uint8,uint256)"].calls,
        shipped.functions["previewCpuMove(uint16,uint16,uint8,uint256)"].calls
    );

    let harness = contracts().get("BoardHarness").unwrap();
    let err = measure_solo(harness, harness.bytecode.clone(), &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("missing: newGame(uint8,bool)"), "{err}");
}
