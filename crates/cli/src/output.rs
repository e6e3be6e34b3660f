//! Printing helpers shared by the commands.

use serde::Serialize;

/// Prints `value` as pretty JSON on stdout.
pub(crate) fn print_json<T: Serialize>(value: &T) -> eyre::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// A borderless table for the terminal, indented under the line that introduces it: the columns listed in
/// `figures` right-aligned, the others left-aligned. Drawn by comfy-table, so a wide name or number widens its
/// column instead of shifting the ones after it.
pub(crate) fn plain_table<R, C>(header: &[&str], rows: R, figures: &[usize]) -> String
where
    R: IntoIterator<Item = Vec<C>>,
    C: ToString,
{
    use comfy_table::{Cell, CellAlignment, Table, presets};

    let align = |column: usize| {
        if figures.contains(&column) {
            CellAlignment::Right
        } else {
            CellAlignment::Left
        }
    };
    let mut table = Table::new();
    table.load_style(presets::NOTHING);
    table.set_header(
        header
            .iter()
            .enumerate()
            .map(|(i, title)| Cell::new(title).set_alignment(align(i))),
    );
    for row in rows {
        table.add_row(
            row.into_iter()
                .enumerate()
                .map(|(i, cell)| Cell::new(cell.to_string()).set_alignment(align(i))),
        );
    }
    table
        .lines()
        .map(|line| format!(" {}\n", line.trim_end()))
        .collect::<String>()
        .trim_end_matches('\n')
        .to_owned()
}

/// The header of a gas table whose first column is `what`: forge's figures per function (or level).
pub(crate) fn gas_header(what: &str) -> [&str; 6] {
    [what, "min", "avg", "median", "max", "calls"]
}

/// One row of a gas table: `name`, then min, average, median, max and calls.
pub(crate) fn gas_row(name: String, stats: &marubatsu_chain::gas::GasStats) -> Vec<String> {
    let figures = [stats.min, stats.mean, stats.median, stats.max, stats.calls];
    std::iter::once(name)
        .chain(figures.iter().map(u64::to_string))
        .collect()
}

/// The columns of [`gas_row`] that hold figures.
pub(crate) const GAS_FIGURES: [usize; 5] = [1, 2, 3, 4, 5];
