//! Fixtures shared by the integration tests in `tests/tests/`: the contracts, compiled once per test binary
//! through the toolkit's own compiler provisioning (solc-js on a fresh clone).

use std::sync::OnceLock;

pub mod anvil;
pub mod engine_fuzz;
pub mod hostile;
pub mod names;
pub mod wire;

use alloy_primitives::Address;
use marubatsu_chain::{
    compiler::{Compiler, ContractSet},
    evm::Chain,
};

/// An end-to-end test on a fresh anvil, in the manner of Foundry's `forgetest!`: the contracts compiled first
/// (which provisions anvil on a fresh clone), then anvil started with the given arguments, and an empty folder for
/// deployment records. Both are dropped (anvil stopped, the folder removed) when the test ends, pass or fail.
///
/// ```text
/// anviltest!(deploys_once, |anvil, records| { /* anvil.url, records.path() */ });
/// anviltest!(waits_for_a_block, ["--no-mining"], |anvil| { /* … */ });
/// ```
#[macro_export]
macro_rules! anviltest {
    ($(#[$attr:meta])* $name:ident, |$anvil:ident $(, $records:ident)?| $body:block) => {
        $crate::anviltest!($(#[$attr])* $name, [], |$anvil $(, $records)?| $body);
    };
    ($(#[$attr:meta])* $name:ident, [$($arg:expr),* $(,)?], |$anvil:ident $(, $records:ident)?| $body:block) => {
        $(#[$attr])*
        #[test]
        fn $name() {
            $crate::contracts();
            let $anvil = $crate::anvil::Anvil::start_with(&[$($arg),*]);
            $(let $records = $crate::records_dir();)?
            $body
        }
    };
}

/// An empty folder for deployment records, removed when dropped.
pub fn records_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|err| panic!("a temporary folder: {err}"))
}

/// The compiled contracts; the first caller compiles (or loads from the cache), later callers share it.
pub fn contracts() -> &'static ContractSet {
    static CONTRACTS: OnceLock<ContractSet> = OnceLock::new();
    CONTRACTS.get_or_init(|| {
        let compiler = Compiler::locate().unwrap_or_else(|err| panic!("no compiler: {err}"));
        compiler
            .compile()
            .unwrap_or_else(|err| panic!("compiling contracts/ failed: {err}"))
    })
}

/// A fresh chain with `TicTacToe` (or a variant of it, `name`) deployed by the first account, a timeout claim
/// needing `claim_blocks` blocks after the turn began; returns the chain and the contract's address.
pub fn chain_with_pvp(name: &str, claim_blocks: u32) -> (Chain, Address) {
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let contract = contracts().get(name).unwrap_or_else(|err| panic!("{err}"));
    let code = marubatsu_chain::pvp::pvp_creation_code(contract, claim_blocks);
    let address = chain
        .deploy_code(deployer, code, alloy_primitives::U256::ZERO)
        .unwrap_or_else(|err| panic!("deploying {name}: {err}"))
        .address;
    (chain, address)
}

/// A fresh chain with `name` deployed by the first account; returns the chain and the contract's address.
pub fn chain_with(name: &str) -> (Chain, Address) {
    let mut chain = Chain::new();
    let deployer = chain.accounts()[0];
    let contract = contracts().get(name).unwrap_or_else(|err| panic!("{err}"));
    let address = chain
        .deploy(deployer, contract)
        .unwrap_or_else(|err| panic!("deploying {name}: {err}"))
        .address;
    (chain, address)
}
