//! Games read from the contracts and turned into what the page draws.

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, Result as SoloResult},
    ITicTacToe::{self, Status},
};
use marubatsu_engine::tictactoe::{Bitboard, Cell, Difficulty};

use super::hotseat::winning_line;
use super::view::{BalanceView, OracleView, PvpView, SoloView};
use super::words::{Contract, cell_words, duration, ether, status_words};
use crate::api::ApiError;
use crate::chain::ChainClient;
use crate::lang::Lang;

/// The Hard level's value, as `previewCpuMove` takes it.
const HARD: u8 = 2;

pub(super) async fn solo_game(chain: &ChainClient, id: u64, lang: Lang) -> Result<SoloView, ApiError> {
    let game = chain
        .view(
            Contract::Solo,
            &ISoloTicTacToe::getGameCall { gameId: U256::from(id) },
            lang,
        )
        .await?;
    let player = board(game.playerBoard);
    let cpu = board(game.cpuBoard);
    let (mine, theirs) = (player.len(), cpu.len());
    // The contract keeps no "who started"; the counts tell it. In progress it is always the player's turn (the
    // CPU answers in the same transaction); at the end, the side that moved last decides.
    let cpu_first = match game.result {
        SoloResult::PlayerWon => mine == theirs,
        SoloResult::Draw => theirs == 5,
        _ => theirs > mine,
    };
    let (player_mark, cpu_mark) = if cpu_first { ("O", "X") } else { ("X", "O") };
    let (result, line) = match game.result {
        SoloResult::InProgress => ("inProgress", None),
        SoloResult::PlayerWon => ("playerWon", winning_line(player)),
        SoloResult::CpuWon => ("cpuWon", winning_line(cpu)),
        SoloResult::Draw => ("draw", None),
        _ => ("unknown", None),
    };
    Ok(SoloView {
        id,
        player: game.player,
        difficulty: Difficulty::try_from(game.difficulty).map_or("unknown", Difficulty::name),
        cpu_first,
        player_mark,
        cpu_mark,
        cells: cells(&[(player, player_mark), (cpu, cpu_mark)]),
        result,
        line,
    })
}

pub(super) async fn pvp_game(
    chain: &ChainClient,
    id: u64,
    viewer: Option<Address>,
    lang: Lang,
) -> Result<PvpView, ApiError> {
    let game = chain
        .view(Contract::Pvp, &ITicTacToe::getGameCall { gameId: U256::from(id) }, lang)
        .await?;
    let now = chain.head().await?.timestamp;
    let (x, o) = (board(game.xBoard), board(game.oBoard));
    let active = game.status == Status::Active;
    let x_to_move = x.len() == o.len();
    let to_move = active.then_some(if x_to_move { "X" } else { "O" });
    let to_move_account = active.then_some(if x_to_move { game.creator } else { game.opponent });
    let mover_has_moved = if x_to_move { !x.is_empty() } else { !o.is_empty() };
    let deadline = (game.deadline != 0).then_some(game.deadline);
    let opponent = (game.opponent != Address::ZERO).then_some(game.opponent);
    let role = match viewer {
        Some(v) if v == game.creator => "X",
        Some(v) if game.status != Status::Open && Some(v) == opponent => "O",
        Some(v) if game.status == Status::Open && Some(v) == opponent => "invited",
        _ if game.status == Status::Open && opponent.is_none() => "open",
        _ => "watcher",
    };
    let expired = deadline.is_some_and(|d| now > d);
    let mut can = Vec::new();
    match game.status {
        Status::Open if role == "X" => can.push("cancel"),
        // An uninvited account may still try: the contract refuses it and the page says why.
        Status::Open if viewer.is_some() => can.push("join"),
        Status::Active if matches!(role, "X" | "O") => {
            let my_turn = to_move == Some(role);
            if my_turn && !expired {
                can.push("play");
            }
            // The opponent claims a win; the late player's first move may be aborted by either.
            if expired && (!my_turn || !mover_has_moved) {
                can.push("claimTimeout");
            }
            can.push("resign");
        }
        _ => {}
    }
    let (status, line) = match game.status {
        Status::Open => ("open", None),
        Status::Active => ("active", None),
        Status::XWon => ("xWon", winning_line(x)),
        Status::OWon => ("oWon", winning_line(o)),
        Status::Draw => ("draw", None),
        Status::Cancelled => ("cancelled", None),
        Status::Aborted => ("aborted", None),
        _ => ("unknown", None),
    };
    Ok(PvpView {
        id,
        creator: game.creator,
        opponent,
        stake: game.stake,
        stake_words: ether(game.stake),
        timeout: game.moveTimeout,
        timeout_words: duration(game.moveTimeout.into(), lang),
        status,
        status_words: status_words(game.status, lang).to_owned(),
        cells: cells(&[(x, "X"), (o, "O")]),
        line,
        to_move,
        to_move_account,
        deadline,
        now,
        seconds_left: deadline.map(|d| d.saturating_sub(now)),
        mover_has_moved,
        role,
        can,
    })
}

pub(super) async fn balance(chain: &ChainClient, account: Address, lang: Lang) -> Result<BalanceView, ApiError> {
    let pending = chain
        .view(Contract::Pvp, &ITicTacToe::pendingBalanceCall { account }, lang)
        .await?;
    let wallet = chain.balance(account).await?;
    Ok(BalanceView {
        account,
        pending,
        pending_words: ether(pending),
        wallet_words: ether(wallet),
    })
}

/// What Hard would play for the player to move in PvP game `id`: the free perfect advice the book warns of.
pub(super) async fn oracle(chain: &ChainClient, id: u64, lang: Lang) -> Result<OracleView, ApiError> {
    let game = chain
        .view(Contract::Pvp, &ITicTacToe::getGameCall { gameId: U256::from(id) }, lang)
        .await?;
    if game.status != Status::Active {
        let status = status_words(game.status, lang);
        return Err(ApiError::conflict(
            lang.pick(
                format!("Game {id} is {status}: there is no move to advise."),
                format!("ゲーム {id} は{status}です。助言する手はありません。"),
            ),
            None,
        ));
    }
    let x_to_move = game.xBoard.count_ones() == game.oBoard.count_ones();
    let (mine, theirs) = if x_to_move {
        (game.xBoard, game.oBoard)
    } else {
        (game.oBoard, game.xBoard)
    };
    let call = ISoloTicTacToe::previewCpuMoveCall {
        mine,
        theirs,
        difficulty: HARD,
        seed: U256::ZERO,
    };
    let cell = chain.view(Contract::Solo, &call, lang).await?;
    Ok(OracleView {
        cell,
        words: lang.pick(
            format!("The Hard CPU would play {}.", cell_words(cell, lang).to_lowercase()),
            format!("むずかしいCPUなら{}に打ちます。", cell_words(cell, lang)),
        ),
    })
}

fn board(bits: u16) -> Bitboard {
    Bitboard::from_bits(bits).unwrap_or(Bitboard::EMPTY)
}

/// Nine entries, row by row, from each side's stones and mark.
fn cells(sides: &[(Bitboard, &'static str)]) -> Vec<Option<&'static str>> {
    (0..9u8)
        .map(|i| {
            let cell = Cell::new(i)?;
            sides
                .iter()
                .find(|(stones, _)| stones.contains(cell))
                .map(|(_, mark)| *mark)
        })
        .collect()
}
