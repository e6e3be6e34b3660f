//! What the CLI tests share: running the built binary the same way every time, and reading what it wrote.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `marubatsu` binary with `args`, without the variables that a user's shell may set (RPC URL, wallet,
/// fees, state and record paths), so that no test reads the developer's own set-up.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_marubatsu"));
    command.args(args);
    for variable in [
        "ETH_RPC_URL",
        "ETH_PASSWORD",
        "ETH_KEYSTORE",
        "ETH_KEYSTORE_ACCOUNT",
        "ETH_FROM",
        "ETH_GAS_PRICE",
        "ETH_PRIORITY_GAS_PRICE",
        "ETH_GAS_LIMIT",
        "ETH_TIMEOUT",
        "FOUNDRY_PROFILE",
        "CHAIN",
        "MARUBATSU_DEPLOYMENTS",
        "MARUBATSU_LOCAL_STATE",
        "MARUBATSU_KEYSTORE_DIR",
    ] {
        command.env_remove(variable);
    }
    command
}

/// Runs [`command`] with `envs` added, to the end.
#[allow(dead_code)] // Not every test file that shares this module runs the binary this way.
pub(crate) fn marubatsu(args: &[&str], envs: &[(&str, &str)]) -> Output {
    command(args)
        .envs(envs.iter().copied())
        .output()
        .expect("running marubatsu")
}

/// Runs the binary against the node at `url` (as `ETH_RPC_URL`): whether it succeeded, its stdout and its stderr.
#[allow(dead_code)] // Only the tests that talk to a node run the binary this way.
pub(crate) fn on_node(args: &[&str], url: &str) -> (bool, String, String) {
    let output = marubatsu(args, &[("ETH_RPC_URL", url)]);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Every file under `dir`, at any depth: what a test searches for a secret or a record.
pub(crate) fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}
