//! Amounts of ether as people read them, for every place that prints one (the CLI, its errors, the pages).

use alloy_primitives::{U256, utils::format_ether};

/// Wei as ether with its unit, without trailing zeros: `0.01 ETH`, `2 ETH`, `0 ETH`.
pub fn ether(wei: U256) -> String {
    let formatted = format_ether(wei);
    let trimmed = match formatted.split_once('.') {
        Some((whole, fraction)) => match fraction.trim_end_matches('0') {
            "" => whole.to_owned(),
            fraction => format!("{whole}.{fraction}"),
        },
        None => formatted,
    };
    format!("{trimmed} ETH")
}

/// Wei as ether with the exact wei beside it, for a terminal where the amount may be checked to the wei:
/// `0.0012 ETH (1200000000000000 wei)`.
pub fn ether_and_wei(wei: U256) -> String {
    format!("{} ({wei} wei)", ether(wei))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_lose_their_trailing_zeros_but_not_their_digits() {
        assert_eq!(ether(U256::from(10_000_000_000_000_000u64)), "0.01 ETH");
        assert_eq!(ether(U256::from(2_000_000_000_000_000_000u64)), "2 ETH");
        assert_eq!(ether(U256::from(10_000_000_000_000_000_000u128)), "10 ETH");
        assert_eq!(ether(U256::ZERO), "0 ETH");
        assert_eq!(ether(U256::from(1u64)), "0.000000000000000001 ETH");
        assert_eq!(
            ether_and_wei(U256::from(1_200_000_000_000_000u64)),
            "0.0012 ETH (1200000000000000 wei)"
        );
        assert_eq!(ether_and_wei(U256::ZERO), "0 ETH (0 wei)");
    }
}
