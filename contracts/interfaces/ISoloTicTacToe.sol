// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title ISoloTicTacToe
/// @notice Tic-tac-toe against a CPU that answers in the same transaction. No money is involved at all.
/// @dev Self-contained on purpose (no imports): the Rust side reads this file with alloy's `sol!` macro, which does
///      not follow imports. `SoloTicTacToe` implements it, so the compiler keeps both in step.
///
///      Cells are 0..8 row-major (0 1 2 / 3 4 5 / 6 7 8); a board is two 9-bit masks, bit `i` = cell `i`.
///      "No cell" is 9 (`Board.NONE`).
interface ISoloTicTacToe {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           TYPES                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev How far the CPU follows its one procedure: Easy wins when it can and otherwise plays a pseudo-random
    ///      cell; Normal also blocks and then takes the preferred cell; Hard also plays and prevents forks, and
    ///      keeps the game's value from every legal position. Functions take it as a `uint8` (its value), so that
    ///      a value above `Hard` is rejected with {InvalidDifficulty} instead of by the ABI decoder.
    enum Difficulty {
        Easy,
        Normal,
        Hard
    }

    /// @dev The state of a game. Every value but `InProgress` is final.
    enum Result {
        InProgress,
        PlayerWon,
        CpuWon,
        Draw
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Game `gameId` was started by `player`. `cpuCell` is the CPU's opening move when the CPU moves first,
    ///      else 9 (no cell).
    event GameStarted(uint256 indexed gameId, address indexed player, Difficulty difficulty, uint8 cpuCell);

    /// @dev The player took `playerCell` and the CPU answered with `cpuCell` (9 if the player's move ended the
    ///      game); `result` is the game's state afterwards.
    event Moved(uint256 indexed gameId, uint8 playerCell, uint8 cpuCell, Result result);

    /// @dev Game `gameId` ended with `result` (emitted after the {Moved} of the last move).
    event GameEnded(uint256 indexed gameId, Result result);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       CUSTOM ERRORS                        */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev No game has id `gameId`.
    error UnknownGame(uint256 gameId);

    /// @dev `caller` is not `player`, the only account that may move in game `gameId`.
    error NotYourGame(uint256 gameId, address player, address caller);

    /// @dev Game `gameId` is over; it ended with `result`.
    error GameOver(uint256 gameId, Result result);

    /// @dev `cell` is not one of the nine cells 0..8 (same selector as `Board.CellOutOfRange`).
    error CellOutOfRange(uint8 cell);

    /// @dev `cell` of game `gameId` is already taken.
    error CellTaken(uint256 gameId, uint8 cell);

    /// @dev `difficulty` is not a {Difficulty} value (0 Easy, 1 Normal, 2 Hard).
    error InvalidDifficulty(uint8 difficulty);

    /// @dev A mask given to {previewCpuMove} has bits above cell 8.
    error BoardOutOfRange(uint16 mine, uint16 theirs);

    /// @dev The masks given to {previewCpuMove} share a cell.
    error BoardsOverlap(uint16 mine, uint16 theirs);

    /// @dev The board given to {previewCpuMove} has no empty cell.
    error BoardFull(uint16 mine, uint16 theirs);

    /// @dev No function of the contract has `selector` (or the calldata is shorter than a selector, padded with
    ///      zeros): a call meant for another contract or another version.
    error UnknownFunction(bytes4 selector);

    /// @dev `value` wei sent with no calldata: the contract takes no ether at all.
    error EtherNotAccepted(uint256 value);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         FUNCTIONS                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Starts a game for the caller against the CPU at `difficulty` (a {Difficulty} value). If `cpuFirst`, the
    ///      CPU makes its opening move in this same transaction. Ids start at 1 and increase by one.
    ///
    ///      Requirements:
    ///      - `difficulty` is 0, 1 or 2 ({InvalidDifficulty}).
    function newGame(uint8 difficulty, bool cpuFirst) external returns (uint256 gameId);

    /// @dev The caller takes `cell` in game `gameId`; unless that ends the game, the CPU answers in the same
    ///      transaction.
    ///
    ///      Requirements:
    ///      - the game exists ({UnknownGame}), belongs to the caller ({NotYourGame}) and is in progress
    ///        ({GameOver});
    ///      - `cell` is 0..8 ({CellOutOfRange}) and empty ({CellTaken}).
    function play(uint256 gameId, uint8 cell) external;

    /// @dev The cell the CPU at `difficulty` would take with `mine` as its cells and `theirs` as the opponent's.
    ///      `seed` is used by Easy only: its random cell is the k-th empty cell in ascending order (from k = 0),
    ///      with k = seed mod (number of empty cells). Any board is accepted, legal or not, and the answer is always
    ///      an empty cell.
    ///
    ///      The procedure, wherever several cells qualify taking the first in the order 4, 0, 2, 6, 8, 1, 3, 5, 7:
    ///      1. a cell `c` such that `mine | 1 << c` holds a line (all levels); 2. Easy: the seeded cell;
    ///      3. a cell `c` such that `theirs | 1 << c` holds a line; 4. Normal: the first empty cell in the order;
    ///      5. Hard: a fork (a cell after which `mine` has two or more winning cells); else a forcing move to a fork
    ///      (a cell `c` after which `mine` has exactly one winning cell `t`, such that with `c` taken by `mine` and
    ///      `t` by `theirs`, `theirs` has no winning cell and `mine` a fork cell, or `theirs` has exactly one
    ///      winning cell and it is a fork cell of `mine`); else the opponent's only fork cell; else, if the
    ///      opponent has several, a forcing move (a cell after which `mine` has exactly one winning cell, that
    ///      cell not being one of the opponent's fork cells), else one of the opponent's fork cells; else the first
    ///      empty cell in the order. Steps 1 and 3 are literal: on a board where a side already holds a line,
    ///      every empty cell "completes" one, so the first empty cell in the order is the answer there.
    ///
    ///      Requirements:
    ///      - `difficulty` is 0, 1 or 2 ({InvalidDifficulty});
    ///      - both masks fit in nine bits ({BoardOutOfRange}), do not overlap ({BoardsOverlap}) and leave at least
    ///        one empty cell ({BoardFull}).
    function previewCpuMove(uint16 mine, uint16 theirs, uint8 difficulty, uint256 seed)
        external
        pure
        returns (uint8 cell);

    /// @dev Game `gameId`: its player, difficulty, both boards and result. Reverts with {UnknownGame} if none.
    function getGame(uint256 gameId)
        external
        view
        returns (address player, Difficulty difficulty, uint16 playerBoard, uint16 cpuBoard, Result result);

    /// @dev The id the next {newGame} will return.
    function nextGameId() external view returns (uint256);
}
