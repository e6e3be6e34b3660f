//! `prove_pvp`: the fixed and the random sequences against a contract already deployed on a chain.

use std::collections::{BTreeMap, BTreeSet};

use alloy_primitives::{Address, U256};
use marubatsu_chain::{bindings::ITicTacToe, evm::Chain};

use crate::action::{Action, Cast};
use crate::endings::endings;
use crate::indexer::Indexer;
use crate::model::Model;
use crate::random;
use crate::report::{
    Counterexample, PVP_ENDINGS, PVP_RANDOM, PropertyReport, PvpOptions, PvpProgress, PvpReport, PvpStatus,
};
use crate::runner::{Disagreement, Runner, Verdict};
use crate::shrink::shrink;

/// The actors: the chain's funded test accounts after the first (which sends the views).
const ACTORS: usize = 4;

/// An address that never acts, for invitations nobody takes up and for `withdrawTo`.
const OUTSIDER: Address = Address::repeat_byte(0x77);

/// Runs `pvp-endings` and `pvp-random` against the contract at `address` on `chain`, starting from the chain's
/// state as it is (its next game id, claim blocks, ether, block number and time; the games it already has are
/// left alone) with the chain's funded test accounts as players. The chain is put back as it was afterwards.
/// `progress` hears after every sequence.
pub fn prove_pvp(
    chain: &mut Chain,
    address: Address,
    options: &PvpOptions,
    progress: &mut dyn FnMut(PvpProgress),
) -> PvpReport {
    let runner = match setup(chain, address) {
        Ok(runner) => runner,
        Err(reason) => {
            let failed = |name| PropertyReport {
                name,
                status: PvpStatus::Error,
                summary: reason.clone(),
                details: Vec::new(),
                counterexample: None,
                sequences: 0,
                calls: 0,
            };
            let names = [PVP_ENDINGS, PVP_RANDOM].into_iter().filter(|name| options.runs(name));
            return PvpReport::new(names.map(failed).collect());
        }
    };
    let mut properties = Vec::new();
    if options.runs(PVP_ENDINGS) {
        properties.push(prove_endings(chain, &runner, progress));
    }
    if options.runs(PVP_RANDOM) {
        properties.push(prove_random(chain, &runner, options, progress));
    }
    runner.reset(chain);
    PvpReport::new(properties)
}

/// Reads the starting state off the chain.
fn setup(chain: &mut Chain, address: Address) -> Result<Runner, String> {
    let accounts = chain.accounts();
    if accounts.len() < ACTORS + 1 {
        return Err(format!(
            "the chain has {} funded accounts; the PvP sequences need {}",
            accounts.len(),
            ACTORS + 1
        ));
    }
    let cast = Cast {
        contract: address,
        actors: accounts[1..=ACTORS].to_vec(),
        outsider: OUTSIDER,
    };
    if chain.code(address).is_empty() {
        return Err(format!("there is no contract at {address}"));
    }
    let view_error = |what: &'static str| {
        move |err: marubatsu_chain::evm::TxError| format!("cannot read {what} of the contract at {address}: {err}")
    };
    let claim_blocks = chain
        .view(address, &ITicTacToe::claimBlocksCall {})
        .map_err(view_error("claimBlocks()"))?;
    let claim_blocks = u64::try_from(claim_blocks).map_err(|_| format!("claimBlocks() is {claim_blocks}"))?;
    let next_game_id = chain
        .view(address, &ITicTacToe::nextGameIdCall {})
        .map_err(view_error("nextGameId()"))?;
    if next_game_id.is_zero() || next_game_id == U256::MAX {
        return Err(format!("nextGameId() is {next_game_id}; ids start at 1"));
    }
    let mut wallets = BTreeMap::new();
    let mut indexer = Indexer::default();
    let mut pending = BTreeMap::new();
    for &account in cast.actors.iter().chain([&cast.outsider]) {
        wallets.insert(account, chain.balance(account));
        let owed = chain
            .view(address, &ITicTacToe::pendingBalanceCall { account })
            .map_err(view_error("pendingBalance"))?;
        if !owed.is_zero() {
            pending.insert(account, owed);
        }
    }
    indexer.pending.clone_from(&pending);
    // The contract takes no plain ether: `withdrawTo` the contract itself fails.
    let refusing = BTreeSet::from([address]);
    let mut model = Model::new(chain.timestamp(), wallets, refusing, BTreeSet::new())
        .with_blocks(chain.block_number(), claim_blocks)
        .with_history(next_game_id, chain.balance(address));
    model.pending = pending;
    Ok(Runner::new(chain, cast, model, indexer))
}

