//! The broadcast log, in the spirit of forge's `broadcast/`: a file per `deploy --broadcast` run, plus a copy of
//! the latest, listing every transaction the run sent. A transaction is written down (hash, nonce, sender,
//! callee, purpose) before it leaves when a local key signs it, and before its receipt is awaited in every
//! case; its receipt is added when it comes. A later run reads the pending ones back and settles them first,
//! so no receipt timeout or crash can make it send a second creation of the same contract.
//!
//! `<deployments>/broadcast/<chain id>/run-<unix ms>.json` and `run-latest.json`.

use std::{
    path::{Path, PathBuf},
    time::{SystemTime, UNIX_EPOCH},
};

use alloy_primitives::{Address, B256, Bytes, U256};
use serde::{Deserialize, Serialize};

use marubatsu_chain::evm::Receipt;

use crate::{error::Error, rpc::SentTx};

pub use crate::ledger::{Ledger, Settlement};

/// Where a transaction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TxState {
    /// Signed (and perhaps sent); no receipt seen yet.
    Pending,
    /// Mined and succeeded.
    Mined,
    /// Mined and reverted.
    Reverted,
    /// The node no longer knows it and its nonce is free again (or was taken by another transaction): it will
    /// never be mined.
    Dropped,
    /// The user told `marubatsu tx forget` to stop waiting for it (one that can never be mined, such as one
    /// queued behind a nonce gap): no run settles or waits for it again.
    Forgotten,
}

/// One transaction of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedTx {
    /// What it was for, e.g. `deployment of TicTacToe`.
    pub purpose: String,
    /// The contract it creates, for a creation.
    pub contract: Option<String>,
    /// Its hash.
    pub hash: B256,
    /// The sender's nonce it uses.
    pub nonce: u64,
    /// The sender.
    #[serde(with = "crate::checksum::address")]
    pub from: Address,
    /// The callee; none for a creation.
    #[serde(with = "crate::checksum::option")]
    pub to: Option<Address>,
    /// For a creation: where the contract lands (the sender's address and nonce decide it).
    #[serde(with = "crate::checksum::option")]
    pub contract_address: Option<Address>,
    /// Where it stands.
    pub state: TxState,
    /// What its receipt said, once there is one.
    pub receipt: Option<LoggedReceipt>,
    /// A call's input and value (the game commands write them), so that a re-run can tell the same action
    /// from a new one; absent for creations and in logs written before they were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<LoggedCall>,
    /// A call found mined by a later run rather than by its own: no run has told the user what it did yet. The
    /// same command run again reports it as its own result instead of sending it a second time; it is cleared
    /// then, or once a run has said it and gone on to send something else.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unreported: bool,
}

/// What a call sent: its calldata and the wei it carried.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedCall {
    /// The calldata (selector and arguments).
    pub input: Bytes,
    /// The value, in wei (a decimal string).
    #[serde(with = "crate::decimal::u256")]
    pub value: U256,
}

/// What a receipt said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedReceipt {
    /// Its block.
    pub block_number: u64,
    /// Gas used.
    pub gas_used: u64,
    /// Price paid per gas, in wei (a decimal string: JSON numbers lose precision).
    #[serde(with = "crate::decimal::u128")]
    pub effective_gas_price: u128,
}

impl LoggedReceipt {
    /// The receipt part of `report`.
    pub fn from_report(report: &Receipt<()>) -> Self {
        Self {
            block_number: report.block_number.unwrap_or_default(),
            gas_used: report.gas_used,
            effective_gas_price: report.effective_gas_price,
        }
    }
}

/// One run: what it sent, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// The chain.
    pub chain_id: u64,
    /// When it started, in milliseconds since the Unix epoch (also its file name).
    pub started_ms: u64,
    /// The transactions it sent.
    pub transactions: Vec<LoggedTx>,
    /// Transactions of earlier runs this run found pending and settled: their hashes.
    #[serde(default)]
    pub settled: Vec<B256>,
}

/// The broadcast log of one chain: its runs, and the one being written.
#[derive(Debug)]
pub struct Journal {
    dir: PathBuf,
    chain_id: u64,
    current: Option<Run>,
}

impl Journal {
    /// The log of `chain_id` under the deployment records' folder `records`.
    pub fn new(records: &Path, chain_id: u64) -> Self {
        Self {
            dir: records.join("broadcast").join(chain_id.to_string()),
            chain_id,
            current: None,
        }
    }

