//! Each solo property's report made from its run: status, summary and the lines to print under it.

use marubatsu_engine::tictactoe::{Difficulty, NumberedGrid};

use super::{
    ForkLine,
    report::{LosingLine, Property, PropertyReport, Seat, Status},
};
use crate::{
    differential::DifferentialReport,
    lines::LineExploration,
    minimax::{POSITIONS_IN_PLAY, ValueLoss, ValueReport},
    show::{cell_list, moves_in_turn},
};

/// How many differences a report spells out (the counts are always given in full).
const SHOWN: usize = 3;

fn seat(run: &LineExploration) -> &'static str {
    Seat::of(run.cpu_first).words()
}

/// The status of a property that has no failure of its own when informative: `info`, or pass/fail if required.
fn informative(required: bool, holds: bool) -> Status {
    match (required, holds) {
        (false, _) => Status::Info,
        (true, true) => Status::Pass,
        (true, false) => Status::Fail,
    }
}

/// The shortest line a human won among `runs`, with its seat.
pub(crate) fn shortest_loss(runs: &[LineExploration]) -> Option<LosingLine> {
    runs.iter()
        .filter_map(|run| Some((run.cpu_first, run.shortest_human_win.as_ref()?)))
        .min_by_key(|(_, line)| line.len())
        .map(|(cpu_first, line)| LosingLine::from_moves(Seat::of(cpu_first), line))
}

pub(crate) fn hard_never_loses(runs: &[LineExploration], required: bool) -> PropertyReport {
    let losses: u64 = runs.iter().map(|run| run.human_wins).sum();
    let lines: u64 = runs.iter().map(|run| run.lines).sum();
    let mut details: Vec<String> = runs
        .iter()
        .filter_map(|run| {
            let line = run.shortest_human_win.as_deref()?;
            Some(format!(
                "{} of {} lines lost ({}); the shortest: {}",
                run.human_wins,
                run.lines,
                seat(run),
                moves_in_turn(line)
            ))
        })
        .collect();
    let losing_line = shortest_loss(runs);
    if let Some(line) = &losing_line {
        details.push(format!(
            "shortest losing line: {}, the human playing {}",
            line.seat.words(),
            cell_list(line.human_cells.iter().copied())
        ));
    }
    let holds = losses == 0 && runs.len() == 2;
    PropertyReport {
        name: Property::HardNeverLoses,
        status: if holds { Status::Pass } else { Status::Fail },
        required,
        summary: format!("Hard never loses: {losses} human wins in {lines} lines, both seats, as transactions"),
        details,
        losing_line,
    }
}

pub(crate) fn levels(runs: &[LineExploration], fork: &ForkLine, required: bool) -> PropertyReport {
    let wins = |level: Difficulty| -> u64 {
        runs.iter()
            .filter(|run| run.difficulty == level.name())
            .map(|run| run.human_wins)
            .sum()
    };
    let (normal, easy) = (wins(Difficulty::Normal), wins(Difficulty::Easy));
    let details = runs
        .iter()
        .filter_map(|run| {
            let line = run.first_human_win.as_deref()?;
            Some(format!(
                "first human win vs {} ({}): {}",
                run.difficulty,
                seat(run),
                moves_in_turn(line)
            ))
        })
        .collect();
    PropertyReport {
        name: Property::Levels,
        status: informative(required, fork.human_won && normal > 0 && easy > 0),
        required,
        summary: format!(
            "humans win {normal} lines against Normal and {easy} against Easy; Normal {} the fork line (corner → \
             opposite corner → third corner): {}",
            if fork.human_won { "loses" } else { "holds" },
            moves_in_turn(&fork.moves)
        ),
        details,
        losing_line: None,
    }
}

pub(crate) fn same_as_engine(diff: &DifferentialReport, required: bool) -> PropertyReport {
    let mut details = Vec::new();
    for d in diff.differences.iter().take(SHOWN) {
        details.push(format!(
            "{} ({} to move), seed {}: the contract took cell {}, the engine cell {}",
            d.difficulty, d.cpu, d.seed, d.contract, d.engine
        ));
        details.extend(board_grid_of(&d.board).lines().map(|l| format!("  {l}")));
    }
    if diff.differences.len() > SHOWN {
        details.push(format!(
            "… and {} more (--json lists them all)",
            diff.differences.len() - SHOWN
        ));
    }
    PropertyReport {
        name: Property::SameAsEngine,
        status: informative(required, diff.passed()),
        required,
        summary: format!(
            "previewCpuMove against the engine's Newell–Simon cpu_move: {} positions, {} comparisons (Easy over {} \
             seeds), {} differences",
            diff.positions,
            diff.comparisons,
            diff.easy_seeds,
            diff.differences.len()
        ),
        details,
        losing_line: None,
    }
}

pub(crate) fn keeps_value(report: &ValueReport, required: bool) -> PropertyReport {
    PropertyReport {
        name: Property::KeepsValue,
        status: if report.passed() { Status::Pass } else { Status::Fail },
        required,
        summary: format!(
            "Hard keeps the game's value on {} of {POSITIONS_IN_PLAY} legal positions with a move to make \
             (an independent minimax): {} drops (draw → loss), {} slips (win → draw or loss)",
            report.positions - (report.drops.len() + report.slips.len()) as u64,
            report.drops.len(),
            report.slips.len()
        ),
        details: value_details(report),
        losing_line: None,
    }
}

