//! What the cross light page draws: the levels, and the game after the log is replayed.

use marubatsu_engine::lights::{Cell, Level, LightsState, Size, solve};
use serde::Serialize;

use super::Play;

/// A level as the engine defines it, so the page draws scrambles of the right size without a copy of the table.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LightsLevel"))]
pub(super) struct LevelView {
    #[cfg_attr(test, ts(as = "marubatsu_engine::lights::Level"))]
    name: &'static str,
    side: u8,
    scramble_presses: u8,
}

impl LevelView {
    pub(super) fn of(level: Level) -> LevelView {
        LevelView {
            name: level.name(),
            side: level.size().side(),
            scramble_presses: level.scramble_presses(),
        }
    }
}

/// What the page draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LightsView"))]
pub(super) struct GameView {
    #[cfg_attr(test, ts(as = "marubatsu_engine::lights::Level"))]
    level: &'static str,
    side: u8,
    /// One entry per cell, row by row: whether its light is on.
    lit: Vec<bool>,
    moves: usize,
    /// The fewest presses that solve the current board.
    par: u8,
    /// The fewest presses that solved the puzzle at its start: the score to beat.
    start_par: u8,
    hint: Option<CellView>,
    solved: bool,
    can_undo: bool,
    started_at_ms: u64,
    solved_at_ms: Option<u64>,
    /// When the player's clock started: their first press since the puzzle was drawn or restarted.
    clock_from_ms: Option<u64>,
    /// Hints shown for this puzzle: a solve with any is hint-assisted.
    hints: u32,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LightsCell"))]
pub(super) struct CellView {
    index: u8,
    /// From 1, as the page says it.
    row: u8,
    column: u8,
}

impl GameView {
    pub(super) fn of(game: &LightsState, play: &Play) -> GameView {
        let board = game.board();
        let size = board.size();
        GameView {
            level: game.level().name(),
            side: size.side(),
            lit: (0..size.cells())
                .map(|index| size.cell_at_index(index).is_some_and(|c| board.is_lit(c)))
                .collect(),
            moves: game.moves(),
            par: game.par(),
            start_par: solve(game.initial()).map_or(0, |s| s.par()),
            hint: game.hint().map(|cell| cell_view(size, cell)),
            solved: game.is_solved(),
            can_undo: game.moves() > 0 && !game.is_solved(),
            started_at_ms: game.started_at_ms(),
            solved_at_ms: game.solved_at_ms(),
            clock_from_ms: play.first_press_at_ms,
            hints: play.hints,
        }
    }
}

fn cell_view(size: Size, cell: Cell) -> CellView {
    CellView {
        index: cell.index(),
        row: size.row(cell) + 1,
        column: size.column(cell) + 1,
    }
}
