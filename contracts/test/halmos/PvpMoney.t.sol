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
///      (`tests/tests/it/pvp_machine.rs`). Halmos explores every path of the contract's code under these assumptions
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
abstract contract PvpMoney is SymbolicBase {
    /// @dev Actions per sequence in {check_everySequenceKeepsTheBooks}: the longest that stays quick enough for
    ///      CI (see the README's "Symbolic proofs").
    uint256 internal constant SEQUENCE_LENGTH = 3;

    /// @dev What each account starts with: more than {SEQUENCE_LENGTH} stakes at the cap (2^96 - 1 wei each).
    uint256 internal constant _FUNDS = 1 << 100;

    /// @dev `TicTacToe`'s storage slots: `_games`, `_balances`, `_nextGameId`, in declaration order.
    uint256 internal constant _GAMES_SLOT = 0;
    uint256 internal constant _BALANCES_SLOT = 1;
    uint256 internal constant _NEXT_GAME_ID_SLOT = 2;

    /// @dev A unix time in 2023; every later moment is reached by symbolic steps forward from here.
    uint256 internal constant _START = 1_700_000_000;

    /// @dev The blocks a timeout claim needs after its turn began: the public chains' default of `marubatsu
    ///      deploy`. The money checks mine that many with every step (see {_passTime}); the rules checks
    ///      ({PvpRules}) mine any number, and prove the block rule itself.
    uint256 internal constant _CLAIM_BLOCKS = 64;

    /// @dev The actions a step may take, by number.
    uint256 internal constant _CREATE = 0;
    uint256 internal constant _JOIN = 1;
    uint256 internal constant _PLAY = 2;
    uint256 internal constant _CLAIM_TIMEOUT = 3;
    uint256 internal constant _RESIGN = 4;
    uint256 internal constant _CANCEL = 5;
    uint256 internal constant _WITHDRAW = 6;
    uint256 internal constant _WITHDRAW_TO = 7;

    /// @dev A game as the checks need it, read from the contract's storage (see {_read}).
    struct Game {
        uint256 state;
        uint256 seats;
        address creator;
        address opponent;
        uint256 stake;
        /// @dev A {ITicTacToe.Status} value, kept as the 3-bit number stored: an enum conversion of a value out
        ///      of range would panic, and halmos would drop that path instead of reporting it.
        uint256 status;
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
        return new TicTacToe(_CLAIM_BLOCKS);
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
        vm.assume(_isActor(anyoneElse) == 0);
        vm.warp(_START);
    }

    /// @dev Any of the three accounts, as one symbolic address (not a branch per account: the contract's own
    ///      comparisons split the paths only where the caller matters).
    function _anyActor() internal returns (address caller) {
        caller = svm.createAddress("caller");
        vm.assume(_isActor(caller) == 1);
    }

    /// @dev Any number of seconds below 2^32 pass, and the blocks a claim needs are mined: the money rules do not
    ///      depend on when a claim becomes possible, only on what it pays, so a symbolic count of blocks here
    ///      would only multiply the paths (a claim refused for too few blocks changes nothing, like every
    ///      refusal). Whether a claim may succeed at all is {PvpRules}'s business.
    function _passTime() internal {
        vm.warp(block.timestamp + svm.createUint(32, "elapsed"));
        vm.roll(block.number + _CLAIM_BLOCKS);
    }

    /// @dev One successful `action` (any, if symbolic) by `caller`, after any time has passed, and the checks
    ///      after it.
    function _step(uint256 action, address caller) internal {
        _passTime();
        Books memory before = _read();
        uint256 games = before.games.length;

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
                data = _joinOnItsTerms(gameId);
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

        if (action == _WITHDRAW) paidTo = caller;
        uint256 recipientHad = paidTo.balance;
        _call(caller, value, data);
        uint256 paid = _assertAfter(before, caller, gameId, action);
        // A withdrawal pays the recipient the caller's whole former balance, no more and no less.
        if (paidTo != address(0)) assert(paidTo.balance == recipientHad + paid);
    }

    /// @dev Calls the contract as `caller` with `value` wei and keeps only the paths on which the call succeeds.
    function _call(address caller, uint256 value, bytes memory data) internal {
        vm.prank(caller);
        (bool ok,) = address(ttt).call{value: value}(data);
        vm.assume(ok);
    }

    /// @dev Any ordinary address to withdraw to: one of the three accounts, or any other.
    function _recipient() internal returns (address to) {
        to = svm.createAddress("recipient");
        _assumeOrdinary(to, address(ttt));
    }

    /// @dev A symbolic index below `count`, made concrete on each path (a branch per value), so that the game it
    ///      picks sits in a known storage slot rather than a symbolic one.
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

    /// @dev Every game, the three pending balances and the contract's ether, read straight from storage with
    ///      `vm.load`. Reading through the view functions gives the same ({PvpStorageViewCheck}), but halmos
    ///      copies the path's whole trace so far at every external call, so a dozen view calls per step made each
    ///      step dearer than the last.
    function _read() internal view returns (Books memory books) {
        uint256 next = uint256(vm.load(address(ttt), bytes32(_NEXT_GAME_ID_SLOT)));
        books.games = new Game[](next - 1);
        for (uint256 id = 1; id < next; ++id) {
            books.games[id - 1] = _gameAt(id);
        }
        for (uint256 i; i < 3; ++i) {
            books.pending[i] = _pendingOf(actors[i]);
        }
        books.held = address(ttt).balance;
    }

    /// @dev Game `id` from its two storage words (layout in `TicTacToe`'s {Game} docs).
    function _gameAt(uint256 id) internal view returns (Game memory game) {
        uint256 slot = uint256(keccak256(abi.encode(id, _GAMES_SLOT)));
        game.state = uint256(vm.load(address(ttt), bytes32(slot)));
        game.seats = uint256(vm.load(address(ttt), bytes32(slot + 1)));
        game.creator = address(uint160(game.state));
        game.opponent = address(uint160(game.seats));
        game.stake = game.seats >> 160;
        game.status = (game.state >> 179) & 7;
    }

    /// @dev A join of game `id` naming the terms it has (the rules check tries other terms).
    function _joinOnItsTerms(uint256 id) internal view returns (bytes memory) {
        Game memory game = _gameAt(id);
        return abi.encodeCall(ITicTacToe.joinGame, (id, game.creator, (game.state >> 182) & 0xFFFFF));
    }

    /// @dev What `account` may withdraw, from storage.
    function _pendingOf(address account) internal view returns (uint256) {
        return uint256(vm.load(address(ttt), keccak256(abi.encode(account, _BALANCES_SLOT))));
    }

    /// @dev {_read}'s view of game 1 and the three balances equals {ITicTacToe.getGame} and
    ///      {ITicTacToe.pendingBalance}.
    function _assertViewsAgree() internal view {
        Books memory books = _read();
        assert(books.games.length == ttt.nextGameId() - 1);
        Game memory game = books.games[0];
        (address creator, address opponent, uint256 stake,,, uint16 xBoard, uint16 oBoard, ITicTacToe.Status status) =
            ttt.getGame(1);
        assert(
            game.creator == creator && game.opponent == opponent && game.stake == stake && game.status == uint8(status)
        );
        assert((game.state >> 160) & 0x1FF == xBoard && (game.state >> 169) & 0x1FF == oBoard);
        for (uint256 i; i < 3; ++i) {
            assert(books.pending[i] == ttt.pendingBalance(actors[i]));
        }
    }

    /// @dev All the checks after a successful step by `caller` on `gameId` (0: none) with `action`. Returns what
    ///      a withdrawal paid (0 for any other action).
    ///
    ///      These checks are written without branches on symbolic values (flags as 0/1 words from {_is}, amounts
    ///      picked by {_when}): a branch whose both sides are possible would split the path, and every split
    ///      doubles the work of every later step.
    function _assertAfter(Books memory before, address caller, uint256 gameId, uint256 action)
        internal
        view
        returns (uint256 paid)
    {
        Books memory next = _read();
        _assertBooks(next);
        paid = _assertPayouts(before, next, caller, action);
        _assertOutsidersChangeNothing(before, next, caller, gameId, action);
        assert(_pendingOf(anyoneElse) == 0);
    }

    /// @dev The contract's ether is exactly what it owes: every pending balance (only the three accounts ever
    ///      have one, {_assertAfter} checks anyone else's is zero), each open game's stake, and both stakes of
    ///      each active game.
    function _assertBooks(Books memory books) internal pure {
        uint256 owed = books.pending[0] + books.pending[1] + books.pending[2];
        for (uint256 i; i < books.games.length; ++i) {
            Game memory game = books.games[i];
            owed += _when(_is(game.status, ITicTacToe.Status.Open), game.stake)
            + _when(_is(game.status, ITicTacToe.Status.Active), 2 * game.stake);
        }
        assert(books.held == owed);
    }

    /// @dev Every status change is one the rules allow, each pending balance moved by exactly what the games
    ///      that ended in this step owe it, and for a withdrawal the caller's balance went to zero and exactly
    ///      that much left the contract (returned).
    function _assertPayouts(Books memory before, Books memory next, address caller, uint256 action)
        internal
        view
        returns (uint256 paid)
    {
        uint256[3] memory owed;
        for (uint256 i; i < before.games.length; ++i) {
            Game memory was = before.games[i];
            (uint256 toCreator, uint256 toOpponent) = _payout(was, next.games[i].status);
            for (uint256 j; j < 3; ++j) {
                owed[j] += _when(_is(actors[j], was.creator), toCreator)
                + _when(_is(actors[j], was.opponent), toOpponent);
            }
            // Whoever is paid is one of the three: nobody else can create or join here.
            assert(_when(1 - _isActor(was.creator), toCreator) + _when(1 - _isActor(was.opponent), toOpponent) == 0);
        }

        uint256 withdrawal = action == _WITHDRAW || action == _WITHDRAW_TO ? 1 : 0;
        for (uint256 j; j < 3; ++j) {
            uint256 withdrew = withdrawal & _is(actors[j], caller);
            paid += _when(withdrew, before.pending[j]);
            assert(next.pending[j] == _when(1 - withdrew, before.pending[j] + owed[j]));
        }
        // Only a withdrawal sends ether, and it sends the caller's whole balance, which was not zero. (`withdrawal`
        // is the same on every path of a step, so these branches split nothing.)
        if (withdrawal == 1) assert(paid != 0 && next.held + paid == before.held);
        else assert(next.held >= before.held);
    }

    /// @dev What the rules credit the creator and the opponent of `was` when its status becomes `now_`, after
    ///      checking that the change is one the rules allow: Open to Active or Cancelled, Active to won, drawn or
    ///      aborted, or none.
    function _payout(Game memory was, uint256 now_) internal pure returns (uint256 toCreator, uint256 toOpponent) {
        uint256 same = _is(now_, was.status);
        uint256 cancelled = _is(now_, ITicTacToe.Status.Cancelled);
        uint256 xWon = _is(now_, ITicTacToe.Status.XWon);
        uint256 oWon = _is(now_, ITicTacToe.Status.OWon);
        uint256 even = _is(now_, ITicTacToe.Status.Draw) | _is(now_, ITicTacToe.Status.Aborted);
        assert(
            same | (_is(was.status, ITicTacToe.Status.Open) & (_is(now_, ITicTacToe.Status.Active) | cancelled))
                    | (_is(was.status, ITicTacToe.Status.Active) & (xWon | oWon | even)) == 1
        );
        uint256 ended = 1 - same;
        // A cancellation returns the creator's stake; a win pays both stakes; a draw or an abort returns each.
        toCreator = _when(ended & (cancelled | even), was.stake) + _when(ended & xWon, 2 * was.stake);
        toOpponent = _when(ended & even, was.stake) + _when(ended & oWon, 2 * was.stake);
    }

    /// @dev A game changes only in a step by one of its players (the creator, or the opponent: the invited or
    ///      the joined account) on that game, or by a join of an open public game, which makes the caller its
    ///      opponent. Every other game stays as it was, both storage words.
    function _assertOutsidersChangeNothing(
        Books memory before,
        Books memory next,
        address caller,
        uint256 gameId,
        uint256 action
    ) internal pure {
        uint256 join = action == _JOIN ? 1 : 0;
        for (uint256 i; i < before.games.length; ++i) {
            Game memory was = before.games[i];
            Game memory game = next.games[i];
            uint256 player = _is(caller, was.creator) | _is(caller, was.opponent);
            uint256 publicJoin = join & _is(was.status, ITicTacToe.Status.Open) & _is(was.opponent, address(0));
            uint256 unchanged = _is(game.state, was.state) & _is(game.seats, was.seats);
            assert(unchanged | (_is(i + 1, gameId) & (player | publicJoin)) == 1);
        }
    }

    /// @dev 1 if the stored status `status` is `expected`, else 0.
    function _is(uint256 status, ITicTacToe.Status expected) internal pure returns (uint256) {
        return _is(status, uint256(expected));
    }

    /// @dev 1 if `account` is one of the three, else 0.
    function _isActor(address account) internal view returns (uint256) {
        return _is(account, actors[0]) | _is(account, actors[1]) | _is(account, actors[2]);
    }
}

