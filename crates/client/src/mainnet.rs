//! Testnets unless told otherwise: staked play with real money is gambling under Japanese law (and elsewhere),
//! so `deploy` and staked games run only on chains known to carry no real money — the named chains
//! `alloy-chains` marks as testnets (Sepolia, Base Sepolia, …, anvil's 31337 and the dev chain 1337 among them)
//! — and refuse every other chain, a mainnet or one nobody has named, unless the user insists.

use alloy_chains::NamedChain;

use crate::error::Error;

/// Whether `chain_id` is a known testnet or development chain, where nothing of value is at stake.
pub fn is_testnet(chain_id: u64) -> bool {
    NamedChain::try_from(chain_id).is_ok_and(NamedChain::is_testnet)
}

/// What `chain_id` is, for a refusal: its name if `alloy-chains` knows it.
fn description(chain_id: u64) -> String {
    match NamedChain::try_from(chain_id) {
        Ok(named) => format!("{named}, a mainnet with real money"),
        Err(_) => "not a known testnet or development chain, so it may be a mainnet with real money".to_owned(),
    }
}

/// Refuses a chain that is not a known testnet unless `allow_mainnet` (`--allow-mainnet`), saying why: the check
/// `deploy` and the staked game commands share.
pub fn ensure_testnet(chain_id: u64, allow_mainnet: bool) -> Result<(), Error> {
    if allow_mainnet || is_testnet(chain_id) {
        return Ok(());
    }
    Err(Error::Mainnet {
        chain_id,
        description: description(chain_id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_testnets_pass_and_the_rest_are_refused_with_the_reason() {
        // The 13 mainnets the old list named, the ones it let through (Celo, Mantle, Fantom, Polygon zkEVM, opBNB,
        // Zora, Unichain, World Chain, Sonic), and an id nobody has named.
        for id in [
            1,
            10,
            56,
            100,
            137,
            324,
            8453,
            42161,
            42170,
            43114,
            59144,
            81457,
            534352,
            42220,
            5000,
            250,
            1101,
            204,
            7777777,
            130,
            480,
            146,
            987_654_321,
        ] {
            let err = ensure_testnet(id, false).unwrap_err().to_string();
            assert!(
                err.contains(&format!("chain {id} is ")) && err.contains("gambling") && err.contains("--allow-mainnet"),
                "{err}"
            );
            ensure_testnet(id, true).unwrap();
        }
        assert!(ensure_testnet(42220, false).unwrap_err().to_string().contains("celo"));
        for testnet in [
            11_155_111, 17_000, 560_048, 84_532, 421_614, 11_155_420, 80_002, 31_337, 1_337,
        ] {
            ensure_testnet(testnet, false).unwrap();
        }
    }
}
