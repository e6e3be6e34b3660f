// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase, Vm} from "./utils/TestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @dev A recipient whose `receive` always reverts.
contract RevertingRecipient {
    function create(TicTacToe ttt, uint32 timeout) external payable returns (uint256) {
        return ttt.createGame{value: msg.value}(timeout);
    }

    function cancel(TicTacToe ttt, uint256 gameId) external {
        ttt.cancel(gameId);
    }

    function withdraw(TicTacToe ttt) external {
        ttt.withdraw();
    }

    receive() external payable {
        revert("no thanks");
    }
}

/// @dev A recipient that re-enters `withdraw` from its `receive`, and records whether that succeeded.
contract ReenteringRecipient {
    TicTacToe internal immutable _ttt;
    uint256 public reentries;
    bool public reentrySucceeded;

    constructor(TicTacToe ttt) {
        _ttt = ttt;
    }

    function create(uint32 timeout) external payable returns (uint256) {
        return _ttt.createGame{value: msg.value}(timeout);
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
contract TicTacToeTest is TestBase {
    TicTacToe internal ttt;

    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    address internal constant STRANGER = address(0xCAFE);
    uint256 internal constant STAKE = 1 ether;
    uint32 internal constant TIMEOUT = 600;

    function setUp() public {
        ttt = new TicTacToe();
        vm.deal(X, 100 ether);
        vm.deal(O, 100 ether);
        vm.deal(STRANGER, 100 ether);
        vm.warp(1_700_000_000);
    }

    function _newGame() internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: STAKE}(TIMEOUT);
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId);
    }

    function _play(address player, uint256 gameId, uint8 cell) internal {
        vm.prank(player);
        ttt.play(gameId, cell);
    }

    function _status(uint256 gameId) internal view returns (ITicTacToe.Status status) {
        (,,,,,,, status) = ttt.getGame(gameId);
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

    // ---------------------------------------------------------------- create / join / cancel

    function test_CreateAndJoin() public {
        assertEq(ttt.nextGameId(), 1, "first id");
        vm.recordLogs();
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
        assertEq(gameId, 1, "id");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertTrue(logs[0].topics[0] == ITicTacToe.GameCreated.selector, "GameCreated");
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

        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId);
        (, joiner,,, deadline,,, status) = ttt.getGame(gameId);
        assertTrue(joiner == O, "joiner");
        assertEq(deadline, block.timestamp + TIMEOUT, "X's first deadline");
        assertTrue(status == ITicTacToe.Status.Active, "active");
        assertEq(address(ttt).balance, 2 * STAKE, "both stakes held");
    }

    function test_MinimumTimeoutAndZeroStake() public {
        assertEq(ttt.MIN_MOVE_TIMEOUT(), 60, "minimum");
        vm.prank(X);
        uint256 gameId = ttt.createGame(60);
        vm.prank(O);
        ttt.joinGame(gameId);
        _xWins(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.XWon, "x won");
        assertEq(ttt.pendingBalance(X), 0, "nothing to credit");
    }

    function test_RevertWhen_TimeoutTooShort() public {
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TimeoutTooShort.selector, uint32(59), uint32(60)));
        ttt.createGame(59);
    }

    function test_RevertWhen_StakeTooLarge() public {
        uint256 huge = uint256(1) << 96;
        vm.deal(X, huge);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.StakeTooLarge.selector, huge, huge - 1));
        ttt.createGame{value: huge}(TIMEOUT);
    }

    function test_RevertWhen_JoinUnknownGame() public {
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.UnknownGame.selector, 7));
        ttt.joinGame(7);
    }

    function test_RevertWhen_CreatorJoins() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.CreatorCannotJoin.selector, gameId));
        ttt.joinGame{value: STAKE}(gameId);
    }

    function test_RevertWhen_WrongStake() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.WrongStake.selector, gameId, STAKE, STAKE - 1));
        ttt.joinGame{value: STAKE - 1}(gameId);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.WrongStake.selector, gameId, STAKE, STAKE + 1));
        ttt.joinGame{value: STAKE + 1}(gameId);
    }

    function test_RevertWhen_AlreadyJoined() public {
        uint256 gameId = _newGame();
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.AlreadyJoined.selector, gameId, O));
        ttt.joinGame{value: STAKE}(gameId);
    }

    function test_CancelRefundsInFull() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
        vm.prank(X);
        ttt.cancel(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.Cancelled, "cancelled");
        assertEq(ttt.pendingBalance(X), STAKE, "refund credited");
        uint256 before = X.balance;
        vm.prank(X);
        ttt.withdraw();
        assertEq(X.balance, before + STAKE, "refund paid");

        vm.prank(O);
        vm.expectRevert(
            abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, gameId, ITicTacToe.Status.Cancelled)
        );
        ttt.joinGame{value: STAKE}(gameId);
        vm.prank(X);
        vm.expectRevert(
            abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, gameId, ITicTacToe.Status.Cancelled)
        );
        ttt.cancel(gameId);
    }

    function test_RevertWhen_CancelByOther() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
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
        assertEq(logs.length, 6, "five moves and the end");
        assertTrue(logs[4].topics[0] == ITicTacToe.Moved.selector, "last Moved");
        assertEq(abi.decode(logs[4].data, (uint8)), 2, "last cell");
        assertTrue(logs[5].topics[0] == ITicTacToe.GameEnded.selector, "GameEnded");
        (ITicTacToe.Status status, ITicTacToe.EndReason reason) =
            abi.decode(logs[5].data, (ITicTacToe.Status, ITicTacToe.EndReason));
        assertTrue(status == ITicTacToe.Status.XWon && reason == ITicTacToe.EndReason.Line, "end event");

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
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
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
        vm.warp(uint256(deadline) + 1);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.MoveTooLate.selector, gameId, deadline));
        ttt.play(gameId, 0);
    }

    // ---------------------------------------------------------------- timeout / resign

    function test_ClaimTimeout() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);

        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, deadline));
        ttt.claimTimeout(gameId);

        vm.warp(uint256(deadline) + 1);
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
        (, ITicTacToe.EndReason reason) = abi.decode(logs[0].data, (ITicTacToe.Status, ITicTacToe.EndReason));
        assertTrue(reason == ITicTacToe.EndReason.Timeout, "reason");

        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotActive.selector, gameId, ITicTacToe.Status.XWon));
        ttt.claimTimeout(gameId);
    }

    function test_ClaimTimeoutOnXsFirstMove() public {
        uint256 gameId = _newGame();
        vm.warp(block.timestamp + TIMEOUT + 1);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "o won on time");
    }

    function test_Resign() public {
        uint256 gameId = _newGame();
        _play(X, gameId, 4);
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, gameId, STRANGER));
        ttt.resign(gameId);
        vm.prank(X); // resigning out of turn is allowed
        ttt.resign(gameId);
        assertTrue(_status(gameId) == ITicTacToe.Status.OWon, "o won");
        assertEq(ttt.pendingBalance(O), 2 * STAKE, "winner credited");

        uint256 second = _newGame();
        vm.prank(O);
        ttt.resign(second);
        assertTrue(_status(second) == ITicTacToe.Status.XWon, "x won");
    }

    function test_RevertWhen_ResignOpenGame() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(TIMEOUT);
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
        vm.warp(block.timestamp + TIMEOUT + 1);
        vm.prank(O);
        ttt.claimTimeout(ids[2]);
        vm.prank(X);
        ids[3] = ttt.createGame{value: STAKE}(TIMEOUT);
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
