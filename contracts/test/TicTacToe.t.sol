// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Vm} from "./utils/TestBase.sol";
import {PvpTestBase} from "./utils/PvpTestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @dev A recipient whose `receive` always reverts.
contract RevertingRecipient {
    function create(TicTacToe ttt, uint32 timeout) external payable returns (uint256) {
        return ttt.createGame{value: msg.value}(timeout, address(0));
    }

    function cancel(TicTacToe ttt, uint256 gameId) external {
        ttt.cancel(gameId);
    }

    function withdraw(TicTacToe ttt) external {
        ttt.withdraw();
    }

    function withdrawTo(TicTacToe ttt, address payable to) external {
        ttt.withdrawTo(to);
    }

    receive() external payable {
        revert("no thanks");
    }
}

/// @dev A recipient that re-enters `withdraw` from its `receive`, and records whether that succeeded.
/// @notice TEST ONLY. Takes the ether and answers with 200 kB of return data, which nobody asked for.
contract ChattyRecipient {
    fallback() external payable {
        assembly ("memory-safe") {
            return(0, 200000)
        }
    }
}

contract ReenteringRecipient {
    TicTacToe internal immutable _ttt;
    uint256 public reentries;
    bool public reentrySucceeded;

    constructor(TicTacToe ttt) {
        _ttt = ttt;
    }

    function create(uint32 timeout) external payable returns (uint256) {
        return _ttt.createGame{value: msg.value}(timeout, address(0));
    }

    function cancel(uint256 gameId) external {
        _ttt.cancel(gameId);
    }

    function withdraw() external {
        _ttt.withdraw();
    }

    receive() external payable {
        if (reentries++ == 0) {
            (bool ok,) = address(_ttt).call(abi.encodeCall(ITicTacToe.withdraw, ()));
            reentrySucceeded = ok;
        }
    }
}

