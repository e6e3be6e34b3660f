//! Two contracts' gas side by side (`marubatsu gas --vs`): forge's table with a ratio column after each figure, so
//! a reader sees at a glance where their contract is cheaper or dearer than another (the shipped one, say).

use comfy_table::{Cell, CellAlignment, Table, presets};
use marubatsu_chain::gas::GasStats;

use crate::report::ContractGas;

/// `mine` against `other`: deployment cost and size, then every function either has, with Avg, Median and Max
/// of both and `mine / other` after each pair. A function only one of them has shows `-` for the other.
pub fn table(mine: &ContractGas, other: &ContractGas) -> String {
    let mut table = Table::new();
    table.load_style(presets::ASCII_FULL.with_rounded_corners());
    table.set_header(vec![Cell::new(format!("{} vs {}", mine.contract, other.contract))]);
    let header = ["Function Name", "Avg", "vs", "×", "Median", "vs", "×", "Max", "vs", "×"];
    table.add_row(vec![
        Cell::new("Deployment Cost"),
        figure(Some(mine.deployment.gas)),
        figure(Some(other.deployment.gas)),
        ratio(Some(mine.deployment.gas), Some(other.deployment.gas)),
        Cell::new("Size"),
        figure(Some(mine.deployment.size)),
        figure(Some(other.deployment.size)),
        ratio(Some(mine.deployment.size), Some(other.deployment.size)),
    ]);
    table.add_row(header.to_vec());
    let mut names: Vec<&str> = mine
        .functions
        .keys()
        .chain(other.functions.keys())
        .map(|s| short(s))
        .collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let (a, b) = (mine.function(name), other.function(name));
        let mut row = vec![Cell::new(name)];
        let figures: [fn(&GasStats) -> u64; 3] = [|s| s.mean, |s| s.median, |s| s.max];
        for pick in figures {
            let (x, y) = (a.map(pick), b.map(pick));
            row.extend([figure(x), figure(y), ratio(x, y)]);
        }
        table.add_row(row);
    }
    format!("{table}\n× is the first contract's figure divided by the second's (below 1: cheaper)\n")
}

fn short(signature: &str) -> &str {
    signature.split('(').next().unwrap_or(signature)
}

fn figure(value: Option<u64>) -> Cell {
    Cell::new(value.map_or_else(|| "-".to_owned(), |v| v.to_string())).set_alignment(CellAlignment::Right)
}

fn ratio(mine: Option<u64>, other: Option<u64>) -> Cell {
    let text = match (mine, other) {
        (Some(a), Some(b)) if b > 0 => format!("{:.2}", a as f64 / b as f64),
        _ => "-".to_owned(),
    };
    Cell::new(text).set_alignment(CellAlignment::Right)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::report::DeploymentGas;

    fn contract(name: &str, gas: u64, functions: &[(&str, u64)]) -> ContractGas {
        ContractGas {
            contract: format!("src/{name}.sol:{name}"),
            deployment: DeploymentGas { gas, size: gas / 100 },
            functions: functions
                .iter()
                .map(|&(signature, avg)| {
                    let stats = GasStats {
                        calls: 1,
                        min: avg,
                        mean: avg,
                        median: avg,
                        max: avg,
                    };
                    (signature.to_owned(), stats)
                })
                .collect::<BTreeMap<_, _>>(),
        }
    }

    #[test]
    fn ratios_divide_the_first_by_the_second_and_a_missing_function_shows_a_dash() {
        let mine = contract(
            "MySolo",
            150_000,
            &[("play(uint256,uint8)", 50_000), ("games(uint256)", 900)],
        );
        let other = contract("SoloTicTacToe", 200_000, &[("play(uint256,uint8)", 40_000)]);
        let text = table(&mine, &other);
        assert!(
            text.contains("src/MySolo.sol:MySolo vs src/SoloTicTacToe.sol:SoloTicTacToe"),
            "{text}"
        );
        let row = |name: &str| -> Vec<String> {
            let line = text.lines().find(|l| l.starts_with(&format!("| {name} "))).unwrap();
            line.split('|')
                .map(|cell| cell.trim().to_owned())
                .filter(|c| !c.is_empty())
                .collect()
        };
        assert_eq!(row("Deployment Cost")[1..4], ["150000", "200000", "0.75"], "{text}");
        assert_eq!(row("play")[1..4], ["50000", "40000", "1.25"], "{text}");
        assert_eq!(row("games")[1..4], ["900", "-", "-"], "{text}");
    }
}
