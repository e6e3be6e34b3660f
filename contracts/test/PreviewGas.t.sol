// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {NaiveCpu} from "./utils/NaiveCpu.sol";
import {SoloTicTacToe} from "../SoloTicTacToe.sol";
import {ISoloTicTacToe} from "../interfaces/ISoloTicTacToe.sol";

/// @notice `previewCpuMove` at Hard on every legal position that is not over, from the side to move (the game
///         tree's positions, each once). Run alone:
///
///         forge test --use ./script/solc-wrapper.js --match-contract PreviewHardGasTest --gas-report
contract PreviewHardGasTest is TestBase {
    SoloTicTacToe internal solo;

    function setUp() public {
        solo = new SoloTicTacToe();
    }

    /// @dev 5,478 legal positions, of which 4,520 are not over.
    function test_EveryLegalPosition() public {
        bool[] memory seen = new bool[](19_683);
        (uint256 positions, uint256 open) = _visit(seen, 0, 0);
        assertEq(positions, 5_478, "legal positions");
        assertEq(open, 4_520, "positions not over");
    }

    /// @dev Visits (x, o) and what follows, counting positions not seen before.
    function _visit(bool[] memory seen, uint16 x, uint16 o)
        internal
        returns (uint256 positions, uint256 open)
    {
        uint256 index = _index(x, o);
        if (seen[index]) return (0, 0);
        seen[index] = true;
        positions = 1;
        if (NaiveCpu.isWin(x) || NaiveCpu.isWin(o) || x | o == 0x1FF) return (positions, 0);
        open = 1;
        bool xToMove = popCount(x) == popCount(o);
        if (xToMove) solo.previewCpuMove(x, o, uint8(ISoloTicTacToe.Difficulty.Hard), 0);
        else solo.previewCpuMove(o, x, uint8(ISoloTicTacToe.Difficulty.Hard), 0);
        for (uint8 cell; cell < 9; ++cell) {
            uint16 bit = uint16(uint256(1) << cell);
            if ((x | o) & bit != 0) continue;
            (uint256 p, uint256 n) = xToMove ? _visit(seen, x | bit, o) : _visit(seen, x, o | bit);
            positions += p;
            open += n;
        }
    }

    function _index(uint16 x, uint16 o) internal pure returns (uint256 index) {
        for (uint256 cell = 9; cell > 0; --cell) {
            index = index * 3 + ((x >> (cell - 1)) & 1) + 2 * ((o >> (cell - 1)) & 1);
        }
    }
}
