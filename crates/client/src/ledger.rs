//! The game commands' transactions in the broadcast log, kept as `deploy` keeps its creations: each call is
//! written down (hash, nonce, input, value) before its receipt is awaited, so a receipt timeout or a crash never
//! loses it. Before a command sends, the sender's pending calls of earlier runs are settled: a mined one is
//! marked so, one still in the node's pool is waited for (and if it is still there, nothing is sent), one the
//! node forgot is marked dropped. A call that an earlier run sent and that was mined without any run reporting
//! it — the staked `pvp create` that timed out — is the result of the same command run again: that run reports
//! it (exit 0, the output it would have printed had it waited) and sends nothing, so a script that retries on
//! failure stops there. `--force` sends it anew.

use std::path::{Path, PathBuf};

use alloy_primitives::{Bytes, TxKind, U256};
use marubatsu_chain::evm::{Receipt, Transactor};

use crate::{
    error::Error,
    journal::{Journal, LoggedCall, LoggedReceipt, LoggedTx, TxState},
    rpc::{GasEstimate, Rpc, SentTx},
};

/// The sender's side of the broadcast log for one command.
#[derive(Debug)]
pub struct Ledger {
    journal: Journal,
    /// The sender's mined calls of earlier runs that no run has reported yet, with the run each belongs to.
    unreported: Vec<(u64, LoggedTx)>,
    /// Send even what an earlier run already sent.
    force: bool,
}

/// What opening the ledger found.
#[derive(Debug, Default)]
pub struct Settlement {
    /// The sender's calls of earlier runs that were pending, or mined and not reported yet, as they stand now.
    pub settled: Vec<LoggedTx>,
    /// Transactions of the sender in the node's pool that the log does not know (another wallet's, or a
    /// creation `deploy` will settle): a new one queues after them.
    pub unknown_pending: u64,
}

impl Ledger {
    /// The log under the records' folder `records`, with the signer's pending calls of earlier runs settled.
    /// A call still pending after the receipt timeout stops the command (unless `force`): sending now could
    /// repeat it.
    pub fn open(rpc: &mut Rpc, records: &Path, force: bool) -> Result<(Ledger, Settlement), Error> {
        let sender = rpc.require_signer()?;
        let mut journal = Journal::new(records, rpc.chain_id());
        let mut settled = Vec::new();
        let mut unreported = Vec::new();
        let mut still_pending = 0;
        for (run, tx) in journal.outstanding()? {
            if tx.from != sender || tx.contract.is_some() {
                continue;
            }
            let tx = match tx.state {
                TxState::Pending => settle(rpc, &mut journal, run, tx, force)?,
                _ => tx,
            };
            if tx.state == TxState::Pending {
                still_pending += 1;
            }
            if tx.unreported {
                unreported.push((run, tx.clone()));
            }
            settled.push(tx);
        }
        let in_pool = rpc.nonce(sender)?.saturating_sub(rpc.mined_nonce(sender)?);
        let settlement = Settlement {
            settled,
            unknown_pending: in_pool.saturating_sub(still_pending),
        };
        Ok((
            Ledger {
                journal,
                unreported,
                force,
            },
            settlement,
        ))
    }

    /// An earlier run's call with the same callee, input and value, mined and not yet reported: the command was
    /// run again after a timeout, and this is its result, now reported. Unless `force`, which sends it anew.
    /// Its receipt comes from the node again, so what the command prints is what it would have printed had it
    /// waited; a receipt the node no longer has (a reorganisation) puts the call back to pending and stops.
    pub(crate) fn earlier_result(
        &mut self,
        rpc: &mut Rpc,
        kind: TxKind,
        input: &Bytes,
        value: U256,
    ) -> Result<Option<Receipt<()>>, Error> {
        let TxKind::Call(to) = kind else {
            return Ok(None);
        };
        if self.force {
            return Ok(None);
        }
        let same = |tx: &LoggedTx| {
            tx.to == Some(to)
                && tx
                    .call
                    .as_ref()
                    .is_some_and(|call| call.input == *input && call.value == value)
        };
        let Some(index) = self.unreported.iter().position(|(_, tx)| same(tx)) else {
            return Ok(None);
        };
        let (run, earlier) = self.unreported.remove(index);
        match rpc.receipt(earlier.hash)? {
            Some((report, true)) => {
                self.journal.reported(run, earlier.hash)?;
                Ok(Some(report))
            }
            outcome => {
                let (state, receipt) = match &outcome {
                    Some((report, _)) => (TxState::Reverted, Some(LoggedReceipt::from_report(report))),
                    None => (TxState::Pending, None),
                };
                self.journal.settle(run, earlier.hash, state, receipt)?;
                if state == TxState::Reverted {
                    return Ok(None);
                }
                Err(Error::ReceiptGone {
                    what: earlier.purpose,
                    hash: earlier.hash,
                    block: earlier.receipt.map(|r| r.block_number).unwrap_or_default(),
                    log: self.journal.dir().join(format!("run-{run}.json")),
                })
            }
        }
    }

