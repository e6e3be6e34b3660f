// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Board} from "../Board.sol";
import {ListedCpu} from "./utils/ListedCpu.sol";

/// @title BookSoloTicTacToe
/// @notice TEST ONLY. A solo contract in the shape of the dapp book's own (the first contract its readers write),
///         rebuilt from the book's description to show that `marubatsu prove` proves it as it stands: a public
///         `games(uint256)` getter of a struct in place of `getGame`, the events `MovePlayed` and `GameFinished`,
///         `newGame(difficulty, cpuFirst)` and `previewCpuMove(mine, theirs, difficulty, seed)` with enum levels,
///         and the Newell–Simon procedure with the order 4, 0, 2, 6, 8, 1, 3, 5, 7 ({ListedCpu}).
/// @dev The CPU answers in the player's transaction. A game is a struct in a mapping, as in the book; nothing here
///      is tuned for gas.
contract BookSoloTicTacToe is ListedCpu {
    /// @dev How far the CPU follows its procedure.
    enum Difficulty {
        Easy,
        Normal,
        Hard
    }

    /// @dev A game's state; every value but `InProgress` is final.
    enum Result {
        InProgress,
        PlayerWon,
        CpuWon,
        Draw
    }

    /// @dev One game: who plays it, at which level, both boards as masks, how many cells are taken, and its result.
    struct Game {
        address player;
        Difficulty difficulty;
        uint16 boardPlayer;
        uint16 boardCpu;
        uint8 moves;
        Result result;
    }

    /// @notice Every game by id (ids start at 1).
    mapping(uint256 gameId => Game) public games;

    /// @notice The id the next game gets.
    uint256 public nextGameId = 1;

    /// @dev Game `gameId` was started by `player`; `cpuCell` is the CPU's opening move, or 9 if the player opens.
    event GameCreated(uint256 indexed gameId, address indexed player, Difficulty difficulty, uint8 cpuCell);

    /// @dev `player` took `cell`, the CPU answered `cpuCell` (9 if the game ended first), and the game is `result`.
    event MovePlayed(uint256 indexed gameId, address indexed player, uint8 cell, uint8 cpuCell, Result result);

    /// @dev Game `gameId` ended with `result`.
    event GameFinished(uint256 indexed gameId, Result result);

    /// @dev The caller is not the player of game `gameId` (or there is no such game).
    error NotYourGame(uint256 gameId);

    /// @dev Game `gameId` is over.
    error GameOver(uint256 gameId, Result result);

    /// @dev `cell` of game `gameId` is taken.
    error CellTaken(uint256 gameId, uint8 cell);

    /// @dev The boards given to {previewCpuMove} overlap, exceed nine cells or leave no empty cell.
    error BadBoard(uint16 mine, uint16 theirs);

    /// @notice Starts a game against the CPU at `difficulty`; if `cpuFirst`, the CPU opens in this transaction.
    function newGame(Difficulty difficulty, bool cpuFirst) external returns (uint256 gameId) {
        gameId = nextGameId++;
        Game storage g = games[gameId];
        g.player = msg.sender;
        g.difficulty = difficulty;
        uint8 cpuCell = Board.NONE;
        if (cpuFirst) {
            cpuCell = _cpuMove(0, 0, uint8(difficulty), _seed(gameId, 0));
            g.boardCpu = Board.bit(cpuCell);
            g.moves = 1;
        }
        emit GameCreated(gameId, msg.sender, difficulty, cpuCell);
    }

    /// @notice The caller takes `cell` in game `gameId`, and the CPU answers unless that ends the game.
    function play(uint256 gameId, uint8 cell) external {
        Game storage g = games[gameId];
        if (g.player != msg.sender) revert NotYourGame(gameId);
        if (g.result != Result.InProgress) revert GameOver(gameId, g.result);
        uint16 cellBit = Board.bit(cell);
        if ((g.boardPlayer | g.boardCpu) & cellBit != 0) revert CellTaken(gameId, cell);

        uint16 boardPlayer = g.boardPlayer | cellBit;
        uint16 boardCpu = g.boardCpu;
        uint8 moves = g.moves + 1;
        uint8 cpuCell = Board.NONE;
        Result result = Result.InProgress;
        if (Board.isWin(boardPlayer)) {
            result = Result.PlayerWon;
        } else if (moves == 9) {
            result = Result.Draw;
        } else {
            cpuCell = _cpuMove(boardCpu, boardPlayer, uint8(g.difficulty), _seed(gameId, moves));
            // A CPU that names a taken cell is refused rather than allowed to overwrite the player's mark.
            if (!Board.contains(Board.emptyMask(boardPlayer, boardCpu), cpuCell)) revert CellTaken(gameId, cpuCell);
            boardCpu |= Board.bit(cpuCell);
            moves += 1;
            if (Board.isWin(boardCpu)) result = Result.CpuWon;
            else if (moves == 9) result = Result.Draw;
        }
        g.boardPlayer = boardPlayer;
        g.boardCpu = boardCpu;
        g.moves = moves;
        g.result = result;
        emit MovePlayed(gameId, msg.sender, cell, cpuCell, result);
        if (result != Result.InProgress) emit GameFinished(gameId, result);
    }

    /// @notice The cell the CPU at `difficulty` would take with `mine` against `theirs`; `seed` matters to Easy only.
    function previewCpuMove(uint16 mine, uint16 theirs, Difficulty difficulty, uint256 seed)
        external
        pure
        returns (uint8)
    {
        if (mine & theirs != 0 || (mine | theirs) >= FULL) revert BadBoard(mine, theirs);
        return _cpuMove(mine, theirs, uint8(difficulty), seed);
    }

    /// @dev Easy's seed. NOT secure randomness: anyone can simulate the call first, and nothing is at stake here.
    function _seed(uint256 gameId, uint8 moves) private view returns (uint256) {
        return uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), address(this), gameId, moves)));
    }
}
