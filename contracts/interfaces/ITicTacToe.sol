// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title ITicTacToe
/// @notice Tic-tac-toe between two accounts, with an optional stake that the winner takes.
/// @dev Self-contained on purpose (no imports): the Rust side reads this file with alloy's `sol!` macro, which does
///      not follow imports. `TicTacToe` implements it, so the compiler keeps both in step.
///
///      Cells are 0..8 row-major (0 1 2 / 3 4 5 / 6 7 8); a board is two 9-bit masks, bit `i` = cell `i`.
///
///      Two asymmetries are part of the rules, and a joiner should weigh them before staking:
///      - the creator always plays X and always moves first (no swap, no coin toss);
///      - the creator alone chooses the time limit per move (at least {MIN_MOVE_TIMEOUT}, one minute). A very
///        short limit lets a creator win by timeout against a joiner who joins and then looks away, so read
///        `moveTimeout` (in {getGame} or {GameCreated}) before joining.
///
///      Payouts are pull payments: finishing a game only credits balances, and each account takes its own with
///      {withdraw}. A recipient that reverts or re-enters can therefore neither block a game nor take more than it
///      is owed. Plain ether transfers are rejected (there is no `receive` and no `fallback`).
interface ITicTacToe {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           TYPES                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The state of a game. `Open`: waiting for a joiner; `Active`: being played; the others are final.
    enum Status {
        Open,
        Active,
        XWon,
        OWon,
        Draw,
        Cancelled
    }

    /// @dev Why a game ended: a completed line, a full board (draw), a missed deadline, or a resignation.
    enum EndReason {
        Line,
        FullBoard,
        Timeout,
        Resignation
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev `creator` (X, moves first) opened game `gameId` with `stake` wei and `moveTimeout` seconds per move.
    event GameCreated(uint256 indexed gameId, address indexed creator, uint256 stake, uint32 moveTimeout);

    /// @dev `joiner` (O) joined game `gameId` with a matching stake; X's first deadline starts now.
    event GameJoined(uint256 indexed gameId, address indexed joiner);

    /// @dev A move at `cell` in game `gameId`. Who moved follows from the order: X makes the 1st, 3rd, ... move.
    event Moved(uint256 indexed gameId, uint8 cell);

    /// @dev Game `gameId` ended with `status` (XWon, OWon or Draw) because of `reason`. The stakes were credited:
    ///      both to the winner, or each back to its owner on a draw.
    event GameEnded(uint256 indexed gameId, Status status, EndReason reason);

    /// @dev The creator cancelled unjoined game `gameId`; the stake was credited back to the creator.
    event GameCancelled(uint256 indexed gameId);

    /// @dev `account` withdrew its whole balance, `amount` wei.
    event Withdrawn(address indexed account, uint256 amount);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev No game has id `gameId`.
    error UnknownGame(uint256 gameId);

    /// @dev `moveTimeout` is below `minimum` seconds.
    error TimeoutTooShort(uint32 moveTimeout, uint32 minimum);

    /// @dev A stake of `stake` wei does not fit the `maximum` the game record holds (2^96 - 1 wei).
    error StakeTooLarge(uint256 stake, uint256 maximum);

    /// @dev Game `gameId` is not waiting for a joiner (it is `status`).
    error GameNotOpen(uint256 gameId, Status status);

    /// @dev Game `gameId` already has its second player, `joiner`.
    error AlreadyJoined(uint256 gameId, address joiner);

    /// @dev The creator of game `gameId` tried to join it.
    error CreatorCannotJoin(uint256 gameId);

    /// @dev Joining game `gameId` needs exactly `expected` wei; `sent` were sent.
    error WrongStake(uint256 gameId, uint256 expected, uint256 sent);

    /// @dev Only the creator of game `gameId` may cancel it; `caller` is not.
    error NotCreator(uint256 gameId, address caller);

    /// @dev Game `gameId` is not being played (it is `status`).
    error GameNotActive(uint256 gameId, Status status);

    /// @dev `caller` is neither player of game `gameId`.
    error NotAPlayer(uint256 gameId, address caller);

    /// @dev It is the other player's turn in game `gameId`; `caller` must wait.
    error NotYourTurn(uint256 gameId, address caller);

    /// @dev The player to move in game `gameId` missed `deadline` (a unix time); the game can only end by timeout.
    error MoveTooLate(uint256 gameId, uint64 deadline);

    /// @dev `cell` is not one of the nine cells 0..8 (same selector as `Board.CellOutOfRange`).
    error CellOutOfRange(uint8 cell);

