// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {PvpRules} from "./PvpRules.t.sol";
import {EventLogTicTacToe} from "./EventLogTicTacToe.t.sol";
import {TicTacToe} from "../../TicTacToe.sol";
import {ITicTacToe} from "../../interfaces/ITicTacToe.sol";
import {HostilePlayer, ReenteringPlayer, RevertingPlayer} from "../HostilePlayers.sol";

/// @title PvpEventsCheck
/// @notice halmos proofs of what the PvP contract SAYS: every event's fields and every custom error's selector and
///         fields, compared with the rules. halmos 0.3.3 reads no logs, so these checks run on `EventLogTicTacToe`,
///         a copy of `contracts/TicTacToe.sol` that `script/halmos-check.py` makes on every run (and from every
///         mutant), which also hashes each event it emits into one storage word; the checks hash the events the
///         rules give the same way and compare the two words after every call.
contract PvpEventsCheck is PvpRules {
    /// @dev Turns after the join: two, enough for a move that hands the turn over (`Moved` with its new deadline)
    ///      and every ending after a move (a win needs five moves: {check_aWholeGameEndsByTheRules} has those, for
    ///      the state).
    uint256 internal constant EVENTS_TURNS = 2;

    function _deploy() internal override returns (TicTacToe) {
        return TicTacToe(payable(address(new EventLogTicTacToe(_CLAIM_BLOCKS))));
    }

    /// @notice {PvpRulesCheck.check_everyTurnFollowsTheRules}'s game (public or private, any stake, time limit and
    ///         joiner, the join naming any terms) for {EVENTS_TURNS} turns of any account after any time and blocks,
    ///         with, after every call: the events it emitted exactly the rules' (`GameCreated`, `GameJoined`,
    ///         `Moved` with the new deadline or 0, `GameEnded` with its reason and winner, then each
    ///         `BalanceCredited`, in that order), and the revert data of every refused call exactly the custom
    ///         error the rules give, with every field.
    function check_everyEventAndErrorFollowsTheRules() public {
        eventsChecked = true;
        _everyTurnFollowsTheRules(EVENTS_TURNS);
    }

    /// @notice `withdrawTo` a recipient that refuses ether reverts with `TransferFailed(recipient, amount)` and keeps
    ///         the whole balance; `withdrawTo` a player contract that re-enters `withdraw` from its `receive` pays
    ///         it once: the re-entry is refused, another game's stake stays in the contract, and `Withdrawn` is
    ///         emitted once, with the amount paid.
    function check_withdrawToRefusingAndReenteringRecipients() public {
        eventsChecked = true;
        _enterActors();
        address x = actors[0];
        uint256 stake = svm.createUint(96, "stake");
        uint256 otherStake = svm.createUint(96, "otherStake");
        vm.assume(stake != 0 && otherStake != 0);
        // Another game's stake in the contract: what a second payment of the same balance would take.
        _call(actors[1], otherStake, abi.encodeCall(ITicTacToe.createGame, (uint256(60), address(0))));
        _expect(abi.encode(ITicTacToe.GameCreated.selector, uint256(1), actors[1], address(0), otherStake, 60));

        // An ordinary player's balance, to a recipient that refuses it.
        _call(x, stake, abi.encodeCall(ITicTacToe.createGame, (uint256(60), address(0))));
        _call(x, 0, abi.encodeCall(ITicTacToe.cancel, (2)));
        _expect(abi.encode(ITicTacToe.GameCreated.selector, uint256(2), x, address(0), stake, 60));
        _expect(abi.encode(ITicTacToe.GameEnded.selector, uint256(2), ITicTacToe.EndReason.Cancellation, address(0)));
        _expect(abi.encode(ITicTacToe.BalanceCredited.selector, x, stake));
        _assertEvents();
        RevertingPlayer refuser = new RevertingPlayer(ITicTacToe(address(ttt)));
        ReenteringPlayer player = new ReenteringPlayer(ITicTacToe(address(ttt)));
        // The accounts are people: none of them is where the two contracts were just deployed.
        for (uint256 i; i < 3; ++i) {
            vm.assume(actors[i] != address(refuser) && actors[i] != address(player));
        }
        bytes memory refused = abi.encodeWithSelector(ITicTacToe.TransferFailed.selector, address(refuser), stake);
        assert(_try(x, 0, abi.encodeCall(ITicTacToe.withdrawTo, (payable(address(refuser)))), refused) == 0);
        assert(_pendingOf(x) == stake && address(ttt).balance == stake + otherStake);
        _assertEvents();

        // A player contract that re-enters: its balance, withdrawn to itself through `withdrawTo`.
        vm.prank(actors[2]);
        (bool ok,) = address(player).call{value: stake}(abi.encodeCall(HostilePlayer.create, (uint32(60), address(0))));
        assert(ok);
        (ok,) = address(player).call(abi.encodeCall(HostilePlayer.cancel, (3)));
        assert(ok && _pendingOf(address(player)) == stake);
        _expect(abi.encode(ITicTacToe.GameCreated.selector, uint256(3), address(player), address(0), stake, 60));
        _expect(abi.encode(ITicTacToe.GameEnded.selector, uint256(3), ITicTacToe.EndReason.Cancellation, address(0)));
        _expect(abi.encode(ITicTacToe.BalanceCredited.selector, address(player), stake));
        (ok,) = address(player).call(abi.encodeCall(HostilePlayer.withdrawTo, (payable(address(player)))));
        assert(ok && !player.reentrySucceeded() && player.reentries() == 1);
        assert(_pendingOf(address(player)) == 0 && address(player).balance == stake);
        // The refused balance and the other game's stake are still there, and owed.
        assert(address(ttt).balance == stake + otherStake && _pendingOf(x) == stake);
        _expect(abi.encode(ITicTacToe.Withdrawn.selector, address(player), address(player), stake));
        _assertEvents();
    }
}
