use std::sync::Arc;

use alloy_primitives::{Address, Bytes, TxKind, U256, keccak256};
use alloy_sol_types::SolCall;
use foundry_compilers::artifacts::EvmVersion;
use revm::{
    Context, ExecuteCommitEvm, ExecuteEvm, MainBuilder, MainContext,
    context::{
        TxEnv,
        result::{EVMError, ExecutionResult},
    },
    context_interface::cfg::gas::calculate_initial_tx_gas_for_tx,
    database::CacheDB,
    handler::{MainnetContext, MainnetEvm},
    primitives::hardfork::SpecId,
    state::AccountInfo,
};

use crate::{
    compiler::CompiledContract,
    consts::SPEC,
    error::TxError,
    receipt::{Receipt, ViewOutcome},
    remote::{Backend, ForkHead, RemoteError, RemoteState},
    revert::Revert,
};

/// Chain id of the in-process chain (the same as anvil's and Hardhat's local chains).
pub const CHAIN_ID: u64 = 31_337;
/// Each test account starts with 10,000 ether.
pub const ACCOUNT_BALANCE: U256 = U256::from_limbs([0x19e0_c9ba_b240_0000, 0x21e, 0, 0]);

const ACCOUNT_COUNT: usize = 10;
const BLOCK_GAS_LIMIT: u64 = 30_000_000;
const GENESIS_TIMESTAMP: u64 = 1_700_000_000;

type Db = CacheDB<Backend>;
type Evm = MainnetEvm<MainnetContext<Db>>;

/// A saved chain state to return to with [`Chain::restore`]: how exhaustive searches branch without replaying.
#[derive(Clone, Debug)]
pub struct Snapshot {
    db: Db,
    block: revm::context::BlockEnv,
}

/// A contract deployed on the in-process chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deployment {
    /// Where it lives.
    pub address: Address,
    /// The creation transaction's receipt.
    pub receipt: Receipt<()>,
}

/// An in-process Ethereum chain (revm, under the rules of [`crate::compiler::EVM_VERSION`]) with funded test accounts.
///
/// Every transaction is executed and committed at once; block number and time change only when asked
/// ([`Chain::advance_time`], [`Chain::set_block`]). Gas is priced at zero so balances move only by the
/// values sent, which keeps balance checks exact to the wei.
pub struct Chain {
    evm: Evm,
    accounts: Vec<Address>,
    /// The first remote read that failed where no error could be returned ([`Chain::balance`], [`Chain::code`]):
    /// every later transaction and call fails with it, so nothing runs on the zero that stood in for it.
    remote_fault: Option<RemoteError>,
}

impl Default for Chain {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Chain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chain")
            .field("block", &self.block_number())
            .field("timestamp", &self.timestamp())
            .field("accounts", &self.accounts)
            .finish_non_exhaustive()
    }
}

impl Chain {
    /// A fresh chain at block 1 with ten accounts of [`ACCOUNT_BALANCE`] each.
    pub fn new() -> Self {
        let mut db = CacheDB::new(Backend::Empty);
        let accounts = test_accounts();
        for account in &accounts {
            db.insert_account_info(
                *account,
                AccountInfo {
                    balance: ACCOUNT_BALANCE,
                    ..AccountInfo::default()
                },
            );
        }
        let evm = Context::mainnet()
            .with_db(db)
            .modify_cfg_chained(|cfg| {
                cfg.spec = SPEC;
                cfg.chain_id = CHAIN_ID;
            })
            .modify_block_chained(|block| {
                block.number = U256::from(1);
                block.timestamp = U256::from(GENESIS_TIMESTAMP);
                block.gas_limit = BLOCK_GAS_LIMIT;
                block.basefee = 0;
            })
            .build_mainnet();
        Self {
            evm,
            accounts,
            remote_fault: None,
        }
    }

