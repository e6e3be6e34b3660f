// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Vm} from "./utils/TestBase.sol";
import {PvpTestBase} from "./utils/PvpTestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @notice The move that ends a game is reported like any other: `Moved` names its player and its cell, with no
///         deadline. A generated mutant (`TicTacToe-267-emit3`, script/mutants.py) reported the drawing move as
///         cell 0 and passed every other forge test: the draws they play end on cell 0 or never read that event.
contract TicTacToeLastMoveTest is PvpTestBase {
    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);

    function setUp() public {
        ttt = new TicTacToe(5);
        vm.deal(X, 1 ether);
        vm.deal(O, 1 ether);
    }

    function _game() internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: 1 ether}(600, address(0));
        vm.prank(O);
        ttt.joinGame{value: 1 ether}(gameId, X, 600);
    }

    /// @dev Plays `cell` as `player` and asserts that the one `Moved` it emits says game `gameId`, `player`, `cell`,
    ///      deadline 0.
    function _lastMoveReported(address player, uint256 gameId, uint8 cell) internal {
        vm.recordLogs();
        _play(player, gameId, cell);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 found;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].topics[0] != ITicTacToe.Moved.selector) continue;
            ++found;
            assertEq(uint256(logs[i].topics[1]), gameId, "the game");
            (address mover, uint8 taken, uint64 deadline) = abi.decode(logs[i].data, (address, uint8, uint64));
            assertEq(mover, player, "the player");
            assertEq(taken, cell, "the cell");
            assertEq(deadline, 0, "no deadline after the end");
        }
        assertEq(found, 1, "one Moved");
    }

    function test_TheDrawingMoveReportsItsCell() public {
        uint256 gameId = _game();
        uint8[8] memory before = [0, 1, 2, 4, 3, 5, 7, 6];
        for (uint256 i; i < before.length; ++i) {
            _play(i % 2 == 0 ? X : O, gameId, before[i]);
        }
        _lastMoveReported(X, gameId, 8);
        assertTrue(_status(gameId) == ITicTacToe.Status.Draw, "the ninth move draws");
    }

    function test_TheWinningMoveReportsItsCell() public {
        uint256 gameId = _game();
        uint8[4] memory before = [4, 0, 2, 1];
        for (uint256 i; i < before.length; ++i) {
            _play(i % 2 == 0 ? X : O, gameId, before[i]);
        }
        _lastMoveReported(X, gameId, 6);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "2, 4, 6 wins");
    }
}
