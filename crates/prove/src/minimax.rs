//! Hard keeps the game's value on every legal position: the contract's Hard move, asked through
//! `previewCpuMove`, judged by a plain minimax written here from the rules of the game alone. It shares no code
//! with the CPU's rules (nor with the engine's solver), so a wrong rule cannot hide behind a wrong judge.

use std::collections::HashMap;

use alloy_primitives::U256;
use marubatsu_chain::evm::Chain;
use marubatsu_engine::tictactoe::Difficulty;
use serde::Serialize;

use crate::{
    error::{ProveError, TxContext},
    show::{board_rows, cells_of, mover_is_x},
    solo::SoloContract,
};

/// The eight lines, as masks of cells 0..8 (row-major).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// What the side to move gets with perfect play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameValue {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl GameValue {
    fn flip(self) -> GameValue {
        match self {
            GameValue::Loss => GameValue::Win,
            GameValue::Draw => GameValue::Draw,
            GameValue::Win => GameValue::Loss,
        }
    }

    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            GameValue::Loss => "loss",
            GameValue::Draw => "draw",
            GameValue::Win => "win",
        }
    }
}

fn has_line(side: u16) -> bool {
    LINES.iter().any(|&line| line & !side == 0)
}

/// Plain minimax (negamax form) with a memo, from the side to move's point of view.
struct Minimax {
    memo: HashMap<(u16, u16), GameValue>,
}

impl Minimax {
    /// The value for the side holding `mover`, to move, against `other`.
    fn value(&mut self, mover: u16, other: u16) -> GameValue {
        if has_line(other) {
            return GameValue::Loss;
        }
        if mover | other == FULL {
            return GameValue::Draw;
        }
        if let Some(&value) = self.memo.get(&(mover, other)) {
            return value;
        }
        let best = cells_of(FULL & !(mover | other))
            .map(|cell| self.value(other, mover | (1 << cell)).flip())
            .max()
            .unwrap_or(GameValue::Draw);
        self.memo.insert((mover, other), best);
        best
    }
}

/// Every legal position with a move to make, as (side to move's cells, the other's), X moving first.
fn positions_in_play() -> Vec<(u16, u16)> {
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut stack = vec![(0u16, 0u16)];
    while let Some((x, o)) = stack.pop() {
        if !seen.insert((x, o)) || has_line(x) || has_line(o) || x | o == FULL {
            continue;
        }
        let x_to_move = x.count_ones() == o.count_ones();
        found.push(if x_to_move { (x, o) } else { (o, x) });
        for cell in cells_of(FULL & !(x | o)) {
            stack.push(if x_to_move {
                (x | 1 << cell, o)
            } else {
                (x, o | 1 << cell)
            });
        }
    }
    found
}

/// A position where the contract's Hard move lowers the game's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueLoss {
    /// The board, rows top to bottom, e.g. `..X X.O ...`.
    pub board: String,
    /// The mark to move, `X` or `O`.
    pub to_move: char,
    /// The cell Hard took.
    pub played: u8,
    /// The position's value for the side to move.
    pub value: GameValue,
    /// The value after Hard's move, for the same side.
    pub after: GameValue,
    /// The cells that keep the value.
    pub keeping: Vec<u8>,
}

/// The value proof's counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The contract checked.
    pub contract: String,
    /// Legal positions with a move to make (4,520).
    pub positions: u64,
    /// Positions by their value for the side to move: wins, draws, losses.
    pub by_value: [u64; 3],
    /// Drawn positions that Hard's move turns into a loss.
    pub drops: Vec<ValueLoss>,
    /// Won positions that Hard's move turns into a draw or a loss.
    pub slips: Vec<ValueLoss>,
}

/// The number of legal positions with a move to make.
pub const POSITIONS_IN_PLAY: u64 = 4_520;

impl ValueReport {
    /// True when Hard kept the value on every one of the 4,520 positions.
    pub fn passed(&self) -> bool {
        self.positions == POSITIONS_IN_PLAY && self.drops.is_empty() && self.slips.is_empty()
    }
}

/// Asks `previewCpuMove` at Hard, of `contract` (named `name` in the report), for every legal position with a
/// move to make, and compares the value after its move with the minimax value before it.
pub fn check_hard_value(
    chain: &mut Chain,
    contract: &SoloContract,
    name: &str,
    on_position: &mut dyn FnMut(u64, u64),
) -> Result<ValueReport, ProveError> {
    let positions = positions_in_play();
    let mut minimax = Minimax { memo: HashMap::new() };
    let mut report = ValueReport {
        contract: name.to_owned(),
        positions: positions.len() as u64,
        by_value: [0; 3],
        drops: Vec::new(),
        slips: Vec::new(),
    };
    for (done, &(mine, theirs)) in positions.iter().enumerate() {
        let value = minimax.value(mine, theirs);
        report.by_value[match value {
            GameValue::Win => 0,
            GameValue::Draw => 1,
            GameValue::Loss => 2,
        }] += 1;
        let played = contract
            .preview(chain, mine, theirs, Difficulty::Hard, U256::ZERO)
            .map(|o| o.value)
            .during(|| {
                format!(
                    "previewCpuMove({}, hard) on {name}",
                    board_rows(mine, theirs, mover_is_x(mine, theirs))
                )
            })?;
        let empty = FULL & !(mine | theirs);
        if played > 8 || empty & (1 << played) == 0 {
            return Err(ProveError::Contract(format!(
                "{name}'s Hard chose cell {played} on {}, which is not an empty cell",
                board_rows(mine, theirs, mover_is_x(mine, theirs))
            )));
        }
        let after = minimax.value(theirs, mine | (1 << played)).flip();
        if after < value {
            let keeping = cells_of(empty)
                .filter(|&cell| minimax.value(theirs, mine | (1 << cell)).flip() == value)
                .collect();
            let x = mover_is_x(mine, theirs);
            let loss = ValueLoss {
                board: board_rows(mine, theirs, x),
                to_move: if x { 'X' } else { 'O' },
                played,
                value,
                after,
                keeping,
            };
            if value == GameValue::Win {
                report.slips.push(loss);
            } else {
                report.drops.push(loss);
            }
        }
        on_position(done as u64 + 1, report.positions);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimax_knows_the_game() {
        let positions = positions_in_play();
        assert_eq!(positions.len() as u64, POSITIONS_IN_PLAY);
        let mut minimax = Minimax { memo: HashMap::new() };
        assert_eq!(minimax.value(0, 0), GameValue::Draw);
        // X on 0 and 4, O on 1 and 8, X to move: a fork at 6 wins.
        assert_eq!(minimax.value((1 << 0) | (1 << 4), (1 << 1) | (1 << 8)), GameValue::Win);
        // O answered a corner with an adjacent side: X wins by force.
        assert_eq!(minimax.value(1 << 0, 1 << 1), GameValue::Win);
        // O to move after X's corner: only the centre holds the draw.
        let holding: Vec<u8> = cells_of(FULL & !1)
            .filter(|&c| minimax.value(1, 1 << c).flip() == GameValue::Draw)
            .collect();
        assert_eq!(holding, [4]);
        let mut by_value = [0u32; 3];
        for &(mine, theirs) in &positions {
            by_value[minimax.value(mine, theirs) as usize] += 1;
        }
        // Loss, draw, win for the side to move over the positions in play (the engine's solver counts the same
        // 1,574 / 1,068 / 2,836 over all 5,478 legal positions, of which the 958 finished ones are losses or
        // draws: 942 won games and 16 full boards).
        assert_eq!(by_value, [1_574 - 942, 1_068 - 16, 2_836]);
    }
}
