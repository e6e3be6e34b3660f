// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {NaiveCpu} from "./utils/NaiveCpu.sol";
import {SoloTicTacToe} from "../SoloTicTacToe.sol";
import {ISoloTicTacToe} from "../interfaces/ISoloTicTacToe.sol";

/// @notice Gas workload for the solo contract: every human line against every level, with the human first and
///         with the CPU first, played through real transactions. Run one contract at a time for a clean table:
///
///         forge test --use ./script/solc-wrapper.js --match-contract SoloGasLinesTest --gas-report
///
/// @dev The tree of each (level, seat) is walked depth first from one game; at each position the human tries
///      every empty cell, each inside a state snapshot that is reverted afterwards. Two weightings:
///      - {SoloGasLinesTest}: every line counts as its own game. A move is sent once per line through it (the
///        extra sends are reverted at once), and `newGame` once per line: forge's averages are then those of
///        playing every line from its own `newGame` to its end.
///      - {SoloGasMovesTest}: every distinct (position, move) is sent once, so moves that end a game weigh much
///        more than in real games (most edges of a game tree are at its leaves).
///      Counting the lines (to check them, and for the weights) previews every CPU decision of the tree, so the
///      `previewCpuMove` row is the CPU's real positions at all levels (each once per count).
abstract contract SoloGasBase is TestBase {
    SoloTicTacToe internal solo;

    function _perLine() internal pure virtual returns (bool);

    function setUp() public {
        solo = new SoloTicTacToe();
        vm.roll(100);
    }

    /// @dev Counts come back as return values: the snapshots revert this contract's storage too.
    function test_Workload() public {
        uint256[3] memory wins;
        uint256 totalLines;
        for (uint256 level; level < 3; ++level) {
            ISoloTicTacToe.Difficulty difficulty = ISoloTicTacToe.Difficulty(level);
            for (uint256 seat; seat < 2; ++seat) {
                bool cpuFirst = seat == 1;
                uint256 gameId = solo.newGame(uint8(difficulty), cpuFirst);
                (,, uint16 playerBoard, uint16 cpuBoard,) = solo.getGame(gameId);
                (uint256 lines, uint256 humanWins) = _explore(gameId, difficulty, cpuFirst, playerBoard, cpuBoard);
                assertEq(lines, _lineCount(gameId, difficulty, playerBoard, cpuBoard), "line count");
                wins[level] += humanWins;
                totalLines += lines;
            }
        }
        assertEq(wins[2], 0, "hard lost");
        assertTrue(wins[1] > 0 && wins[0] > 0, "easy and normal can be beaten");
        assertTrue(totalLines > 0, "no lines");
    }

    /// @dev Human to move in game `gameId`, which stands at (playerBoard, cpuBoard).
    function _explore(
        uint256 gameId,
        ISoloTicTacToe.Difficulty difficulty,
        bool cpuFirst,
        uint16 playerBoard,
        uint16 cpuBoard
    ) internal returns (uint256 lines, uint256 humanWins) {
        for (uint8 cell; cell < 9; ++cell) {
            if ((playerBoard | cpuBoard) & (uint256(1) << cell) != 0) continue;
            _sendExtra(gameId, difficulty, cell, playerBoard, cpuBoard);
            uint256 snapshot = vm.snapshotState();
            (uint256 l, uint256 w) = _move(gameId, difficulty, cpuFirst, cell);
            lines += l;
            humanWins += w;
            vm.revertToStateAndDelete(snapshot);
        }
    }

    /// @dev For the per-line weighting: sends the move `weight - 1` extra times, each reverted at once.
    function _sendExtra(
        uint256 gameId,
        ISoloTicTacToe.Difficulty difficulty,
        uint8 cell,
        uint16 playerBoard,
        uint16 cpuBoard
    ) internal {
        if (!_perLine()) return;
        uint256 weight = _linesAfter(gameId, difficulty, playerBoard | uint16(uint256(1) << cell), cpuBoard);
        for (uint256 i = 1; i < weight; ++i) {
            uint256 extra = vm.snapshotState();
            solo.play(gameId, cell);
            vm.revertToStateAndDelete(extra);
        }
    }

    /// @dev Plays `cell` and explores on, or counts the line if the game ended (starting the next line's game).
    function _move(uint256 gameId, ISoloTicTacToe.Difficulty difficulty, bool cpuFirst, uint8 cell)
        internal
        returns (uint256 lines, uint256 humanWins)
    {
        solo.play(gameId, cell);
        (,, uint16 p, uint16 c, ISoloTicTacToe.Result result) = solo.getGame(gameId);
        if (result == ISoloTicTacToe.Result.InProgress) return _explore(gameId, difficulty, cpuFirst, p, c);
        solo.newGame(uint8(difficulty), cpuFirst);
        return (1, result == ISoloTicTacToe.Result.PlayerWon ? 1 : 0);
    }

    /// @dev The seed the contract uses for Easy (see `SoloTicTacToe._easySeed`).
    function _seed(uint256 gameId, uint16 occupied) internal view returns (uint256) {
        return uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), address(solo), gameId, occupied)));
    }

    /// @dev Lines from a position with the human to move, simulated with the preview and the contract's seed.
    function _lineCount(uint256 gameId, ISoloTicTacToe.Difficulty difficulty, uint16 playerBoard, uint16 cpuBoard)
        internal
        view
        returns (uint256 lines)
    {
        for (uint8 cell; cell < 9; ++cell) {
            uint16 bit = uint16(uint256(1) << cell);
            if ((playerBoard | cpuBoard) & bit == 0) lines += _linesAfter(gameId, difficulty, playerBoard | bit, cpuBoard);
        }
    }

    /// @dev Lines after the human's move to `playerBoard`.
    function _linesAfter(uint256 gameId, ISoloTicTacToe.Difficulty difficulty, uint16 playerBoard, uint16 cpuBoard)
        internal
        view
        returns (uint256)
    {
        if (NaiveCpu.isWin(playerBoard) || playerBoard | cpuBoard == 0x1FF) return 1;
        uint256 seed = difficulty == ISoloTicTacToe.Difficulty.Easy ? _seed(gameId, playerBoard | cpuBoard) : 0;
        uint16 cpu = cpuBoard | uint16(uint256(1) << solo.previewCpuMove(cpuBoard, playerBoard, uint8(difficulty), seed));
        if (NaiveCpu.isWin(cpu) || playerBoard | cpu == 0x1FF) return 1;
        return _lineCount(gameId, difficulty, playerBoard, cpu);
    }
}

/// @notice Every line as its own game (see {SoloGasBase}).
contract SoloGasLinesTest is SoloGasBase {
    function _perLine() internal pure override returns (bool) {
        return true;
    }
}

/// @notice Every distinct move once (see {SoloGasBase}).
contract SoloGasMovesTest is SoloGasBase {
    function _perLine() internal pure override returns (bool) {
        return false;
    }
}
