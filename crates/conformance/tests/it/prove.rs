//! `prove_pvp` and `pvp_conforms` against the shipped contracts: `TicTacToe` passes (also on a chain where it
//! already has games), `DoublePayTicTacToe` is caught with a short counterexample in words, and a chain without
//! the contract is an error rather than a failure.

use crate::support;

use std::sync::OnceLock;
use std::time::Instant;

use alloy_primitives::{Address, U256};
use marubatsu_chain::{
    bindings::ITicTacToe,
    compiler::{Compiler, ContractSet, PVP_CONTRACT, SOLO_CONTRACT},
};
use marubatsu_conformance::{
    Nonconforming, PVP_ENDINGS, PVP_RANDOM, PvpOptions, PvpProgress, PvpStatus, prove_pvp, pvp_conforms,
};
use support::{deployed, prove};

fn contracts() -> &'static ContractSet {
    static CONTRACTS: OnceLock<ContractSet> = OnceLock::new();
    CONTRACTS.get_or_init(|| {
        Compiler::locate()
            .and_then(|compiler| compiler.compile())
            .unwrap_or_else(|err| panic!("compiling contracts/: {err}"))
    })
}

fn contract(name: &str) -> &'static marubatsu_chain::compiler::CompiledContract {
    contracts().get(name).unwrap_or_else(|err| panic!("{err}"))
}

#[test]
fn tictactoe_follows_the_rules_and_the_chain_is_left_as_it_was() {
    let (mut chain, address) = deployed(contract(PVP_CONTRACT));
    let before = (
        chain.block_number(),
        chain.timestamp(),
        chain.balance(chain.accounts()[1]),
    );
    let mut heard: Vec<PvpProgress> = Vec::new();
    let options = PvpOptions {
        cases: 300,
        ..PvpOptions::default()
    };
    let started = Instant::now();
    let report = prove_pvp(&mut chain, address, &options, &mut |progress| heard.push(progress));
    eprintln!(
        "TicTacToe: {} sequences, {} calls in {:.2} s",
        report.sequences,
        report.calls,
        started.elapsed().as_secs_f64()
    );
    for property in &report.properties {
        assert_eq!(
            property.status,
            PvpStatus::Pass,
            "{}: {}\n{:#?}",
            property.name,
            property.summary,
            property
        );
    }
    assert!(report.passed());
    let random = report.property(PVP_RANDOM).unwrap();
    assert_eq!(random.sequences, 300);
    let endings = report.property(PVP_ENDINGS).unwrap();
    assert!(endings.sequences >= 15, "{endings:#?}");
    assert!(
        endings.details.iter().all(|line| line.ends_with("agrees")),
        "{endings:#?}"
    );
    assert_eq!(report.sequences, random.sequences + endings.sequences);
    assert!(
        random.calls > 300 * 5,
        "random sequences call the contract: {}",
        random.calls
    );
    assert_eq!(
        heard.last().map(|last| (last.property, last.done, last.total)),
        Some((PVP_RANDOM, 300, 300))
    );
    let after = (
        chain.block_number(),
        chain.timestamp(),
        chain.balance(chain.accounts()[1]),
    );
    assert_eq!(after, before);
    let next = chain.view(address, &ITicTacToe::nextGameIdCall {}).unwrap();
    assert_eq!(next, U256::from(1), "no game is left behind");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["properties"][0]["name"], "pvp-endings");
    assert_eq!(json["properties"][1]["status"], "pass");
    assert!(json["properties"][1]["counterexample"].is_null());
}

/// A contract that already has games, balances and ether (as one forked from a node would): the sequences start
/// after its games, and what it owes others stays out of the accounts' view.
#[test]
fn a_contract_with_history_is_judged_from_where_it_stands() {
    let (mut chain, address) = deployed(contract(PVP_CONTRACT));
    let [x, o] = [chain.accounts()[1], chain.accounts()[2]];
    let stake = U256::from(1_000);
    for _ in 0..3 {
        let call = ITicTacToe::createGameCall {
            moveTimeout: U256::from(60),
            opponent: Address::ZERO,
        };
        chain.send_value(x, address, stake, &call).unwrap();
    }
    let join = ITicTacToe::joinGameCall {
        gameId: U256::from(2),
        creator: x,
        moveTimeout: U256::from(60),
    };
    chain.send_value(o, address, stake, &join).unwrap();
    chain
        .send(o, address, &ITicTacToe::resignCall { gameId: U256::from(2) })
        .unwrap();
    chain.advance_time(1_000);
    let report = prove(&mut chain, address, 100);
    for property in &report.properties {
        assert_eq!(
            property.status,
            PvpStatus::Pass,
            "{}: {}\n{:#?}",
            property.name,
            property.summary,
            property
        );
    }
    assert_eq!(chain.balance(address), U256::from(4_000), "the chain is as it was");
}