/// A board given as rows (`X.O .X. ...`) drawn as a grid.
fn board_grid_of(rows: &str) -> String {
    let (mut x, mut o) = (0u16, 0u16);
    for (cell, mark) in rows.chars().filter(|c| !c.is_whitespace()).enumerate() {
        match mark {
            'X' => x |= 1 << cell,
            'O' => o |= 1 << cell,
            _ => {}
        }
    }
    NumberedGrid::new(x, o).to_string()
}

/// The lines describing value losses: the first drop and the first slip drawn as boards, then how many more.
pub(crate) fn value_details(report: &ValueReport) -> Vec<String> {
    let mut details = Vec::new();
    let first = [
        report.drops.first().map(|l| ("drops", l)),
        report.slips.first().map(|l| ("slips", l)),
    ];
    for (what, loss) in first.into_iter().flatten() {
        details.push(describe_loss(what, loss));
        details.extend(board_grid_of(&loss.board).lines().map(|l| format!("  {l}")));
    }
    let total = report.drops.len() + report.slips.len();
    let shown = first.iter().flatten().count();
    if total > shown {
        details.push(format!("… and {} more (--json lists them all)", total - shown));
    }
    details
}

fn describe_loss(what: &str, loss: &ValueLoss) -> String {
    format!(
        "{what}: {} to move on {}: Hard took cell {}, which turns a {} into a {}; only cells {} keep the {}",
        loss.to_move,
        loss.board,
        loss.played,
        loss.value.name(),
        loss.after.name(),
        cell_list(loss.keeping.iter().copied()),
        loss.value.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::GameValue;

    fn loss(board: &str, played: u8, value: GameValue, after: GameValue) -> ValueLoss {
        ValueLoss {
            board: board.into(),
            to_move: 'O',
            played,
            value,
            after,
            keeping: vec![0, 6],
        }
    }

    #[test]
    fn a_failing_value_check_draws_its_positions() {
        let report = ValueReport {
            contract: "SoloTicTacToe".into(),
            positions: POSITIONS_IN_PLAY,
            by_value: [2_836, 1_052, 632],
            drops: vec![loss("..X X.O ...", 4, GameValue::Draw, GameValue::Loss)],
            slips: Vec::new(),
        };
        let verdict = keeps_value(&report, true);
        assert_eq!(verdict.status, Status::Fail);
        assert!(verdict.fails_run());
        assert_eq!(
            verdict.summary,
            "Hard keeps the game's value on 4519 of 4520 legal positions with a move to make (an independent \
             minimax): 1 drops (draw → loss), 0 slips (win → draw or loss)"
        );
        assert_eq!(
            verdict.details,
            [
                "drops: O to move on ..X X.O ...: Hard took cell 4, which turns a draw into a loss; only cells 0 \
                 and 6 keep the draw",
                "   0 | 1 | X",
                "  ---+---+---",
                "   X | 4 | O",
                "  ---+---+---",
                "   6 | 7 | 8",
            ]
        );
    }

    fn differences() -> DifferentialReport {
        DifferentialReport {
            positions: 4_520,
            comparisons: 81_360,
            easy_seeds: 16,
            differences: vec![crate::differential::Difference {
                board: "X.. .O. ..X".into(),
                cpu: 'O',
                difficulty: "hard",
                seed: "0".into(),
                contract: 2,
                engine: 1,
            }],
        }
    }

    #[test]
    fn differences_from_the_engine_inform_unless_required() {
        let informative = same_as_engine(&differences(), false);
        assert_eq!(informative.status, Status::Info);
        assert!(!informative.fails_run());
        assert_eq!(
            informative.details[0],
            "hard (O to move), seed 0: the contract took cell 2, the engine cell 1"
        );
        assert_eq!(informative.details[1], "   X | 1 | 2");
        assert!(informative.details.iter().all(|l| !l.contains("0x")));
        let required = same_as_engine(&differences(), true);
        assert_eq!(required.status, Status::Fail);
        assert!(required.fails_run());
    }

    fn run(cpu_first: bool, wins: &[&[u8]]) -> LineExploration {
        LineExploration {
            difficulty: "hard",
            cpu_first,
            lines: 10,
            human_wins: wins.len() as u64,
            cpu_wins: 0,
            draws: 10 - wins.len() as u64,
            transactions: 30,
            first_human_win: wins.first().map(|w| w.to_vec()),
            shortest_human_win: wins.iter().min_by_key(|w| w.len()).map(|w| w.to_vec()),
        }
    }

    #[test]
    fn the_shortest_losing_line_is_kept_over_both_seats() {
        let runs = [
            run(false, &[&[0, 4, 8, 2, 6, 3, 7], &[0, 4, 8, 1, 6, 3, 7]]),
            run(true, &[&[4, 0, 8, 2, 6]]),
        ];
        let report = hard_never_loses(&runs, true);
        assert_eq!(report.status, Status::Fail);
        let line = report.losing_line.unwrap();
        assert_eq!(
            (line.seat, line.human_cells.as_slice()),
            (Seat::CpuFirst, &[0u8, 2][..])
        );
        assert!(
            report
                .details
                .last()
                .unwrap()
                .contains("CPU first, the human playing 0 and 2")
        );
    }
}
