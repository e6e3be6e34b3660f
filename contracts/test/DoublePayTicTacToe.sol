// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TicTacToe} from "../TicTacToe.sol";

/// @title DoublePayTicTacToe
/// @notice TEST ONLY. `TicTacToe` with deliberately broken accounting: every payout (a win, a draw, an abort, a
///         cancellation) is credited twice. Everything else is inherited unchanged.
/// @dev It exists to show that the PvP state-machine test can fail: the first credited game already disagrees
///      with the reference model (two {BalanceCredited} events where one is owed, and a pending balance twice
///      what is owed), and a withdrawal of the doubled balance takes other players' stakes.
contract DoublePayTicTacToe is TicTacToe {
    constructor(uint256 claimBlocks_) TicTacToe(claimBlocks_) {}

    /// @dev The broken credit: the same amount, twice.
    function _credit(address account, uint256 amount) internal override {
        super._credit(account, amount);
        super._credit(account, amount);
    }
}
