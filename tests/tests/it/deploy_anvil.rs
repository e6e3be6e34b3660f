//! End to end on a real node: anvil on a free loopback port, the toolkit's alloy client deploying and playing
//! both games over JSON-RPC, every balance checked to the wei against the receipts' gas cost; and a fork of it run
//! in-process, the proofs included, with nothing sent.

use std::{path::Path, process::Command, time::Duration};

use alloy_primitives::{Address, U256, keccak256};
use marubatsu_chain::{
    bindings::{
        ISoloTicTacToe,
        ITicTacToe::{self, ITicTacToeEvents},
    },
    compiler::{PVP_CONTRACT, SOLO_CONTRACT},
    events::GameEvent,
    evm::{Chain, Transactor, TxError},
    gas::GasLog,
};
use marubatsu_client::{
    Error,
    deploy::{ContractStatus, DeployOptions, DeployReport, Deployments, deploy, resolve_contract},
    games::{Played, PvpContract, SoloContract},
    rpc::{Rpc, RpcOptions, fork},
    wallet::{Secret, signer_from_keystore, signer_from_private_key},
};
use marubatsu_engine::tictactoe::Difficulty;
use marubatsu_prove::{SoloDialect, SoloTarget, check_hard_value, explore_lines};
use marubatsu_tests::{
    anvil::{Anvil, ClosedPort},
    anviltest, contracts,
};

const ETHER: U256 = U256::from_limbs([1_000_000_000_000_000_000, 0, 0, 0]);

fn rpc_as(anvil: &Anvil, key: &str) -> Rpc {
    let signer = signer_from_private_key(&Secret::new(key)).expect("anvil's key");
    Rpc::connect(
        &Secret::new(&anvil.url),
        Some(signer),
        RpcOptions {
            poll_interval: Duration::from_millis(20),
            ..RpcOptions::default()
        },
    )
    .expect("connecting to anvil")
}

fn broadcast(rpc: &mut Rpc, deployments: &Deployments) -> DeployReport {
    let options = DeployOptions {
        broadcast: true,
        force: false,
        claim_blocks: None,
    };
    deploy(rpc, contracts(), deployments, options).expect("deploying")
}

/// Tracks what an account should hold: its balance at the start, minus every receipt's gas cost and the
/// value it sent, plus what it withdrew.
struct Ledger {
    account: Address,
    expected: U256,
}

impl Ledger {
    fn open(rpc: &mut Rpc) -> Self {
        let account = rpc.sender().unwrap();
        let expected = rpc.balance(account).unwrap();
        Self { account, expected }
    }

    fn paid<T>(&mut self, played: &Played<T>, value: U256) {
        assert_eq!(played.from, self.account);
        assert!(played.effective_gas_price > 0, "anvil charges gas");
        self.expected -= played.cost() + value;
    }

    fn check(&self, rpc: &mut Rpc) {
        assert_eq!(
            rpc.balance(self.account).unwrap(),
            self.expected,
            "balance of {}",
            self.account
        );
    }
}

/// Plays the first free cell until the game ends; returns the final game.
fn play_solo_to_the_end(
    rpc: &mut Rpc,
    solo: SoloContract,
    game: U256,
    ledger: &mut Ledger,
) -> ISoloTicTacToe::getGameReturn {
    for _ in 0..5 {
        let state = solo.game(rpc, game).unwrap();
        if state.result != ISoloTicTacToe::Result::InProgress {
            return state;
        }
        let taken = state.playerBoard | state.cpuBoard;
        let cell = (0..9u8).find(|c| taken >> c & 1 == 0).unwrap();
        let played = solo.play(rpc, game, cell).unwrap();
        assert!(played.gas_used > 21_000);
        assert!(!played.events.is_empty(), "a move emits Moved");
        ledger.paid(&played, U256::ZERO);
    }
    solo.game(rpc, game).unwrap()
}

