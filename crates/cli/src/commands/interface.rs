use std::path::PathBuf;

use clap::{Args, ValueEnum};
use eyre::WrapErr;

/// Print (or write) the Solidity interface a contract of your own implements to be proved, measured and played:
/// `solo` (ISoloTicTacToe: against the CPU) or `pvp` (ITicTacToe: two players, with stakes).
///
/// Self-contained files (no imports); `contract MySolo is ISoloTicTacToe` makes the compiler check your
/// contract against it.
#[derive(Debug, Args)]
pub(crate) struct InterfaceArgs {
    /// Which interface.
    #[arg(value_enum)]
    game: Game,
    /// Write it to this file instead of standard output (e.g. src/ISoloTicTacToe.sol).
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Game {
    /// ISoloTicTacToe: a game against a CPU that answers in the same transaction.
    Solo,
    /// ITicTacToe: two players, stakes, time limits and timeout claims.
    Pvp,
}

const SOLO: &str = include_str!("../../../../contracts/interfaces/ISoloTicTacToe.sol");
const PVP: &str = include_str!("../../../../contracts/interfaces/ITicTacToe.sol");

impl InterfaceArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let text = match self.game {
            Game::Solo => SOLO,
            Game::Pvp => PVP,
        };
        match &self.out {
            Some(path) => {
                std::fs::write(path, text).wrap_err_with(|| format!("writing {}", path.display()))?;
                eprintln!("wrote {}", path.display());
            }
            None => print!("{text}"),
        }
        Ok(())
    }
}
