// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {PvpTestBase} from "./utils/PvpTestBase.sol";
import {Vm} from "./utils/TestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";
import {ITicTacToeTimeBank} from "../interfaces/ITicTacToeTimeBank.sol";

/// @notice A whole game bounded by rule: the first 60 s of a move are free, the rest comes out of the mover's bank,
///         so that the turns' deadlines add up to at most 9 minutes plus both banks, whoever stalls.
contract TicTacToeTimeBankTest is PvpTestBase {
    address internal constant X = address(0xA11CE);
    address internal constant O = address(0xB0B);
    address internal constant EVE = address(0xE7E);
    uint256 internal constant STAKE = 1 ether;
    uint256 internal constant CLAIM_BLOCKS = 3;
    uint256 internal constant FREE = 60;
    /// @dev A drawn game, cell by cell (X, O, X, …): all nine moves are made, so every turn can be stalled.
    uint8[9] internal DRAW = [0, 1, 2, 4, 3, 5, 7, 6, 8];

    function setUp() public {
        ttt = new TicTacToe(CLAIM_BLOCKS);
        vm.deal(X, 100 ether);
        vm.deal(O, 100 ether);
        vm.warp(1_700_000_000);
        vm.roll(20_000_000);
    }

    /// @dev A game with `moveTimeout` and `timeBank`, joined now by O naming both.
    function _banked(uint256 moveTimeout, uint256 timeBank) internal returns (uint256 gameId) {
        vm.prank(X);
        gameId = ttt.createGame{value: STAKE}(moveTimeout, timeBank, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, moveTimeout, timeBank);
    }

    /// @dev Waits until the last second of the current turn, with enough blocks mined that one second more would
    ///      let the opponent claim: the slowest move the rules still take.
    function _waitOutTurn(uint256 gameId) internal {
        vm.warp(_deadline(gameId));
        vm.roll(block.number + CLAIM_BLOCKS);
    }

    function _banks(uint256 gameId) internal view returns (uint32 xBank, uint32 oBank) {
        (, xBank, oBank) = ttt.timeBanks(gameId);
    }

    function test_SlowestLegalGameEndsExactlyAtTheBound() public {
        uint256 bank = 600;
        // A day per move would allow nine days; the bank cuts every turn down to what is left of it.
        uint256 gameId = _banked(1 days, bank);
        uint256 joined = block.timestamp;
        for (uint256 i; i < 9; ++i) {
            _waitOutTurn(gameId);
            _play(i % 2 == 0 ? X : O, gameId, DRAW[i]);
            if (i == 7) {
                // The last turn: its deadline is the bound, to the second.
                assertEq(_deadline(gameId) - joined, 9 * FREE + 2 * bank, "the last deadline is the bound");
            }
        }
        assertEq(uint8(_status(gameId)), uint8(ITicTacToe.Status.Draw), "all nine moves landed: a draw");
        assertEq(block.timestamp - joined, 9 * FREE + 2 * bank, "the slowest legal game lasts the bound");
    }

    function test_WaitingPlayerEndsTheGameAtTheBound() public {
        uint256 bank = 600;
        uint256 gameId = _banked(1 days, bank);
        uint256 joined = block.timestamp;
        for (uint256 i; i < 8; ++i) {
            _waitOutTurn(gameId);
            _play(i % 2 == 0 ? X : O, gameId, DRAW[i]);
        }
        // X stalls the ninth turn; at the bound's second O may not claim yet, one second later O wins.
        _waitOutTurn(gameId);
        assertEq(block.timestamp - joined, 9 * FREE + 2 * bank, "the ninth turn runs out at the bound");
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, gameId, block.timestamp));
        ttt.claimTimeout(gameId);
        vm.warp(block.timestamp + 1);
        vm.prank(O);
        ttt.claimTimeout(gameId);
        assertEq(uint8(_status(gameId)), uint8(ITicTacToe.Status.OWon), "O wins on time");
        assertEq(ttt.pendingBalance(O), 2 * STAKE, "O is credited both stakes");
    }

    function test_SlowMovesSpendOnlyTheMoversBank() public {
        // An ample bank: turns last the whole limit until the bank falls short of it.
        uint256 gameId = _banked(300, 600);
        uint256 start = block.timestamp;
        assertEq(_deadline(gameId), start + 300, "X's first turn is the whole limit");

        vm.warp(start + 300); // X takes all 300 s: 240 past the free minute.
        _play(X, gameId, 0);
        (uint32 xBank, uint32 oBank) = _banks(gameId);
        assertEq(xBank, 360, "X spent 240 s");
        assertEq(oBank, 600, "O's bank is untouched");
        assertEq(_deadline(gameId), block.timestamp + 300, "O's turn is still the whole limit");

        vm.warp(block.timestamp + 30); // O answers in the free minute.
        _play(O, gameId, 4);
        (xBank, oBank) = _banks(gameId);
        assertEq(oBank, 600, "a fast move spends nothing");

        vm.warp(block.timestamp + 300); // X again: 240 more, 120 left, short of the limit.
        _play(X, gameId, 8);
        (xBank,) = _banks(gameId);
        assertEq(xBank, 120, "X spent 240 s more");
        vm.warp(block.timestamp + 10);
        _play(O, gameId, 2);
        assertEq(_deadline(gameId), block.timestamp + FREE + 120, "X's turn is now the free minute plus the bank");
            }

    function test_LateMoveThatStillLandsTakesTheWholeBank() public {
        uint256 gameId = _banked(1 days, 600);
        // Past the deadline, before the claim blocks: the move lands and the bank is gone.
        vm.warp(_deadline(gameId) + 50);
        _play(X, gameId, 0);
        (uint32 xBank,) = _banks(gameId);
        assertEq(xBank, 0, "the late move took the whole bank");
        vm.warp(block.timestamp + 1);
        _play(O, gameId, 4);
        assertEq(_deadline(gameId), block.timestamp + FREE, "a spent bank leaves the free minute");
    }

    function test_JoinMustNameTheBank() public {
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(600, 900, address(0));
        uint32 none = ttt.NO_TIME_BANK();

        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToeTimeBank.TimeBankChanged.selector, gameId, 900));
        ttt.joinGame{value: STAKE}(gameId, X, 600);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToeTimeBank.TimeBankChanged.selector, gameId, 900));
        ttt.joinGame{value: STAKE}(gameId, X, 600, 899);
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToeTimeBank.TimeBankChanged.selector, gameId, 900));
        ttt.joinGame{value: STAKE}(gameId, X, 600, none);
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, 600, 900);
        assertEq(_deadline(gameId), block.timestamp + 600, "an ample bank leaves the whole limit");

        // A game without a bank is joined naming none, either way.
        vm.prank(X);
        uint256 plain = ttt.createGame{value: STAKE}(600, address(0));
        vm.prank(O);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToeTimeBank.TimeBankChanged.selector, plain, none));
        ttt.joinGame{value: STAKE}(plain, X, 600, 900);
        vm.prank(O);
        ttt.joinGame{value: STAKE}(plain, X, 600, none);
        (uint32 timeBank, uint32 xBank, uint32 oBank) = ttt.timeBanks(plain);
        assertEq(timeBank, none, "no bank chosen");
        assertEq(xBank, none, "no bank for X");
        assertEq(oBank, none, "no bank for O");
    }

    function test_CreateChecksTheBank() public {
        uint32 maximum = ttt.MAX_TIME_BANK();
        vm.prank(X);
        vm.expectRevert(
            abi.encodeWithSelector(ITicTacToeTimeBank.TimeBankTooLarge.selector, uint256(maximum) + 1, maximum)
        );
        ttt.createGame(600, uint256(maximum) + 1, address(0));

        vm.recordLogs();
        vm.prank(X);
        uint256 gameId = ttt.createGame(600, maximum, address(0));
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 2, "GameCreated, then TimeBankChosen");
        assertTrue(logs[1].topics[0] == ITicTacToeTimeBank.TimeBankChosen.selector, "TimeBankChosen");
        assertEq(uint256(logs[1].topics[1]), gameId, "its game");
        assertEq(abi.decode(logs[1].data, (uint256)), maximum, "its bank");
        (uint32 timeBank, uint32 xBank, uint32 oBank) = ttt.timeBanks(gameId);
        assertEq(timeBank, maximum, "the chosen bank");
        assertEq(xBank, maximum, "X starts full");
        assertEq(oBank, maximum, "O starts full");

        // NO_TIME_BANK through the banked function opens a game without one, like ITicTacToe's createGame.
        vm.recordLogs();
        vm.prank(X);
        uint256 plain = ttt.createGame(600, ttt.NO_TIME_BANK(), address(0));
        assertEq(vm.getRecordedLogs().length, 1, "GameCreated only");
        (timeBank,,) = ttt.timeBanks(plain);
        assertEq(timeBank, ttt.NO_TIME_BANK(), "no bank");

        // The other terms are checked as ITicTacToe's createGame checks them.
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.TimeoutTooShort.selector, 59, 60));
        ttt.createGame(59, 600, address(0));
        vm.prank(X);
        vm.expectRevert(abi.encodeWithSelector(ITicTacToe.UnknownGame.selector, 99));
        ttt.timeBanks(99);
    }

    function test_AShortBankIsNotSpentByFastMoves() public {
        // 600 s of bank against a day per move: every turn is the free minute plus the bank, so the banks are read.
        uint256 gameId = _banked(1 days, 600);
        vm.warp(block.timestamp + FREE);
        _play(X, gameId, 0);
        vm.warp(block.timestamp + 1);
        _play(O, gameId, 4);
        (uint32 xBank, uint32 oBank) = _banks(gameId);
        assertEq(xBank, 600, "a move within its free minute spends nothing");
        assertEq(oBank, 600, "nor does the other player's");
        assertEq(_deadline(gameId), block.timestamp + FREE + 600, "X's turn: the free minute plus the whole bank");
        vm.warp(block.timestamp + FREE + 1);
        _play(X, gameId, 8);
        (xBank,) = _banks(gameId);
        assertEq(xBank, 599, "one second past the free minute spends one second");
    }

    function test_AGameWithoutABankKeepsItsWholeLimitAtAnyBlock() public {
        // Block numbers are kept modulo 2^19 in the game record: at one whose bit 19 is set, nothing of it may
        // spill into the record's other fields.
        vm.roll((1 << 19) * 39 + 5);
        vm.prank(X);
        uint256 gameId = ttt.createGame{value: STAKE}(600, address(0));
        vm.prank(O);
        ttt.joinGame{value: STAKE}(gameId, X, 600);
        vm.warp(block.timestamp + 1);
        _play(X, gameId, 0);
        assertEq(_deadline(gameId), block.timestamp + 600, "O's turn is the whole limit");
        (uint32 timeBank,,) = ttt.timeBanks(gameId);
        assertEq(timeBank, ttt.NO_TIME_BANK(), "still a game without a bank");
    }

    function test_ABankOfMoreThanSixDaysShortensTurnsByAllOfIt() public {
        // Just short of the week-long limit, the bank decides every turn: all 32 bits of it count.
        uint256 bank = 6.5 days;
        uint256 gameId = _banked(7 days, bank);
        assertEq(_deadline(gameId), block.timestamp + FREE + bank, "X's turn: the free minute plus the bank");
        vm.warp(block.timestamp + 1);
        _play(X, gameId, 0);
        assertEq(_deadline(gameId), block.timestamp + FREE + bank, "O's turn: the free minute plus the bank");
    }

    function test_ZeroBankMeansAMinutePerMove() public {
        uint256 gameId = _banked(3600, 0);
        assertEq(_deadline(gameId), block.timestamp + FREE, "X's first turn: the free minute");
        vm.warp(block.timestamp + FREE);
        _play(X, gameId, 0);
        assertEq(_deadline(gameId), block.timestamp + FREE, "O's turn: the free minute");
    }
}
