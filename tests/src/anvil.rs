//! A local anvil node for end-to-end tests: started on a free loopback port, stopped when dropped.

use std::{path::PathBuf, process::Command};

use alloy::node_bindings::{self, AnvilInstance};
use alloy_primitives::{Address, hex};
use marubatsu_chain::compiler::Workspace;

/// A running anvil (`node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil`, installed by `npm ci`), listening
/// on 127.0.0.1 only, started through alloy's node bindings. Dropping it stops the process, so a failing test
/// leaves no node behind.
pub struct Anvil {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// Its ten development accounts.
    pub accounts: Vec<Address>,
    /// Their private keys as `0x…` hex, as anvil prints them (published test keys, never real funds).
    pub keys: Vec<String>,
    _node: AnvilInstance,
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
        // Port 0 (the bindings' default): the kernel picks a free port and anvil prints it, so parallel tests
        // never collide.
        let node = node_bindings::Anvil::at(binary("anvil"))
            .host("127.0.0.1")
            .args(args)
            .timeout(30_000)
            .try_spawn()
            .unwrap_or_else(|err| panic!("starting anvil: {err}"));
        Self {
            url: node.endpoint(),
            accounts: node.addresses().to_vec(),
            keys: node
                .keys()
                .iter()
                .map(|key| hex::encode_prefixed(key.to_bytes()))
                .collect(),
            _node: node,
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

/// A loopback port that refuses connections for as long as this lives: bound (so no other process can take it)
/// but never listening, so a connection meets a reset. Binding a listener and dropping it to "free" a port races
/// with every other process that asks the kernel for one.
pub struct ClosedPort {
    /// The port.
    pub port: u16,
    _socket: socket2::Socket,
}

impl ClosedPort {
    /// A fresh closed port on 127.0.0.1.
    pub fn new() -> Self {
        use socket2::{Domain, SockAddr, Socket, Type};
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap_or_else(|err| panic!("a socket: {err}"));
        let loopback: std::net::SocketAddr = ([127, 0, 0, 1], 0).into();
        socket
            .bind(&SockAddr::from(loopback))
            .unwrap_or_else(|err| panic!("binding 127.0.0.1:0: {err}"));
        let port = socket
            .local_addr()
            .ok()
            .and_then(|addr| addr.as_socket())
            .map(|addr| addr.port())
            .unwrap_or_else(|| panic!("the bound port"));
        Self { port, _socket: socket }
    }
}

impl Default for ClosedPort {
    fn default() -> Self {
        Self::new()
    }
}

/// A Foundry tool's native binary from node_modules (`anvil`, `cast`, `forge`): the npm launchers hide exit
/// codes.
pub fn binary(tool: &str) -> PathBuf {
    let root = Workspace::locate().expect("the repository").root().to_path_buf();
    root.join("node_modules")
        .join("@foundry-rs")
        .join(format!("{tool}-linux-amd64"))
        .join("bin")
        .join(tool)
}
