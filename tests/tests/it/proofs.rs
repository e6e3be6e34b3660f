//! The exhaustive proofs, run in the test suite exactly as `marubatsu prove` runs them, plus evidence that each
//! one can fail.

use std::collections::HashSet;

use alloy_primitives::Address;
use marubatsu_chain::{evm::Chain, gas::GasLog};
use marubatsu_engine::rules::Rules;
use marubatsu_engine::tictactoe::{Cell, Difficulty, Position, Seed, Side, TicTacToe, cpu_move};
use marubatsu_prove::{
    GameValue, LevelGas, Property, SoloContract, SoloOptions, SoloTarget, Status, check_hard_value, compare_cpu,
    explore_lines, prove_all, solo_dialect,
};
use marubatsu_tests::contracts;

/// A fresh chain with the contract `name` deployed by the first account, ready to be called through the adapter
/// its ABI selects, by the second.
fn solo_target(name: &str) -> (Chain, SoloTarget) {
    let mut chain = Chain::new();
    let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
    let contract = contracts().get(name).unwrap();
    let address: Address = chain.deploy(deployer, contract).unwrap().address;
    let dialect = solo_dialect(&contract.abi).unwrap();
    let target = SoloTarget {
        contract: SoloContract { address, dialect },
        player,
    };
    (chain, target)
}

#[test]
fn every_proof_passes_against_the_compiled_contracts() {
    let report = prove_all(contracts(), &SoloOptions::default(), &mut |_| {}).unwrap();
    assert_eq!(report.failures(), Vec::<String>::new());
    assert!(report.passed());
    let statuses: Vec<(Property, Status)> = report.properties().map(|p| (p.name, p.status)).collect();
    assert_eq!(
        statuses,
        [
            (Property::HardNeverLoses, Status::Pass),
            (Property::KeepsValue, Status::Pass),
            (Property::Levels, Status::Info),
            (Property::SameAsEngine, Status::Info),
            (Property::TreeCounts, Status::Pass),
            (Property::BoardWin, Status::Pass),
            (Property::CatchesWeakHard, Status::Pass),
            (Property::CatchesV1Hard, Status::Pass),
        ]
    );
    let value = report.property(Property::KeepsValue).unwrap();
    assert!(value.details.is_empty(), "{:?}", value.details);

    let tree = report.tree.as_ref().unwrap();
    assert_eq!((tree.nodes, tree.games, tree.positions), (549_946, 255_168, 5_478));
    let solo = &report.solo;
    assert_eq!(solo.dialect, "marubatsu");
    let hard: Vec<_> = solo.lines.iter().filter(|run| run.difficulty == "hard").collect();
    assert_eq!(hard.len(), 2, "both seats explored");
    assert!(hard.iter().all(|run| run.human_wins == 0));
    // The contract's tree of human lines has exactly the engine's shape (see the engine's own exploration).
    let lines: Vec<(bool, u64)> = hard.iter().map(|run| (run.cpu_first, run.lines)).collect();
    assert_eq!(lines, vec![(false, 457), (true, 92)]);
    assert!(report.property(Property::HardNeverLoses).unwrap().losing_line.is_none());

    let wins = |level: &str| -> u64 {
        solo.lines
            .iter()
            .filter(|r| r.difficulty == level)
            .map(|r| r.human_wins)
            .sum()
    };
    let (normal_wins, easy_wins) = (wins("normal"), wins("easy"));
    assert_eq!(normal_wins, 12);
    assert!(
        easy_wins > normal_wins,
        "Easy ({easy_wins}) must be easier to beat than Normal ({normal_wins})"
    );

    let fork = solo.normal_fork_line.as_ref().unwrap();
    assert!(fork.human_won);
    assert_eq!(&fork.moves[..5], &[0, 4, 8, 2, 6]);

    let differential = solo.differential.as_ref().unwrap();
    assert_eq!(differential.positions, 4_520);
    assert_eq!(differential.comparisons, 4_520 * (2 + differential.easy_seeds));
    assert!(differential.differences.is_empty());

    let hard_value = solo.hard_value.as_ref().unwrap();
    assert_eq!(hard_value.positions, 4_520);
    assert_eq!(hard_value.by_value, [2_836, 1_052, 632]);
    assert!(hard_value.drops.is_empty() && hard_value.slips.is_empty());

    let caught: Vec<_> = report
        .demonstration_runs
        .weakened_hard
        .iter()
        .filter_map(|run| run.first_human_win.clone())
        .collect();
    assert!(!caught.is_empty(), "the weakened Hard must lose at least one line");
}

#[test]
fn the_differential_catches_a_cpu_that_differs_from_the_engine() {
    let (mut chain, weak) = solo_target("WeakHardSoloTicTacToe");
    let report = compare_cpu(
        &mut chain,
        &weak.contract,
        &mut GasLog::default(),
        &mut LevelGas::default(),
        &mut |_, _| {},
    )
    .unwrap();
    assert!(!report.differences.is_empty());
    assert!(
        report.differences.iter().all(|d| d.difficulty == "hard"),
        "only Hard was weakened"
    );
}

