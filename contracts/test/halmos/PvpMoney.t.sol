// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {SymbolicBase} from "./SymbolicBase.t.sol";
import {TicTacToe} from "../../TicTacToe.sol";
import {ITicTacToe} from "../../interfaces/ITicTacToe.sol";

/// @title PvpMoney
/// @notice halmos proofs of the PvP money rules: for every stake up to the cap, every three distinct accounts (any
///         of which may be a game's outsider) and anyone else, every time limit, every moment and every order of
///         actions up to {SEQUENCE_LENGTH} actions, and a whole game of symbolic moves.
/// @dev Only sequences of successful calls are explored (`vm.assume(ok)` after each call): a reverted call leaves
///      every account and every storage slot as it was, so every state some sequence reaches is reached by its
///      successful calls alone, and the rejections themselves are the state machine's business
///      (`tests/tests/pvp_machine.rs`). Halmos explores every path of the contract's code under these assumptions
///      and fails a check if any path can break an `assert`.
///
///      What is checked after every step:
///      - the books: the contract's ether equals every pending balance plus each open game's stake and twice each
///        active game's stake ({_assertBooks});
///      - the payouts: a game that ended in this step credited exactly what its ending says, a win 2 x stake to
///        the winner, a draw or an abort the stake to each player, a cancellation the stake to the creator, and
///        no balance moved otherwise; an account outside the three is never credited ({_assertPayouts});
///      - the outsiders: a game changes only if the caller is one of its players, or joins it as anyone may join
///        an open public game ({_assertOutsidersChangeNothing});
///      - a withdrawal pays the caller's whole balance and no more to the recipient, exactly once (the balance is
///        zero after it).
contract PvpMoneyCheck is SymbolicBase {
    /// @dev Actions per sequence in {check_everySequenceKeepsTheBooks}: the longest that stays quick enough for
    ///      CI (see the README's "Symbolic proofs").
    uint256 internal constant SEQUENCE_LENGTH = 4;

    /// @dev What each account starts with: more than {SEQUENCE_LENGTH} stakes at the cap (2^96 - 1 wei each).
    uint256 internal constant _FUNDS = 1 << 100;

    /// @dev A unix time in 2023; every later moment is reached by symbolic steps forward from here.
    uint256 internal constant _START = 1_700_000_000;

    /// @dev The actions a step may take, by number.
    uint256 internal constant _CREATE = 0;
    uint256 internal constant _JOIN = 1;
    uint256 internal constant _PLAY = 2;
    uint256 internal constant _CLAIM_TIMEOUT = 3;
    uint256 internal constant _RESIGN = 4;
    uint256 internal constant _CANCEL = 5;
    uint256 internal constant _WITHDRAW = 6;
    uint256 internal constant _WITHDRAW_TO = 7;

    /// @dev A game as {ITicTacToe.getGame} returns it.
    struct Game {
        address creator;
        address opponent;
        uint256 stake;
        uint32 moveTimeout;
        uint64 deadline;
        uint16 xBoard;
        uint16 oBoard;
        ITicTacToe.Status status;
    }

    /// @dev What a step looks at before and after it runs.
    struct Books {
        Game[] games;
        uint256[3] pending;
        uint256 held;
    }

    TicTacToe internal ttt;

    /// @dev Three distinct symbolic accounts. Each may create, join, move and withdraw; for a game it did not
    ///      create or join, an account is an outsider.
    address[3] internal actors;

    /// @dev Any symbolic account other than the three: it must never be credited.
    address internal anyoneElse;

    function setUp() public {
        ttt = _deploy();
    }

    /// @dev The contract under test; the broken variant's check overrides this.
    function _deploy() internal virtual returns (TicTacToe) {
        return new TicTacToe();
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          CHECKS                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Every sequence of {SEQUENCE_LENGTH} successful actions (create, join, play, claim a timeout,
    ///         resign, cancel, withdraw, withdraw to anyone), each by any of the three accounts, on any game, with
    ///         any stake, time limit, invited opponent, cell, recipient and time passing before it, keeps the
    ///         books, pays each ending by the rules and lets no outsider change a game.
    function check_everySequenceKeepsTheBooks() public {
        _enterActors();
        for (uint256 i; i < SEQUENCE_LENGTH; ++i) {
            _step();
        }
    }

    /// @notice A whole game: any stake, any time limit, X and O any two distinct accounts, then any cells played
    ///         in turn until the board is full or a line is made (a draw and every win included), and at any
    ///         point a timeout claim, a resignation or a move by the outsider instead. The books balance and each
    ///         ending pays by the rules after every step, and both players then withdraw exactly what they were
    ///         credited, leaving the contract nothing.
    function check_aWholeGamePaysByTheRules() public {
        _enterActors();
        address x = actors[0];
        address o = actors[1];
        uint256 stake = svm.createUint(96, "stake");
        uint32 moveTimeout = uint32(svm.createUint(32, "moveTimeout"));
        _call(x, stake, abi.encodeCall(ITicTacToe.createGame, (moveTimeout, address(0))));
        _call(o, stake, abi.encodeCall(ITicTacToe.joinGame, (1)));
        assert(address(ttt).balance == 2 * stake);

        // Nine moves fill the board; an ending before that stops the game, and any step may end it another way.
        for (uint256 turn; turn < 9; ++turn) {
            Books memory before = _read();
            if (before.games[0].status != ITicTacToe.Status.Active) break;
            vm.warp(block.timestamp + svm.createUint(32, "elapsed"));
            address mover = turn % 2 == 0 ? x : o;
            uint256 action = svm.createUint(2, "action");
            address caller = mover;
            bytes memory data;
            if (action == 0) {
                data = abi.encodeCall(ITicTacToe.play, (1, uint8(svm.createUint(8, "cell"))));
            } else if (action == 1) {
                caller = svm.createBool("waiterClaims") ? (turn % 2 == 0 ? o : x) : mover;
                data = abi.encodeCall(ITicTacToe.claimTimeout, (1));
            } else if (action == 2) {
                caller = svm.createBool("moverResigns") ? mover : (turn % 2 == 0 ? o : x);
                data = abi.encodeCall(ITicTacToe.resign, (1));
            } else {
                // The outsider tries every game function on the game; none may succeed.
                caller = actors[2];
                data = _anyGameCall(1);
            }
            _call(caller, 0, data);
            _assertAfter(before, caller, 1, type(uint256).max);
        }

        Books memory end = _read();
        assert(end.games[0].status != ITicTacToe.Status.Active);
        uint256 xOwed = end.pending[0];
        uint256 oOwed = end.pending[1];
        assert(xOwed + oOwed == 2 * stake);
        if (xOwed != 0) {
            _call(x, 0, abi.encodeCall(ITicTacToe.withdraw, ()));
            assert(x.balance == _FUNDS - stake + xOwed);
        }
        if (oOwed != 0) {
            _call(o, 0, abi.encodeCall(ITicTacToe.withdraw, ()));
            assert(o.balance == _FUNDS - stake + oOwed);
        }
        assert(address(ttt).balance == 0);
    }

    /// @notice Any balance is paid once: after a successful withdrawal (to oneself or to anyone) the account's
    ///         balance is zero, and a second withdrawal, to anyone, fails.
    function check_aBalanceIsPaidOnce() public {
        _enterActors();
        address x = actors[0];
        uint256 stake = svm.createUint(96, "stake");
        _call(x, stake, abi.encodeCall(ITicTacToe.createGame, (uint32(svm.createUint(32, "moveTimeout")), address(0))));
        Books memory before = _read();
        _call(x, 0, abi.encodeCall(ITicTacToe.cancel, (1)));
        _assertAfter(before, x, 1, _CANCEL);

        before = _read();
        address to = _recipient();
        bytes memory first = svm.createBool("toSelf")
            ? abi.encodeCall(ITicTacToe.withdraw, ())
            : abi.encodeCall(ITicTacToe.withdrawTo, (payable(to)));
        _call(x, 0, first);
        _assertAfter(before, x, 0, _WITHDRAW);

        address again = _recipient();
        vm.prank(x);
        (bool paidTwice,) = address(ttt).call(
            svm.createBool("againToSelf")
                ? abi.encodeCall(ITicTacToe.withdraw, ())
                : abi.encodeCall(ITicTacToe.withdrawTo, (payable(again)))
        );
        assert(!paidTwice);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           STEPS                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Three distinct ordinary accounts, each funded, and one more that is none of them; the clock at
    ///      {_START}.
    function _enterActors() internal {
        for (uint256 i; i < 3; ++i) {
            address account = svm.createAddress("actor");
            _assumeOrdinary(account, address(ttt));
            for (uint256 j; j < i; ++j) {
                vm.assume(account != actors[j]);
            }
            actors[i] = account;
            vm.deal(account, _FUNDS);
        }
        anyoneElse = svm.createAddress("anyoneElse");
        vm.assume(anyoneElse != actors[0] && anyoneElse != actors[1] && anyoneElse != actors[2]);
        vm.warp(_START);
    }

    /// @dev One successful action of any kind, by any of the three accounts, after any time has passed, and the
    ///      checks after it.
    function _step() internal {
        vm.warp(block.timestamp + svm.createUint(32, "elapsed"));
        Books memory before = _read();
        uint256 games = before.games.length;

        address caller = actors[_pick(3, "caller")];
        uint256 action = svm.createUint(3, "action");
        uint256 gameId;
        uint256 value;
        address paidTo;
        bytes memory data;
        if (action == _CREATE) {
            value = svm.createUint(96, "stake");
            data = abi.encodeCall(
                ITicTacToe.createGame, (uint32(svm.createUint(32, "moveTimeout")), svm.createAddress("invited"))
            );
        } else if (action == _WITHDRAW) {
            data = abi.encodeCall(ITicTacToe.withdraw, ());
        } else if (action == _WITHDRAW_TO) {
            paidTo = _recipient();
            data = abi.encodeCall(ITicTacToe.withdrawTo, (payable(paidTo)));
        } else {
            // Every other action is on an existing game (an unknown id is only ever refused).
            vm.assume(games != 0);
            gameId = 1 + _pick(games, "gameId");
            if (action == _JOIN) {
                value = svm.createUint(96, "joinValue");
                data = abi.encodeCall(ITicTacToe.joinGame, (gameId));
            } else if (action == _PLAY) {
                data = abi.encodeCall(ITicTacToe.play, (gameId, uint8(svm.createUint(8, "cell"))));
            } else if (action == _CLAIM_TIMEOUT) {
                data = abi.encodeCall(ITicTacToe.claimTimeout, (gameId));
            } else if (action == _RESIGN) {
                data = abi.encodeCall(ITicTacToe.resign, (gameId));
            } else {
                data = abi.encodeCall(ITicTacToe.cancel, (gameId));
            }
        }

        uint256 recipientHad = action == _WITHDRAW ? caller.balance : paidTo.balance;
        _call(caller, value, data);
        _assertAfter(before, caller, gameId, action);
        // A withdrawal pays the recipient the caller's whole former balance, no more and no less.
        if (action == _WITHDRAW) assert(caller.balance == recipientHad + before.pending[_indexOf(caller)]);
        if (action == _WITHDRAW_TO) assert(paidTo.balance == recipientHad + before.pending[_indexOf(caller)]);
    }

    /// @dev Calls the contract as `caller` with `value` wei and keeps only the paths on which the call succeeds.
    function _call(address caller, uint256 value, bytes memory data) internal {
        vm.prank(caller);
        (bool ok,) = address(ttt).call{value: value}(data);
        vm.assume(ok);
    }

    /// @dev Any of the calls that act on game `gameId`, with any arguments.
    function _anyGameCall(uint256 gameId) internal returns (bytes memory) {
        uint256 which = svm.createUint(3, "outsiderCall");
        if (which == 0) return abi.encodeCall(ITicTacToe.play, (gameId, uint8(svm.createUint(8, "cell"))));
        if (which == 1) return abi.encodeCall(ITicTacToe.claimTimeout, (gameId));
        if (which == 2) return abi.encodeCall(ITicTacToe.resign, (gameId));
        if (which == 3) return abi.encodeCall(ITicTacToe.cancel, (gameId));
        return abi.encodeCall(ITicTacToe.joinGame, (gameId));
    }

    /// @dev Any ordinary address to withdraw to: one of the three accounts, or any other.
    function _recipient() internal returns (address to) {
        to = svm.createAddress("recipient");
        _assumeOrdinary(to, address(ttt));
    }

    /// @dev A symbolic index below `count`, made concrete on each path (a branch per value), so that the game
    ///      or account it picks is a plain storage slot rather than a symbolic one.
    function _pick(uint256 count, string memory name) internal returns (uint256) {
        uint256 choice = svm.createUint256(name);
        for (uint256 i; i + 1 < count; ++i) {
            if (choice == i) return i;
        }
        return count - 1;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        PROPERTIES                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Every game, the three pending balances and the contract's ether.
    function _read() internal view returns (Books memory books) {
        uint256 next = ttt.nextGameId();
        books.games = new Game[](next - 1);
        for (uint256 id = 1; id < next; ++id) {
            Game memory game = books.games[id - 1];
            (
                game.creator,
                game.opponent,
                game.stake,
                game.moveTimeout,
                game.deadline,
                game.xBoard,
                game.oBoard,
                game.status
            ) = ttt.getGame(id);
        }
        for (uint256 i; i < 3; ++i) {
            books.pending[i] = ttt.pendingBalance(actors[i]);
        }
        books.held = address(ttt).balance;
    }

    /// @dev All the checks after a successful step by `caller` on `gameId` (0: none) with `action`.
    function _assertAfter(Books memory before, address caller, uint256 gameId, uint256 action) internal view {
        Books memory next = _read();
        _assertBooks(next);
        _assertPayouts(before, next, caller, action);
        _assertOutsidersChangeNothing(before, next, caller, gameId, action);
        assert(ttt.pendingBalance(anyoneElse) == 0);
    }

    /// @dev The contract's ether is exactly what it owes: every pending balance (only the three accounts ever
    ///      have one, {_assertAfter} checks anyone else's is zero), each open game's stake, and both stakes of
    ///      each active game.
    function _assertBooks(Books memory books) internal pure {
        uint256 owed = books.pending[0] + books.pending[1] + books.pending[2];
        for (uint256 i; i < books.games.length; ++i) {
            Game memory game = books.games[i];
            if (game.status == ITicTacToe.Status.Open) owed += game.stake;
            else if (game.status == ITicTacToe.Status.Active) owed += 2 * game.stake;
        }
        assert(books.held == owed);
    }

    /// @dev Each pending balance moved by exactly what the games that ended in this step owe it, or, for a
    ///      withdrawal, the caller's went to zero and its whole former balance left the contract for the
    ///      recipient.
    function _assertPayouts(Books memory before, Books memory next, address caller, uint256 action)
        internal
        view
    {
        uint256[3] memory owed;
        for (uint256 i; i < before.games.length; ++i) {
            Game memory was = before.games[i];
            ITicTacToe.Status now_ = next.games[i].status;
            if (now_ == was.status) continue;
            if (now_ == ITicTacToe.Status.Active) {
                assert(was.status == ITicTacToe.Status.Open);
            } else if (now_ == ITicTacToe.Status.Cancelled) {
                assert(was.status == ITicTacToe.Status.Open);
                _owe(owed, was.creator, was.stake);
            } else {
                // Every other ending is of an active game.
                assert(was.status == ITicTacToe.Status.Active);
                if (now_ == ITicTacToe.Status.XWon) {
                    _owe(owed, was.creator, 2 * was.stake);
                } else if (now_ == ITicTacToe.Status.OWon) {
                    _owe(owed, was.opponent, 2 * was.stake);
                } else {
                    assert(now_ == ITicTacToe.Status.Draw || now_ == ITicTacToe.Status.Aborted);
                    _owe(owed, was.creator, was.stake);
                    _owe(owed, was.opponent, was.stake);
                }
            }
        }

        bool withdrawal = action == _WITHDRAW || action == _WITHDRAW_TO;
        for (uint256 i; i < 3; ++i) {
            if (withdrawal && actors[i] == caller) {
                assert(before.pending[i] != 0 && next.pending[i] == 0);
                assert(before.held - next.held == before.pending[i]);
            } else {
                assert(next.pending[i] == before.pending[i] + owed[i]);
            }
        }
        // Only a withdrawal sends ether.
        if (!withdrawal) assert(next.held >= before.held);
    }

    /// @dev The index of `account` (one of the three) in {actors}.
    function _indexOf(address account) internal view returns (uint256) {
        for (uint256 i; i < 3; ++i) {
            if (actors[i] == account) return i;
        }
        // A player is always one of the three, who alone call the contract.
        assert(false);
        return 3;
    }

    /// @dev Adds `amount` to what `account` (one of the three) is owed.
    function _owe(uint256[3] memory owed, address account, uint256 amount) internal view {
        owed[_indexOf(account)] += amount;
    }

    /// @dev A game changes only in a step by one of its players (the creator, or the opponent: the invited or
    ///      the joined account) on that game, or by a join of an open public game, which makes the caller its
    ///      opponent. Every other game stays as it was, field by field.
    function _assertOutsidersChangeNothing(
        Books memory before,
        Books memory next,
        address caller,
        uint256 gameId,
        uint256 action
    ) internal pure {
        for (uint256 i; i < before.games.length; ++i) {
            Game memory was = before.games[i];
            bool player = caller == was.creator || caller == was.opponent;
            bool publicJoin = action == _JOIN && was.status == ITicTacToe.Status.Open && was.opponent == address(0);
            if (i + 1 == gameId && (player || publicJoin)) continue;
            Game memory game = next.games[i];
            assert(
                game.creator == was.creator && game.opponent == was.opponent && game.stake == was.stake
                    && game.moveTimeout == was.moveTimeout && game.deadline == was.deadline && game.xBoard == was.xBoard
                    && game.oBoard == was.oBoard && game.status == was.status
            );
        }
    }
}
