// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title ListedCpu
/// @notice TEST ONLY. The CPU procedure of `ISoloTicTacToe.previewCpuMove`, written plainly (loops over cells and
///         the eight lines) for the fixtures that stand for contracts a user writes: the book's shape, a perfect
///         Hard with other tie-breaks, a broken Normal. The tie-break order and Normal's last step are virtual, so
///         that each fixture changes only what it is about.
/// @dev Levels: 0 Easy, 1 Normal, 2 Hard. Masks are nine bits, cell `i` at bit `i`.
abstract contract ListedCpu {
    /// @dev The eight lines, 16 bits each: rows 0x007, 0x038, 0x1C0, columns 0x049, 0x092, 0x124, diagonals 0x111,
    ///      0x054.
    uint256 private constant _LINES = 0x0054_0111_0124_0092_0049_01C0_0038_0007;

    /// @dev All nine cells.
    uint256 internal constant FULL = 0x1FF;

    /// @dev The preferred order, one cell per nibble, the first in the lowest: 4, 0, 2, 6, 8, 1, 3, 5, 7 (centre,
    ///      corners, sides), the order of the interface's procedure.
    function _order() internal pure virtual returns (uint256) {
        return 0x7_5_3_1_8_6_2_0_4;
    }

    /// @dev Normal's last step, when it can neither win nor block: the first empty cell in the order.
    function _normalCell(uint256 empty) internal pure virtual returns (uint8) {
        return _first(empty);
    }

    /// @dev The CPU's cell at `level` with `mine` against `theirs` (which leave an empty cell).
    function _cpuMove(uint256 mine, uint256 theirs, uint256 level, uint256 seed) internal pure returns (uint8) {
        uint256 empty = FULL & ~(mine | theirs);
        uint256 cells = _wins(mine, empty);
        if (cells != 0) return _first(cells);
        if (level == 0) return _seededCell(empty, seed);
        cells = _wins(theirs, empty);
        if (cells != 0) return _first(cells);
        if (level == 1) return _normalCell(empty);
        return _hardCell(mine, theirs, empty);
    }

    /// @dev Hard, once nobody can win in one move: a fork of ours; else, if they can fork at one cell at most, a
    ///      forcing move that leaves us a fork, else that fork cell; else (several) a forcing move whose forced
    ///      reply is not one of their fork cells, else one of their fork cells; else the first empty cell.
    function _hardCell(uint256 mine, uint256 theirs, uint256 empty) private pure returns (uint8) {
        uint256 cells = _forks(mine, empty);
        if (cells != 0) return _first(cells);
        uint256 theirForks = _forks(theirs, empty);
        if (_count(theirForks) <= 1) {
            cells = _forcingToFork(mine, theirs, empty);
            if (cells != 0) return _first(cells);
            if (theirForks != 0) return _first(theirForks);
            return _first(empty);
        }
        for (uint256 c; c < 9; ++c) {
            uint256 bit = uint256(1) << c;
            if (empty & bit == 0) continue;
            uint256 threats = _wins(mine | bit, empty & ~bit);
            if (_count(threats) == 1 && threats & theirForks == 0) cells |= bit;
        }
        return _first(cells != 0 ? cells : theirForks);
    }

    /// @dev The empty cells that complete a line of `side`; every empty cell if `side` already holds one.
    function _wins(uint256 side, uint256 empty) internal pure returns (uint256 cells) {
        for (uint256 i; i < 8; ++i) {
            uint256 line = (_LINES >> (16 * i)) & 0xFFFF;
            uint256 open = line & ~side;
            if (open == 0) return empty;
            if (open & (open - 1) == 0) cells |= open & empty;
        }
    }

    /// @dev The empty cells after which `side` has two or more winning cells.
    function _forks(uint256 side, uint256 empty) private pure returns (uint256 cells) {
        for (uint256 c; c < 9; ++c) {
            uint256 bit = uint256(1) << c;
            if (empty & bit != 0 && _count(_wins(side | bit, empty & ~bit)) >= 2) cells |= bit;
        }
    }

    /// @dev The cells after which `mine` has exactly one winning cell `t` and, once `theirs` has taken `t`, a fork:
    ///      any fork if `t` gives them no winning cell, else their one winning cell if it is a fork cell of ours.
    function _forcingToFork(uint256 mine, uint256 theirs, uint256 empty) private pure returns (uint256 cells) {
        for (uint256 c; c < 9; ++c) {
            uint256 bit = uint256(1) << c;
            if (empty & bit == 0) continue;
            uint256 next = mine | bit;
            uint256 reply = _wins(next, empty & ~bit);
            if (_count(reply) != 1) continue;
            uint256 rest = empty & ~bit & ~reply;
            uint256 forks = _forks(next, rest);
            uint256 theirThreats = _wins(theirs | reply, rest);
            if (theirThreats == 0 ? forks != 0 : (_count(theirThreats) == 1 && forks & theirThreats != 0)) {
                cells |= bit;
            }
        }
    }

    /// @dev Easy's cell: the k-th empty cell in ascending order, k = seed mod (number of empty cells).
    function _seededCell(uint256 empty, uint256 seed) private pure returns (uint8) {
        uint256 k = seed % _count(empty);
        for (uint8 c; c < 9; ++c) {
            if (empty & (uint256(1) << c) == 0) continue;
            if (k == 0) return c;
            --k;
        }
        return 9;
    }

    /// @dev The first of `cells` in {_order}, or 9 if there is none.
    function _first(uint256 cells) internal pure returns (uint8) {
        uint256 order = _order();
        for (uint256 i; i < 9; ++i) {
            uint8 c = uint8((order >> (4 * i)) & 0xF);
            if (cells & (uint256(1) << c) != 0) return c;
        }
        return 9;
    }

    function _count(uint256 cells) private pure returns (uint256 n) {
        for (; cells != 0; cells &= cells - 1) ++n;
    }
}