    /// A chain forked from `remote` at block `head`: its chain id, block number, time, base fee, gas limit and
    /// `prevrandao`, and every account, code and storage slot it does not hold read from `remote` (once each).
    /// Nothing goes back to the remote: transactions change only this chain. The same ten test accounts are
    /// funded with [`ACCOUNT_BALANCE`] each, keeping the nonce (and any code) the remote gives them; their
    /// transactions pay no gas, as on [`Chain::new`], whatever the fork's base fee.
    pub fn forked(remote: Arc<dyn RemoteState>, head: ForkHead) -> Result<Self, RemoteError> {
        use revm::DatabaseRef;
        let backend = Backend::remote(remote, head.number);
        let accounts = test_accounts();
        let mut funded = Vec::with_capacity(accounts.len());
        for account in &accounts {
            let info = backend.basic_ref(*account)?.unwrap_or_default();
            funded.push(AccountInfo {
                balance: ACCOUNT_BALANCE,
                ..info
            });
        }
        let mut db = CacheDB::new(backend);
        for (account, info) in accounts.iter().zip(funded) {
            db.insert_account_info(*account, info);
        }
        let evm = Context::mainnet()
            .with_db(db)
            .modify_cfg_chained(|cfg| {
                cfg.spec = SPEC;
                cfg.chain_id = head.chain_id;
                // Foundry's forks do the same: the block keeps its base fee for `block.basefee`, and the test
                // accounts' unpriced transactions are not refused for paying less.
                cfg.disable_base_fee = true;
            })
            .modify_block_chained(|block| {
                block.number = U256::from(head.number);
                block.timestamp = U256::from(head.timestamp);
                block.gas_limit = head.gas_limit;
                block.basefee = head.basefee;
                block.prevrandao = Some(head.prevrandao);
            })
            .build_mainnet();
        Ok(Self {
            evm,
            accounts,
            remote_fault: None,
        })
    }

    /// Runs later transactions under the rules of `version`, the EVM a contract was compiled for (a user's
    /// project may ask for another than [`crate::compiler::EVM_VERSION`]: forge's default is newer). Refused for a version
    /// older than Paris, whose rules this chain's blocks do not fit.
    pub fn set_evm_version(&mut self, version: EvmVersion) -> Result<(), TxError> {
        let spec = match version {
            EvmVersion::Paris => SpecId::MERGE,
            EvmVersion::Shanghai => SpecId::SHANGHAI,
            EvmVersion::Cancun => SpecId::CANCUN,
            EvmVersion::Prague => SpecId::PRAGUE,
            EvmVersion::Osaka => SpecId::OSAKA,
            other => {
                return Err(TxError::Invalid(format!(
                    "the in-process chain runs Paris (the merge) to Osaka, not the EVM version {}",
                    other.as_str()
                )));
            }
        };
        self.evm.ctx.modify_cfg(|cfg| cfg.spec = spec);
        Ok(())
    }

    /// The chain id transactions are signed for: [`CHAIN_ID`], or the forked chain's.
    pub fn chain_id(&self) -> u64 {
        self.evm.ctx.cfg.chain_id
    }

    /// How many reads a forked chain sent to its remote state so far (each account, slot and block hash once);
    /// none for a chain that is not forked.
    pub fn remote_reads(&self) -> u64 {
        match &self.evm.ctx.journaled_state.database.db {
            Backend::Remote(remote) => remote.remote_reads(),
            Backend::Empty => 0,
        }
    }

    /// The funded test accounts.
    pub fn accounts(&self) -> &[Address] {
        &self.accounts
    }

    /// Current block number.
    pub fn block_number(&self) -> u64 {
        self.evm.ctx.block.number.saturating_to()
    }

    /// Current block timestamp (seconds).
    pub fn timestamp(&self) -> u64 {
        self.evm.ctx.block.timestamp.saturating_to()
    }

    /// Moves to a later block `seconds` later (one block per call, like a node mining on demand).
    pub fn advance_time(&mut self, seconds: u64) {
        let (number, timestamp) = (self.block_number() + 1, self.timestamp().saturating_add(seconds));
        self.set_block(number, timestamp);
    }

    /// Sets block number and timestamp outright.
    pub fn set_block(&mut self, number: u64, timestamp: u64) {
        self.evm.ctx.modify_block(|block| {
            block.number = U256::from(number);
            block.timestamp = U256::from(timestamp);
        });
    }

