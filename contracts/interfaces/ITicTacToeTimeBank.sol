// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title ITicTacToeTimeBank
/// @notice Games of {ITicTacToe} whose whole length is bounded by a time bank per player, as a chess clock keeps.
/// @dev Self-contained, like {ITicTacToe} (alloy's `sol!` follows no imports); `TicTacToe` implements both. A
///      contract that speaks only {ITicTacToe} has no banks: every game of it is bounded by nine turns of its
///      `moveTimeout` instead.
///
///      The rule: the first {FREE_MOVE_TIME} seconds of every move are free; whatever a move takes beyond them is
///      spent from its player's bank. A turn therefore lasts `min(moveTimeout, FREE_MOVE_TIME + bank)` seconds of
///      the mover's bank as it stood when the turn began, and a player whose bank is spent has
///      {FREE_MOVE_TIME} seconds per move. A game has at most nine turns, so their deadlines add up to at most
///      `9 * FREE_MOVE_TIME + 2 * timeBank` seconds (9 minutes plus both banks). A turn can outlast its deadline
///      only while fewer than {ITicTacToe-claimBlocks} blocks have followed its start (a late move still lands
///      then, and spends from its bank what it took, up to all of it), so the whole game, from the join to the
///      moment either player can end it, lasts at most that sum plus, per turn, the time those blocks take. The
///      creator's `timeBank` is one of the terms a joiner names ({joinGame}), as the stake and `moveTimeout` are.
///
///      The move that ends a game spends nothing: nothing is left to bound.
interface ITicTacToeTimeBank {
    /// @dev Game `gameId` bounds each player's slow time by `timeBank` seconds (see the rule above).
    event TimeBankChosen(uint256 indexed gameId, uint32 timeBank);

    /// @dev The bank asked for, `timeBank` seconds, is above `maximum` ({MAX_TIME_BANK}) and is not
    ///      {NO_TIME_BANK}.
    error TimeBankTooLarge(uint256 timeBank, uint32 maximum);

    /// @dev The join named another bank than game `gameId`'s, `timeBank` ({NO_TIME_BANK} for a game without one;
    ///      a join through {ITicTacToe-joinGame} names none, so it cannot join a game with a bank).
    error TimeBankChanged(uint256 gameId, uint32 timeBank);

    /// @dev The seconds of every move that no bank pays for: 60.
    function FREE_MOVE_TIME() external view returns (uint32);

    /// @dev The largest bank a creator may choose: 30 days (2,592,000 seconds).
    function MAX_TIME_BANK() external view returns (uint32);

    /// @dev The bank of a game that has none, `2^32 - 1`: what {timeBanks} returns for it and what a join names to
    ///      join it here.
    function NO_TIME_BANK() external view returns (uint32);

    /// @dev {ITicTacToe-createGame} with a bank of `timeBank` seconds for each player (emits {TimeBankChosen}),
    ///      or none if `timeBank` is {NO_TIME_BANK}.
    ///
    ///      Requirements: those of {ITicTacToe-createGame}, and `timeBank <= MAX_TIME_BANK` or
    ///      `timeBank == NO_TIME_BANK` ({TimeBankTooLarge}).
    function createGame(uint256 moveTimeout, uint256 timeBank, address opponent)
        external
        payable
        returns (uint256 gameId);

    /// @dev {ITicTacToe-joinGame} naming the game's bank as well: `timeBank` is the game's
    ///      ({TimeBankChanged}), {NO_TIME_BANK} for a game without one. X's first turn lasts
    ///      `min(moveTimeout, FREE_MOVE_TIME + timeBank)`.
    function joinGame(uint256 gameId, address creator, uint256 moveTimeout, uint256 timeBank) external payable;

    /// @dev Game `gameId`'s bank as chosen, and what is left of X's and of O's, in seconds, as they stood when the
    ///      current turn began (the turn being played spends from the mover's past its free seconds). All three
    ///      are {NO_TIME_BANK} for a game without a bank. Reverts with {ITicTacToe-UnknownGame} if none.
    function timeBanks(uint256 gameId) external view returns (uint32 timeBank, uint32 xBank, uint32 oBank);
}
