//! A local anvil node for end-to-end tests: started on a free loopback port, killed when dropped.

use std::{
    io::{BufRead, BufReader},
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use alloy_primitives::Address;
use marubatsu_chain::Workspace;

/// A running anvil (`node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil`, installed by `npm ci`), listening
/// on 127.0.0.1 only. Dropping it kills the process, so a failing test leaves no node behind.
pub struct Anvil {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// Its ten development accounts.
    pub accounts: Vec<Address>,
    /// Their private keys, as anvil's `--config-out` lists them (published test keys, never real funds).
    pub keys: Vec<String>,
    _config: tempfile::TempDir,
}

impl Anvil {
    /// Starts anvil with its defaults (chain 31337, automatic mining).
    pub fn start() -> Self {
        Self::start_with(&[])
    }

    /// Starts anvil with extra arguments (e.g. `--no-mining`, `--chain-id 5`).
    pub fn start_with(args: &[&str]) -> Self {
        // The compile provisions node_modules (npm ci) on a fresh clone, and with it anvil.
        crate::contracts();
        let config = tempfile::tempdir().expect("temporary folder");
        let config_path = config.path().join("anvil.json");
        // `--port 0`: the kernel picks a free port and anvil prints it, so parallel tests never collide.
        let mut child = Command::new(binary("anvil"))
            .args(["--host", "127.0.0.1", "--port", "0", "--config-out"])
            .arg(&config_path)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| panic!("starting anvil: {err}"));
        let stdout = child.stdout.take().expect("anvil's stdout");
        let mut lines = BufReader::new(stdout).lines();
        let started = Instant::now();
        let mut port = None;
        for line in lines.by_ref() {
            let line = line.expect("reading anvil's output");
            if let Some(address) = line.strip_prefix("Listening on ") {
                port = address
                    .rsplit(':')
                    .next()
                    .and_then(|p| p.trim().parse::<u16>().ok());
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "anvil did not start"
            );
        }
        // Keep draining its log, or anvil blocks once the pipe is full.
        std::thread::spawn(move || for _ in lines {});
        let Some(port) = port else {
            let _ = child.kill();
            panic!("anvil exited without saying where it listens");
        };
        let config_text = std::fs::read_to_string(&config_path).expect("anvil's --config-out");
        let json: serde_json::Value =
            serde_json::from_str(&config_text).expect("anvil's config JSON");
        let strings = |key: &str| -> Vec<String> {
            json[key]
                .as_array()
                .unwrap_or_else(|| panic!("{key} in anvil's config"))
                .iter()
                .map(|v| v.as_str().expect("a string").to_owned())
                .collect()
        };
        Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
            accounts: strings("available_accounts")
                .iter()
                .map(|a| a.parse().expect("an address"))
                .collect(),
            keys: strings("private_keys"),
            _config: config,
        }
    }

    /// Runs `cast rpc METHOD PARAMS…` against this node (e.g. `evm_increaseTime 3600`, `evm_mine`).
    pub fn rpc(&self, method: &str, params: &[&str]) -> String {
        let output = Command::new(binary("cast"))
            .args(["rpc", "--rpc-url", &self.url, method])
            .args(params)
            .output()
            .unwrap_or_else(|err| panic!("running cast rpc {method}: {err}"));
        assert!(
            output.status.success(),
            "cast rpc {method} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// Moves the node's clock `seconds` forward and mines a block there.
    pub fn advance_time(&self, seconds: u64) {
        self.rpc("evm_increaseTime", &[&seconds.to_string()]);
        self.rpc("evm_mine", &[]);
    }
}

impl Drop for Anvil {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A Foundry tool's native binary from node_modules (`anvil`, `cast`, `forge`): the npm launchers hide exit
/// codes.
pub fn binary(tool: &str) -> PathBuf {
    let root = Workspace::locate()
        .expect("the repository")
        .root()
        .to_path_buf();
    root.join("node_modules")
        .join("@foundry-rs")
        .join(format!("{tool}-linux-amd64"))
        .join("bin")
        .join(tool)
}
