//! forge's gas-report layouts: the boxed terminal table and Markdown.

use comfy_table::{Cell, CellAlignment, Table, presets};

use crate::report::{ContractGas, GasReport};

const HEADER: [&str; 6] = ["Function Name", "Min", "Avg", "Median", "Max", "# Calls"];

/// Rows of one contract's table as text cells: title, deployment header and figures, blank, function header,
/// then one row per function (name only, as forge shows it).
fn rows(contract: &ContractGas) -> (String, Vec<[String; 6]>, Vec<[String; 6]>) {
    let title = format!("{} Contract", contract.contract);
    let deployment = vec![
        [
            "Deployment Cost".into(),
            "Deployment Size".into(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ],
        [
            contract.deployment.gas.to_string(),
            contract.deployment.size.to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ],
    ];
    let functions = contract
        .functions
        .iter()
        .map(|(signature, s)| {
            [
                signature.split('(').next().unwrap_or(signature).to_owned(),
                s.min.to_string(),
                s.mean.to_string(),
                s.median.to_string(),
                s.max.to_string(),
                s.calls.to_string(),
            ]
        })
        .collect();
    (title, deployment, functions)
}

/// How a contract's table is drawn: forge's terminal layout, or the Markdown one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Terminal,
    Markdown,
}

/// One contract's table: the title as the header, then the deployment, (on a terminal) a blank row, the function
/// header and the functions. Rows shorter than six cells are drawn with empty cells, as forge's are.
fn contract_table(contract: &ContractGas, layout: Layout) -> Table {
    let (title, deployment, functions) = rows(contract);
    let terminal = layout == Layout::Terminal;
    // On a terminal the figures are right-aligned, the deployment cost under its label in the first column too.
    let cell = |text: &String, figure: bool| {
        let cell = Cell::new(text);
        if figure && terminal {
            cell.set_alignment(CellAlignment::Right)
        } else {
            cell
        }
    };
    let mut table = Table::new();
    table.load_style(if terminal {
        presets::ASCII_FULL.with_rounded_corners()
    } else {
        presets::ASCII_MARKDOWN
    });
    table.set_header(vec![Cell::new(title)]);
    let labels = |row: &[String; 6]| row.iter().map(|text| cell(text, false)).collect::<Vec<_>>();
    let figures = |row: &[String; 6]| row.iter().map(|text| cell(text, true)).collect::<Vec<_>>();
    table.add_row(labels(&deployment[0]));
    table.add_row(figures(&deployment[1]));
    if terminal {
        table.add_row(vec![Cell::new("")]);
    }
    table.add_row(HEADER.to_vec());
    for row in &functions {
        // The name stays left-aligned; the figures after it do not.
        let mut cells = figures(row);
        cells[0] = cell(&row[0], false);
        table.add_row(cells);
    }
    table
}

/// The report as forge prints it on a terminal: one boxed table per contract (comfy-table's default style with
/// round corners, as forge draws it), figures right-aligned.
pub fn table(report: &GasReport) -> String {
    report
        .contracts
        .iter()
        .map(|contract| format!("{}\n\n", contract_table(contract, Layout::Terminal)))
        .collect()
}

/// The report as forge's `--md` Markdown: a pipe table per contract, for a pull-request comment.
pub fn markdown(report: &GasReport) -> String {
    report
        .contracts
        .iter()
        .map(|contract| format!("{}\n\n", contract_table(contract, Layout::Markdown)))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::report::DeploymentGas;
    use marubatsu_chain::gas::GasStats;

    fn sample() -> GasReport {
        let mut functions = BTreeMap::new();
        functions.insert(
            "bit(uint8)".into(),
            GasStats {
                calls: 13,
                min: 402,
                mean: 428,
                median: 440,
                max: 440,
            },
        );
        functions.insert(
            "isWin(uint16)".into(),
            GasStats {
                calls: 1024,
                min: 585,
                mean: 585,
                median: 585,
                max: 585,
            },
        );
        GasReport {
            contracts: vec![ContractGas {
                contract: "contracts/test/BoardHarness.sol:BoardHarness".into(),
                deployment: DeploymentGas {
                    gas: 196_047,
                    size: 690,
                },
                functions,
            }],
        }
    }

    #[test]
    fn the_table_has_forges_layout() {
        // The layout forge 1.7 printed for the same figures (`forge test --gas-report`).
        let expected = "\
╭-------------------------------------------------------+-----------------+-----+--------+-----+---------╮
| contracts/test/BoardHarness.sol:BoardHarness Contract |                 |     |        |     |         |
+========================================================================================================+
| Deployment Cost                                       | Deployment Size |     |        |     |         |
|-------------------------------------------------------+-----------------+-----+--------+-----+---------|
|                                                196047 |             690 |     |        |     |         |
|-------------------------------------------------------+-----------------+-----+--------+-----+---------|
|                                                       |                 |     |        |     |         |
|-------------------------------------------------------+-----------------+-----+--------+-----+---------|
| Function Name                                         | Min             | Avg | Median | Max | # Calls |
|-------------------------------------------------------+-----------------+-----+--------+-----+---------|
| bit                                                   |             402 | 428 |    440 | 440 |      13 |
|-------------------------------------------------------+-----------------+-----+--------+-----+---------|
| isWin                                                 |             585 | 585 |    585 | 585 |    1024 |
╰-------------------------------------------------------+-----------------+-----+--------+-----+---------╯

";
        assert_eq!(table(&sample()), expected);
    }

    #[test]
    fn markdown_is_a_pipe_table() {
        let md = markdown(&sample());
        let lines: Vec<&str> = md.lines().collect();
        assert!(lines[0].starts_with("| contracts/test/BoardHarness.sol:BoardHarness Contract |"));
        assert!(lines[1].starts_with("|---"));
        assert!(lines.iter().any(|l| l.starts_with("| isWin ") && l.contains("| 1024 ")));
    }
}