/// @notice Behaviour of the PvP contract: the game, the money, and every rejected call.
contract TicTacToeTest is PvpTestBase {
    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    address internal constant STRANGER = address(0xCAFE);
    uint256 internal constant STAKE = 1 ether;
    uint32 internal constant TIMEOUT = 600;
    /// @dev Blocks a claim needs after the turn began (`TicTacToeClock.t.sol` tests the rule itself).
    uint256 internal constant CLAIM_BLOCKS = 5;

    function setUp() public {
        ttt = new TicTacToe(CLAIM_BLOCKS);
        vm.deal(X, 100 ether);
        vm.deal(O, 100 ether);
        vm.deal(STRANGER, 100 ether);
        vm.warp(1_700_000_000);
    }

    function _newGame() internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
    }

    /// @dev The clock at `timestamp`, with the blocks a claim needs mined meanwhile.
    function _warpAndMine(uint256 timestamp) internal {
        vm.warp(timestamp);
        vm.roll(block.number + CLAIM_BLOCKS);
    }

    /// @dev X takes the top row: X 0, O 3, X 1, O 4, X 2.
    function _xWins(uint256 gameId) internal {
        _play(X, gameId, 0);
        _play(O, gameId, 3);
        _play(X, gameId, 1);
        _play(O, gameId, 4);
        _play(X, gameId, 2);
    }

    /// @dev The ether held equals what is owed: pending balances plus the stakes of unfinished games.
    function _assertSolvent(uint256[] memory gameIds) internal view {
        uint256 owed = ttt.pendingBalance(X) + ttt.pendingBalance(O) + ttt.pendingBalance(STRANGER);
        for (uint256 i; i < gameIds.length; ++i) {
            if (gameIds[i] == 0) continue;
            (,, uint256 stake,,,,, ITicTacToe.Status status) = ttt.getGame(gameIds[i]);
            if (status == ITicTacToe.Status.Open) owed += stake;
            if (status == ITicTacToe.Status.Active) owed += 2 * stake;
        }
        assertEq(address(ttt).balance, owed, "solvent");
    }

    /// @dev `log` is {GameEnded} for `gameId`, ended by `reason`, won by `winner` (zero: nobody).
    function _assertEnded(Vm.Log memory log, uint256 gameId, ITicTacToe.EndReason reason, address winner)
        internal
        pure
    {
        assertTrue(log.topics[0] == ITicTacToe.GameEnded.selector, "GameEnded");
        assertEq(uint256(log.topics[1]), gameId, "ended id");
        assertEq(uint256(log.topics[2]), uint160(winner), "winner");
        assertTrue(abi.decode(log.data, (ITicTacToe.EndReason)) == reason, "reason");
    }

    /// @dev `log` is {BalanceCredited}: `amount` wei to `account`.
    function _assertCredited(Vm.Log memory log, address account, uint256 amount) internal pure {
        assertTrue(log.topics[0] == ITicTacToe.BalanceCredited.selector, "BalanceCredited");
        assertEq(uint256(log.topics[1]), uint160(account), "credited account");
        assertEq(abi.decode(log.data, (uint256)), amount, "credited amount");
    }

    // ---------------------------------------------------------------- create / join / cancel

    function test_CreateAndJoin() public {
        assertEq(ttt.nextGameId(), 1, "first id");
        vm.recordLogs();
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        assertEq(gameId, 1, "id");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 1, "one event");
        assertTrue(logs[0].topics[0] == ITicTacToe.GameCreated.selector, "GameCreated");
        assertEq(uint256(logs[0].topics[1]), gameId, "event id");
        assertEq(uint256(logs[0].topics[2]), uint160(X), "event creator");
        assertEq(uint256(logs[0].topics[3]), 0, "event: anyone may join");
        (uint256 stake, uint32 timeout) = abi.decode(logs[0].data, (uint256, uint32));
        assertEq(stake, STAKE, "event stake");
        assertEq(timeout, TIMEOUT, "event timeout");

        (address creator, address joiner, uint256 s, uint32 t, uint64 deadline,,, ITicTacToe.Status status) =
            ttt.getGame(gameId);
        assertTrue(creator == X && joiner == address(0), "seats before join");
        assertEq(s, STAKE, "stake");
        assertEq(t, TIMEOUT, "timeout");
        assertEq(deadline, 0, "no deadline before join");
        assertTrue(status == ITicTacToe.Status.Open, "open");

        vm.recordLogs();
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        (, joiner,,, deadline,,, status) = ttt.getGame(gameId);
        assertTrue(joiner == O, "joiner");
        assertEq(deadline, block.timestamp + TIMEOUT, "X's first deadline");
        logs = vm.getRecordedLogs();
        assertEq(logs.length, 1, "one event");
        assertTrue(logs[0].topics[0] == ITicTacToe.GameJoined.selector, "GameJoined");
        assertEq(uint256(logs[0].topics[1]), gameId, "joined id");
        assertEq(uint256(logs[0].topics[2]), uint160(O), "joiner");
        assertEq(abi.decode(logs[0].data, (uint64)), deadline, "joined: X's first deadline");
        assertTrue(status == ITicTacToe.Status.Active, "active");
        assertEq(address(ttt).balance, 2 * STAKE, "both stakes held");
    }

    function test_MinimumTimeoutAndZeroStake() public {
        assertEq(ttt.MIN_MOVE_TIMEOUT(), 60, "minimum");
        vm.prank(X);
        uint256 gameId = ttt.createGame(60, address(0));
        vm.prank(O);
        ttt.joinGame(gameId, X, 60);
        _xWins(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "x won");
        assertEq(ttt.pendingBalance(X), 0, "nothing to credit");
    }

    function test_RevertWhen_TimeoutTooShort() public {
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TimeoutTooShort.selector, uint32(59), uint32(60)));
        ttt.createGame(59, address(0));
    }

    function test_RevertWhen_TimeoutTooLong() public {
        assertEq(ttt.MAX_MOVE_TIMEOUT(), 7 days, "maximum");
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TimeoutTooLong.selector, uint32(7 days + 1), uint32(7 days)));
        ttt.createGame(7 days + 1, address(0));
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TimeoutTooLong.selector, type(uint32).max, uint32(7 days)));
        ttt.createGame(type(uint32).max, address(0));
    }

    function test_LongestTimeout() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(7 days, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, 7 days);
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);
        assertEq(deadline, block.timestamp + 7 days, "a week for the first move");
    }

    function test_RevertWhen_StakeTooLarge() public {
        uint256 huge = uint256(1) << 96;
        vm.deal(X, huge);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.StakeTooLarge.selector, huge, huge - 1));
        ttt.createGame{value: huge}(TIMEOUT, address(0));
    }

    function test_PrivateGameOnlyTheInvitedMayJoin() public {
        vm.recordLogs();
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, O);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(uint256(logs[0].topics[3]), uint160(O), "event: the invited opponent");
        (, address opponent,,,,,, ITicTacToe.Status status) = ttt.getGame(gameId);
        assertEq(opponent, O, "the seat is O's");
        assertTrue(status == ITicTacToe.Status.Open, "still open");

        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotInvited.selector, gameId, STRANGER, O));
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CreatorCannotJoin.selector, gameId));
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        // The invitation is checked before the stake.
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotInvited.selector, gameId, STRANGER, O));
        ttt.joinGame{value: 1}(gameId, X, TIMEOUT);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.WrongStake.selector, gameId, STAKE, 1));
        ttt.joinGame{value: 1}(gameId, X, TIMEOUT);

        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        (, opponent,,,,,, status) = ttt.getGame(gameId);
        assertEq(opponent, O, "O joined");
        assertTrue(status == ITicTacToe.Status.Active, "active");
        _xWins(gameId);
        assertEq(ttt.pendingBalance(X), 2 * STAKE, "a private game pays like any other");
    }

    function test_PrivateGameCanBeCancelled() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, O);
        vm.prank(X);
        ttt.cancel(gameId);
        assertEq(ttt.pendingBalance(X), STAKE, "refund credited");
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, gameId, ITicTacToe.Status.Cancelled));
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
    }

    function test_RevertWhen_CreatorInvitesItself() public {
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CannotInviteSelf.selector, X));
        ttt.createGame{value: STAKE}(TIMEOUT, X);
        assertEq(ttt.nextGameId(), 1, "no game made");
    }

    function test_RevertWhen_JoinUnknownGame() public {
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.UnknownGame.selector, 7));
        ttt.joinGame(7, X, TIMEOUT);
    }

    function test_RevertWhen_CreatorJoins() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CreatorCannotJoin.selector, gameId));
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
    }

    function test_RevertWhen_WrongStake() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.WrongStake.selector, gameId, STAKE, STAKE - 1));
        ttt.joinGame{value: STAKE - 1}(gameId, X, TIMEOUT);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.WrongStake.selector, gameId, STAKE, STAKE + 1));
        ttt.joinGame{value: STAKE + 1}(gameId, X, TIMEOUT);
    }

    function test_RevertWhen_JoinNamesOtherTerms() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        bytes memory changed = abi.encodeWithSelector(ITicTacToe.TermsChanged.selector, gameId, X, TIMEOUT);
        // Another creator, a shorter or a longer clock, or a timeout whose extra bits lie past the stored field:
        // each is a different game from the one read.
        vm.prank(O);
        vm.expectRevert(changed);
        ttt.joinGame{value: STAKE}(gameId, STRANGER, TIMEOUT);
        vm.prank(O);
        vm.expectRevert(changed);
        ttt.joinGame{value: STAKE}(gameId, X, 60);
        vm.prank(O);
        vm.expectRevert(changed);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT + 1);
        vm.prank(O);
        vm.expectRevert(changed);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT + (uint256(1) << 32));
        vm.prank(O);
        vm.expectRevert(changed);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT + (uint256(1) << 74));
        // The terms are checked before the stake, so the error names what changed.
        vm.prank(O);
        vm.expectRevert(changed);
        ttt.joinGame{value: 1}(gameId, STRANGER, TIMEOUT);
        assertTrue(_status(gameId) == ITicTacToe.Status.Open, "still open");

        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        assertTrue(_status(gameId) == ITicTacToe.Status.Active, "the terms read join");
    }

    function test_RevertWhen_AlreadyJoined() public {
        uint256 gameId = _newGame();
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.AlreadyJoined.selector, gameId, O));
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
    }

    function test_CancelRefundsInFull() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.recordLogs();
        vm.prank(X);
        ttt.cancel(gameId);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 2, "the end and the credit");
        _assertEnded(logs[0], gameId, ITicTacToe.EndReason.Cancellation, address(0));
        _assertCredited(logs[1], X, STAKE);
        assertTrue(_status(gameId) == ITicTacToe.Status.Cancelled, "cancelled");
        assertEq(ttt.pendingBalance(X), STAKE, "refund credited");
        uint256 before = X.balance;
        vm.prank(X);
        ttt.withdraw();
        assertEq(X.balance, before + STAKE, "refund paid");

        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, gameId, ITicTacToe.Status.Cancelled));
        ttt.joinGame{value: STAKE}(gameId, X, TIMEOUT);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, gameId, ITicTacToe.Status.Cancelled));
        ttt.cancel(gameId);
    }

    function test_RevertWhen_CancelByOther() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotCreator.selector, gameId, O));
        ttt.cancel(gameId);
    }

    function test_RevertWhen_CancelAfterJoin() public {
        uint256 gameId = _newGame();
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, gameId, ITicTacToe.Status.Active));
        ttt.cancel(gameId);
    }

    // ---------------------------------------------------------------- play

    function test_WinPaysBothStakesToTheWinner() public {
        uint256 gameId = _newGame();
        vm.recordLogs();
        _xWins(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "x won");
        assertEq(ttt.pendingBalance(X), 2 * STAKE, "winner credited");
        assertEq(ttt.pendingBalance(O), 0, "loser not");

        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 7, "five moves, the end and the credit");
        assertTrue(logs[3].topics[0] == ITicTacToe.Moved.selector, "O's Moved");
        (address player, uint8 cell, uint64 deadline) = abi.decode(logs[3].data, (address, uint8, uint64));
        assertTrue(player == O && cell == 4, "O took 4");
        assertEq(deadline, block.timestamp + TIMEOUT, "X's next deadline");
        assertTrue(logs[4].topics[0] == ITicTacToe.Moved.selector, "last Moved");
        (player, cell, deadline) = abi.decode(logs[4].data, (address, uint8, uint64));
        assertTrue(player == X && cell == 2, "X took 2");
        assertEq(deadline, 0, "no next deadline after the last move");
        _assertEnded(logs[5], gameId, ITicTacToe.EndReason.Win, X);
        _assertCredited(logs[6], X, 2 * STAKE);
        (,,,, uint64 stored,,,) = ttt.getGame(gameId);
        assertEq(stored, 0, "nobody is to move: no deadline");

        uint256 before = X.balance;
        vm.prank(X);
        ttt.withdraw();
        assertEq(X.balance, before + 2 * STAKE, "paid");
        assertEq(address(ttt).balance, 0, "nothing left");
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NothingToWithdraw.selector, X));
        ttt.withdraw();
    }

    function test_OWins() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 0);
        _play(O, gameId, 4);
        _play(X, gameId, 1);
        _play(O, gameId, 2);
        _play(X, gameId, 8);
        _play(O, gameId, 6); // 2-4-6
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "o won");
        assertEq(ttt.pendingBalance(O), 2 * STAKE, "winner credited");
    }

    function test_DrawReturnsEachStake() public {
        uint256 gameId = _newGame();
        uint8[9] memory cells = [0, 4, 8, 1, 7, 6, 2, 5, 3];
        for (uint256 i; i < 9; ++i) {
            _play(i % 2 == 0 ? X : O, gameId, cells[i]);
        }
        (,,,,, uint16 x, uint16 o, ITicTacToe.Status status) = ttt.getGame(gameId);
        assertTrue(status == ITicTacToe.Status.Draw, "draw");
        assertEq(x | o, 0x1FF, "full");
        assertEq(ttt.pendingBalance(X), STAKE, "x refunded");
        assertEq(ttt.pendingBalance(O), STAKE, "o refunded");
    }

    function test_DeadlineMovesWithEachTurn() public {
        uint256 gameId = _newGame();
        vm.warp(block.timestamp + 100);
        _play(X, gameId, 4);
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);
        assertEq(deadline, block.timestamp + TIMEOUT, "O's deadline");
    }

    function test_RevertWhen_PlayUnknownGame() public {
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.UnknownGame.selector, 3));
        ttt.play(3, 0);
    }

    function test_RevertWhen_PlayBeforeJoin() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.Open));
        ttt.play(gameId, 0);
    }

    function test_RevertWhen_PlayAfterTheEnd() public {
        uint256 gameId = _newGame();
        _xWins(gameId);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.XWon));
        ttt.play(gameId, 8);
    }

    function test_RevertWhen_NotYourTurn() public {
        uint256 gameId = _newGame();
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotYourTurn.selector, gameId, O));
        ttt.play(gameId, 0);
        _play(X, gameId, 0);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotYourTurn.selector, gameId, X));
        ttt.play(gameId, 1);
    }

    function test_RevertWhen_NotAPlayer() public {
        uint256 gameId = _newGame();
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, gameId, STRANGER));
        ttt.play(gameId, 0);
        _play(X, gameId, 0);
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, gameId, STRANGER));
        ttt.play(gameId, 1);
    }

    function test_RevertWhen_CellOutOfRangeOrTaken() public {
        uint256 gameId = _newGame();
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CellOutOfRange.selector, 9));
        ttt.play(gameId, 9);
        _play(X, gameId, 4);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CellTaken.selector, gameId, 4));
        ttt.play(gameId, 4);
    }

    function test_RevertWhen_MoveTooLate() public {
        uint256 gameId = _newGame();
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);
        vm.warp(deadline); // the last second is still in time
        _play(X, gameId, 4);
        (,,,, deadline,,,) = ttt.getGame(gameId);
        _warpAndMine(uint256(deadline) + 1);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.MoveTooLate.selector, gameId, deadline));
        ttt.play(gameId, 0);
    }

    // ---------------------------------------------------------------- timeout / resign

    function test_ClaimTimeout() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        _play(O, gameId, 0);
        _play(X, gameId, 8);
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);

        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
        ttt.claimTimeout(gameId);

        _warpAndMine(uint256(deadline) + 1);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CannotClaimOwnTimeout.selector, gameId, O));
        ttt.claimTimeout(gameId);
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, gameId, STRANGER));
        ttt.claimTimeout(gameId);

        vm.recordLogs();
        vm.prank(X);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "x won on time");
        assertEq(ttt.pendingBalance(X), 2 * STAKE, "winner credited");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 2, "the end and the credit");
        _assertEnded(logs[0], gameId, ITicTacToe.EndReason.Timeout, X);
        _assertCredited(logs[1], X, 2 * STAKE);

        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.XWon));
        ttt.claimTimeout(gameId);
    }

    function test_ClaimTimeoutOnXsSecondMove() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        _play(O, gameId, 0);
        _warpAndMine(block.timestamp + TIMEOUT + 1);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CannotClaimOwnTimeout.selector, gameId, X));
        ttt.claimTimeout(gameId);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "o won on time");
        assertEq(ttt.pendingBalance(O), 2 * STAKE, "winner credited");
    }

    // ---------------------------------------------------------------- abort (a first move that times out)

    /// @dev Nobody wins a game whose first move timed out: each stake goes back, and either player may say so.
    function _assertAborted(uint256 gameId, address caller) internal {
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);
        vm.warp(deadline);
        vm.prank(caller);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
        ttt.claimTimeout(gameId);
        _warpAndMine(uint256(deadline) + 1);
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, gameId, STRANGER));
        ttt.claimTimeout(gameId);

        uint256 x = ttt.pendingBalance(X);
        uint256 o = ttt.pendingBalance(O);
        vm.recordLogs();
        vm.prank(caller);
        ttt.claimTimeout(gameId);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 3, "the end and two credits");
        _assertEnded(logs[0], gameId, ITicTacToe.EndReason.Abort, address(0));
        _assertCredited(logs[1], X, STAKE);
        _assertCredited(logs[2], O, STAKE);
        (,,,, uint64 after_,,, ITicTacToe.Status status) = ttt.getGame(gameId);
        assertTrue(status == ITicTacToe.Status.Aborted, "aborted");
        assertEq(after_, 0, "no deadline after the end");
        assertEq(ttt.pendingBalance(X), x + STAKE, "x's stake back");
        assertEq(ttt.pendingBalance(O), o + STAKE, "o's stake back");

        vm.prank(caller);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.Aborted));
        ttt.claimTimeout(gameId);
    }

    function test_AbortWhenXsFirstMoveTimesOut() public {
        _assertAborted(_newGame(), O);
        // The late player may abort too: its stake is not held up by an opponent who never claims.
        _assertAborted(_newGame(), X);
    }

    function test_AbortWhenOsFirstMoveTimesOut() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        _assertAborted(gameId, X);
        uint256 second = _newGame();
        _play(X, second, 4);
        _assertAborted(second, O);
    }

    function test_AbortOfAFreeGameCreditsNothing() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame(60, address(0));
        vm.prank(O);
        ttt.joinGame(gameId, X, 60);
        _warpAndMine(block.timestamp + 61);
        vm.recordLogs();
        vm.prank(O);
        ttt.claimTimeout(gameId);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 1, "the end only");
        _assertEnded(logs[0], gameId, ITicTacToe.EndReason.Abort, address(0));
        assertEq(ttt.pendingBalance(X) + ttt.pendingBalance(O), 0, "nothing to credit");
    }

    function test_Resign() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, gameId, STRANGER));
        ttt.resign(gameId);
        vm.recordLogs();
        vm.prank(X); // resigning out of turn is allowed
        ttt.resign(gameId);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        _assertEnded(logs[0], gameId, ITicTacToe.EndReason.Resignation, O);
        _assertCredited(logs[1], O, 2 * STAKE);
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "o won");
        assertEq(ttt.pendingBalance(O), 2 * STAKE, "winner credited");

        uint256 second = _newGame();
        vm.prank(O);
        ttt.resign(second);
        assertTrue(_status(second) == ITicTacToe.Status.XWon, "x won");
    }

    function test_RevertWhen_ResignOpenGame() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.Open));
        ttt.resign(gameId);
    }

    // ---------------------------------------------------------------- money

    function test_RevertWhen_PlainTransfer() public {
        vm.prank(X);
        (bool ok,) = address(ttt).call{value: 1}("");
        assertTrue(!ok, "plain transfer rejected");
        vm.prank(X);
        (ok,) = address(ttt).call{value: 1}(abi.encodeCall(ITicTacToe.play, (1, 0)));
        assertTrue(!ok, "play is not payable");
    }

    function test_RevertingRecipientBlocksNothing() public {
        RevertingRecipient bad = new RevertingRecipient();
        vm.deal(address(bad), 10 ether);
        uint256 gameId = bad.create{value: STAKE}(ttt, TIMEOUT);
        bad.cancel(ttt, gameId);
        assertEq(ttt.pendingBalance(address(bad)), STAKE, "credited");
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TransferFailed.selector, address(bad), STAKE));
        bad.withdraw(ttt);
        assertEq(ttt.pendingBalance(address(bad)), STAKE, "balance kept after a failed transfer");

        // Others are unaffected: a game between other players still pays out.
        uint256 other = _newGame();
        _xWins(other);
        vm.prank(X);
        ttt.withdraw();
        assertEq(address(ttt).balance, STAKE, "only the bad recipient's money is left");

        // Its money is not stuck: it sends it to an address that can take it.
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.ZeroRecipient.selector));
        bad.withdrawTo(ttt, payable(address(0)));
        uint256 before = STRANGER.balance;
        vm.recordLogs();
        bad.withdrawTo(ttt, payable(STRANGER));
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertTrue(logs[0].topics[0] == ITicTacToe.Withdrawn.selector, "Withdrawn");
        assertEq(uint256(logs[0].topics[1]), uint160(address(bad)), "the account");
        assertEq(uint256(logs[0].topics[2]), uint160(STRANGER), "paid to");
        assertEq(abi.decode(logs[0].data, (uint256)), STAKE, "amount");
        assertEq(STRANGER.balance, before + STAKE, "paid to the address named");
        assertEq(ttt.pendingBalance(address(bad)), 0, "balance cleared");
        assertEq(address(ttt).balance, 0, "nothing left");
    }

    function test_WithdrawTo() public {
        uint256 gameId = _newGame();
        _xWins(gameId);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NothingToWithdraw.selector, O));
        ttt.withdrawTo(payable(X));
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.ZeroRecipient.selector));
        ttt.withdrawTo(payable(address(0)));
        // A recipient that refuses ether fails the whole withdrawal; the balance stays.
        RevertingRecipient bad = new RevertingRecipient();
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TransferFailed.selector, address(bad), 2 * STAKE));
        ttt.withdrawTo(payable(address(bad)));
        assertEq(ttt.pendingBalance(X), 2 * STAKE, "balance kept");

        uint256 x = X.balance;
        uint256 o = O.balance;
        vm.prank(X);
        ttt.withdrawTo(payable(O));
        assertEq(O.balance, o + 2 * STAKE, "paid to O");
        assertEq(X.balance, x, "nothing to X");
        assertEq(ttt.pendingBalance(X), 0, "X's balance cleared");
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NothingToWithdraw.selector, X));
        ttt.withdrawTo(payable(O));
    }

    /// A recipient's return data is not copied: with 200 kB of it the whole withdrawal took 219,018 gas when it was,
    /// and takes 104,957 now (most of it the recipient's own memory for those 200 kB).
    function test_WithdrawToIgnoresTheRecipientsReturnData() public {
        uint256 gameId = _newGame();
        _xWins(gameId);
        ChattyRecipient chatty = new ChattyRecipient();
        vm.prank(X);
        uint256 before = gasleft();
        ttt.withdrawTo(payable(address(chatty)));
        uint256 used = before - gasleft();
        assertEq(address(chatty).balance, 2 * STAKE, "paid");
        assertTrue(used < 150_000, "the recipient's 200 kB of return data are not copied into the game's memory");
        assertEq(ttt.pendingBalance(X), 0, "balance cleared");
    }

    function test_ReenteringRecipientGetsNoMore() public {
        ReenteringRecipient sneaky = new ReenteringRecipient(ttt);
        vm.deal(address(sneaky), 10 ether);
        uint256 gameId = sneaky.create{value: STAKE}(TIMEOUT);
        sneaky.cancel(gameId);
        uint256 held = _newGameHeld();
        uint256 before = address(sneaky).balance;
        sneaky.withdraw();
        assertEq(sneaky.reentries(), 1, "re-entered once");
        assertTrue(!sneaky.reentrySucceeded(), "re-entry reverted");
        assertEq(address(sneaky).balance, before + STAKE, "got its stake back, no more");
        assertEq(address(ttt).balance, held, "other money untouched");
        assertEq(ttt.pendingBalance(address(sneaky)), 0, "balance cleared");
    }

    function _newGameHeld() internal returns (uint256) {
        _newGame();
        return 2 * STAKE;
    }

    function test_SolventThroughEveryEnding() public {
        uint256[] memory ids = new uint256[](5);
        ids[0] = _newGame();
        _xWins(ids[0]);
        ids[1] = _newGame();
        vm.prank(O);
        ttt.resign(ids[1]);
        ids[2] = _newGame();
        _warpAndMine(block.timestamp + TIMEOUT + 1);
        vm.prank(O);
        ttt.claimTimeout(ids[2]);
        assertTrue(_status(ids[2]) == ITicTacToe.Status.Aborted, "aborted");
        vm.prank(X);
        ids[3] = ttt.createGame{value: STAKE}(TIMEOUT, address(0));
        _assertSolvent(ids);
        vm.prank(X);
        ttt.cancel(ids[3]);
        ids[4] = _newGame();
        _assertSolvent(ids);
        vm.prank(X);
        ttt.withdraw();
        vm.prank(O);
        ttt.withdraw();
        _assertSolvent(ids);
        assertEq(address(ttt).balance, 2 * STAKE, "only the active game's stakes");
    }
}
