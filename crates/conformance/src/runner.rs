//! Runs a sequence of steps against the contract and the model side by side, from the same starting state, and
//! finds the first place where they disagree: a call's outcome (success with the same return value and events,
//! or the same custom error with the same fields), or afterwards anything the contract shows (every game, every
//! pending balance, the blocks a claim still needs, the ether it holds, every wallet to the wei), and whether the
//! events alone tell the games as `getGame` does.

use alloy_primitives::{Address, Log, U256};
use alloy_sol_types::{SolCall, SolError, SolEventInterface, SolInterface};
use marubatsu_chain::{
    bindings::ITicTacToe::{self, ITicTacToeErrors, ITicTacToeEvents},
    evm::{Chain, Snapshot, TxError},
};

use crate::action::{self, Action, Cast, Expected};
use crate::indexer::Indexer;
use crate::model::{Done, Game, Model, Outcome};
use crate::words::error_words;

/// Where the contract and the rules part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Disagreement {
    /// The index of the step after which they part.
    pub(crate) step: usize,
    /// What differs: the call's outcome, a game, a balance.
    pub(crate) what: String,
    /// What the contract did or shows.
    pub(crate) contract: String,
    /// What the rules say.
    pub(crate) rules: String,
}

/// How a sequence went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Contract and rules agree after every step.
    Agrees,
    /// They part here.
    Disagrees(Disagreement),
    /// A step sends more than its payer holds: not a sequence the rules judge (a shrunk sequence that dropped
    /// the funding of a stake, say).
    Unjudgeable,
    /// The chain refused a transaction before the contract ran, for a reason of its own.
    Broken(String),
}

/// A sequence's verdict and the transactions it sent to the contract.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub(crate) verdict: Verdict,
    pub(crate) calls: u64,
}

/// A contract on a chain, its starting state saved, and the model of that state.
pub(crate) struct Runner {
    pub(crate) cast: Cast,
    start: Snapshot,
    model: Model,
    indexer: Indexer,
}

/// A difference found by a check, before it is given its step.
struct Difference {
    what: String,
    contract: String,
    rules: String,
}

type Checked = Result<(), Difference>;

fn differ(what: impl Into<String>, contract: impl Into<String>, rules: impl Into<String>) -> Checked {
    Err(Difference {
        what: what.into(),
        contract: contract.into(),
        rules: rules.into(),
    })
}

impl Runner {
    /// Every sequence starts from `chain`'s current state, which `model` and `indexer` describe.
    pub(crate) fn new(chain: &Chain, cast: Cast, model: Model, indexer: Indexer) -> Runner {
        Runner {
            cast,
            start: chain.snapshot(),
            model,
            indexer,
        }
    }

    /// The model of the starting state.
    pub(crate) fn model(&self) -> &Model {
        &self.model
    }

    /// Puts the chain back in its starting state.
    pub(crate) fn reset(&self, chain: &mut Chain) {
        chain.restore(&self.start);
    }

    /// Runs `actions` from the starting state, checking after every step.
    pub(crate) fn run(&self, chain: &mut Chain, actions: &[Action]) -> Run {
        self.reset(chain);
        let mut model = self.model.clone();
        let mut indexer = self.indexer.clone();
        let mut calls = 0;
        for (step, action) in actions.iter().enumerate() {
            let expected = action::apply(&mut model, &self.cast, action);
            let result = match expected {
                Expected::Unpayable => {
                    return Run {
                        verdict: Verdict::Unjudgeable,
                        calls,
                    };
                }
                Expected::Call(ref outcome) => {
                    calls += 1;
                    self.call(chain, &model, &mut indexer, action, outcome)
                }
                Expected::Refused => {
                    calls += 1;
                    self.transfer(chain, action)
                }
                Expected::Time(seconds) => {
                    chain.advance_time(seconds);
                    Ok(Ok(()))
                }
                Expected::Mined(blocks) => {
                    let (number, now) = (chain.block_number(), chain.timestamp());
                    chain.set_block(number + blocks, now);
                    Ok(Ok(()))
                }
                Expected::Funded => {
                    if let Action::Fund { actor, wei } = *action {
                        chain.set_balance(self.cast.actors[actor], wei);
                    }
                    Ok(Ok(()))
                }
            };
            let checked = match result {
                Err(reason) => {
                    return Run {
                        verdict: Verdict::Broken(reason),
                        calls,
                    };
                }
                Ok(checked) => checked.and_then(|()| self.check(chain, &model, &indexer)),
            };
            if let Err(difference) = checked {
                let verdict = Verdict::Disagrees(Disagreement {
                    step,
                    what: difference.what,
                    contract: difference.contract,
                    rules: difference.rules,
                });
                return Run { verdict, calls };
            }
        }
        Run {
            verdict: Verdict::Agrees,
            calls,
        }
    }

