//! The `marubatsu` command-line tool: parses, calls the library crates, prints.

mod cli;
mod commands;
mod output;
mod progress;

use clap::Parser;

fn main() -> eyre::Result<()> {
    cli::Cli::parse().run()
}
