//! The `marubatsu` binary's integration tests, one binary: a module per area, each running the built binary as a
//! user would (`CARGO_BIN_EXE_marubatsu`), and `support` for running it the same way every time. The modules run
//! as threads of one process: none changes the process's environment, and what each starts (anvil, the binary,
//! a pseudo-terminal) is its own. Run one area with `cargo test -p marubatsu-cli --test it <module>::`.

mod support;

mod compile_cli;
mod deploy_cli;
mod deploy_records;
mod gas_cli;
mod hygiene_cli;
mod install_cli;
mod interactive_cli;
mod json_cli;
mod lights_cli;
mod malformed_cli;
mod old_deployments;
mod own_contract;
mod pvp_journal_cli;
mod relay_cli;
mod serve_cli;
mod simulate_cli;
mod wallet_cli;
