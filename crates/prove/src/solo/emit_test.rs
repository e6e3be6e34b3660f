//! A counterexample a user can keep: the shortest losing line written as a Foundry test of their own contract,
//! so that their `forge test` replays it as a regression test. No forge-std: the test needs nothing but the
//! contract, and talks to it with low-level calls so that either dialect (and any enum types) works.

use std::fmt::Write;

use super::{
    dialect::SoloDialect,
    report::{LosingLine, Seat},
};
use crate::show::moves_in_turn;

/// The contract the emitted test deploys and how it reads a game.
#[derive(Clone, Copy, Debug)]
pub struct EmitTarget<'a> {
    /// The import path as the test file will see it (e.g. `../src/MySolo.sol`).
    pub import_path: &'a str,
    /// The contract's name (deployed with `new`, no constructor arguments).
    pub contract_name: &'a str,
    /// Its dialect, which decides the getter and where the boards and result are in its return data.
    pub dialect: &'a SoloDialect,
}

/// The Solidity text of a Foundry test that starts a Hard game from the losing seat, plays the human's cells of
/// `line`, and fails if the human won.
pub fn emit_foundry_test(line: &LosingLine, target: &EmitTarget<'_>) -> String {
    let name = target.contract_name;
    let (getter, player, cpu, result, words) = match target.dialect {
        SoloDialect::Marubatsu => ("getGame(uint256)", 2, 3, 4, 5),
        SoloDialect::Book(book) => (
            "games(uint256)",
            book.player_board,
            book.cpu_board,
            book.result,
            book.words,
        ),
    };
    let cells = line
        .human_cells
        .iter()
        .enumerate()
        .map(|(i, c)| if i == 0 { format!("uint8({c})") } else { c.to_string() })
        .collect::<Vec<_>>()
        .join(", ");
    let cpu_first = line.seat == Seat::CpuFirst;
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        r#"// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {{{name}}} from "{import}";

/// @notice Written by `marubatsu prove --emit-test`: the shortest line a human won against {name}'s Hard
///         ({seat}; every cell in turn: {moves}). It replays the human's cells as transactions and fails while
///         Hard still loses this line. Should Hard answer otherwise, the line no longer applies: the replay stops
///         where the human's next cell is taken or the game is over, and the test passes unless the human won.
contract {name}LosingLineTest {{
    {name} internal game;

    /// @dev The human won game `gameId` with the cells `playerBoard` (bit `i` = cell `i`).
    error HumanWon(uint256 gameId, uint256 playerBoard);

    /// @dev A call to the contract under test failed with `reason`.
    error CallFailed(string what, bytes reason);

    function setUp() public {{
        game = new {name}();
    }}

    function test_HardHoldsTheShortestLosingLine() public {{
        bytes memory started = _call("newGame", abi.encodeWithSignature("newGame(uint8,bool)", uint8(2), {cpu_first}));
        uint256 gameId = abi.decode(started, (uint256));
        uint8[{count}] memory cells = [{cells}];
        for (uint256 i; i < cells.length; ++i) {{
            (uint256 playerBoard, uint256 cpuBoard, uint256 result) = _read(gameId);
            if (result != 0 || ((playerBoard | cpuBoard) >> cells[i]) & 1 == 1) break;
            _call("play", abi.encodeWithSignature("play(uint256,uint8)", gameId, cells[i]));
        }}
        (uint256 finalPlayerBoard,, uint256 finalResult) = _read(gameId);
        // 1 is PlayerWon in the interface's Result.
        if (finalResult == 1) revert HumanWon(gameId, finalPlayerBoard);
    }}

    /// @dev Both boards and the result of game `gameId`, read from `{getter}` by position.
    function _read(uint256 gameId) internal view returns (uint256 playerBoard, uint256 cpuBoard, uint256 result) {{
        (bool ok, bytes memory data) = address(game).staticcall(abi.encodeWithSignature("{getter}", gameId));
        if (!ok || data.length < {bytes}) revert CallFailed("{getter}", data);
        /// @solidity memory-safe-assembly
        assembly {{
            playerBoard := mload(add(data, {player_at}))
            cpuBoard := mload(add(data, {cpu_at}))
            result := mload(add(data, {result_at}))
        }}
    }}

    function _call(string memory what, bytes memory data) internal returns (bytes memory returned) {{
        bool ok;
        (ok, returned) = address(game).call(data);
        if (!ok) revert CallFailed(what, returned);
    }}
}}
"#,
        import = target.import_path,
        seat = line.seat.words(),
        moves = moves_in_turn(&line.moves),
        count = line.human_cells.len(),
        bytes = words * 32,
        player_at = 32 + 32 * player,
        cpu_at = 32 + 32 * cpu,
        result_at = 32 + 32 * result,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_plays_the_humans_cells_from_the_losing_seat() {
        let line = LosingLine::from_moves(Seat::HumanFirst, &[0, 4, 8, 2, 6, 3, 7]);
        let text = emit_foundry_test(
            &line,
            &EmitTarget {
                import_path: "../src/MySolo.sol",
                contract_name: "MySolo",
                dialect: &SoloDialect::Marubatsu,
            },
        );
        assert!(text.contains(r#"import {MySolo} from "../src/MySolo.sol";"#));
        assert!(text.contains("uint8[4] memory cells = [uint8(0), 8, 6, 7];"));
        assert!(text.contains("uint8(2), false)"));
        assert!(text.contains("staticcall(abi.encodeWithSignature(\"getGame(uint256)\", gameId))"));
        assert!(text.contains("result := mload(add(data, 160))"));
        assert!(text.contains("(human first; every cell in turn: X 0, O 4, X 8, O 2, X 6, O 3, X 7)"));
    }
}