    /// Sends a call step to the contract and compares its outcome with `expected`; the events of a success go
    /// to the indexer. `Err` is a transaction the chain refused before the contract ran.
    fn call(
        &self,
        chain: &mut Chain,
        model: &Model,
        indexer: &mut Indexer,
        action: &Action,
        expected: &Outcome,
    ) -> Result<Checked, String> {
        let contract = self.cast.contract;
        let from = |actor: usize| self.cast.actors[actor];
        let sent: Result<(Option<U256>, Vec<Log>), TxError> = match *action {
            Action::Create {
                actor,
                stake,
                timeout,
                opponent,
            } => {
                let call = ITicTacToe::createGameCall {
                    moveTimeout: U256::from(timeout),
                    opponent: self.cast.address(opponent),
                };
                chain
                    .send_value(from(actor), contract, stake, &call)
                    .map(|receipt| (Some(receipt.value), receipt.logs))
            }
            Action::Join {
                actor,
                game,
                value,
                terms,
            } => {
                // The model has already run the join, which changes neither the creator nor the time limit: it
                // still tells the terms the joiner read.
                let (creator, timeout) = action::join_terms(model, &self.cast, game, terms);
                let call = ITicTacToe::joinGameCall {
                    gameId: game,
                    creator,
                    moveTimeout: timeout,
                };
                logs(chain.send_value(from(actor), contract, value, &call))
            }
            Action::Play { actor, game, cell } => logs(chain.send(
                from(actor),
                contract,
                &ITicTacToe::playCall {
                    gameId: game,
                    cell: U256::from(cell),
                },
            )),
            Action::ClaimTimeout { actor, game } => {
                logs(chain.send(from(actor), contract, &ITicTacToe::claimTimeoutCall { gameId: game }))
            }
            Action::Resign { actor, game } => {
                logs(chain.send(from(actor), contract, &ITicTacToe::resignCall { gameId: game }))
            }
            Action::Cancel { actor, game } => {
                logs(chain.send(from(actor), contract, &ITicTacToe::cancelCall { gameId: game }))
            }
            Action::Withdraw { actor, to: None } => {
                logs(chain.send(from(actor), contract, &ITicTacToe::withdrawCall {}))
            }
            Action::Withdraw { actor, to: Some(to) } => logs(chain.send(
                from(actor),
                contract,
                &ITicTacToe::withdrawToCall {
                    to: self.cast.address(to),
                },
            )),
            _ => return Err(format!("the runner took {action:?} for a call of the contract")),
        };
        let what = "the call's outcome";
        let rules = self.cast.outcome(expected);
        let actual: Outcome = match sent {
            Ok((game_id, logs)) => {
                let events = match self.game_events(&logs) {
                    Ok(events) => events,
                    Err(log) => return Ok(differ(what, format!("succeeds, emitting {log}"), rules)),
                };
                let block = chain.block_number();
                for event in &events {
                    if let Err(broken) = indexer.apply(event, block) {
                        return Ok(differ(
                            "the events, read alone",
                            format!("emits {}: {broken}", self.cast.event(event)),
                            "events that tell every game and balance",
                        ));
                    }
                }
                // A creation's id is its return value; other calls return nothing.
                Ok(Done {
                    game_id: game_id.filter(|_| expected.as_ref().is_ok_and(|done| done.game_id.is_some())),
                    events,
                })
            }
            Err(TxError::Reverted(revert)) => match ITicTacToeErrors::abi_decode(revert.data()) {
                Ok(error) => Err(error),
                Err(_) => {
                    let words = self.cast.named(format!("reverts with {revert}"));
                    return Ok(differ(what, words, rules));
                }
            },
            Err(TxError::Invalid(reason)) => return Err(format!("the chain refused a transaction: {reason}")),
            Err(other) => return Ok(differ(what, other.to_string(), rules)),
        };
        if &actual == expected {
            Ok(Ok(()))
        } else {
            Ok(differ(what, self.cast.outcome(&actual), rules))
        }
    }

    /// A plain transfer: the rules refuse it, with no revert data (a contract without `receive` or `fallback`) or
    /// in words, `EtherNotAccepted(value)`.
    fn transfer(&self, chain: &mut Chain, action: &Action) -> Result<Checked, String> {
        let Action::Transfer { actor, value } = *action else {
            return Err(format!("the runner took {action:?} for a plain transfer"));
        };
        let rules = "reverts, with no data or with EtherNotAccepted(value)";
        let what = "a plain transfer";
        let in_words = ITicTacToe::EtherNotAccepted { value }.abi_encode();
        match chain.transfer(self.cast.actors[actor], self.cast.contract, value) {
            Ok(_) => Ok(differ(what, "succeeds", rules)),
            Err(TxError::Reverted(revert)) if revert.data().is_empty() || revert.data() == &in_words[..] => Ok(Ok(())),
            Err(TxError::Invalid(reason)) => Err(format!("the chain refused a transaction: {reason}")),
            Err(other) => Ok(differ(what, other.to_string(), rules)),
        }
    }

