// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {TestBase, Vm} from "./utils/TestBase.sol";
import {TicTacToe} from "../TicTacToe.sol";
import {ITicTacToe} from "../interfaces/ITicTacToe.sol";
import {ITicTacToeTimeBank} from "../interfaces/ITicTacToeTimeBank.sol";
import {HostilePlayer, ReenteringPlayer, RevertingPlayer, GasBurningPlayer} from "./HostilePlayers.sol";

/// @title PvpRulesHandler
/// @notice TEST ONLY. What `forge test`'s invariant fuzzer calls: every PvP action, by three plain accounts and
///         three hostile contracts (one re-enters on receiving ether, one refuses it, one burns all gas), with the
///         clock and the blocks moved between them. Each action is judged against a model of the rules written
///         here (the expected custom error, or success and its effects), and the contract's events alone feed an
///         indexer of the books. The Rust state machine (`tests/tests/it/pvp_machine.rs`) is the second,
///         independent model; this one is the one a Solidity developer runs before pushing.
/// @dev A judgement that fails is recorded (`broken`, `brokenWhat`) rather than reverted, since the fuzzer ignores
///      a handler's reverts; the invariants read it.
contract PvpRulesHandler is TestBase {
    TicTacToe public immutable ttt;
    uint256 public immutable claimBlocks;

    /// @dev Three plain accounts, then the re-entering, the refusing and the gas-burning contract.
    address[6] public actors;

    /// @dev Mirrors `ITicTacToe.Status`.
    uint8 internal constant OPEN = 0;
    uint8 internal constant ACTIVE = 1;
    uint8 internal constant X_WON = 2;
    uint8 internal constant O_WON = 3;
    uint8 internal constant DRAW = 4;
    uint8 internal constant CANCELLED = 5;
    uint8 internal constant ABORTED = 6;

    /// @dev A game as the rules see it.
    struct Game {
        address x;
        address o;
        address invited;
        uint256 stake;
        uint256 timeout;
        uint8 status;
        uint16 xBoard;
        uint16 oBoard;
        bool oToMove;
        uint256 deadline;
        uint256 turnBlock;
        /// @dev The bank chosen ({NONE} for a game without one) and what is left of each player's.
        uint256 bank;
        uint256 xBank;
        uint256 oBank;
        /// @dev When the current turn began: what a move took is counted from here.
        uint256 turnStart;
    }

    /// @dev `NO_TIME_BANK`: a game without a bank.
    uint256 internal constant NONE = type(uint32).max;
    /// @dev The seconds of every move that no bank pays for.
    uint256 internal constant FREE = 60;

    mapping(uint256 => Game) internal games;
    uint256 public nextGameId = 1;
    /// @dev What each account may withdraw, by the rules.
    mapping(address => uint256) public owed;
    /// @dev The stakes of games not yet ended, by the rules.
    uint256 public held;

    /// @dev The books as the events alone tell them.
    mapping(address => uint256) public indexedOwed;
    uint256 public indexedHeld;
    mapping(uint256 => uint256) internal indexedStake;
    mapping(uint256 => bool) internal indexedJoined;

    /// @dev The ether the handler gave the hostile contracts for the stakes the game took.
    uint256 public hostileStaked;

    bool public broken;
    string public brokenWhat;
    uint256 public actions;

    /// @dev The largest stake a game takes, 2^96 - 1 wei.
    uint256 internal constant CAP = (uint256(1) << 96) - 1;

    /// @dev Gas for each call: enough for any action, little enough that the gas-burning recipient ends soon.
    uint256 internal constant CALL_GAS = 3_000_000;

    constructor(TicTacToe ttt_, uint256 claimBlocks_) {
        ttt = ttt_;
        claimBlocks = claimBlocks_;
        actors = [
            address(0xA11CE),
            address(0xB0B),
            address(0xCA401),
            address(new ReenteringPlayer(ttt_)),
            address(new RevertingPlayer(ttt_)),
            address(new GasBurningPlayer(ttt_))
        ];
        for (uint256 i; i < 3; ++i) {
            vm.deal(actors[i], uint256(1) << 100);
        }
    }

    /// @dev The handler pays the hostile contracts' stakes from its own ether.
    receive() external payable {}

    // ------------------------------------------------------------------------------------------------ actions

    function create(uint256 who, uint256 stakeSeed, uint256 timeoutSeed, uint256 inviteSeed) external {
        address sender = actors[who % 6];
        uint256 timeout;
        uint256 stake;
        {
            // The limits' edges, the longest limit twice as often (a game there spans the most time), and any other.
            uint256[8] memory timeouts =
                [uint256(59), 60, 61, 3600, 604_800, 604_800, 604_801, 60 + timeoutSeed % 604_741];
            timeout = timeouts[(timeoutSeed >> 32) % 8];
            uint256[6] memory stakes = [uint256(0), 1, 1 ether, stakeSeed % 1 ether, CAP, CAP + 1];
            stake = stakes[(stakeSeed >> 64) % 6];
        }
        address invited = inviteSeed % 3 == 0 ? actors[(inviteSeed >> 8) % 6] : address(0);
        (bool banked, uint256 bank) = _bankFor(who, inviteSeed >> 16);

        bytes4 expected;
        if (bank > 30 days && bank != NONE) expected = ITicTacToeTimeBank.TimeBankTooLarge.selector;
        else if (timeout < 60) expected = ITicTacToe.TimeoutTooShort.selector;
        else if (timeout > 604_800) expected = ITicTacToe.TimeoutTooLong.selector;
        else if (stake > CAP) expected = ITicTacToe.StakeTooLarge.selector;
        else if (invited == sender) expected = ITicTacToe.CannotInviteSelf.selector;

        (bool ok, bytes memory data, Vm.Log[] memory logs) = _send(
            who % 6,
            stake,
            banked
                ? abi.encodeCall(ITicTacToeTimeBank.createGame, (timeout, bank, invited))
                : abi.encodeCall(ITicTacToe.createGame, (timeout, invited)),
            // forge-lint: disable-next-line(unsafe-typecast)
            abi.encodeCall(HostilePlayer.create, (uint32(timeout), invited))
        );
        if (!_judged("createGame", ok, data, expected)) return;
        uint256 id = nextGameId++;
        Game storage game = games[id];
        (game.x, game.invited, game.stake, game.timeout) = (sender, invited, stake, timeout);
        (game.bank, game.xBank, game.oBank) = (bank, bank, bank);
        held += stake;
        // forge-lint: disable-next-line(unsafe-typecast)
        if (_emitted(logs, ITicTacToeTimeBank.TimeBankChosen.selector, id, abi.encode(uint32(bank))) != (bank != NONE)) {
            _break("createGame: TimeBankChosen is emitted exactly for a game with a bank");
        }
    }

    /// @dev Whether `create` opens the game through the banked function, and the bank it asks for: the plain
    ///      accounts do half the time, with the bank's edges, none, or any other.
    function _bankFor(uint256 who, uint256 seed) internal pure returns (bool banked, uint256 bank) {
        banked = who % 6 < 3 && seed % 2 == 0;
        uint256[8] memory banks = [uint256(0), 1, FREE, 600, 30 days, 30 days + 1, NONE, (seed >> 8) % 30 days];
        bank = banked ? banks[(seed >> 64) % 8] : NONE;
    }

    /// @dev The terms a join names, and the call that names them.
    struct Terms {
        address creator;
        uint256 timeout;
        uint256 value;
        uint256 bank;
        bytes call;
    }

    /// @dev What `actors[who]` names joining `game` (id `id`): plain accounts may name other terms than the game's
    ///      (`termsSeed` picks which), the hostile contracts name the game's own but no bank (ITicTacToe's join).
    function _terms(Game storage game, uint256 id, uint256 who, uint256 termsSeed)
        internal
        view
        returns (Terms memory t)
    {
        uint256 mistake = who < 3 ? termsSeed % 5 : (termsSeed % 5 == 2 ? 2 : 4);
        t.creator = mistake == 0 ? address(0xBAD) : game.x;
        t.timeout = mistake == 1 ? game.timeout + 1 : game.timeout;
        t.value = mistake == 2 ? game.stake + 1 : game.stake;
        // The bank named: the game's, or for mistake 3 another one (a game without a bank is joined naming none,
        // through either join; ITicTacToe's names none).
        bool fourArguments = mistake == 3 ? game.bank == NONE : (game.bank != NONE || (termsSeed >> 8) % 2 == 0);
        if (who >= 3) fourArguments = false;
        t.bank = fourArguments ? (mistake == 3 ? 600 : game.bank) : NONE;
        t.call = fourArguments
            ? abi.encodeCall(ITicTacToeTimeBank.joinGame, (id, t.creator, t.timeout, t.bank))
            : abi.encodeCall(ITicTacToe.joinGame, (id, t.creator, t.timeout));
    }

    function join(uint256 who, uint256 gameSeed, uint256 termsSeed) external {
        address sender = actors[who % 6];
        uint256 id = _gameId(gameSeed);
        Game storage game = games[id];
        Terms memory terms = _terms(game, id, who % 6, termsSeed);

        bytes4 expected;
        if (id == nextGameId) expected = ITicTacToe.UnknownGame.selector;
        else if (game.status == ACTIVE) expected = ITicTacToe.AlreadyJoined.selector;
        else if (game.status != OPEN) expected = ITicTacToe.GameNotOpen.selector;
        else if (sender == game.x) expected = ITicTacToe.CreatorCannotJoin.selector;
        else if (game.invited != address(0) && game.invited != sender) expected = ITicTacToe.NotInvited.selector;
        else if (terms.creator != game.x || terms.timeout != game.timeout) expected = ITicTacToe.TermsChanged.selector;
        else if (terms.bank != game.bank) expected = ITicTacToeTimeBank.TimeBankChanged.selector;
        else if (terms.value != game.stake) expected = ITicTacToe.WrongStake.selector;

        (bool ok, bytes memory data, Vm.Log[] memory logs) =
            _send(who % 6, terms.value, terms.call, abi.encodeCall(HostilePlayer.join, (id)));
        if (!_judged("joinGame", ok, data, expected)) return;
        game.o = sender;
        game.status = ACTIVE;
        _turnBegins(game);
        held += game.stake;
        if (!_emitted(logs, ITicTacToe.GameJoined.selector, id, abi.encode(uint64(game.deadline)))) {
            _break("joinGame: GameJoined says otherwise");
        }
    }

    function play(uint256 who, uint256 gameSeed, uint256 cellSeed) external {
        uint256 id = _gameId(gameSeed);
        Game storage game = games[id];
        // Mostly the player to move, so that games go on; sometimes anyone.
        who = _mostly(who, game.oToMove ? game.o : game.x);
        address sender = actors[who];
        // Mostly a free cell of the board, sometimes any cell 0..9.
        uint256 cell = cellSeed % 4 == 0 ? (cellSeed >> 8) % 10 : _freeCell(game, cellSeed >> 8);

        bytes4 expected;
        address mover = game.oToMove ? game.o : game.x;
        address waiting = game.oToMove ? game.x : game.o;
        if (id == nextGameId) expected = ITicTacToe.UnknownGame.selector;
        else if (game.status != ACTIVE) expected = ITicTacToe.GameNotActive.selector;
        else if (sender != mover) {
            expected = sender == waiting ? ITicTacToe.NotYourTurn.selector : ITicTacToe.NotAPlayer.selector;
        } else if (_over(game)) expected = ITicTacToe.MoveTooLate.selector;
        else if (cell > 8) expected = ITicTacToe.CellOutOfRange.selector;
        else if ((game.xBoard | game.oBoard) & (uint16(1) << cell) != 0) expected = ITicTacToe.CellTaken.selector;

        (bool ok, bytes memory data, Vm.Log[] memory logs) = _send(
            who % 6,
            0,
            abi.encodeCall(ITicTacToe.play, (id, cell)),
            // forge-lint: disable-next-line(unsafe-typecast)
            abi.encodeCall(HostilePlayer.play, (id, uint8(cell)))
        );
        if (_judged("play", ok, data, expected)) _played(game, id, logs, sender, cell);
    }

    /// @dev A move the rules took: the cell is the mover's, and the game is won, drawn or handed over.
    function _played(Game storage game, uint256 id, Vm.Log[] memory logs, address sender, uint256 cell) internal {
        uint16 bit = uint16(1) << cell;
        uint16 board;
        if (game.oToMove) board = game.oBoard |= bit;
        else board = game.xBoard |= bit;
        if (_isWin(board)) _end(game, id, logs, game.oToMove ? O_WON : X_WON, ITicTacToe.EndReason.Win);
        else if (game.xBoard | game.oBoard == 0x1FF) _end(game, id, logs, DRAW, ITicTacToe.EndReason.Draw);
        else {
            _spend(game);
            game.oToMove = !game.oToMove;
            _turnBegins(game);
        }
        // `Moved` names the mover, the cell, and the next deadline (zero when the move ended the game).
        uint256 next = game.status == ACTIVE ? game.deadline : 0;
        // forge-lint: disable-next-line(unsafe-typecast)
        bytes memory moved = abi.encode(sender, uint8(cell), uint64(next));
        if (!_emitted(logs, ITicTacToe.Moved.selector, id, moved)) _break("play: Moved says otherwise");
    }

    function claimTimeout(uint256 who, uint256 gameSeed) external {
        uint256 id = _gameId(gameSeed);
        Game storage game = games[id];
        // Mostly the waiting player, who may claim; sometimes anyone.
        who = _mostly(who, game.oToMove ? game.x : game.o);
        address sender = actors[who];
        address mover = game.oToMove ? game.o : game.x;
        address waiting = game.oToMove ? game.x : game.o;
        bool firstMove = (game.oToMove ? game.oBoard : game.xBoard) == 0;

        bytes4 expected;
        if (id == nextGameId) expected = ITicTacToe.UnknownGame.selector;
        else if (game.status != ACTIVE) expected = ITicTacToe.GameNotActive.selector;
        else if (sender != waiting && sender != mover) expected = ITicTacToe.NotAPlayer.selector;
        else if (sender != waiting && !firstMove) expected = ITicTacToe.CannotClaimOwnTimeout.selector;
        else if (block.timestamp <= game.deadline) expected = ITicTacToe.DeadlineNotPassed.selector;
        else if (block.number - game.turnBlock < claimBlocks) expected = ITicTacToe.TooFewBlocks.selector;

        (bool ok, bytes memory data, Vm.Log[] memory logs) = _send(
            who % 6, 0, abi.encodeCall(ITicTacToe.claimTimeout, (id)), abi.encodeCall(HostilePlayer.claimTimeout, (id))
        );
        if (!_judged("claimTimeout", ok, data, expected)) return;
        if (firstMove) _end(game, id, logs, ABORTED, ITicTacToe.EndReason.Abort);
        else _end(game, id, logs, game.oToMove ? X_WON : O_WON, ITicTacToe.EndReason.Timeout);
    }

    function resign(uint256 who, uint256 gameSeed) external {
        address sender = actors[who % 6];
        uint256 id = _gameId(gameSeed);
        Game storage game = games[id];

        bytes4 expected;
        if (id == nextGameId) expected = ITicTacToe.UnknownGame.selector;
        else if (game.status != ACTIVE) expected = ITicTacToe.GameNotActive.selector;
        else if (sender != game.x && sender != game.o) expected = ITicTacToe.NotAPlayer.selector;

        (bool ok, bytes memory data, Vm.Log[] memory logs) =
            _send(who % 6, 0, abi.encodeCall(ITicTacToe.resign, (id)), abi.encodeCall(HostilePlayer.resign, (id)));
        if (!_judged("resign", ok, data, expected)) return;
        _end(game, id, logs, sender == game.x ? O_WON : X_WON, ITicTacToe.EndReason.Resignation);
    }

    function cancel(uint256 who, uint256 gameSeed) external {
        address sender = actors[who % 6];
        uint256 id = _gameId(gameSeed);
        Game storage game = games[id];

        bytes4 expected;
        if (id == nextGameId) expected = ITicTacToe.UnknownGame.selector;
        else if (sender != game.x) expected = ITicTacToe.NotCreator.selector;
        else if (game.status != OPEN) expected = ITicTacToe.GameNotOpen.selector;

        (bool ok, bytes memory data, Vm.Log[] memory logs) =
            _send(who % 6, 0, abi.encodeCall(ITicTacToe.cancel, (id)), abi.encodeCall(HostilePlayer.cancel, (id)));
        if (!_judged("cancel", ok, data, expected)) return;
        game.status = CANCELLED;
        held -= game.stake;
        owed[game.x] += game.stake;
        bytes memory ended = abi.encode(ITicTacToe.EndReason.Cancellation);
        if (!_emitted(logs, ITicTacToe.GameEnded.selector, id, ended)) _break("cancel: GameEnded says otherwise");
    }

    function withdraw(uint256 who) external {
        address sender = actors[who % 6];
        _withdrawTo(who % 6, sender, false);
    }

    function withdrawTo(uint256 who, uint256 toSeed) external {
        uint256 pick = toSeed % 8;
        address to = pick < 6 ? actors[pick] : (pick == 6 ? address(0) : address(ttt));
        _withdrawTo(who % 6, to, true);
    }

    /// @dev The clock to a game's deadline, its last second or the one after, and the blocks to just before,
    ///      at or after its claim blocks: where the rules' edges are.
    function toTheEdge(uint256 gameSeed, uint256 offsetSeed) external {
        Game storage g = games[_gameId(gameSeed)];
        if (g.status != ACTIVE) return;
        uint256 time = g.deadline + offsetSeed % 3;
        if (time > block.timestamp) vm.warp(time - 1 > block.timestamp ? time - 1 : time);
        uint256 height = g.turnBlock + claimBlocks + (offsetSeed >> 8) % 3;
        if (height > block.number + 1) vm.roll(height - 1);
        actions += 1;
    }

    /// @dev Time and blocks pass: around a deadline, a minute, an hour, past the longest limit.
    function passTime(uint256 secondsSeed, uint256 blocksSeed) external {
        uint256[6] memory steps = [uint256(1), 59, 60, 61, 3600, 604_801];
        vm.warp(block.timestamp + steps[secondsSeed % 6]);
        vm.roll(block.number + blocksSeed % (2 * claimBlocks + 2));
        actions += 1;
    }

    // ------------------------------------------------------------------------------------------------ the rules

    function _withdrawTo(uint256 index, address to, bool named) internal {
        address sender = actors[index];
        uint256 amount = owed[sender];
        bytes4 expected;
        if (named && to == address(0)) expected = ITicTacToe.ZeroRecipient.selector;
        else if (amount == 0) expected = ITicTacToe.NothingToWithdraw.selector;
        else if (to == actors[4] || to == actors[5] || to == address(ttt)) expected = ITicTacToe.TransferFailed.selector;

        uint256 before = to.balance;
        (bool ok, bytes memory data, Vm.Log[] memory logs) = named
            ? _send(
                index,
                0,
                abi.encodeCall(ITicTacToe.withdrawTo, (payable(to))),
                abi.encodeCall(HostilePlayer.withdrawTo, (payable(to)))
            )
            : _send(index, 0, abi.encodeCall(ITicTacToe.withdraw, ()), abi.encodeCall(HostilePlayer.withdraw, ()));
        if (!_judged(named ? "withdrawTo" : "withdraw", ok, data, expected)) return;
        owed[sender] = 0;
        // The re-entering contract, paid, withdraws again as itself: its own balance, if another account paid it.
        uint256 ownToo = to == actors[3] ? owed[to] : 0;
        owed[to] -= ownToo;
        // The recipient got the whole balance once (and its own, re-entering), nothing more.
        if (to.balance != before + amount + ownToo) _break("withdraw: the recipient was paid another amount");
    }

    /// @dev Whether the game is past both its deadline and its claim blocks: no move is taken any more.
    function _over(Game storage game) internal view returns (bool) {
        return block.timestamp > game.deadline && block.number - game.turnBlock >= claimBlocks;
    }

    /// @dev The rule of the bank: a move's first {FREE} seconds are free, the rest is spent from its player's
    ///      bank, down to zero at most.
    function _spend(Game storage game) internal {
        if (game.bank == NONE) return;
        uint256 took = block.timestamp - game.turnStart;
        if (took <= FREE) return;
        uint256 left = game.oToMove ? game.oBank : game.xBank;
        left = took - FREE >= left ? 0 : left - (took - FREE);
        if (game.oToMove) game.oBank = left;
        else game.xBank = left;
    }

    /// @dev The turn of the player to move begins now: it lasts the time limit, or with a bank no longer than the
    ///      free seconds and what is left of the mover's bank.
    function _turnBegins(Game storage game) internal {
        uint256 turn = game.timeout;
        if (game.bank != NONE) {
            uint256 most = FREE + (game.oToMove ? game.oBank : game.xBank);
            if (most < turn) turn = most;
        }
        game.deadline = block.timestamp + turn;
        game.turnBlock = block.number;
        game.turnStart = block.timestamp;
    }

    /// @dev Ends `game` with `status` and credits by the rules: both stakes to a winner, else each its own; its
    ///      `GameEnded` among `logs` must give `reason` and the winner (zero for nobody).
    function _end(Game storage game, uint256 id, Vm.Log[] memory logs, uint8 status, ITicTacToe.EndReason reason)
        internal
    {
        game.status = status;
        held -= 2 * game.stake;
        address winner;
        if (status == X_WON) winner = game.x;
        else if (status == O_WON) winner = game.o;
        if (winner != address(0)) owed[winner] += 2 * game.stake;
        else {
            owed[game.x] += game.stake;
            owed[game.o] += game.stake;
        }
        bool found;
        for (uint256 i; i < logs.length; ++i) {
            Vm.Log memory log = logs[i];
            if (log.emitter != address(ttt) || log.topics[0] != ITicTacToe.GameEnded.selector) continue;
            if (uint256(log.topics[1]) != id) continue;
            found = keccak256(log.data) == keccak256(abi.encode(reason))
                && address(uint160(uint256(log.topics[2]))) == winner;
        }
        if (!found) _break("GameEnded gives another reason or winner");
    }

    /// @dev Whether `logs` hold the game's event `topic` for game `id` with exactly `payload` as its data.
    function _emitted(Vm.Log[] memory logs, bytes32 topic, uint256 id, bytes memory payload)
        internal
        view
        returns (bool)
    {
        for (uint256 i; i < logs.length; ++i) {
            Vm.Log memory log = logs[i];
            if (log.emitter != address(ttt) || log.topics[0] != topic || uint256(log.topics[1]) != id) continue;
            if (keccak256(log.data) == keccak256(payload)) return true;
        }
        return false;
    }

    /// @dev A game as the rules have it, in `getGame`'s terms.
    struct GameView {
        address x;
        address o;
        uint256 stake;
        uint256 timeout;
        uint8 status;
        uint16 xBoard;
        uint16 oBoard;
        uint256 deadline;
    }

    /// @dev The game as the rules have it, for the invariants to compare with `getGame`: O is the joiner, or the
    ///      invited account before a join; the deadline is zero unless the game is being played.
    function game(uint256 id) external view returns (GameView memory) {
        Game storage g = games[id];
        address o = g.o != address(0) ? g.o : g.invited;
        uint256 deadline = g.status == ACTIVE ? g.deadline : 0;
        return GameView(g.x, o, g.stake, g.timeout, g.status, g.xBoard, g.oBoard, deadline);
    }

    /// @dev The game's banks as the rules have them, in `timeBanks`'s terms.
    function banks(uint256 id) external view returns (uint256 bank, uint256 xBank, uint256 oBank) {
        Game storage g = games[id];
        return (g.bank, g.xBank, g.oBank);
    }

    function _isWin(uint16 board) internal pure returns (bool) {
        uint16[8] memory lines = [uint16(0x7), 0x38, 0x1C0, 0x49, 0x92, 0x124, 0x111, 0x54];
        for (uint256 i; i < 8; ++i) {
            if (board & lines[i] == lines[i]) return true;
        }
        return false;
    }

    function _freeCell(Game storage game, uint256 seed) internal view returns (uint256) {
        for (uint256 k; k < 9; ++k) {
            uint256 cell = (seed + k) % 9;
            if ((game.xBoard | game.oBoard) & (uint16(1) << cell) == 0) return cell;
        }
        return seed % 9;
    }

    /// @dev An actor's index: two times in three `likely` (when it is one of the actors), else any.
    function _mostly(uint256 seed, address likely) internal view returns (uint256) {
        if ((seed >> 128) % 3 != 0) {
            for (uint256 i; i < 6; ++i) {
                if (actors[i] == likely) return i;
            }
        }
        return seed % 6;
    }

    /// @dev A game id: one of the games so far, or the next, which does not exist yet.
    function _gameId(uint256 seed) internal view returns (uint256) {
        return 1 + seed % nextGameId;
    }

    // ------------------------------------------------------------------------------------------------ calls

    /// @dev Sends the action as actor `index`: a plain account calls the game itself, a hostile contract is asked
    ///      to (it forwards the call and the value, and the game's revert data comes back unchanged). The events
    ///      of a call that succeeds feed the indexer.
    function _send(uint256 index, uint256 value, bytes memory gameCall, bytes memory hostileCall)
        internal
        returns (bool ok, bytes memory data, Vm.Log[] memory logs)
    {
        actions += 1;
        vm.recordLogs();
        if (index < 3) {
            vm.prank(actors[index]);
            (ok, data) = address(ttt).call{value: value, gas: CALL_GAS}(gameCall);
        } else {
            vm.deal(address(this), address(this).balance + value);
            (ok, data) = actors[index].call{value: value, gas: CALL_GAS}(hostileCall);
        }
        logs = vm.getRecordedLogs();
        if (ok) {
            _index(logs);
            if (index >= 3) hostileStaked += value;
        }
    }

    /// @dev Whether the call went as the rules say: success when `expected` is zero, else a revert with that
    ///      error. Records the first disagreement.
    function _judged(string memory what, bool ok, bytes memory data, bytes4 expected) internal returns (bool) {
        if (expected == bytes4(0)) {
            if (!ok) _break(string.concat(what, ": refused where the rules allow it"));
            return ok;
        }
        if (ok) _break(string.concat(what, ": allowed where the rules refuse it"));
        else if (data.length < 4 || bytes4(data) != expected) _break(string.concat(what, ": another error"));
        return false;
    }

    function _break(string memory what) internal {
        if (broken) return;
        broken = true;
        brokenWhat = what;
    }

    /// @dev The books from the events alone: stakes taken in and held, credits, withdrawals.
    function _index(Vm.Log[] memory logs) internal {
        for (uint256 i; i < logs.length; ++i) {
            Vm.Log memory log = logs[i];
            if (log.emitter != address(ttt)) continue;
            bytes32 topic = log.topics[0];
            if (topic == ITicTacToe.GameCreated.selector) {
                (uint256 stake,) = abi.decode(log.data, (uint256, uint32));
                indexedStake[uint256(log.topics[1])] = stake;
                indexedHeld += stake;
            } else if (topic == ITicTacToe.GameJoined.selector) {
                uint256 id = uint256(log.topics[1]);
                indexedJoined[id] = true;
                indexedHeld += indexedStake[id];
            } else if (topic == ITicTacToe.GameEnded.selector) {
                uint256 id = uint256(log.topics[1]);
                indexedHeld -= indexedStake[id] * (indexedJoined[id] ? 2 : 1);
            } else if (topic == ITicTacToe.BalanceCredited.selector) {
                indexedOwed[address(uint160(uint256(log.topics[1])))] += abi.decode(log.data, (uint256));
            } else if (topic == ITicTacToe.Withdrawn.selector) {
                indexedOwed[address(uint160(uint256(log.topics[1])))] -= abi.decode(log.data, (uint256));
            }
        }
    }

    function actorCount() external pure returns (uint256) {
        return 6;
    }
}

