// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./TestBase.sol";
import {TicTacToe} from "../../TicTacToe.sol";
import {ITicTacToe} from "../../interfaces/ITicTacToe.sol";

/// @title PvpTestBase
/// @notice The PvP contract under test and the reads and moves every PvP test makes of it.
abstract contract PvpTestBase is TestBase {
    TicTacToe internal ttt;

    function _play(address player, uint256 gameId, uint8 cell) internal {
        vm.prank(player);
        ttt.play(gameId, cell);
    }

    function _deadline(uint256 gameId) internal view returns (uint64 deadline) {
        (,,,, deadline,,,) = ttt.getGame(gameId);
    }

    function _status(uint256 gameId) internal view returns (ITicTacToe.Status status) {
        (,,,,,,, status) = ttt.getGame(gameId);
    }
}
