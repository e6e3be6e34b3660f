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
