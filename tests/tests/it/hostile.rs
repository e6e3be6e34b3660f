//! Hostile recipients against the PvP contract: a contract that re-enters `withdraw` when ether arrives, one
//! whose `receive` reverts, and one that burns all the gas it is given (`contracts/test/HostilePlayers.sol`).
//! None can block a game, take more than it is owed, or strand another player's funds. (The state-machine
//! test in `pvp_machine.rs` also plays them at random; these are the same claims, one scenario at a time.)

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use marubatsu_chain::{
    bindings::ITicTacToe::{self, Status},
    evm::{Chain, TxError},
};
use marubatsu_tests::{
    chain_with_pvp,
    hostile::{self, Hostility, IHostilePlayer, IReenteringPlayer},
};

const STAKE: U256 = U256::from_limbs([1_000_000_000_000_000_000, 0, 0, 0]);
const TIMEOUT: u32 = 600;
/// Blocks a timeout claim needs after the turn began.
const CLAIM_BLOCKS: u32 = 3;

struct Table {
    chain: Chain,
    game: Address,
    /// The hostile contract, playing for `controller`.
    hostile: Address,
    controller: Address,
    kind: Hostility,
    /// Two honest players.
    alice: Address,
    bob: Address,
}

fn table(kind: Hostility) -> Table {
    let (mut chain, game) = chain_with_pvp("TicTacToe", CLAIM_BLOCKS);
    let accounts = chain.accounts().to_vec();
    let hostile = hostile::deploy(&mut chain, accounts[0], kind, game);
    Table {
        chain,
        game,
        hostile,
        controller: accounts[1],
        kind,
        alice: accounts[2],
        bob: accounts[3],
    }
}

impl Table {
    /// The time limit passes and the claim blocks are mined.
    fn time_runs_out(&mut self) {
        let (number, now) = (self.chain.block_number(), self.chain.timestamp());
        self.chain
            .set_block(number + u64::from(CLAIM_BLOCKS), now + u64::from(TIMEOUT) + 1);
    }

    /// The hostile contract sends `call` (through its forwarding function `proxied`) with `value`.
    fn hostile<C: SolCall>(&mut self, value: U256, proxied: &C) -> Result<(), TxError> {
        self.chain
            .send_value(self.controller, self.hostile, value, proxied)
            .map(|_| ())
    }

    fn honest<C: SolCall>(&mut self, from: Address, value: U256, call: &C) -> Result<(), TxError> {
        self.chain.send_value(from, self.game, value, call).map(|_| ())
    }

    fn next_id(&mut self) -> U256 {
        self.chain.view(self.game, &ITicTacToe::nextGameIdCall {}).unwrap()
    }

    /// A staked game, the hostile contract as X against `opponent`, joined and ready.
    fn hostile_creates(&mut self, opponent: Address) -> U256 {
        let id = self.next_id();
        self.hostile(
            STAKE,
            &IHostilePlayer::createCall {
                moveTimeout: TIMEOUT,
                opponent: Address::ZERO,
            },
        )
        .unwrap();
        let creator = self.hostile;
        self.honest(
            opponent,
            STAKE,
            &ITicTacToe::joinGameCall {
                gameId: id,
                creator,
                moveTimeout: U256::from(TIMEOUT),
            },
        )
        .unwrap();
        id
    }

    /// A staked game, `creator` as X against the hostile contract as O.
    fn hostile_joins(&mut self, creator: Address) -> U256 {
        let id = self.next_id();
        self.honest(
            creator,
            STAKE,
            &ITicTacToe::createGameCall {
                moveTimeout: U256::from(TIMEOUT),
                opponent: Address::ZERO,
            },
        )
        .unwrap();
        self.hostile(STAKE, &IHostilePlayer::joinCall { gameId: id }).unwrap();
        id
    }

