// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase} from "./utils/TestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @notice Rejections that used to come from the ABI decoder or from an unguarded field, each now a custom error:
///         a cell or a time limit past its old narrow type, a join of a game that is over, a deadline past the
///         32-bit field.
contract TicTacToeAbiErrorsTest is TestBase {
    TicTacToe internal ttt;

    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    uint256 internal constant STAKE = 1 ether;

    function setUp() public {
        ttt = new TicTacToe(5);
        vm.deal(X, 100 ether);
        vm.deal(O, 100 ether);
        vm.warp(1_700_000_000);
    }

    function _newGame(uint256 timeout) internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: STAKE}(timeout, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, timeout);
    }

    /// @dev The raw revert data of `data` sent by `from`, which must fail.
    function _revertData(address from, bytes memory data) internal returns (bytes memory) {
        vm.prank(from);
        (bool ok, bytes memory returned) = address(ttt).call(data);
        assertTrue(!ok, "the call must fail");
        return returned;
    }

    function test_RevertWhen_CellPastAByte() public {
        uint256 gameId = _newGame(600);
        uint256[4] memory cells = [uint256(9), 256, 2 ** 128, type(uint256).max];
        for (uint256 i; i < cells.length; ++i) {
            bytes memory call = abi.encodeWithSignature("play(uint256,uint256)", gameId, cells[i]);
            bytes memory expected = abi.encodeWithSelector(ITicTacToe.CellOutOfRange.selector, cells[i]);
            assertTrue(keccak256(_revertData(X, call)) == keccak256(expected), "a custom error naming the whole cell");
        }
        // Nothing was played: X still takes 4 and the game goes on.
        vm.prank(X);
        ttt.play(gameId, 4);
        (,,,,, uint16 xBoard,, ITicTacToe.Status status) = ttt.getGame(gameId);
        assertEq(xBoard, 1 << 4, "only the legal move landed");
        assertTrue(status == ITicTacToe.Status.Active, "still active");
    }

    function test_RevertWhen_TimeoutPastThirtyTwoBits() public {
        uint256[3] memory timeouts = [uint256(2 ** 32), 2 ** 32 + 60, type(uint256).max];
        for (uint256 i; i < timeouts.length; ++i) {
            bytes memory call = abi.encodeWithSignature("createGame(uint256,address)", timeouts[i], address(0));
            bytes memory expected = abi.encodeWithSelector(ITicTacToe.TimeoutTooLong.selector, timeouts[i], 7 days);
            assertTrue(keccak256(_revertData(X, call)) == keccak256(expected), "a custom error, and no wrap");
        }
        assertEq(ttt.nextGameId(), 1, "no game was made");
    }

    function test_RevertWhen_JoiningAGameThatIsOver() public {
        // Won: X takes the top row.
        uint256 won = _newGame(600);
        uint8[5] memory cells = [0, 3, 1, 4, 2];
        for (uint256 i; i < cells.length; ++i) {
            vm.prank(i % 2 == 0 ? X : O);
            ttt.play(won, cells[i]);
        }
        // Aborted: X never makes the first move.
        uint256 aborted = _newGame(60);
        vm.warp(block.timestamp + 61);
        vm.roll(block.number + 5);
        vm.prank(O);
        ttt.claimTimeout(aborted);
        // Resigned, before any move.
        uint256 resigned = _newGame(600);
        vm.prank(O);
        ttt.resign(resigned);

        address late = address(0xCAFE);
        vm.deal(late, 10 ether);
        uint256[3] memory ids = [won, aborted, resigned];
        ITicTacToe.Status[3] memory statuses =
            [ITicTacToe.Status.XWon, ITicTacToe.Status.Aborted, ITicTacToe.Status.XWon];
        for (uint256 i; i < ids.length; ++i) {
            vm.prank(late);
            vm.expectRevert(abi.encodeWithSelector(ITicTacToe.GameNotOpen.selector, ids[i], statuses[i]));
            // The status is checked before the terms.
            ttt.joinGame{value: STAKE}(ids[i], X, 600);
        }
    }

    function test_RevertWhen_DeadlinePastItsField() public {
        uint256 last = (1 << 32) - 1;
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(600, address(0));
        // The last join whose deadline still fits: exactly 2^32 - 1.
        vm.warp(last - 600);
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, 600);
        (,,,, uint64 deadline,,,) = ttt.getGame(gameId);
        assertEq(deadline, last, "the largest deadline is stored whole");

        vm.prank(X);
        uint256 second = ttt.createGame{value: STAKE}(600, address(0));
        vm.warp(last - 599);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineOutOfRange.selector, last + 1, last));
        ttt.joinGame{value: STAKE}(second, X, 600);

        // A move that would hand over a deadline past the field is refused, not wrapped to a passed one.
        vm.warp(last - 1);
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineOutOfRange.selector, last - 1 + 600, last));
        ttt.play(gameId, 4);
    }

    /// @dev Whether `data` sent by `from` with `value` wei fails with exactly `expected` as its revert data.
    function _refusedWith(address from, uint256 value, bytes memory data, bytes memory expected) internal {
        vm.deal(from, value);
        vm.prank(from);
        (bool ok, bytes memory returned) = address(ttt).call{value: value}(data);
        assertTrue(!ok, "the call must fail");
        assertTrue(keccak256(returned) == keccak256(expected), "the revert data");
    }

    function test_RevertWhen_EtherOrAnUnknownFunctionIsSent_InWords() public {
        _refusedWith(X, 1 ether, "", abi.encodeWithSelector(ITicTacToe.EtherNotAccepted.selector, 1 ether));
        _refusedWith(X, 0, "", abi.encodeWithSelector(ITicTacToe.EtherNotAccepted.selector, 0));
        bytes4 unknown = 0xdeadbeef;
        _refusedWith(X, 0, abi.encodePacked(unknown), abi.encodeWithSelector(ITicTacToe.UnknownFunction.selector, unknown));
        _refusedWith(X, 1, abi.encodePacked(unknown, uint256(7)), abi.encodeWithSelector(ITicTacToe.UnknownFunction.selector, unknown));
        // Calldata shorter than a selector: the selector as padded with zeros.
        _refusedWith(X, 0, hex"01", abi.encodeWithSelector(ITicTacToe.UnknownFunction.selector, bytes4(0x01000000)));
        assertEq(address(ttt).balance, 0, "no ether held");
    }

    /// What still reverts with no data, and why (docs/rules/tictactoe.md lists the same): Solidity checks these
    /// before any code of the contract runs.
    function test_TheMalformedCallsThatStillRevertEmpty() public {
        uint256 gameId = _newGame(60);
        // Ether sent to a function that takes none: Solidity's check of the call value.
        _refusedWith(X, 1, abi.encodeCall(ITicTacToe.play, (gameId, 0)), "");
        // Arguments cut short: the ABI decoder.
        _refusedWith(X, 0, abi.encodePacked(ITicTacToe.play.selector, gameId), "");
        // An address word with bits above its 160: the ABI decoder.
        _refusedWith(X, 0, abi.encodePacked(ITicTacToe.withdrawTo.selector, uint256(1) << 200), "");
    }
}
