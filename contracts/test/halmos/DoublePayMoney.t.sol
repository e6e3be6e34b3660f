// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {PvpMoneyCheck} from "./PvpMoney.t.sol";
import {TicTacToe} from "../../TicTacToe.sol";
import {DoublePayTicTacToe} from "../DoublePayTicTacToe.sol";

/// @title DoublePayMoney
/// @notice The PvP money checks run against `DoublePayTicTacToe`, which credits every payout twice. Every check
///         that can reach a payout MUST fail here with a counterexample: a proof that cannot fail proves nothing.
///         `script/halmos-check.py` fails CI if one of them passes.
contract DoublePayMoneyCheck is PvpMoneyCheck {
    function _deploy() internal override returns (TicTacToe) {
        return new DoublePayTicTacToe(_CLAIM_BLOCKS);
    }
}
