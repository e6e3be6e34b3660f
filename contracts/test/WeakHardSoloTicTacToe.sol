// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {SoloTicTacToe} from "../SoloTicTacToe.sol";

/// @title WeakHardSoloTicTacToe
/// @notice TEST ONLY. `SoloTicTacToe` with a deliberately weakened Hard CPU that never plays a forcing move when the
///         opponent can fork at several cells (step 5c of the procedure). Everything else, Easy and Normal
///         included, is inherited unchanged.
/// @dev It exists to show that the exhaustive "Hard never loses" proof can fail: against this CPU a human wins,
///      for example with 0, 8, 6 against its 4, 2 (with two fork cells to choose from, it takes the preferred
///      corner instead of forcing, and X then forks).
contract WeakHardSoloTicTacToe is SoloTicTacToe {
    /// @dev No forcing move is ever found, so step 5c falls through to taking one of the opponent's fork cells.
    function _forcingCells(uint256, uint256, uint256, uint256) internal pure override returns (uint256) {
        return 0;
    }
}
