//! The exhaustive proofs, run in the test suite exactly as `marubatsu prove` runs them, plus evidence that each
//! one can fail.

use marubatsu_chain::Chain;
use marubatsu_engine::tictactoe::Difficulty;
use marubatsu_prove::{GasLog, SoloTarget, compare_cpu, explore_lines, prove_all};
use marubatsu_tests::contracts;

#[test]
fn every_proof_passes_against_the_compiled_contracts() {
    let report = prove_all(contracts(), &mut |_| {}).unwrap();
    assert_eq!(report.failures(), Vec::<String>::new());

    assert_eq!(
        (report.tree.nodes, report.tree.games, report.tree.positions),
        (549_946, 255_168, 5_478)
    );
    let hard: Vec<_> = report
        .lines
        .iter()
        .filter(|run| run.difficulty == "hard")
        .collect();
    assert_eq!(hard.len(), 2, "both seats explored");
    assert!(hard.iter().all(|run| run.human_wins == 0));
    // The contract's tree of human lines has exactly the engine's shape (see the engine's own exploration).
    let lines: Vec<(bool, u64)> = hard.iter().map(|run| (run.cpu_first, run.lines)).collect();
    assert_eq!(lines, vec![(false, 457), (true, 92)]);

    let normal_wins: u64 = report
        .lines
        .iter()
        .filter(|r| r.difficulty == "normal")
        .map(|r| r.human_wins)
        .sum();
    let easy_wins: u64 = report
        .lines
        .iter()
        .filter(|r| r.difficulty == "easy")
        .map(|r| r.human_wins)
        .sum();
    assert_eq!(normal_wins, 12);
    assert!(
        easy_wins > normal_wins,
        "Easy ({easy_wins}) must be easier to beat than Normal ({normal_wins})"
    );

    assert!(report.normal_fork_line.human_won);
    assert_eq!(&report.normal_fork_line.moves[..5], &[0, 4, 8, 2, 6]);

    assert_eq!(report.differential.positions, 4_520);
    assert_eq!(
        report.differential.comparisons,
        4_520 * (2 + report.differential.easy_seeds)
    );
    assert!(report.differential.differences.is_empty());

    let caught: Vec<_> = report
        .weakened_hard
        .iter()
        .filter_map(|run| run.first_human_win.clone())
        .collect();
    assert!(
        !caught.is_empty(),
        "the weakened Hard must lose at least one line"
    );
}

#[test]
fn the_differential_catches_a_cpu_that_differs_from_the_engine() {
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let weak = chain
        .deploy(deployer, contracts().get("WeakHardSoloTicTacToe").unwrap())
        .unwrap()
        .address;
    let report = compare_cpu(&mut chain, weak, &mut GasLog::default(), &mut |_, _| {}).unwrap();
    assert!(!report.differences.is_empty());
    assert!(
        report.differences.iter().all(|d| d.difficulty == "hard"),
        "only Hard was weakened"
    );
}

#[test]
fn the_weakened_hard_loses_the_fork_line_as_real_transactions() {
    let mut chain = Chain::new();
    let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
    let weak = chain
        .deploy(deployer, contracts().get("WeakHardSoloTicTacToe").unwrap())
        .unwrap()
        .address;
    let target = SoloTarget {
        contract: weak,
        player,
    };
    let run = explore_lines(
        &mut chain,
        target,
        Difficulty::Hard,
        false,
        &mut GasLog::default(),
        &mut |_| {},
    )
    .unwrap();
    assert!(run.human_wins > 0);
    let line = run.first_human_win.unwrap();
    // Human X: corner, opposite corner, then a corner that makes two threats.
    assert_eq!(&line[..5], &[0, 4, 8, 2, 6]);
}
