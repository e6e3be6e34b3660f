// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title NaiveCpu
/// @notice The CPU procedure of the spec written as literally as possible (loops over cells and over the eight
///         line masks, `isWin(side | bit(c))` everywhere), to check the bit-parallel contract against.
/// @dev Deliberately slow and obvious. Levels: 0 Easy, 1 Normal, 2 Hard. Hard comes in three variants: the
///      production one ({HARD}), the deliberately weakened one without the forcing move ({WEAK_HARD}), and Hard as
///      it was before version 2, without the force-to-a-fork and take-a-fork-cell rules ({V1_HARD}).
library NaiveCpu {
    uint8 internal constant NONE = 9;

    /// @dev Every rule of the procedure.
    uint8 internal constant HARD = 0;
    /// @dev No forcing move (step c of Hard's fork rules).
    uint8 internal constant WEAK_HARD = 1;
    /// @dev Before version 2: no force-to-a-fork, no take-a-fork-cell.
    uint8 internal constant V1_HARD = 2;

    /// @dev The preferred order 4, 0, 2, 6, 8, 1, 3, 5, 7, one cell per byte from the most significant.
    bytes9 internal constant ORDER = hex"040002060801030507";

    function isWin(uint256 mask) internal pure returns (bool) {
        // The eight line masks, 16 bits each (no memory array: these run millions of times per test).
        uint256 lines = 0x0054_0111_0124_0092_0049_01C0_0038_0007;
        for (uint256 i; i < 8; ++i) {
            uint256 line = (lines >> (16 * i)) & 0xFFFF;
            if (mask & line == line) return true;
        }
        return false;
    }

    function has(uint256 mask, uint256 cell) internal pure returns (bool) {
        return (mask >> cell) & 1 == 1;
    }

    function preferred(uint256 cells) internal pure returns (uint8) {
        for (uint256 i; i < 9; ++i) {
            uint8 cell = uint8(ORDER[i]);
            if (has(cells, cell)) return cell;
        }
        return NONE;
    }

    /// @dev The first cell, in the preferred order, of `empty` that makes `side` hold a line.
    function winningCell(uint256 side, uint256 empty) internal pure returns (uint8) {
        for (uint256 i; i < 9; ++i) {
            uint8 cell = uint8(ORDER[i]);
            if (has(empty, cell) && isWin(side | (uint256(1) << cell))) return cell;
        }
        return NONE;
    }

    function threatCount(uint256 side, uint256 empty) internal pure returns (uint256 count) {
        for (uint256 cell; cell < 9; ++cell) {
            if (has(empty, cell) && isWin(side | (uint256(1) << cell))) ++count;
        }
    }

    function forkCells(uint256 side, uint256 empty) internal pure returns (uint256 forks) {
        for (uint256 cell; cell < 9; ++cell) {
            if (!has(empty, cell)) continue;
            if (threatCount(side | (uint256(1) << cell), empty & ~(uint256(1) << cell)) >= 2) forks |= uint256(1) << cell;
        }
    }

    /// @dev The empty cells after which `side` has exactly one threat and, once the opponent has taken that threat
    ///      cell, a fork: any fork cell if the opponent's reply threatens nothing, else the cell that blocks the
    ///      reply's one threat, if it is a fork cell.
    function forceForkCells(uint256 side, uint256 other, uint256 empty) internal pure returns (uint256 cells) {
        for (uint256 c; c < 9; ++c) {
            if (!has(empty, c)) continue;
            uint256 next = side | (uint256(1) << c);
            uint256 rest = empty & ~(uint256(1) << c);
            if (threatCount(next, rest) != 1) continue;
            uint8 reply = winningCell(next, rest);
            rest &= ~(uint256(1) << reply);
            uint256 otherNext = other | (uint256(1) << reply);
            uint256 forks = forkCells(next, rest);
            uint256 otherThreats = threatCount(otherNext, rest);
            if (otherThreats == 0 && forks != 0) cells |= uint256(1) << c;
            if (otherThreats == 1 && has(forks, winningCell(otherNext, rest))) cells |= uint256(1) << c;
        }
    }

    function move(uint256 mine, uint256 theirs, uint8 level, uint256 seed, uint8 variant)
        internal
        pure
        returns (uint8)
    {
        uint256 empty = 0x1FF & ~(mine | theirs);
        uint8 cell = winningCell(mine, empty);
        if (cell != NONE) return cell;
        if (level == 0) {
            uint256 emptyCount;
            for (uint256 c; c < 9; ++c) {
                if (has(empty, c)) ++emptyCount;
            }
            uint256 k = seed % emptyCount;
            for (uint8 c; c < 9; ++c) {
                if (!has(empty, c)) continue;
                if (k == 0) return c;
                --k;
            }
        }
        cell = winningCell(theirs, empty);
        if (cell != NONE) return cell;
        if (level == 1) return preferred(empty);

        uint256 forks = forkCells(mine, empty);
        if (forks != 0) return preferred(forks);
        uint256 theirForks = forkCells(theirs, empty);
        uint256 count;
        for (uint256 c; c < 9; ++c) {
            if (has(theirForks, c)) ++count;
        }
        if (count <= 1 && variant != V1_HARD) {
            uint256 forcingToFork = forceForkCells(mine, theirs, empty);
            if (forcingToFork != 0) return preferred(forcingToFork);
        }
        if (count == 1) return preferred(theirForks);
        if (count >= 2 && variant != WEAK_HARD) {
            for (uint256 i; i < 9; ++i) {
                uint8 c = uint8(ORDER[i]);
                if (!has(empty, c)) continue;
                uint256 next = mine | (uint256(1) << c);
                uint256 rest = empty & ~(uint256(1) << c);
                if (threatCount(next, rest) != 1) continue;
                uint8 reply = winningCell(next, rest);
                if (!has(theirForks, reply)) return c;
            }
        }
        if (count >= 2 && variant != V1_HARD) return preferred(theirForks);
        return preferred(empty);
    }
}
