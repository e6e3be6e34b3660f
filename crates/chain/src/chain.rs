use alloy_primitives::{Address, Bytes, TxKind, U256, keccak256};
use alloy_sol_types::SolCall;
use revm::{
    Context, ExecuteCommitEvm, ExecuteEvm, MainBuilder, MainContext,
    context::{TxEnv, result::ExecutionResult},
    context_interface::cfg::gas::calculate_initial_tx_gas_for_tx,
    database::{CacheDB, EmptyDB},
    handler::{MainnetContext, MainnetEvm},
    state::AccountInfo,
};

use crate::{
    compiler::CompiledContract,
    consts::SPEC,
    error::TxError,
    receipt::{Receipt, ViewOutcome},
    revert::Revert,
};

/// Chain id of the in-process chain (the same as anvil's and Hardhat's local chains).
pub const CHAIN_ID: u64 = 31_337;
/// Each test account starts with 10,000 ether.
pub const ACCOUNT_BALANCE: U256 = U256::from_limbs([0x19e0_c9ba_b240_0000, 0x21e, 0, 0]);

const ACCOUNT_COUNT: usize = 10;
const BLOCK_GAS_LIMIT: u64 = 30_000_000;
const GENESIS_TIMESTAMP: u64 = 1_700_000_000;

type Db = CacheDB<EmptyDB>;
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

/// An in-process Ethereum chain (revm, under the rules of [`crate::EVM_VERSION`]) with funded test accounts.
///
/// Every transaction is executed and committed at once; block number and time change only when asked
/// ([`Chain::advance_time`], [`Chain::set_block`]). Gas is priced at zero so balances move only by the
/// values sent, which keeps balance checks exact to the wei.
pub struct Chain {
    evm: Evm,
    accounts: Vec<Address>,
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
        let mut db = CacheDB::new(EmptyDB::new());
        let accounts: Vec<Address> = (0..ACCOUNT_COUNT)
            .map(|i| Address::from_slice(&keccak256(format!("marubatsu test account {i}"))[12..]))
            .collect();
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
        Self { evm, accounts }
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

    /// An account's balance in wei.
    pub fn balance(&mut self, account: Address) -> U256 {
        self.account(account).balance
    }

    /// The runtime code at `address` (empty for an account without code).
    pub fn code(&mut self, address: Address) -> Bytes {
        self.account(address)
            .code
            .map(|code| code.original_bytes())
            .unwrap_or_default()
    }

    /// Deploys `contract` from `from`.
    pub fn deploy(&mut self, from: Address, contract: &CompiledContract) -> Result<Deployment, TxError> {
        self.deploy_code(from, contract.bytecode.clone(), U256::ZERO)
    }

    /// Deploys raw creation code (constructor arguments appended) with an endowment.
    pub fn deploy_code(&mut self, from: Address, init_code: Bytes, value: U256) -> Result<Deployment, TxError> {
        let tx = self.tx(from, TxKind::Create, init_code, value);
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
        let tx = self.tx(from, TxKind::Call(to), data, value);
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
        let tx = self.tx(from, TxKind::Call(to), data, U256::ZERO);
        let intrinsic_gas = intrinsic_gas(&tx);
        let result = self
            .evm
            .transact(tx)
            .map_err(|err| TxError::Invalid(err.to_string()))?
            .result;
        self.success(result, from, Some(to), intrinsic_gas)
    }

    /// [`Chain::call`] when only the value matters.
    pub fn view<C: SolCall>(&mut self, to: Address, call: &C) -> Result<C::Return, TxError> {
        self.call(to, call).map(|outcome| outcome.value)
    }

    fn account(&mut self, address: Address) -> AccountInfo {
        use revm::Database;
        self.evm
            .ctx
            .journaled_state
            .database
            .basic(address)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    fn tx(&mut self, from: Address, kind: TxKind, data: Bytes, value: U256) -> TxEnv {
        let nonce = self.account(from).nonce;
        TxEnv::builder()
            .caller(from)
            .kind(kind)
            .data(data)
            .value(value)
            .nonce(nonce)
            .gas_limit(BLOCK_GAS_LIMIT)
            .gas_price(0)
            .chain_id(Some(CHAIN_ID))
            .build_fill()
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
        let intrinsic_gas = intrinsic_gas(&tx);
        let result = self
            .evm
            .transact_commit(tx)
            .map_err(|err| TxError::Invalid(err.to_string()))?;
        Ok((result, intrinsic_gas))
    }
}

fn intrinsic_gas(tx: &TxEnv) -> u64 {
    let gas = calculate_initial_tx_gas_for_tx(tx, SPEC, None);
    gas.initial_regular_gas + gas.initial_state_gas
}

fn decode_return<C: SolCall>(output: &[u8]) -> Result<C::Return, TxError> {
    C::abi_decode_returns(output).map_err(|err| TxError::Decode {
        function: C::SIGNATURE,
        reason: err.to_string(),
    })
}
