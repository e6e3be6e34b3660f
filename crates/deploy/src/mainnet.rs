//! Testnets unless told otherwise: staked play with real money is gambling under Japanese law (and elsewhere),
//! so `deploy` and staked games refuse the chains that carry real money unless the user insists.

use crate::error::Error;

/// Known mainnets by chain id: Ethereum and the major L2 and sidechain mainnets.
const MAINNETS: [(u64, &str); 13] = [
    (1, "Ethereum mainnet"),
    (10, "OP Mainnet (Optimism)"),
    (56, "BNB Smart Chain"),
    (100, "Gnosis Chain"),
    (137, "Polygon PoS"),
    (324, "zkSync Era"),
    (8453, "Base"),
    (42161, "Arbitrum One"),
    (42170, "Arbitrum Nova"),
    (43114, "Avalanche C-Chain"),
    (59144, "Linea"),
    (81457, "Blast"),
    (534352, "Scroll"),
];

/// The name of `chain_id` if it is a known mainnet.
pub fn known_mainnet(chain_id: u64) -> Option<&'static str> {
    MAINNETS.iter().find(|(id, _)| *id == chain_id).map(|(_, name)| *name)
}

/// Refuses a known mainnet unless `allow_mainnet` (`--allow-mainnet`), saying why: the check `deploy` and the
/// staked game commands share.
pub fn ensure_testnet(chain_id: u64, allow_mainnet: bool) -> Result<(), Error> {
    match known_mainnet(chain_id) {
        Some(name) if !allow_mainnet => Err(Error::Mainnet { chain_id, name }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mainnets_are_refused_with_the_reason_and_testnets_pass() {
        for id in [
            1, 10, 56, 100, 137, 324, 8453, 42161, 42170, 43114, 59144, 81457, 534352,
        ] {
            let err = ensure_testnet(id, false).unwrap_err().to_string();
            assert!(err.contains("gambling") && err.contains("--allow-mainnet"), "{err}");
            ensure_testnet(id, true).unwrap();
        }
        for testnet in [11_155_111, 17_000, 84_532, 421_614, 31_337, 1_337] {
            ensure_testnet(testnet, false).unwrap();
        }
    }
}
