// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Board} from "../Board.sol";
import {ISoloTicTacToe} from "../interfaces/ISoloTicTacToe.sol";
import {ListedCpu} from "./utils/ListedCpu.sol";

/// @title OtherTieBreakSoloTicTacToe
/// @notice TEST ONLY. A perfect CPU that is not the engine's: the same procedure with another preferred order,
///         4, 8, 6, 2, 0, 7, 5, 3, 1, which is the interface's order turned half a turn (cell `i` becomes `8 - i`).
///         Every choice it makes is the engine's choice on the turned board, turned back, so its Hard never loses
///         and keeps the game's value, yet it answers differently from the engine on many positions.
/// @dev It exists to show that `same-as-engine` is informative: a correct contract passes every required property
///      while that one reports its count of differences. It implements the toolkit's `ISoloTicTacToe`, written as
///      a user would, with a struct per game.
contract OtherTieBreakSoloTicTacToe is ISoloTicTacToe, ListedCpu {
    /// @dev One game.
    struct Game {
        address player;
        Difficulty difficulty;
        uint16 playerBoard;
        uint16 cpuBoard;
        Result result;
    }

    mapping(uint256 gameId => Game) private _games;

    uint256 private _nextGameId = 1;

    /// @dev The half-turned order, one cell per nibble, the first in the lowest.
    function _order() internal pure override returns (uint256) {
        return 0x1_3_5_7_0_2_6_8_4;
    }

    /// @inheritdoc ISoloTicTacToe
    function newGame(uint8 difficulty, bool cpuFirst) external returns (uint256 gameId) {
        if (difficulty > uint8(Difficulty.Hard)) revert InvalidDifficulty(difficulty);
        gameId = _nextGameId++;
        Game storage g = _games[gameId];
        g.player = msg.sender;
        g.difficulty = Difficulty(difficulty);
        uint8 cpuCell = Board.NONE;
        if (cpuFirst) {
            cpuCell = _cpuMove(0, 0, difficulty, _seed(gameId, 0));
            g.cpuBoard = Board.bit(cpuCell);
        }
        emit GameStarted(gameId, msg.sender, Difficulty(difficulty), cpuCell);
    }

    /// @inheritdoc ISoloTicTacToe
    function play(uint256 gameId, uint8 cell) external {
        Game storage g = _games[gameId];
        if (g.player == address(0)) revert UnknownGame(gameId);
        if (g.player != msg.sender) revert NotYourGame(gameId, g.player, msg.sender);
        if (g.result != Result.InProgress) revert GameOver(gameId, g.result);
        uint16 cellBit = Board.bit(cell);
        if ((g.playerBoard | g.cpuBoard) & cellBit != 0) revert CellTaken(gameId, cell);

        uint16 playerBoard = g.playerBoard | cellBit;
        uint16 cpuBoard = g.cpuBoard;
        uint8 cpuCell = Board.NONE;
        Result result = Result.InProgress;
        if (Board.isWin(playerBoard)) {
            result = Result.PlayerWon;
        } else if (playerBoard | cpuBoard == Board.FULL) {
            result = Result.Draw;
        } else {
            cpuCell = _cpuMove(cpuBoard, playerBoard, uint8(g.difficulty), _seed(gameId, playerBoard | cpuBoard));
            cpuBoard |= Board.bit(cpuCell);
            if (Board.isWin(cpuBoard)) result = Result.CpuWon;
            else if (playerBoard | cpuBoard == Board.FULL) result = Result.Draw;
        }
        g.playerBoard = playerBoard;
        g.cpuBoard = cpuBoard;
        g.result = result;
        emit Moved(gameId, cell, cpuCell, result);
        if (result != Result.InProgress) emit GameEnded(gameId, result);
    }

    /// @inheritdoc ISoloTicTacToe
    function previewCpuMove(uint16 mine, uint16 theirs, uint8 difficulty, uint256 seed)
        external
        pure
        returns (uint8 cell)
    {
        if (difficulty > uint8(Difficulty.Hard)) revert InvalidDifficulty(difficulty);
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
        Game storage g = _games[gameId];
        if (g.player == address(0)) revert UnknownGame(gameId);
        return (g.player, g.difficulty, g.playerBoard, g.cpuBoard, g.result);
    }

    /// @inheritdoc ISoloTicTacToe
    function nextGameId() external view returns (uint256) {
        return _nextGameId;
    }

    /// @dev Easy's seed. NOT secure randomness: anyone can simulate the call first, and nothing is at stake here.
    function _seed(uint256 gameId, uint16 occupied) private view returns (uint256) {
        return uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), address(this), gameId, occupied)));
    }
}
