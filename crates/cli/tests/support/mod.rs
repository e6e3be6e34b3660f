//! What the CLI tests share: running the built binary the same way every time.

use std::process::{Command, Output};

/// Runs the `marubatsu` binary with `args` and `envs`, and without the variables that a user's shell may set
/// (RPC URL, password, state and record paths), so that no test reads the developer's own set-up.
pub(crate) fn marubatsu(args: &[&str], envs: &[(&str, &str)]) -> Output {
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
        "CHAIN",
        "MARUBATSU_DEPLOYMENTS",
        "MARUBATSU_LOCAL_STATE",
        "MARUBATSU_KEYSTORE_DIR",
    ] {
        command.env_remove(variable);
    }
    command.envs(envs.iter().copied());
    command.output().expect("running marubatsu")
}