#[test]
fn the_weakened_hard_loses_the_fork_line_as_real_transactions() {
    let (mut chain, target) = solo_target("WeakHardSoloTicTacToe");
    let run = explore_lines(
        &mut chain,
        &target,
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

/// Hard as it was before version 2 keeps the value in its own games but not on every legal position: the
/// minimax finds it dropping a draw on exactly the eight symmetries of one board and letting a win slip on 36
/// (what the engine's solver test pinned for the engine's Hard before the two new rules).
#[test]
fn the_value_proof_catches_hard_as_it_was_before_version_2() {
    let (mut chain, v1) = solo_target("V1HardSoloTicTacToe");
    let report = check_hard_value(&mut chain, &v1.contract, "V1HardSoloTicTacToe", &mut |_, _| {}).unwrap();
    assert!(!report.passed());
    assert_eq!(
        (report.positions, report.drops.len(), report.slips.len()),
        (4_520, 8, 36)
    );
    let drops: HashSet<&str> = report.drops.iter().map(|d| d.board.as_str()).collect();
    let expected: HashSet<&str> = [
        "..X X.O ...",
        "X.. O.X ...",
        ".X. ... XO.",
        "... O.X X..",
        "XO. ... .X.",
        ".OX ... .X.",
        ".X. ... .OX",
        "... X.O ..X",
    ]
    .into_iter()
    .collect();
    assert_eq!(drops, expected);
    // Every drop is O's centre where only a fork cell of X's held the draw.
    assert!(
        report
            .drops
            .iter()
            .all(|d| d.to_move == 'O' && d.played == 4 && d.keeping.len() == 2)
    );
    // It never turned a win into a loss, only into a draw.
    assert!(report.slips.iter().all(|s| s.after == GameValue::Draw));
    // And none of these positions occurs in Hard's own games (so "Hard never loses" held all along).
    let mut in_games = HashSet::new();
    positions_in_hard_games(Position::empty(), Side::X, &mut in_games);
    positions_in_hard_games(Position::empty(), Side::O, &mut in_games);
    assert!(
        report
            .drops
            .iter()
            .chain(&report.slips)
            .all(|loss| !in_games.contains(&loss.board))
    );
}

/// The board as the proof report draws it: rows of `X`, `O` and `.`, e.g. `X.O .X. ...`.
fn rows(p: &Position) -> String {
    let marks: Vec<char> = (0..9u8)
        .map(|i| match Cell::new(i) {
            Some(c) if p.x().contains(c) => 'X',
            Some(c) if p.o().contains(c) => 'O',
            _ => '.',
        })
        .collect();
    marks
        .chunks(3)
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every board (drawn as rows) where Hard is to move in a game against any sequence of human moves, Hard
/// playing `hard`.
fn positions_in_hard_games(p: Position, hard: Side, found: &mut HashSet<String>) {
    if p.outcome().is_some() {
        return;
    }
    let next: Vec<Position> = if p.side_to_move() == hard {
        found.insert(rows(&p));
        cpu_move(p.board(hard), p.board(hard.other()), Difficulty::Hard, &Seed::ZERO)
            .and_then(|cell| TicTacToe::transition(p, &cell).ok())
            .into_iter()
            .collect()
    } else {
        p.legal_moves()
            .iter()
            .filter_map(|cell| TicTacToe::transition(p, &cell).ok())
            .collect()
    };
    for n in next {
        positions_in_hard_games(n, hard, found);
    }
}

/// The proof's report says what a caught variant got wrong in cells and boards, apart from the real checks.
#[test]
fn a_caught_variant_is_shown_as_a_board_and_cells() {
    let options = SoloOptions {
        checks: vec![Property::CatchesV1Hard],
        require: Vec::new(),
    };
    let report = prove_all(contracts(), &options, &mut |_| {}).unwrap();
    assert!(report.solo.properties.is_empty(), "only the selected property runs");
    let v1 = report.property(Property::CatchesV1Hard).unwrap();
    assert_eq!(v1.status, Status::Pass);
    assert!(
        v1.summary
            .ends_with("the minimax finds 8 drops and 36 slips in its 4520 positions"),
        "{}",
        v1.summary
    );
    let first = &report.demonstration_runs.v1_hard_value.as_ref().unwrap().drops[0];
    assert!(
        v1.details[0].starts_with(&format!(
            "drops: O to move on {}: Hard took cell 4, which turns a draw into a loss; only cells ",
            first.board
        )),
        "{}",
        v1.details[0]
    );
    // The board drawn under it, free cells numbered; then the first slip, drawn the same way.
    assert_eq!(v1.details[2].trim(), "---+---+---");
    assert!(v1.details[1].contains(" | "));
    assert!(v1.details[6].starts_with("slips: "), "{}", v1.details[6]);
    assert_eq!(v1.details.last().unwrap(), "… and 42 more (--json lists them all)");
    assert!(
        v1.details
            .iter()
            .all(|line| !line.contains("0x") && !line.contains('{'))
    );
}

mod user_contracts;
