use alloy_primitives::{Address, U256};
use alloy_sol_types::{SolCall, SolError};
use clap::{Args, Subcommand};
use marubatsu_chain::{compiler::PVP_CONTRACT, evm::Transactor};

use crate::clock::utc_time;
use marubatsu_chain::{
    amounts::{ether, ether_and_wei},
    bindings::{ITicTacToe, ITicTacToeV2},
    pvp::SHORT_MOVE_TIMEOUT,
};
use marubatsu_client::{
    Error as DeployError,
    games::{Played, PvpContract, PvpV2Contract, parse_amount},
    rpc::{Target, ensure_testnet},
};
use marubatsu_engine::tictactoe::NumberedGrid;
use serde::Serialize;

use super::{
    balance::BalanceArgs,
    network::{Session, TargetArgs},
    older,
    pvp_bank::{self, BankChoice, GameBanks, bank_choice},
};
use crate::{
    game_view::{print_played, pvp_status_name},
    json,
    output::print_json,
};

/// What every command that shows a game afterwards reads.
const SHOW: [&str; 2] = [
    ITicTacToe::getGameCall::SIGNATURE,
    ITicTacToe::pendingBalanceCall::SIGNATURE,
];

/// Play tic-tac-toe against another account, with an optional stake (TicTacToe): on a node, or on the embedded
/// chain with --local (switch players with --local-account).
///
/// The creator plays X and moves first, and chooses the time per move and each player's time bank (which bounds
/// the whole game): read them (`pvp show`) before joining.
/// A player who misses the deadline of a first move does not lose: the game is aborted and both stakes go back.
/// Winnings and refunds are credited, then taken with `pvp withdraw`.
#[derive(Debug, Args)]
pub(crate) struct PvpArgs {
    #[command(subcommand)]
    command: PvpCommand,
}