    /// Plays `cells` in turn, X first; `x_is_hostile` says who X is, and `other` is the honest player.
    fn play(&mut self, id: U256, cells: &[u8], x_is_hostile: bool, other: Address) {
        for (turn, &cell) in cells.iter().enumerate() {
            let hostile_moves = (turn % 2 == 0) == x_is_hostile;
            if hostile_moves {
                self.hostile(U256::ZERO, &IHostilePlayer::playCall { gameId: id, cell })
            } else {
                self.honest(
                    other,
                    U256::ZERO,
                    &ITicTacToe::playCall {
                        gameId: id,
                        cell: U256::from(cell),
                    },
                )
            }
            .unwrap_or_else(|err| panic!("move {cell} of game {id}: {err}"));
        }
    }

    fn status(&mut self, id: U256) -> Status {
        self.chain
            .view(self.game, &ITicTacToe::getGameCall { gameId: id })
            .unwrap()
            .status
    }

    fn pending(&mut self, account: Address) -> U256 {
        self.chain
            .view(self.game, &ITicTacToe::pendingBalanceCall { account })
            .unwrap()
    }

    /// The hostile contract withdraws: it gets exactly what it was owed if it takes ether at all, and
    /// otherwise the call fails with `TransferFailed` and nothing changes. Returns what it received.
    fn hostile_withdraws(&mut self) -> U256 {
        let owed = self.pending(self.hostile);
        let (held, own) = (self.chain.balance(self.game), self.chain.balance(self.hostile));
        let result = self.hostile(U256::ZERO, &IHostilePlayer::withdrawCall {});
        if self.kind.accepts_ether() {
            result.unwrap_or_else(|err| panic!("{:?} withdraws: {err}", self.kind));
            assert_eq!(self.chain.balance(self.hostile), own + owed, "exactly what it was owed");
            assert_eq!(self.chain.balance(self.game), held - owed);
            assert_eq!(self.pending(self.hostile), U256::ZERO);
            let reentered = self
                .chain
                .view(self.hostile, &IReenteringPlayer::reentriesCall {})
                .unwrap();
            let succeeded = self
                .chain
                .view(self.hostile, &IReenteringPlayer::reentrySucceededCall {})
                .unwrap();
            assert!(reentered > U256::ZERO, "it did re-enter");
            assert!(!succeeded, "re-entering withdraw took nothing");
            owed
        } else {
            let err = result.expect_err("a recipient that refuses ether cannot be paid");
            let failed = err
                .revert()
                .and_then(|revert| revert.as_error::<ITicTacToe::TransferFailed>())
                .unwrap_or_else(|| panic!("expected TransferFailed, got {err}"));
            assert_eq!((failed.recipient, failed.amount), (self.hostile, owed));
            assert_eq!(self.pending(self.hostile), owed, "its balance is kept");
            assert_eq!(self.chain.balance(self.game), held, "nothing left the contract");
            U256::ZERO
        }
    }

    /// An honest player withdraws everything it is owed, to the wei.
    fn honest_withdraws(&mut self, who: Address) {
        let owed = self.pending(who);
        let before = self.chain.balance(who);
        self.honest(who, U256::ZERO, &ITicTacToe::withdrawCall {})
            .unwrap_or_else(|err| panic!("{who} withdraws {owed}: {err}"));
        assert_eq!(self.chain.balance(who), before + owed);
        assert_eq!(self.pending(who), U256::ZERO);
    }
}

/// X (first list) wins on the top row; O never completes anything.
const X_WINS: [u8; 5] = [0, 3, 1, 4, 2];
/// A full board without a line: X 0 2 3 7 8 … played alternately with O 1 4 5 6.
const DRAW: [u8; 9] = [0, 1, 2, 4, 3, 5, 7, 6, 8];

#[test]
fn a_hostile_winner_is_paid_only_what_it_is_owed_and_cannot_block_its_opponent() {
    for kind in Hostility::ALL {
        let mut t = table(kind);
        let alice = t.alice;
        let id = t.hostile_creates(alice);
        t.play(id, &X_WINS, true, alice);
        assert_eq!(t.status(id), Status::XWon, "{kind:?}: the win is recorded");
        assert_eq!(t.pending(t.hostile), STAKE * U256::from(2));
        let received = t.hostile_withdraws();
        assert_eq!(
            received,
            if kind.accepts_ether() {
                STAKE * U256::from(2)
            } else {
                U256::ZERO
            }
        );
        // A second withdrawal finds nothing for the one that was paid, and still fails for the others.
        if kind.accepts_ether() {
            let err = t
                .hostile(U256::ZERO, &IHostilePlayer::withdrawCall {})
                .expect_err("nothing left to withdraw");
            assert!(
                err.revert()
                    .and_then(|r| r.as_error::<ITicTacToe::NothingToWithdraw>())
                    .is_some()
            );
        }
        // The contract holds exactly what the refusing recipient cannot take, and no more.
        let stranded = t.pending(t.hostile);
        assert_eq!(t.chain.balance(t.game), stranded, "{kind:?}");
    }
}

