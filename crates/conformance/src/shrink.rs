//! Shrinking a disagreeing sequence: steps are deleted in chunks, then one by one, while the sequence still
//! disagrees; then values are made simpler (smaller stakes, the shortest legal time limit, shorter waits, fewer
//! blocks, one's own address). Any disagreement counts, not only the first one found: what is left is a short
//! sequence on which contract and rules part.

use alloy_primitives::U256;
use marubatsu_chain::{evm::Chain, pvp::MIN_MOVE_TIMEOUT};

use crate::action::{Action, Party, Terms};
use crate::runner::{Disagreement, Runner, Verdict};

/// Replays allowed while shrinking, so that a pathological case still ends.
const BUDGET: usize = 4_000;

/// A shrunk sequence and where it disagrees.
pub(crate) struct Shrunk {
    pub(crate) actions: Vec<Action>,
    pub(crate) disagreement: Disagreement,
    /// The transactions the replays sent.
    pub(crate) calls: u64,
}

/// Shrinks `actions`, on which `runner` found `disagreement`.
pub(crate) fn shrink(runner: &Runner, chain: &mut Chain, actions: &[Action], disagreement: Disagreement) -> Shrunk {
    let mut shrinking = Shrinking {
        runner,
        chain,
        best: actions[..=disagreement.step.min(actions.len() - 1)].to_vec(),
        disagreement,
        replays: 0,
        calls: 0,
    };
    shrinking.delete_chunks();
    shrinking.simplify_values();
    // Simpler values can make more steps unnecessary.
    shrinking.delete_chunks();
    Shrunk {
        actions: shrinking.best,
        disagreement: shrinking.disagreement,
        calls: shrinking.calls,
    }
}

struct Shrinking<'a> {
    runner: &'a Runner,
    chain: &'a mut Chain,
    best: Vec<Action>,
    disagreement: Disagreement,
    replays: usize,
    calls: u64,
}

impl Shrinking<'_> {
    /// Replays `candidate`; keeps it (cut after the step that disagrees) if it still disagrees.
    fn try_candidate(&mut self, candidate: Vec<Action>) -> bool {
        if self.replays >= BUDGET {
            return false;
        }
        self.replays += 1;
        let run = self.runner.run(self.chain, &candidate);
        self.calls += run.calls;
        match run.verdict {
            Verdict::Disagrees(disagreement) => {
                self.best = candidate[..=disagreement.step].to_vec();
                self.disagreement = disagreement;
                true
            }
            _ => false,
        }
    }

    fn delete_chunks(&mut self) {
        let mut chunk = (self.best.len() / 2).max(1);
        loop {
            let mut start = 0;
            while start < self.best.len() {
                let end = (start + chunk).min(self.best.len());
                let mut candidate = self.best[..start].to_vec();
                candidate.extend_from_slice(&self.best[end..]);
                if candidate.is_empty() || !self.try_candidate(candidate) {
                    start += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
    }

    fn simplify_values(&mut self) {
        for index in 0..self.best.len() {
            let mut tried = 0;
            while index < self.best.len() && tried < 16 {
                tried += 1;
                let simpler = simpler(&self.best[index]);
                let accepted = simpler.into_iter().any(|action| {
                    let mut candidate = self.best.clone();
                    candidate[index] = action;
                    self.try_candidate(candidate)
                });
                if !accepted {
                    break;
                }
            }
        }
    }
}

/// Simpler versions of a step, simplest first.
fn simpler(action: &Action) -> Vec<Action> {
    let mut out = Vec::new();
    match *action {
        Action::Create {
            actor,
            stake,
            timeout,
            opponent,
        } => {
            for smaller in smaller_amounts(stake) {
                out.push(Action::Create {
                    actor,
                    stake: smaller,
                    timeout,
                    opponent,
                });
            }
            if timeout != MIN_MOVE_TIMEOUT {
                out.push(Action::Create {
                    actor,
                    stake,
                    timeout: MIN_MOVE_TIMEOUT,
                    opponent,
                });
            }
            if opponent != Party::Zero {
                out.push(Action::Create {
                    actor,
                    stake,
                    timeout,
                    opponent: Party::Zero,
                });
            }
        }
        Action::Join {
            actor,
            game,
            value,
            terms,
        } => {
            for smaller in smaller_amounts(value) {
                out.push(Action::Join {
                    actor,
                    game,
                    value: smaller,
                    terms,
                });
            }
            if terms != Terms::Shown {
                out.push(Action::Join {
                    actor,
                    game,
                    value,
                    terms: Terms::Shown,
                });
            }
        }
        Action::Withdraw { actor, to: Some(_) } => out.push(Action::Withdraw { actor, to: None }),
        Action::Transfer { actor, value } => {
            for smaller in smaller_amounts(value) {
                out.push(Action::Transfer { actor, value: smaller });
            }
        }
        Action::Advance { seconds } => {
            for shorter in [0, 1, seconds / 2] {
                if shorter < seconds {
                    out.push(Action::Advance { seconds: shorter });
                }
            }
        }
        Action::ToDeadline { game, offset } if offset != 0 => out.push(Action::ToDeadline { game, offset: 0 }),
        Action::Mine { blocks } => {
            for fewer in [1, blocks / 2] {
                if fewer < blocks && fewer > 0 {
                    out.push(Action::Mine { blocks: fewer });
                }
            }
        }
        _ => {}
    }
    out
}

/// Zero, one wei, and half of `amount`, those smaller than it.
fn smaller_amounts(amount: U256) -> Vec<U256> {
    let mut out: Vec<U256> = [U256::ZERO, U256::from(1), amount / U256::from(2)]
        .into_iter()
        .filter(|&smaller| smaller < amount)
        .collect();
    out.dedup();
    out
}
