// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {SoloTicTacToe} from "../SoloTicTacToe.sol";

/// @title V1HardSoloTicTacToe
/// @notice TEST ONLY. `SoloTicTacToe` with Hard as it was before version 2: Newell and Simon's rules without the
///         force-to-a-fork rule (step 5b) and without taking a fork cell when no forcing move exists (the end of
///         step 5c). Everything else, Easy and Normal included, is inherited unchanged.
/// @dev It exists to show that the proof "Hard keeps the game's value on every legal position" can fail: this Hard
///      never loses its own games, but on 8 legal positions it turns a draw into a loss and on 36 it lets a win
///      slip, for example with X on 2 and 3 and O on 5, O to move: X can fork at 0 and at 6, O has no threat to
///      force with, and this Hard takes the centre instead of a fork cell.
contract V1HardSoloTicTacToe is SoloTicTacToe {
    /// @dev No force-to-a-fork move is ever found.
    function _forceForkCells(uint256, uint256, uint256, uint256, uint256)
        internal
        pure
        override
        returns (uint256)
    {
        return 0;
    }

    /// @dev No fork cell is taken as a last resort, so step 5c falls through to the preferred cell.
    function _forkCellsToTake(uint256) internal pure override returns (uint256) {
        return 0;
    }
}