anviltest!(
    deploys_once_then_plays_solo_and_staked_pvp_with_balances_exact_to_the_wei,
    |anvil, records| {
        let deployments = Deployments::new(records.path());
        let mut deployer = rpc_as(&anvil, &anvil.keys[0]);
        assert_eq!(deployer.chain_id(), 31_337);
        let mut deployer_ledger = Ledger::open(&mut deployer);

        // A dry run estimates and predicts, and sends nothing.
        let dry = deploy(&mut deployer, contracts(), &deployments, DeployOptions::default()).unwrap();
        assert!(!dry.broadcast && dry.enough_funds);
        assert_eq!(deployer.nonce(anvil.accounts[0]).unwrap(), 0);
        assert!(!deployments.path(31_337).exists());
        let predicted: Vec<Address> = dry.contracts.iter().map(|c| c.address).collect();
        assert!(
            dry.contracts
                .iter()
                .all(|c| matches!(c.status, ContractStatus::Planned { .. }))
        );

        // The broadcast lands where the dry run said, with the compiled runtime code, and is recorded.
        let report = broadcast(&mut deployer, &deployments);
        assert_eq!(
            report.contracts.iter().map(|c| c.address).collect::<Vec<_>>(),
            predicted
        );
        for contract in &report.contracts {
            let ContractStatus::Deployed { cost, gas_used, .. } = contract.status else {
                panic!("{} was not deployed: {:?}", contract.name, contract.status);
            };
            assert!(gas_used > 100_000);
            deployer_ledger.expected -= cost;
            let code = deployer.code(contract.address).unwrap();
            let compiled = contracts().get(&contract.name).unwrap();
            assert_eq!(code, compiled.deployed_bytecode, "{}", contract.name);
            assert_eq!(keccak256(&code), contract.deployed_code_hash);
        }
        deployer_ledger.check(&mut deployer);
        let record = deployments.load(31_337).unwrap().expect("a record");
        assert_eq!(record.contracts.len(), 2);
        let solo_record = &record.contracts[SOLO_CONTRACT];
        assert_eq!(solo_record.address, predicted[0]);
        assert_eq!(solo_record.deployer, anvil.accounts[0]);
        assert_eq!(solo_record.compiler_version, contracts().solc_version());
        assert_eq!(solo_record.optimizer_runs, 1_000_000);
        assert!(solo_record.block_number >= 1);

        // Run again: the same code is found at the recorded addresses and nothing is sent.
        let again = broadcast(&mut deployer, &deployments);
        assert!(again.up_to_date());
        assert_eq!(deployer.nonce(anvil.accounts[0]).unwrap(), 2);
        deployer_ledger.check(&mut deployer);
        // --force deploys anew, at new addresses; the record follows.
        let forced = deploy(
            &mut deployer,
            contracts(),
            &deployments,
            DeployOptions {
                broadcast: true,
                force: true,
                claim_blocks: None,
            },
        )
        .unwrap();
        assert!(forced.contracts.iter().all(|c| !predicted.contains(&c.address)));
        for contract in &forced.contracts {
            let ContractStatus::Deployed { cost, .. } = contract.status else {
                panic!("--force did not deploy {}", contract.name);
            };
            deployer_ledger.expected -= cost;
        }
        deployer_ledger.check(&mut deployer);
        assert_eq!(
            deployments.address_of(31_337, PVP_CONTRACT).unwrap(),
            forced.contracts[1].address
        );

        // A full solo game against Hard, from another account.
        let mut player = rpc_as(&anvil, &anvil.keys[1]);
        let mut player_ledger = Ledger::open(&mut player);
        let solo_address = resolve_contract(&mut player, contracts(), &deployments, SOLO_CONTRACT, None).unwrap();
        let solo = SoloContract(solo_address);
        let started = solo
            .new_game(&mut player, ISoloTicTacToe::Difficulty::Hard, false)
            .unwrap();
        assert_eq!(started.value, U256::from(1));
        player_ledger.paid(&started, U256::ZERO);
        let end = play_solo_to_the_end(&mut player, solo, started.value, &mut player_ledger);
        assert!(
            matches!(
                end.result,
                ISoloTicTacToe::Result::CpuWon | ISoloTicTacToe::Result::Draw
            ),
            "Hard never loses: {:?}",
            end.result
        );
        player_ledger.check(&mut player);
        // A move in a finished game is refused with the contract's own error, decoded by name.
        let err = solo.play(&mut player, started.value, 0).unwrap_err();
        assert_eq!(err.revert_name(), Some("GameOver"), "{err}");
        assert!(err.to_string().contains("play(uint256,uint8) reverted"), "{err}");
        player_ledger.check(&mut player);

        // Staked PvP to a win: X (account 2) takes the top row.
        let pvp_address = resolve_contract(&mut player, contracts(), &deployments, PVP_CONTRACT, None).unwrap();
        let pvp = PvpContract(pvp_address);
        let mut x = rpc_as(&anvil, &anvil.keys[2]);
        let mut o = rpc_as(&anvil, &anvil.keys[3]);
        let mut x_ledger = Ledger::open(&mut x);
        let mut o_ledger = Ledger::open(&mut o);
        let stake = ETHER;
        let created = pvp.create(&mut x, 300, stake, None).unwrap();
        x_ledger.paid(&created, stake);
        let game = created.value;
        // Joining with the wrong stake is refused, by name, and costs nothing (the estimate catches it).
        let err = pvp.join(&mut o, game, Some(stake - U256::from(1))).unwrap_err();
        assert_eq!(err.revert_name(), Some("WrongStake"), "{err}");
        let joined = pvp.join(&mut o, game, None).unwrap();
        assert_eq!(joined.value, stake);
        o_ledger.paid(&joined, stake);
        for (cell, x_moves) in [(0, true), (3, false), (1, true), (4, false), (2, true)] {
            let (rpc, ledger) = if x_moves {
                (&mut x, &mut x_ledger)
            } else {
                (&mut o, &mut o_ledger)
            };
            let played = pvp.play(rpc, game, cell).unwrap();
            ledger.paid(&played, U256::ZERO);
        }
        let won = pvp.game(&mut x, game).unwrap();
        assert_eq!(won.status, ITicTacToe::Status::XWon);
        assert_eq!(
            pvp.pending_balance(&mut x, anvil.accounts[2]).unwrap(),
            stake * U256::from(2)
        );
        let err = pvp.play(&mut o, game, 8).unwrap_err();
        assert_eq!(err.revert_name(), Some("GameNotActive"), "{err}");

        // Staked PvP to a timeout claim: O stops moving after its first move.
        let created = pvp.create(&mut x, 120, stake, None).unwrap();
        x_ledger.paid(&created, stake);
        let game = created.value;
        let joined = pvp.join(&mut o, game, Some(stake)).unwrap();
        o_ledger.paid(&joined, stake);
        for (cell, x_moves) in [(4, true), (0, false), (8, true)] {
            let (rpc, ledger) = if x_moves {
                (&mut x, &mut x_ledger)
            } else {
                (&mut o, &mut o_ledger)
            };
            let played = pvp.play(rpc, game, cell).unwrap();
            ledger.paid(&played, U256::ZERO);
        }
        let err = pvp.claim_timeout(&mut x, game).unwrap_err();
        assert_eq!(err.revert_name(), Some("DeadlineNotPassed"), "{err}");
        let err = pvp.play(&mut x, game, 1).unwrap_err();
        assert_eq!(err.revert_name(), Some("NotYourTurn"), "{err}");
        anvil.advance_time(121);
        let err = pvp.claim_timeout(&mut o, game).unwrap_err();
        assert_eq!(err.revert_name(), Some("CannotClaimOwnTimeout"), "{err}");
        let claimed = pvp.claim_timeout(&mut x, game).unwrap();
        x_ledger.paid(&claimed, U256::ZERO);
        assert_eq!(pvp.game(&mut x, game).unwrap().status, ITicTacToe::Status::XWon);
        assert!(
            claimed.events.iter().any(|e| matches!(
                e,
                GameEvent::Pvp(ITicTacToeEvents::GameEnded(ended))
                    if ended.reason == ITicTacToe::EndReason::Timeout && ended.winner == anvil.accounts[2]
            )),
            "{:?}",
            claimed.events
        );

        // A private game: only O may join; X never makes the first move, and O aborts it: both stakes go back.
        let created = pvp.create(&mut x, 60, stake, Some(anvil.accounts[3])).unwrap();
        x_ledger.paid(&created, stake);
        let game = created.value;
        let err = pvp.join(&mut player, game, Some(stake)).unwrap_err();
        assert_eq!(err.revert_name(), Some("NotInvited"), "{err}");
        let err = pvp.create(&mut x, 604_801, stake, None).unwrap_err();
        assert_eq!(err.revert_name(), Some("TimeoutTooLong"), "{err}");
        let joined = pvp.join(&mut o, game, None).unwrap();
        o_ledger.paid(&joined, stake);
        anvil.advance_time(61);
        let aborted = pvp.claim_timeout(&mut o, game).unwrap();
        o_ledger.paid(&aborted, U256::ZERO);
        assert_eq!(pvp.game(&mut o, game).unwrap().status, ITicTacToe::Status::Aborted);
        let events = &aborted.events;
        assert!(
            events.len() == 3
                && events.iter().any(|e| matches!(
                    e,
                    GameEvent::Pvp(ITicTacToeEvents::GameEnded(ended)) if ended.reason == ITicTacToe::EndReason::Abort
                )),
            "the end and two credits: {events:?}"
        );
        assert_eq!(pvp.pending_balance(&mut o, anvil.accounts[3]).unwrap(), stake);

        // X sends both won pots and its refund to another account with withdrawTo; O withdraws its refund.
        let err = pvp.withdraw(&mut x, Some(Address::ZERO)).unwrap_err();
        assert_eq!(err.revert_name(), Some("ZeroRecipient"), "{err}");
        let payee = anvil.accounts[6];
        let payee_before = x.balance(payee).unwrap();
        let withdrawn = pvp.withdraw(&mut x, Some(payee)).unwrap();
        assert_eq!(withdrawn.value, stake * U256::from(5));
        x_ledger.paid(&withdrawn, U256::ZERO);
        assert_eq!(x.balance(payee).unwrap(), payee_before + stake * U256::from(5));
        let withdrawn = pvp.withdraw(&mut o, None).unwrap();
        assert_eq!(withdrawn.value, stake);
        o_ledger.paid(&withdrawn, U256::ZERO);
        o_ledger.expected += stake;
        let err = pvp.withdraw(&mut o, None).unwrap_err();
        assert_eq!(err.revert_name(), Some("NothingToWithdraw"), "{err}");

        x_ledger.check(&mut x);
        o_ledger.check(&mut o);
        player_ledger.check(&mut player);
        deployer_ledger.check(&mut deployer);
        assert_eq!(
            x.balance(pvp_address).unwrap(),
            U256::ZERO,
            "no ether is left in the contract"
        );
    }
);

