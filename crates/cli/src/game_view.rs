//! How the chain commands print boards, receipts and amounts.

use alloy_primitives::{U256, utils::format_ether};
use marubatsu_client::{Played, Receipt};

/// A 3×3 board with `x` and `o` marks, and the numbers of the empty cells (what `play` takes):
///
/// ```text
///  X | O | 2
/// ---+---+---
///  3 | X | 5
/// ---+---+---
///  6 | 7 | 8
/// ```
pub(crate) fn board(x: u16, o: u16) -> String {
    let mut rows = Vec::new();
    for row in 0..3 {
        let cells: Vec<String> = (0..3)
            .map(|column| {
                let cell = row * 3 + column;
                if x >> cell & 1 == 1 {
                    "X".to_owned()
                } else if o >> cell & 1 == 1 {
                    "O".to_owned()
                } else {
                    cell.to_string()
                }
            })
            .collect();
        rows.push(format!(" {} ", cells.join(" | ")));
    }
    rows.join("\n---+---+---\n")
}

/// An amount of wei as ether, with the exact wei beside it: `0.0012 ETH (1200000000000000 wei)`.
pub(crate) fn ether(wei: U256) -> String {
    let formatted = format_ether(wei);
    let trimmed = formatted.trim_end_matches('0').trim_end_matches('.');
    format!("{trimmed} ETH ({wei} wei)")
}

/// A gas price in gwei, trimmed.
pub(crate) fn gwei(wei: u128) -> String {
    let whole = wei / 1_000_000_000;
    let fraction = wei % 1_000_000_000;
    if fraction == 0 {
        format!("{whole} gwei")
    } else {
        let digits = format!("{fraction:09}");
        format!("{whole}.{} gwei", digits.trim_end_matches('0'))
    }
}

/// `1234567` as `1,234,567`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The receipt line: hash, block, gas and what it cost.
pub(crate) fn receipt_line<T>(report: &Receipt<T>) -> String {
    let place = match (report.hash, report.block_number) {
        (Some(hash), Some(block)) => format!("transaction {hash} in block {block}"),
        (Some(hash), None) => format!("transaction {hash}"),
        (None, _) => "embedded chain".to_owned(),
    };
    format!(
        "{place}: gas used {} × {} = {}",
        thousands(report.gas_used),
        gwei(report.effective_gas_price),
        ether(report.cost())
    )
}

/// What a game transaction prints: its events, then its receipt.
pub(crate) fn print_played<T>(played: &Played<T>) {
    if !played.events.is_empty() {
        println!("events:");
        for event in &played.events {
            println!("  {event}");
        }
    }
    println!("{}", receipt_line(played));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_shows_marks_and_free_cell_numbers() {
        assert_eq!(
            board(0b000_010_001, 0b000_000_010),
            " X | O | 2 \n---+---+---\n 3 | X | 5 \n---+---+---\n 6 | 7 | 8 "
        );
    }

    #[test]
    fn amounts_are_readable_and_exact() {
        assert_eq!(
            ether(U256::from(1_200_000_000_000_000u64)),
            "0.0012 ETH (1200000000000000 wei)"
        );
        assert_eq!(ether(U256::ZERO), "0 ETH (0 wei)");
        assert_eq!(gwei(1_000_000_007), "1.000000007 gwei");
        assert_eq!(gwei(2_000_000_000), "2 gwei");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
