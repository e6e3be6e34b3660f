// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {NaiveCpu} from "./utils/NaiveCpu.sol";
import {SoloTicTacToe} from "../SoloTicTacToe.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ISoloTicTacToe} from "../interfaces/ISoloTicTacToe.sol";

/// @notice Gas workload for the PvP contract: the solo workload's games replayed between two accounts. One player
///         tries every cell at each of its turns; the other answers as the CPU would at each level (Easy with a
///         seed derived from the board). Both seats, all three levels. Run one contract at a time:
///
///         forge test --use ./script/solc-wrapper.js --match-contract PvpGasLinesStakedTest --gas-report
///
/// @dev Weightings as in `SoloGas.t.sol`: `Lines` counts every line as its own game (a move is sent once per
///      line through it, the extra sends reverted at once); `Moves` sends every distinct (position, move) once,
///      which makes game-ending moves (and their payouts) over a third of the calls instead of one per game.
///      Stakes and balances:
///      - `Staked`: 1 ether stakes; both players already have a pending balance (they withdraw now and then), so
///        a payout rewrites a nonzero slot;
///      - `FreshBalance`: 1 ether stakes and no pending balances, so every payout fills a zero slot (the worst
///        case: 17,100 more per credited player);
///      - `NoStake`: zero stakes; finishing credits nothing.
abstract contract PvpGasBase is TestBase {
    SoloTicTacToe internal cpu;
    TicTacToe internal ttt;

    address internal constant ALICE = address(0xA11CE);
    address internal constant BOB = address(0xB0B);

    function _stake() internal pure virtual returns (uint256);

    function _perLine() internal pure virtual returns (bool);

    function _seedBalances() internal virtual {}

    function setUp() public {
        cpu = new SoloTicTacToe();
        // The public chains' default; no claim is made here, so it changes no figure.
        ttt = new TicTacToe(64);
        vm.deal(ALICE, 1_000 ether);
        vm.deal(BOB, 1_000 ether);
        _seedBalances();
    }

    function test_Workload() public {
        uint256 lines;
        for (uint256 level; level < 3; ++level) {
            lines += _game(ISoloTicTacToe.Difficulty(level), true);
            lines += _game(ISoloTicTacToe.Difficulty(level), false);
        }
        assertTrue(lines > 0, "no lines");
    }

    /// @dev One game tree: ALICE is X (creator), BOB is O; `humanIsX` says which of them tries every cell.
    function _game(ISoloTicTacToe.Difficulty level, bool humanIsX) internal returns (uint256 lines) {
        vm.prank(ALICE);
        uint256 gameId = ttt.createGame{value: _stake()}(3600, address(0));
        vm.prank(BOB);
        ttt.joinGame{value: _stake()}(gameId, ALICE, 3600);
        lines = _explore(gameId, level, humanIsX, 0, 0);
        assertEq(lines, _lines(level, humanIsX, 0, 0), "line count");
    }

    /// @dev The "CPU" player's cell at (x, o).
    function _reply(ISoloTicTacToe.Difficulty level, uint16 x, uint16 o) internal view returns (uint8) {
        bool xToMove = popCount(x) == popCount(o);
        (uint16 mine, uint16 theirs) = xToMove ? (x, o) : (o, x);
        return cpu.previewCpuMove(mine, theirs, uint8(level), uint256(keccak256(abi.encode(x, o))));
    }

    function _over(uint16 x, uint16 o) internal pure returns (bool) {
        return NaiveCpu.isWin(x) || NaiveCpu.isWin(o) || x | o == 0x1FF;
    }

    function _with(uint16 x, uint16 o, uint8 cell) internal pure returns (uint16, uint16) {
        uint16 bit = uint16(uint256(1) << cell);
        return popCount(x) == popCount(o) ? (x | bit, o) : (x, o | bit);
    }

    /// @dev Lines from (x, o), computed without transactions.
    function _lines(ISoloTicTacToe.Difficulty level, bool humanIsX, uint16 x, uint16 o)
        internal
        view
        returns (uint256 lines)
    {
        if (_over(x, o)) return 1;
        bool xToMove = popCount(x) == popCount(o);
        if (xToMove != humanIsX) {
            (uint16 nx, uint16 no) = _with(x, o, _reply(level, x, o));
            return _lines(level, humanIsX, nx, no);
        }
        for (uint8 cell; cell < 9; ++cell) {
            if ((x | o) & (uint256(1) << cell) != 0) continue;
            (uint16 nx, uint16 no) = _with(x, o, cell);
            lines += _lines(level, humanIsX, nx, no);
        }
    }

    function _explore(uint256 gameId, ISoloTicTacToe.Difficulty level, bool humanIsX, uint16 x, uint16 o)
        internal
        returns (uint256 lines)
    {
        if (_over(x, o)) return 1;
        bool xToMove = popCount(x) == popCount(o);
        if (xToMove != humanIsX) {
            uint8 reply = _reply(level, x, o);
            _play(gameId, xToMove, reply);
            (uint16 nx, uint16 no) = _with(x, o, reply);
            return _explore(gameId, level, humanIsX, nx, no);
        }
        for (uint8 cell; cell < 9; ++cell) {
            if ((x | o) & (uint256(1) << cell) != 0) continue;
            (uint16 nx, uint16 no) = _with(x, o, cell);
            if (_perLine()) _sendExtra(gameId, xToMove, cell, _lines(level, humanIsX, nx, no));
            uint256 snapshot = vm.snapshotState();
            _play(gameId, xToMove, cell);
            lines += _explore(gameId, level, humanIsX, nx, no);
            vm.revertToStateAndDelete(snapshot);
        }
    }

    function _play(uint256 gameId, bool xToMove, uint8 cell) internal {
        vm.prank(xToMove ? ALICE : BOB);
        ttt.play(gameId, cell);
    }

    /// @dev For the per-line weighting: sends the move `weight - 1` extra times, each reverted at once.
    function _sendExtra(uint256 gameId, bool xToMove, uint8 cell, uint256 weight) internal {
        for (uint256 i = 1; i < weight; ++i) {
            uint256 extra = vm.snapshotState();
            _play(gameId, xToMove, cell);
            vm.revertToStateAndDelete(extra);
        }
    }
}