    /// The contract's events among `logs`; `Err` names a log of the contract the interface has no event for.
    fn game_events(&self, logs: &[Log]) -> Result<Vec<ITicTacToeEvents>, String> {
        logs.iter()
            .filter(|log| log.address == self.cast.contract)
            .map(|log| {
                ITicTacToeEvents::decode_log(log)
                    .map(|decoded| decoded.data)
                    .map_err(|err| format!("a log ITicTacToe has no event for ({err})"))
            })
            .collect()
    }

    /// Everything the contract shows, against the model and against the events alone.
    fn check(&self, chain: &mut Chain, model: &Model, indexer: &Indexer) -> Checked {
        let contract = self.cast.contract;
        let held = chain.balance(contract);
        if held != model.held {
            return differ(
                "the contract's ether",
                format!("{held} wei"),
                format!("{} wei", model.held),
            );
        }
        for (&address, &ether) in &model.wallets {
            let actual = chain.balance(address);
            if actual != ether {
                return differ(
                    format!("the ether of {}", self.cast.name(address)),
                    format!("{actual} wei"),
                    format!("{ether} wei"),
                );
            }
        }
        for &account in self.cast.actors.iter().chain([&self.cast.outsider]) {
            let pending = view(chain, contract, &ITicTacToe::pendingBalanceCall { account });
            let name = self.cast.name(account);
            let pending = match pending {
                Ok(pending) if pending == model.pending(account) => pending,
                other => {
                    return differ(
                        format!("pendingBalance({name})"),
                        shown(&other),
                        format!("{} wei", model.pending(account)),
                    );
                }
            };
            if indexer.pending(account) != pending {
                return differ(
                    format!("pendingBalance({name}) from the events alone"),
                    format!("the events credit {} wei", indexer.pending(account)),
                    format!("{pending} wei, as pendingBalance says"),
                );
            }
        }
        match view(chain, contract, &ITicTacToe::nextGameIdCall {}) {
            Ok(next) if next == model.next_game_id() => {}
            other => return differ("nextGameId()", shown(&other), model.next_game_id().to_string()),
        }
        for (id, expected) in model.games_with_ids() {
            self.check_game(chain, model, indexer, id, expected)?;
        }
        Ok(())
    }

    fn check_game(&self, chain: &mut Chain, model: &Model, indexer: &Indexer, id: U256, expected: &Game) -> Checked {
        let contract = self.cast.contract;
        let actual = match view(chain, contract, &ITicTacToe::getGameCall { gameId: id }) {
            Ok(g) => Game::from(g),
            Err(err) => return differ(format!("getGame({id})"), self.cast.named(err), self.cast.game(expected)),
        };
        if &actual != expected {
            return differ(
                format!("getGame({id})"),
                self.cast.game(&actual),
                self.cast.game(expected),
            );
        }
        match indexer.games.get(&id) {
            Some(told) if told == &actual => {}
            told => {
                return differ(
                    format!("game {id} from the events alone"),
                    told.map_or("no such game".into(), |game| self.cast.game(game)),
                    format!("{}, as getGame says", self.cast.game(&actual)),
                );
            }
        }
        let left = view(chain, contract, &ITicTacToe::claimBlocksLeftCall { gameId: id })
            .ok()
            .map(|left| left.saturating_to::<u64>());
        let rules = model.claim_blocks_left(id);
        if left != rules {
            return differ(format!("claimBlocksLeft({id})"), blocks_left(left), blocks_left(rules));
        }
        let told = indexer.claim_blocks_left(id, chain.block_number(), model.claim_blocks);
        if told != left {
            return differ(
                format!("claimBlocksLeft({id}) from the events and their blocks alone"),
                blocks_left(told),
                format!("{}, as claimBlocksLeft says", blocks_left(left)),
            );
        }
        Ok(())
    }
}

fn logs<T>(sent: Result<marubatsu_chain::evm::Receipt<T>, TxError>) -> Result<(Option<U256>, Vec<Log>), TxError> {
    sent.map(|receipt| (None, receipt.logs))
}

/// A view's value, or its revert in words.
fn view<C: SolCall>(chain: &mut Chain, to: Address, call: &C) -> Result<C::Return, String> {
    chain.view(to, call).map_err(|err| match &err {
        TxError::Reverted(revert) => match ITicTacToeErrors::abi_decode(revert.data()) {
            Ok(error) => format!("reverts with {}", error_words(&error)),
            Err(_) => format!("reverts with {revert}"),
        },
        other => other.to_string(),
    })
}

fn shown<T: std::fmt::Display>(read: &Result<T, String>) -> String {
    match read {
        Ok(value) => value.to_string(),
        Err(reason) => reason.clone(),
    }
}

fn blocks_left(left: Option<u64>) -> String {
    match left {
        Some(left) => format!("{left} blocks left"),
        None => "no clock (reverts: the game is not active)".into(),
    }
}
