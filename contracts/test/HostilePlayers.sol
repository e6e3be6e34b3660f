// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {ITicTacToe} from "../interfaces/ITicTacToe.sol";

/// @title HostilePlayer
/// @notice TEST ONLY. A contract that plays `TicTacToe` for whoever calls it, forwarding each call and the ether
///         sent with it, so that the game sees the contract as the player. What it does on receiving ether is
///         left to the recipients below, each hostile in its own way.
/// @dev Reverts bubble up unchanged (high-level calls re-throw the callee's revert data), so a caller sees the
///      game's own custom errors. The interface the Rust tests bind to is `IHostilePlayer` in
///      `tests/src/hostile.rs`.
abstract contract HostilePlayer {
    /// @dev The game contract this player plays on.
    ITicTacToe public immutable game;

    /// @dev How many times ether arrived (calls of `receive`).
    uint256 public received;

    constructor(ITicTacToe game_) {
        game = game_;
    }

    /// @dev Opens a game as X, staking the ether sent; only `opponent` may join (anyone if zero).
    function create(uint32 moveTimeout, address opponent) external payable returns (uint256) {
        return game.createGame{value: msg.value}(moveTimeout, opponent);
    }

    /// @dev Joins game `gameId` as O, staking the ether sent, on the terms the game shows.
    function join(uint256 gameId) external payable {
        (address creator,,, uint32 moveTimeout,,,,) = game.getGame(gameId);
        game.joinGame{value: msg.value}(gameId, creator, moveTimeout);
    }

    /// @dev Takes `cell` in game `gameId`.
    function play(uint256 gameId, uint8 cell) external {
        game.play(gameId, cell);
    }

    /// @dev Claims game `gameId` on the opponent's timeout.
    function claimTimeout(uint256 gameId) external {
        game.claimTimeout(gameId);
    }

    /// @dev Resigns game `gameId`.
    function resign(uint256 gameId) external {
        game.resign(gameId);
    }

    /// @dev Cancels unjoined game `gameId`.
    function cancel(uint256 gameId) external {
        game.cancel(gameId);
    }

    /// @dev Withdraws this contract's balance from the game into itself (where `receive` runs).
    function withdraw() external {
        game.withdraw();
    }

    /// @dev Withdraws this contract's balance from the game to `to`: how a player that refuses ether still gets
    ///      its winnings out.
    function withdrawTo(address payable to) external {
        game.withdrawTo(to);
    }
}

/// @title ReenteringPlayer
/// @notice TEST ONLY. On receiving ether it calls `withdraw` again, to take its balance a second time. It records
///         whether the re-entry succeeded, and accepts the ether in any case.
contract ReenteringPlayer is HostilePlayer {
    /// @dev Whether a re-entering `withdraw` succeeded (it never should: the balance is zero by then).
    bool public reentrySucceeded;

    /// @dev How many re-entering calls were made.
    uint256 public reentries;

    constructor(ITicTacToe game_) HostilePlayer(game_) {}

    receive() external payable {
        received += 1;
        reentries += 1;
        (bool ok,) = address(game).call(abi.encodeCall(ITicTacToe.withdraw, ()));
        if (ok) reentrySucceeded = true;
    }
}

/// @title RevertingPlayer
/// @notice TEST ONLY. Refuses every payment: its `receive` reverts.
contract RevertingPlayer is HostilePlayer {
    constructor(ITicTacToe game_) HostilePlayer(game_) {}

    receive() external payable {
        revert("no ether, thanks");
    }
}

/// @title GasBurningPlayer
/// @notice TEST ONLY. Burns all the gas it is given when ether arrives: its `receive` never returns.
contract GasBurningPlayer is HostilePlayer {
    constructor(ITicTacToe game_) HostilePlayer(game_) {}

    receive() external payable {
        // An endless loop: every call runs out of gas.
        while (true) {
            received += 1;
        }
    }
}

/// @title BlockHashProbe
/// @notice TEST ONLY. Tells the Rust tests the block hash the solo contract's Easy seed reads.
contract BlockHashProbe {
    /// @dev `blockhash(block.number - 1)`, exactly as `SoloTicTacToe._easySeed` reads it.
    function previousBlockHash() external view returns (bytes32) {
        unchecked {
            return blockhash(block.number - 1);
        }
    }
}
