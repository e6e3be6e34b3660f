//! Two players on one device, off chain and stateless: the page keeps the list of cells played and sends it;
//! the engine replays it.

use axum::Json;
use marubatsu_engine::tictactoe::{Bitboard, Cell, Outcome, Position, Side};
use serde::Deserialize;

use super::view::HotSeatView;
use crate::api::JsonBody;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HotSeat {
    moves: Vec<u8>,
}

pub(super) async fn hot_seat(JsonBody(request): JsonBody<HotSeat>) -> Json<HotSeatView> {
    let mut position = Position::empty();
    let mut played = 0;
    let mut rejected = None;
    for &index in &request.moves {
        let next = Cell::new(index)
            .ok_or_else(|| format!("{index} is not a cell (0 to 8)"))
            .and_then(|cell| position.play(cell).map_err(|err| err.to_string()));
        match next {
            Ok(next) => {
                position = next;
                played += 1;
            }
            Err(reason) => {
                rejected = Some(format!("move {}: {reason}", played + 1));
                break;
            }
        }
    }
    let outcome = position.outcome();
    let winner = match outcome {
        Some(Outcome::Win(side)) => Some(side),
        _ => None,
    };
    Json(HotSeatView {
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
        played,
        rejected,
    })
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

    #[test]
    fn winning_lines_are_read_from_the_engine() {
        let diagonal = Bitboard::from_bits(0b1_0001_0001 | 0b10).unwrap_or(Bitboard::EMPTY);
        assert_eq!(winning_line(diagonal), Some([0, 4, 8]));
        assert_eq!(winning_line(Bitboard::from_bits(0b11).unwrap_or(Bitboard::EMPTY)), None);
    }
}
