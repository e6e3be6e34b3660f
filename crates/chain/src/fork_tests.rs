//! A chain forked from another in-process chain: the second reads the first's state through [`RemoteState`], so
//! what a fork reads, keeps, and does when its remote fails is checked without a node.

use std::sync::{
    Arc, Mutex,
    atomic::{AtomicBool, Ordering},
};

use alloy_primitives::{Address, B256, U256, keccak256};
use revm::DatabaseRef;

use super::{ACCOUNT_BALANCE, Chain, Db};
use crate::{
    bindings::ISoloTicTacToe::{self, Result as SolResult},
    compiler::{ContractSet, SOLO_CONTRACT},
    evm::{ForkHead, RemoteAccount, RemoteError, RemoteState, TxError},
};

/// Another chain's state, frozen when the fork is made, that can be told to stop answering.
struct Origin {
    db: Mutex<Db>,
    failing: AtomicBool,
}

impl Origin {
    fn of(chain: &Chain) -> Arc<Self> {
        Arc::new(Self {
            db: Mutex::new(chain.evm.ctx.journaled_state.database.clone()),
            failing: AtomicBool::new(false),
        })
    }

    fn check(&self, read: String) -> Result<(), RemoteError> {
        if self.failing.load(Ordering::SeqCst) {
            return Err(RemoteError {
                read,
                reason: "connection refused".into(),
            });
        }
        Ok(())
    }
}

impl RemoteState for Origin {
    fn account(&self, address: Address) -> Result<RemoteAccount, RemoteError> {
        self.check(format!("account {address}"))?;
        let info = self.db.lock().unwrap().basic_ref(address).unwrap().unwrap_or_default();
        Ok(RemoteAccount {
            balance: info.balance,
            nonce: info.nonce,
            code: info.code.map(|code| code.original_bytes()).unwrap_or_default(),
        })
    }

    fn storage(&self, address: Address, slot: U256) -> Result<U256, RemoteError> {
        self.check(format!("slot {slot} of {address}"))?;
        Ok(self.db.lock().unwrap().storage_ref(address, slot).unwrap())
    }

    fn block_hash(&self, number: u64) -> Result<B256, RemoteError> {
        self.check(format!("the hash of block {number}"))?;
        Ok(keccak256(format!("origin block {number}")))
    }
}

const HEAD: ForkHead = ForkHead {
    chain_id: 11_155_111,
    number: 7_000_000,
    timestamp: 1_760_000_000,
    basefee: 7_000_000_000,
    gas_limit: 36_000_000,
    prevrandao: B256::repeat_byte(0x42),
};

/// A chain with the solo contract deployed and one game played to its end by the second account.
fn origin_with_a_game() -> (Chain, Address) {
    let contracts = ContractSet::shipped().unwrap();
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let player = chain.accounts()[1];
    let solo = chain
        .deploy(deployer, contracts.get(SOLO_CONTRACT).unwrap())
        .unwrap()
        .address;
    let game = chain
        .send(
            player,
            solo,
            &ISoloTicTacToe::newGameCall {
                difficulty: 2,
                cpuFirst: false,
            },
        )
        .unwrap()
        .value;
    for cell in [0, 8, 6, 2, 5, 1, 7, 3] {
        if chain
            .view(solo, &ISoloTicTacToe::getGameCall { gameId: game })
            .unwrap()
            .result
            != SolResult::InProgress
        {
            break;
        }
        // Cells the CPU took first are refused; the next one is tried.
        let _ = chain.send(player, solo, &ISoloTicTacToe::playCall { gameId: game, cell });
    }
    (chain, solo)
}

#[test]
fn a_fork_runs_the_remote_contract_in_the_forked_block_with_the_test_accounts_funded() {
    let (mut origin, solo) = origin_with_a_game();
    let played = origin
        .view(solo, &ISoloTicTacToe::getGameCall { gameId: U256::from(1) })
        .unwrap();
    assert_ne!(played.result, SolResult::InProgress);

    let mut fork = Chain::forked(Origin::of(&origin), HEAD).unwrap();
    assert_eq!(fork.chain_id(), HEAD.chain_id);
    assert_eq!(fork.block_number(), HEAD.number);
    assert_eq!(fork.timestamp(), HEAD.timestamp);
    assert_eq!(fork.code(solo), origin.code(solo));
    assert_eq!(
        fork.view(solo, &ISoloTicTacToe::nextGameIdCall {}).unwrap(),
        U256::from(2)
    );
    let seen = fork
        .view(solo, &ISoloTicTacToe::getGameCall { gameId: U256::from(1) })
        .unwrap();
    assert_eq!(
        (seen.player, seen.playerBoard, seen.cpuBoard, seen.result),
        (played.player, played.playerBoard, played.cpuBoard, played.result)
    );

    // The deployer's nonce is the remote's (it deployed once); every balance is the test balance.
    let deployer = fork.accounts()[0];
    assert_eq!(fork.account(deployer).unwrap().nonce, 1);
    for account in fork.accounts().to_vec() {
        assert_eq!(fork.balance(account), ACCOUNT_BALANCE);
    }

    // Unpriced transactions run under the block's base fee, and change only the fork.
    let game = fork
        .send(
            deployer,
            solo,
            &ISoloTicTacToe::newGameCall {
                difficulty: 1,
                cpuFirst: true,
            },
        )
        .unwrap()
        .value;
    assert_eq!(game, U256::from(2));
    fork.send(deployer, solo, &ISoloTicTacToe::playCall { gameId: game, cell: 0 })
        .unwrap();
    assert_eq!(fork.balance(deployer), ACCOUNT_BALANCE);
    assert_eq!(
        origin.view(solo, &ISoloTicTacToe::nextGameIdCall {}).unwrap(),
        U256::from(2)
    );
}

