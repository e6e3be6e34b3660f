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
///      - the creator alone chooses the time limit per move ({MIN_MOVE_TIMEOUT}, one minute, to
///        {MAX_MOVE_TIMEOUT}, seven days). A short limit lets a creator win by timeout against a joiner who
///        makes a first move and then looks away, so read `moveTimeout` (in {getGame} or {GameCreated}) before
///        joining. On a rollup, whose sequencer can stall or hold a transaction back for minutes, a staked game
///        should use a limit of hours: the contract cannot tell an outage from a player who looked away.
///
///      A turn ends only when both its time limit and {claimBlocks} blocks have passed: a timeout claim needs both,
///      and until then the player to move may still move, even past the deadline. A censor who wants a player to
///      miss a move must therefore keep it out of that many blocks, whose cost grows exponentially with their
///      number, and not only out of the minute's few. {claimBlocks} is fixed at deployment; read it before staking.
///
///      A creator may name the only account allowed to join (a private game); otherwise anyone may join. A player
///      who lets the clock run out on their *first* move does not lose: the game is aborted and each stake is
///      credited back, so nobody can win a stake by joining an unattended game and waiting. After both players
///      have moved, a missed deadline loses the game.
///
///      Payouts are pull payments: ending a game only credits balances, and each account takes its own with
///      {withdraw}, or sends it to another address with {withdrawTo} (for an account that cannot receive ether).
///      A recipient that reverts or re-enters can therefore neither block a game nor take more than it is owed.
///      Plain ether transfers are rejected ({EtherNotAccepted}), and so are calls to no function ({UnknownFunction}).
///
///      The events tell the whole story: from {GameCreated}, {GameJoined}, {Moved} and {GameEnded} alone, every
///      field {getGame} returns can be rebuilt, and {BalanceCredited} and {Withdrawn} account for every wei.
interface ITicTacToe {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           TYPES                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The state of a game. `Open`: waiting for a joiner; `Active`: being played; the others are final.
    ///      `Aborted`: a player missed the deadline of their first move, and each stake went back.
    enum Status {
        Open,
        Active,
        XWon,
        OWon,
        Draw,
        Cancelled,
        Aborted
    }

    /// @dev How a game ended: `Win`, a completed line; `Draw`, a full board without one; `Timeout`, a missed
    ///      deadline after the late player's first move; `Resignation`; `Abort`, a missed first-move deadline;
    ///      `Cancellation`, the creator withdrew an unjoined game.
    enum EndReason {
        Win,
        Draw,
        Timeout,
        Resignation,
        Abort,
        Cancellation
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev `creator` (X, moves first) opened game `gameId` with `stake` wei and `moveTimeout` seconds per move.
    ///      `opponent` is the only account that may join, or zero if anyone may.
    event GameCreated(
        uint256 indexed gameId, address indexed creator, address indexed opponent, uint256 stake, uint32 moveTimeout
    );

    /// @dev `joiner` (O) joined game `gameId` with a matching stake; X must make the first move by `deadline`
    ///      (a unix time, the last second allowed).
    event GameJoined(uint256 indexed gameId, address indexed joiner, uint64 deadline);

    /// @dev `player` took `cell` in game `gameId`. The opponent must answer by `deadline` (a unix time, the last
    ///      second allowed), or `deadline` is zero because the move ended the game ({GameEnded} follows).
    event Moved(uint256 indexed gameId, address player, uint8 cell, uint64 deadline);

    /// @dev Game `gameId` ended because of `reason`; `winner` took both stakes, or is zero (a draw, an abort or a
    ///      cancellation, where each stake went back to its owner). The credits follow as {BalanceCredited}.
    event GameEnded(uint256 indexed gameId, EndReason reason, address indexed winner);

    /// @dev `amount` wei (nonzero) were added to what `account` can withdraw.
    event BalanceCredited(address indexed account, uint256 amount);

    /// @dev `account` withdrew its whole balance, `amount` wei, paid to `to` (itself, unless {withdrawTo} named
    ///      another address).
    event Withdrawn(address indexed account, address indexed to, uint256 amount);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev No game has id `gameId`.
    error UnknownGame(uint256 gameId);

    /// @dev `moveTimeout` is below `minimum` seconds.
    error TimeoutTooShort(uint256 moveTimeout, uint32 minimum);

    /// @dev `moveTimeout` is above `maximum` seconds (any 256-bit value is taken and checked here, so that no
    ///      timeout is refused by the ABI decoder with empty revert data).
    error TimeoutTooLong(uint256 moveTimeout, uint32 maximum);

    /// @dev A stake of `stake` wei does not fit the `maximum` the game record holds (2^96 - 1 wei).
    error StakeTooLarge(uint256 stake, uint256 maximum);

    /// @dev `creator` named itself as the opponent: it could never join its own game.
    error CannotInviteSelf(address creator);

