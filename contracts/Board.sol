// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title Board
/// @notice Bitmask helpers for a 3x3 tic-tac-toe board.
/// @dev Cells are numbered row-major and cell `i` is bit `i` of a side's mask:
///
///          0 | 1 | 2
///         ---+---+---
///          3 | 4 | 5
///         ---+---+---
///          6 | 7 | 8
///
///      A board is two such 9-bit masks, one per side, that never overlap. Bits 9..15 of a `uint16` mask are not
///      cells: `isWin` and `emptyMask` ignore them, and callers that accept masks from outside must reject them.
///
///      The eight winning lines, as masks:
///
///         rows       0x007 (0,1,2)   0x038 (3,4,5)   0x1C0 (6,7,8)
///         columns    0x049 (0,3,6)   0x092 (1,4,7)   0x124 (2,5,8)
///         diagonals  0x111 (0,4,8)   0x054 (2,4,6)
///
///      Every line is an arithmetic progression of cells: a row is `f, f+1, f+2` (f = 0, 3, 6), a column
///      `f, f+3, f+6` (f = 0, 1, 2), the diagonal `0, 4, 8` and the anti-diagonal `2, 4, 6`. Shifting a mask
///      right by the stride therefore lines a line's second and third cells up with its first, and one AND tests
///      every line of a direction at once. `isWin` is built on that and needs no table and no loop.
library Board {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev `cell` is not one of the nine cells 0..8.
    error CellOutOfRange(uint8 cell);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         CONSTANTS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev "No cell": the first value past the last cell (8). Used in events where a move did not happen, for
    ///      example the CPU's reply to a move that ended the game.
    uint8 internal constant NONE = 9;

    /// @dev All nine cells: `(1 << 9) - 1`.
    uint16 internal constant FULL = 0x1FF;

    /// @dev The first cell of each row (cells 0, 3, 6): `1 | 1 << 3 | 1 << 6`. A row's second and third cells are
    ///      one and two to the left of it in the mask, so `m & m >> 1 & m >> 2 & _ROW_STARTS` flags full rows.
    uint256 private constant _ROW_STARTS = 0x049;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         OPERATIONS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The mask holding only `cell`.
    ///
    ///      Requirements:
    ///      - `cell` is 0..8, else reverts with {CellOutOfRange}.
    function bit(uint8 cell) internal pure returns (uint16) {
        if (cell > 8) revert CellOutOfRange(cell);
        return uint16(1) << cell;
    }

    /// @dev Whether `mask` holds `cell`. Never true for a value that is not a cell (such as {NONE}), even if the
    ///      mask has bits above 8.
    function contains(uint16 mask, uint8 cell) internal pure returns (bool) {
        return cell < 9 && (mask >> cell) & 1 != 0;
    }

    /// @dev The cells that neither `a` nor `b` holds.
    function emptyMask(uint16 a, uint16 b) internal pure returns (uint16) {
        return ~(a | b) & FULL;
    }

    /// @dev Whether `mask` holds all three cells of at least one of the eight lines (bits above 8 are ignored).
    ///
    ///      Each term tests one direction with the shift trick described on the library: the result bit sits on
    ///      the line's first cell.
    ///      - rows (stride 1): bit f of `m & m >> 1 & m >> 2` for f in {0, 3, 6};
    ///      - columns (stride 3): bit f of `m & m >> 3 & m >> 6`; only f in {0, 1, 2} can be set, because
    ///        `m >> 6` has nothing above bit 2 once `m` is cut to nine bits;
    ///      - diagonal 0, 4, 8 (stride 4) and anti-diagonal 2, 4, 6 (stride 2, tested at bit 0 after `>> 2`).
    function isWin(uint16 mask) internal pure returns (bool) {
        uint256 m = mask & FULL;
        uint256 rows = m & (m >> 1) & (m >> 2) & _ROW_STARTS;
        uint256 columns = m & (m >> 3) & (m >> 6);
        uint256 diagonal = m & (m >> 4) & (m >> 8);
        uint256 antiDiagonal = (m >> 2) & (m >> 4) & (m >> 6);
        return (rows | columns | ((diagonal | antiDiagonal) & 1)) != 0;
    }
}
