// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Board} from "./Board.sol";
import {ITicTacToe} from "./interfaces/ITicTacToe.sol";
import {ITicTacToeTimeBank} from "./interfaces/ITicTacToeTimeBank.sol";

/// @title TicTacToe
/// @notice Tic-tac-toe between two accounts, with an optional stake that the winner takes.
/// @dev The rules, including the two asymmetries a joiner should know before staking, are on {ITicTacToe}:
///      - the creator always plays X and moves first;
///      - the creator chooses the time limit per move (one minute to seven days), so a joiner should read it
///        first.
///      A game may also bound its whole length by a time bank per player ({ITicTacToeTimeBank}).
///
///      Money: a game holds both stakes until it ends; ending it only credits balances ({_credit}), and accounts
///      withdraw their own ({withdraw}, {withdrawTo}). No game function ever sends ether, so no recipient can block
///      a game, and every wei credited was received for that game exactly once: a win (by a line, a timeout or a
///      resignation) credits 2 x stake to the winner; a draw or an abort the stake to each player; a cancellation
///      the stake to the creator; and each game ends at most once.
///      Plain transfers are rejected ({EtherNotAccepted}, and {UnknownFunction} for calls to no function of it).
///      Ether forced in anyway (selfdestruct, block rewards) is not counted anywhere: it stays in the contract and
///      cannot disturb the accounting.
contract TicTacToe is ITicTacToe, ITicTacToeTimeBank {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev A game is two storage slots, three with a time bank. `state` holds everything a move reads or writes
    ///      except the joiner's address and the banks, so a move by X touches one slot and a move by O reads one
    ///      more; a move of a banked game reads the banks only when it is slow or hands over to a player whose bank
    ///      is short:
    ///
    ///      `state`:
    ///         bit 255    254..236    235..204   203      202      201..182      181..179  178        177..169
    ///            [banked] [turnBlock] [deadline] [xAmple] [oAmple] [moveTimeout] [status]  [oToMove]  [O board]
    ///         168..160  159..0
    ///         [X board] [creator]
    ///
    ///      - `creator`: X, who moves first;
    ///      - boards: 9-bit masks, cell `i` at bit `i` of the field;
    ///      - `oToMove`: 1 when O is to move;
    ///      - `status`: the {Status} value (3 bits, 0..6);
    ///      - `moveTimeout`: seconds per move (20 bits: the 7-day cap, 604,800, is below 2^20);
    ///      - `xAmple`, `oAmple`: 1 while that player's bank is at least `moveTimeout - FREE_MOVE_TIME`, so that
    ///        their turn lasts the whole `moveTimeout` and the banks need not be read to know it (a bank only
    ///        shrinks, so a flag is cleared once and never set again after the creation);
    ///      - `deadline`: unix time of the last second in which the player to move may move for certain (32 bits:
    ///        unix times up to the year 2106); 0 while nobody is to move (before the join, after the end);
    ///      - `turnBlock`: the number of the block in which the turn began (the join or the last move), modulo
    ///        2^19; 0 while nobody is to move. A claim needs {claimBlocks} blocks since then as well as the
    ///        deadline (see {_blocksPassed});
    ///      - `banked`: 1 when the game has a time bank (the `banks` slot is then written).
    ///      `moveTimeout` is at least 60, so a game's `state` is never zero and zero means "no such game".
    ///
    ///      `seats`:
    ///         bit 255..160   159..0
    ///            [stake]      [opponent]
    ///
    ///      - `stake`: wei each player puts in (96 bits: more than all ether there is; larger stakes are refused);
    ///      - `opponent`: O. Set at creation for a private game (the only account that may join), else zero until
    ///        someone joins. A join writes the joiner here, which for a private game is the same address.
    ///
    ///      `banks` (banked games only):
    ///         bit 95..64   63..32   31..0
    ///            [timeBank] [oBank]  [xBank]
    ///
    ///      - `timeBank`: the bank each player started with, in seconds (at most {MAX_TIME_BANK});
    ///      - `xBank`, `oBank`: what is left of each, as it stood when the current turn began.
    struct Game {
        uint256 state;
        uint256 seats;
        uint256 banks;
    }

    /// @dev The games by id.
    mapping(uint256 gameId => Game) private _games;

    /// @dev What each account can withdraw, in wei.
    mapping(address account => uint256 amount) private _balances;

    /// @dev The id the next game gets. Starts at 1 (set in the constructor), so that id 0 is never a game and
    ///      {createGame} always rewrites a nonzero slot, which is cheaper than filling a zero one.
    uint256 private _nextGameId;

    /// @dev How many blocks must follow the block of a turn's start before that turn's timeout can be claimed
    ///      (see {claimBlocks}). Set once, by the constructor. A storage slot rather than an immutable so that the
    ///      runtime code, which the toolkit proves and compares with forge's, is the same for every value; only
    ///      the rare late paths read it.
    uint256 private _claimBlocks;

    /// @inheritdoc ITicTacToe
    uint32 public constant MIN_MOVE_TIMEOUT = 60;

    /// @inheritdoc ITicTacToe
    uint32 public constant MAX_MOVE_TIMEOUT = 7 days;

    /// @inheritdoc ITicTacToeTimeBank
    uint32 public constant FREE_MOVE_TIME = 60;

    /// @inheritdoc ITicTacToeTimeBank
    uint32 public constant MAX_TIME_BANK = 30 days;

    /// @inheritdoc ITicTacToeTimeBank
    uint32 public constant NO_TIME_BANK = type(uint32).max;

    /// @dev Offset of X's 9-bit board in `state`.
    uint256 private constant _X_BOARD_SHIFT = 160;

    /// @dev Offset of O's 9-bit board: right after X's (160 + 9).
    uint256 private constant _O_BOARD_SHIFT = 169;

    /// @dev The `oToMove` bit: right after O's board (169 + 9).
    uint256 private constant _O_TO_MOVE = 1 << 178;

    /// @dev Offset of the 3-bit status: right after `oToMove`.
    uint256 private constant _STATUS_SHIFT = 179;

    /// @dev The status field in place: `7 << _STATUS_SHIFT`.
    uint256 private constant _STATUS_FIELD = uint256(7) << _STATUS_SHIFT;

    /// @dev The status field of an active game, in place: `uint256(Status.Active) << _STATUS_SHIFT`.
    uint256 private constant _ACTIVE = uint256(uint8(Status.Active)) << _STATUS_SHIFT;

    /// @dev What ending a game clears in `state`: the status (replaced by the final one) and the turn's clock,
    ///      deadline and block (nobody is to move any more).
    uint256 private constant _ENDED_CLEAR = _STATUS_FIELD | _CLOCK_FIELD;

    /// @dev Offset of the 20-bit move timeout: right after the status (179 + 3).
    uint256 private constant _TIMEOUT_SHIFT = 182;

    /// @dev The largest move timeout the 20-bit field holds, `2^20 - 1` (above the 7-day cap, 604,800).
    uint256 private constant _TIMEOUT_MAX = (1 << 20) - 1;

    /// @dev O's `ample` flag: right after the timeout (182 + 20).
    uint256 private constant _O_AMPLE = 1 << 202;

    /// @dev X's `ample` flag.
    uint256 private constant _X_AMPLE = 1 << 203;

    /// @dev Offset of the 32-bit deadline: right after the flags (202 + 2).
    uint256 private constant _DEADLINE_SHIFT = 204;

    /// @dev The largest deadline the 32-bit field holds, `2^32 - 1` (in the year 2106).
    uint256 private constant _DEADLINE_MAX = (1 << 32) - 1;

    /// @dev The deadline field in place: `_DEADLINE_MAX << _DEADLINE_SHIFT`.
    uint256 private constant _DEADLINE_FIELD = _DEADLINE_MAX << _DEADLINE_SHIFT;

    /// @dev Offset of the 19-bit turn block: right after the deadline (204 + 32), up to the `banked` bit.
    uint256 private constant _TURN_BLOCK_SHIFT = 236;

    /// @dev Block numbers are kept modulo `2^19` (524,288 blocks: 73 days of 12-second slots); also the largest
    ///      {claimBlocks}, so that every count of blocks can be met.
    uint256 private constant _BLOCK_MASK = (1 << 19) - 1;

    /// @dev The turn's clock in place, what each new turn rewrites: the deadline and the turn block.
    uint256 private constant _CLOCK_FIELD = _DEADLINE_FIELD | (_BLOCK_MASK << _TURN_BLOCK_SHIFT);

    /// @dev The top bit, set in the `state` of a game with a time bank.
    uint256 private constant _BANKED = 1 << 255;

    /// @dev A bank's field in `banks`: 32 bits, which hold {MAX_TIME_BANK}.
    uint256 private constant _BANK_MASK = (1 << 32) - 1;

    /// @dev Offsets of O's bank and of the chosen bank in `banks` (X's is at 0).
    uint256 private constant _O_BANK_SHIFT = 32;
    uint256 private constant _TIME_BANK_SHIFT = 64;

    /// @dev Offset of the 96-bit stake in `seats`: right after the joiner's address.
    uint256 private constant _STAKE_SHIFT = 160;

    /// @dev The largest stake the 96-bit field holds, `2^96 - 1` wei (about 7.9e10 ether).
    uint256 private constant _STAKE_MAX = (1 << 96) - 1;

    /// @dev All nine cells, `(1 << 9) - 1` (`Board.FULL` as a `uint256`, written out so that no `uint16` cleanup is
    ///      compiled in).
    uint256 private constant _FULL = 0x1FF;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        CONSTRUCTOR                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Game ids start at 1 (see {_nextGameId}); a timeout claim needs `claimBlocks_` blocks since the turn
    ///      began ({claimBlocks}), at most `2^19 - 1` ({ClaimBlocksTooLarge}) because block numbers are kept modulo
    ///      `2^19` and a larger count could never be met.
    constructor(uint256 claimBlocks_) {
        if (claimBlocks_ > _BLOCK_MASK) revert ClaimBlocksTooLarge(claimBlocks_, _BLOCK_MASK);
        _nextGameId = 1;
        _claimBlocks = claimBlocks_;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                     EXTERNAL FUNCTIONS                     */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Refuses ether sent with no call, in words: stakes come only with {createGame} and {joinGame}.
    /// @dev Payable only so that the refusal is this error, not Solidity's empty revert for value sent to a
    ///      non-payable function; it always reverts, so no ether is ever taken here.
    receive() external payable {
        revert EtherNotAccepted(msg.value);
    }

    /// @notice Refuses a call to no function of this contract, naming the selector it asked for.
    /// @dev Payable for the same reason as {receive}: with ether too, the refusal is still this error.
    fallback() external payable {
        revert UnknownFunction(msg.sig);
    }

    /// @inheritdoc ITicTacToe
    function createGame(uint256 moveTimeout, address opponent) external payable returns (uint256 gameId) {
        gameId = _create(moveTimeout, opponent, 0);
    }

    /// @inheritdoc ITicTacToeTimeBank
    function createGame(uint256 moveTimeout, uint256 timeBank, address opponent)
        external
        payable
        returns (uint256 gameId)
    {
        if (timeBank == NO_TIME_BANK) return _create(moveTimeout, opponent, 0);
        if (timeBank > MAX_TIME_BANK) revert TimeBankTooLarge(timeBank, MAX_TIME_BANK);
        // Both banks start full: either both players' turns last the whole `moveTimeout`, or neither's does.
        uint256 flags = _BANKED;
        if (timeBank + FREE_MOVE_TIME >= moveTimeout) flags |= _X_AMPLE | _O_AMPLE;
        gameId = _create(moveTimeout, opponent, flags);
        _games[gameId].banks = (timeBank << _TIME_BANK_SHIFT) | (timeBank << _O_BANK_SHIFT) | timeBank;
        // casting to 'uint32' is safe because the bank was checked to be at most MAX_TIME_BANK
        // forge-lint: disable-next-line(unsafe-typecast)
        emit TimeBankChosen(gameId, uint32(timeBank));
    }

    /// @inheritdoc ITicTacToe
    function joinGame(uint256 gameId, address creator, uint256 moveTimeout) external payable {
        _join(gameId, creator, moveTimeout, NO_TIME_BANK);
    }

    /// @inheritdoc ITicTacToeTimeBank
    function joinGame(uint256 gameId, address creator, uint256 moveTimeout, uint256 timeBank) external payable {
        _join(gameId, creator, moveTimeout, timeBank);
    }

    /// @inheritdoc ITicTacToe
    function play(uint256 gameId, uint256 cell) external {
        Game storage game = _games[gameId];
        uint256 state = game.state;
        // One test on the hot path: an unknown game's zero word does not read as Active either.
        if (state & _STATUS_FIELD != _ACTIVE) _revertNotActive(gameId, state);

        // X's address is in `state`; O's costs one more read, made only on O's turn.
        bool oToMove = state & _O_TO_MOVE != 0;
        if (msg.sender != _addressIn(oToMove ? game.seats : state)) _revertNotMover(game, gameId, state);
        // A validator's few seconds of leeway over `block.timestamp` are negligible against a limit of a minute
        // or more. Past the deadline a move is still taken until a claim could be, so that there is never a block
        // in which both or neither are possible, and a censor must hold the move out of {claimBlocks} blocks.
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp > (state >> _DEADLINE_SHIFT) & _DEADLINE_MAX && _blocksPassed(state) >= _claimBlocks) {
            revert MoveTooLate(gameId, _deadline(state));
        }

        // A full word, checked here, so that a cell past 255 meets the same custom error as 9 does and not the
        // ABI decoder's empty revert.
        if (cell > 8) revert CellOutOfRange(cell);
        // casting to 'uint8' is safe because the cell was just checked to be at most 8
        // forge-lint: disable-next-line(unsafe-typecast)
        uint8 taken = uint8(cell);
        uint16 cellBit = uint16(1) << taken;
        uint16 xBoard = _board(state, _X_BOARD_SHIFT);
        uint16 oBoard = _board(state, _O_BOARD_SHIFT);
        if ((xBoard | oBoard) & cellBit != 0) revert CellTaken(gameId, taken);

        uint16 moverBoard;
        if (oToMove) {
            oBoard |= cellBit;
            moverBoard = oBoard;
            state |= uint256(cellBit) << _O_BOARD_SHIFT;
        } else {
            xBoard |= cellBit;
            moverBoard = xBoard;
            state |= uint256(cellBit) << _X_BOARD_SHIFT;
        }

        if (Board.isWin(moverBoard)) {
            emit Moved(gameId, msg.sender, taken, 0);
            _finish(gameId, game, state, oToMove ? Status.OWon : Status.XWon, EndReason.Win);
        } else if (xBoard | oBoard == Board.FULL) {
            emit Moved(gameId, msg.sender, taken, 0);
            _finish(gameId, game, state, Status.Draw, EndReason.Draw);
        } else {
            // Hand the turn over and restart the clock for the other player.
            uint256 turn = (state >> _TIMEOUT_SHIFT) & _TIMEOUT_MAX;
            if (state & _BANKED != 0) (state, turn) = _spendBank(game, state, oToMove, turn);
            uint256 deadline = _deadlineAfter(turn);
            game.state = ((state ^ _O_TO_MOVE) & ~_CLOCK_FIELD) | _clock(deadline);
            emit Moved(gameId, msg.sender, taken, _asTime(deadline));
        }
    }

    /// @inheritdoc ITicTacToe
    function claimTimeout(uint256 gameId) external {
        Game storage game = _games[gameId];
        uint256 state = _existing(game, gameId);
        Status status = _status(state);
        if (status != Status.Active) revert GameNotActive(gameId, status);

        uint256 seats = game.seats;
        bool oToMove = state & _O_TO_MOVE != 0;
        // The late player has not moved yet exactly when their board is still empty.
        bool firstMove = _board(state, oToMove ? _O_BOARD_SHIFT : _X_BOARD_SHIFT) == 0;
        if (msg.sender != _addressIn(oToMove ? state : seats)) {
            // The player to move may end the game only by an abort, which takes nothing from the opponent and
            // frees its own stake.
            if (msg.sender != _addressIn(oToMove ? seats : state)) revert NotAPlayer(gameId, msg.sender);
            if (!firstMove) revert CannotClaimOwnTimeout(gameId, msg.sender);
        }
        uint64 deadline = _deadline(state);
        // See {play}: a few seconds of validator leeway do not matter against a limit of a minute or more.
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp <= deadline) revert DeadlineNotPassed(gameId, deadline);
        uint256 passed = _blocksPassed(state);
        uint256 needed = _claimBlocks;
        if (passed < needed) revert TooFewBlocks(gameId, passed, needed);

        if (firstMove) _finish(gameId, game, state, Status.Aborted, EndReason.Abort);
        else _finish(gameId, game, state, oToMove ? Status.XWon : Status.OWon, EndReason.Timeout);
    }

    /// @inheritdoc ITicTacToe
    function resign(uint256 gameId) external {
        Game storage game = _games[gameId];
        uint256 state = _existing(game, gameId);
        Status status = _status(state);
        if (status != Status.Active) revert GameNotActive(gameId, status);

        Status winner = Status.XWon;
        if (msg.sender == _addressIn(state)) winner = Status.OWon;
        else if (msg.sender != _addressIn(game.seats)) revert NotAPlayer(gameId, msg.sender);

        _finish(gameId, game, state, winner, EndReason.Resignation);
    }

    /// @inheritdoc ITicTacToe
    function cancel(uint256 gameId) external {
        Game storage game = _games[gameId];
        uint256 state = _existing(game, gameId);
        if (msg.sender != _addressIn(state)) revert NotCreator(gameId, msg.sender);
        Status status = _status(state);
        if (status != Status.Open) revert GameNotOpen(gameId, status);

        // The status field holds Open (0), so OR-ing sets it.
        game.state = state | (uint256(Status.Cancelled) << _STATUS_SHIFT);
        emit GameEnded(gameId, EndReason.Cancellation, address(0));
        _credit(msg.sender, game.seats >> _STAKE_SHIFT);
    }

    /// @inheritdoc ITicTacToe
    function withdraw() external {
        _withdraw(payable(msg.sender));
    }

    /// @inheritdoc ITicTacToe
    function withdrawTo(address payable to) external {
        if (to == address(0)) revert ZeroRecipient();
        _withdraw(to);
    }

    /// @inheritdoc ITicTacToe
    function pendingBalance(address account) external view returns (uint256) {
        return _balances[account];
    }

    /// @inheritdoc ITicTacToe
    function getGame(uint256 gameId)
        external
        view
        returns (
            address creator,
            address opponent,
            uint256 stake,
            uint32 moveTimeout,
            uint64 deadline,
            uint16 xBoard,
            uint16 oBoard,
            Status status
        )
    {
        Game storage game = _games[gameId];
        uint256 state = _existing(game, gameId);
        uint256 seats = game.seats;
        creator = _addressIn(state);
        opponent = _addressIn(seats);
        stake = seats >> _STAKE_SHIFT;
        moveTimeout = _moveTimeout(state);
        deadline = _deadline(state);
        xBoard = _board(state, _X_BOARD_SHIFT);
        oBoard = _board(state, _O_BOARD_SHIFT);
        status = _status(state);
    }

    /// @inheritdoc ITicTacToeTimeBank
    function timeBanks(uint256 gameId) external view returns (uint32 timeBank, uint32 xBank, uint32 oBank) {
        Game storage game = _games[gameId];
        uint256 state = _existing(game, gameId);
        if (state & _BANKED == 0) return (NO_TIME_BANK, NO_TIME_BANK, NO_TIME_BANK);
        uint256 banks = game.banks;
        // casting to 'uint32' is safe because each bank is a 32-bit field
        // forge-lint: disable-next-line(unsafe-typecast)
        timeBank = uint32(banks >> _TIME_BANK_SHIFT);
        // forge-lint: disable-next-line(unsafe-typecast)
        xBank = uint32(banks);
        // forge-lint: disable-next-line(unsafe-typecast)
        oBank = uint32(banks >> _O_BANK_SHIFT);
    }

    /// @inheritdoc ITicTacToe
    function nextGameId() external view returns (uint256) {
        return _nextGameId;
    }

    /// @inheritdoc ITicTacToe
    function claimBlocks() external view returns (uint256) {
        return _claimBlocks;
    }

    /// @inheritdoc ITicTacToe
    function claimBlocksLeft(uint256 gameId) external view returns (uint256) {
        uint256 state = _existing(_games[gameId], gameId);
        Status status = _status(state);
        if (status != Status.Active) revert GameNotActive(gameId, status);
        uint256 passed = _blocksPassed(state);
        uint256 needed = _claimBlocks;
        // No underflow: checked just before.
        unchecked {
            return passed < needed ? needed - passed : 0;
        }
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                     INTERNAL FUNCTIONS                     */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Opens a game (see {createGame}) whose `state` also holds `flags`: zero, or the time bank's
    ///      `banked` and `ample` bits (the caller writes the banks).
    function _create(uint256 moveTimeout, address opponent, uint256 flags) private returns (uint256 gameId) {
        if (moveTimeout < MIN_MOVE_TIMEOUT) revert TimeoutTooShort(moveTimeout, MIN_MOVE_TIMEOUT);
        if (moveTimeout > MAX_MOVE_TIMEOUT) revert TimeoutTooLong(moveTimeout, MAX_MOVE_TIMEOUT);
        if (msg.value > _STAKE_MAX) revert StakeTooLarge(msg.value, _STAKE_MAX);
        if (opponent == msg.sender) revert CannotInviteSelf(msg.sender);

        gameId = _nextGameId;
        // Cannot overflow: one id per transaction, and 2^256 transactions will never happen.
        unchecked {
            _nextGameId = gameId + 1;
        }

        Game storage game = _games[gameId];
        // Status Open is 0, and the boards, turn and deadline start at 0.
        game.state = flags | (moveTimeout << _TIMEOUT_SHIFT) | uint256(uint160(msg.sender));
        // O's seat holds the invited opponent, or zero for anyone; an open seat with no stake stays an untouched
        // zero slot.
        uint256 seats = (msg.value << _STAKE_SHIFT) | uint256(uint160(opponent));
        if (seats != 0) game.seats = seats;
        // casting to 'uint32' is safe because the timeout was checked to be at most MAX_MOVE_TIMEOUT
        // forge-lint: disable-next-line(unsafe-typecast)
        emit GameCreated(gameId, msg.sender, opponent, msg.value, uint32(moveTimeout));
    }

    /// @dev Joins game `gameId` (see {joinGame}) on the terms the joiner names; `timeBank` is {NO_TIME_BANK}
    ///      for a join that names none.
    function _join(uint256 gameId, address creator, uint256 moveTimeout, uint256 timeBank) private {
        Game storage game = _games[gameId];
        uint256 state = _existing(game, gameId);
        uint256 seats = game.seats;
        Status status = _status(state);
        if (status != Status.Open) {
            // Being played has a joiner to name; every other status is final.
            if (status == Status.Active) revert AlreadyJoined(gameId, _addressIn(seats));
            revert GameNotOpen(gameId, status);
        }
        if (msg.sender == _addressIn(state)) revert CreatorCannotJoin(gameId);
        address invited = _addressIn(seats);
        if (invited != address(0) && invited != msg.sender) revert NotInvited(gameId, msg.sender, invited);
        uint256 turn = (state >> _TIMEOUT_SHIFT) & _TIMEOUT_MAX;
        if (creator != _addressIn(state) || moveTimeout != turn) {
            revert TermsChanged(gameId, _addressIn(state), _moveTimeout(state));
        }
        if (state & _BANKED == 0) {
            if (timeBank != NO_TIME_BANK) revert TimeBankChanged(gameId, NO_TIME_BANK);
        } else {
            uint256 chosen = game.banks >> _TIME_BANK_SHIFT;
            // casting to 'uint32' is safe because the chosen bank is at most MAX_TIME_BANK
            // forge-lint: disable-next-line(unsafe-typecast)
            if (timeBank != chosen) revert TimeBankChanged(gameId, uint32(chosen));
            // X's bank is still the chosen one.
            if (state & _X_AMPLE == 0) turn = FREE_MOVE_TIME + chosen;
        }
        uint256 stake = seats >> _STAKE_SHIFT;
        if (msg.value != stake) revert WrongStake(gameId, stake, msg.value);

        // The seat is empty or already holds the caller (a private game), so OR-ing seats the caller.
        game.seats = seats | uint256(uint160(msg.sender));
        uint256 deadline = _deadlineAfter(turn);
        // The status field holds Open (0) and the clock fields 0, so OR-ing sets them.
        game.state = state | (uint256(Status.Active) << _STATUS_SHIFT) | _clock(deadline);
        emit GameJoined(gameId, msg.sender, _asTime(deadline));
    }

    /// @dev Charges the mover of banked game `game` what their move took past its free seconds ({_charge}), and
    ///      returns `state` as {_charge} leaves it and how long the next player's turn lasts. Reads the banks only
    ///      when the move was slow or the next player's bank is short.
    function _spendBank(Game storage game, uint256 state, bool oToMove, uint256 timeout)
        private
        returns (uint256, uint256 nextTurn)
    {
        uint256 moverAmple = oToMove ? _O_AMPLE : _X_AMPLE;
        uint256 nextAmple = oToMove ? _X_AMPLE : _O_AMPLE;
        // No overflow: times are below 2^64, timeouts and banks below 2^32.
        unchecked {
            // An ample mover's turn began `timeout` before its deadline: a move within the free seconds after that
            // spends nothing, and nothing needs reading to know it.
            uint256 freeEnd = ((state >> _DEADLINE_SHIFT) & _DEADLINE_MAX) + FREE_MOVE_TIME;
            // See {play}: a few seconds of validator leeway move a few seconds of a bank.
            // forge-lint: disable-next-line(block-timestamp)
            bool free = state & moverAmple != 0 && block.timestamp + timeout <= freeEnd;
            if (free && state & nextAmple != 0) return (state, timeout);
            uint256 banks;
            if (free) banks = game.banks;
            else (state, banks) = _charge(game, state, moverAmple, oToMove ? _O_BANK_SHIFT : 0, timeout);
            nextTurn = timeout;
            if (state & nextAmple == 0) {
                nextTurn = FREE_MOVE_TIME + ((banks >> (oToMove ? 0 : _O_BANK_SHIFT)) & _BANK_MASK);
            }
        }
        return (state, nextTurn);
    }

    /// @dev Spends from the bank at `moverShift` in `game.banks` what the move just made took past its free
    ///      seconds, and returns `state` with the mover's flag `moverAmple` cleared if the bank fell short of
    ///      `timeout - FREE_MOVE_TIME`, and the banks as they now are.
    function _charge(Game storage game, uint256 state, uint256 moverAmple, uint256 moverShift, uint256 timeout)
        private
        returns (uint256, uint256 banks)
    {
        banks = game.banks;
        uint256 bank = (banks >> moverShift) & _BANK_MASK;
        // No overflow: times are below 2^64, timeouts and banks below 2^32.
        unchecked {
            // The turn began at `deadline - turn`; what the move took past its free seconds is
            // `now - (deadline - turn) - FREE_MOVE_TIME`, compared here without going below zero.
            uint256 took = block.timestamp + (state & moverAmple != 0 ? timeout : FREE_MOVE_TIME + bank);
            uint256 freeEnd = ((state >> _DEADLINE_SHIFT) & _DEADLINE_MAX) + FREE_MOVE_TIME;
            if (took <= freeEnd) return (state, banks);
            uint256 spent = took - freeEnd;
            // A late move that still lands takes what is left, never more.
            uint256 left = spent < bank ? bank - spent : 0;
            banks = (banks & ~(_BANK_MASK << moverShift)) | (left << moverShift);
            game.banks = banks;
            if (left + FREE_MOVE_TIME < timeout) state &= ~moverAmple;
        }
        return (state, banks);
    }

    /// @dev Ends active game `gameId` with `status` (XWon, OWon, Draw or Aborted) because of `reason`: stores it
    ///      in `state` (whose status field holds Active) with the deadline cleared, emits {GameEnded}, and credits
    ///      the stakes (both to the winner, else each back to its owner). Every way an active game ends goes
    ///      through here.
    function _finish(uint256 gameId, Game storage game, uint256 state, Status status, EndReason reason) private {
        game.state = (state & ~_ENDED_CLEAR) | (uint256(status) << _STATUS_SHIFT);

        uint256 seats = game.seats;
        // Nobody wins a draw or an abort.
        address winner = address(0);
        if (status == Status.XWon) winner = _addressIn(state);
        else if (status == Status.OWon) winner = _addressIn(seats);
        emit GameEnded(gameId, reason, winner);

        uint256 stake = seats >> _STAKE_SHIFT;
        if (stake != 0) {
            if (winner == address(0)) {
                _credit(_addressIn(state), stake);
                _credit(_addressIn(seats), stake);
            } else {
                // No overflow: stake < 2^96.
                unchecked {
                    _credit(winner, 2 * stake);
                }
            }
        }
    }

    /// @dev Pays the caller's whole balance to `to`. Checks, effects, interaction: the balance is gone before the
    ///      call, so a re-entering recipient finds nothing to take; if the call fails, the revert restores it.
    function _withdraw(address payable to) private {
        uint256 amount = _balances[msg.sender];
        if (amount == 0) revert NothingToWithdraw(msg.sender);

        _balances[msg.sender] = 0;
        emit Withdrawn(msg.sender, to, amount);
        // A low-level call that copies none of the recipient's return data: `to.call` would copy all of it into
        // memory, so that a recipient returning 200 kB would charge the caller some 200k gas for bytes nobody reads.
        bool sent;
        assembly ("memory-safe") {
            sent := call(gas(), to, amount, 0, 0, 0, 0)
        }
        if (!sent) revert TransferFailed(to, amount);
    }

    /// @dev Adds `amount` wei to what `account` can withdraw (nothing to write for zero).
    ///
    ///      Virtual only so that a test contract can break the accounting on purpose (paying a payout twice) and
    ///      show that the tests catch it; the production contract calls it like any internal function, and the
    ///      compiled code is the same as for a private one.
    function _credit(address account, uint256 amount) internal virtual {
        if (amount == 0) return;
        // No overflow: all balances together never exceed the ether this contract was sent, which is < 2^256.
        unchecked {
            _balances[account] += amount;
        }
        emit BalanceCredited(account, amount);
    }

    /// @dev The `state` word of game `gameId`, which must exist ({UnknownGame}).
    function _existing(Game storage game, uint256 gameId) private view returns (uint256 state) {
        state = game.state;
        if (state == 0) revert UnknownGame(gameId);
    }

    /// @dev The deadline for a turn of `turn` seconds starting now. Reverts with {DeadlineOutOfRange} rather than
    ///      let it wrap in the 32-bit field (from the year 2106 on, or on a chain whose clock says so).
    function _deadlineAfter(uint256 turn) private view returns (uint256 deadline) {
        // No overflow: `block.timestamp` is a uint64 in every client, and a turn is below 2^33.
        unchecked {
            deadline = block.timestamp + turn;
        }
        if (deadline > _DEADLINE_MAX) revert DeadlineOutOfRange(deadline, _DEADLINE_MAX);
    }

    /// @dev The clock of a turn starting now with `deadline` (from {_deadlineAfter}), in place: the deadline and
    ///      this block's number modulo `2^19`.
    function _clock(uint256 deadline) private view returns (uint256) {
        return (deadline << _DEADLINE_SHIFT) | ((block.number & _BLOCK_MASK) << _TURN_BLOCK_SHIFT);
    }

    /// @dev The blocks since the current turn began, modulo `2^19`. Counted from the stored block modulo `2^19`,
    ///      the count can only come out short, never long: below `2^19` blocks it is exact, and past that it wraps
    ///      to a smaller number, which can only delay a claim (by at most {claimBlocks} blocks, once every `2^19`),
    ///      never allow one before {claimBlocks} blocks have really passed.
    function _blocksPassed(uint256 state) private view returns (uint256) {
        // Wrapping is the intent: the difference is taken modulo 2^19, and 2^19 divides 2^256.
        unchecked {
            return (block.number - ((state >> _TURN_BLOCK_SHIFT) & _BLOCK_MASK)) & _BLOCK_MASK;
        }
    }

    /// @dev Reverts for a `state` that is not Active: {UnknownGame} if it is zero, else {GameNotActive}.
    function _revertNotActive(uint256 gameId, uint256 state) private pure {
        if (state == 0) revert UnknownGame(gameId);
        revert GameNotActive(gameId, _status(state));
    }

    /// @dev Reverts for a caller who is not the player to move: {NotYourTurn} if it is the other player, else
    ///      {NotAPlayer}.
    function _revertNotMover(Game storage game, uint256 gameId, uint256 state) private view {
        address waiting = _addressIn(state & _O_TO_MOVE != 0 ? state : game.seats);
        if (msg.sender == waiting) revert NotYourTurn(gameId, msg.sender);
        revert NotAPlayer(gameId, msg.sender);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        GAME WORDS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The address in bits 0..159 of a word: the creator in `state`, the joiner in `seats`.
    function _addressIn(uint256 word) private pure returns (address) {
        // casting to 'uint160' is safe because both words keep an address in exactly their low 160 bits
        // forge-lint: disable-next-line(unsafe-typecast)
        return address(uint160(word));
    }

    /// @dev The 9-bit board at `shift` in `state`.
    function _board(uint256 state, uint256 shift) private pure returns (uint16) {
        // casting to 'uint16' is safe because the value is masked to nine bits
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint16((state >> shift) & _FULL);
    }

    /// @dev The status field of `state`.
    function _status(uint256 state) private pure returns (Status) {
        return Status((state >> _STATUS_SHIFT) & 7);
    }

    /// @dev The move timeout field of `state`.
    function _moveTimeout(uint256 state) private pure returns (uint32) {
        // casting to 'uint32' is safe because the value is masked to 20 bits
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint32((state >> _TIMEOUT_SHIFT) & _TIMEOUT_MAX);
    }

    /// @dev A deadline computed by {_deadlineAfter}, as the `uint64` the events and {getGame} use.
    function _asTime(uint256 deadline) private pure returns (uint64) {
        // casting to 'uint64' is safe because a deadline is below 2^32 (see {_deadlineAfter})
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint64(deadline);
    }

    /// @dev The deadline field of `state`.
    function _deadline(uint256 state) private pure returns (uint64) {
        // casting to 'uint64' is safe because the value is masked to 32 bits
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint64((state >> _DEADLINE_SHIFT) & _DEADLINE_MAX);
    }
}
