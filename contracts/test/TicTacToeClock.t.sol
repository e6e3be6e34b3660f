// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @notice The clock a censor cannot buy cheaply: a turn is over only when its time limit AND {claimBlocks} blocks
///         have passed since it began. Until then the player to move may still move (even past the deadline) and
///         no timeout can be claimed; after that, the reverse. Block numbers are kept modulo 2^19, which can only
///         delay a claim.
contract TicTacToeClockTest is TestBase {
    TicTacToe internal ttt;

    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    uint256 internal constant STAKE = 1 ether;
    uint32 internal constant TIMEOUT = 60;
    uint256 internal constant CLAIM_BLOCKS = 64;
    uint256 internal constant MODULUS = 1 << 19;

    function setUp() public {
        ttt = new TicTacToe(CLAIM_BLOCKS);
        vm.deal(X, 100 ether);
        vm.deal(O, 100 ether);
        vm.warp(1_700_000_000);
        vm.roll(20_000_000);
    }

    /// @dev A game joined now: X's first turn begins in this block.
    function _newGame() internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
    }

    function _play(address player, uint256 gameId, uint8 cell) internal {
        vm.prank(player);
        ttt.play(gameId, cell);
    }

    function _deadline(uint256 gameId) internal view returns (uint64 deadline) {
        (,,,, deadline,,,) = ttt.getGame(gameId);
    }

    function _status(uint256 gameId) internal view returns (ITicTacToe.Status status) {
        (,,,,,,, status) = ttt.getGame(gameId);
    }

    /// @dev The time `seconds` after now and the block `blocks` after `from`.
    function _at(uint256 seconds_, uint256 from, uint256 blocks) internal {
        vm.warp(block.timestamp + seconds_);
        vm.roll(from + blocks);
    }

    function test_ClaimBlocksIsWhatTheDeploymentAskedFor() public {
        assertEq(ttt.claimBlocks(), CLAIM_BLOCKS, "claimBlocks");
        assertEq(new TicTacToe(0).claimBlocks(), 0, "none");
        assertEq(new TicTacToe(MODULUS - 1).claimBlocks(), MODULUS - 1, "the largest count that can be met");
    }

    function test_RevertWhen_ClaimBlocksCouldNeverBeMet() public {
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.ClaimBlocksTooLarge.selector, MODULUS, MODULUS - 1));
        new TicTacToe(MODULUS);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.ClaimBlocksTooLarge.selector, type(uint256).max, MODULUS - 1));
        new TicTacToe(type(uint256).max);
    }

    /// @dev The time has passed, the blocks have not: no claim, and the late player may still move.
    function test_RevertWhen_ClaimWithTheTimeButNotTheBlocks() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        uint256 began = block.number;
        _at(7 days, began, CLAIM_BLOCKS - 1);
        assertEq(ttt.claimBlocksLeft(gameId), 1, "one block to go");
        vm.prank(X);
        vm.expectRevert(
            abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, gameId, CLAIM_BLOCKS - 1, CLAIM_BLOCKS)
        );
        ttt.claimTimeout(gameId);

        // A week late by the clock, O still gets its move in: the censor would have had to hold it out of the
        // blocks too.
        _play(O, gameId, 0);
        assertTrue(_status(gameId) == ITicTacToe.Status.Active, "still being played");
        assertEq(_deadline(gameId), block.timestamp + TIMEOUT, "a full limit from the late move");
        assertEq(ttt.claimBlocksLeft(gameId), CLAIM_BLOCKS, "a new turn needs every block again");
    }

    /// @dev The blocks have passed, the time has not: no claim, as before the block rule.
    function test_RevertWhen_ClaimWithTheBlocksButNotTheTime() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        uint64 deadline = _deadline(gameId);
        _at(TIMEOUT, block.number, 10 * CLAIM_BLOCKS);
        assertEq(block.timestamp, deadline, "the deadline's own second");
        assertEq(ttt.claimBlocksLeft(gameId), 0, "the blocks are in");
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
        ttt.claimTimeout(gameId);
    }

    /// @dev Both: the claim succeeds in the first block that completes the count, and a move no longer lands.
    function test_ClaimWithBothTheTimeAndTheBlocks() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        _play(O, gameId, 0);
        uint256 began = block.number;
        uint64 deadline = _deadline(gameId);
        _at(TIMEOUT + 1, began, CLAIM_BLOCKS);
        assertEq(ttt.claimBlocksLeft(gameId), 0, "none left");
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.MoveTooLate.selector, gameId, deadline));
        ttt.play(gameId, 8);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "X was late by the clock and the blocks");
        assertEq(ttt.pendingBalance(O), 2 * STAKE, "O takes both stakes");
    }

    /// @dev The first-move abort needs the blocks as well: before them, X may still make its first move.
    function test_AbortNeedsTheBlocksToo() public {
        uint256 gameId = _newGame();
        uint256 began = block.number;
        _at(TIMEOUT + 1, began, CLAIM_BLOCKS - 1);
        vm.prank(O);
        vm.expectRevert(
            abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, gameId, CLAIM_BLOCKS - 1, CLAIM_BLOCKS)
        );
        ttt.claimTimeout(gameId);
        vm.roll(began + CLAIM_BLOCKS);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.Aborted, "aborted");
    }

    /// @dev After 2^19 blocks the count wraps to a small number: that delays the claim (at most {CLAIM_BLOCKS}
    ///      blocks) and, while it lasts, lets the late player move; it never lets a claim come early.
    function test_TheWrapOnlyDelays() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        _play(O, gameId, 0);
        uint256 began = block.number;
        _at(TIMEOUT + 1, began, MODULUS - 1);
        assertEq(ttt.claimBlocksLeft(gameId), 0, "2^19 - 1 blocks: enough");
        vm.roll(began + MODULUS + 3);
        assertEq(ttt.claimBlocksLeft(gameId), CLAIM_BLOCKS - 3, "the count wrapped to 3");
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, gameId, 3, CLAIM_BLOCKS));
        ttt.claimTimeout(gameId);
        vm.roll(began + MODULUS + CLAIM_BLOCKS);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "claimed once the wrapped count is met again");
    }

    /// @dev A turn that begins in a block numbered past 2^19 (every real chain's) counts from the stored remainder
    ///      exactly; a stored remainder larger than the current one (the block number crossed a multiple of 2^19
    ///      during the turn) counts right too.
    function test_CountsAcrossAMultipleOfTheModulus() public {
        vm.roll(3 * MODULUS - 10);
        uint256 gameId = _newGame();
        uint256 began = block.number;
        _at(TIMEOUT + 1, began, CLAIM_BLOCKS - 1);
        assertEq(ttt.claimBlocksLeft(gameId), 1, "63 blocks, across 3 * 2^19");
        vm.prank(O);
        vm.expectRevert(
            abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, gameId, CLAIM_BLOCKS - 1, CLAIM_BLOCKS)
        );
        ttt.claimTimeout(gameId);
        vm.roll(began + CLAIM_BLOCKS);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.Aborted, "X's first move timed out");
    }

    /// @dev A move in the last second of the time limit lands whatever the blocks; one second later it lands only
    ///      while the blocks have not passed.
    function test_TheLastSecondAndTheBlocks() public {
        uint256 gameId = _newGame();
        uint256 began = block.number;
        vm.warp(_deadline(gameId));
        vm.roll(began + 10 * CLAIM_BLOCKS);
        _play(X, gameId, 4);
        began = block.number;
        uint64 deadline = _deadline(gameId);
        vm.warp(deadline + 1);
        vm.roll(began + CLAIM_BLOCKS);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.MoveTooLate.selector, gameId, deadline));
        ttt.play(gameId, 0);
        vm.roll(began + CLAIM_BLOCKS - 1);
        _play(O, gameId, 0);
    }

    function test_ClaimBlocksLeftOfAGameNotBeingPlayed() public {
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.UnknownGame.selector, 7));
        ttt.claimBlocksLeft(7);
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.Open));
        ttt.claimBlocksLeft(gameId);
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        assertEq(ttt.claimBlocksLeft(gameId), CLAIM_BLOCKS, "a turn that began in this block");
        vm.prank(O);
        ttt.resign(gameId);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.XWon));
        ttt.claimBlocksLeft(gameId);
    }
}