#[test]
fn a_fork_reads_each_thing_once_across_snapshots() {
    let (origin, solo) = origin_with_a_game();
    let mut fork = Chain::forked(Origin::of(&origin), HEAD).unwrap();
    let player = fork.accounts()[2];
    let start = fork.snapshot();
    fork.send(
        player,
        solo,
        &ISoloTicTacToe::newGameCall {
            difficulty: 2,
            cpuFirst: false,
        },
    )
    .unwrap();
    let after_first = fork.remote_reads();
    assert!(after_first > 1, "the contract and its storage were read");
    fork.restore(&start);
    fork.send(
        player,
        solo,
        &ISoloTicTacToe::newGameCall {
            difficulty: 2,
            cpuFirst: false,
        },
    )
    .unwrap();
    assert_eq!(
        fork.remote_reads(),
        after_first,
        "the same game again reads nothing new"
    );
    assert_eq!(Chain::new().remote_reads(), 0);
}

#[test]
fn a_failed_remote_read_fails_the_call_and_everything_after_a_silent_one() {
    let (origin, solo) = origin_with_a_game();
    let remote = Origin::of(&origin);
    let mut fork = Chain::forked(remote.clone(), HEAD).unwrap();
    remote.failing.store(true, Ordering::SeqCst);

    let err = fork.view(solo, &ISoloTicTacToe::nextGameIdCall {}).unwrap_err();
    let TxError::Remote(fault) = &err else {
        panic!("expected a remote error, got {err}");
    };
    assert_eq!(fault.read, format!("account {solo}"));
    assert!(err.to_string().contains("connection refused"), "{err}");
    assert!(matches!(fork.read_code(solo), Err(TxError::Remote(_))));

    // `balance` cannot return the error; the zero it returns instead poisons every later call, even once the
    // remote answers again.
    let stranger = Address::repeat_byte(0x77);
    assert_eq!(fork.balance(stranger), U256::ZERO);
    remote.failing.store(false, Ordering::SeqCst);
    let err = fork.view(solo, &ISoloTicTacToe::nextGameIdCall {}).unwrap_err();
    assert!(
        matches!(&err, TxError::Remote(fault) if fault.read == format!("account {stranger}")),
        "{err}"
    );
}

#[test]
fn block_hashes_come_from_the_remote_up_to_the_fork_and_are_local_after_it() {
    let (origin, _) = origin_with_a_game();
    let remote = Origin::of(&origin);
    let fork = Chain::forked(remote.clone(), HEAD).unwrap();
    let backend = &fork.evm.ctx.journaled_state.database.db;
    let before = HEAD.number - 1;
    assert_eq!(
        backend.block_hash_ref(before).unwrap(),
        keccak256(format!("origin block {before}"))
    );
    let after = HEAD.number + 1;
    assert_eq!(backend.block_hash_ref(after).unwrap(), keccak256(after.to_string()));
    // A kept hash needs no remote.
    remote.failing.store(true, Ordering::SeqCst);
    assert_eq!(
        backend.block_hash_ref(before).unwrap(),
        keccak256(format!("origin block {before}"))
    );
}

#[test]
fn a_fork_that_cannot_read_its_test_accounts_is_refused() {
    let remote = Origin::of(&Chain::new());
    remote.failing.store(true, Ordering::SeqCst);
    let err = Chain::forked(remote, HEAD).unwrap_err();
    assert!(err.read.starts_with("account 0x"), "{err}");
}

#[test]
fn a_fork_as_a_transactor_names_its_chain_and_returns_failed_reads() {
    use crate::evm::Transactor;
    let remote = Origin::of(&Chain::new());
    let mut fork = Chain::forked(remote.clone(), HEAD).unwrap();
    let first = fork.accounts()[0];
    let mut acting = fork.acting_as(first);
    assert_eq!(acting.chain_id(), HEAD.chain_id);
    assert_eq!(acting.balance(first).unwrap(), ACCOUNT_BALANCE);
    remote.failing.store(true, Ordering::SeqCst);
    assert!(matches!(
        acting.balance(Address::repeat_byte(1)),
        Err(TxError::Remote(_))
    ));
    assert!(matches!(acting.code(Address::repeat_byte(2)), Err(TxError::Remote(_))));
}