/// @title PvpMoneyCheck
/// @notice The money proofs themselves (see {PvpMoney}); `DoublePayMoneyCheck` runs them against the broken variant.
contract PvpMoneyCheck is PvpMoney {
    /// @notice Every sequence of {SEQUENCE_LENGTH} successful actions (create, join, play, claim a timeout,
    ///         resign, cancel, withdraw, withdraw to anyone), each by any of the three accounts, on any game, with
    ///         any stake, time limit, invited opponent, cell, recipient and time passing before it, keeps the
    ///         books, pays each ending by the rules and lets no outsider change a game.
    function check_everySequenceKeepsTheBooks() public {
        _enterActors();
        // Nothing but a creation can succeed first, and which of the three creates is no loss of generality:
        // they are any three distinct accounts.
        _step(_CREATE, actors[0]);
        for (uint256 i = 1; i < SEQUENCE_LENGTH; ++i) {
            _step(svm.createUint(3, "action"), _anyActor());
        }
    }

    /// @notice A whole game: any stake, any time limit, X and O any two distinct accounts, then any cells played
    ///         in turn until the board is full or a line is made (a draw and every win included), and at any
    ///         point, after any time, a timeout claim or a resignation by either player instead. The books balance
    ///         and each ending pays by the rules after every step, and both players then withdraw exactly what
    ///         they were credited, leaving the contract nothing. (Outsiders are {check_everySequenceKeepsTheBooks}'s
    ///         business: its third account may try anything on a game it is not in.)
    function check_aWholeGamePaysByTheRules() public {
        _enterActors();
        address x = actors[0];
        address o = actors[1];
        uint256 stake = svm.createUint(96, "stake");
        uint32 moveTimeout = uint32(svm.createUint(32, "moveTimeout"));
        _call(x, stake, abi.encodeCall(ITicTacToe.createGame, (moveTimeout, address(0))));
        _call(o, stake, _joinOnItsTerms(1));
        assert(address(ttt).balance == 2 * stake);

        // Nine moves fill the board; an ending before that stops the game, and any step may end it another way.
        for (uint256 turn; turn < 9; ++turn) {
            Books memory before = _read();
            if (_is(before.games[0].status, ITicTacToe.Status.Active) == 0) break;
            _passTime();
            address mover = turn % 2 == 0 ? x : o;
            uint256 action = svm.createUint(2, "action");
            vm.assume(action < 3);
            address caller = mover;
            bytes memory data;
            if (action == 0) {
                data = abi.encodeCall(ITicTacToe.play, (1, uint8(svm.createUint(8, "cell"))));
            } else if (action == 1) {
                caller = svm.createBool("waiterClaims") ? (turn % 2 == 0 ? o : x) : mover;
                data = abi.encodeCall(ITicTacToe.claimTimeout, (1));
            } else {
                caller = svm.createBool("moverResigns") ? mover : (turn % 2 == 0 ? o : x);
                data = abi.encodeCall(ITicTacToe.resign, (1));
            }
            _call(caller, 0, data);
            _assertAfter(before, caller, 1, type(uint256).max);
        }

        Books memory end = _read();
        assert(_is(end.games[0].status, ITicTacToe.Status.Active) == 0);
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
        (bool paidTwice,) = address(ttt)
            .call(
                svm.createBool("againToSelf")
                    ? abi.encodeCall(ITicTacToe.withdraw, ())
                    : abi.encodeCall(ITicTacToe.withdrawTo, (payable(again)))
            );
        assert(!paidTwice);
    }
}

/// @title PvpStorageViewCheck
/// @notice The storage view the money proofs read is the contract's own view. Not run against the broken variant,
///         whose storage layout is the same and whose views are not what it breaks.
contract PvpStorageViewCheck is PvpMoney {
    /// @notice The storage view the other checks read ({_read}) says what the contract's own views say, for a
    ///         game before and after a join and a move, with any stake, time limit, invitation and cell.
    function check_storageViewMatchesTheViews() public {
        _enterActors();
        _call(
            actors[0],
            svm.createUint(96, "stake"),
            abi.encodeCall(
                ITicTacToe.createGame, (uint32(svm.createUint(32, "moveTimeout")), svm.createAddress("invited"))
            )
        );
        _assertViewsAgree();
        uint256 stake = _gameAt(1).stake;
        _call(actors[1], stake, _joinOnItsTerms(1));
        _call(actors[0], 0, abi.encodeCall(ITicTacToe.play, (1, uint8(svm.createUint(8, "cell")))));
        _assertViewsAgree();
    }
}