    /// Saves the whole state (accounts, storage, block).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            db: self.evm.ctx.journaled_state.database.clone(),
            block: self.evm.ctx.block.clone(),
        }
    }

    /// Returns to a saved state: everything committed since the snapshot is forgotten.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.evm.ctx.journaled_state.database = snapshot.db.clone();
        self.evm.ctx.block = snapshot.block.clone();
    }

    /// An account's balance in wei. On a fork whose remote cannot be read, zero, and every later transaction or
    /// call fails with the read's error ([`Chain::read_balance`] returns it at once).
    pub fn balance(&mut self, account: Address) -> U256 {
        let read = self.read_balance(account);
        self.or_fault(read)
    }

    /// Sets an account's ether to `wei`, keeping its nonce and code: funds an account beyond the genesis balance
    /// (a stake at the cap of `2^96 - 1` wei is more than a test account holds).
    pub fn set_balance(&mut self, account: Address, wei: U256) {
        let read = self.account(account);
        let mut info = self.or_fault(read);
        info.balance = wei;
        self.evm.ctx.journaled_state.database.insert_account_info(account, info);
    }

    /// The runtime code at `address` (empty for an account without code). On a fork whose remote cannot be read,
    /// empty, and every later transaction or call fails with the read's error ([`Chain::read_code`] returns it at
    /// once).
    pub fn code(&mut self, address: Address) -> Bytes {
        let read = self.read_code(address);
        self.or_fault(read)
    }

    /// An account's balance in wei, or why the fork's remote could not say.
    pub fn read_balance(&mut self, account: Address) -> Result<U256, TxError> {
        Ok(self.account(account)?.balance)
    }

    /// The runtime code at `address`, or why the fork's remote could not say.
    pub fn read_code(&mut self, address: Address) -> Result<Bytes, TxError> {
        Ok(self
            .account(address)?
            .code
            .map(|code| code.original_bytes())
            .unwrap_or_default())
    }

    fn or_fault<T: Default>(&mut self, read: Result<T, TxError>) -> T {
        read.unwrap_or_else(|err| {
            if let TxError::Remote(fault) = err {
                self.remote_fault.get_or_insert(fault);
            }
            T::default()
        })
    }

    /// Deploys `contract` from `from`.
    pub fn deploy(&mut self, from: Address, contract: &CompiledContract) -> Result<Deployment, TxError> {
        self.deploy_code(from, contract.bytecode.clone(), U256::ZERO)
    }

    /// Deploys raw creation code (constructor arguments appended) with an endowment.
    pub fn deploy_code(&mut self, from: Address, init_code: Bytes, value: U256) -> Result<Deployment, TxError> {
        let tx = self.tx(from, TxKind::Create, init_code, value)?;
        let (result, intrinsic_gas) = self.commit(tx)?;
        let address = result.created_address();
        // A constructor that reverts says why (its custom error), before the missing address would.
        let mut receipt = self.success(result, from, None, intrinsic_gas)?.map(|_| ());
        let address = address.ok_or_else(|| TxError::Invalid("creation returned no address".into()))?;
        receipt.contract_address = Some(address);
        Ok(Deployment { address, receipt })
    }

    /// Sends `call` to `to` as a transaction from `from` and commits it.
    pub fn send<C: SolCall>(&mut self, from: Address, to: Address, call: &C) -> Result<Receipt<C::Return>, TxError> {
        self.send_value(from, to, U256::ZERO, call)
    }

    /// Sends `call` with `value` wei attached.
    pub fn send_value<C: SolCall>(
        &mut self,
        from: Address,
        to: Address,
        value: U256,
        call: &C,
    ) -> Result<Receipt<C::Return>, TxError> {
        let receipt = self.send_data(from, to, call.abi_encode().into(), value)?;
        let value = decode_return::<C>(&receipt.value)?;
        Ok(receipt.map(|_| value))
    }

    /// Sends calldata that was encoded elsewhere (a page's transaction) to `to` with `value` wei; the receipt's
    /// value is the raw return data.
    pub fn send_data(
        &mut self,
        from: Address,
        to: Address,
        data: Bytes,
        value: U256,
    ) -> Result<Receipt<Bytes>, TxError> {
        let tx = self.tx(from, TxKind::Call(to), data, value)?;
        let (result, intrinsic_gas) = self.commit(tx)?;
        self.success(result, from, Some(to), intrinsic_gas)
    }

    /// A plain ether transfer (empty calldata).
    pub fn transfer(&mut self, from: Address, to: Address, value: U256) -> Result<Receipt<()>, TxError> {
        Ok(self.send_data(from, to, Bytes::new(), value)?.map(|_| ()))
    }

    /// Executes `call` without committing anything (a view, a pure function or a dry run) from the first
    /// account, returning the value and the execution gas.
    pub fn call<C: SolCall>(&mut self, to: Address, call: &C) -> Result<ViewOutcome<C::Return>, TxError> {
        let receipt = self.dry_run(to, call.abi_encode().into())?;
        let execution_gas = receipt.execution_gas();
        Ok(ViewOutcome {
            value: decode_return::<C>(&receipt.value)?,
            execution_gas,
        })
    }

    /// Runs calldata encoded elsewhere against `to` without committing anything, from the first account; the
    /// raw return data.
    pub fn call_data(&mut self, to: Address, data: Bytes) -> Result<Bytes, TxError> {
        self.dry_run(to, data).map(|receipt| receipt.value)
    }

    /// [`Chain::call_data`] with the execution gas: a view known only from a JSON ABI (the solo adapter's
    /// `games(uint256)` getter), measured as [`Chain::call`] measures a typed one.
    pub fn call_data_measured(&mut self, to: Address, data: Bytes) -> Result<ViewOutcome<Bytes>, TxError> {
        let receipt = self.dry_run(to, data)?;
        Ok(ViewOutcome {
            execution_gas: receipt.execution_gas(),
            value: receipt.value,
        })
    }

    /// Executes `data` against `to` from the first account without committing: what [`Chain::call`] and
    /// [`Chain::call_data`] share.
    fn dry_run(&mut self, to: Address, data: Bytes) -> Result<Receipt<Bytes>, TxError> {
        let from = self.accounts[0];
        let tx = self.tx(from, TxKind::Call(to), data, U256::ZERO)?;
        let intrinsic_gas = intrinsic_gas(&tx, self.evm.ctx.cfg.spec);
        let result = self.evm.transact(tx).map_err(tx_error)?.result;
        self.success(result, from, Some(to), intrinsic_gas)
    }

    /// [`Chain::call`] when only the value matters.
    pub fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, TxError> {
        self.call(to, call).map(|outcome| outcome.value)
    }

    fn account(&mut self, address: Address) -> Result<AccountInfo, TxError> {
        use revm::Database;
        if let Some(fault) = &self.remote_fault {
            return Err(TxError::Remote(fault.clone()));
        }
        Ok(self
            .evm
            .ctx
            .journaled_state
            .database
            .basic(address)
            .map_err(TxError::Remote)?
            .unwrap_or_default())
    }

    /// A transaction of the sender's next nonce, unpriced, limited only by the block's gas limit.
    fn tx(&mut self, from: Address, kind: TxKind, data: Bytes, value: U256) -> Result<TxEnv, TxError> {
        use revm::context_interface::Cfg;
        let nonce = self.account(from)?.nonce;
        // Osaka caps a transaction's gas (EIP-7825) below the block's limit; earlier forks give it the block's.
        let gas_limit = self.evm.ctx.block.gas_limit.min(self.evm.ctx.cfg.tx_gas_limit_cap());
        Ok(TxEnv::builder()
            .caller(from)
            .kind(kind)
            .data(data)
            .value(value)
            .nonce(nonce)
            .gas_limit(gas_limit)
            .gas_price(0)
            .chain_id(Some(self.chain_id()))
            .build_fill())
    }

    /// Splits an execution result into a receipt of the output bytes, or the matching error.
    fn success(
        &self,
        result: ExecutionResult,
        from: Address,
        to: Option<Address>,
        intrinsic_gas: u64,
    ) -> Result<Receipt<Bytes>, TxError> {
        let gas_used = result.tx_gas_used();
        match result {
            ExecutionResult::Success { logs, output, .. } => {
                let mut receipt = Receipt::new(output.into_data(), from, to, gas_used, logs);
                receipt.block_number = Some(self.block_number());
                receipt.intrinsic_gas = intrinsic_gas;
                Ok(receipt)
            }
            ExecutionResult::Revert { output, .. } => Err(TxError::Reverted(Revert::new(output, gas_used))),
            ExecutionResult::Halt { reason, .. } => Err(TxError::Halted {
                reason: format!("{reason:?}"),
                gas_used,
            }),
        }
    }

    fn commit(&mut self, tx: TxEnv) -> Result<(ExecutionResult, u64), TxError> {
        let intrinsic_gas = intrinsic_gas(&tx, self.evm.ctx.cfg.spec);
        let result = self.evm.transact_commit(tx).map_err(tx_error)?;
        Ok((result, intrinsic_gas))
    }
}

/// The ten test accounts, the same on every chain.
fn test_accounts() -> Vec<Address> {
    (0..ACCOUNT_COUNT)
        .map(|i| Address::from_slice(&keccak256(format!("marubatsu test account {i}"))[12..]))
        .collect()
}

/// A failed read of the fork's remote keeps its own error; everything else revm refuses is an invalid
/// transaction.
fn tx_error(err: EVMError<RemoteError>) -> TxError {
    match err {
        EVMError::Database(fault) => TxError::Remote(fault),
        other => TxError::Invalid(other.to_string()),
    }
}

fn intrinsic_gas(tx: &TxEnv, spec: SpecId) -> u64 {
    let gas = calculate_initial_tx_gas_for_tx(tx, spec, None);
    gas.initial_regular_gas + gas.initial_state_gas
}

fn decode_return<C: SolCall>(output: &[u8]) -> Result<C::Return, TxError> {
    C::abi_decode_returns(output).map_err(|err| TxError::Decode {
        function: C::SIGNATURE,
        reason: err.to_string(),
    })
}

#[cfg(test)]
#[path = "fork_tests.rs"]
mod fork_tests;