    /// @dev `cell` of game `gameId` is already taken.
    error CellTaken(uint256 gameId, uint8 cell);

    /// @dev The deadline of game `gameId`, `deadline` (a unix time), has not passed yet.
    error DeadlineNotPassed(uint256 gameId, uint64 deadline);

    /// @dev `caller` is the player to move in game `gameId`: only the opponent can claim the timeout.
    error CannotClaimOwnTimeout(uint256 gameId, address caller);

    /// @dev `account` has no balance to withdraw.
    error NothingToWithdraw(address account);

    /// @dev Sending `amount` wei to `account` failed; its balance is unchanged.
    error TransferFailed(address account, uint256 amount);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         FUNCTIONS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The shortest time limit per move a creator may choose: 60 seconds.
    function MIN_MOVE_TIMEOUT() external view returns (uint32);

    /// @dev Opens a game in which the caller plays X and moves first, staking `msg.value` (zero allowed), with
    ///      `moveTimeout` seconds per move. Ids start at 1 and increase by one.
    ///
    ///      Requirements:
    ///      - `moveTimeout >= MIN_MOVE_TIMEOUT` ({TimeoutTooShort});
    ///      - `msg.value < 2^96` ({StakeTooLarge}).
    function createGame(uint32 moveTimeout) external payable returns (uint256 gameId);

    /// @dev Joins game `gameId` as O, staking exactly the creator's stake. X's first deadline starts now.
    ///      Read the game's `moveTimeout` first: the creator chose it.
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}) and is open ({AlreadyJoined}, or {GameNotOpen} if cancelled);
    ///      - the caller is not its creator ({CreatorCannotJoin});
    ///      - `msg.value` equals the stake ({WrongStake}).
    function joinGame(uint256 gameId) external payable;

    /// @dev The caller, the player to move, takes `cell` in game `gameId`. A completed line wins (the winner is
    ///      credited both stakes); a full board without one is a draw (each player is credited its stake).
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}) and is active ({GameNotActive});
    ///      - the caller is a player ({NotAPlayer}) whose turn it is ({NotYourTurn});
    ///      - the deadline has not passed ({MoveTooLate});
    ///      - `cell` is 0..8 ({CellOutOfRange}) and empty ({CellTaken}).
    function play(uint256 gameId, uint8 cell) external;

    /// @dev The caller, waiting for the opponent, wins game `gameId` because the opponent's deadline has passed.
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}) and is active ({GameNotActive});
    ///      - the caller is the player not to move ({NotAPlayer}, {CannotClaimOwnTimeout});
    ///      - the deadline has passed, i.e. `block.timestamp > deadline` ({DeadlineNotPassed}).
    function claimTimeout(uint256 gameId) external;

    /// @dev The caller, a player of active game `gameId`, gives up; the opponent wins. Allowed on either turn.
    ///
    ///      Requirements: the game exists ({UnknownGame}), is active ({GameNotActive}), and the caller is one of
    ///      its players ({NotAPlayer}).
    function resign(uint256 gameId) external;

    /// @dev The creator cancels unjoined game `gameId`; the stake is credited back in full (see {withdraw}).
    ///
    ///      Requirements: the game exists ({UnknownGame}), the caller created it ({NotCreator}), and it is open
    ///      ({GameNotOpen}).
    function cancel(uint256 gameId) external;

    /// @dev Sends the caller its whole balance. The balance is cleared before the transfer, so re-entering gets
    ///      nothing more; a failed transfer reverts and leaves the balance as it was.
    ///
    ///      Requirements: the balance is nonzero ({NothingToWithdraw}); the transfer succeeds ({TransferFailed}).
    function withdraw() external;

    /// @dev What `account` can withdraw, in wei.
    function pendingBalance(address account) external view returns (uint256);

    /// @dev Game `gameId`. `joiner` is zero until someone joins; `deadline` (a unix time) is the last second in
    ///      which the player to move may move, zero until someone joins, and stale once the game is over. The
    ///      player to move is X when both boards hold as many cells, else O. Reverts with {UnknownGame} if none.
    function getGame(uint256 gameId)
        external
        view
        returns (
            address creator,
            address joiner,
            uint256 stake,
            uint32 moveTimeout,
            uint64 deadline,
            uint16 xBoard,
            uint16 oBoard,
            Status status
        );

    /// @dev The id the next {createGame} will return.
    function nextGameId() external view returns (uint256);
}
