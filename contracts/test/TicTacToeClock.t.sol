// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {PvpTestBase} from "./utils/PvpTestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @notice The clock a censor cannot buy cheaply: a turn is over only when its time limit AND {claimBlocks} blocks
///         have passed since it began. Until then the player to move may still move (even past the deadline) and
///         no timeout can be claimed; after that, the reverse. Block numbers are kept modulo 2^19, which can only
///         delay a claim.
contract TicTacToeClockTest is PvpTestBase {
    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    uint256 internal constant STAKE = 1 ether;
    uint32 internal constant TIMEOUT = 60;
    uint256 internal constant CLAIM_BLOCKS = 64;
    uint256 internal constant MODULUS = 1 << 19;
    /// @dev The cap on a time limit, `MAX_MOVE_TIMEOUT`.
    uint256 internal constant WEEK = 7 days;
    /// @dev A week of L1's 12-second blocks: what passes during a turn that lasts its whole limit at the cap.
    uint256 internal constant BLOCKS_PER_WEEK = WEEK / 12;

    function setUp() public {
        ttt = new TicTacToe(CLAIM_BLOCKS);
        vm.deal(X, 100 ether);
        vm.deal(O, 100 ether);
        vm.warp(1_700_000_000);
        vm.roll(20_000_000);
    }

    /// @dev A game joined now: X's first turn begins in this block.
    function _newGame() internal returns (uint256 gameId) {
        gameId = _newGameWithLimit(TIMEOUT);
    }

    /// @dev A game with time limit `moveTimeout`, joined now.
    function _newGameWithLimit(uint256 moveTimeout) internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: STAKE}(moveTimeout, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, moveTimeout);
    }

    /// @dev `claimer`'s claim of game `gameId`: refused with `passed` of the claim blocks in, then, in block
    ///      `complete`, taken.
    function _claimRefusedThenTaken(address claimer, uint256 gameId, uint256 passed, uint256 complete) internal {
        vm.prank(claimer);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, gameId, passed, CLAIM_BLOCKS));
        ttt.claimTimeout(gameId);
        vm.roll(complete);
        vm.prank(claimer);
        ttt.claimTimeout(gameId);
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
        _claimRefusedThenTaken(O, gameId, CLAIM_BLOCKS - 1, began + CLAIM_BLOCKS);
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
        _claimRefusedThenTaken(O, gameId, 3, began + MODULUS + CLAIM_BLOCKS);
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
        _claimRefusedThenTaken(O, gameId, CLAIM_BLOCKS - 1, began + CLAIM_BLOCKS);
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

    /*  The whole game's bound (docs/security.md, "How long a game can hold a stake"): nine turns of at most the
        longer of the time limit and the claim blocks each, and no total deadline. At the 7-day cap with the public
        chains' claim blocks (`Deploy.PUBLIC_CLAIM_BLOCKS`, the 64 of {setUp}) a week of blocks outlasts them, so
        the bound is 9 x 7 days from the join. */

    /// @dev The player to move takes `cell` in the last second of its turn, a week of blocks after the turn began:
    ///      the blocks alone would allow a claim, the time does not, so the move lands.
    function _moveInTheLastSecond(uint256 gameId, address mover, address waiting, uint8 cell) internal {
        uint64 deadline = _deadline(gameId);
        _at(deadline - block.timestamp, block.number, BLOCKS_PER_WEEK);
        assertEq(ttt.claimBlocksLeft(gameId), 0, "the blocks have passed");
        vm.prank(waiting);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
        ttt.claimTimeout(gameId);
        _play(mover, gameId, cell);
    }

    /// @dev `cells` played in order (X first), each in the last second of its turn; asserts every deadline is one
    ///      cap after the move before it, so the k-th turn ends exactly k weeks after the join.
    function _playEveryMoveLate(uint256 gameId, uint256 joined, uint8[9] memory cells, uint256 moves) internal {
        for (uint256 i; i < moves; ++i) {
            assertEq(_deadline(gameId), joined + (i + 1) * WEEK, "turn k ends k weeks after the join");
            _moveInTheLastSecond(gameId, i % 2 == 0 ? X : O, i % 2 == 0 ? O : X, cells[i]);
            assertEq(block.timestamp, joined + (i + 1) * WEEK, "the move in its deadline's own second");
        }
    }

    /// @dev A draw: no line before the ninth move, which fills the board.
    function _drawnGame() internal pure returns (uint8[9] memory) {
        return [uint8(4), 0, 2, 6, 3, 5, 7, 1, 8];
    }

    /// @dev Nine last-second moves at the cap: the ninth fills the board, exactly 9 weeks after the join, and both
    ///      stakes are free then.
    function test_LastSecondMovesAtTheCapEndInADrawNineWeeksAfterTheJoin() public {
        assertEq(ttt.MAX_MOVE_TIMEOUT(), WEEK, "the cap is a week");
        assertTrue(BLOCKS_PER_WEEK >= ttt.claimBlocks(), "a week of blocks outlasts the claim blocks");
        uint256 gameId = _newGameWithLimit(WEEK);
        uint256 joined = block.timestamp;
        _playEveryMoveLate(gameId, joined, _drawnGame(), 9);
        assertTrue(_status(gameId) == ITicTacToe.Status.Draw, "a draw on the ninth move");
        assertEq(block.timestamp, joined + 9 * WEEK, "ended at the bound, not a second later");
        assertEq(ttt.pendingBalance(X), STAKE, "X's stake back");
        assertEq(ttt.pendingBalance(O), STAKE, "O's stake back");
    }

    /// @dev The same with a line on the ninth move (X takes the centre, completing two lines): no later either.
    function test_LastSecondMovesAtTheCapEndInALineNineWeeksAfterTheJoin() public {
        uint256 gameId = _newGameWithLimit(WEEK);
        uint256 joined = block.timestamp;
        _playEveryMoveLate(gameId, joined, [uint8(1), 0, 3, 2, 5, 6, 7, 8, 4], 9);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "X's line on the ninth move");
        assertEq(block.timestamp, joined + 9 * WEEK, "ended at the bound, not a second later");
        assertEq(ttt.pendingBalance(X), 2 * STAKE, "X takes both stakes");
    }

    /// @dev After every number of last-second moves (0 to 8), the player to move stalls instead: its turn is
    ///      claimable no earlier than one second past its deadline with the claim blocks in, and then at once, so
    ///      a stake is held at most until 9 weeks and a second after the join (a stall on the ninth move).
    function test_AStallAtTheCapIsClaimableOneSecondPastItsDeadline() public {
        for (uint256 moves; moves < 9; ++moves) {
            uint256 snapshot = vm.snapshotState();
            uint256 gameId = _newGameWithLimit(WEEK);
            uint256 joined = block.timestamp;
            _playEveryMoveLate(gameId, joined, _drawnGame(), moves);
            address waiting = moves % 2 == 0 ? O : X;
            uint64 deadline = _deadline(gameId);
            assertEq(deadline, joined + (moves + 1) * WEEK, "the stalled turn ends a week after the last move");
            uint256 began = block.number;

            // The deadline's own second: the time has not passed.
            _at(deadline - block.timestamp, began, CLAIM_BLOCKS - 1);
            vm.prank(waiting);
            vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
            ttt.claimTimeout(gameId);
            // A second later, one block short: the blocks have not; the next block, in the same second: both have,
            // and the claim ends the game.
            _at(1, began, CLAIM_BLOCKS - 1);
            _claimRefusedThenTaken(waiting, gameId, CLAIM_BLOCKS - 1, began + CLAIM_BLOCKS);

            assertEq(block.timestamp, joined + (moves + 1) * WEEK + 1, "claimed one second past the deadline");
            assertTrue(block.timestamp <= joined + 9 * WEEK + 1, "within the whole game's bound");
            if (moves < 2) {
                assertTrue(_status(gameId) == ITicTacToe.Status.Aborted, "a first move timed out");
                assertEq(ttt.pendingBalance(X), STAKE, "X's stake back");
                assertEq(ttt.pendingBalance(O), STAKE, "O's stake back");
            } else {
                ITicTacToe.Status won = waiting == X ? ITicTacToe.Status.XWon : ITicTacToe.Status.OWon;
                assertTrue(_status(gameId) == won, "the waiting player wins");
                assertEq(ttt.pendingBalance(waiting), 2 * STAKE, "both stakes to the waiting player");
            }
            vm.revertToStateAndDelete(snapshot);
        }
    }
}
