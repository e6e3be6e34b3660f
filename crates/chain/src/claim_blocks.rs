//! `TicTacToe`'s one constructor argument, `claimBlocks`: how many blocks must follow the block in which a turn
//! began before its timeout can be claimed (besides the time limit), so that a censor must keep a move out of that
//! many blocks (docs/security.md, "Censorship on L1 against a short limit"). Every deployer of the contract builds
//! its creation code here.

use alloy_primitives::{Bytes, U256};

use crate::compiler::CompiledContract;

/// What a public chain's deployment asks for: stuffing 64 full L1 blocks at a base fee that rises 12.5% a block
/// costs about 537 ETH from a 1 gwei start (36M gas a block), against 0.23 ETH for a minute's five.
/// `script/Deploy.s.sol`'s `PUBLIC_CLAIM_BLOCKS` says the same.
pub const PUBLIC_CLAIM_BLOCKS: u32 = 64;

/// The time a censor must keep a move out of the chain, whatever the chain's pace: [`PUBLIC_CLAIM_BLOCKS`] of
/// Ethereum's 12-second slots, 12.8 minutes. On a faster chain the same count of blocks passes sooner, so the count
/// grows to span this time ([`claim_blocks_for_pace`]).
pub const CENSOR_SECONDS: u64 = PUBLIC_CLAIM_BLOCKS as u64 * 12;

/// The count for a public chain whose blocks come every `pace`: enough to span [`CENSOR_SECONDS`], never fewer
/// than [`PUBLIC_CLAIM_BLOCKS`] (stuffing blocks costs by the block, so a slower chain keeps the count), at most
/// [`MAX_CLAIM_BLOCKS`]. A pace of zero (unknown) gives [`PUBLIC_CLAIM_BLOCKS`].
pub fn claim_blocks_for_pace(pace: std::time::Duration) -> u32 {
    let nanos = pace.as_nanos();
    if nanos == 0 {
        return PUBLIC_CLAIM_BLOCKS;
    }
    let spanning = (u128::from(CENSOR_SECONDS) * 1_000_000_000).div_ceil(nanos);
    u32::try_from(spanning)
        .unwrap_or(MAX_CLAIM_BLOCKS)
        .clamp(PUBLIC_CLAIM_BLOCKS, MAX_CLAIM_BLOCKS)
}

/// The largest count the contract takes (`2^19 - 1`: it keeps block numbers modulo `2^19`, so no larger count could
/// ever be met; it refuses one with `ClaimBlocksTooLarge`).
pub const MAX_CLAIM_BLOCKS: u32 = (1 << 19) - 1;

/// Chain ids of local development nodes (anvil, Hardhat, the embedded chain), whose blocks are mined for
/// transactions rather than by the clock, so that a count of blocks measures nothing there.
pub const LOCAL_CHAIN_IDS: [u64; 2] = [31_337, 1_337];

/// The count a deployment on chain `chain_id` asks for when the chain's pace is not known: none on a local
/// development chain, where waiting for blocks would stop a claim until somebody sends transactions, else
/// [`PUBLIC_CLAIM_BLOCKS`] (as `script/Deploy.s.sol` chooses). `marubatsu deploy` asks the client crate, which knows
/// named chains' block times and grows the count on a faster chain ([`claim_blocks_for_pace`]).
pub fn default_claim_blocks(chain_id: u64) -> u32 {
    if LOCAL_CHAIN_IDS.contains(&chain_id) {
        0
    } else {
        PUBLIC_CLAIM_BLOCKS
    }
}

/// The creation code of `TicTacToe` (`contract`) with `claim_blocks` as its constructor argument.
pub fn pvp_creation_code(contract: &CompiledContract, claim_blocks: u32) -> Bytes {
    let mut code = contract.bytecode.to_vec();
    code.extend_from_slice(&U256::from(claim_blocks).to_be_bytes::<32>());
    code.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        bindings::ITicTacToe,
        compiler::{ContractSet, PVP_CONTRACT},
        evm::{Chain, TxError},
    };

    fn deploy(claim_blocks: u32) -> Result<(Chain, alloy_primitives::Address), TxError> {
        let contracts = ContractSet::shipped().unwrap();
        let mut chain = Chain::new();
        let deployer = chain.accounts()[0];
        let code = pvp_creation_code(contracts.get(PVP_CONTRACT).unwrap(), claim_blocks);
        let address = chain.deploy_code(deployer, code, U256::ZERO)?.address;
        Ok((chain, address))
    }

    #[test]
    fn the_contract_keeps_the_count_it_was_given() {
        for count in [0, 1, PUBLIC_CLAIM_BLOCKS, MAX_CLAIM_BLOCKS] {
            let (mut chain, pvp) = deploy(count).unwrap();
            assert_eq!(
                chain.view(pvp, &ITicTacToe::claimBlocksCall {}).unwrap(),
                U256::from(count)
            );
        }
    }

    #[test]
    fn a_count_that_could_never_be_met_is_refused() {
        let outcome = deploy(MAX_CLAIM_BLOCKS + 1);
        let Err(TxError::Reverted(revert)) = outcome else {
            panic!("2^19 blocks must be refused, not {outcome:?}");
        };
        assert_eq!(
            revert.decoded().map(|d| d.words()).as_deref(),
            Some("ClaimBlocksTooLarge(claimBlocks 524288, maximum 524287)")
        );
    }

    #[test]
    fn a_faster_chain_waits_more_blocks_for_the_same_minutes() {
        use std::time::Duration;
        assert_eq!(claim_blocks_for_pace(Duration::from_secs(12)), 64, "Ethereum");
        assert_eq!(claim_blocks_for_pace(Duration::from_secs(2)), 384, "an OP Stack chain");
        assert_eq!(claim_blocks_for_pace(Duration::from_millis(260)), 2954, "Arbitrum");
        assert_eq!(
            claim_blocks_for_pace(Duration::from_secs(15)),
            64,
            "a slower chain keeps the count"
        );
        assert_eq!(
            claim_blocks_for_pace(Duration::ZERO),
            PUBLIC_CLAIM_BLOCKS,
            "an unknown pace"
        );
        assert_eq!(
            claim_blocks_for_pace(Duration::from_nanos(1)),
            MAX_CLAIM_BLOCKS,
            "never past the maximum"
        );
    }

    #[test]
    fn local_chains_ask_for_none_and_forge_deploys_the_same_public_count() {
        assert_eq!(default_claim_blocks(31_337), 0);
        assert_eq!(default_claim_blocks(1_337), 0);
        assert_eq!(default_claim_blocks(1), PUBLIC_CLAIM_BLOCKS);
        assert_eq!(default_claim_blocks(11_155_111), PUBLIC_CLAIM_BLOCKS);
        let script =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../script/Deploy.s.sol")).unwrap();
        let line = format!("uint256 public constant PUBLIC_CLAIM_BLOCKS = {PUBLIC_CLAIM_BLOCKS};");
        assert!(
            script.lines().any(|l| l.trim() == line),
            "script/Deploy.s.sol should say {line}"
        );
        assert!(script.contains("block.chainid == 31337 || block.chainid == 1337"));
    }
}
