//! Normal's known weakness, played as transactions: corner, opposite corner, a third corner, then the open threat.

use marubatsu_chain::evm::Chain;
use marubatsu_engine::tictactoe::{Bitboard, Difficulty};
use serde::Serialize;

use super::{GameResult, SoloTarget};
use crate::error::{ProveError, TxContext};

/// The fork line against Normal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForkLine {
    /// Every cell played, both sides, in order.
    pub moves: Vec<u8>,
    /// Whether the human won.
    pub human_won: bool,
}

/// Corner 0, opposite corner 8, then a third corner still empty (6 before 2), then whichever cell completes a
/// line of the human's. A CPU with other tie-breaks may have taken a planned corner; the line adapts rather than
/// play a taken cell, and ends when no such cell is left.
pub(crate) fn play_fork_line(chain: &mut Chain, target: &SoloTarget) -> Result<ForkLine, ProveError> {
    let start = chain.snapshot();
    let result = play(chain, target);
    chain.restore(&start);
    result
}

fn play(chain: &mut Chain, target: &SoloTarget) -> Result<ForkLine, ProveError> {
    let contract = &target.contract;
    let game_id = contract
        .new_game(chain, target.player, Difficulty::Normal, false)
        .during(|| "newGame(normal) for the fork line".into())?
        .value;
    let mut moves = Vec::new();
    let mut game = contract
        .game(chain, game_id)
        .during(|| format!("{}({game_id}) on the fork line", contract.game_getter()))?
        .value;
    let plan: [&[u8]; 3] = [&[0], &[8], &[6, 2]];
    for step in 0..4 {
        if game.result != GameResult::InProgress {
            break;
        }
        let empty = !(game.player_board | game.cpu_board) & 0x1ff;
        let is_empty = |cell: &u8| empty & (1 << cell) != 0;
        let cell = match plan.get(step) {
            Some(cells) => cells.iter().copied().find(is_empty),
            None => (0..9u8).find(|&c| is_empty(&c) && completes_line(game.player_board | (1 << c))),
        };
        let Some(cell) = cell else { break };
        contract
            .play(chain, target.player, game_id, cell)
            .during(|| format!("play({cell}) on the fork line"))?;
        let before = game.cpu_board;
        game = contract
            .game(chain, game_id)
            .during(|| format!("{}({game_id}) on the fork line", contract.game_getter()))?
            .value;
        moves.push(cell);
        let reply = game.cpu_board & !before;
        if reply != 0 {
            moves.push(reply.trailing_zeros() as u8);
        }
    }
    Ok(ForkLine {
        moves,
        human_won: game.result == GameResult::PlayerWon,
    })
}

fn completes_line(mask: u16) -> bool {
    Bitboard::from_bits(mask).is_some_and(|b| b.has_line())
}
