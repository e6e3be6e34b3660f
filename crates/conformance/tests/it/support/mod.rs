//! What the conformance tests share: deploying a PvP contract the way the toolkit does.

use alloy_primitives::{Address, U256};
use marubatsu_chain::{compiler::CompiledContract, evm::Chain, pvp::pvp_creation_code};
use marubatsu_conformance::{PvpOptions, PvpReport, prove_pvp};

/// Claim blocks of the test deployments: more than one, so that a claim can come a block too early, and a move
/// after the deadline can still land.
pub(crate) const CLAIM_BLOCKS: u32 = 3;

/// A fresh chain with `contract` deployed by the first account, claims needing [`CLAIM_BLOCKS`].
pub(crate) fn deployed(contract: &CompiledContract) -> (Chain, Address) {
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let address = chain
        .deploy_code(deployer, pvp_creation_code(contract, CLAIM_BLOCKS), U256::ZERO)
        .unwrap_or_else(|err| panic!("deploying {}: {err}", contract.name))
        .address;
    (chain, address)
}

/// `prove_pvp` with `cases` random sequences of the default seed.
pub(crate) fn prove(chain: &mut Chain, address: Address, cases: u32) -> PvpReport {
    let options = PvpOptions {
        cases,
        ..PvpOptions::default()
    };
    prove_pvp(chain, address, &options, &mut |_| {})
}
