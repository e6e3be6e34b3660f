//! Games read from the contracts and turned into what the page draws.

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::{
    ISoloTicTacToe::{self, Result as ContractResult},
    ITicTacToe::{self, Status},
};
use marubatsu_chain::pvp::SHORT_MOVE_TIMEOUT;
use marubatsu_engine::tictactoe::{
    Bitboard, Cell, Difficulty, PvpAction, PvpEnding, PvpRole, PvpStatus, Side, SoloResult, may_claim_timeout,
};

use super::hotseat::winning_line;
use super::time_bank::{self, GameBank};
use super::view::{BalanceView, OracleView, PvpView, SoloView, TimeBankView};
use super::words::{Contract, duration, ether, status_words};
use crate::api::ApiError;
use crate::chain::ChainClient;
use crate::lang::Lang;
use crate::words::{Words, t};

/// The Hard level's value, as `previewCpuMove` takes it.
const HARD: u8 = 2;

pub(super) async fn solo_game(chain: &ChainClient, id: u64) -> Result<SoloView, ApiError> {
    let game = chain
        .view(Contract::Solo, &ISoloTicTacToe::getGameCall { gameId: U256::from(id) })
        .await?;
    let player = board(game.playerBoard);
    let cpu = board(game.cpuBoard);
    let (mine, theirs) = (player.len(), cpu.len());
    // The contract keeps no "who started"; the counts tell it. In progress it is always the player's turn (the
    // CPU answers in the same transaction); at the end, the side that moved last decides.
    let cpu_first = match game.result {
        ContractResult::PlayerWon => mine == theirs,
        ContractResult::Draw => theirs == 5,
        _ => theirs > mine,
    };
    let (player_mark, cpu_mark) = if cpu_first { ("O", "X") } else { ("X", "O") };
    let (result, line) = match game.result {
        ContractResult::InProgress => (Some(SoloResult::InProgress), None),
        ContractResult::PlayerWon => (Some(SoloResult::PlayerWon), winning_line(player)),
        ContractResult::CpuWon => (Some(SoloResult::CpuWon), winning_line(cpu)),
        ContractResult::Draw => (Some(SoloResult::Draw), None),
        _ => (None, None),
    };
    Ok(SoloView {
        id,
        player: game.player,
        difficulty: Difficulty::try_from(game.difficulty).ok(),
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
    // A view is several reads, and a block can land between them: a game that a claim ends after `getGame` makes
    // `claimBlocksLeft` refuse (`GameNotActive`). The view is then read again, once, all of it after that block.
    match pvp_game_once(chain, id, viewer, lang).await {
        Err(err) if err.is_refusal() => pvp_game_once(chain, id, viewer, lang).await,
        read => read,
    }
}

async fn pvp_game_once(chain: &ChainClient, id: u64, viewer: Option<Address>, lang: Lang) -> Result<PvpView, ApiError> {
    let game = chain
        .view(Contract::Pvp, &ITicTacToe::getGameCall { gameId: U256::from(id) })
        .await?;
    let head = chain.head().await?;
    let now = head.timestamp;
    let (x, o) = (board(game.xBoard), board(game.oBoard));
    let active = game.status == Status::Active;
    let x_to_move = x.len() == o.len();
    let mover = active.then_some(if x_to_move { Side::X } else { Side::O });
    let to_move_account = active.then_some(if x_to_move { game.creator } else { game.opponent });
    let mover_has_moved = if x_to_move { !x.is_empty() } else { !o.is_empty() };
    let deadline = (game.deadline != 0).then_some(game.deadline);
    let opponent = (game.opponent != Address::ZERO).then_some(game.opponent);
    let role = match viewer {
        Some(v) if v == game.creator => PvpRole::X,
        Some(v) if game.status != Status::Open && Some(v) == opponent => PvpRole::O,
        Some(v) if game.status == Status::Open && Some(v) == opponent => PvpRole::Invited,
        _ if game.status == Status::Open && opponent.is_none() => PvpRole::Open,
        _ => PvpRole::Watcher,
    };
    // Whatever is sent now lands in the next block at the earliest, whose time is past `now` and which adds one
    // block to those passed since the turn began: the page offers what would succeed there. The turn is over only
    // once the claim blocks have passed as well (the deployment's `claimBlocks`); until then the mover may still
    // move and no claim would land, so there is never a block in which both or neither are offered.
    let expired = active && deadline.is_some_and(|d| now >= d);
    let blocks_left = if expired {
        chain
            .view(
                Contract::Pvp,
                &ITicTacToe::claimBlocksLeftCall { gameId: U256::from(id) },
            )
            .await?
            .saturating_to::<u64>()
    } else {
        0
    };
    let claim_block = expired.then(|| head.number + blocks_left.max(1));
    let over = expired && blocks_left <= 1;
    let mut can = Vec::new();
    match (game.status, role.side(), mover) {
        (Status::Open, _, _) if role == PvpRole::X => can.push(PvpAction::Cancel),
        // Only an account the contract would let in is offered the join: the invited one, or anyone but the
        // creator in a public game.
        (Status::Open, _, _) if viewer.is_some() && matches!(role, PvpRole::Open | PvpRole::Invited) => {
            can.push(PvpAction::Join)
        }
        (Status::Active, Some(side), Some(mover)) => {
            if side == mover && !over {
                can.push(PvpAction::Play);
            }
            if may_claim_timeout(side, mover, mover_has_moved, over) {
                can.push(PvpAction::ClaimTimeout);
            }
            can.push(PvpAction::Resign);
        }
        _ => {}
    }
    let status = game.status.pvp_status();
    let line = match status {
        Some(PvpStatus::XWon) => winning_line(x),
        Some(PvpStatus::OWon) => winning_line(o),
        _ => None,
    };
    let ended_by = ended_by(chain, id, game.status, line.is_some()).await;
    let time_bank = match time_bank::game_bank(chain, id).await? {
        GameBank::Banked(banks) => {
            let mover_bank = if x_to_move { banks.x } else { banks.o };
            let claim_blocks = time_bank::claim_blocks(chain).await.unwrap_or(0);
            Some(TimeBankView {
                bank: banks.chosen,
                bank_words: duration(banks.chosen.into()).in_lang(lang),
                x_bank: banks.x,
                o_bank: banks.o,
                x_bank_words: duration(banks.x.into()).in_lang(lang),
                o_bank_words: duration(banks.o.into()).in_lang(lang),
                free_seconds: time_bank::FREE_MOVE_TIME,
                spending_from: deadline
                    .filter(|_| active)
                    .and_then(|d| time_bank::spending_from(d, game.moveTimeout, mover_bank)),
                bound_words: time_bank::bound_words(game.moveTimeout, Some(banks.chosen), claim_blocks).in_lang(lang),
            })
        }
        GameBank::None | GameBank::Unsupported => None,
    };
    Ok(PvpView {
        id,
        creator: game.creator,
        opponent,
        stake: game.stake,
        stake_words: ether(game.stake),
        timeout: game.moveTimeout,
        timeout_words: duration(game.moveTimeout.into()).in_lang(lang),
        short_clock: !game.stake.is_zero() && game.moveTimeout < SHORT_MOVE_TIMEOUT,
        status,
        status_words: status_words(game.status).in_lang(lang),
        cells: cells(&[(x, "X"), (o, "O")]),
        line,
        ended_by,
        to_move: mover.map(mark),
        to_move_account,
        deadline,
        now,
        seconds_left: deadline.map(|d| d.saturating_sub(now)),
        mover_has_moved,
        head_block: head.number,
        claim_block,
        role,
        can,
        time_bank,
    })
}

/// How a finished game ended. The status and the boards tell all but one case: a win without a line was won on
/// time or by a resignation, which leave the same record, so only then is the game's `GameEnded` event read. None
/// while the game is played, or when the node cannot say which of the two.
async fn ended_by(chain: &ChainClient, id: u64, status: Status, line: bool) -> Option<PvpEnding> {
    match status {
        Status::Draw => Some(PvpEnding::Draw),
        Status::Cancelled => Some(PvpEnding::Cancellation),
        Status::Aborted => Some(PvpEnding::Abort),
        Status::XWon | Status::OWon if line => Some(PvpEnding::Win),
        Status::XWon | Status::OWon => chain.ending(id).await?.pvp_ending(),
        _ => None,
    }
}

pub(super) async fn balance(chain: &ChainClient, account: Address) -> Result<BalanceView, ApiError> {
    let pending = chain
        .view(Contract::Pvp, &ITicTacToe::pendingBalanceCall { account })
        .await?;
    let wallet = chain.balance(account).await?;
    Ok(BalanceView {
        account,
        pending,
        pending_words: ether(pending),
        wallet,
        wallet_words: ether(wallet),
    })
}

/// What Hard would play for the player to move in PvP game `id`: the free perfect advice the book warns of.
pub(super) async fn oracle(chain: &ChainClient, id: u64, lang: Lang) -> Result<OracleView, ApiError> {
    let game = chain
        .view(Contract::Pvp, &ITicTacToe::getGameCall { gameId: U256::from(id) })
        .await?;
    if game.status != Status::Active {
        return Err(ApiError::conflict(
            Words::new("tictactoe.oracle.over")
                .arg("game", id)
                .with("status", status_words(game.status)),
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
    let cell = chain.view(Contract::Solo, &call).await?;
    Ok(OracleView {
        cell,
        words: t(
            lang,
            "tictactoe.oracle.advice",
            &[("row", &(cell / 3 + 1)), ("column", &(cell % 3 + 1))],
        ),
    })
}

/// A side's mark on the board and on the wire.
fn mark(side: Side) -> &'static str {
    match side {
        Side::X => "X",
        Side::O => "O",
    }
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
