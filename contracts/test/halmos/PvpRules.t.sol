// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {PvpMoney} from "./PvpMoney.t.sol";
import {ITicTacToe} from "../../interfaces/ITicTacToe.sol";
import {HostilePlayer, RevertingPlayer} from "../HostilePlayers.sol";

/// @title PvpRules
/// @notice halmos proofs that the PvP contract records what the RULES say, not only that it pays what it recorded:
///         the money checks ({PvpMoney}) accept "X won on a timeout" where O should have, as long as X is paid
///         consistently. Here every call's success is compared with the rules' verdict both ways (a call the rules
///         allow must succeed, one they forbid must revert), and every state a call leaves with the state the
///         rules give.
/// @dev halmos 0.3.3 cannot read a callee's logs (no `vm.recordLogs`): with {eventsChecked} set ({PvpEventsCheck})
///      the same turns run on a copy of the contract that hashes its events into storage, and each call's events and
///      custom error (selector and fields) are compared with the rules' too.
abstract contract PvpRules is PvpMoney {
    /// @dev Set by the events checks: the contract under test is the event-log copy, and every call's events and
    ///      revert data are compared with the rules. Off here, so that the rules checks pay for none of it.
    bool internal eventsChecked;

    /// @dev The events the rules say so far, hashed as the event-log copy hashes them.
    bytes32 internal expectedLog;

    /// @dev The event-log copy's `_eventLog` slot: after TicTacToe's four (games, balances, next id, claim blocks).
    uint256 internal constant _EVENT_LOG_SLOT = 4;

    /// @dev Game 1's stake and joiner (O), as the check made them.
    uint256 internal gameStake;
    address internal gameO;

    /// @dev The rules' next event: folded into {expectedLog}.
    function _expect(bytes memory eventData) internal {
        expectedLog = keccak256(bytes.concat(expectedLog, eventData));
    }

    /// @dev The contract's events so far equal the rules' (only in the events checks).
    function _assertEvents() internal view {
        if (eventsChecked) assert(vm.load(address(ttt), bytes32(_EVENT_LOG_SLOT)) == expectedLog);
    }

    /// @dev The rules' events for game 1 ending with `reason`: `GameEnded`, then the credits (2 x stake to the
    ///      winner, else the stake to X and then to O; none for a zero stake).
    function _expectEnd(ITicTacToe.EndReason reason, address winner) internal {
        if (!eventsChecked) return;
        _expect(abi.encode(ITicTacToe.GameEnded.selector, uint256(1), reason, winner));
        if (gameStake == 0) return;
        if (winner == address(0)) {
            _expect(abi.encode(ITicTacToe.BalanceCredited.selector, actors[0], gameStake));
            _expect(abi.encode(ITicTacToe.BalanceCredited.selector, gameO, gameStake));
        } else {
            _expect(abi.encode(ITicTacToe.BalanceCredited.selector, winner, 2 * gameStake));
        }
    }
    /// @dev The stake cap, `2^96 - 1` wei (the contract's private `_STAKE_MAX`).
    uint256 internal constant _STAKE_CAP = (1 << 96) - 1;

    /// @dev The eight lines, as 9-bit masks (cell `i` at bit `i`), written out here rather than taken from
    ///      `Board` so that a bug there is not copied into the check.
    uint256 internal constant _LINES = 8;

    /// @dev 1 if `a <= b`, else 0, without a branch.
    function _le(uint256 a, uint256 b) internal pure returns (uint256 r) {
        assembly {
            r := iszero(gt(a, b))
        }
    }

    /// @dev 1 if `flag`, else 0, without a branch.
    function _bit(bool flag) internal pure returns (uint256 r) {
        assembly {
            r := flag
        }
    }

    /// @dev 1 if `board` holds a line, else 0, without a branch.
    function _hasLine(uint256 board) internal pure returns (uint256 won) {
        uint16[8] memory lines = [0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054];
        for (uint256 i; i < _LINES; ++i) {
            won |= _is(board & lines[i], lines[i]);
        }
    }

    /// @dev Block numbers as the rules count them for a claim: modulo 2^19, the width the contract keeps.
    uint256 internal constant _BLOCK_MODULUS = 1 << 19;

    /// @dev The last second a deadline can be (2^32 - 1, in the year 2106). A late move that still lands (the
    ///      blocks had not passed) lets the clock run on without bound, so the turns stay below this less the
    ///      longest limit; a deadline past it is refused (`DeadlineOutOfRange`, `TicTacToeAbiErrors.t.sol`).
    uint256 internal constant _LAST_DEADLINE = (1 << 32) - 1;

    /// @dev The block in which game 1's current turn began (its join or its last move), as the check itself saw
    ///      it happen: the whole number, not the contract's record.
    uint256 internal turnStart;

    /// @dev The boards, turn, deadline and turn block fields of a `state` word (layout in `TicTacToe`'s {Game}
    ///      docs).
    function _xBoard(uint256 state) internal pure returns (uint256) {
        return (state >> 160) & 0x1FF;
    }

    function _oBoard(uint256 state) internal pure returns (uint256) {
        return (state >> 169) & 0x1FF;
    }

    function _oToMove(uint256 state) internal pure returns (uint256) {
        return (state >> 178) & 1;
    }

    function _deadlineOf(uint256 state) internal pure returns (uint256) {
        return (state >> 204) & ((1 << 32) - 1);
    }

    function _turnBlockOf(uint256 state) internal pure returns (uint256) {
        return (state >> 236) & (_BLOCK_MODULUS - 1);
    }

    /// @dev A new turn began in this block: remembered, and recorded by the contract modulo 2^19.
    function _turnBegins(uint256 state) internal {
        turnStart = block.number;
        assert(_turnBlockOf(state) == block.number % _BLOCK_MODULUS);
    }

    /// @dev Calls the contract as `caller` with `value` wei and returns whether the call succeeded (1 or 0).
    function _try(address caller, uint256 value, bytes memory data) internal returns (uint256) {
        return _try(caller, value, data, "");
    }

    /// @dev {_try}; in the events checks, a call that reverts must revert with exactly `error_` (the custom error
    ///      the rules give: its selector and every field).
    function _try(address caller, uint256 value, bytes memory data, bytes memory error_) internal returns (uint256) {
        vm.prank(caller);
        (bool ok, bytes memory returned) = address(ttt).call{value: value}(data);
        if (eventsChecked && !ok) assert(keccak256(returned) == keccak256(error_));
        return _bit(ok);
    }

    /// @dev What a turn's checks need to know about the game before the call.
    struct Turn {
        uint256 state;
        uint256 oTurn;
        uint256 moverBoard;
        uint256 inTime;
        uint256 late;
        uint256 early;
        uint256 byMover;
        uint256 byWaiter;
        address caller;
        address x;
        uint256 firstMove;
    }

    /// @dev One turn of game 1, between `x` and `o`, with the clock moved on by `elapsed` seconds and `blocks`
    ///      blocks mined first (below 2^20, so past the 2^19 the contract counts modulo): either player (or, with
    ///      `outsiders`, any of the three accounts) plays any cell word, claims a timeout or resigns. Asserts that
    ///      the call succeeded exactly when the rules allow it and that the game is then exactly what the rules make
    ///      it (and, in the events checks, its events or its custom error); keeps only the paths on which it
    ///      succeeded.
    function _turn(address x, address o, uint256 elapsed, bool outsiders, uint256 blocks) internal {
        vm.warp(block.timestamp + elapsed);
        vm.assume(block.timestamp + 7 days <= _LAST_DEADLINE);
        vm.roll(block.number + blocks);
        Turn memory t;
        t.state = _gameAt(1).state;
        t.oTurn = _oToMove(t.state);
        t.moverBoard = t.oTurn == 1 ? _oBoard(t.state) : _xBoard(t.state);
        t.inTime = _le(block.timestamp, _deadlineOf(t.state));
        // The turn is over only when both the time and the blocks are: the deadline has passed and, counted
        // modulo 2^19, {_CLAIM_BLOCKS} blocks have followed the turn's first.
        uint256 mined = block.number - turnStart;
        t.late = (1 - t.inTime) & _le(_CLAIM_BLOCKS, mined % _BLOCK_MODULUS);
        // Fewer blocks than that have really passed (not counted modulo anything): no claim may succeed.
        t.early = 1 - _le(_CLAIM_BLOCKS, mined);
        t.caller = outsiders ? _anyActor() : svm.createBool("byX") ? x : o;
        t.byMover = _is(t.caller, t.oTurn == 1 ? o : x);
        t.byWaiter = _is(t.caller, t.oTurn == 1 ? x : o);
        t.x = x;
        uint256 action = svm.createUint(2, "action");
        vm.assume(action < 3);

        if (action == 0) _play(t);
        else if (action == 1) _claim(t);
        else _resign(t);
        // The books and payouts are the money checks' business: checking them here too tripled this check's time.
    }

    /// @dev {_turn}'s move: any cell word (past a byte too: the ABI decoder refuses none of them).
    function _play(Turn memory t) internal {
        uint256 cell = svm.createUint256("cell");
        uint256 cellBit = cell < 9 ? uint256(1) << cell : 0;
        uint256 free = _when(cell < 9 ? 1 : 0, _is((_xBoard(t.state) | _oBoard(t.state)) & cellBit, 0));
        bytes memory error_;
        if (eventsChecked) error_ = _playError(t, cell);
        uint256 ok = _try(t.caller, 0, abi.encodeCall(ITicTacToe.play, (1, cell)), error_);
        // Only the player to move, before the turn is over (the deadline's own second included, and later
        // seconds while the blocks have not passed), on an empty cell.
        assert(ok == t.byMover & (1 - t.late) & free);
        vm.assume(ok == 1);
        uint256 state = _gameAt(1).state;
        uint256 grown = t.moverBoard | cellBit;
        // The mover's board grows by exactly the cell played; the other board stays.
        if (t.oTurn == 1) assert(_oBoard(state) == grown && _xBoard(state) == _xBoard(t.state));
        else assert(_xBoard(state) == grown && _oBoard(state) == _oBoard(t.state));
        uint256 expected = _hasLine(grown) == 1
            ? uint256(t.oTurn == 1 ? ITicTacToe.Status.OWon : ITicTacToe.Status.XWon)
            : _is(_xBoard(state) | _oBoard(state), 0x1FF) == 1
                ? uint256(ITicTacToe.Status.Draw)
                : uint256(ITicTacToe.Status.Active);
        assert(_gameAt(1).status == expected);
        if (expected == uint256(ITicTacToe.Status.Active)) {
            // The other player's turn, with a full time limit from now.
            assert(_oToMove(state) == 1 - t.oTurn);
            assert(_deadlineOf(state) == block.timestamp + ((t.state >> 182) & 0xFFFFF));
            _turnBegins(state);
            if (eventsChecked) {
                _expect(abi.encode(ITicTacToe.Moved.selector, uint256(1), t.caller, cell, _deadlineOf(state)));
            }
        } else {
            assert(_deadlineOf(state) == 0 && _turnBlockOf(state) == 0);
            if (eventsChecked) _expect(abi.encode(ITicTacToe.Moved.selector, uint256(1), t.caller, cell, 0));
            if (expected == uint256(ITicTacToe.Status.Draw)) _expectEnd(ITicTacToe.EndReason.Draw, address(0));
            else _expectEnd(ITicTacToe.EndReason.Win, t.caller);
        }
        _assertEvents();
    }

    /// @dev The custom error the rules give a refused move, in the contract's order of checks: not the mover
    ///      (the waiting player's turn, or no player), too late, no cell, a taken cell.
    function _playError(Turn memory t, uint256 cell) internal pure returns (bytes memory) {
        if (t.byMover == 0) {
            if (t.byWaiter == 1) return abi.encodeWithSelector(ITicTacToe.NotYourTurn.selector, 1, t.caller);
            return abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, 1, t.caller);
        }
        if (t.late == 1) {
            return abi.encodeWithSelector(ITicTacToe.MoveTooLate.selector, 1, uint64(_deadlineOf(t.state)));
        }
        if (cell > 8) return abi.encodeWithSelector(ITicTacToe.CellOutOfRange.selector, cell);
        return abi.encodeWithSelector(ITicTacToe.CellTaken.selector, 1, uint8(cell));
    }

    /// @dev {_turn}'s timeout claim.
    function _claim(Turn memory t) internal {
        uint256 firstMove = _is(t.moverBoard, 0);
        t.firstMove = firstMove;
        bytes memory error_;
        if (eventsChecked) error_ = _claimError(t);
        uint256 ok = _try(t.caller, 0, abi.encodeCall(ITicTacToe.claimTimeout, (1)), error_);
        // After the turn is over only (the deadline and the blocks): by the waiting player, or by the late one
        // while it has not moved (an abort).
        assert(ok == t.late & (t.byWaiter | (t.byMover & firstMove)));
        // Never before the blocks have really passed, however the count modulo 2^19 came out.
        assert(ok & t.early == 0);
        vm.assume(ok == 1);
        Game memory game = _gameAt(1);
        // A first-move timeout aborts; a later one is won by the waiting player.
        uint256 expected = firstMove == 1
            ? uint256(ITicTacToe.Status.Aborted)
            : uint256(t.oTurn == 1 ? ITicTacToe.Status.XWon : ITicTacToe.Status.OWon);
        assert(game.status == expected && _deadlineOf(game.state) == 0 && _turnBlockOf(game.state) == 0);
        assert(_xBoard(game.state) == _xBoard(t.state) && _oBoard(game.state) == _oBoard(t.state));
        if (firstMove == 1) _expectEnd(ITicTacToe.EndReason.Abort, address(0));
        else _expectEnd(ITicTacToe.EndReason.Timeout, t.oTurn == 1 ? t.x : gameO);
        _assertEvents();
    }

    /// @dev The custom error the rules give a refused claim, in the contract's order: no player, the late player
    ///      after its first move, the deadline not passed, too few blocks (counted modulo 2^19).
    function _claimError(Turn memory t) internal view returns (bytes memory) {
        if (t.byWaiter == 0) {
            if (t.byMover == 0) return abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, 1, t.caller);
            if (t.firstMove == 0) {
                return abi.encodeWithSelector(ITicTacToe.CannotClaimOwnTimeout.selector, 1, t.caller);
            }
        }
        if (t.inTime == 1) {
            return abi.encodeWithSelector(ITicTacToe.DeadlineNotPassed.selector, 1, uint64(_deadlineOf(t.state)));
        }
        uint256 passed = (block.number - turnStart) % _BLOCK_MODULUS;
        return abi.encodeWithSelector(ITicTacToe.TooFewBlocks.selector, 1, passed, _CLAIM_BLOCKS);
    }

    /// @dev {_turn}'s resignation.
    function _resign(Turn memory t) internal {
        uint256 ok = _try(
            t.caller,
            0,
            abi.encodeCall(ITicTacToe.resign, (1)),
            abi.encodeWithSelector(ITicTacToe.NotAPlayer.selector, 1, t.caller)
        );
        // Either player, at any time, whoever is to move; the other wins.
        assert(ok == t.byMover | t.byWaiter);
        vm.assume(ok == 1);
        Game memory game = _gameAt(1);
        uint256 expected = uint256(_is(t.caller, t.x) == 1 ? ITicTacToe.Status.OWon : ITicTacToe.Status.XWon);
        assert(game.status == expected && _deadlineOf(game.state) == 0);
        _expectEnd(ITicTacToe.EndReason.Resignation, t.caller == t.x ? gameO : t.x);
        _assertEvents();
    }

    /// @dev A public or private game 1 with any stake and time limit, created by `actors[0]` and joined by any of the
    ///      three accounts naming any terms, then up to `turns` turns by any of them after any time and blocks (see
    ///      {PvpRulesCheck.check_everyTurnFollowsTheRules}).
    function _everyTurnFollowsTheRules(uint256 turns) internal {
        _enterActors();
        address x = actors[0];
        bool invite = svm.createBool("private");
        address invited = invite ? actors[1] : address(0);
        uint256 stake = svm.createUint(97, "stake");
        uint256 moveTimeout = svm.createUint(33, "moveTimeout");
        bytes memory error_;
        if (eventsChecked) error_ = _createError(stake, moveTimeout);
        uint256 created = _try(x, stake, abi.encodeCall(ITicTacToe.createGame, (moveTimeout, invited)), error_);
        assert(created == _le(stake, _STAKE_CAP) & _le(60, moveTimeout) & _le(moveTimeout, 7 days));
        vm.assume(created == 1);
        gameStake = stake;
        if (eventsChecked) {
            _expect(abi.encode(ITicTacToe.GameCreated.selector, uint256(1), x, invited, stake, moveTimeout));
            _assertEvents();
        }

        address joiner = _anyActor();
        vm.warp(block.timestamp + svm.createUint(32, "beforeJoin"));
        // A join whose deadline the record cannot hold (from the year 2106) is `TicTacToeAbiErrors.t.sol`'s.
        vm.assume(block.timestamp + 7 days <= _LAST_DEADLINE);
        // The join names a creator and a time limit: the ones read, or any others.
        address namedCreator = svm.createAddress("namedCreator");
        uint256 namedTimeout = svm.createUint256("namedTimeout");
        if (eventsChecked) {
            if (joiner == x) {
                error_ = abi.encodeWithSelector(ITicTacToe.CreatorCannotJoin.selector, 1);
            } else if (invite && joiner != invited) {
                error_ = abi.encodeWithSelector(ITicTacToe.NotInvited.selector, 1, joiner, invited);
            } else {
                error_ = abi.encodeWithSelector(ITicTacToe.TermsChanged.selector, 1, x, uint32(moveTimeout));
            }
        }
        uint256 joined =
            _try(joiner, stake, abi.encodeCall(ITicTacToe.joinGame, (1, namedCreator, namedTimeout)), error_);
        // Anyone but the creator, for a private game only the invited account, and only on the game's own terms.
        assert(
            joined
                == (1 - _is(joiner, x)) & (_is(invited, address(0)) | _is(joiner, invited)) & _is(namedCreator, x)
                    & _is(namedTimeout, moveTimeout)
        );
        vm.assume(joined == 1);
        gameO = joiner;
        Game memory game = _gameAt(1);
        assert(game.status == uint256(ITicTacToe.Status.Active) && game.opponent == joiner);
        assert(_deadlineOf(game.state) == block.timestamp + moveTimeout && _oToMove(game.state) == 0);
        _turnBegins(game.state);
        if (eventsChecked) {
            _expect(abi.encode(ITicTacToe.GameJoined.selector, uint256(1), joiner, block.timestamp + moveTimeout));
            _assertEvents();
        }

        for (uint256 turn; turn < turns; ++turn) {
            if (_gameAt(1).status != uint256(ITicTacToe.Status.Active)) break;
            _turn(x, joiner, svm.createUint(32, "elapsed"), true, svm.createUint(20, "mined"));
        }
    }

    /// @dev The custom error the rules give a refused creation, in the contract's order (the invited account is
    ///      never the creator here).
    function _createError(uint256 stake, uint256 moveTimeout) internal pure returns (bytes memory) {
        if (moveTimeout < 60) return abi.encodeWithSelector(ITicTacToe.TimeoutTooShort.selector, moveTimeout, 60);
        if (moveTimeout > 7 days) {
            return abi.encodeWithSelector(ITicTacToe.TimeoutTooLong.selector, moveTimeout, 7 days);
        }
        return abi.encodeWithSelector(ITicTacToe.StakeTooLarge.selector, stake, _STAKE_CAP);
    }
}

