//! Whether the code at an address answers a game interface: how `solo`, `pvp` and `serve` accept a contract of
//! the user's own (deployed by forge, say) that no record of ours knows.

use alloy_primitives::{Address, U256};
use marubatsu_chain::{
    bindings::{ISoloTicTacToe, ITicTacToe},
    compiler::{PVP_CONTRACT, SOLO_CONTRACT},
    evm::Transactor,
};

use crate::error::Error;

/// The interface file a contract must implement to be played as `contract`.
pub(crate) fn interface_file(contract: &str) -> &'static str {
    if contract == PVP_CONTRACT {
        "contracts/interfaces/ITicTacToe.sol"
    } else {
        "contracts/interfaces/ISoloTicTacToe.sol"
    }
}

/// Calls the read-only functions of the interface `contract` is played through, at `address`: `Ok(None)` when
/// every one answers in the interface's types, else the first that did not, in words. Nothing is sent.
pub(crate) fn unanswered<T: Transactor<Error = Error>>(
    chain: &mut T,
    contract: &str,
    address: Address,
) -> Result<Option<String>, Error> {
    let answered = |result: Result<(), Error>, call: &str| match result {
        Ok(()) => Ok(None),
        // A node that cannot be reached is not an answer about the contract.
        Err(err @ (Error::Unreachable { .. } | Error::Rpc { .. })) => Err(err),
        Err(err) => Ok(Some(format!("{call} did not answer ({err})"))),
    };
    let checks: Vec<(&str, Result<(), Error>)> = if contract == SOLO_CONTRACT {
        vec![
            (
                "nextGameId()",
                chain.view(address, &ISoloTicTacToe::nextGameIdCall {}).map(drop),
            ),
            (
                "previewCpuMove(uint16,uint16,uint8,uint256)",
                chain
                    .view(
                        address,
                        &ISoloTicTacToe::previewCpuMoveCall {
                            mine: 0,
                            theirs: 0,
                            difficulty: 2,
                            seed: U256::ZERO,
                        },
                    )
                    .and_then(|cell| {
                        if cell < 9 {
                            Ok(())
                        } else {
                            Err(Error::Invalid(format!("it answered cell {cell} on an empty board")))
                        }
                    }),
            ),
        ]
    } else {
        vec![
            (
                "nextGameId()",
                chain.view(address, &ITicTacToe::nextGameIdCall {}).map(drop),
            ),
            (
                "claimBlocks()",
                chain.view(address, &ITicTacToe::claimBlocksCall {}).map(drop),
            ),
            (
                "MIN_MOVE_TIMEOUT()",
                chain.view(address, &ITicTacToe::MIN_MOVE_TIMEOUTCall {}).map(drop),
            ),
            (
                "pendingBalance(address)",
                chain
                    .view(address, &ITicTacToe::pendingBalanceCall { account: Address::ZERO })
                    .map(drop),
            ),
        ]
    };
    for (call, result) in checks {
        if let Some(problem) = answered(result, call)? {
            return Ok(Some(problem));
        }
    }
    Ok(None)
}