#[derive(Debug, Subcommand)]
enum PvpCommand {
    /// Open a game as X, staking --stake; prints its id.
    Create {
        /// Seconds each player has per move (60 to 604800, seven days).
        #[arg(long = "move-timeout", value_name = "SECONDS", default_value_t = 3600)]
        move_timeout: u32,
        /// The stake each player puts in: wei, or with a unit (10gwei, 0.01ether).
        #[arg(long, value_name = "AMOUNT", default_value = "0", value_parser = amount)]
        stake: U256,
        /// Make the game private: only this account may join (default: anyone).
        #[arg(long, value_name = "ADDRESS", value_parser = someone)]
        opponent: Option<Address>,
        /// Each player's time bank: what moves take beyond their first 60 s is spent from it, so the game's turns
        /// end within 9 min plus both banks of the join. `none` for a game bounded only by nine turns of
        /// --move-timeout
        /// [default: 3600, or none on a contract without time banks]
        #[arg(long = "time-bank", value_name = "SECONDS|none", value_parser = bank_choice)]
        time_bank: Option<BankChoice>,
        /// Allow a staked game on a chain that is not a known testnet (staked play for real money is gambling).
        #[arg(long)]
        allow_mainnet: bool,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Join an open game as O, sending exactly its stake (a staked game needs --stake to say so).
    Join {
        /// The game's id.
        game: u64,
        /// The stake you agree to send; it must equal the game's (wei, or with a unit). Required when the game
        /// is staked, so that no money leaves unnamed.
        #[arg(long, value_name = "AMOUNT", value_parser = amount)]
        stake: Option<U256>,
        /// The time bank you agree to (seconds, or none); it must equal the game's. Without it the game's own,
        /// as `pvp show` says it, is named.
        #[arg(long = "time-bank", value_name = "SECONDS|none", value_parser = bank_choice)]
        time_bank: Option<BankChoice>,
        /// Allow a staked game on a chain that is not a known testnet (staked play for real money is gambling).
        #[arg(long)]
        allow_mainnet: bool,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Take a cell (0-8, row by row from the top left) on your turn.
    Play {
        /// The game's id.
        game: u64,
        /// The cell: 0 1 2 / 3 4 5 / 6 7 8.
        #[arg(value_parser = clap::value_parser!(u8).range(0..=8))]
        cell: u8,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// End a game whose player to move missed the deadline: the opponent wins, or, if it was that player's
    /// first move, the game is aborted and both stakes go back (either player may abort). A claim also needs the
    /// deployment's count of blocks after the last move (`pvp show` says how many are left); until then the late
    /// player may still move.
    ClaimTimeout {
        /// The game's id.
        game: u64,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Give up a game; the opponent wins the stakes.
    Resign {
        /// The game's id.
        game: u64,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Cancel your game that nobody joined; the stake is credited back.
    Cancel {
        /// The game's id.
        game: u64,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Take everything credited to you (winnings, refunds).
    Withdraw {
        /// Send it to this address instead of the sender.
        #[arg(long, value_name = "ADDRESS")]
        to: Option<Address>,
        #[command(flatten)]
        target: TargetArgs,
    },
    /// List what an account can withdraw from every TicTacToe deployment recorded on the chain, older ones
    /// included (take it with `pvp withdraw --address ADDRESS`).
    Balance(BalanceArgs),
    /// Show a game: players, stake, time limit, deadline, board and status.
    Show {
        /// The game's id.
        game: u64,
        #[command(flatten)]
        target: TargetArgs,
    },
}

/// An account that can play: the zero address is nobody's (the contract reads it as "anyone may join"), so
/// typing it is a mistake to name, not a public game to open.
fn someone(text: &str) -> Result<Address, String> {
    let address: Address = text
        .trim()
        .parse()
        .map_err(|err| format!("{text:?} is not an address: {err}"))?;
    if address.is_zero() {
        return Err("the zero address is nobody's: leave out --opponent for a game anyone may join".to_owned());
    }
    Ok(address)
}

fn amount(text: &str) -> Result<U256, String> {
    parse_amount(text).map_err(|err| err.to_string())
}

#[derive(Serialize)]
struct GameJson {
    game_id: serde_json::Value,
    creator: Option<String>,
    opponent: Option<String>,
    /// Wei, as a decimal string.
    stake: String,
    move_timeout: u32,
    /// The game's time bank, in seconds; none for a game without one (or a contract without banks).
    time_bank: Option<pvp_bank::TimeBankJson>,
    /// The longest the game's turns' deadlines can add up to from the join, in seconds.
    whole_game_bound: u64,
    /// Unix time; 0 while nobody has to move.
    deadline: u64,
    /// Blocks still to be mined before a timeout claim can land (besides the deadline); none unless the game is
    /// being played on a deployment that counts them.
    claim_blocks_left: Option<u32>,
    status: serde_json::Value,
    x_cells: Vec<u8>,
    o_cells: Vec<u8>,
    board: Vec<Option<&'static str>>,
    to_move: Option<&'static str>,
}

#[derive(Serialize)]
struct PlayedJson {
    contract: String,
    current_sources: bool,
    game: GameJson,
    /// What the sender can withdraw now, in wei; none without a sender.
    withdrawable: Option<String>,
    transaction: Option<json::Transaction>,
}

#[derive(Serialize)]
struct WithdrawnJson {
    contract: String,
    current_sources: bool,
    /// Wei, as a decimal string.
    withdrawn: String,
    to: String,
    transaction: json::Transaction,
}

impl PvpArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        match self.command {
            PvpCommand::Create {
                move_timeout,
                stake,
                opponent,
                time_bank,
                allow_mainnet,
                target,
            } => {
                let mut session = target.open(PVP_CONTRACT, true, &SHOW)?;
                let v2 = speaks_v2(
                    &session,
                    ITicTacToe::createGameCall::SIGNATURE,
                    ITicTacToeV2::createGameCall::SIGNATURE,
                )?;
                let rules = if v2 { None } else { pvp_bank::rules(&mut session)? };
                let bank = pvp_bank::bank_to_create(time_bank, rules, session.address)?;
                if !stake.is_zero() {
                    ensure_testnet(session.chain.chain_id(), allow_mainnet)?;
                }
                let pvp = PvpContract(session.address);
                let played = match bank {
                    _ if v2 => {
                        PvpV2Contract(session.address).create(&mut session.chain, move_timeout, stake, opponent)?
                    }
                    Some(bank) => pvp
                        .create_banked(&mut session.chain, move_timeout, bank, stake, opponent)
                        .map_err(|err| pvp_bank::explain_refusal(err.into()))?,
                    None => pvp.create(&mut session.chain, move_timeout, stake, opponent)?,
                };
                let id = played.value;
                show(&mut session, id, Some(&played), target.json)
            }
            PvpCommand::Join {
                game,
                stake,
                time_bank,
                allow_mainnet,
                target,
            } => {
                let mut session = target.open(PVP_CONTRACT, true, &SHOW)?;
                let v2 = speaks_v2(
                    &session,
                    ITicTacToe::joinGameCall::SIGNATURE,
                    ITicTacToeV2::joinGameCall::SIGNATURE,
                )?;
                let pvp = PvpContract(session.address);
                let id = U256::from(game);
                let (asked, move_timeout) = match pvp.game(&mut session.chain, id) {
                    Ok(game) => (game.stake, game.moveTimeout),
                    Err(err) => return Err(session.unknown_game_elsewhere(id, err.into())),
                };
                match stake {
                    Some(expected) if asked != expected => eyre::bail!(
                        "game {game} asks for a stake of {}, not {}; nothing was sent",
                        ether_and_wei(asked),
                        ether_and_wei(expected)
                    ),
                    None if !asked.is_zero() => eyre::bail!(
                        "game {game} is staked: joining sends {}; say so with --stake {asked} (nothing was sent)",
                        ether_and_wei(asked)
                    ),
                    _ => {}
                }
                if !asked.is_zero() {
                    ensure_testnet(session.chain.chain_id(), allow_mainnet)?;
                    if move_timeout < SHORT_MOVE_TIMEOUT {
                        eprintln!(
                            "warning: game {game} gives {move_timeout} s per move for a stake of {}: on a public chain \
                             a move kept out of a few blocks (a busy network, or someone paying to delay it) loses on \
                             time; {} s or more is safer (docs/security.md, \"Time\")",
                            ether(asked),
                            SHORT_MOVE_TIMEOUT
                        );
                    }
                }
                let played = if v2 {
                    PvpV2Contract(session.address).join(&mut session.chain, id, stake)?
                } else {
                    let bank = pvp_bank::bank_to_join(&mut session, id, time_bank)?;
                    let bank = Some(bank.unwrap_or(marubatsu_client::time_bank::NO_TIME_BANK));
                    pvp.join_naming(&mut session.chain, id, stake, bank)
                        .map_err(|err| pvp_bank::explain_refusal(err.into()))?
                };
                show(&mut session, id, Some(&played), target.json)
            }
            PvpCommand::Play { game, cell, target } => {
                let mut session = target.open(PVP_CONTRACT, true, &SHOW)?;
                let v2 = speaks_v2(
                    &session,
                    ITicTacToe::playCall::SIGNATURE,
                    ITicTacToeV2::playCall::SIGNATURE,
                )?;
                let id = U256::from(game);
                let played = if v2 {
                    PvpV2Contract(session.address).play(&mut session.chain, id, cell)
                } else {
                    PvpContract(session.address).play(&mut session.chain, id, cell)
                };
                match played {
                    Ok(played) => show(&mut session, id, Some(&played), target.json),
                    Err(err) => Err(session.unknown_game_elsewhere(id, explain_late_move(err.into(), game))),
                }
            }
            PvpCommand::ClaimTimeout { game, target } => transact(
                &target,
                game,
                ITicTacToe::claimTimeoutCall::SIGNATURE,
                |chain, pvp, id| pvp.claim_timeout(chain, id),
            )
            .map_err(|err| explain_early_claim(err, game)),
            PvpCommand::Resign { game, target } => {
                transact(&target, game, ITicTacToe::resignCall::SIGNATURE, |chain, pvp, id| {
                    pvp.resign(chain, id)
                })
            }
            PvpCommand::Cancel { game, target } => {
                transact(&target, game, ITicTacToe::cancelCall::SIGNATURE, |chain, pvp, id| {
                    pvp.cancel(chain, id)
                })
            }
            PvpCommand::Withdraw { to, target } => {
                let function = if to.is_some() {
                    ITicTacToe::withdrawToCall::SIGNATURE
                } else {
                    ITicTacToe::withdrawCall::SIGNATURE
                };
                let mut session = target.open(PVP_CONTRACT, true, &[function])?;
                let pvp = PvpContract(session.address);
                if session.from_record
                    && let Some(sender) = session.chain.sender()
                {
                    older::ensure_credit_is_here(&mut session.chain, &session.deployments, pvp.0, sender)?;
                }
                let played = pvp.withdraw(&mut session.chain, to)?;
                let to = to.unwrap_or(played.from);
                if target.json {
                    return print_json(&WithdrawnJson {
                        contract: json::address(pvp.0),
                        current_sources: session.older.is_none(),
                        withdrawn: played.value.to_string(),
                        to: json::address(to),
                        transaction: json::Transaction::new(&played),
                    });
                }
                println!("withdrew {} to {to}", ether_and_wei(played.value));
                print_played(&played);
                Ok(())
            }
            PvpCommand::Balance(args) => args.run(),
            PvpCommand::Show { game, target } => {
                let mut session = target.open(PVP_CONTRACT, false, &SHOW)?;
                let id = U256::from(game);
                let shown = show::<()>(&mut session, id, None, target.json);
                shown.map_err(|err| session.unknown_game_elsewhere(id, err))
            }
        }
    }
}

/// The functions a command calls: `function`, then what showing the game reads.
fn needs(function: &'static str) -> [&'static str; 3] {
    [function, SHOW[0], SHOW[1]]
}

/// Whether the located contract takes version 2's encoding of a function whose parameters version 3 changed
/// (`v3` today, `v2` before): only an older recorded deployment whose ABI has `v2` and not `v3` does.
fn speaks_v2(session: &Session, v3: &str, v2: &str) -> eyre::Result<bool> {
    let Some(older) = &session.older else {
        return Ok(false);
    };
    match (older.record.has_function(v3), older.record.has_function(v2)) {
        (Some(false), Some(true)) => Ok(true),
        (Some(false), _) => eyre::bail!(
            "the TicTacToe at {} is an older deployment whose recorded ABI has neither {v3} nor {v2}, so this \
             version of marubatsu cannot call it; nothing was sent",
            session.address
        ),
        _ => Ok(false),
    }
}

/// `err`, and if it is a move refused as late (past the deadline and the claim's blocks), how the game ends now.
fn explain_late_move(err: eyre::Report, game: u64) -> eyre::Report {
    let Some(DeployError::Reverted { data, .. }) = err.downcast_ref::<DeployError>() else {
        return err;
    };
    let Ok(late) = ITicTacToe::MoveTooLate::abi_decode(data) else {
        return err;
    };
    let deadline = utc_time(late.deadline);
    err.wrap_err(format!(
        "game {game}: this turn ended at {deadline} and the blocks a claim waits for have been mined, so a move no \
         longer counts; the game now ends by a timeout claim (`pvp claim-timeout {game}`; `pvp show {game}` says \
         who may claim it and what it pays)"
    ))
}

/// `err`, and if it is a claim refused as early, what is still missing: the deadline, or how many more blocks.
fn explain_early_claim(err: eyre::Report, game: u64) -> eyre::Report {
    let Some(DeployError::Reverted { data, .. }) = err.downcast_ref::<DeployError>() else {
        return err;
    };
    if let Ok(early) = ITicTacToe::DeadlineNotPassed::abi_decode(data) {
        let deadline = utc_time(early.deadline);
        return err.wrap_err(format!(
            "game {game}: the player to move has until {deadline} (`pvp show {game}` counts it down)"
        ));
    }
    let Ok(early) = ITicTacToe::TooFewBlocks::abi_decode(data) else {
        return err;
    };
    let more = early.blocksNeeded.saturating_sub(early.blocksPassed);
    let plural = if more == U256::from(1) { "" } else { "s" };
    err.wrap_err(format!(
        "game {game}: the deadline has passed, but a claim also needs {} blocks after the last move and only {} \
         have been mined: {more} more block{plural} first (about {} s at one block every 12 s); until then the \
         other player may still move",
        early.blocksNeeded,
        early.blocksPassed,
        more.saturating_mul(U256::from(12))
    ))
}

/// Whether the located contract has `signature`: the current sources always do; an older recorded deployment
/// does unless its recorded ABI says otherwise.
fn knows(session: &Session, signature: &str) -> bool {
    session
        .older
        .as_ref()
        .is_none_or(|older| older.record.has_function(signature) != Some(false))
}

/// Opens the contract for a transaction (`function`) on game `game`, sends it with `send`, and shows the game
/// after it.
fn transact(
    target: &TargetArgs,
    game: u64,
    function: &'static str,
    send: impl FnOnce(&mut Target, PvpContract, U256) -> Result<Played<()>, DeployError>,
) -> eyre::Result<()> {
    let mut session = target.open(PVP_CONTRACT, true, &needs(function))?;
    let pvp = PvpContract(session.address);
    let id = U256::from(game);
    let played = match send(&mut session.chain, pvp, id) {
        Ok(played) => played,
        Err(err) => return Err(session.unknown_game_elsewhere(id, err.into())),
    };
    show(&mut session, id, Some(&played), target.json)
}

fn show<T>(session: &mut Session, id: U256, played: Option<&Played<T>>, json: bool) -> eyre::Result<()> {
    let pvp = PvpContract(session.address);
    let counts_blocks = knows(session, ITicTacToe::claimBlocksLeftCall::SIGNATURE);
    let game: ITicTacToe::getGameReturn = pvp.game(&mut session.chain, id)?;
    let banks = GameBanks::read(session, id)?;
    let chain = &mut session.chain;
    let open = game.status == ITicTacToe::Status::Open;
    let x_to_move = game.xBoard.count_ones() == game.oBoard.count_ones();
    let blocks_left = if game.status == ITicTacToe::Status::Active && counts_blocks {
        Some(pvp.claim_blocks_left(chain, id)?)
    } else {
        None
    };
    if json {
        let withdrawable = match chain.sender() {
            Some(sender) => Some(pvp.pending_balance(chain, sender)?.to_string()),
            None => None,
        };
        return print_json(&PlayedJson {
            contract: json::address(pvp.0),
            current_sources: session.older.is_none(),
            game: GameJson {
                game_id: json::id(id),
                creator: json::someone(game.creator),
                opponent: json::someone(game.opponent),
                stake: game.stake.to_string(),
                move_timeout: game.moveTimeout,
                time_bank: banks.json(),
                whole_game_bound: banks.bound(game.moveTimeout),
                deadline: game.deadline,
                claim_blocks_left: blocks_left,
                status: json::pvp_status(game.status),
                x_cells: json::cells(game.xBoard),
                o_cells: json::cells(game.oBoard),
                board: json::board(game.xBoard, game.oBoard),
                to_move: (game.status == ITicTacToe::Status::Active).then_some(if x_to_move { "X" } else { "O" }),
            },
            withdrawable,
            transaction: played.map(json::Transaction::new),
        });
    }
    println!("pvp game {id} on {}: {}", pvp.0, pvp_status_name(game.status));
    println!("X (creator): {}", game.creator);
    match (open, game.opponent.is_zero()) {
        (true, true) => println!("O (joiner):  nobody yet; anyone may join"),
        (true, false) => println!("O (joiner):  nobody yet; only {} may join", game.opponent),
        // Cancelled before anyone joined: the zero address is nobody, not a player.
        (false, true) => println!("O (joiner):  nobody joined"),
        (false, false) => println!("O (joiner):  {}", game.opponent),
    }
    println!(
        "stake: {} each; {} s per move",
        ether_and_wei(game.stake),
        game.moveTimeout
    );
    for line in banks.lines(game.moveTimeout) {
        println!("{line}");
    }
    if game.status == ITicTacToe::Status::Active {
        let now = chain.timestamp()?;
        let first_move = if x_to_move { game.xBoard == 0 } else { game.oBoard == 0 };
        let blocks = blocks_left.unwrap_or_default();
        let left = if now > game.deadline && blocks > 0 {
            format!(
                "passed, but a claim also needs {blocks} more block{} after the last move; until then {} may \
                 still move",
                if blocks == 1 { "" } else { "s" },
                if x_to_move { "X" } else { "O" }
            )
        } else if now > game.deadline && first_move {
            "passed on a first move: either player can abort the game (`pvp claim-timeout`), both stakes go back"
                .to_owned()
        } else if now > game.deadline {
            "passed: the opponent can claim the timeout".to_owned()
        } else {
            format!("{} s left", game.deadline - now)
        };
        println!(
            "to move: {} — deadline {} ({left})",
            if x_to_move { "X" } else { "O" },
            utc_time(game.deadline)
        );
    }
    println!("{}", NumberedGrid::new(game.xBoard, game.oBoard));
    if let Some(sender) = chain.sender() {
        let pending = pvp.pending_balance(chain, sender)?;
        if !pending.is_zero() {
            println!(
                "{sender} can withdraw {} (`marubatsu pvp withdraw`)",
                ether_and_wei(pending)
            );
        }
    }
    if let Some(played) = played {
        print_played(played);
    }
    Ok(())
}

impl Session {
    /// `err`, unless it is the `UnknownGame` of a contract the record chose while an older recorded deployment has
    /// game `id`: then the error names that deployment (nothing was sent: the revert came from a call or an
    /// estimate).
    fn unknown_game_elsewhere(&mut self, id: U256, err: eyre::Report) -> eyre::Report {
        let unknown = err.downcast_ref::<DeployError>().and_then(DeployError::revert_name) == Some("UnknownGame");
        if !unknown || !self.from_record {
            return err;
        }
        match older::deployment_with_game(&mut self.chain, &self.deployments, self.address, id) {
            Ok(Some(older)) => eyre::eyre!(
                "game {id} is not on the current TicTacToe ({}) but on an older deployment of it, {older}: add \
                 --address {older} (nothing was sent)",
                self.address
            ),
            // No older deployment has it, or they cannot be read now: the contract's own error says enough.
            Ok(None) | Err(_) => err,
        }
    }
}