/// Imports anvil's key `index` into a keystore in `dir` with `cast wallet import`, as a user would.
fn cast_import(anvil: &Anvil, dir: &Path, name: &str, index: usize, password: &str) {
    let output = Command::new(marubatsu_tests::anvil::binary("cast"))
        .args(["wallet", "import", name, "--keystore-dir"])
        .arg(dir)
        .args(["--private-key", &anvil.keys[index], "--unsafe-password", password])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "cast wallet import: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

anviltest!(
    /// The block rule on a real node: deployed with 5 claim blocks, a claim after the deadline but before the blocks
    /// is refused with `TooFewBlocks`, the late player still gets its move in, and once `anvil_mine` has mined the
    /// blocks the claim lands. Redeploying with the local default (none) replaces the TicTacToe, not the solo game.
    a_claim_needs_the_blocks_as_well_as_the_time_on_a_real_node,
    |anvil, records| {
        let deployments = Deployments::new(records.path());
        let mut deployer = rpc_as(&anvil, &anvil.keys[0]);
        let options = DeployOptions {
            broadcast: true,
            force: false,
            claim_blocks: Some(5),
        };
        let report = deploy(&mut deployer, contracts(), &deployments, options).unwrap();
        assert_eq!(report.claim_blocks, 5);
        let pvp = PvpContract(report.contracts[1].address);
        assert_eq!(pvp.claim_blocks(&mut deployer).unwrap(), 5);

        let mut x = rpc_as(&anvil, &anvil.keys[2]);
        let mut o = rpc_as(&anvil, &anvil.keys[3]);
        let game = pvp.create(&mut x, 60, ETHER, None).unwrap().value;
        pvp.join(&mut o, game, None).unwrap();
        assert_eq!(pvp.claim_blocks_left(&mut o, game).unwrap(), 5);
        // A minute and a second later, in one block: the time has passed, the blocks have not.
        anvil.advance_time(61);
        let err = pvp.claim_timeout(&mut o, game).unwrap_err();
        assert_eq!(err.revert_name(), Some("TooFewBlocks"), "{err}");
        assert!(err.to_string().contains("blocksNeeded 5"), "{err}");
        // So X, late by the clock, still makes its first move; O's turn starts with all five blocks to go.
        pvp.play(&mut x, game, 4).unwrap();
        assert_eq!(pvp.claim_blocks_left(&mut x, game).unwrap(), 5);
        anvil.advance_time(61);
        let err = pvp.claim_timeout(&mut x, game).unwrap_err();
        assert_eq!(err.revert_name(), Some("TooFewBlocks"), "{err}");
        anvil.rpc("anvil_mine", &["5"]);
        assert_eq!(pvp.claim_blocks_left(&mut x, game).unwrap(), 0);
        let err = pvp.play(&mut o, game, 0).unwrap_err();
        assert_eq!(err.revert_name(), Some("MoveTooLate"), "{err}");
        pvp.claim_timeout(&mut x, game).unwrap();
        assert_eq!(pvp.game(&mut x, game).unwrap().status, ITicTacToe::Status::Aborted);

        // Another count is another deployment: the same code, but its storage asks for other blocks.
        let again = deploy(
            &mut deployer,
            contracts(),
            &deployments,
            DeployOptions {
                claim_blocks: None,
                ..options
            },
        )
        .unwrap();
        assert_eq!(again.claim_blocks, 0, "a local chain asks for none by default");
        assert_eq!(again.contracts[0].status, ContractStatus::Existing);
        assert!(matches!(again.contracts[1].status, ContractStatus::Deployed { .. }));
        assert_eq!(
            PvpContract(again.contracts[1].address)
                .claim_blocks(&mut deployer)
                .unwrap(),
            0
        );
    }
);

anviltest!(
    deploys_and_plays_from_a_cast_keystore_and_refuses_a_wrong_password,
    |anvil| {
        let keystores = tempfile::tempdir().unwrap();
        cast_import(&anvil, keystores.path(), "deployer", 4, "hunter2-but-longer");
        let path = marubatsu_client::wallet::keystore_path(keystores.path(), "deployer").unwrap();

        let err = signer_from_keystore(&path, &Secret::new("not the password")).unwrap_err();
        assert!(matches!(err, Error::WrongPassword { .. }), "{err}");
        let message = err.to_string();
        assert!(message.starts_with("wrong password for keystore"), "{message}");
        assert!(!message.contains("not the password"), "{message}");

        let signer = signer_from_keystore(&path, &Secret::new("hunter2-but-longer")).unwrap();
        assert_eq!(signer.address(), anvil.accounts[4]);
        let mut rpc = Rpc::connect(
            &Secret::new(&anvil.url),
            Some(signer),
            RpcOptions {
                poll_interval: Duration::from_millis(20),
                ..RpcOptions::default()
            },
        )
        .unwrap();
        let mut ledger = Ledger::open(&mut rpc);
        let records = tempfile::tempdir().unwrap();
        let deployments = Deployments::new(records.path());
        let report = broadcast(&mut rpc, &deployments);
        assert_eq!(report.deployer, anvil.accounts[4]);
        for contract in &report.contracts {
            if let ContractStatus::Deployed { cost, .. } = contract.status {
                ledger.expected -= cost;
            }
        }
        let solo = SoloContract(report.contracts[0].address);
        let started = solo
            .new_game(&mut rpc, ISoloTicTacToe::Difficulty::Normal, true)
            .unwrap();
        ledger.paid(&started, U256::ZERO);
        let end = play_solo_to_the_end(&mut rpc, solo, started.value, &mut ledger);
        assert_ne!(end.result, ISoloTicTacToe::Result::InProgress);
        ledger.check(&mut rpc);
    }
);

anviltest!(
    failures_say_what_went_wrong_without_secrets,
    ["--chain-id", "4242"],
    |anvil| {
        let url = Secret::new(&anvil.url);

        // Unreachable: a port nobody listens on (held, so no other process takes it meanwhile).
        let closed = ClosedPort::new();
        let err = Rpc::connect(
            &Secret::new(format!("http://127.0.0.1:{}/key-in-path", closed.port)),
            None,
            RpcOptions::default(),
        )
        .unwrap_err();
        let message = err.to_string();
        // (Moved here from crates/client's unit tests, which freed a port and hoped nobody took it.)
        assert!(matches!(err, Error::Unreachable { .. }), "{message}");
        assert!(message.contains("refused"), "{message}");
        assert!(message.starts_with("cannot reach the RPC endpoint"), "{message}");
        assert!(!message.contains("key-in-path"), "{message}");

        // Wrong chain id.
        let err = Rpc::connect(
            &url,
            None,
            RpcOptions {
                expected_chain_id: Some(11_155_111),
                ..RpcOptions::default()
            },
        )
        .unwrap_err();
        assert!(
            matches!(
                err,
                Error::WrongChainId {
                    expected: 11_155_111,
                    actual: 4242,
                    ..
                }
            ),
            "{err}"
        );

        // A bad key is refused before anything is sent, and never shown.
        let err = signer_from_private_key(&Secret::new("0xnot-a-key")).unwrap_err();
        assert!(matches!(err, Error::BadKey { .. }) && !err.to_string().contains("not-a-key"));

        // An account with no ether cannot deploy: refused before sending, with both amounts.
        let empty = "0x1111111111111111111111111111111111111111111111111111111111111111";
        let mut poor = rpc_as(&anvil, empty);
        let records = tempfile::tempdir().unwrap();
        let deployments = Deployments::new(records.path());
        let err = deploy(
            &mut poor,
            contracts(),
            &deployments,
            DeployOptions {
                broadcast: true,
                force: false,
                claim_blocks: None,
            },
        )
        .unwrap_err();
        assert!(matches!(err, Error::InsufficientFunds { .. }), "{err}");
        assert!(err.to_string().contains("has 0 ETH (0 wei)"), "{err}");
        assert!(!deployments.path(4242).exists());

        // Game commands without a deployment on this chain say how to make one.
        let err = resolve_contract(&mut poor, contracts(), &deployments, SOLO_CONTRACT, None).unwrap_err();
        assert!(err.to_string().contains("marubatsu deploy --broadcast"), "{err}");
        // An address without the contract's code is refused.
        let err = resolve_contract(
            &mut poor,
            contracts(),
            &deployments,
            SOLO_CONTRACT,
            Some(anvil.accounts[0]),
        )
        .unwrap_err();
        assert!(err.to_string().contains("has no code"), "{err}");
    }
);

anviltest!(
    a_receipt_that_never_comes_times_out_with_its_hash,
    ["--no-mining"],
    |anvil| {
        // Without mining, the transaction stays pending forever.
        let signer = signer_from_private_key(&Secret::new(&anvil.keys[0])).unwrap();
        let mut rpc = Rpc::connect(
            &Secret::new(&anvil.url),
            Some(signer),
            RpcOptions {
                receipt_timeout: Duration::from_secs(1),
                poll_interval: Duration::from_millis(100),
                ..RpcOptions::default()
            },
        )
        .unwrap();
        let records = tempfile::tempdir().unwrap();
        let err = deploy(
            &mut rpc,
            contracts(),
            &Deployments::new(records.path()),
            DeployOptions {
                broadcast: true,
                force: false,
                claim_blocks: None,
            },
        )
        .unwrap_err();
        assert!(matches!(err, Error::ReceiptTimeout { seconds: 1, .. }), "{err}");
        assert!(err.to_string().contains("no receipt for transaction 0x"), "{err}");
    }
);

/// Every human line against Hard from both seats, and Hard's value on every position, on `chain`: the solo proof's
/// two required properties as the toolkit runs them. Returns the lines played and how long it all took.
fn prove_hard(chain: &mut Chain, solo: Address) -> (u64, Duration) {
    let started = std::time::Instant::now();
    let contract = marubatsu_prove::SoloContract {
        address: solo,
        dialect: SoloDialect::Marubatsu,
    };
    let target = SoloTarget {
        contract: contract.clone(),
        player: chain.accounts()[3],
    };
    let mut lines = 0;
    for cpu_first in [false, true] {
        let run = explore_lines(
            chain,
            &target,
            Difficulty::Hard,
            cpu_first,
            &mut GasLog::default(),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(
            run.human_wins,
            0,
            "Hard never loses ({} first)",
            if cpu_first { "CPU" } else { "human" }
        );
        lines += run.lines;
    }
    let value = check_hard_value(chain, &contract, SOLO_CONTRACT, &mut |_, _| {}).unwrap();
    assert!(value.passed(), "Hard keeps the value: {value:?}");
    (lines, started.elapsed())
}

anviltest!(
    a_fork_runs_the_deployed_contracts_in_process_at_one_block_and_sends_nothing,
    |anvil, records| {
        let deployments = Deployments::new(records.path());
        let mut deployer = rpc_as(&anvil, &anvil.keys[0]);
        let report = broadcast(&mut deployer, &deployments);
        let address_of = |name: &str| report.contracts.iter().find(|c| c.name == name).unwrap().address;
        let (solo_address, pvp_address) = (address_of(SOLO_CONTRACT), address_of(PVP_CONTRACT));

        // One real solo game to its end, and one real staked PvP game waiting for an opponent.
        let mut player = rpc_as(&anvil, &anvil.keys[1]);
        let mut player_ledger = Ledger::open(&mut player);
        let solo = SoloContract(solo_address);
        let before_the_game = player.block_number().unwrap();
        let game = solo
            .new_game(&mut player, ISoloTicTacToe::Difficulty::Hard, false)
            .unwrap()
            .value;
        let real = play_solo_to_the_end(&mut player, solo, game, &mut player_ledger);
        let stake = ETHER / U256::from(10);
        let pvp_game = PvpContract(pvp_address)
            .create(&mut player, 3600, stake, None)
            .unwrap()
            .value;

        let head = player.block_number().unwrap();
        let player_nonce = player.mined_nonce(anvil.accounts[1]).unwrap();
        let (mut chain, info) = fork(&Secret::new(&anvil.url), None).unwrap();
        assert_eq!((info.chain_id, info.block), (31_337, head));
        assert_eq!(info.url, anvil.url);
        assert_eq!((chain.chain_id(), chain.block_number()), (31_337, head));

        // What is on chain: the deployed code, the real games.
        for (name, address) in [(SOLO_CONTRACT, solo_address), (PVP_CONTRACT, pvp_address)] {
            assert_eq!(
                chain.code(address),
                contracts().get(name).unwrap().deployed_bytecode,
                "{name}"
            );
        }
        assert_eq!(
            chain.view(solo_address, &ISoloTicTacToe::nextGameIdCall {}).unwrap(),
            U256::from(2)
        );
        let seen = chain
            .view(solo_address, &ISoloTicTacToe::getGameCall { gameId: game })
            .unwrap();
        assert_eq!(
            (seen.player, seen.playerBoard, seen.cpuBoard, seen.result),
            (anvil.accounts[1], real.playerBoard, real.cpuBoard, real.result)
        );

        // New transactions run on the fork only: a new solo game and its moves, and a join of the real PvP game
        // with its stake.
        let me = chain.accounts()[0];
        let fresh = chain
            .send(
                me,
                solo_address,
                &ISoloTicTacToe::newGameCall {
                    difficulty: 1,
                    cpuFirst: false,
                },
            )
            .unwrap()
            .value;
        assert_eq!(fresh, U256::from(2));
        chain
            .send(me, solo_address, &ISoloTicTacToe::playCall { gameId: fresh, cell: 4 })
            .unwrap();
        let mine = chain
            .view(solo_address, &ISoloTicTacToe::getGameCall { gameId: fresh })
            .unwrap();
        assert_eq!(
            (mine.player, mine.playerBoard.count_ones(), mine.cpuBoard.count_ones()),
            (me, 1, 1)
        );
        let open = chain
            .view(pvp_address, &ITicTacToe::getGameCall { gameId: pvp_game })
            .unwrap();
        assert_eq!((open.creator, open.stake), (anvil.accounts[1], stake));
        let before = chain.balance(me);
        let join = ITicTacToe::joinGameCall {
            gameId: pvp_game,
            creator: open.creator,
            moveTimeout: U256::from(open.moveTimeout),
        };
        chain.send_value(me, pvp_address, stake, &join).unwrap();
        assert_eq!(chain.balance(me), before - stake);
        let joined = chain
            .view(pvp_address, &ITicTacToe::getGameCall { gameId: pvp_game })
            .unwrap();
        assert_eq!(joined.opponent, me);

        // The toolkit's solo proof runs on the fork as on a fresh chain, on the fork above and on one that has
        // read nothing yet (its time includes the reads over loopback, each made once).
        let (lines, _) = prove_hard(&mut chain, solo_address);
        let mut local = Chain::new();
        let deployed = local
            .deploy(local.accounts()[0], contracts().get(SOLO_CONTRACT).unwrap())
            .unwrap()
            .address;
        let (local_lines, in_process) = prove_hard(&mut local, deployed);
        assert_eq!(lines, local_lines);
        let (mut cold, _) = fork(&Secret::new(&anvil.url), None).unwrap();
        let (cold_lines, on_fork) = prove_hard(&mut cold, solo_address);
        assert_eq!(cold_lines, local_lines);
        eprintln!(
            "Hard's lines ({lines}, both seats) and value (4,520 positions): {on_fork:.2?} on a fresh fork \
             ({} answers read over RPC, test accounts included), {in_process:.2?} in-process",
            cold.remote_reads()
        );

        // Nothing was sent: anvil is where it was.
        assert_eq!(player.block_number().unwrap(), head);
        assert_eq!(player.mined_nonce(anvil.accounts[1]).unwrap(), player_nonce);
        assert_eq!(player.nonce(me).unwrap(), 0);
        let real_again = solo.game(&mut player, U256::from(2));
        assert_eq!(real_again.unwrap_err().revert_name(), Some("UnknownGame"));

        // A fork at an earlier block sees that block's state: before the real game, there was none.
        let (mut earlier, info) = fork(&Secret::new(&anvil.url), Some(before_the_game)).unwrap();
        assert_eq!(info.block, before_the_game);
        assert_eq!(
            earlier.view(solo_address, &ISoloTicTacToe::nextGameIdCall {}).unwrap(),
            U256::from(1)
        );
        let err = fork(&Secret::new(&anvil.url), Some(head + 100)).unwrap_err();
        assert!(
            matches!(err, Error::NoSuchBlock { latest, .. } if latest == head),
            "{err}"
        );

        // A read that fails in the middle of a call fails the call: the node is gone, and the fork has not read
        // the PvP contract yet.
        let (mut unread, _) = fork(&Secret::new(&anvil.url), None).unwrap();
        drop(anvil);
        let err = unread.view(pvp_address, &ITicTacToe::nextGameIdCall {}).unwrap_err();
        let TxError::Remote(fault) = &err else {
            panic!("expected the failed read, got {err}");
        };
        assert_eq!(fault.read, format!("the account {pvp_address}"));
        assert!(err.to_string().contains("cannot reach the RPC endpoint"), "{err}");
    }
);
