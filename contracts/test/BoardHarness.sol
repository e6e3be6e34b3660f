// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Board} from "../Board.sol";
import {IBoardHarness} from "../interfaces/IBoardHarness.sol";

/// @title BoardHarness
/// @notice Exposes the internal functions of the `Board` library as external ones, for tests only.
/// @dev Each function forwards to the library unchanged, so what a test observes here is the library itself.
contract BoardHarness is IBoardHarness {
    /// @inheritdoc IBoardHarness
    function none() external pure returns (uint8) {
        return Board.NONE;
    }

    /// @inheritdoc IBoardHarness
    function bit(uint8 cell) external pure returns (uint16) {
        return Board.bit(cell);
    }

    /// @inheritdoc IBoardHarness
    function contains(uint16 mask, uint8 cell) external pure returns (bool) {
        return Board.contains(mask, cell);
    }

    /// @inheritdoc IBoardHarness
    function emptyMask(uint16 a, uint16 b) external pure returns (uint16) {
        return Board.emptyMask(a, b);
    }

    /// @inheritdoc IBoardHarness
    function isWin(uint16 mask) external pure returns (bool) {
        return Board.isWin(mask);
    }
}