/// @notice The PvP rules under forge's invariant fuzzer, at a realistic block number and time: every action judged
///         against the handler's rules model, the books held three ways (the contract, the model, the events
///         alone), and ether conserved. `forge test --match-contract PvpInvariantsTest` (runs and depth in
///         foundry.toml's `[invariant]`).
contract PvpInvariantsTest is TestBase {
    TicTacToe internal ttt;
    PvpRulesHandler internal handler;
    uint256 internal total;

    uint256 internal constant CLAIM_BLOCKS = 3;

    function setUp() public {
        vm.roll(20_000_000);
        vm.warp(1_750_000_000);
        ttt = new TicTacToe(CLAIM_BLOCKS);
        handler = new PvpRulesHandler(ttt, CLAIM_BLOCKS);
        total = _etherInPlay();
    }

    /// @dev Read by forge's invariant runner: only the handler is called.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function _etherInPlay() internal view returns (uint256 sum) {
        sum = address(ttt).balance;
        for (uint256 i; i < handler.actorCount(); ++i) {
            sum += handler.actors(i).balance;
        }
    }

    /// @dev Every action so far went as the rules say.
    function invariant_everyActionFollowsTheRules() public view {
        assertTrue(!handler.broken(), handler.brokenWhat());
    }

    /// @dev The contract's books, the model's and the events' agree, and the ether held is exactly what is owed
    ///      plus the stakes of games not yet ended.
    function invariant_theBooksAgreeThreeWays() public view {
        uint256 owedAll;
        for (uint256 i; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            uint256 pending = ttt.pendingBalance(actor);
            assertEq(pending, handler.owed(actor), "the contract's balance against the model's");
            assertEq(pending, handler.indexedOwed(actor), "the contract's balance against the events'");
            owedAll += pending;
        }
        assertEq(handler.held(), handler.indexedHeld(), "stakes held: the model against the events");
        assertEq(address(ttt).balance, owedAll + handler.held(), "the contract holds what it owes and holds");
    }

    /// @dev Every game reads as the rules have it: its players, stake, time limit, boards, status and, while it
    ///      is played, its deadline.
    function invariant_everyGameIsAsTheRulesSay() public view {
        for (uint256 id = 1; id < handler.nextGameId(); ++id) {
            PvpRulesHandler.GameView memory expected = handler.game(id);
            (address creator, address opponent, uint256 stake, uint32 moveTimeout,,,,) = ttt.getGame(id);
            assertEq(creator, expected.x, "creator");
            assertEq(opponent, expected.o, "opponent");
            assertEq(stake, expected.stake, "stake");
            assertEq(moveTimeout, expected.timeout, "time limit");
            (,,,, uint64 deadline, uint16 xBoard, uint16 oBoard, ITicTacToe.Status status) = ttt.getGame(id);
            assertEq(uint8(status), expected.status, "status");
            assertEq(xBoard, expected.xBoard, "X's cells");
            assertEq(oBoard, expected.oBoard, "O's cells");
            assertEq(deadline, expected.deadline, "deadline");
        }
    }

    /// @dev Every game's bank and what is left of each player's read as the rules have them.
    function invariant_everyBankIsAsTheRulesSay() public view {
        for (uint256 id = 1; id < handler.nextGameId(); ++id) {
            (uint256 bank, uint256 xBank, uint256 oBank) = handler.banks(id);
            (uint32 timeBank, uint32 xLeft, uint32 oLeft) = ttt.timeBanks(id);
            assertEq(timeBank, bank, "the bank chosen");
            assertEq(xLeft, xBank, "X's bank left");
            assertEq(oLeft, oBank, "O's bank left");
        }
    }

    /// @dev Ether only moves between the players and the contract: none is made or lost (the handler's own, which
    ///      pays the hostile contracts' stakes, is topped up and left out).
    function invariant_etherIsConserved() public view {
        assertEq(_etherInPlay(), total + _handlerPaidIn(), "ether in play");
    }

    function _handlerPaidIn() internal view returns (uint256) {
        return handler.hostileStaked();
    }
}
