//! The exhaustive proofs, run in the test suite exactly as `marubatsu prove` runs them, plus evidence that each
//! one can fail.

use std::collections::HashSet;

use marubatsu_chain::{Chain, GasLog};
use marubatsu_engine::tictactoe::{Cell, Difficulty, Position, Seed, Side, cpu_move};
use marubatsu_prove::{
    GameValue, LevelGas, Property, SoloTarget, check_hard_value, compare_cpu, explore_lines, prove_all,
};
use marubatsu_tests::contracts;

#[test]
fn every_proof_passes_against_the_compiled_contracts() {
    let report = prove_all(contracts(), &mut |_| {}).unwrap();
    assert_eq!(report.failures(), Vec::<String>::new());
    assert!(report.passed());
    assert_eq!(report.verdicts.len(), 6);
    assert!(report.verdicts.iter().all(|v| v.passed));
    let value = report.verdict(Property::HardKeepsValue).unwrap();
    assert!(value.details.is_empty(), "{:?}", value.details);

    assert_eq!(
        (report.tree.nodes, report.tree.games, report.tree.positions),
        (549_946, 255_168, 5_478)
    );
    let hard: Vec<_> = report.lines.iter().filter(|run| run.difficulty == "hard").collect();
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

    assert_eq!(report.hard_value.positions, 4_520);
    assert_eq!(report.hard_value.by_value, [2_836, 1_052, 632]);
    assert!(report.hard_value.drops.is_empty() && report.hard_value.slips.is_empty());

    assert_eq!(report.demonstrations.len(), 2);
    assert!(report.demonstrations.iter().all(|d| d.caught));
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
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let weak = chain
        .deploy(deployer, contracts().get("WeakHardSoloTicTacToe").unwrap())
        .unwrap()
        .address;
    let report = compare_cpu(
        &mut chain,
        weak,
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
    let mut chain = Chain::new();
    let (deployer, player) = (chain.accounts()[0], chain.accounts()[1]);
    let weak = chain
        .deploy(deployer, contracts().get("WeakHardSoloTicTacToe").unwrap())
        .unwrap()
        .address;
    let target = SoloTarget { contract: weak, player };
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

/// Hard as it was before version 2 keeps the value in its own games but not on every legal position: the
/// minimax finds it dropping a draw on exactly the eight symmetries of one board and letting a win slip on 36
/// (what the engine's solver test pinned for the engine's Hard before the two new rules).
#[test]
fn the_value_proof_catches_hard_as_it_was_before_version_2() {
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let v1 = chain
        .deploy(deployer, contracts().get("V1HardSoloTicTacToe").unwrap())
        .unwrap()
        .address;
    let report = check_hard_value(&mut chain, v1, "V1HardSoloTicTacToe", &mut |_, _| {}).unwrap();
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
            .and_then(|cell| p.play(cell).ok())
            .into_iter()
            .collect()
    } else {
        p.legal_moves().iter().filter_map(|cell| p.play(cell).ok()).collect()
    };
    for n in next {
        positions_in_hard_games(n, hard, found);
    }
}

/// The proof's report says what a caught variant got wrong in cells and boards, apart from the real checks.
#[test]
fn a_caught_variant_is_shown_as_a_board_and_cells() {
    let report = prove_all(contracts(), &mut |_| {}).unwrap();
    let v1 = report
        .demonstrations
        .iter()
        .find(|d| d.variant.starts_with("V1HardSoloTicTacToe"))
        .unwrap();
    assert!(v1.caught);
    assert_eq!(
        v1.summary,
        "the minimax finds 8 drops and 36 slips in its 4520 positions"
    );
    let first = &report.demonstration_runs.v1_hard_value.drops[0];
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
