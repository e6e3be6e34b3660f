//! forge's gas-report layouts: the boxed terminal table and Markdown.

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

fn widths(title: &str, blocks: &[&[[String; 6]]]) -> [usize; 6] {
    let mut widths = HEADER.map(str::len);
    widths[0] = widths[0].max(title.chars().count());
    for row in blocks.iter().flat_map(|block| block.iter()) {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    widths
}

/// The report as forge prints it on a terminal: one boxed table per contract, numbers right-aligned.
pub fn table(report: &GasReport) -> String {
    let mut out = String::new();
    for contract in &report.contracts {
        let (title, deployment, functions) = rows(contract);
        let header = [HEADER.map(String::from)];
        let widths = widths(&title, &[&deployment, &header, &functions]);
        let rule = |left: &str, fill: &str, middle: &str, right: &str| {
            let parts: Vec<String> = widths.iter().map(|w| fill.repeat(w + 2)).collect();
            format!("{left}{}{right}\n", parts.join(middle))
        };
        let line = |cells: &[String; 6], numeric: bool| {
            let parts: Vec<String> = cells
                .iter()
                .zip(widths)
                .enumerate()
                .map(|(i, (cell, w))| {
                    let is_number =
                        numeric && !cell.is_empty() && cell.bytes().all(|b| b.is_ascii_digit());
                    // forge right-aligns figures; the deployment cost in the first column too.
                    if is_number && (i > 0 || cell.parse::<u64>().is_ok()) {
                        format!(" {cell:>w$} ")
                    } else {
                        format!(" {cell:<w$} ")
                    }
                })
                .collect();
            format!("|{}|\n", parts.join("|"))
        };
        let separator = rule("|", "-", "+", "|");
        let empty: [String; 6] = Default::default();
        let mut title_row = empty.clone();
        title_row[0] = title.clone();
        out.push_str(&rule("╭", "-", "+", "╮"));
        out.push_str(&line(&title_row, false));
        let inner: usize = widths.iter().map(|w| w + 2).sum::<usize>() + widths.len() - 1;
        out.push_str(&format!("+{}+\n", "=".repeat(inner)));
        out.push_str(&line(&deployment[0], false));
        out.push_str(&separator);
        out.push_str(&line(&deployment[1], true));
        out.push_str(&separator);
        out.push_str(&line(&empty, false));
        out.push_str(&separator);
        out.push_str(&line(&header[0], false));
        for (i, row) in functions.iter().enumerate() {
            out.push_str(&separator);
            out.push_str(&line(row, i < usize::MAX));
        }
        out.push_str(&rule("╰", "-", "+", "╯"));
        out.push('\n');
    }
    out
}

/// The report as forge's `--md` Markdown: a pipe table per contract, for a pull-request comment.
pub fn markdown(report: &GasReport) -> String {
    let mut out = String::new();
    for contract in &report.contracts {
        let (title, deployment, functions) = rows(contract);
        let header = [HEADER.map(String::from)];
        let widths = widths(&title, &[&deployment, &header, &functions]);
        let line = |cells: &[String; 6]| {
            let parts: Vec<String> = cells
                .iter()
                .zip(widths)
                .map(|(c, w)| format!(" {c:<w$} "))
                .collect();
            format!("|{}|\n", parts.join("|"))
        };
        let mut title_row: [String; 6] = Default::default();
        title_row[0] = title;
        out.push_str(&line(&title_row));
        let dashes: Vec<String> = widths.iter().map(|w| "-".repeat(w + 2)).collect();
        out.push_str(&format!("|{}|\n", dashes.join("|")));
        for row in deployment.iter().chain(&header).chain(&functions) {
            out.push_str(&line(row));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::report::DeploymentGas;
    use marubatsu_chain::GasStats;

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
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("| isWin ") && l.contains("| 1024 "))
        );
    }
}
