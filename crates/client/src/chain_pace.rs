//! The count of claim blocks a deployment asks for by default, from what alloy-chains knows of the chain: its
//! block time (a faster chain waits more blocks for the same minutes) and whether a sequencer orders its
//! transactions (then no count of blocks stops a censor, and the deploy says so).

use std::time::Duration;

use alloy_chains::NamedChain;
use marubatsu_chain::pvp::{LOCAL_CHAIN_IDS, PUBLIC_CLAIM_BLOCKS, claim_blocks_for_pace};

/// Ethereum's slot time, for its testnets that alloy-chains gives no block time for (Sepolia, Holesky, Hoodi), and
/// for Arbitrum, whose `block.number` is L1's.
const ETHEREUM_SLOT: Duration = Duration::from_secs(12);

/// What `deploy` chooses for TicTacToe's `claimBlocks` unless told, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultClaimBlocks {
    /// The blocks a timeout claim waits for after the turn began.
    pub count: u32,
    /// The block time the count spans [`CENSOR_SECONDS`](marubatsu_chain::pvp::CENSOR_SECONDS) with; `None` on a
    /// local development chain (no blocks asked for) or a chain whose pace is unknown (the public count).
    pub pace: Option<Duration>,
    /// A rollup: one sequencer orders its transactions and can keep a move out whatever the count.
    pub sequencer: bool,
}

impl DefaultClaimBlocks {
    /// The default on chain `chain_id`.
    pub fn for_chain(chain_id: u64) -> DefaultClaimBlocks {
        if LOCAL_CHAIN_IDS.contains(&chain_id) {
            return DefaultClaimBlocks {
                count: 0,
                pace: None,
                sequencer: false,
            };
        }
        let named = NamedChain::try_from(chain_id).ok();
        let pace = named.and_then(|chain| {
            // On Arbitrum `block.number`, which the contract counts, is (an estimate of) the L1 block number.
            if chain.is_arbitrum() {
                return Some(ETHEREUM_SLOT);
            }
            let ethereum = chain.is_ethereum() || chain == NamedChain::Hoodi;
            chain
                .average_blocktime_hint()
                .or_else(|| ethereum.then_some(ETHEREUM_SLOT))
        });
        DefaultClaimBlocks {
            count: pace.map_or(PUBLIC_CLAIM_BLOCKS, claim_blocks_for_pace),
            pace,
            sequencer: named.is_some_and(ordered_by_a_sequencer),
        }
    }
}

/// The rollups alloy-chains names: a sequencer decides what goes into their blocks.
fn ordered_by_a_sequencer(chain: NamedChain) -> bool {
    use NamedChain as C;
    chain.is_optimism()
        || chain.is_arbitrum()
        || chain.is_elastic()
        || matches!(
            chain,
            C::Scroll
                | C::ScrollSepolia
                | C::Linea
                | C::LineaSepolia
                | C::Taiko
                | C::TaikoHekla
                | C::ZkSync
                | C::ZkSyncTestnet
                | C::Mantle
                | C::MantleSepolia
                | C::Blast
                | C::BlastSepolia
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_chain_gets_the_blocks_its_pace_needs_and_rollups_are_named() {
        let of = DefaultClaimBlocks::for_chain;
        assert_eq!(
            of(31_337),
            DefaultClaimBlocks {
                count: 0,
                pace: None,
                sequencer: false
            }
        );
        assert_eq!(of(11_155_111).count, 64, "Sepolia: Ethereum's 12 s slots");
        assert_eq!(of(560_048).count, 64, "Hoodi");
        let base = of(84_532);
        assert_eq!(
            (base.count, base.pace, base.sequencer),
            (384, Some(Duration::from_secs(2)), true)
        );
        // Arbitrum's own blocks come every quarter second, but the contract counts L1's.
        let arbitrum = of(421_614);
        assert_eq!((arbitrum.count, arbitrum.sequencer), (64, true), "{arbitrum:?}");
        assert!(of(534_351).sequencer, "Scroll Sepolia");
        assert!(!of(11_155_111).sequencer);
        let unnamed = 123_456_789_012;
        assert!(
            NamedChain::try_from(unnamed).is_err(),
            "a chain id alloy-chains does not know"
        );
        let unknown = of(unnamed);
        assert_eq!(
            (unknown.count, unknown.pace, unknown.sequencer),
            (PUBLIC_CLAIM_BLOCKS, None, false)
        );
    }
}
