//! How the chain commands print boards, receipts and amounts.

use marubatsu_chain::amounts::ether_and_wei;
use marubatsu_chain::bindings::ITicTacToe;
use marubatsu_chain::evm::Receipt;
use marubatsu_client::games::Played;

use crate::event_words::EventWords;

/// A PvP game's status in words.
pub(crate) fn pvp_status_name(status: ITicTacToe::Status) -> &'static str {
    match status {
        ITicTacToe::Status::Open => "open (waiting for a joiner)",
        ITicTacToe::Status::Active => "active",
        ITicTacToe::Status::XWon => "X won",
        ITicTacToe::Status::OWon => "O won",
        ITicTacToe::Status::Draw => "draw",
        ITicTacToe::Status::Cancelled => "cancelled",
        ITicTacToe::Status::Aborted => "aborted (a first move timed out; both stakes credited back)",
        _ => "unknown",
    }
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
        ether_and_wei(report.cost())
    )
}

/// What a game transaction prints: its events, then its receipt.
pub(crate) fn print_played<T>(played: &Played<T>) {
    if !played.events.is_empty() {
        println!("events:");
        for event in &played.events {
            println!("  {}", EventWords(event));
        }
    }
    println!("{}", receipt_line(played));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gas_prices_and_counts_are_readable() {
        assert_eq!(gwei(1_000_000_007), "1.000000007 gwei");
        assert_eq!(gwei(2_000_000_000), "2 gwei");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
