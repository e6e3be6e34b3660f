//! What a player has on an older TicTacToe deployment: after a redeploy the record points at the new contract,
//! but games and credit on the old one are still the player's, so an "unknown game" or "nothing to withdraw" on
//! the current deployment names the older one that has them.

use alloy_primitives::{Address, U256, keccak256};
use alloy_sol_types::SolCall;
use marubatsu_chain::bindings::ITicTacToe;
use marubatsu_chain::{compiler::PVP_CONTRACT, evm::Transactor};
use marubatsu_client::{deploy::Deployments, games::PvpContract, rpc::Target};

use marubatsu_chain::amounts::ether_and_wei;

/// The recorded TicTacToe deployments of the chain other than `current` that still hold their recorded code and
/// whose recorded ABI has every function in `needs` (older first as the record lists them). None on the
/// embedded chain, which has one deployment.
fn older_deployments(
    chain: &mut Target,
    deployments: &Deployments,
    current: Address,
    needs: &[&str],
) -> eyre::Result<Vec<Address>> {
    if matches!(chain, Target::Local(_)) {
        return Ok(Vec::new());
    }
    let Some(record) = deployments.load(chain.chain_id())? else {
        return Ok(Vec::new());
    };
    let mut older = Vec::new();
    for (contract, _) in record.deployments_of(PVP_CONTRACT) {
        if contract.address == current || needs.iter().any(|f| contract.has_function(f) == Some(false)) {
            continue;
        }
        if keccak256(chain.code(contract.address)?) == contract.deployed_code_hash {
            older.push(contract.address);
        }
    }
    Ok(older)
}

/// The older recorded deployment that has game `id`, asked once the current one (`current`) has said
/// `UnknownGame`: reads cost nothing until a game is really missing.
pub(crate) fn deployment_with_game(
    chain: &mut Target,
    deployments: &Deployments,
    current: Address,
    id: U256,
) -> eyre::Result<Option<Address>> {
    for older in older_deployments(chain, deployments, current, &[ITicTacToe::nextGameIdCall::SIGNATURE])? {
        if id >= U256::from(1) && id < PvpContract(older).next_game_id(chain)? {
            return Ok(Some(older));
        }
    }
    Ok(None)
}

/// Fails, naming every older deployment where `account` has credit, when it has none on `current`; passes when
/// there is something to withdraw here or nowhere (the contract's own `NothingToWithdraw` then speaks).
pub(crate) fn ensure_credit_is_here(
    chain: &mut Target,
    deployments: &Deployments,
    current: Address,
    account: Address,
) -> eyre::Result<()> {
    if !PvpContract(current).pending_balance(chain, account)?.is_zero() {
        return Ok(());
    }
    let mut elsewhere = Vec::new();
    let needs = [ITicTacToe::pendingBalanceCall::SIGNATURE];
    for older in older_deployments(chain, deployments, current, &needs)? {
        let credit = PvpContract(older).pending_balance(chain, account)?;
        if !credit.is_zero() {
            elsewhere.push(format!("{} at {older} (`--address {older}`)", ether_and_wei(credit)));
        }
    }
    if elsewhere.is_empty() {
        return Ok(());
    }
    eyre::bail!(
        "{account} has nothing to withdraw from the current TicTacToe ({current}), but older deployments hold \
         credit for it: {} (nothing was sent)",
        elsewhere.join("; ")
    )
}
