// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @dev The few Foundry cheatcodes these tests use (there is no forge-std here).
interface Vm {
    function prank(address sender) external;
    function deal(address account, uint256 newBalance) external;
    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert() external;
    function snapshotState() external returns (uint256 snapshotId);
    function revertToStateAndDelete(uint256 snapshotId) external returns (bool success);
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);

    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }
}

/// @title TestBase
/// @notice Cheatcodes and the handful of assertions the tests need.
abstract contract TestBase {
    /// @dev The cheatcode address: `address(uint160(uint256(keccak256("hevm cheat code"))))`.
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    /// @dev An assertion failed.
    error AssertionFailed(string what, uint256 left, uint256 right);

    /// @dev Fails with `what` unless `left == right`.
    function assertEq(uint256 left, uint256 right, string memory what) internal pure {
        if (left != right) revert AssertionFailed(what, left, right);
    }

    /// @dev Fails with `what` unless `left == right`.
    function assertEq(address left, address right, string memory what) internal pure {
        if (left != right) revert AssertionFailed(what, uint160(left), uint160(right));
    }

    /// @dev Fails with `what` unless `condition`.
    function assertTrue(bool condition, string memory what) internal pure {
        if (!condition) revert AssertionFailed(what, 0, 1);
    }

    /// @dev The number of set bits of `x`.
    function popCount(uint256 x) internal pure returns (uint256 count) {
        for (; x != 0; x &= x - 1) ++count;
    }
}
