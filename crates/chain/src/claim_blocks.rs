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

/// The largest count the contract takes (`2^19 - 1`: it keeps block numbers modulo `2^19`, so no larger count could
/// ever be met; it refuses one with `ClaimBlocksTooLarge`).
pub const MAX_CLAIM_BLOCKS: u32 = (1 << 19) - 1;

/// Chain ids of local development nodes (anvil, Hardhat, the embedded chain), whose blocks are mined for
/// transactions rather than by the clock, so that a count of blocks measures nothing there.
pub const LOCAL_CHAIN_IDS: [u64; 2] = [31_337, 1_337];

/// The count a deployment on chain `chain_id` asks for unless told otherwise: none on a local development chain,
/// where waiting for blocks would stop a claim until somebody sends transactions, else [`PUBLIC_CLAIM_BLOCKS`].
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
