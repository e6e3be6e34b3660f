use alloy_primitives::U256;
use alloy_sol_types::SolCall;
use clap::{Args, Subcommand, ValueEnum};
use marubatsu_chain::bindings::ISoloTicTacToe;
use marubatsu_chain::compiler::SOLO_CONTRACT;

use crate::event_words::{difficulty_name, solo_result_name};
use marubatsu_client::games::{Played, SoloContract};
use marubatsu_engine::tictactoe::{Difficulty, NumberedGrid};
use serde::Serialize;

use super::network::{Session, TargetArgs};
use crate::{game_view::print_played, json, output::print_json};

/// What showing a game reads.
const SHOW: &str = ISoloTicTacToe::getGameCall::SIGNATURE;

/// Play tic-tac-toe against the on-chain CPU (SoloTicTacToe): on a node, or on the embedded chain with --local.
#[derive(Debug, Args)]
pub(crate) struct SoloArgs {
    #[command(subcommand)]
    command: SoloCommand,
}

#[derive(Debug, Subcommand)]
enum SoloCommand {
    /// Start a game against the CPU; prints its id.
    New {
        /// How far the CPU looks: easy, normal, or hard (never loses).
        #[arg(long, value_enum, default_value_t = Level::Hard)]
        difficulty: Level,
        /// Let the CPU move first (it does so in the same transaction).
        #[arg(long)]
        cpu_first: bool,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Take a cell (0-8, row by row from the top left); the CPU answers in the same transaction.
    Play {
        /// The game's id.
        game: u64,
        /// The cell: 0 1 2 / 3 4 5 / 6 7 8.
        #[arg(value_parser = clap::value_parser!(u8).range(0..=8))]
        cell: u8,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Show a game's board and result.
    Show {
        /// The game's id.
        game: u64,
        #[command(flatten)]
        target: TargetArgs,
    },
}

/// The CPU's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    /// The engine's level of the same name (the chain crate maps it to the contract's).
    fn difficulty(self) -> Difficulty {
        match self {
            Level::Easy => Difficulty::Easy,
            Level::Normal => Difficulty::Normal,
            Level::Hard => Difficulty::Hard,
        }
    }
}

#[derive(Serialize)]
struct GameJson {
    game_id: serde_json::Value,
    player: Option<String>,
    difficulty: &'static str,
    player_cells: Vec<u8>,
    cpu_cells: Vec<u8>,
    /// X is the player, O the CPU.
    board: Vec<Option<&'static str>>,
    result: &'static str,
}

#[derive(Serialize)]
struct PlayedJson {
    contract: String,
    current_sources: bool,
    game: GameJson,
    transaction: Option<json::Transaction>,
}

impl SoloArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            SoloCommand::New {
                difficulty,
                cpu_first,
                target,
            } => {
                let mut session = target.open(SOLO_CONTRACT, true, &[ISoloTicTacToe::newGameCall::SIGNATURE, SHOW])?;
                let solo = SoloContract(session.address);
                let played = solo.new_game(
                    &mut session.chain,
                    ISoloTicTacToe::Difficulty::from(difficulty.difficulty()),
                    cpu_first,
                )?;
                let id = played.value;
                show(&mut session, id, Some(&played), target.json)
            }
            SoloCommand::Play { game, cell, target } => {
                let mut session = target.open(SOLO_CONTRACT, true, &[ISoloTicTacToe::playCall::SIGNATURE, SHOW])?;
                let solo = SoloContract(session.address);
                let id = U256::from(game);
                let played = solo.play(&mut session.chain, id, cell)?;
                show(&mut session, id, Some(&played), target.json)
            }
            SoloCommand::Show { game, target } => {
                let mut session = target.open(SOLO_CONTRACT, false, &[SHOW])?;
                show::<()>(&mut session, U256::from(game), None, target.json)
            }
        }
    }
}

fn show<T>(session: &mut Session, id: U256, played: Option<&Played<T>>, json: bool) -> eyre::Result<()> {
    let solo = SoloContract(session.address);
    let game: ISoloTicTacToe::getGameReturn = solo.game(&mut session.chain, id)?;
    if json {
        return print_json(&PlayedJson {
            contract: json::address(solo.0),
            current_sources: session.older.is_none(),
            game: GameJson {
                game_id: json::id(id),
                player: json::someone(game.player),
                difficulty: difficulty_name(game.difficulty),
                player_cells: json::cells(game.playerBoard),
                cpu_cells: json::cells(game.cpuBoard),
                board: json::board(game.playerBoard, game.cpuBoard),
                result: json::solo_result(game.result),
            },
            transaction: played.map(json::Transaction::new),
        });
    }
    println!(
        "solo game {id} on {}: {} vs the {} CPU — {}",
        solo.0,
        game.player,
        difficulty_name(game.difficulty),
        solo_result_name(game.result)
    );
    println!("{}", NumberedGrid::new(game.playerBoard, game.cpuBoard));
    println!("(X = player, O = CPU; numbers are free cells)");
    if let Some(played) = played {
        print_played(played);
    }
    Ok(())
}
