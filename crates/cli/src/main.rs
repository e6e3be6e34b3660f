//! The `marubatsu` command-line tool: parses, calls the library crates, prints.

// First, so that its `println!`/`print!` are the ones every later module sees.
#[macro_use]
mod report;
mod cli;
mod commands;
mod game_view;
mod json;
mod output;
mod progress;
mod spinner;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report::error(&err),
    }
}
