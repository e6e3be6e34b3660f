// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title IBoardHarness
/// @notice External view of the `Board` library, so that tests outside Solidity can run it in the EVM.
/// @dev Self-contained on purpose (no imports): the Rust side reads this file with alloy's `sol!` macro.
///      Cells are 0..8 row-major; a mask is a side's cells as bits 0..8.
interface IBoardHarness {
    /// @dev `cell` is not one of the nine cells 0..8 (same selector as `Board.CellOutOfRange`).
    error CellOutOfRange(uint8 cell);

    /// @dev `Board.NONE`: the sentinel that stands for "no cell" (9).
    function none() external pure returns (uint8);

    /// @dev `Board.bit`: the mask holding only `cell`; reverts with {CellOutOfRange} if `cell > 8`.
    function bit(uint8 cell) external pure returns (uint16);

    /// @dev `Board.contains`: whether `mask` holds `cell` (false for any `cell > 8`).
    function contains(uint16 mask, uint8 cell) external pure returns (bool);

    /// @dev `Board.emptyMask`: the cells that neither `a` nor `b` holds.
    function emptyMask(uint16 a, uint16 b) external pure returns (uint16);

    /// @dev `Board.isWin`: whether `mask` holds a whole line (bits above 8 are ignored).
    function isWin(uint16 mask) external pure returns (bool);
}