/// The fixed sequences: every one is run; the first that disagrees is shrunk and reported.
fn prove_endings(chain: &mut Chain, runner: &Runner, progress: &mut dyn FnMut(PvpProgress)) -> PropertyReport {
    let endings = endings(runner.model());
    let total = endings.len() as u64;
    let mut report = property(PVP_ENDINGS);
    for (index, ending) in endings.iter().enumerate() {
        let run = runner.run(chain, &ending.actions);
        report.sequences += 1;
        report.calls += run.calls;
        let status = match run.verdict {
            Verdict::Agrees => "agrees".to_owned(),
            Verdict::Unjudgeable => "could not be run: an account cannot pay its stake".to_owned(),
            Verdict::Broken(ref reason) => format!("could not be run: {reason}"),
            Verdict::Disagrees(ref disagreement) => format!("disagrees at step {}", disagreement.step + 1),
        };
        report.details.push(format!("{}: {status}", ending.name));
        match run.verdict {
            Verdict::Disagrees(disagreement) if report.counterexample.is_none() => {
                let origin = format!("the fixed sequence \"{}\"", ending.name);
                fail(&mut report, chain, runner, &ending.actions, disagreement, origin);
            }
            Verdict::Unjudgeable | Verdict::Broken(_) if report.status == PvpStatus::Pass => {
                report.status = PvpStatus::Error;
                report.summary = format!("\"{}\" {status}", ending.name);
            }
            _ => {}
        }
        progress(PvpProgress {
            property: PVP_ENDINGS,
            done: index as u64 + 1,
            total,
        });
    }
    if report.status == PvpStatus::Pass {
        report.summary = format!("the contract follows the rules in all {total} fixed sequences");
    }
    report
}

/// The random sequences, until the first that disagrees (shrunk and reported).
fn prove_random(
    chain: &mut Chain,
    runner: &Runner,
    options: &PvpOptions,
    progress: &mut dyn FnMut(PvpProgress),
) -> PropertyReport {
    let mut report = property(PVP_RANDOM);
    report.details.push(format!(
        "seed {}, {} sequences of 1 to {} steps",
        options.seed, options.cases, options.max_steps
    ));
    let total = u64::from(options.cases);
    for case in 0..total {
        let mut rng = random::case_rng(options.seed, case);
        let actions = random::sequence(&mut rng, runner.model(), &runner.cast, options.max_steps);
        let run = runner.run(chain, &actions);
        report.sequences += 1;
        report.calls += run.calls;
        progress(PvpProgress {
            property: PVP_RANDOM,
            done: case + 1,
            total,
        });
        match run.verdict {
            Verdict::Agrees | Verdict::Unjudgeable => {}
            Verdict::Broken(reason) => {
                report.status = PvpStatus::Error;
                report.summary = format!("random sequence {case} could not be run: {reason}");
                return report;
            }
            Verdict::Disagrees(disagreement) => {
                let origin = format!("random sequence {case} of seed {}", options.seed);
                fail(&mut report, chain, runner, &actions, disagreement, origin);
                return report;
            }
        }
    }
    report.summary = format!(
        "the contract follows the rules in {} random sequences ({} calls)",
        report.sequences, report.calls
    );
    report
}

fn property(name: &'static str) -> PropertyReport {
    PropertyReport {
        name,
        status: PvpStatus::Pass,
        summary: String::new(),
        details: Vec::new(),
        counterexample: None,
        sequences: 0,
        calls: 0,
    }
}

/// Shrinks the disagreeing `actions` and records the counterexample in `report`.
fn fail(
    report: &mut PropertyReport,
    chain: &mut Chain,
    runner: &Runner,
    actions: &[Action],
    disagreement: Disagreement,
    origin: String,
) {
    let found_at = disagreement.step + 1;
    let shrunk = shrink(runner, chain, actions, disagreement);
    report.calls += shrunk.calls;
    let cast = &runner.cast;
    let steps: Vec<String> = shrunk.actions.iter().map(|action| cast.step(action)).collect();
    report.status = PvpStatus::Fail;
    report.summary = format!(
        "{origin} disagrees with the rules at step {found_at}; shrunk to {} steps: then {}",
        steps.len(),
        shrunk.disagreement.what
    );
    report.details.push(format!(
        "accounts: {}",
        cast.actors
            .iter()
            .map(|&actor| format!("{} = {actor}", cast.name(actor)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    report.counterexample = Some(Counterexample {
        steps,
        what: shrunk.disagreement.what,
        contract: shrunk.disagreement.contract,
        rules: shrunk.disagreement.rules,
        origin,
    });
}