/// @title PvpRulesCheck
/// @notice The rules proofs themselves (see {PvpRules}). `script/halmos-check.py` also runs them against one-line
///         rule bugs of its own making, each of which some check here must catch.
contract PvpRulesCheck is PvpRules {
    /// @notice A whole game, public or private, with any stake in 97 bits (the cap, and past it), any time limit
    ///         in 33 bits (below, at and past both limits, and past the old 32-bit parameter) and any joiner among
    ///         three accounts: the creation and the join succeed exactly when the rules allow them. Then
    ///         {RULES_TURNS} turns in which any of the three accounts, after any time and blocks, plays any cell
    ///         word, claims a timeout or resigns: each call succeeds exactly when the rules allow it (the wrong
    ///         mover, an outsider, a late move, an early claim, a taken cell all revert; a move in the deadline's
    ///         own second succeeds), and leaves the status, boards, turn and deadline the rules give.
    function check_everyTurnFollowsTheRules() public {
        _everyTurnFollowsTheRules(RULES_TURNS);
    }

    /// @notice A whole private game (after the join a public game's words are the same, and
    ///         {check_everyTurnFollowsTheRules} joins both kinds), with any stake and time limit, beside a second,
    ///         open game of any stake that no call on the first may touch: up to nine turns in which any of the
    ///         three accounts (the second game's creator among them, an outsider to the first), after any time,
    ///         plays any cell word, claims a timeout or resigns, until the game ends: every line (for its owner),
    ///         the full board (a draw) and every other ending are reached, each call succeeds exactly when the rules
    ///         allow it and leaves the state they give, as in {check_everyTurnFollowsTheRules}, and the second
    ///         game's two words stay as they were.
    function check_aWholeGameEndsByTheRules() public {
        _enterActors();
        address x = actors[0];
        address o = actors[1];
        uint256 stake = svm.createUint(96, "stake");
        uint32 moveTimeout = uint32(svm.createUint(32, "moveTimeout"));
        _call(x, stake, abi.encodeCall(ITicTacToe.createGame, (moveTimeout, o)));
        _call(actors[2], svm.createUint(96, "otherStake"), abi.encodeCall(ITicTacToe.createGame, (60, address(0))));
        Game memory other = _gameAt(2);
        _call(o, stake, abi.encodeCall(ITicTacToe.joinGame, (1, x, uint256(moveTimeout))));
        _turnBegins(_gameAt(1).state);
        for (uint256 turn; turn < 9; ++turn) {
            if (_gameAt(1).status != uint256(ITicTacToe.Status.Active)) break;
            // Exactly the claim blocks before each turn, so that its turns end with their deadlines: with a count
            // per turn (as in {check_everyTurnFollowsTheRules}) nine turns did not finish in 13 minutes.
            _turn(x, o, svm.createUint(32, "elapsed"), true, _CLAIM_BLOCKS);
            Game memory now_ = _gameAt(2);
            assert(now_.state == other.state && now_.seats == other.seats);
        }
        assert(_gameAt(1).status != uint256(ITicTacToe.Status.Active));
    }

    /// @notice A player whose address refuses ether (a contract whose `receive` reverts) keeps its whole balance
    ///         when a withdrawal to itself fails, and takes it out to any ordinary address with `withdrawTo`.
    function check_aRefusingPlayerKeepsItsBalance() public {
        _enterActors();
        RevertingPlayer refuser = new RevertingPlayer(ITicTacToe(address(ttt)));
        uint256 stake = svm.createUint(96, "stake");
        vm.assume(stake != 0);
        vm.deal(actors[0], _FUNDS);
        vm.prank(actors[0]);
        (bool created,) =
            address(refuser).call{value: stake}(abi.encodeCall(HostilePlayer.create, (uint32(60), address(0))));
        assert(created);
        vm.prank(actors[0]);
        (bool cancelled,) = address(refuser).call(abi.encodeCall(HostilePlayer.cancel, (1)));
        assert(cancelled && _pendingOf(address(refuser)) == stake);

        (bool refused,) = address(refuser).call(abi.encodeCall(HostilePlayer.withdraw, ()));
        assert(!refused && _pendingOf(address(refuser)) == stake && address(ttt).balance == stake);

        address to = _recipient();
        vm.assume(to != address(refuser));
        uint256 had = to.balance;
        (bool sent,) = address(refuser).call(abi.encodeCall(HostilePlayer.withdrawTo, (payable(to))));
        assert(sent && _pendingOf(address(refuser)) == 0 && to.balance == had + stake);
        assert(address(ttt).balance == 0);
    }

    /// @dev Turns after the join in {check_everyTurnFollowsTheRules}: enough for two moves and a claim (a move
    ///      followed by a timeout that someone wins), or a move and a resignation; a whole game is
    ///      {check_aWholeGameEndsByTheRules}'s. With 9 turns this check took 817 paths and 247 s.
    uint256 internal constant RULES_TURNS = 3;
}