#[test]
fn a_hostile_loser_or_draw_cannot_stop_the_honest_player_being_paid() {
    for kind in Hostility::ALL {
        let mut t = table(kind);
        let (alice, bob) = (t.alice, t.bob);
        // Alice (X) beats the hostile contract (O).
        let won = t.hostile_joins(alice);
        t.play(won, &X_WINS, false, alice);
        assert_eq!(t.status(won), Status::XWon);
        // Bob and the hostile contract draw.
        let drawn = t.hostile_creates(bob);
        t.play(drawn, &DRAW, true, bob);
        assert_eq!(t.status(drawn), Status::Draw, "{kind:?}");
        assert_eq!(t.pending(alice), STAKE * U256::from(2));
        assert_eq!(t.pending(bob), STAKE);
        assert_eq!(t.pending(t.hostile), STAKE);
        t.hostile_withdraws();
        t.honest_withdraws(alice);
        t.honest_withdraws(bob);
        let stranded = t.pending(t.hostile);
        assert_eq!(
            t.chain.balance(t.game),
            stranded,
            "{kind:?}: only its own stake is left"
        );
    }
}

#[test]
fn timeouts_resignations_and_cancellations_end_games_whoever_is_paid() {
    for kind in Hostility::ALL {
        let mut t = table(kind);
        let (alice, bob) = (t.alice, t.bob);
        // The hostile contract lets its clock run out as O, after its first move; Alice claims.
        let timed_out = t.hostile_joins(alice);
        t.play(timed_out, &[4, 0, 8], false, alice);
        t.time_runs_out();
        t.honest(alice, U256::ZERO, &ITicTacToe::claimTimeoutCall { gameId: timed_out })
            .unwrap();
        assert_eq!(t.status(timed_out), Status::XWon);
        // Bob's clock runs out against the hostile X, after his first move; it claims.
        let claimed = t.hostile_creates(bob);
        t.play(claimed, &[0, 4, 8], true, bob);
        t.time_runs_out();
        t.hostile(U256::ZERO, &IHostilePlayer::claimTimeoutCall { gameId: claimed })
            .unwrap();
        assert_eq!(t.status(claimed), Status::XWon);
        // The hostile contract resigns to Bob.
        let resigned = t.hostile_creates(bob);
        t.hostile(U256::ZERO, &IHostilePlayer::resignCall { gameId: resigned })
            .unwrap();
        assert_eq!(t.status(resigned), Status::OWon);
        // It opens a game and cancels it: its stake is credited back, to itself only.
        let cancelled = t.next_id();
        t.hostile(
            STAKE,
            &IHostilePlayer::createCall {
                moveTimeout: TIMEOUT,
                opponent: Address::ZERO,
            },
        )
        .unwrap();
        t.hostile(U256::ZERO, &IHostilePlayer::cancelCall { gameId: cancelled })
            .unwrap();
        assert_eq!(t.status(cancelled), Status::Cancelled);

        // Alice: 2 stakes; Bob: 2 stakes; the hostile contract: 2 (claim) + 1 (cancel).
        assert_eq!(t.pending(alice), STAKE * U256::from(2));
        assert_eq!(t.pending(bob), STAKE * U256::from(2));
        assert_eq!(t.pending(t.hostile), STAKE * U256::from(3), "{kind:?}");
        t.honest_withdraws(alice);
        t.hostile_withdraws();
        t.honest_withdraws(bob);
        let stranded = t.pending(t.hostile);
        assert_eq!(t.chain.balance(t.game), stranded, "{kind:?}");
    }
}

