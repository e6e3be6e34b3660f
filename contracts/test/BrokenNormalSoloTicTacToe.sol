// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {BookSoloTicTacToe} from "./BookSoloTicTacToe.sol";

/// @title BrokenNormalSoloTicTacToe
/// @notice TEST ONLY. The book's contract with a broken Normal: its last step takes the first cell in the order
///         whether it is empty or not, so a game at Normal reverts with `CellTaken` as soon as that cell is the
///         player's. Hard, Easy and everything else are unchanged.
/// @dev It exists to show that one broken level does not hide the others' verdicts: the proofs of Hard still
///      pass, and only `levels` (and `same-as-engine`) report the broken Normal.
contract BrokenNormalSoloTicTacToe is BookSoloTicTacToe {
    /// @dev Forgets to check that the cell is empty.
    function _normalCell(uint256) internal pure override returns (uint8) {
        return _first(FULL);
    }
}
