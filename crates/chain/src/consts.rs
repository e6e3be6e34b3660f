//! What the contracts and the chain fix, said once for every crate: the contracts' names, the hardfork they are
//! compiled for and run under, and the PvP contract's bounds on the time per move.

use foundry_compilers::artifacts::EvmVersion;
use revm::primitives::hardfork::SpecId;

/// The solo game's contract (a player against the on-chain CPU).
pub const SOLO_CONTRACT: &str = "SoloTicTacToe";
/// The player-against-player game's contract, with stakes.
pub const PVP_CONTRACT: &str = "TicTacToe";
/// The test contract that exposes the board library's functions.
pub const BOARD_HARNESS_CONTRACT: &str = "BoardHarness";

/// The EVM version the contracts are compiled for and the in-process chain runs (`foundry.toml` says the same for
/// forge, which cannot read it from here).
pub const EVM_VERSION: EvmVersion = EvmVersion::Prague;

/// revm's name for [`EVM_VERSION`].
pub(crate) const SPEC: SpecId = match EVM_VERSION {
    EvmVersion::Cancun => SpecId::CANCUN,
    EvmVersion::Prague => SpecId::PRAGUE,
    EvmVersion::Osaka => SpecId::OSAKA,
    _ => panic!("EVM_VERSION has no revm hardfork mapped here"),
};

/// The shortest time limit per move `TicTacToe` accepts (its `MIN_MOVE_TIMEOUT`): one minute.
pub const MIN_MOVE_TIMEOUT: u32 = 60;
/// The longest time limit per move `TicTacToe` accepts (its `MAX_MOVE_TIMEOUT`): seven days.
pub const MAX_MOVE_TIMEOUT: u32 = 7 * 24 * 60 * 60;
/// Below this time limit per move, a joiner of a staked game is warned before staking: keeping one transaction out
/// of a minute's five L1 blocks is cheap next to a stake, ten minutes (fifty blocks) is not (docs/security.md,
/// "Time").
pub const SHORT_MOVE_TIMEOUT: u32 = 10 * 60;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bindings::ITicTacToe, compiler::ContractSet, evm::Chain, pvp::pvp_creation_code};

    #[test]
    fn the_bounds_are_the_contracts_own() {
        let contracts = ContractSet::shipped().unwrap();
        let mut chain = Chain::new();
        let deployer = chain.accounts()[0];
        let code = pvp_creation_code(contracts.get(PVP_CONTRACT).unwrap(), 0);
        let pvp = chain.deploy_code(deployer, code, Default::default()).unwrap().address;
        assert_eq!(
            chain.view(pvp, &ITicTacToe::MIN_MOVE_TIMEOUTCall {}).unwrap(),
            MIN_MOVE_TIMEOUT
        );
        assert_eq!(
            chain.view(pvp, &ITicTacToe::MAX_MOVE_TIMEOUTCall {}).unwrap(),
            MAX_MOVE_TIMEOUT
        );
        assert!(contracts.get(SOLO_CONTRACT).is_ok());
    }

    #[test]
    fn forge_compiles_for_the_same_evm_version() {
        let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../foundry.toml")).unwrap();
        let line = format!("evm_version = \"{}\"", EVM_VERSION.as_str());
        assert!(toml.lines().any(|l| l.trim() == line), "foundry.toml should say {line}");
    }
}