/// @dev Each player cancels a game of its own, leaving a pending balance that later payouts add to.
abstract contract StakedBalances is PvpGasBase {
    function _stake() internal pure override returns (uint256) {
        return 1 ether;
    }

    function _seedBalances() internal override {
        vm.prank(ALICE);
        uint256 a = ttt.createGame{value: 1 ether}(3600, address(0));
        vm.prank(ALICE);
        ttt.cancel(a);
        vm.prank(BOB);
        uint256 b = ttt.createGame{value: 1 ether}(3600, address(0));
        vm.prank(BOB);
        ttt.cancel(b);
    }
}

abstract contract FreshBalances is PvpGasBase {
    function _stake() internal pure override returns (uint256) {
        return 1 ether;
    }
}

abstract contract NoStakes is PvpGasBase {
    function _stake() internal pure override returns (uint256) {
        return 0;
    }
}

contract PvpGasLinesStakedTest is StakedBalances {
    function _perLine() internal pure override returns (bool) {
        return true;
    }
}

contract PvpGasLinesFreshBalanceTest is FreshBalances {
    function _perLine() internal pure override returns (bool) {
        return true;
    }
}

contract PvpGasLinesNoStakeTest is NoStakes {
    function _perLine() internal pure override returns (bool) {
        return true;
    }
}

contract PvpGasMovesStakedTest is StakedBalances {
    function _perLine() internal pure override returns (bool) {
        return false;
    }
}

contract PvpGasMovesFreshBalanceTest is FreshBalances {
    function _perLine() internal pure override returns (bool) {
        return false;
    }
}

contract PvpGasMovesNoStakeTest is NoStakes {
    function _perLine() internal pure override returns (bool) {
        return false;
    }
}