    /// @dev Game `gameId` is not waiting for a joiner (it is `status`).
    error GameNotOpen(uint256 gameId, Status status);

    /// @dev Game `gameId` already has its second player, `joiner`.
    error AlreadyJoined(uint256 gameId, address joiner);

    /// @dev The creator of game `gameId` tried to join it.
    error CreatorCannotJoin(uint256 gameId);

    /// @dev Game `gameId` is private to `opponent`; `caller` may not join it.
    error NotInvited(uint256 gameId, address caller, address opponent);

    /// @dev Joining game `gameId` needs exactly `expected` wei; `sent` were sent.
    error WrongStake(uint256 gameId, uint256 expected, uint256 sent);

    /// @dev Game `gameId` is not the game the joiner read: it was created by `creator` with `moveTimeout` seconds
    ///      per move (after a reorg, the same id can be somebody else's game).
    error TermsChanged(uint256 gameId, address creator, uint32 moveTimeout);

    /// @dev Only the creator of game `gameId` may cancel it; `caller` is not.
    error NotCreator(uint256 gameId, address caller);

    /// @dev Game `gameId` is not being played (it is `status`).
    error GameNotActive(uint256 gameId, Status status);

    /// @dev `caller` is neither player of game `gameId`.
    error NotAPlayer(uint256 gameId, address caller);

    /// @dev It is the other player's turn in game `gameId`; `caller` must wait.
    error NotYourTurn(uint256 gameId, address caller);

    /// @dev The player to move in game `gameId` missed `deadline` (a unix time) and {claimBlocks} blocks have
    ///      passed since the turn began; the game can only end by {claimTimeout} (or a resignation).
    error MoveTooLate(uint256 gameId, uint64 deadline);

    /// @dev `cell` is not one of the nine cells 0..8. {play} takes a whole word so that every value, 256 and
    ///      beyond included, is refused here and not by the ABI decoder (so the selector differs from
    ///      `Board.CellOutOfRange`, whose cell is a `uint8`).
    error CellOutOfRange(uint256 cell);

    /// @dev `cell` of game `gameId` is already taken.
    error CellTaken(uint256 gameId, uint8 cell);

    /// @dev The deadline of game `gameId`, `deadline` (a unix time), has not passed yet.
    error DeadlineNotPassed(uint256 gameId, uint64 deadline);

    /// @dev The deadline of game `gameId` has passed, but only `blocksPassed` blocks have followed the one in which
    ///      the turn began, and a claim needs `blocksNeeded` ({claimBlocks}): `blocksNeeded - blocksPassed` more
    ///      blocks must be mined first (and until then the player to move may still move).
    error TooFewBlocks(uint256 gameId, uint256 blocksPassed, uint256 blocksNeeded);

    /// @dev `caller` is the player to move in game `gameId` and has moved before: only the opponent can claim
    ///      the timeout.
    error CannotClaimOwnTimeout(uint256 gameId, address caller);

    /// @dev The next deadline, `deadline` (a unix time), would not fit the `maximum` the game record holds
    ///      (`TicTacToe`: 2^32 - 1, in the year 2106): the chain's clock is past any time a game can be played in.
    error DeadlineOutOfRange(uint256 deadline, uint256 maximum);

    /// @dev The deployment asked for `claimBlocks` blocks per claim, more than the `maximum` (2^19 - 1) that block
    ///      numbers kept modulo 2^19 can count: no claim could ever be made.
    error ClaimBlocksTooLarge(uint256 claimBlocks, uint256 maximum);

    /// @dev `account` has no balance to withdraw.
    error NothingToWithdraw(address account);

    /// @dev {withdrawTo} was given the zero address, where the ether would be lost.
    error ZeroRecipient();

    /// @dev Sending `amount` wei to `recipient` failed; the caller's balance is unchanged.
    error TransferFailed(address recipient, uint256 amount);

    /// @dev No function of the contract has `selector` (or the calldata is shorter than a selector, padded with
    ///      zeros): a call meant for another contract or another version.
    error UnknownFunction(bytes4 selector);

    /// @dev `value` wei sent with no calldata: the contract takes ether only as a stake, with {createGame} and
    ///      {joinGame}.
    error EtherNotAccepted(uint256 value);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         FUNCTIONS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The shortest time limit per move a creator may choose: 60 seconds.
    function MIN_MOVE_TIMEOUT() external view returns (uint32);

    /// @dev The longest time limit per move a creator may choose: 7 days (604,800 seconds). A creator who never moves
    ///      locks the joiner's stake for one turn: this limit, or {claimBlocks} blocks if they take longer, after
    ///      which either player aborts the game. It bounds a turn, not a game (nine turns at most); `TicTacToe`'s time
    ///      bank (`ITicTacToeTimeBank`) bounds a whole game.
    function MAX_MOVE_TIMEOUT() external view returns (uint32);