    /// Signs and sends a call through `rpc`, writing it down before its receipt is awaited and its receipt
    /// when it comes. A receipt timeout leaves it pending in the log, and the error says where.
    pub(crate) fn send(
        &mut self,
        rpc: &mut Rpc,
        what: &str,
        kind: TxKind,
        input: Bytes,
        value: U256,
        estimate: &GasEstimate,
    ) -> Result<Receipt<()>, Error> {
        let call = LoggedCall {
            input: input.clone(),
            value,
        };
        let mut sent: Option<SentTx> = None;
        let journal = &mut self.journal;
        let result = rpc.send_recorded(what, kind, input, value, estimate, &mut |tx| {
            sent = Some(tx.clone());
            journal.sent_call(what, tx, call.clone())
        });
        if sent.is_some() {
            // This run said what the earlier calls did (the settlement notes) and went on to another action.
            for (run, earlier) in std::mem::take(&mut self.unreported) {
                self.journal.reported(run, earlier.hash)?;
            }
        }
        match (result, sent) {
            (Ok(report), Some(tx)) => {
                self.journal.mined(tx.hash, &report, true)?;
                Ok(report)
            }
            (Err(Error::ReceiptTimeout { seconds, .. }), Some(tx)) => Err(Error::StillPending {
                what: what.to_owned(),
                hash: tx.hash,
                nonce: tx.nonce,
                seconds,
                log: self.path(),
            }),
            // Anything else (a revert, a refusal by the node) stays pending in the log: the next run asks the
            // node and marks it reverted or dropped, whichever it was.
            (result, _) => result,
        }
    }

    fn path(&self) -> PathBuf {
        self.journal
            .current_path()
            .unwrap_or_else(|| self.journal.dir().to_path_buf())
    }
}

/// Settles one pending call of an earlier run: its receipt, else (if the node still has it) a wait for one,
/// unless `force` sends past it while it is pending. The call as it stands now.
fn settle(rpc: &mut Rpc, journal: &mut Journal, run: u64, mut tx: LoggedTx, force: bool) -> Result<LoggedTx, Error> {
    let mut outcome = rpc.receipt(tx.hash)?;
    if outcome.is_none() && rpc.transaction_known(tx.hash)? {
        if force {
            return Ok(tx);
        }
        // Waiting is pointless for one queued behind a nonce gap: the node mines nothing of the sender's from
        // its nonce until the nonces below it are used.
        if let Some(next) = rpc.nonce_gap(tx.from, tx.nonce)? {
            return Err(Error::BehindNonceGap {
                what: tx.purpose.clone(),
                hash: tx.hash,
                nonce: tx.nonce,
                next,
                log: journal.dir().join(format!("run-{run}.json")),
            });
        }
        outcome = match rpc.await_receipt(&tx.purpose, tx.hash) {
            Ok(outcome) => Some(outcome),
            Err(Error::ReceiptTimeout { seconds, .. }) => {
                return Err(Error::StillPending {
                    what: tx.purpose.clone(),
                    hash: tx.hash,
                    nonce: tx.nonce,
                    seconds,
                    log: journal.dir().join(format!("run-{run}.json")),
                });
            }
            Err(err) => return Err(err),
        };
    }
    let (state, receipt) = match &outcome {
        Some((report, true)) => (TxState::Mined, Some(LoggedReceipt::from_report(report))),
        Some((report, false)) => (TxState::Reverted, Some(LoggedReceipt::from_report(report))),
        // Neither mined nor in the pool: its nonce is free again, or another transaction (a wallet's speed-up or
        // cancel) took it. Either way this one will never be mined.
        None => (TxState::Dropped, None),
    };
    journal.settle(run, tx.hash, state, receipt.clone())?;
    tx.unreported = state == TxState::Mined && tx.call.is_some();
    tx.state = state;
    tx.receipt = receipt;
    Ok(tx)
}
