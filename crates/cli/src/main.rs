//! The `marubatsu` command-line tool: parses, calls the library crates, prints.

// First, so that its `println!`/`print!` are the ones every later module sees.
#[macro_use]
mod report;
mod cli;
mod clock;
mod commands;
mod contract_args;
mod event_words;
mod game_view;
mod json;
mod output;
mod progress;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

fn main() -> ExitCode {
    let command = empty_env_is_unset(cli::Cli::command());
    let cli = cli::Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|err| err.exit());
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report::error(&err),
    }
}

/// An exported but empty variable (`ETH_RPC_URL=` in a shell profile) means "not set", as it does to a shell
/// user: clap would otherwise take the empty string as the value and fail far from the cause.
fn empty_env_is_unset(command: clap::Command) -> clap::Command {
    command
        .mut_args(|arg| match arg.get_env() {
            Some(name) if std::env::var_os(name).is_some_and(|value| value.is_empty()) => arg.env(None::<&str>),
            _ => arg,
        })
        .mut_subcommands(empty_env_is_unset)
}
