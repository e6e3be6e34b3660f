//! Two players on one device, off chain and stateless: the page keeps the list of cells played and sends it;
//! the engine replays it.

use axum::Json;
use marubatsu_engine::rules::{OnRefusal, Refusal, Rules, fold};
use marubatsu_engine::tictactoe::{Bitboard, Cell, MoveError, Outcome, Position, Side, TicTacToe};
use serde::{Deserialize, Serialize};

use super::view::HotSeatView;
use crate::api::{ApiError, JsonBody};
use crate::lang::Lang;
use crate::protocol::{self, Envelope, RefusalView};
use crate::words::Words;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HotSeatRequest"))]
pub(super) struct HotSeat {
    moves: Vec<u8>,
}

/// The hot seat's own field beside the [`Envelope`].
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HotSeatPlayed"))]
pub(super) struct Played {
    /// How many of the moves sent were played (all, unless one was refused).
    played: usize,
}

/// Why a move sent was not played: not a cell at all, or refused by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refused {
    NotACell(u8),
    Move(MoveError),
}

impl Refusal for Refused {
    fn code(&self) -> &'static str {
        match self {
            Refused::NotACell(_) => "not_a_cell",
            Refused::Move(error) => error.code(),
        }
    }
}

pub(super) async fn hot_seat(
    lang: Lang,
    JsonBody(request): JsonBody<HotSeat>,
) -> Result<Json<Envelope<HotSeatView, Played>>, ApiError> {
    protocol::check_length(lang, request.moves.len())?;
    let folded = fold(Position::empty(), request.moves, OnRefusal::Stop, |position, index| {
        let Some(cell) = Cell::new(index) else {
            return Err((position, Refused::NotACell(index)));
        };
        TicTacToe::transition(position, &cell).map_err(|(back, error)| (back, Refused::Move(error)))
    });
    let position = folded.state;
    let outcome = position.outcome();
    let winner = match outcome {
        Some(Outcome::Win(side)) => Some(side),
        _ => None,
    };
    let refusal = folded
        .refused
        .map(|(at, refused)| RefusalView::said(&refused, words(at + 1, refused), lang));
    Ok(Json(Envelope {
        accepted: refusal.is_none(),
        refusal,
        state: HotSeatView {
            cells: (0..9u8)
                .map(|i| {
                    let c = Cell::new(i)?;
                    if position.x().contains(c) {
                        Some("X")
                    } else if position.o().contains(c) {
                        Some("O")
                    } else {
                        None
                    }
                })
                .collect(),
            to_move: outcome.is_none().then(|| mark(position.side_to_move())),
            winner: winner.map(mark),
            draw: outcome == Some(Outcome::Draw),
            line: winner.and_then(|side| winning_line(position.board(side))),
        },
        log: None,
        extra: Played {
            played: folded.accepted,
        },
    }))
}

/// Why move number `at` (counting from one) was refused, in the player's words.
fn words(at: usize, refused: Refused) -> Words {
    match refused {
        Refused::NotACell(index) => Words::new("tictactoe.hotseat.notACell")
            .arg("at", at)
            .arg("index", index),
        Refused::Move(MoveError::CellTaken { cell }) => Words::new("tictactoe.hotseat.cellTaken")
            .arg("at", at)
            .arg("cell", cell),
        // The engine's outcome (`X won`, `draw`) is English; the Japanese sentence does without it.
        Refused::Move(MoveError::GameOver { outcome }) => Words::new("tictactoe.hotseat.gameOver")
            .arg("at", at)
            .arg("outcome", outcome),
    }
}

const fn mark(side: Side) -> &'static str {
    match side {
        Side::X => "X",
        Side::O => "O",
    }
}

/// The first of the engine's lines that `stones` hold, as three cell indices.
pub(super) fn winning_line(stones: Bitboard) -> Option<[u8; 3]> {
    let line = Bitboard::LINES
        .into_iter()
        .find(|line| line.intersect(stones) == *line)?;
    let mut cells = line.iter().map(Cell::index);
    Some([cells.next()?, cells.next()?, cells.next()?])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English sentence is the engine's own refusal after the move's number, as it was before the catalog.
    #[test]
    fn a_refused_move_is_said_by_its_number_in_both_languages() {
        let taken = MoveError::CellTaken {
            cell: Cell::new(4).unwrap_or_else(|| panic!("cell 4")),
        };
        let over = MoveError::GameOver {
            outcome: Outcome::Win(Side::X),
        };
        for error in [taken, over] {
            assert_eq!(
                words(3, Refused::Move(error)).in_lang(Lang::En),
                format!("move 3: {error}")
            );
        }
        assert_eq!(
            words(3, Refused::Move(taken)).in_lang(Lang::Ja),
            "3手目：マス 4 はもう埋まっています"
        );
        assert_eq!(
            words(6, Refused::Move(over)).in_lang(Lang::Ja),
            "6手目：対局はもう終わっています"
        );
        assert_eq!(
            words(1, Refused::NotACell(9)).in_lang(Lang::En),
            "move 1: 9 is not a cell (0 to 8)"
        );
        assert_eq!(
            words(1, Refused::NotACell(9)).in_lang(Lang::Ja),
            "1手目：9 はマスではありません（0〜8）"
        );
    }

    #[test]
    fn winning_lines_are_read_from_the_engine() {
        let diagonal = Bitboard::from_bits(0b1_0001_0001 | 0b10).unwrap_or(Bitboard::EMPTY);
        assert_eq!(winning_line(diagonal), Some([0, 4, 8]));
        assert_eq!(winning_line(Bitboard::from_bits(0b11).unwrap_or(Bitboard::EMPTY)), None);
    }
}
