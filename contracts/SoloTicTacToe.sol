// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Board} from "./Board.sol";
import {ISoloTicTacToe} from "./interfaces/ISoloTicTacToe.sol";

/// @title SoloTicTacToe
/// @notice Tic-tac-toe against a CPU that answers in the same transaction, at three difficulties.
/// @dev Why there are no stakes: the game is solved, so against a perfect CPU the player can at best draw. A bet
///      that can never be won is not a game, so this contract accepts no ether at all: no function takes any, and
///      ether sent with no call is refused with {EtherNotAccepted} (a call to no function of it, {UnknownFunction}).
///
///      The CPU is one procedure, and the difficulty is how far it goes (see {_cpuMove}). Its board arithmetic
///      works on 9-bit masks (cell `i` = bit `i`, row-major) held in `uint256`, with no loops over lines and no
///      memory: every line of a direction is handled at once by shifts ({_winningCells}, {_lineMates}), on both
///      boards at once in two copies of the board ({_winningCellsOfBoth}), or every line at once in eight copies of
///      the board ({_threatsAndForks}). It is checked against a literal
///      implementation of the procedure on every board.
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

    /// @dev {Difficulty} values as the functions take them (`uint8`, not the enum: the ABI decoder would reject
    ///      an enum value out of range with empty revert data, where this contract says {InvalidDifficulty}).
    uint256 private constant _EASY = uint256(Difficulty.Easy);
    /// @dev See {_EASY}.
    uint256 private constant _NORMAL = uint256(Difficulty.Normal);
    /// @dev See {_EASY}; the largest valid value.
    uint256 private constant _HARD = uint256(Difficulty.Hard);

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

    /// @dev Eight copies of a board in one word, 32 bits apart: a 1 at bit `32 * k` for k = 0..7. Multiplying a
    ///      9-bit mask by it copies the mask into every copy. Used by {_forceForkCells}, where copy `k` stands for
    ///      line `k` of {_LINE_PLANES}.
    uint256 private constant _PLANES = 0x0000000100000001000000010000000100000001000000010000000100000001;

    /// @dev Line `k` in copy `k`: rows 0x007, 0x038, 0x1C0, columns 0x049, 0x092, 0x124, diagonals 0x111, 0x054.
    uint256 private constant _LINE_PLANES = 0x0000005400000111000001240000009200000049000001C00000003800000007;

    /// @dev The masks of {_lineMates}, in every copy (the 9-bit mask times {_PLANES}, written out so that nothing is
    ///      computed at run time), so that it works on one board or on eight at once.
    uint256 private constant _ROW_AFTER_FIRST_ALL = 0x000001b6000001b6000001b6000001b6000001b6000001b6000001b6000001b6;
    /// @dev See {_ROW_AFTER_FIRST_ALL}.
    uint256 private constant _ROW_FIRST_ALL = 0x0000004900000049000000490000004900000049000000490000004900000049;
    /// @dev See {_ROW_AFTER_FIRST_ALL}.
    uint256 private constant _ROW_BEFORE_LAST_ALL = 0x000000db000000db000000db000000db000000db000000db000000db000000db;
    /// @dev See {_ROW_AFTER_FIRST_ALL}.
    uint256 private constant _ROW_LAST_ALL = 0x0000012400000124000001240000012400000124000001240000012400000124;
    /// @dev See {_ROW_AFTER_FIRST_ALL}.
    uint256 private constant _FULL_ALL = 0x000001ff000001ff000001ff000001ff000001ff000001ff000001ff000001ff;
    /// @dev See {_ROW_AFTER_FIRST_ALL}.
    uint256 private constant _DIAGONAL_ALL = 0x0000011100000111000001110000011100000111000001110000011100000111;
    /// @dev See {_ROW_AFTER_FIRST_ALL}.
    uint256 private constant _ANTI_DIAGONAL_ALL = 0x0000005400000054000000540000005400000054000000540000005400000054;

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

    /// @notice Refuses ether sent with no call, in words: this contract takes no ether at all.
    /// @dev Payable only so that the refusal is this error, not Solidity's empty revert for value sent to a
    ///      non-payable function; it always reverts, so no ether is ever taken.
    receive() external payable {
        revert EtherNotAccepted(msg.value);
    }

    /// @notice Refuses a call to no function of this contract, naming the selector it asked for.
    /// @dev Payable for the same reason as {receive}: with ether too, the refusal is still this error.
    fallback() external payable {
        revert UnknownFunction(msg.sig);
    }

    /// @inheritdoc ISoloTicTacToe
    function newGame(uint8 difficulty, bool cpuFirst) external returns (uint256 gameId) {
        if (difficulty > _HARD) revert InvalidDifficulty(difficulty);
        gameId = _nextGameId;
        // Cannot overflow: one id per transaction, and 2^256 transactions will never happen.
        unchecked {
            _nextGameId = gameId + 1;
        }

        uint8 cpuCell = Board.NONE;
        uint16 cpuBoard;
        if (cpuFirst) {
            cpuCell = _cpuMove(0, 0, difficulty, difficulty == _EASY ? _easySeed(gameId, 0) : 0);
            cpuBoard = Board.bit(cpuCell);
        }

        _games[gameId] = _EXISTS | (uint256(difficulty) << _DIFFICULTY_SHIFT)
            | (uint256(cpuBoard) << _CPU_BOARD_SHIFT) | uint256(uint160(msg.sender));
        emit GameStarted(gameId, msg.sender, Difficulty(difficulty), cpuCell);
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
            uint256 difficulty = (game >> _DIFFICULTY_SHIFT) & 3;
            uint256 seed = difficulty == _EASY ? _easySeed(gameId, playerBoard | cpuBoard) : 0;
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
    function previewCpuMove(uint16 mine, uint16 theirs, uint8 difficulty, uint256 seed)
        external
        pure
        returns (uint8 cell)
    {
        if (difficulty > _HARD) revert InvalidDifficulty(difficulty);
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
    ///      3. Normal and Hard: a cell that blocks the opponent's win now (found with step 1's in one pass over
    ///         both boards, {_winningCellsOfBoth}).
    ///      4. Normal: otherwise the preferred cell. Normal never looks at forks, so it loses to
    ///         corner, opposite corner, third corner.
    ///      5. Hard: {_hardCell}.
    ///      Wherever several cells qualify, the first in the preferred order 4, 0, 2, 6, 8, 1, 3, 5, 7 is taken
    ///      ({_preferredCell}).
    ///
    ///      The masks must fit in nine bits, not overlap and leave an empty cell (the callers make sure); then the
    ///      result is always an empty cell, whatever the board.
    function _cpuMove(uint256 mine, uint256 theirs, uint256 difficulty, uint256 seed)
        internal
        pure
        returns (uint8)
    {
        uint256 empty = _FULL & ~(mine | theirs);

        // Easy never blocks, so it looks at its own lines alone; Normal and Hard at both sides' in one pass.
        if (difficulty == _EASY) {
            uint256 wins = _winningCells(mine, empty);
            if (wins != 0) return _preferredCell(wins);
            return _randomCell(empty, seed);
        }
        (uint256 myWins, uint256 theirWins) = _winningCellsOfBoth(mine, theirs, empty);
        if (myWins != 0) return _preferredCell(myWins);
        if (theirWins != 0) return _preferredCell(theirWins);
        if (difficulty == _NORMAL) return _preferredCell(empty);

        return _hardCell(mine, theirs, empty);
    }

    /// @dev Step 5, for Hard, on a board where neither side can win in one move (steps 1 and 3 found nothing):
    ///      a. a fork: a cell after which the CPU has two or more threats;
    ///      b. if the opponent can fork at one cell at most: a forcing move after which the CPU can fork
    ///         ({_forceForkCells}), else that one fork cell;
    ///      c. if the opponent can fork at several: a forcing move ({_forcingCells}), else one of their fork
    ///         cells ({_forkCellsToTake});
    ///      d. else (no opponent fork, nothing to force) the preferred empty cell.
    ///      The force-to-a-fork move and the last resort of c are version 2's: with them Hard keeps the game's
    ///      value on every legal position, which {previewCpuMove} offers to anyone about any position.
    function _hardCell(uint256 mine, uint256 theirs, uint256 empty) private pure returns (uint8) {
        (
            uint256 myThreats,
            uint256 myForks,
            uint256 theirThreats,
            uint256 theirForks,
            uint256 threatsOnEmptyLines
        ) = _threatsAndForks(mine, theirs, empty);
        if (myForks != 0) return _preferredCell(myForks);
        uint256 cells;
        // Clearing the lowest set bit leaves nothing iff there is at most one fork cell. No underflow for a
        // nonzero `theirForks`; for zero the wrapped value is ANDed with zero.
        bool severalForks;
        unchecked {
            severalForks = theirForks & (theirForks - 1) != 0;
        }
        if (!severalForks) {
            cells = _forceForkCells(mine, theirs, theirThreats, theirForks, threatsOnEmptyLines);
            if (cells != 0) return _preferredCell(cells);
            if (theirForks != 0) return _preferredCell(theirForks);
        } else {
            // We have no fork (step a), so each of our threat-making cells makes exactly one threat.
            cells = _forcingCells(mine, empty, myThreats, theirForks);
            if (cells != 0) return _preferredCell(cells);
            cells = _forkCellsToTake(theirForks);
            if (cells != 0) return _preferredCell(cells);
        }
        return _preferredCell(empty);
    }

    /// @dev Step 5b: the cells of `myThreats` (each makes exactly one threat: we have no fork) after which, once
    ///      the opponent has taken the threat cell `t` (the forced reply), the CPU has a fork: any fork if `t`
    ///      threatens nothing, else the cell that blocks `t`'s one threat (two would win for them).
    ///
    ///      Why this is exact. Take `c` in `myThreats` on its one open line {m, c, t} (m ours). A fork at `f` after
    ///      `c` and `t` needs two lines through `f` with a mark of ours, none of theirs and a free third cell. At
    ///      most one of them passes through `c`, and `f` had at most one before (no fork at step a), so `f` is in
    ///      `myThreats` and shares with `c` a line that was empty. That line avoids `t` (it meets {m, c, t} only at
    ///      `c`), and `f`'s old line avoids `t` too (else `t` would lie on two of our open lines: a fork of ours
    ///      at step a). So, with `t` quiet (outside `theirThreats`), `c` qualifies iff an empty line holds `c` and
    ///      another cell of `myThreats`; with `t` threatening once (in `theirThreats`, not `theirForks`) at `w`,
    ///      iff an empty line holds `c` and `w`, and `w` is in `myThreats`; with `t` in `theirForks`, never.
    ///
    ///      The pairing "`c` and `w` on the same empty line" is kept by working on eight copies of the board at
    ///      once, one per line ({_PLANES}): copy `k` holds only the cells of `myThreats` on line `k`, and only if
    ///      line `k` is empty. In each copy, {_lineMates} against `theirs` finds the replies `t` whose threat `w`
    ///      lies in that copy, and {_lineMates} against `mine` then the cells `c` of that copy whose reply is such
    ///      a `t` (or a quiet one, in copies with two or more cells). {_lineMates} never moves a bit more than 8
    ///      places and masks every shifted term to nine bits, so the 32-bit copies never mix.
    ///
    ///      Virtual only so that a test contract can keep Hard as it was before version 2.
    function _forceForkCells(
        uint256 mine,
        uint256 theirs,
        uint256 theirThreats,
        uint256 theirForks,
        uint256 onEmptyLines
    ) internal pure virtual returns (uint256 cells) {
        // The steps above in one assembly block, {_lineMates} inlined twice: this is the dearest path of Hard,
        // and the Solidity version spent ~190 gas more on calls and stack shuffling, which {previewCpuMove}'s
        // budget (4,500 gas) does not have. Nothing overflows: every copy holds at most nine
        // bits at the bottom of its 32 (a 9-bit mask or a per-copy flag times `_FULL` or {_PLANES} stays inside
        // its copy), and the sums and differences stay inside 16 bits of each copy.
        /// @solidity memory-safe-assembly
        assembly {
            // `cells` holds the paired copies' flags first: copies with two or more cells, found as `x & (x - 1)`
            // per copy (bit 16 of each copy keeps the borrow in), then flagged: adding 0x7FFF to 1..0x1FF sets
            // bit 15, to 0 it does not.
            cells := and(
                shr(15, add(and(onEmptyLines, sub(or(onEmptyLines, shl(16, _PLANES)), _PLANES)), mul(_PLANES, 0x7FFF))),
                _PLANES
            )
            if cells {
                let pairedCells := mul(cells, _FULL)
                // From here on, `onEmptyLines` keeps only the paired copies.
                onEmptyLines := and(onEmptyLines, pairedCells)
                // Replies that threaten once, at a cell of their own copy: {_lineMates}(theirs in every copy, the
                // copies), inlined term by term (see there), as it is again below.
                {
                    let a := mul(theirs, _PLANES)
                    let pa := or(and(shl(1, a), _ROW_AFTER_FIRST_ALL), and(shr(2, a), _ROW_FIRST_ALL))
                    let na := or(and(shr(1, a), _ROW_BEFORE_LAST_ALL), and(shl(2, a), _ROW_LAST_ALL))
                    let pb :=
                        or(and(shl(1, onEmptyLines), _ROW_AFTER_FIRST_ALL), and(shr(2, onEmptyLines), _ROW_FIRST_ALL))
                    let nb :=
                        or(and(shr(1, onEmptyLines), _ROW_BEFORE_LAST_ALL), and(shl(2, onEmptyLines), _ROW_LAST_ALL))
                    cells := or(and(pa, nb), and(na, pb))
                    pa := or(shl(3, a), shr(6, a))
                    na := or(shr(3, a), shl(6, a))
                    pb := or(shl(3, onEmptyLines), shr(6, onEmptyLines))
                    nb := or(shr(3, onEmptyLines), shl(6, onEmptyLines))
                    cells := or(cells, and(or(and(pa, nb), and(na, pb)), _FULL_ALL))
                    let d := and(a, _DIAGONAL_ALL)
                    let e := and(onEmptyLines, _DIAGONAL_ALL)
                    pa := or(shl(4, d), shr(8, d))
                    na := or(shr(4, d), shl(8, d))
                    pb := or(shl(4, e), shr(8, e))
                    nb := or(shr(4, e), shl(8, e))
                    cells := or(cells, and(or(and(pa, nb), and(na, pb)), _DIAGONAL_ALL))
                    d := and(a, _ANTI_DIAGONAL_ALL)
                    e := and(onEmptyLines, _ANTI_DIAGONAL_ALL)
                    pa := or(shl(2, d), shr(4, d))
                    na := or(shr(2, d), shl(4, d))
                    pb := or(shl(2, e), shr(4, e))
                    nb := or(shr(2, e), shl(4, e))
                    cells := or(cells, and(or(and(pa, nb), and(na, pb)), _ANTI_DIAGONAL_ALL))
                }
                // Those replies, and the quiet ones (in every paired copy).
                cells := or(
                    and(cells, mul(and(theirThreats, not(theirForks)), _PLANES)),
                    and(mul(and(_FULL, not(or(or(mine, theirs), theirThreats))), _PLANES), pairedCells)
                )
                // The cells of each copy whose reply is one of that copy's: {_lineMates}(mine in every copy,
                // the replies).
                {
                    let a := mul(mine, _PLANES)
                    let pa := or(and(shl(1, a), _ROW_AFTER_FIRST_ALL), and(shr(2, a), _ROW_FIRST_ALL))
                    let na := or(and(shr(1, a), _ROW_BEFORE_LAST_ALL), and(shl(2, a), _ROW_LAST_ALL))
                    let pb := or(and(shl(1, cells), _ROW_AFTER_FIRST_ALL), and(shr(2, cells), _ROW_FIRST_ALL))
                    let nb := or(and(shr(1, cells), _ROW_BEFORE_LAST_ALL), and(shl(2, cells), _ROW_LAST_ALL))
                    let m := or(and(pa, nb), and(na, pb))
                    pa := or(shl(3, a), shr(6, a))
                    na := or(shr(3, a), shl(6, a))
                    pb := or(shl(3, cells), shr(6, cells))
                    nb := or(shr(3, cells), shl(6, cells))
                    m := or(m, and(or(and(pa, nb), and(na, pb)), _FULL_ALL))
                    let d := and(a, _DIAGONAL_ALL)
                    let e := and(cells, _DIAGONAL_ALL)
                    pa := or(shl(4, d), shr(8, d))
                    na := or(shr(4, d), shl(8, d))
                    pb := or(shl(4, e), shr(8, e))
                    nb := or(shr(4, e), shl(8, e))
                    m := or(m, and(or(and(pa, nb), and(na, pb)), _DIAGONAL_ALL))
                    d := and(a, _ANTI_DIAGONAL_ALL)
                    e := and(cells, _ANTI_DIAGONAL_ALL)
                    pa := or(shl(2, d), shr(4, d))
                    na := or(shr(2, d), shl(4, d))
                    pb := or(shl(2, e), shr(4, e))
                    nb := or(shr(2, e), shl(4, e))
                    m := or(m, and(or(and(pa, nb), and(na, pb)), _ANTI_DIAGONAL_ALL))
                    cells := and(m, onEmptyLines)
                }
                cells := or(cells, shr(128, cells))
                cells := or(cells, shr(64, cells))
                cells := and(or(cells, shr(32, cells)), _FULL)
            }
        }
    }

    /// @dev Step 5c's last resort, when the opponent can fork at several cells and no forcing move exists: all of
    ///      their fork cells, of which the preferred one is taken. On a legal board this holds the draw (the
    ///      other fork cells then lose their second threat); the centre, which Hard took before version 2, did
    ///      not.
    ///
    ///      Virtual only so that a test contract can keep Hard as it was before version 2.
    function _forkCellsToTake(uint256 theirForks) internal pure virtual returns (uint256) {
        return theirForks;
    }

    /// @dev Step 5c's forcing move: of `singleThreats` (the empty cells after which the CPU has exactly one
    ///      threat), those whose forced reply (the cell the opponent must then take to block) is not one of
    ///      `theirForks`.
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

    /// @dev {_winningCells} of `mine` and of `theirs` in one pass: `mine` in copy 0 and `theirs` in copy 1 of
    ///      {_PLANES}, so that each term below does both boards at once with the per-copy masks of {_lineMates}.
    ///      No shift moves a bit by more than 8, so copy 0 reaches at most bit 16 and copy 1 at least bit 24,
    ///      both outside the other's nine bits, and each term is masked back to the copies' nine bits.
    function _winningCellsOfBoth(uint256 mine, uint256 theirs, uint256 empty)
        private
        pure
        returns (uint256 myCells, uint256 theirCells)
    {
        // The terms of {_winningCells}. In assembly because the same in Solidity cost 96 gas more per Normal and
        // Hard reply on average (`marubatsu gas`), two thirds of what the single pass saves.
        /// @solidity memory-safe-assembly
        assembly {
            let both := or(mine, shl(32, theirs))
            // Rows, columns, diagonal, anti-diagonal: `prev(both) & next(both)` as {_lineMates} defines them.
            let completing := and(
                or(and(shl(1, both), _ROW_AFTER_FIRST_ALL), and(shr(2, both), _ROW_FIRST_ALL)),
                or(and(shr(1, both), _ROW_BEFORE_LAST_ALL), and(shl(2, both), _ROW_LAST_ALL))
            )
            completing := or(
                completing, and(and(or(shl(3, both), shr(6, both)), or(shr(3, both), shl(6, both))), _FULL_ALL)
            )
            let d := and(both, _DIAGONAL_ALL)
            completing := or(completing, and(and(or(shl(4, d), shr(8, d)), or(shr(4, d), shl(8, d))), _DIAGONAL_ALL))
            d := and(both, _ANTI_DIAGONAL_ALL)
            completing := or(
                completing, and(and(or(shl(2, d), shr(4, d)), or(shr(2, d), shl(4, d))), _ANTI_DIAGONAL_ALL)
            )
            myCells := and(completing, _FULL)
            theirCells := and(shr(32, completing), _FULL)
            // A side that already holds a line wins on every empty cell, as in {_winningCells}.
            if and(myCells, mine) { myCells := _FULL }
            if and(theirCells, theirs) { theirCells := _FULL }
            myCells := and(myCells, empty)
            theirCells := and(theirCells, empty)
        }
    }

    /// @dev On a board where neither side holds a line or can complete one in one move: `myThreats`, the empty
    ///      cells after which `mine` threatens to win, `myForks`, those after which it threatens in two or more
    ///      ways, and `theirThreats` and `theirForks`, the same for `theirs`; and `threatsOnEmptyLines`, copy `k` of
    ///      which (see {_PLANES}) holds the cells of `myThreats` on line `k` of {_LINE_PLANES} if that line has no
    ///      mark at all, for {_forceForkCells}.
    ///
    ///      Why this is exact: after a side takes an empty cell `c`, each of its threats is a line through `c`
    ///      (a threat elsewhere would have been a win before `c`) holding one of its marks and one empty cell,
    ///      and two lines through `c` meet only at `c`, so their winning cells differ. So `c` makes as many threats
    ///      as there are lines through it with a mark of the side and none of the opponent: the side cannot have
    ///      two marks there, because with the third cell empty that would be a win now, and with it taken by the
    ///      side a line already held.
    ///
    ///      All eight lines are looked at at once, each in its own copy of the board ({_LINE_PLANES}): copy `k`
    ///      of `x * _PLANES & _LINE_PLANES` is `x` on line `k`. Adding 0x7FFF to each copy sets its bit 15 iff the
    ///      copy is not zero (a copy holds at most nine bits, so no sum leaves its 16), which flags the lines `x`
    ///      touches; a flag times `_FULL` paints its copy back. The open lines' empty cells, copy by copy, are then
    ///      folded in halves (128 bits, 64, 32) into the cells that lie on one open line or more (`once`), and on
    ///      two or more (`twice`: twice in either half, or once in both). Only the low half of each fold is
    ///      meaningful; the final nine-bit mask drops the rest.
    function _threatsAndForks(uint256 mine, uint256 theirs, uint256 empty)
        private
        pure
        returns (
            uint256 myThreats,
            uint256 myForks,
            uint256 theirThreats,
            uint256 theirForks,
            uint256 threatsOnEmptyLines
        )
    {
        // In assembly for the same reason as {_forceForkCells}, which this feeds; no overflow, as there.
        /// @solidity memory-safe-assembly
        assembly {
            // The lines each side touches: a 1 at the bottom of each copy that is not zero (see above).
            let mineLines := and(shr(15, add(and(mul(mine, _PLANES), _LINE_PLANES), mul(_PLANES, 0x7FFF))), _PLANES)
            let theirLines :=
                and(shr(15, add(and(mul(theirs, _PLANES), _LINE_PLANES), mul(_PLANES, 0x7FFF))), _PLANES)
            let emptyCells := and(mul(empty, _PLANES), _LINE_PLANES)
            // Each side's open lines' empty cells, folded into the cells in one copy or more and in two or more
            // (see above); the copies are written out twice rather than as a Yul function, which Slither would
            // report as dead code.
            {
                let copies := and(mul(and(mineLines, not(theirLines)), _FULL), emptyCells)
                let twice := and(copies, shr(128, copies))
                let once := or(copies, shr(128, copies))
                twice := or(or(twice, shr(64, twice)), and(once, shr(64, once)))
                once := or(once, shr(64, once))
                myForks := and(or(or(twice, shr(32, twice)), and(once, shr(32, once))), _FULL)
                myThreats := and(or(once, shr(32, once)), _FULL)
            }
            {
                let copies := and(mul(and(theirLines, not(mineLines)), _FULL), emptyCells)
                let twice := and(copies, shr(128, copies))
                let once := or(copies, shr(128, copies))
                twice := or(or(twice, shr(64, twice)), and(once, shr(64, once)))
                once := or(once, shr(64, once))
                theirForks := and(or(or(twice, shr(32, twice)), and(once, shr(32, once))), _FULL)
                theirThreats := and(or(once, shr(32, once)), _FULL)
            }
            // Copy k: the cells of `myThreats` on line k, if line k has no mark at all.
            let emptyLines := and(_PLANES, not(or(mineLines, theirLines)))
            threatsOnEmptyLines := and(and(mul(myThreats, _PLANES), _LINE_PLANES), mul(emptyLines, _FULL))
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
    ///      Masks must fit in nine bits, or be eight such boards in the 32-bit copies of {_PLANES}: every mask
    ///      here is repeated in each copy, and no shift moves a bit by more than 8, so copies never mix.
    function _lineMates(uint256 a, uint256 b) private pure returns (uint256 cells) {
        // The formulas above, term by term; in assembly because this runs twice in the dearest Hard positions and
        // the compiled Solidity spent about as much on stack shuffling as on the arithmetic.
        /// @solidity memory-safe-assembly
        assembly {
            // Rows: prev(x) = (x << 1 on cells 1,2,4,5,7,8) | (x >> 2 on cells 0,3,6),
            //       next(x) = (x >> 1 on cells 0,1,3,4,6,7) | (x << 2 on cells 2,5,8).
            let prevA := or(and(shl(1, a), _ROW_AFTER_FIRST_ALL), and(shr(2, a), _ROW_FIRST_ALL))
            let nextA := or(and(shr(1, a), _ROW_BEFORE_LAST_ALL), and(shl(2, a), _ROW_LAST_ALL))
            let prevB := or(and(shl(1, b), _ROW_AFTER_FIRST_ALL), and(shr(2, b), _ROW_FIRST_ALL))
            let nextB := or(and(shr(1, b), _ROW_BEFORE_LAST_ALL), and(shl(2, b), _ROW_LAST_ALL))
            cells := or(and(prevA, nextB), and(nextA, prevB))
            // Columns: a rotation of the nine bits by 3 either way (the mask applied once, to the result).
            prevA := or(shl(3, a), shr(6, a))
            nextA := or(shr(3, a), shl(6, a))
            prevB := or(shl(3, b), shr(6, b))
            nextB := or(shr(3, b), shl(6, b))
            cells := or(cells, and(or(and(prevA, nextB), and(nextA, prevB)), _FULL_ALL))
            // Diagonal 0, 4, 8: a rotation by 4 of the diagonal's bits.
            let d := and(a, _DIAGONAL_ALL)
            let e := and(b, _DIAGONAL_ALL)
            prevA := or(shl(4, d), shr(8, d))
            nextA := or(shr(4, d), shl(8, d))
            prevB := or(shl(4, e), shr(8, e))
            nextB := or(shr(4, e), shl(8, e))
            cells := or(cells, and(or(and(prevA, nextB), and(nextA, prevB)), _DIAGONAL_ALL))
            // Anti-diagonal 2, 4, 6: a rotation by 2 of its bits.
            d := and(a, _ANTI_DIAGONAL_ALL)
            e := and(b, _ANTI_DIAGONAL_ALL)
            prevA := or(shl(2, d), shr(4, d))
            nextA := or(shr(2, d), shl(4, d))
            prevB := or(shl(2, e), shr(4, e))
            nextB := or(shr(2, e), shl(4, e))
            cells := or(cells, and(or(and(prevA, nextB), and(nextA, prevB)), _ANTI_DIAGONAL_ALL))
        }
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
