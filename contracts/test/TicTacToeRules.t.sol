// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Vm} from "./utils/TestBase.sol";
import {PvpTestBase} from "./utils/PvpTestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @notice The PvP rules where the main suite (`TicTacToe.t.sol`) had blind spots: stakes other than 1 ether (the
///         cap and 2^95 among them), moves in a deadline's last second, timeouts at the 7-day limit, time passing
///         between moves, and events read while the clock moves. `script/halmos-check.py` also runs two of these
///         tests against one-line event bugs (a stale `Moved` deadline, a wrong end reason), which halmos cannot
///         see, and fails unless both are caught.
contract TicTacToeRulesTest is PvpTestBase {
    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    uint256 internal constant CAP = (uint256(1) << 96) - 1;
    uint32 internal constant WEEK = 7 days;
    uint256 internal constant START = 1_700_000_000;
    /// @dev Blocks a claim needs after the turn began; every claim here mines them (see {_warpAndMine}).
    uint256 internal constant CLAIM_BLOCKS = 5;

    function setUp() public {
        ttt = new TicTacToe(CLAIM_BLOCKS);
        vm.deal(X, uint256(1) << 100);
        vm.deal(O, uint256(1) << 100);
        vm.warp(START);
    }

    /// @dev The stakes every staked rule here is run with: none, one wei, an ordinary one, 2^95, the cap.
    function _stakes() internal pure returns (uint256[5] memory) {
        return [uint256(0), 1, 1 ether, uint256(1) << 95, CAP];
    }

    function _game(uint256 stake, uint32 timeout) internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: stake}(timeout, address(0));
        vm.prank(O);
        ttt.joinGame{value: stake}(gameId, X, timeout);
    }

    /// @dev The clock at `timestamp`, with the blocks a claim needs mined meanwhile.
    function _warpAndMine(uint256 timestamp) internal {
        vm.warp(timestamp);
        vm.roll(block.number + CLAIM_BLOCKS);
    }

    /// @dev The one {GameEnded} among `logs`: its reason and winner.
    function _ending(Vm.Log[] memory logs) internal pure returns (ITicTacToe.EndReason reason, address winner) {
        uint256 found;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].topics[0] != ITicTacToe.GameEnded.selector) continue;
            reason = abi.decode(logs[i].data, (ITicTacToe.EndReason));
            winner = address(uint160(uint256(logs[i].topics[2])));
            ++found;
        }
        assertEq(found, 1, "one GameEnded");
    }

    // ---------------------------------------------------------------- stakes

    function test_TheCapIsAcceptedAndOneMoreRefused() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: CAP}(60, address(0));
        (,, uint256 stake,,,,,) = ttt.getGame(gameId);
        assertEq(stake, CAP, "the cap itself is a stake");
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.StakeTooLarge.selector, CAP + 1, CAP));
        ttt.createGame{value: CAP + 1}(60, address(0));
    }

    /// @dev Every ending, at every stake: a line, a draw, a timeout, an abort, a resignation each pay by the rules.
    function test_EveryEndingPaysByTheRulesAtEveryStake() public {
        uint256[5] memory stakes = _stakes();
        for (uint256 i; i < stakes.length; ++i) {
            uint256 stake = stakes[i];
            uint256 snapshot = vm.snapshotState();

            // X makes the top row, with time passing before every move.
            uint256 won = _game(stake, 600);
            uint8[5] memory cells = [0, 3, 1, 4, 2];
            for (uint256 m; m < cells.length; ++m) {
                vm.warp(block.timestamp + 599);
                _play(m % 2 == 0 ? X : O, won, cells[m]);
            }
            assertTrue(_status(won) == ITicTacToe.Status.XWon, "a line wins");
            assertEq(ttt.pendingBalance(X), 2 * stake, "the winner takes both stakes");

            // O's later timeout, claimed by X; then an abort, a resignation.
            uint256 late = _game(stake, WEEK);
            _play(X, late, 4);
            _play(O, late, 0);
            _warpAndMine(block.timestamp + WEEK + 1);
            vm.prank(O);
            ttt.claimTimeout(late);
            assertTrue(_status(late) == ITicTacToe.Status.OWon, "X was late: O wins");
            assertEq(ttt.pendingBalance(O), 2 * stake, "O takes both stakes");

            uint256 aborted = _game(stake, 60);
            _warpAndMine(block.timestamp + 61);
            vm.prank(X);
            ttt.claimTimeout(aborted);
            assertTrue(_status(aborted) == ITicTacToe.Status.Aborted, "a first-move timeout aborts");
            assertEq(ttt.pendingBalance(X), 3 * stake, "X has its stake back");

            uint256 resigned = _game(stake, 60);
            vm.prank(O);
            ttt.resign(resigned);
            assertTrue(_status(resigned) == ITicTacToe.Status.XWon, "O resigned: X wins");
            assertEq(ttt.pendingBalance(X), 5 * stake, "X takes both stakes");
            assertEq(address(ttt).balance, ttt.pendingBalance(X) + ttt.pendingBalance(O), "all of it owed");
            vm.revertToStateAndDelete(snapshot);
        }
    }

    // ---------------------------------------------------------------- the clock

    function test_AMoveInTheDeadlinesLastSecondCounts() public {
        uint256 gameId = _game(1 ether, 600);
        vm.warp(_deadline(gameId));
        _play(X, gameId, 4);
        uint64 deadline = _deadline(gameId);
        vm.warp(deadline);
        _play(O, gameId, 0);
        deadline = _deadline(gameId);
        _warpAndMine(deadline + 1);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.MoveTooLate.selector, gameId, deadline));
        ttt.play(gameId, 8);
    }

    function test_NoClaimInTheDeadlinesLastSecond() public {
        uint256 gameId = _game(1 ether, 600);
        _play(X, gameId, 4);
        _play(O, gameId, 0);
        _play(X, gameId, 8);
        uint64 deadline = _deadline(gameId);
        vm.warp(deadline);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
        ttt.claimTimeout(gameId);
        _warpAndMine(deadline + 1);
        vm.prank(X);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "O was late");
    }

    /// @dev At the 7-day limit, both ways round: X late after its first move, then O late after its first move.
    function test_TimeoutAtTheSevenDayLimitIsWonByTheWaitingPlayer() public {
        uint256[5] memory stakes = _stakes();
        for (uint256 i; i < stakes.length; ++i) {
            uint256 stake = stakes[i];
            uint256 xLate = _game(stake, WEEK);
            _play(X, xLate, 0);
            vm.warp(block.timestamp + WEEK);
            _play(O, xLate, 8); // the last second of O's week
            _warpAndMine(block.timestamp + WEEK + 1);
            vm.prank(O);
            ttt.claimTimeout(xLate);
            assertTrue(_status(xLate) == ITicTacToe.Status.OWon, "X late at the limit: O wins");

            uint256 oLate = _game(stake, WEEK);
            _play(X, oLate, 0);
            _play(O, oLate, 8);
            _play(X, oLate, 1);
            _warpAndMine(block.timestamp + WEEK + 1);
            vm.recordLogs();
            vm.prank(X);
            ttt.claimTimeout(oLate);
            (ITicTacToe.EndReason reason, address winner) = _ending(vm.getRecordedLogs());
            assertTrue(_status(oLate) == ITicTacToe.Status.XWon, "O late at the limit: X wins");
            assertTrue(reason == ITicTacToe.EndReason.Timeout, "the reason is Timeout");
            assertEq(winner, X, "GameEnded names X");
        }
        assertEq(ttt.pendingBalance(O), ttt.pendingBalance(X), "each won one game of each stake");
    }

    // ---------------------------------------------------------------- events against the state

    /// @dev After each move, with time passing before it, `Moved` carries the deadline the game now stores, which
    ///      is the move's time plus the limit, not the old one.
    function test_MovedCarriesTheNewDeadlineAfterTimePasses() public {
        uint256 gameId = _game(1 ether, 3600);
        uint8[4] memory cells = [4, 0, 8, 2];
        uint64 old = _deadline(gameId);
        for (uint256 m; m < cells.length; ++m) {
            vm.warp(block.timestamp + 1000 + m);
            vm.recordLogs();
            _play(m % 2 == 0 ? X : O, gameId, cells[m]);
            Vm.Log[] memory logs = vm.getRecordedLogs();
            assertEq(logs.length, 1, "one event per ordinary move");
            assertTrue(logs[0].topics[0] == ITicTacToe.Moved.selector, "Moved");
            (address player, uint8 cell, uint64 deadline) = abi.decode(logs[0].data, (address, uint8, uint64));
            assertEq(player, m % 2 == 0 ? X : O, "the mover");
            assertEq(cell, cells[m], "the cell");
            assertEq(deadline, _deadline(gameId), "the stored deadline");
            assertEq(deadline, block.timestamp + 3600, "a full limit from this move");
            assertTrue(deadline != old, "not the old deadline");
            old = deadline;
        }
    }

    /// @dev `GameEnded` gives every ending its own reason and winner, with time passing before it.
    function test_EveryEndingReportsItsReason() public {
        uint256 resigned = _game(1 ether, 600);
        vm.warp(block.timestamp + 300);
        _play(X, resigned, 4);
        vm.warp(block.timestamp + 300);
        vm.recordLogs();
        vm.prank(X);
        ttt.resign(resigned);
        (ITicTacToe.EndReason reason, address winner) = _ending(vm.getRecordedLogs());
        assertTrue(reason == ITicTacToe.EndReason.Resignation, "a resignation");
        assertEq(winner, O, "the other player wins");

        uint256 timedOut = _game(1 ether, 600);
        _play(X, timedOut, 4);
        _play(O, timedOut, 0);
        _warpAndMine(block.timestamp + 601);
        vm.recordLogs();
        vm.prank(O);
        ttt.claimTimeout(timedOut);
        (reason, winner) = _ending(vm.getRecordedLogs());
        assertTrue(reason == ITicTacToe.EndReason.Timeout, "a timeout");
        assertEq(winner, O, "the waiting player wins");

        uint256 aborted = _game(1 ether, 600);
        _warpAndMine(block.timestamp + 601);
        vm.recordLogs();
        vm.prank(O);
        ttt.claimTimeout(aborted);
        (reason, winner) = _ending(vm.getRecordedLogs());
        assertTrue(reason == ITicTacToe.EndReason.Abort, "an abort");
        assertEq(winner, address(0), "nobody wins");

        uint256 won = _game(1 ether, 600);
        uint8[5] memory cells = [0, 3, 1, 4, 2];
        for (uint256 m; m < cells.length; ++m) {
            vm.warp(block.timestamp + 60);
            if (m == cells.length - 1) vm.recordLogs();
            _play(m % 2 == 0 ? X : O, won, cells[m]);
        }
        (reason, winner) = _ending(vm.getRecordedLogs());
        assertTrue(reason == ITicTacToe.EndReason.Win, "a line");
        assertEq(winner, X, "its owner wins");
    }

    // ---------------------------------------------------------------- joins and the block clock

    /// @dev A private game holds its joiner to the terms it read as a public one does: the invited account naming
    ///      another creator or another time limit is refused with the real terms.
    function test_APrivateGameChecksTheJoinersTermsToo() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: 1 ether}(WEEK, O);
        bytes memory realTerms = abi.encodeWithSelector(ITicTacToe.TermsChanged.selector, gameId, X, WEEK);
        vm.prank(O);
        vm.expectRevert(realTerms);
        ttt.joinGame{value: 1 ether}(gameId, address(0xC0FFEE), WEEK);
        vm.prank(O);
        vm.expectRevert(realTerms);
        ttt.joinGame{value: 1 ether}(gameId, X, 60);
        vm.prank(O);
        ttt.joinGame{value: 1 ether}(gameId, X, WEEK);
        (,,,,,,, ITicTacToe.Status status) = ttt.getGame(gameId);
        assertTrue(status == ITicTacToe.Status.Active, "joined on the real terms");
    }

    /// @dev The blocks a claim waits for are counted exactly wherever the turn begins: from forge's first block,
    ///      just before and at 2^19 (where the stored block number wraps), and far past it. A count modulo anything
    ///      but 2^19 would let a claim in early once block numbers pass 2^19, and no test starting at block 1 would
    ///      see it unless it rolls there itself.
    function test_ClaimBlocksAreCountedExactlyAcrossTheWrap() public {
        uint256 wrap = uint256(1) << 19;
        uint256[5] memory starts = [block.number, wrap - 2, wrap, 3 * wrap + 5, 20_000_000];
        for (uint256 i; i < starts.length; ++i) {
            vm.roll(starts[i]);
            uint256 gameId = _game(0, 60);
            vm.warp(block.timestamp + 61);
            vm.roll(starts[i] + CLAIM_BLOCKS - 1);
            assertEq(ttt.claimBlocksLeft(gameId), 1, "one block to go");
            vm.prank(O);
            vm.expectRevert(
                abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, gameId, CLAIM_BLOCKS - 1, CLAIM_BLOCKS)
            );
            ttt.claimTimeout(gameId);
            vm.roll(starts[i] + CLAIM_BLOCKS);
            assertEq(ttt.claimBlocksLeft(gameId), 0, "claimable");
            vm.prank(O);
            ttt.claimTimeout(gameId);
        }
    }
}
