// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Named `.t.sol` although it holds no test: the toolkit's compiler (crates/chain) skips `*.t.sol`, and these files
// only mean something to halmos.

/// @dev The halmos cheatcodes these checks use (halmos's own `SVM` interface, written out: there are no libs here).
interface Svm {
    function createUint(uint256 bitSize, string calldata name) external returns (uint256);
    function createUint256(string calldata name) external returns (uint256);
    function createAddress(string calldata name) external returns (address);
    function createBool(string calldata name) external returns (bool);
}

/// @dev The Foundry cheatcodes halmos understands that these checks use.
interface HalmosVm {
    function assume(bool condition) external pure;
    function prank(address sender) external;
    function deal(address account, uint256 newBalance) external;
    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function load(address target, bytes32 slot) external view returns (bytes32);
}

/// @title SymbolicBase
/// @notice What every halmos check here shares: the cheatcode handles, comparisons without branches, and what an
///         ordinary account is.
/// @dev halmos counts a check as failed on a panic (`script/halmos-check.py` passes `--panic-error-codes '*'`,
///      so an overflow in a check's own arithmetic fails too, rather than dropping the path); a path that reverts
///      any other way is not explored further. So the checks state their properties with `assert` and call the
///      contract under test through `address.call`, never letting its reverts end a path unseen.
abstract contract SymbolicBase {
    /// @dev `address(uint160(uint256(keccak256("svm cheat code"))))`.
    Svm internal constant svm = Svm(0xF3993A62377BCd56AE39D773740A5390411E8BC9);

    /// @dev `address(uint160(uint256(keccak256("hevm cheat code"))))`.
    HalmosVm internal constant vm = HalmosVm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    /// @dev Addresses at or below this are precompiles, today's (0x01..0x11) and room for more; no account lives
    ///      there.
    uint160 internal constant _LAST_PRECOMPILE = 0xff;

    /// @dev 1 if `a == b`, else 0, as a word: comparing without a branch keeps halmos on one path.
    function _is(uint256 a, uint256 b) internal pure returns (uint256 r) {
        assembly {
            r := eq(a, b)
        }
    }

    /// @dev See {_is}.
    function _is(address a, address b) internal pure returns (uint256) {
        return _is(uint256(uint160(a)), uint256(uint160(b)));
    }

    /// @dev `amount` if `flag` is 1, 0 if it is 0, without a branch.
    function _when(uint256 flag, uint256 amount) internal pure returns (uint256 r) {
        assembly {
            r := and(amount, sub(0, flag))
        }
    }

    /// @dev Restricts `account` to an account a person or a contract outside this test could hold: no precompile,
    ///      no cheatcode address, not this test, not `target`.
    function _assumeOrdinary(address account, address target) internal view {
        vm.assume(uint160(account) > _LAST_PRECOMPILE);
        vm.assume(account != address(svm) && account != address(vm));
        vm.assume(account != address(this) && account != target);
    }
}