#[test]
fn a_contract_that_pays_twice_is_caught_with_a_short_sequence_in_words() {
    let (mut chain, address) = deployed(contract("DoublePayTicTacToe"));
    let report = prove(&mut chain, address, 200);
    assert!(!report.passed());
    for name in [PVP_ENDINGS, PVP_RANDOM] {
        let property = report.property(name).unwrap();
        assert_eq!(property.status, PvpStatus::Fail, "{property:#?}");
        let example = property.counterexample.as_ref().unwrap();
        eprintln!("{name}: {}\n{example}", property.summary);
        assert!(example.steps.len() <= 8, "shrunk: {example}");
        // The first payout already disagrees: two credits announced, or a pending balance twice what is owed.
        let credits = example.contract.contains("BalanceCredited") || example.what.starts_with("pendingBalance");
        assert!(credits, "{example}");
        assert!(
            example.steps.iter().any(|step| step.starts_with("account ")),
            "{example}"
        );
    }
}

#[test]
fn no_contract_at_the_address_is_an_error_not_a_failure() {
    let (mut chain, _) = deployed(contract(PVP_CONTRACT));
    let report = prove(&mut chain, Address::repeat_byte(0x42), 10);
    for property in &report.properties {
        assert_eq!(property.status, PvpStatus::Error, "{property:#?}");
        assert!(property.summary.contains("no contract at"), "{}", property.summary);
    }
    // A contract that is there but answers no claimBlocks(): the solo game.
    let (mut chain, address) = deployed_plain(SOLO_CONTRACT);
    let report = prove(&mut chain, address, 10);
    let summary = &report.properties[0].summary;
    assert_eq!(report.properties[0].status, PvpStatus::Error);
    assert!(summary.contains("claimBlocks()"), "{summary}");
}

fn deployed_plain(name: &str) -> (marubatsu_chain::evm::Chain, Address) {
    let mut chain = marubatsu_chain::evm::Chain::new();
    let deployer = chain.accounts()[0];
    let address = chain.deploy(deployer, contract(name)).unwrap().address;
    (chain, address)
}

#[test]
fn the_shipped_abi_conforms_and_the_solo_one_does_not() {
    assert_eq!(pvp_conforms(&contract(PVP_CONTRACT).abi), Ok(()));
    let Err(Nonconforming::Missing { missing, interface }) = pvp_conforms(&contract(SOLO_CONTRACT).abi) else {
        panic!("the solo contract is no PvP contract");
    };
    assert_eq!(interface, "contracts/interfaces/ITicTacToe.sol");
    assert!(
        missing.contains(&"joinGame(uint256,address,uint256)".to_owned()),
        "{missing:?}"
    );
}

/// The same seed draws the same sequences, so a reported counterexample can be reproduced; another seed draws
/// others.
#[test]
fn a_seed_reproduces_its_counterexample() {
    let run = |seed: u64| {
        let (mut chain, address) = deployed(contract("DoublePayTicTacToe"));
        let options = PvpOptions {
            cases: 50,
            seed,
            ..PvpOptions::default()
        };
        let report = prove_pvp(&mut chain, address, &options, &mut |_| {});
        report.property(PVP_RANDOM).unwrap().clone()
    };
    let (first, again, other) = (run(7), run(7), run(8));
    assert_eq!(first.status, PvpStatus::Fail);
    assert_eq!(first, again);
    assert!(first.counterexample.unwrap().origin.contains("seed 7"));
    assert!(other.counterexample.unwrap().origin.contains("seed 8"));
}

#[test]
fn a_check_runs_only_the_properties_it_names() {
    let (mut chain, address) = deployed(contract(PVP_CONTRACT));
    for (checks, expected) in [
        (vec![PVP_ENDINGS], vec![PVP_ENDINGS]),
        (vec![PVP_RANDOM], vec![PVP_RANDOM]),
        (vec![], vec![PVP_ENDINGS, PVP_RANDOM]),
    ] {
        let options = PvpOptions {
            cases: 5,
            checks: checks.iter().map(|name| (*name).to_owned()).collect(),
            ..PvpOptions::default()
        };
        let report = prove_pvp(&mut chain, address, &options, &mut |_| {});
        let ran: Vec<&str> = report.properties.iter().map(|property| property.name).collect();
        assert_eq!(ran, expected);
        assert!(report.passed());
    }
}
