// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase, Vm} from "./utils/TestBase.sol";
import {SoloTicTacToe} from "../SoloTicTacToe.sol";
import {ISoloTicTacToe} from "../interfaces/ISoloTicTacToe.sol";

/// @notice Behaviour of the solo contract: games, the CPU's answers, events and every rejected call.
contract SoloTest is TestBase {
    SoloTicTacToe internal solo;

    /// @dev The levels as the functions take them: the enum's values.
    uint8 internal constant EASY = uint8(ISoloTicTacToe.Difficulty.Easy);
    uint8 internal constant NORMAL = uint8(ISoloTicTacToe.Difficulty.Normal);
    uint8 internal constant HARD = uint8(ISoloTicTacToe.Difficulty.Hard);

    function setUp() public {
        solo = new SoloTicTacToe();
    }

    function _result(uint256 gameId) internal view returns (ISoloTicTacToe.Result result) {
        (,,,, result) = solo.getGame(gameId);
    }

    function test_IdsStartAtOne() public {
        assertEq(solo.nextGameId(), 1, "first id");
        assertEq(solo.newGame(EASY, false), 1, "game 1");
        assertEq(solo.newGame(HARD, true), 2, "game 2");
        assertEq(solo.nextGameId(), 3, "next id");
    }

    function test_NewGame() public {
        uint256 gameId = solo.newGame(NORMAL, false);
        (address player, ISoloTicTacToe.Difficulty difficulty, uint16 p, uint16 c, ISoloTicTacToe.Result r) =
            solo.getGame(gameId);
        assertTrue(player == address(this), "player");
        assertTrue(difficulty == ISoloTicTacToe.Difficulty.Normal, "difficulty");
        assertEq(p | c, 0, "empty board");
        assertTrue(r == ISoloTicTacToe.Result.InProgress, "in progress");
    }

    function test_CpuFirstMovesInTheSameTransaction() public {
        vm.recordLogs();
        uint256 gameId = solo.newGame(HARD, true);
        (,,, uint16 cpuBoard,) = solo.getGame(gameId);
        assertEq(cpuBoard, uint256(1) << 4, "hard opens in the centre");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 1, "one event");
        assertTrue(logs[0].topics[0] == ISoloTicTacToe.GameStarted.selector, "GameStarted");
        assertEq(uint256(logs[0].topics[1]), gameId, "gameId topic");
        assertEq(uint256(logs[0].topics[2]), uint160(address(this)), "player topic");
        (ISoloTicTacToe.Difficulty difficulty, uint8 cpuCell) = abi.decode(logs[0].data, (ISoloTicTacToe.Difficulty, uint8));
        assertTrue(difficulty == ISoloTicTacToe.Difficulty.Hard, "difficulty");
        assertEq(cpuCell, 4, "cpu cell");
    }

    function test_PlayerFirstStartEventHasNoCpuCell() public {
        vm.recordLogs();
        solo.newGame(EASY, false);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        (, uint8 cpuCell) = abi.decode(logs[0].data, (ISoloTicTacToe.Difficulty, uint8));
        assertEq(cpuCell, 9, "no cell");
    }

    /// @dev Corner, opposite corner, third corner: Normal blocks one threat of the fork and loses on the other.
    function test_NormalLosesToAFork() public {
        uint256 gameId = solo.newGame(NORMAL, false);
        solo.play(gameId, 0); // CPU: 4
        solo.play(gameId, 8); // CPU: 2 (preferred corner)
        solo.play(gameId, 6); // blocks 2-4-6 and forks 3 and 7; CPU blocks 3
        vm.recordLogs();
        solo.play(gameId, 7);
        assertTrue(_result(gameId) == ISoloTicTacToe.Result.PlayerWon, "player won");

        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 2, "Moved and GameEnded");
        assertTrue(logs[0].topics[0] == ISoloTicTacToe.Moved.selector, "Moved");
        (uint8 playerCell, uint8 cpuCell, ISoloTicTacToe.Result result) =
            abi.decode(logs[0].data, (uint8, uint8, ISoloTicTacToe.Result));
        assertEq(playerCell, 7, "player cell");
        assertEq(cpuCell, 9, "no reply after the winning move");
        assertTrue(result == ISoloTicTacToe.Result.PlayerWon, "result in Moved");
        assertTrue(logs[1].topics[0] == ISoloTicTacToe.GameEnded.selector, "GameEnded");
        assertEq(uint256(logs[1].topics[1]), gameId, "gameId topic");
        ISoloTicTacToe.Result ended = abi.decode(logs[1].data, (ISoloTicTacToe.Result));
        assertTrue(ended == ISoloTicTacToe.Result.PlayerWon, "result in GameEnded");
    }

    /// @dev The same line against Hard: it answers the opposite corner with a side (a forcing move) and draws.
    function test_HardForcesAgainstOppositeCorners() public {
        uint256 gameId = solo.newGame(HARD, false);
        solo.play(gameId, 0); // CPU: 4
        solo.play(gameId, 8); // two fork cells for X (2, 6): CPU forces with the first side, 1
        (,,, uint16 cpuBoard,) = solo.getGame(gameId);
        assertEq(cpuBoard, (uint256(1) << 4) | (uint256(1) << 1), "forcing side");
    }

    function test_CpuWinsWhenItCan() public {
        uint256 gameId = solo.newGame(HARD, true); // CPU: 4
        solo.play(gameId, 1); // CPU: 0 (preferred corner; no forks yet)
        vm.recordLogs();
        solo.play(gameId, 2); // X leaves 8 open: CPU completes 0-4-8
        assertTrue(_result(gameId) == ISoloTicTacToe.Result.CpuWon, "cpu won");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertTrue(logs[1].topics[0] == ISoloTicTacToe.GameEnded.selector, "GameEnded");
        ISoloTicTacToe.Result ended = abi.decode(logs[1].data, (ISoloTicTacToe.Result));
        assertTrue(ended == ISoloTicTacToe.Result.CpuWon, "result in GameEnded");
        (,, uint16 p, uint16 c,) = solo.getGame(gameId);
        assertEq(c, (uint256(1) << 0) | (uint256(1) << 4) | (uint256(1) << 8), "diagonal");
        assertEq(p, (uint256(1) << 1) | (uint256(1) << 2), "player");
    }

    function test_Draw() public {
        // Against Hard with the human first, a quiet line ends in a draw on the human's fifth move.
        uint256 gameId = solo.newGame(HARD, false);
        uint8[5] memory cells = [4, 2, 3, 7, 8];
        // CPU replies: 0, 6, 5, 1; the last human move fills the board.
        for (uint256 i; i < 5; ++i) {
            solo.play(gameId, cells[i]);
        }
        assertTrue(_result(gameId) == ISoloTicTacToe.Result.Draw, "draw");
        (,, uint16 p, uint16 c,) = solo.getGame(gameId);
        assertEq(p | c, 0x1FF, "full");
    }

    function test_RevertWhen_UnknownGame() public {
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.UnknownGame.selector, 1));
        solo.play(1, 0);
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.UnknownGame.selector, 0));
        solo.getGame(0);
    }

    function test_RevertWhen_NotYourGame() public {
        uint256 gameId = solo.newGame(EASY, false);
        vm.prank(address(0xBEEF));
        vm.expectRevert(
            abi.encodeWithSelector(ISoloTicTacToe.NotYourGame.selector, gameId, address(this), address(0xBEEF))
        );
        solo.play(gameId, 0);
    }

    function test_RevertWhen_GameOver() public {
        uint256 gameId = solo.newGame(NORMAL, false);
        solo.play(gameId, 0);
        solo.play(gameId, 8);
        solo.play(gameId, 6);
        solo.play(gameId, 7);
        vm.expectRevert(
            abi.encodeWithSelector(ISoloTicTacToe.GameOver.selector, gameId, ISoloTicTacToe.Result.PlayerWon)
        );
        solo.play(gameId, 5);
    }

    function test_RevertWhen_CellOutOfRange() public {
        uint256 gameId = solo.newGame(EASY, false);
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.CellOutOfRange.selector, 9));
        solo.play(gameId, 9);
    }

    function test_RevertWhen_CellTaken() public {
        uint256 gameId = solo.newGame(HARD, true); // CPU holds 4
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.CellTaken.selector, gameId, 4));
        solo.play(gameId, 4);
        solo.play(gameId, 0);
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.CellTaken.selector, gameId, 0));
        solo.play(gameId, 0);
    }

    function test_RevertWhen_InvalidDifficulty() public {
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.InvalidDifficulty.selector, uint8(3)));
        solo.newGame(3, false);
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.InvalidDifficulty.selector, uint8(255)));
        solo.newGame(255, true);
        assertEq(solo.nextGameId(), 1, "no game made");
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.InvalidDifficulty.selector, uint8(3)));
        solo.previewCpuMove(0, 0, 3, 0);
    }

    /// @dev A hand-built call with a difficulty word above 255 is not a `uint8` at all: the ABI decoder rejects it
    ///      before the contract runs (with empty data), which no contract code can turn into a custom error.
    function test_RevertWhen_DifficultyWordIsNotAUint8() public {
        (bool ok, bytes memory data) =
            address(solo).call(abi.encodeWithSelector(ISoloTicTacToe.newGame.selector, uint256(256), false));
        assertTrue(!ok, "rejected");
        assertEq(data.length, 0, "by the decoder");
    }

    /// @dev Hard as O against X on 2 and 3 (O on 5): X forks at 0 and at 6 and O has nothing to force with, so
    ///      Hard takes a fork cell (0) where it once took the centre and lost.
    function test_HardTakesAForkCellWhenItCannotForce() public view {
        uint16 x = uint16((uint256(1) << 2) | (uint256(1) << 3));
        assertEq(solo.previewCpuMove(uint16(uint256(1) << 5), x, HARD, 0), 0, "fork cell");
    }

    /// @dev Hard as X with X on 1 and O on 6: 0 threatens 2, O's forced reply there threatens 4, and X blocks at 4
    ///      with a fork (7 and 8). Cell 0 is the only winning move; the centre only draws.
    function test_HardForcesItsWayToAFork() public view {
        assertEq(solo.previewCpuMove(uint16(uint256(1) << 1), uint16(uint256(1) << 6), HARD, 0), 0, "force to fork");
        assertEq(solo.previewCpuMove(uint16(uint256(1) << 1), uint16(uint256(1) << 6), NORMAL, 0), 4, "normal");
    }

    function test_RevertWhen_EtherSent() public {
        (bool ok, bytes memory data) = address(solo).call{value: 1}("");
        assertTrue(!ok, "plain transfer rejected");
        bytes memory said = abi.encodeWithSelector(ISoloTicTacToe.EtherNotAccepted.selector, 1);
        assertTrue(keccak256(data) == keccak256(said), "in words");
        (ok, data) = address(solo).call(hex"deadbeef");
        said = abi.encodeWithSelector(ISoloTicTacToe.UnknownFunction.selector, bytes4(0xdeadbeef));
        assertTrue(!ok && keccak256(data) == keccak256(said), "an unknown function, in words");
        (ok,) = address(solo).call{value: 1}(abi.encodeCall(ISoloTicTacToe.newGame, (EASY, false)));
        assertTrue(!ok, "newGame is not payable");
        assertEq(address(solo).balance, 0, "no ether held");
    }

    /// @dev Easy's cell follows the documented seed: the k-th empty cell, k = seed mod (number of empty cells).
    function test_EasyUsesTheDocumentedSeed() public {
        vm.roll(1_000);
        uint256 gameId = solo.newGame(EASY, false);
        solo.play(gameId, 4);
        (,, uint16 p, uint16 c,) = solo.getGame(gameId);
        uint256 seed = uint256(
            keccak256(abi.encodePacked(blockhash(block.number - 1), address(solo), gameId, uint16(uint256(1) << 4)))
        );
        assertEq(c, uint256(1) << solo.previewCpuMove(0, uint16(uint256(1) << 4), EASY, seed), "seeded cell");
        assertEq(p, uint256(1) << 4, "player");
    }
}
