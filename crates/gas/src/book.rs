//! The book's published gas figures (its own table, quoted in `docs/src/results/gas.md`) beside ours.
//!
//! Theirs were measured by the book on its own Foundry tests, not on this workload: the ratios say how the
//! contracts compare in cost, not that both ran the same calls.

use serde::Serialize;

use crate::report::GasReport;

/// One published figure and ours for the same function and statistic.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BookComparison {
    /// Contract and function, e.g. `SoloTicTacToe.play`.
    pub function: &'static str,
    /// `min`, `avg` or `max`.
    pub statistic: &'static str,
    /// The book's figure.
    pub book: u64,
    /// Ours, over this workload.
    pub ours: u64,
    /// ours / book.
    pub ratio: f64,
}

/// (contract, function, statistic, the book's figure), from its table.
const BOOK_FIGURES: [(&str, &str, &str, u64); 10] = [
    ("SoloTicTacToe", "newGame", "min", 69_840),
    ("SoloTicTacToe", "newGame", "avg", 102_221),
    ("SoloTicTacToe", "newGame", "max", 393_655),
    ("SoloTicTacToe", "play", "min", 26_246),
    ("SoloTicTacToe", "play", "avg", 71_994),
    ("SoloTicTacToe", "play", "max", 289_425),
    ("SoloTicTacToe", "previewCpuMove", "min", 1_583),
    ("SoloTicTacToe", "previewCpuMove", "avg", 21_176),
    ("SoloTicTacToe", "previewCpuMove", "max", 323_438),
    ("TicTacToe", "play", "avg", 42_535),
];

/// Our figure for every published one that the report contains.
pub fn compare(report: &GasReport) -> Vec<BookComparison> {
    BOOK_FIGURES
        .iter()
        .filter_map(|&(contract, function, statistic, book)| {
            let stats = report.contract(contract)?.function(function)?;
            let ours = match statistic {
                "min" => stats.min,
                "avg" => stats.mean,
                _ => stats.max,
            };
            let name = match (contract, function) {
                ("SoloTicTacToe", "newGame") => "SoloTicTacToe.newGame",
                ("SoloTicTacToe", "play") => "SoloTicTacToe.play",
                ("SoloTicTacToe", _) => "SoloTicTacToe.previewCpuMove",
                _ => "TicTacToe.play",
            };
            Some(BookComparison {
                function: name,
                statistic,
                book,
                ours,
                ratio: ours as f64 / book as f64,
            })
        })
        .collect()
}

/// The comparison as a small table.
pub fn render(rows: &[BookComparison]) -> String {
    let mut out = String::from(
        "Beside the book's published figures (measured by the book on its own tests, not on this workload):\n",
    );
    out.push_str(&format!(
        "  {:<30} {:<5} {:>9} {:>9} {:>7}\n",
        "function", "stat", "book", "ours", "ratio"
    ));
    for row in rows {
        out.push_str(&format!(
            "  {:<30} {:<5} {:>9} {:>9} {:>6.2}x\n",
            row.function, row.statistic, row.book, row.ours, row.ratio
        ));
    }
    out
}