    /// The folder of run files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of the run being written, once started.
    pub fn current_path(&self) -> Option<PathBuf> {
        self.current.as_ref().map(|run| self.run_path(run.started_ms))
    }

    /// Starts a new run and writes its (empty) file, so that every broadcast run is kept.
    pub fn start(&mut self, chain_id: u64) -> Result<PathBuf, Error> {
        let mut started_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or_default();
        // Two runs within a millisecond must not share a file.
        while self.run_path(started_ms).exists() {
            started_ms += 1;
        }
        self.current = Some(Run {
            chain_id,
            started_ms,
            transactions: Vec::new(),
            settled: Vec::new(),
        });
        self.save_current()
    }

    /// Writes down a transaction of this run before its receipt is awaited.
    pub fn sent(&mut self, purpose: &str, contract: Option<&str>, tx: &SentTx) -> Result<(), Error> {
        self.log(purpose, contract, tx, None)
    }

    /// Writes down a call of this run, with its input and value, before its receipt is awaited; starts the run
    /// (and its file) on the first one.
    pub fn sent_call(&mut self, purpose: &str, tx: &SentTx, call: LoggedCall) -> Result<(), Error> {
        if self.current.is_none() {
            self.start(self.chain_id)?;
        }
        self.log(purpose, None, tx, Some(call))
    }

    fn log(
        &mut self,
        purpose: &str,
        contract: Option<&str>,
        tx: &SentTx,
        call: Option<LoggedCall>,
    ) -> Result<(), Error> {
        let run = self.running()?;
        run.transactions.push(LoggedTx {
            purpose: purpose.to_owned(),
            contract: contract.map(str::to_owned),
            hash: tx.hash,
            nonce: tx.nonce,
            from: tx.from,
            to: tx.to,
            contract_address: tx.to.is_none().then(|| tx.from.create(tx.nonce)),
            state: TxState::Pending,
            receipt: None,
            call,
            unreported: false,
        });
        self.save_current().map(drop)
    }

    /// Adds the receipt of a transaction of this run.
    pub fn mined(&mut self, hash: B256, report: &Receipt<()>, success: bool) -> Result<(), Error> {
        let run = self.running()?;
        if let Some(tx) = run.transactions.iter_mut().find(|tx| tx.hash == hash) {
            tx.state = if success { TxState::Mined } else { TxState::Reverted };
            tx.receipt = Some(LoggedReceipt::from_report(report));
        }
        self.save_current().map(drop)
    }

    /// Every transaction of an earlier run that is still pending, with the run it belongs to, oldest first.
    pub fn pending(&self) -> Result<Vec<(u64, LoggedTx)>, Error> {
        self.earlier(|tx| tx.state == TxState::Pending)
    }

    /// Every transaction of an earlier run that is still pending, and every call a later run found mined whose
    /// outcome no run has reported yet ([`LoggedTx::unreported`]): what a game command settles or reports first.
    pub fn outstanding(&self) -> Result<Vec<(u64, LoggedTx)>, Error> {
        self.earlier(|tx| tx.state == TxState::Pending || (tx.unreported && tx.state == TxState::Mined))
    }

    /// The transactions of earlier runs (not the one being written) that `keep` keeps, with their runs, oldest first.
    fn earlier(&self, keep: impl Fn(&LoggedTx) -> bool) -> Result<Vec<(u64, LoggedTx)>, Error> {
        let mut kept = Vec::new();
        for run in self.runs()? {
            if self.current.as_ref().map(|c| c.started_ms) == Some(run.started_ms) {
                continue;
            }
            kept.extend(
                run.transactions
                    .into_iter()
                    .filter(|tx| keep(tx))
                    .map(|tx| (run.started_ms, tx)),
            );
        }
        Ok(kept)
    }

    /// The transaction `hash` wherever it is in the log, with the run it belongs to.
    pub fn find(&self, hash: B256) -> Result<Option<(u64, LoggedTx)>, Error> {
        Ok(self.runs()?.into_iter().find_map(|run| {
            let started_ms = run.started_ms;
            run.transactions
                .into_iter()
                .find(|tx| tx.hash == hash)
                .map(|tx| (started_ms, tx))
        }))
    }

    /// Records that an earlier run's call has been reported to the user, in that run's file.
    pub fn reported(&mut self, run_ms: u64, hash: B256) -> Result<(), Error> {
        let path = self.run_path(run_ms);
        let mut run = read_run(&path)?;
        if let Some(tx) = run.transactions.iter_mut().find(|tx| tx.hash == hash) {
            tx.unreported = false;
        }
        write_json(&path, &run)
    }

