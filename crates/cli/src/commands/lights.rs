use std::io::Read;

use clap::{Args, Subcommand};
use eyre::WrapErr;
use marubatsu_engine::lights::{Board, Solution, solve};
use serde::Serialize;

use crate::output::print_json;

/// Cross light (Lights Out): solve a board exactly.
#[derive(Debug, Args)]
pub(crate) struct LightsArgs {
    #[command(subcommand)]
    command: LightsCommand,
}

#[derive(Debug, Subcommand)]
enum LightsCommand {
    /// Print a minimum solution of a board, its length and how many solutions exist, or say it has none.
    Solve(SolveArgs),
}

/// Solve a 5×5, 6×6 or 7×7 board given as rows of 0 (off) and 1 (on).
#[derive(Debug, Args)]
struct SolveArgs {
    /// The board: rows separated by `/` (or newlines), e.g. `11000/10000/00000/00000/00000`. Without it (or
    /// with `-`) the rows are read from stdin.
    #[arg(value_name = "ROWS")]
    board: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    /// The side of the board: 5, 6 or 7.
    side: u8,
    /// The board as read, top row first.
    board: Vec<String>,
    /// Whether any set of presses turns every light off.
    solvable: bool,
    /// The minimum solution as rows (`1` = press), or `null`.
    presses: Option<Vec<String>>,
    /// The cells to press, counted from 1 as a person reads them, top row first.
    cells: Vec<CellReport>,
    /// How many presses the minimum solution has.
    length: Option<u8>,
    /// How many sets of presses solve the board (0 if none).
    solutions: u64,
}

#[derive(Serialize)]
struct CellReport {
    row: u8,
    column: u8,
    index: u8,
}

impl LightsArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            LightsCommand::Solve(args) => args.run(),
        }
    }
}

impl SolveArgs {
    fn run(self) -> eyre::Result<()> {
        let text = match self.board.as_deref() {
            Some(rows) if rows != "-" => rows.to_owned(),
            _ => {
                let mut text = String::new();
                std::io::stdin()
                    .read_to_string(&mut text)
                    .wrap_err("reading the board from stdin")?;
                text
            }
        };
        let board = Board::parse(&text).wrap_err("reading the board")?;
        let solution = solve(board);
        let report = report(board, solution.as_ref());
        if self.json {
            return print_json(&report);
        }
        let side = report.side;
        match (&solution, &report.presses, report.length) {
            (Some(solution), Some(rows), Some(length)) => {
                let presses = if length == 1 { "press" } else { "presses" };
                println!("minimum solution of this {side}×{side} board (1 = press):");
                for row in rows {
                    println!("{row}");
                }
                let cells: Vec<String> = report
                    .cells
                    .iter()
                    .map(|c| format!("({}, {})", c.row, c.column))
                    .collect();
                if !cells.is_empty() {
                    println!("press (row, column): {}", cells.join(" "));
                }
                let others = match solution.solutions() {
                    1 => "the only solution".to_owned(),
                    n => format!("the fewest of {n} solutions"),
                };
                if length == 0 {
                    println!("0 presses: every light is already off ({others})");
                } else {
                    println!("{length} {presses}: {others}");
                }
            }
            _ => {
                println!("this {side}×{side} board has no solution: no set of presses turns every light off");
            }
        }
        Ok(())
    }
}

fn report(board: Board, solution: Option<&Solution>) -> Report {
    let size = board.size();
    let rows = |text: String| text.lines().map(str::to_owned).collect::<Vec<_>>();
    Report {
        side: size.side(),
        board: rows(board.to_string()),
        solvable: solution.is_some(),
        presses: solution.map(|s| rows(s.to_string())),
        cells: solution
            .map(|s| {
                s.presses()
                    .iter()
                    .map(|cell| CellReport {
                        row: size.row(cell) + 1,
                        column: size.column(cell) + 1,
                        index: cell.index(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        length: solution.map(Solution::par),
        solutions: solution.map_or(0, Solution::solutions),
    }
}
