// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {NaiveCpu} from "./utils/NaiveCpu.sol";
import {SoloTicTacToe} from "../SoloTicTacToe.sol";
import {WeakHardSoloTicTacToe} from "./WeakHardSoloTicTacToe.sol";
import {V1HardSoloTicTacToe} from "./V1HardSoloTicTacToe.sol";
import {ISoloTicTacToe} from "../interfaces/ISoloTicTacToe.sol";

/// @notice The bit-parallel CPU against the literal one, on every board with an empty cell (legal or not: all
///         3^9 - 2^9 = 19,171 of them), at every level, with several seeds for Easy.
contract CpuTest is TestBase {
    SoloTicTacToe internal solo;
    WeakHardSoloTicTacToe internal weak;
    V1HardSoloTicTacToe internal v1;

    uint8 internal constant EASY = uint8(ISoloTicTacToe.Difficulty.Easy);
    uint8 internal constant NORMAL = uint8(ISoloTicTacToe.Difficulty.Normal);
    uint8 internal constant HARD = uint8(ISoloTicTacToe.Difficulty.Hard);

    uint256 internal constant _BOARDS = 19_683; // 3^9
    uint256 internal constant _CHUNK = 2_187; // 3^7

    function setUp() public {
        solo = new SoloTicTacToe();
        weak = new WeakHardSoloTicTacToe();
        v1 = new V1HardSoloTicTacToe();
    }

    function _board(uint256 index) internal pure returns (uint16 mine, uint16 theirs) {
        for (uint8 cell; cell < 9; ++cell) {
            uint256 digit = index % 3;
            index /= 3;
            if (digit == 1) mine |= uint16(1) << cell;
            else if (digit == 2) theirs |= uint16(1) << cell;
        }
    }

    function _check(uint256 chunk) internal view {
        uint256[4] memory seeds = [uint256(0), 1, 7, type(uint256).max - 12_345];
        for (uint256 index = chunk * _CHUNK; index < (chunk + 1) * _CHUNK; ++index) {
            (uint16 mine, uint16 theirs) = _board(index);
            if (mine | theirs == 0x1FF) continue;
            for (uint256 s; s < 4; ++s) {
                uint8 got = solo.previewCpuMove(mine, theirs, EASY, seeds[s]);
                assertEq(got, NaiveCpu.move(mine, theirs, 0, seeds[s], NaiveCpu.HARD), "easy");
            }
            assertEq(
                solo.previewCpuMove(mine, theirs, NORMAL, 0), NaiveCpu.move(mine, theirs, 1, 0, NaiveCpu.HARD), "normal"
            );
            uint8 hard = solo.previewCpuMove(mine, theirs, HARD, 0);
            assertEq(hard, NaiveCpu.move(mine, theirs, 2, 0, NaiveCpu.HARD), "hard");
            uint8 weakHard = weak.previewCpuMove(mine, theirs, HARD, 0);
            assertEq(weakHard, NaiveCpu.move(mine, theirs, 2, 0, NaiveCpu.WEAK_HARD), "weak hard");
            uint8 v1Hard = v1.previewCpuMove(mine, theirs, HARD, 0);
            assertEq(v1Hard, NaiveCpu.move(mine, theirs, 2, 0, NaiveCpu.V1_HARD), "v1 hard");
        }
    }

    function test_MatchesNaive_0() public view { _check(0); }
    function test_MatchesNaive_1() public view { _check(1); }
    function test_MatchesNaive_2() public view { _check(2); }
    function test_MatchesNaive_3() public view { _check(3); }
    function test_MatchesNaive_4() public view { _check(4); }
    function test_MatchesNaive_5() public view { _check(5); }
    function test_MatchesNaive_6() public view { _check(6); }
    function test_MatchesNaive_7() public view { _check(7); }
    function test_MatchesNaive_8() public view { _check(8); }

    function testFuzz_EasyMatchesNaive(uint256 index, uint256 seed) public view {
        (uint16 mine, uint16 theirs) = _board(index % _BOARDS);
        if (mine | theirs == 0x1FF) return;
        assertEq(
            solo.previewCpuMove(mine, theirs, EASY, seed),
            NaiveCpu.move(mine, theirs, 0, seed, NaiveCpu.HARD),
            "easy"
        );
    }

    function test_RevertWhen_PreviewBoardOutOfRange() public {
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.BoardOutOfRange.selector, uint16(0x200), uint16(0)));
        solo.previewCpuMove(0x200, 0, HARD, 0);
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.BoardOutOfRange.selector, uint16(1), uint16(0x8000)));
        solo.previewCpuMove(1, 0x8000, EASY, 0);
    }

    function test_RevertWhen_PreviewInvalidDifficulty() public {
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.InvalidDifficulty.selector, uint8(3)));
        solo.previewCpuMove(1, 2, 3, 0);
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.InvalidDifficulty.selector, uint8(200)));
        solo.previewCpuMove(0x200, 0, 200, 0);
    }

    function test_RevertWhen_PreviewBoardsOverlap() public {
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.BoardsOverlap.selector, uint16(3), uint16(2)));
        solo.previewCpuMove(3, 2, NORMAL, 0);
    }

    function test_RevertWhen_PreviewBoardFull() public {
        vm.expectRevert(abi.encodeWithSelector(ISoloTicTacToe.BoardFull.selector, uint16(0x0F0), uint16(0x10F)));
        solo.previewCpuMove(0x0F0, 0x10F, HARD, 0);
    }

    /// @dev Hard never loses, by exhaustion over every human line, with the human first and second.
    function test_HardNeverLoses() public view {
        (uint256 lines, uint256 losses) = _explore(solo, 0, 0);
        uint8 opening = solo.previewCpuMove(0, 0, HARD, 0);
        (uint256 lines2, uint256 losses2) = _explore(solo, uint16(uint256(1) << opening), 0);
        assertEq(losses + losses2, 0, "hard lost");
        assertTrue(lines + lines2 > 0, "no lines");
    }

    /// @dev The same search finds losses for the weakened Hard, so the proof can fail.
    function test_WeakHardLoses() public view {
        (, uint256 losses) = _explore(weak, 0, 0);
        assertTrue(losses > 0, "weak hard never lost");
    }

    /// @dev Every human line against Hard from board (cpu, human), human to move: (lines, human wins).
    function _explore(SoloTicTacToe cpu, uint16 cpuBoard, uint16 humanBoard)
        internal
        view
        returns (uint256 lines, uint256 losses)
    {
        for (uint8 cell; cell < 9; ++cell) {
            uint16 bit = uint16(uint256(1) << cell);
            if ((cpuBoard | humanBoard) & bit != 0) continue;
            uint16 human = humanBoard | bit;
            if (NaiveCpu.isWin(human)) {
                ++lines;
                ++losses;
                continue;
            }
            if (human | cpuBoard == 0x1FF) {
                ++lines;
                continue;
            }
            uint8 reply = cpu.previewCpuMove(cpuBoard, human, HARD, 0);
            uint16 next = cpuBoard | uint16(uint256(1) << reply);
            if (NaiveCpu.isWin(next) || next | human == 0x1FF) {
                ++lines;
                continue;
            }
            (uint256 l, uint256 w) = _explore(cpu, next, human);
            lines += l;
            losses += w;
        }
    }
}