    /// Records how an earlier run's pending transaction ended, in that run's file (and this run's list). A call
    /// found mined stays [`LoggedTx::unreported`] until a run reports it.
    pub fn settle(
        &mut self,
        run_ms: u64,
        hash: B256,
        state: TxState,
        receipt: Option<LoggedReceipt>,
    ) -> Result<(), Error> {
        let path = self.run_path(run_ms);
        let mut run = read_run(&path)?;
        if let Some(tx) = run.transactions.iter_mut().find(|tx| tx.hash == hash) {
            tx.state = state;
            tx.receipt = receipt;
            tx.unreported = state == TxState::Mined && tx.call.is_some();
        }
        write_json(&path, &run)?;
        if let Some(current) = &mut self.current {
            current.settled.push(hash);
            self.save_current()?;
        }
        Ok(())
    }

    /// Every run on file, oldest first (`run-latest.json` is a copy and is skipped).
    pub fn runs(&self) -> Result<Vec<Run>, Error> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(err) => return Err(Error::file("listing", &self.dir, err)),
        };
        let mut stamps: Vec<u64> = entries
            .filter_map(Result::ok)
            .filter_map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                name.strip_prefix("run-")?.strip_suffix(".json")?.parse().ok()
            })
            .collect();
        stamps.sort_unstable();
        stamps.into_iter().map(|ms| read_run(&self.run_path(ms))).collect()
    }

    fn running(&mut self) -> Result<&mut Run, Error> {
        let dir = self.dir.clone();
        self.current
            .as_mut()
            .ok_or_else(|| Error::file("writing to", &dir, "no broadcast run was started"))
    }

    fn run_path(&self, started_ms: u64) -> PathBuf {
        self.dir.join(format!("run-{started_ms}.json"))
    }

    fn save_current(&self) -> Result<PathBuf, Error> {
        let Some(run) = &self.current else {
            return Err(Error::file("writing to", &self.dir, "no broadcast run was started"));
        };
        let path = self.run_path(run.started_ms);
        write_json(&path, run)?;
        write_json(&self.dir.join("run-latest.json"), run)?;
        Ok(path)
    }
}

fn read_run(path: &Path) -> Result<Run, Error> {
    let text = std::fs::read_to_string(path).map_err(|err| Error::file("reading", path, err))?;
    serde_json::from_str(&text).map_err(|err| Error::file("parsing", path, err))
}

/// Writes `value` as pretty JSON through a temporary file and a rename, then syncs it, so that a crash (or a
/// SIGKILL) right after leaves either the old or the new file, whole.
pub(crate) fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), Error> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|err| Error::file("creating", dir, err))?;
    }
    let mut text = serde_json::to_string_pretty(value).map_err(|err| Error::file("serialising", path, err))?;
    text.push('\n');
    let temporary = path.with_extension("json.tmp");
    let mut file = std::fs::File::create(&temporary).map_err(|err| Error::file("creating", &temporary, err))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|err| Error::file("writing", &temporary, err))?;
    std::fs::rename(&temporary, path).map_err(|err| Error::file("renaming", &temporary, err))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(nonce: u64) -> SentTx {
        SentTx {
            hash: B256::repeat_byte(nonce as u8 + 1),
            nonce,
            from: Address::repeat_byte(9),
            to: None,
        }
    }

    #[test]
    fn a_pending_transaction_outlives_its_run_until_settled() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = Journal::new(dir.path(), 5);
        first.start(5).unwrap();
        first.sent("deployment of A", Some("A"), &sent(0)).unwrap();
        let latest = dir.path().join("broadcast/5/run-latest.json");
        assert!(latest.is_file());

        let mut second = Journal::new(dir.path(), 5);
        second.start(5).unwrap();
        let pending = second.pending().unwrap();
        assert_eq!(pending.len(), 1);
        let (run, tx) = &pending[0];
        assert_eq!(tx.contract.as_deref(), Some("A"));
        assert_eq!(tx.contract_address, Some(Address::repeat_byte(9).create(0)));
        second.settle(*run, tx.hash, TxState::Mined, None).unwrap();
        assert!(second.pending().unwrap().is_empty());
        let runs = second.runs().unwrap();
        assert_eq!(runs.len(), 2, "every run is kept");
        assert_eq!(runs[0].transactions[0].state, TxState::Mined);
        assert_eq!(runs[1].settled, vec![tx.hash]);
    }
}
