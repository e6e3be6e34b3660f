// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {SymbolicBase} from "./SymbolicBase.t.sol";
import {SoloTicTacToe} from "../../SoloTicTacToe.sol";
import {ISoloTicTacToe} from "../../interfaces/ISoloTicTacToe.sol";

/// @title SoloPreview
/// @notice halmos proof that the public CPU oracle never answers nonsense: for every two 16-bit masks, every
///         difficulty byte and every seed, `previewCpuMove` returns an empty cell 0..8, or reverts with the custom
///         error the first broken requirement names, and nothing else.
contract SoloPreviewCheck is SymbolicBase {
    SoloTicTacToe internal solo;

    function setUp() public {
        solo = new SoloTicTacToe();
    }

    /// @notice Easy (difficulty 0), for every seed: the seed picks among the empty cells.
    function check_easyPreviewIsAnEmptyCellOrACustomError(uint16 mine, uint16 theirs, uint256 seed) public view {
        _check(mine, theirs, 0, seed);
    }

    /// @notice Normal (1) and Hard (2), whose answers do not depend on the seed, and every byte above them.
    function check_otherPreviewsAreAnEmptyCellOrACustomError(uint16 mine, uint16 theirs, uint8 difficulty, uint256 seed)
        public
        view
    {
        vm.assume(difficulty != 0);
        _check(mine, theirs, difficulty, seed);
    }

    function _check(uint16 mine, uint16 theirs, uint8 difficulty, uint256 seed) internal view {
        (bool ok, bytes memory out) =
            address(solo).staticcall(abi.encodeCall(ISoloTicTacToe.previewCpuMove, (mine, theirs, difficulty, seed)));

        bytes memory refusal;
        if (difficulty > 2) {
            refusal = abi.encodeWithSelector(ISoloTicTacToe.InvalidDifficulty.selector, difficulty);
        } else if ((mine | theirs) > 0x1FF) {
            refusal = abi.encodeWithSelector(ISoloTicTacToe.BoardOutOfRange.selector, mine, theirs);
        } else if (mine & theirs != 0) {
            refusal = abi.encodeWithSelector(ISoloTicTacToe.BoardsOverlap.selector, mine, theirs);
        } else if (mine | theirs == 0x1FF) {
            refusal = abi.encodeWithSelector(ISoloTicTacToe.BoardFull.selector, mine, theirs);
        }

        if (refusal.length != 0) {
            assert(!ok);
            assert(_same(out, refusal));
        } else {
            assert(ok && out.length == 32);
            uint256 cell = abi.decode(out, (uint256));
            assert(cell < 9);
            assert((uint256(mine | theirs) >> cell) & 1 == 0);
        }
    }

    /// @dev Whether `a` and `b` hold the same bytes, compared word by word (no hashing, which a solver sees
    ///      through less easily).
    function _same(bytes memory a, bytes memory b) internal pure returns (bool) {
        if (a.length != b.length) return false;
        for (uint256 offset; offset < a.length; offset += 32) {
            bytes32 left;
            bytes32 right;
            assembly {
                left := mload(add(add(a, 32), offset))
                right := mload(add(add(b, 32), offset))
            }
            uint256 remaining = a.length - offset;
            // Past the end a word holds whatever memory follows; only the bytes inside count.
            if (remaining < 32) {
                bytes32 inside = bytes32(type(uint256).max << (8 * (32 - remaining)));
                left &= inside;
                right &= inside;
            }
            if (left != right) return false;
        }
        return true;
    }
}