    /// @dev Opens a game in which the caller plays X and moves first, staking `msg.value` (zero allowed), with
    ///      `moveTimeout` seconds per move. Only `opponent` may join, or anyone if it is the zero address. Ids
    ///      start at 1 and increase by one.
    ///
    ///      Requirements:
    ///      - `MIN_MOVE_TIMEOUT <= moveTimeout <= MAX_MOVE_TIMEOUT` ({TimeoutTooShort}, {TimeoutTooLong});
    ///      - `msg.value < 2^96` ({StakeTooLarge});
    ///      - `opponent` is not the caller ({CannotInviteSelf}).
    function createGame(uint256 moveTimeout, address opponent) external payable returns (uint256 gameId);

    /// @dev Joins game `gameId` as O, staking exactly the creator's stake. X's first deadline starts now.
    ///      Read the game first: the creator chose its `moveTimeout`. The join names the terms the joiner read —
    ///      `creator` and `moveTimeout` here, the stake as `msg.value` — so that it joins that game or none.
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}) and is open ({AlreadyJoined} while it is being played,
    ///        {GameNotOpen} once it is over: won, drawn, cancelled or aborted);
    ///      - the caller is not its creator ({CreatorCannotJoin}) and, in a private game, is the invited
    ///        opponent ({NotInvited});
    ///      - `creator` and `moveTimeout` are the game's ({TermsChanged});
    ///      - `msg.value` equals the stake ({WrongStake});
    ///      - the first deadline fits the game record ({DeadlineOutOfRange}).
    function joinGame(uint256 gameId, address creator, uint256 moveTimeout) external payable;

    /// @dev The caller, the player to move, takes `cell` in game `gameId`. A completed line wins (the winner is
    ///      credited both stakes); a full board without one is a draw (each player is credited its stake).
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}) and is active ({GameNotActive});
    ///      - the caller is a player ({NotAPlayer}) whose turn it is ({NotYourTurn});
    ///      - the deadline has not passed, or fewer than {claimBlocks} blocks have followed the one in which the
    ///        turn began ({MoveTooLate} once both have);
    ///      - `cell` is 0..8 ({CellOutOfRange}) and empty ({CellTaken});
    ///      - the opponent's next deadline fits the game record ({DeadlineOutOfRange}).
    function play(uint256 gameId, uint256 cell) external;

    /// @dev Ends game `gameId`, whose player to move missed the deadline. If that player had already moved, the
    ///      opponent wins (both stakes); if it was their first move, the game is aborted and each player is
    ///      credited its own stake back. Only the opponent may claim a win; either player may abort, so that
    ///      neither stake can be held up.
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}) and is active ({GameNotActive});
    ///      - the caller is a player ({NotAPlayer}); the player to move only for an abort
    ///        ({CannotClaimOwnTimeout});
    ///      - the deadline has passed, i.e. `block.timestamp > deadline` ({DeadlineNotPassed});
    ///      - at least {claimBlocks} blocks have followed the one in which the turn began (the join, or the last
    ///        move), counted modulo 2^19 ({TooFewBlocks}; see {claimBlocksLeft}). The count modulo 2^19 can come
    ///        out short after 2^19 blocks, which delays a claim by at most {claimBlocks} blocks and never allows one
    ///        early.
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

    /// @dev Like {withdraw}, but pays the caller's whole balance to `to`: an account that cannot receive ether
    ///      (a contract without a payable `receive`) can still take its winnings out.
    ///
    ///      Requirements: `to` is not the zero address ({ZeroRecipient}); the balance is nonzero
    ///      ({NothingToWithdraw}); the transfer succeeds ({TransferFailed}).
    function withdrawTo(address payable to) external;

    /// @dev What `account` can withdraw, in wei.
    function pendingBalance(address account) external view returns (uint256);

    /// @dev Game `gameId`. `opponent` is O: the account that joined, or, while the game is open, the only account
    ///      allowed to join (zero: anyone). `deadline` (a unix time) is the last second in which the player to
    ///      move may move; it is zero while nobody is to move (before the join and after the end). The player to
    ///      move is X when both boards hold as many cells, else O. Reverts with {UnknownGame} if none.
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
        );

    /// @dev The id the next {createGame} will return.
    function nextGameId() external view returns (uint256);

    /// @dev How many blocks must follow the block in which a turn began (the join, or the last move) before its
    ///      timeout can be claimed, besides the deadline: what a censor must keep a move out of. Fixed at
    ///      deployment (0 on a local chain that mines only on transactions, where blocks do not measure time).
    function claimBlocks() external view returns (uint256);

    /// @dev How many more blocks active game `gameId` needs before its timeout can be claimed, counted at the
    ///      current block: 0 once {claimBlocks} have passed since the turn began, when the deadline alone decides.
    ///      Reverts with {UnknownGame} or {GameNotActive} (a game not being played has no clock).
    function claimBlocksLeft(uint256 gameId) external view returns (uint256);
}
