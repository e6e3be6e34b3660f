//! The hostile recipients of `contracts/test/HostilePlayers.sol`: contracts that play `TicTacToe` for their
//! caller and misbehave when ether arrives (re-enter, revert, burn all gas). Bindings and deployment.

#![allow(missing_docs)]

use alloy_primitives::{Address, Bytes};
use alloy_sol_types::{SolValue, sol};
use marubatsu_chain::evm::Chain;

use crate::contracts;

sol! {
    /// What every hostile player forwards to its game (see `HostilePlayer` in `contracts/test/HostilePlayers.sol`).
    #[sol(all_derives)]
    interface IHostilePlayer {
        function create(uint32 moveTimeout, address opponent) external payable returns (uint256);
        function join(uint256 gameId) external payable;
        function play(uint256 gameId, uint8 cell) external;
        function claimTimeout(uint256 gameId) external;
        function resign(uint256 gameId) external;
        function cancel(uint256 gameId) external;
        function withdraw() external;
        function withdrawTo(address to) external;
        function received() external view returns (uint256);
    }

    /// The re-entering player's record of its attempts.
    #[sol(all_derives)]
    interface IReenteringPlayer {
        function reentrySucceeded() external view returns (bool);
        function reentries() external view returns (uint256);
    }
}

/// The three ways a recipient can misbehave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hostility {
    /// `ReenteringPlayer`: calls `withdraw` again from `receive`, and accepts the ether.
    Reenters,
    /// `RevertingPlayer`: `receive` reverts.
    Reverts,
    /// `GasBurningPlayer`: `receive` loops until the gas runs out.
    BurnsGas,
}

impl Hostility {
    /// All three.
    pub const ALL: [Hostility; 3] = [Hostility::Reenters, Hostility::Reverts, Hostility::BurnsGas];

    /// The test contract's name.
    pub fn contract(self) -> &'static str {
        match self {
            Hostility::Reenters => "ReenteringPlayer",
            Hostility::Reverts => "RevertingPlayer",
            Hostility::BurnsGas => "GasBurningPlayer",
        }
    }

    /// Whether a payment to it can succeed.
    pub fn accepts_ether(self) -> bool {
        self == Hostility::Reenters
    }
}

/// Deploys the hostile player `kind` from `deployer`, playing on the game contract at `game`.
pub fn deploy(chain: &mut Chain, deployer: Address, kind: Hostility, game: Address) -> Address {
    let contract = contracts().get(kind.contract()).unwrap_or_else(|err| panic!("{err}"));
    let mut code = contract.bytecode.to_vec();
    code.extend_from_slice(&game.abi_encode());
    chain
        .deploy_code(deployer, Bytes::from(code), Default::default())
        .unwrap_or_else(|err| panic!("deploying {}: {err}", kind.contract()))
        .address
}
