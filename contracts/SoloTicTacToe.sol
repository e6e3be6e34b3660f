// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Board} from "./Board.sol";
import {ISoloTicTacToe} from "./interfaces/ISoloTicTacToe.sol";

/// @title SoloTicTacToe
/// @notice Tic-tac-toe against a CPU that answers in the same transaction, at three difficulties.
/// @dev Why there are no stakes: the game is solved, so against a perfect CPU the player can at best draw. A bet
///      that can never be won is not a game, so this contract accepts no ether at all (no payable function, no
///      `receive`, no `fallback`).
///
///      The CPU is one procedure, and the difficulty is how far it goes (see {_cpuMove}). Its board arithmetic
///      works on 9-bit masks (cell `i` = bit `i`, row-major) held in `uint256`, with no loops over lines and no
///      memory: every line of a direction is handled at once by shifts ({_winningCells}, {_openLineCells},
///      {_lineMates}). It is checked against a literal implementation of the procedure on every board.
contract SoloTicTacToe is ISoloTicTacToe {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev A whole game in one storage slot, so a move costs one cold read and one write:
    ///
    ///         bit 255    254..182   181..180   179..178     177..169    168..160       159..0
    ///            [exists] [ zero  ]  [result]   [difficulty] [cpu board] [player board] [player]
    ///
    ///      - `player`: the only account that may move;
    ///      - boards: 9-bit masks, cell `i` at bit `i` of the field;
    ///      - `difficulty`, `result`: the enums' values;
    ///      - `exists`: always 1, so a game's word is never zero and zero means "no such game".
    ///      Moves only ever add bits (cells are never cleared, `result` only leaves `InProgress` = 0), so a move
    ///      updates the word by OR-ing the new bits in.
    mapping(uint256 gameId => uint256 packed) private _games;

    /// @dev The id the next game gets. Starts at 1 (set in the constructor), so that id 0 is never a game and
    ///      {newGame} always rewrites a nonzero slot, which is cheaper than filling a zero one.
    uint256 private _nextGameId;

    /// @dev Offset of the player's 9-bit board in a game word.
    uint256 private constant _PLAYER_BOARD_SHIFT = 160;

    /// @dev Offset of the CPU's 9-bit board: right after the player's (160 + 9).
    uint256 private constant _CPU_BOARD_SHIFT = 169;

    /// @dev Offset of the 2-bit difficulty: right after the CPU's board (169 + 9).
    uint256 private constant _DIFFICULTY_SHIFT = 178;

    /// @dev Offset of the 2-bit result: right after the difficulty (178 + 2).
    uint256 private constant _RESULT_SHIFT = 180;

    /// @dev The top bit, set in every game word (see the layout above).
    uint256 private constant _EXISTS = 1 << 255;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                      BOARD CONSTANTS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev All nine cells, `(1 << 9) - 1` (`Board.FULL` as a `uint256`, written out so that no `uint16` cleanup is
    ///      compiled in).
    uint256 private constant _FULL = 0x1FF;

    /// @dev The centre, cell 4: `1 << 4`.
    uint256 private constant _CENTRE = 0x010;

    /// @dev The corners, cells 0, 2, 6, 8: `1 | 1 << 2 | 1 << 6 | 1 << 8`.
    uint256 private constant _CORNERS = 0x145;

    /// @dev Cells 1, 2, 4, 5, 7, 8: where a row's cells land after `<< 1` without leaving their row.
    uint256 private constant _ROW_AFTER_FIRST = 0x1B6;

    /// @dev Cells 0, 3, 6: the first cell of each row.
    uint256 private constant _ROW_FIRST = 0x049;

    /// @dev Cells 0, 1, 3, 4, 6, 7: where a row's cells land after `>> 1` without leaving their row.
    uint256 private constant _ROW_BEFORE_LAST = 0x0DB;

    /// @dev Cells 2, 5, 8: the last cell of each row.
    uint256 private constant _ROW_LAST = 0x124;

    /// @dev The diagonal, cells 0, 4, 8: `1 | 1 << 4 | 1 << 8`.
    uint256 private constant _DIAGONAL = 0x111;

    /// @dev The anti-diagonal, cells 2, 4, 6: `1 << 2 | 1 << 4 | 1 << 6`.
    uint256 private constant _ANTI_DIAGONAL = 0x054;

    /// @dev The four line directions, for {_openLineCells}. A direction's lines are the cells
    ///      `f, f + stride, f + 2 * stride` for each of its first cells `f`; its shape is its line moved to start
    ///      at cell 0, so a flag on a first cell times the shape is that whole line:
    ///
    ///         direction       stride   first cells        shape
    ///         rows            1        0, 3, 6 = 0x049    0, 1, 2 = 0x007
    ///         columns         3        0, 1, 2 = 0x007    0, 3, 6 = 0x049
    ///         diagonal        4        0       = 0x001    0, 4, 8 = 0x111
    ///         anti-diagonal   2        2       = 0x004    0, 2, 4 = 0x015   (flag on 2: cells 2, 4, 6)
    uint256 private constant _ROW_STRIDE = 1;
    /// @dev Rows: shape 0, 1, 2 (first cells: `_ROW_FIRST`). See {_ROW_STRIDE}.
    uint256 private constant _ROW_SHAPE = 0x007;
    /// @dev Columns: stride 3. See {_ROW_STRIDE}.
    uint256 private constant _COLUMN_STRIDE = 3;
    /// @dev Columns: first cells 0, 1, 2. See {_ROW_STRIDE}.
    uint256 private constant _COLUMN_FIRST = 0x007;
    /// @dev Columns: shape 0, 3, 6. See {_ROW_STRIDE}.
    uint256 private constant _COLUMN_SHAPE = 0x049;
    /// @dev Diagonal: stride 4. See {_ROW_STRIDE}.
    uint256 private constant _DIAGONAL_STRIDE = 4;
    /// @dev Diagonal: first cell 0. See {_ROW_STRIDE}.
    uint256 private constant _DIAGONAL_FIRST = 0x001;
    /// @dev Diagonal: shape 0, 4, 8 (the diagonal itself). See {_ROW_STRIDE}.
    uint256 private constant _DIAGONAL_SHAPE = _DIAGONAL;
    /// @dev Anti-diagonal: stride 2. See {_ROW_STRIDE}.
    uint256 private constant _ANTI_DIAGONAL_STRIDE = 2;
    /// @dev Anti-diagonal: first cell 2. See {_ROW_STRIDE}.
    uint256 private constant _ANTI_DIAGONAL_FIRST = 0x004;
    /// @dev Anti-diagonal: shape 0, 2, 4, which the flag on cell 2 turns into 2, 4, 6. See {_ROW_STRIDE}.
    uint256 private constant _ANTI_DIAGONAL_SHAPE = 0x015;

    /// @dev Index of a one-bit mask `1 << i` (i = 0..8), looked up by `(1 << i) % 11`: since 2 is a primitive root
    ///      modulo 11, the powers 2^0..2^8 leave the distinct remainders 1, 2, 4, 8, 5, 10, 9, 7, 3. Nibble `r`
    ///      of this constant holds the `i` with `2^i % 11 == r` (nibbles 0 and 6 are unused and zero):
    ///
    ///         r:  10  9  8  7  6  5  4  3  2  1  0
    ///         i:   5  6  3  7  -  4  2  8  1  0  -
    uint256 private constant _CELL_BY_BIT_MOD_11 = 0x56370428100;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        CONSTRUCTOR                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Game ids start at 1 (see {_nextGameId}).
    constructor() {
        _nextGameId = 1;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                     EXTERNAL FUNCTIONS                     */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @inheritdoc ISoloTicTacToe
    function newGame(Difficulty difficulty, bool cpuFirst) external returns (uint256 gameId) {
        gameId = _nextGameId;
        // Cannot overflow: one id per transaction, and 2^256 transactions will never happen.
        unchecked {
            _nextGameId = gameId + 1;
        }

        uint8 cpuCell = Board.NONE;
        uint16 cpuBoard;
        if (cpuFirst) {
            cpuCell = _cpuMove(0, 0, difficulty, difficulty == Difficulty.Easy ? _easySeed(gameId, 0) : 0);
            cpuBoard = Board.bit(cpuCell);
        }

        _games[gameId] = _EXISTS | (uint256(difficulty) << _DIFFICULTY_SHIFT)
            | (uint256(cpuBoard) << _CPU_BOARD_SHIFT) | uint256(uint160(msg.sender));
        emit GameStarted(gameId, msg.sender, difficulty, cpuCell);
    }

    /// @inheritdoc ISoloTicTacToe
    function play(uint256 gameId, uint8 cell) external {
        uint256 game = _games[gameId];
        if (game == 0) revert UnknownGame(gameId);
        if (_player(game) != msg.sender) revert NotYourGame(gameId, _player(game), msg.sender);
        Result result = Result((game >> _RESULT_SHIFT) & 3);
        if (result != Result.InProgress) revert GameOver(gameId, result);

        uint16 cellBit = Board.bit(cell);
        uint16 playerBoard = _board(game, _PLAYER_BOARD_SHIFT);
        uint16 cpuBoard = _board(game, _CPU_BOARD_SHIFT);
        if ((playerBoard | cpuBoard) & cellBit != 0) revert CellTaken(gameId, cell);

        playerBoard |= cellBit;
        uint8 cpuCell = Board.NONE;
        if (Board.isWin(playerBoard)) {
            result = Result.PlayerWon;
        } else if (playerBoard | cpuBoard == Board.FULL) {
            result = Result.Draw;
        } else {
            Difficulty difficulty = Difficulty((game >> _DIFFICULTY_SHIFT) & 3);
            uint256 seed = difficulty == Difficulty.Easy ? _easySeed(gameId, playerBoard | cpuBoard) : 0;
            cpuCell = _cpuMove(cpuBoard, playerBoard, difficulty, seed);
            cpuBoard |= Board.bit(cpuCell);
            if (Board.isWin(cpuBoard)) result = Result.CpuWon;
            else if (playerBoard | cpuBoard == Board.FULL) result = Result.Draw;
        }

        // Only bits are added: the new cells, and the result (whose field was InProgress = 0).
        _games[gameId] = game | (uint256(playerBoard) << _PLAYER_BOARD_SHIFT)
            | (uint256(cpuBoard) << _CPU_BOARD_SHIFT) | (uint256(result) << _RESULT_SHIFT);
        emit Moved(gameId, cell, cpuCell, result);
        if (result != Result.InProgress) emit GameEnded(gameId, result);
    }

    /// @inheritdoc ISoloTicTacToe
    function previewCpuMove(uint16 mine, uint16 theirs, Difficulty difficulty, uint256 seed)
        external
        pure
        returns (uint8 cell)
    {
        if ((mine | theirs) > Board.FULL) revert BoardOutOfRange(mine, theirs);
        if (mine & theirs != 0) revert BoardsOverlap(mine, theirs);
        if (mine | theirs == Board.FULL) revert BoardFull(mine, theirs);
        return _cpuMove(mine, theirs, difficulty, seed);
    }

    /// @inheritdoc ISoloTicTacToe
    function getGame(uint256 gameId)
        external
        view
        returns (address player, Difficulty difficulty, uint16 playerBoard, uint16 cpuBoard, Result result)
    {
        uint256 game = _games[gameId];
        if (game == 0) revert UnknownGame(gameId);
        player = _player(game);
        difficulty = Difficulty((game >> _DIFFICULTY_SHIFT) & 3);
        playerBoard = _board(game, _PLAYER_BOARD_SHIFT);
        cpuBoard = _board(game, _CPU_BOARD_SHIFT);
        result = Result((game >> _RESULT_SHIFT) & 3);
    }

    /// @inheritdoc ISoloTicTacToe
    function nextGameId() external view returns (uint256) {
        return _nextGameId;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         GAME WORD                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The player's address: bits 0..159 of a game word.
    function _player(uint256 game) private pure returns (address) {
        // casting to 'uint160' is safe because the player field is exactly the low 160 bits (see {_games})
        // forge-lint: disable-next-line(unsafe-typecast)
        return address(uint160(game));
    }

    /// @dev The 9-bit board at `shift` in a game word.
    function _board(uint256 game, uint256 shift) private pure returns (uint16) {
        // casting to 'uint16' is safe because the value is masked to nine bits
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint16((game >> shift) & _FULL);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                            CPU                             */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev The CPU's move with `mine` as its cells and `theirs` as the opponent's: one procedure, and the
    ///      difficulty says how far it goes.
    ///      1. All levels: a cell that wins now ({_winningCells}).
    ///      2. Easy: otherwise the k-th empty cell in ascending order, k = seed mod (number of empty cells).
    ///      3. Normal and Hard: a cell that blocks the opponent's win now.
    ///      4. Normal: otherwise the preferred cell. Normal never looks at forks, so it loses to
    ///         corner, opposite corner, third corner.
    ///      5. Hard: {_hardCell}.
    ///      Wherever several cells qualify, the first in the preferred order 4, 0, 2, 6, 8, 1, 3, 5, 7 is taken
    ///      ({_preferredCell}).
    ///
    ///      The masks must fit in nine bits, not overlap and leave an empty cell (the callers make sure); then the
    ///      result is always an empty cell, whatever the board.
    function _cpuMove(uint256 mine, uint256 theirs, Difficulty difficulty, uint256 seed)
        internal
        pure
        returns (uint8)
    {
        uint256 empty = _FULL & ~(mine | theirs);

        uint256 cells = _winningCells(mine, empty);
        if (cells != 0) return _preferredCell(cells);
        if (difficulty == Difficulty.Easy) return _randomCell(empty, seed);

        cells = _winningCells(theirs, empty);
        if (cells != 0) return _preferredCell(cells);
        if (difficulty == Difficulty.Normal) return _preferredCell(empty);

        return _hardCell(mine, theirs, empty);
    }

    /// @dev Step 5, for Hard, on a board where neither side can win in one move (steps 1 and 3 found nothing):
    ///      a. a fork: a cell after which the CPU has two or more threats;
    ///      b. else, if the opponent can fork at exactly one cell, that cell;
    ///      c. else, if the opponent can fork at several, a forcing move ({_forcingCells});
    ///      d. else (no opponent fork, or no forcing move) the preferred empty cell.
    function _hardCell(uint256 mine, uint256 theirs, uint256 empty) private pure returns (uint8) {
        (uint256 myThreats, uint256 myForks, uint256 theirForks) = _threatsAndForks(mine, theirs, empty);
        if (myForks != 0) return _preferredCell(myForks);
        if (theirForks != 0) {
            // Clearing the lowest set bit leaves nothing iff there is exactly one fork cell. No underflow:
            // theirForks is nonzero here.
            unchecked {
                if (theirForks & (theirForks - 1) == 0) return _preferredCell(theirForks);
            }
            // We have no fork (step a), so each of our threat-making cells makes exactly one threat.
            uint256 forcing = _forcingCells(mine, empty, myThreats, theirForks);
            if (forcing != 0) return _preferredCell(forcing);
        }
        return _preferredCell(empty);
    }

    /// @dev Step 5c: of `singleThreats` (the empty cells after which the CPU has exactly one threat), those whose
    ///      forced reply (the cell the opponent must then take to block) is not one of `theirForks`.
    ///
    ///      A cell's threat runs along the one line where its two line-mates are a CPU mark and an empty cell, and
    ///      that empty cell is the forced reply. So the answer is the cells whose mates, along some line, are a CPU
    ///      mark and an empty cell outside `theirForks` ({_lineMates}). A cell of `singleThreats` has one such
    ///      line at most, so no other line can wrongly qualify it.
    ///
    ///      Virtual only so that a test contract can weaken Hard by removing this rule; the production contract
    ///      calls it like any internal function.
    function _forcingCells(uint256 mine, uint256 empty, uint256 singleThreats, uint256 theirForks)
        internal
        pure
        virtual
        returns (uint256)
    {
        return _lineMates(mine, empty & ~theirForks) & singleThreats;
    }

    /// @dev The empty cells that would complete a line for `side`: every empty cell `c` with
    ///      `Board.isWin(side | 1 << c)`. If `side` already holds a line, that is every empty cell.
    ///
    ///      A cell completes a line iff both its mates on that line are `side`'s, that is iff it is in both
    ///      `prev(side)` and `next(side)` for that line's direction (see {_lineMates}); a cell of `side` whose mates
    ///      are `side`'s too means that `side` already holds the line.
    function _winningCells(uint256 side, uint256 empty) private pure returns (uint256) {
        uint256 diagonal = side & _DIAGONAL;
        uint256 antiDiagonal = side & _ANTI_DIAGONAL;
        uint256 completing = (
            (((side << 1) & _ROW_AFTER_FIRST) | ((side >> 2) & _ROW_FIRST))
                & (((side >> 1) & _ROW_BEFORE_LAST) | ((side << 2) & _ROW_LAST))
        ) | (((side << 3) | (side >> 6)) & ((side >> 3) | (side << 6)) & _FULL)
            | (((diagonal << 4) | (diagonal >> 8)) & ((diagonal >> 4) | (diagonal << 8)) & _DIAGONAL)
            | (((antiDiagonal << 2) | (antiDiagonal >> 4)) & ((antiDiagonal >> 2) | (antiDiagonal << 4)) & _ANTI_DIAGONAL);
        return completing & side != 0 ? empty : completing & empty;
    }

    /// @dev On a board where neither side holds a line or can complete one in one move: `myThreats`, the empty
    ///      cells after which `mine` threatens to win, `myForks`, those after which it threatens in two or more
    ///      ways, and `theirForks`, the same as `myForks` for `theirs`.
    ///
    ///      Why this is exact: after a side takes an empty cell `c`, each of its threats is a line through `c`
    ///      (a threat elsewhere would have been a win before `c`) holding one of its marks and one empty cell,
    ///      and two lines through `c` meet only at `c`, so their winning cells differ. So `c` makes as many threats
    ///      as there are lines through it with a mark of the side and none of the opponent: the side cannot have
    ///      two marks there, because with the third cell empty that would be a win now, and with it taken by the
    ///      side a line already held. Those lines are found a direction at a time by {_openLineCells}; a cell lies
    ///      on one line of each direction at most, so "two or more" is "in two of the four directions", counted
    ///      with `twice |= once & cells; once |= cells`.
    function _threatsAndForks(uint256 mine, uint256 theirs, uint256 empty)
        private
        pure
        returns (uint256 myThreats, uint256 myForks, uint256 theirForks)
    {
        uint256 theirThreats;
        (uint256 myCells, uint256 theirCells) =
            _openLineCells(mine, theirs, empty, _ROW_STRIDE, _ROW_FIRST, _ROW_SHAPE);
        myThreats = myCells;
        theirThreats = theirCells;

        (myCells, theirCells) = _openLineCells(mine, theirs, empty, _COLUMN_STRIDE, _COLUMN_FIRST, _COLUMN_SHAPE);
        myForks |= myThreats & myCells;
        myThreats |= myCells;
        theirForks |= theirThreats & theirCells;
        theirThreats |= theirCells;

        (myCells, theirCells) =
            _openLineCells(mine, theirs, empty, _DIAGONAL_STRIDE, _DIAGONAL_FIRST, _DIAGONAL_SHAPE);
        myForks |= myThreats & myCells;
        myThreats |= myCells;
        theirForks |= theirThreats & theirCells;
        theirThreats |= theirCells;

        (myCells, theirCells) = _openLineCells(
            mine, theirs, empty, _ANTI_DIAGONAL_STRIDE, _ANTI_DIAGONAL_FIRST, _ANTI_DIAGONAL_SHAPE
        );
        myForks |= myThreats & myCells;
        myThreats |= myCells;
        theirForks |= theirThreats & theirCells;
    }

    /// @dev For the lines of one direction, given by `stride` (distance between consecutive cells of a line),
    ///      `first` (the mask of each line's first cell) and `shape` (the mask of the line starting at cell 0):
    ///      the empty cells of the lines where `mine` has a mark and `theirs` none (`myCells`), and the other way
    ///      round (`theirCells`).
    ///
    ///      `x | x >> stride | x >> 2 * stride` brings a line's three cells onto its first cell, so masking with
    ///      `first` leaves one flag per line that `x` touches; a flag times `shape` paints the whole line back.
    function _openLineCells(
        uint256 mine,
        uint256 theirs,
        uint256 empty,
        uint256 stride,
        uint256 first,
        uint256 shape
    ) private pure returns (uint256 myCells, uint256 theirCells) {
        // No overflow: `stride` is at most 4, and a product is a mask of first cells (below 2^9) times a line
        // shape (below 2^9), painting disjoint lines, so it stays below 2^9 too.
        unchecked {
            uint256 mineOn = (mine | (mine >> stride) | (mine >> (2 * stride))) & first;
            uint256 theirsOn = (theirs | (theirs >> stride) | (theirs >> (2 * stride))) & first;
            myCells = ((mineOn & ~theirsOn) * shape) & empty;
            theirCells = ((theirsOn & ~mineOn) * shape) & empty;
        }
    }

    /// @dev The cells whose two mates on some line are one in `a` and the other in `b` (either way round).
    ///
    ///      Every line is a 3-cycle of cells; for each direction, `prev` and `next` shift a mask one step along the
    ///      cycle, so bit `c` of `prev(x)` says "x holds the cell before c on c's line" and bit `c` of `next(x)`
    ///      "x holds the cell after c". The mates of `c` are the cell before it and the cell after it.
    ///
    ///      - rows, cycle f -> f+1 -> f+2 -> f (f = 0, 3, 6):
    ///        prev(x) = (x << 1 on cells 1,2,4,5,7,8) | (x >> 2 on cells 0,3,6)
    ///        next(x) = (x >> 1 on cells 0,1,3,4,6,7) | (x << 2 on cells 2,5,8)
    ///      - columns, cycle f -> f+3 -> f+6 -> f (f = 0, 1, 2): a 9-bit rotation by 3 keeps every column
    ///        prev(x) = (x << 3 | x >> 6) & 0x1FF, next(x) = (x >> 3 | x << 6) & 0x1FF
    ///      - diagonal, cycle 0 -> 4 -> 8 -> 0, on d = x & 0x111:
    ///        prev(x) = (d << 4 | d >> 8) & 0x111, next(x) = (d >> 4 | d << 8) & 0x111
    ///      - anti-diagonal, cycle 2 -> 4 -> 6 -> 2, on d = x & 0x054:
    ///        prev(x) = (d << 2 | d >> 4) & 0x054, next(x) = (d >> 2 | d << 4) & 0x054
    ///      Masks must fit in nine bits.
    function _lineMates(uint256 a, uint256 b) private pure returns (uint256 cells) {
        cells = (((a << 1) & _ROW_AFTER_FIRST) | ((a >> 2) & _ROW_FIRST))
            & (((b >> 1) & _ROW_BEFORE_LAST) | ((b << 2) & _ROW_LAST));
        cells |= (((a >> 1) & _ROW_BEFORE_LAST) | ((a << 2) & _ROW_LAST))
            & (((b << 1) & _ROW_AFTER_FIRST) | ((b >> 2) & _ROW_FIRST));

        cells |= (((a << 3) | (a >> 6)) & ((b >> 3) | (b << 6)) & _FULL);
        cells |= (((a >> 3) | (a << 6)) & ((b << 3) | (b >> 6)) & _FULL);

        uint256 da = a & _DIAGONAL;
        uint256 db = b & _DIAGONAL;
        cells |= (((da << 4) | (da >> 8)) & ((db >> 4) | (db << 8)) & _DIAGONAL);
        cells |= (((da >> 4) | (da << 8)) & ((db << 4) | (db >> 8)) & _DIAGONAL);

        da = a & _ANTI_DIAGONAL;
        db = b & _ANTI_DIAGONAL;
        cells |= (((da << 2) | (da >> 4)) & ((db >> 2) | (db << 4)) & _ANTI_DIAGONAL);
        cells |= (((da >> 2) | (da << 4)) & ((db << 2) | (db >> 4)) & _ANTI_DIAGONAL);
    }

    /// @dev The first of `cells` (nonzero) in the preferred order 4, 0, 2, 6, 8, 1, 3, 5, 7: the centre, else the
    ///      lowest corner, else the lowest side (corners and sides are each in ascending order).
    function _preferredCell(uint256 cells) private pure returns (uint8) {
        if (cells & _CENTRE != 0) return 4;
        uint256 corners = cells & _CORNERS;
        return _lowestCell(corners != 0 ? corners : cells);
    }

    /// @dev Step 2 (Easy): the k-th (from 0) of the `empty` cells (nonzero) in ascending order, with
    ///      k = seed mod (number of empty cells).
    function _randomCell(uint256 empty, uint256 seed) private pure returns (uint8) {
        uint256 k = seed % _popCount(empty);
        // No underflow: `k` stops at 0, and `empty` keeps more than `k` set bits (it starts with more than `k`
        // and each round clears one), so it is never 0 when 1 is subtracted.
        unchecked {
            for (; k != 0; --k) {
                empty &= empty - 1;
            }
        }
        return _lowestCell(empty);
    }

    /// @dev The lowest cell of `cells` (nonzero, nine bits). `cells & -cells` isolates the lowest set bit; its
    ///      remainder modulo 11 picks its index from {_CELL_BY_BIT_MOD_11}.
    function _lowestCell(uint256 cells) private pure returns (uint8) {
        uint256 lowest;
        // `0 - cells` is the two's complement negation, meant to wrap.
        unchecked {
            lowest = cells & (0 - cells);
        }
        // casting to 'uint8' is safe because the value is one nibble (`& 0xF`)
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint8((_CELL_BY_BIT_MOD_11 >> ((lowest % 11) << 2)) & 0xF);
    }

    /// @dev The number of set bits of a nine-bit mask, summed in place (SWAR): first per pair of bits, then per
    ///      nibble, then the two nibbles and bit 8.
    function _popCount(uint256 x) private pure returns (uint256) {
        // No underflow: each 2-bit field of `x` is at least its own high bit, which is what is subtracted.
        unchecked {
            x -= (x >> 1) & 0x55;
        }
        x = (x & 0x133) + ((x >> 2) & 0x033);
        return (x & 0xF) + ((x >> 4) & 0xF) + (x >> 8);
    }

    /// @dev The seed of the Easy CPU's move in game `gameId` when the cells `occupied` are taken.
    ///
    ///      NOT secure randomness. Anyone can simulate the call before sending it (and send it only if they like
    ///      the outcome), and the proposer of the previous block can choose among block hashes. This is acceptable
    ///      here only because nothing is at stake: the worst case is a weak CPU playing a little more
    ///      conveniently. Never use this for anything that pays out.
    function _easySeed(uint256 gameId, uint16 occupied) private view returns (uint256) {
        // `block.number - 1` wraps only if block.number is 0 (a fresh test chain); blockhash of that is just 0.
        unchecked {
            return uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), address(this), gameId, occupied)));
        }
    }
}