#[test]
fn a_refused_payment_never_reaches_another_players_money() {
    // Many games at once: a refusing recipient's failed withdrawals, repeated, leave every honest balance
    // whole and withdrawable, in any order.
    for kind in [Hostility::Reverts, Hostility::BurnsGas] {
        let mut t = table(kind);
        let (alice, bob) = (t.alice, t.bob);
        let won_by_hostile = t.hostile_creates(alice);
        let won_by_bob = t.hostile_joins(bob);
        t.play(won_by_hostile, &X_WINS, true, alice);
        for _ in 0..3 {
            t.hostile_withdraws();
        }
        t.play(won_by_bob, &X_WINS, false, bob);
        t.hostile_withdraws();
        assert_eq!(t.pending(bob), STAKE * U256::from(2));
        t.honest_withdraws(bob);
        assert_eq!(t.pending(alice), U256::ZERO, "Alice lost her game and is owed nothing");
        assert_eq!(
            t.chain.balance(t.game),
            STAKE * U256::from(2),
            "only the refused payout remains"
        );
    }
}

#[test]
fn a_first_move_that_times_out_against_a_hostile_player_gives_both_stakes_back() {
    for kind in Hostility::ALL {
        let mut t = table(kind);
        let (alice, bob) = (t.alice, t.bob);
        // The hostile O never makes its first move; Alice aborts.
        let o_late = t.hostile_joins(alice);
        t.play(o_late, &[4], false, alice);
        t.time_runs_out();
        t.honest(alice, U256::ZERO, &ITicTacToe::claimTimeoutCall { gameId: o_late })
            .unwrap();
        assert_eq!(t.status(o_late), Status::Aborted, "{kind:?}");
        // The hostile X never makes its first move; it aborts itself, which frees Bob's stake as well.
        let x_late = t.hostile_creates(bob);
        t.time_runs_out();
        t.hostile(U256::ZERO, &IHostilePlayer::claimTimeoutCall { gameId: x_late })
            .unwrap();
        assert_eq!(t.status(x_late), Status::Aborted, "{kind:?}");
        assert_eq!(t.pending(alice), STAKE);
        assert_eq!(t.pending(bob), STAKE);
        assert_eq!(t.pending(t.hostile), STAKE * U256::from(2));
        t.honest_withdraws(alice);
        t.honest_withdraws(bob);
        t.hostile_withdraws();
        assert_eq!(t.chain.balance(t.game), t.pending(t.hostile), "{kind:?}");
    }
}

#[test]
fn a_recipient_that_refuses_ether_takes_its_winnings_out_with_withdraw_to() {
    for kind in Hostility::ALL {
        let mut t = table(kind);
        let alice = t.alice;
        let id = t.hostile_creates(alice);
        t.play(id, &X_WINS, true, alice);
        let owed = t.pending(t.hostile);
        assert_eq!(owed, STAKE * U256::from(2));
        // Refused to itself (or taken, for the one that accepts ether: then there is nothing left to move).
        let received = t.hostile_withdraws();
        if !received.is_zero() {
            continue;
        }
        let controller = t.controller;
        let before = t.chain.balance(controller);
        let receipt = t
            .chain
            .send_value(
                controller,
                t.hostile,
                U256::ZERO,
                &IHostilePlayer::withdrawToCall { to: controller },
            )
            .unwrap_or_else(|err| panic!("{kind:?} withdraws to its controller: {err}"));
        // Gas is free in the in-process chain: the controller gains exactly the winnings.
        assert_eq!(t.chain.balance(controller), before + owed, "{kind:?}");
        assert_eq!(t.pending(t.hostile), U256::ZERO);
        assert_eq!(t.chain.balance(t.game), U256::ZERO, "nothing stranded");
        let withdrawn = receipt
            .logs
            .iter()
            .find_map(|log| <ITicTacToe::Withdrawn as alloy_sol_types::SolEvent>::decode_log(log).ok())
            .expect("a Withdrawn event");
        assert_eq!(
            (withdrawn.account, withdrawn.to, withdrawn.amount),
            (t.hostile, controller, owed)
        );
    }
}
