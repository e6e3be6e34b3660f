// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {NaiveCpu} from "./utils/NaiveCpu.sol";
import {BoardHarness} from "./BoardHarness.sol";
import {IBoardHarness} from "../interfaces/IBoardHarness.sol";

/// @notice The `Board` library, through its harness, against the obvious definitions.
contract BoardTest is TestBase {
    BoardHarness internal board;

    function setUp() public {
        board = new BoardHarness();
    }

    function test_IsWinMatchesNaiveOnEveryMask() public view {
        for (uint16 mask; mask < 512; ++mask) {
            bool expected = NaiveCpu.isWin(mask);
            assertTrue(board.isWin(mask) == expected, "isWin");
            // Bits above cell 8 are not cells and change nothing.
            assertTrue(board.isWin(mask | 0xFE00) == expected, "isWin ignores high bits");
        }
    }

    function test_Bit() public view {
        for (uint8 cell; cell < 9; ++cell) {
            assertEq(board.bit(cell), uint256(1) << cell, "bit");
        }
    }

    function test_RevertWhen_BitOutOfRange() public {
        uint8[4] memory cells = [9, 10, 16, 255];
        for (uint256 i; i < 4; ++i) {
            vm.expectRevert(abi.encodeWithSelector(IBoardHarness.CellOutOfRange.selector, cells[i]));
            board.bit(cells[i]);
        }
    }

    function test_Contains() public view {
        for (uint16 mask; mask < 512; mask += 7) {
            for (uint8 cell; cell < 9; ++cell) {
                assertTrue(board.contains(mask, cell) == ((mask >> cell) & 1 == 1), "contains");
            }
            // Nothing past cell 8 is ever contained, even with the bit set.
            assertTrue(!board.contains(mask | 0xFE00, board.none()), "contains none");
            assertTrue(!board.contains(0xFFFF, 15), "contains 15");
        }
    }

    function test_EmptyMask() public view {
        assertEq(board.emptyMask(0, 0), 0x1FF, "empty board");
        assertEq(board.emptyMask(0x111, 0x0AA), 0x044, "cells 2 and 6 empty");
        assertEq(board.emptyMask(0xFE00, 0), 0x1FF, "high bits ignored");
        assertEq(board.emptyMask(0x1F0, 0x00F), 0, "full");
    }

    function test_None() public view {
        assertEq(board.none(), 9, "none");
    }
}
