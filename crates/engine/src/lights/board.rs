//! The lights of one board, and what a press does to them.

use core::fmt;

use super::bitboard::Bitboard;
use super::cell::Cell;
use super::size::Size;

/// A board of a given [`Size`] and the set of its lit cells.
///
/// ```text
///  1 1 0 0 0      size 5×5
///  1 0 0 0 0      lit  = cells 0, 1, 5 = 0x23
///  0 0 0 0 0
///  0 0 0 0 0      one press on cell 0 turns them all off
///  0 0 0 0 0
/// ```
///
/// The lit cells always lie on the board: [`Board::new`] refuses any others and a press only toggles cells of
/// the board. Displayed as rows of `0` (off) and `1` (on), the form [`Board::parse`] reads.
///
/// ```
/// use marubatsu_engine::lights::{Board, Cell, Size};
///
/// let corner = Cell::new(0).unwrap();
/// let board = Board::dark(Size::Five).press(corner).unwrap();
/// assert_eq!(board.lit().bits(), 0x23);
/// assert_eq!(board.to_string(), "11000\n10000\n00000\n00000\n00000");
/// assert!(board.press(corner).unwrap().is_dark());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: Size,
    lit: Bitboard,
}

impl Board {
    /// The board of this size with every light off: the solved board.
    pub const fn dark(size: Size) -> Board {
        Board {
            size,
            lit: Bitboard::EMPTY,
        }
    }

    /// The board of this size with every light on.
    pub const fn all_lit(size: Size) -> Board {
        Board { size, lit: size.full() }
    }

    /// The board with these lights on, or `None` if a lit cell is not on a board of this size.
    pub const fn new(size: Size, lit: Bitboard) -> Option<Board> {
        if lit.is_subset(size.full()) {
            Some(Board { size, lit })
        } else {
            None
        }
    }

    /// The size of the board.
    pub const fn size(self) -> Size {
        self.size
    }

    /// The cells whose lights are on.
    pub const fn lit(self) -> Bitboard {
        self.lit
    }

    /// Whether the light of `cell` is on (never for a cell off the board).
    pub const fn is_lit(self, cell: Cell) -> bool {
        self.lit.contains(cell)
    }

    /// Whether every light is off, which is the goal.
    pub const fn is_dark(self) -> bool {
        self.lit.is_empty()
    }

    /// The board after pressing `cell`: it and its orthogonal neighbours toggle. `None` if the cell is not on
    /// the board. Pressing the same cell twice gives the board back.
    pub const fn press(self, cell: Cell) -> Option<Board> {
        if self.size.contains(cell) {
            Some(self.toggled(self.size.cross(cell)))
        } else {
            None
        }
    }

    /// The board after pressing every cell of `presses` once, in any order (presses commute). `None` if one of
    /// them is not on the board.
    pub const fn press_all(self, presses: Bitboard) -> Option<Board> {
        if !presses.is_subset(self.size.full()) {
            return None;
        }
        let mut board = self;
        let mut rest = presses;
        while let Some(cell) = rest.first() {
            board = board.toggled(self.size.cross(cell));
            rest = rest.without(cell);
        }
        Some(board)
    }

    /// The board with the lights of `cells` toggled; callers pass cells of the board only.
    const fn toggled(self, cells: Bitboard) -> Board {
        Board {
            size: self.size,
            lit: self.lit.xor(cells),
        }
    }
}

/// Writes `set` on a board of `size` as rows of `0` and `1`, top row first, without a final newline.
pub(super) fn write_rows(f: &mut fmt::Formatter<'_>, size: Size, set: Bitboard) -> fmt::Result {
    for row in 0..size.side() {
        if row > 0 {
            f.write_str("\n")?;
        }
        for column in 0..size.side() {
            let on = size.cell(row, column).is_some_and(|cell| set.contains(cell));
            f.write_str(if on { "1" } else { "0" })?;
        }
    }
    Ok(())
}

/// Rows of `0` (off) and `1` (on), top row first, one line each, no final newline.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, self.size, self.lit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::test_util::{SplitMix64, cell, random_board};

    #[test]
    fn new_refuses_lights_off_the_board() {
        for size in Size::ALL {
            assert_eq!(Board::new(size, size.full()), Some(Board::all_lit(size)));
            assert_eq!(Board::new(size, Bitboard::EMPTY), Some(Board::dark(size)));
            for index in size.cells()..49 {
                assert_eq!(Board::new(size, Bitboard::single(cell(index))), None);
            }
        }
    }

    #[test]
    fn pressing_twice_is_the_identity() {
        let mut rng = SplitMix64::new(7);
        for size in Size::ALL {
            for _ in 0..50 {
                let board = random_board(&mut rng, size);
                for index in 0..size.cells() {
                    let c = cell(index);
                    let once = board.press(c);
                    assert_ne!(once, Some(board));
                    assert_eq!(once.and_then(|b| b.press(c)), Some(board), "{size} {c}");
                }
            }
        }
    }

    #[test]
    fn press_toggles_the_cross_and_refuses_cells_off_the_board() {
        for size in Size::ALL {
            let board = Board::all_lit(size);
            for index in 0..49 {
                let c = cell(index);
                let pressed = board.press(c);
                if size.contains(c) {
                    let expected = size.full().xor(size.cross(c));
                    assert_eq!(pressed.map(Board::lit), Some(expected));
                    assert!(pressed.is_some_and(|b| !b.is_lit(c)));
                } else {
                    assert_eq!(pressed, None);
                }
            }
        }
    }

    #[test]
    fn press_all_is_the_presses_one_by_one_in_any_order() {
        let mut rng = SplitMix64::new(99);
        for size in Size::ALL {
            for _ in 0..100 {
                let board = random_board(&mut rng, size);
                let presses = random_board(&mut rng, size).lit();
                let forward = presses
                    .iter()
                    .try_fold(board, |b, c| b.press(c))
                    .unwrap_or_else(|| panic!("cells of the board"));
                let mut descending: Vec<Cell> = presses.iter().collect();
                descending.reverse();
                let backward = descending
                    .into_iter()
                    .try_fold(board, |b, c| b.press(c))
                    .unwrap_or_else(|| panic!("cells of the board"));
                assert_eq!(board.press_all(presses), Some(forward));
                assert_eq!(forward, backward);
            }
            assert_eq!(
                Board::dark(size).press_all(Bitboard::single(cell(48)).with(cell(0))),
                (size == Size::Seven).then(|| {
                    Board::dark(size)
                        .toggled(size.cross(cell(0)))
                        .toggled(size.cross(cell(48)))
                })
            );
        }
    }

    #[test]
    fn display_draws_rows_of_zeros_and_ones() {
        let Some(board) = Board::dark(Size::Six).press(cell(7)) else {
            panic!("7 is on 6×6")
        };
        assert_eq!(board.to_string(), "010000\n111000\n010000\n000000\n000000\n000000");
        assert!(
            Board::all_lit(Size::Seven)
                .to_string()
                .split('\n')
                .all(|row| row == "1111111")
        );
    }
}
