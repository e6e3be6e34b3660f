//! The `marubatsu` command-line tool: parses, calls the library crates, prints.

mod cli;
mod commands;
mod game_view;
mod output;
mod progress;
mod spinner;

use clap::Parser;

fn main() -> eyre::Result<()> {
    cli::Cli::parse().run()
}
