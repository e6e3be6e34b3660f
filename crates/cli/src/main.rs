//! The `marubatsu` command-line tool: parses, calls the library crates, prints.

mod cli;
mod commands;
mod game_view;
mod json;
mod output;
mod progress;
mod report;
mod spinner;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    if !cli.serves() {
        report::die_quietly_on_closed_pipe();
    }
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report::error(&err),
    }
}
