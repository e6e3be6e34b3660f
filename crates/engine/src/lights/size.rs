//! The three board sizes and their geometry: rows, columns and the cross a press toggles.

use core::fmt;

use super::bitboard::Bitboard;
use super::cell::Cell;

/// The side of a supported board: 5×5, 6×6 or 7×7. The number is the side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Size {
    /// 5×5, 25 cells.
    Five = 5,
    /// 6×6, 36 cells.
    Six = 6,
    /// 7×7, 49 cells.
    Seven = 7,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Five, Size::Six, Size::Seven];

    /// The size with this side, or `None` unless `side` is 5, 6 or 7.
    pub const fn from_side(side: u8) -> Option<Size> {
        match side {
            5 => Some(Size::Five),
            6 => Some(Size::Six),
            7 => Some(Size::Seven),
            _ => None,
        }
    }

    /// The number of rows, which is also the number of columns.
    pub const fn side(self) -> u8 {
        self as u8
    }

    /// The number of cells: 25, 36 or 49.
    pub const fn cells(self) -> u8 {
        self.side() * self.side()
    }

    /// Every cell of a board of this size.
    pub const fn full(self) -> Bitboard {
        Bitboard::from_low_bits((1 << self.cells()) - 1)
    }

    /// Whether `cell` lies on a board of this size.
    pub const fn contains(self, cell: Cell) -> bool {
        cell.index() < self.cells()
    }

    /// The cell with this index on a board of this size, or `None` if the board has no such cell.
    pub const fn cell_at_index(self, index: u8) -> Option<Cell> {
        if index < self.cells() { Cell::new(index) } else { None }
    }

    /// The cell at `row` and `column` (both from 0, top left), or `None` off the board.
    ///
    /// ```
    /// use marubatsu_engine::lights::Size;
    ///
    /// assert_eq!(Size::Five.cell(1, 2).map(|c| c.index()), Some(7));
    /// assert_eq!(Size::Seven.cell(1, 2).map(|c| c.index()), Some(9));
    /// assert_eq!(Size::Five.cell(0, 5), None);
    /// ```
    pub const fn cell(self, row: u8, column: u8) -> Option<Cell> {
        if row < self.side() && column < self.side() {
            Cell::new(row * self.side() + column)
        } else {
            None
        }
    }

    /// The row of `cell` on this board, from 0 at the top. Meaningful when the size [contains](Size::contains)
    /// the cell.
    pub const fn row(self, cell: Cell) -> u8 {
        cell.index() / self.side()
    }

    /// The column of `cell` on this board, from 0 at the left. Meaningful when the size
    /// [contains](Size::contains) the cell.
    pub const fn column(self, cell: Cell) -> u8 {
        cell.index() % self.side()
    }

    /// The cells a press on `cell` toggles: the cell and its orthogonal neighbours that lie on the board. Empty
    /// when the cell is not on the board.
    ///
    /// ```text
    ///  corner 0     edge 2       centre 12
    ///  X X . . .    . X X X .    . . . . .
    ///  X . . . .    . . X . .    . . X . .
    ///  . . . . .    . . . . .    . X X X .
    ///  . . . . .    . . . . .    . . X . .
    ///  . . . . .    . . . . .    . . . . .
    /// ```
    ///
    /// ```
    /// use marubatsu_engine::lights::{Cell, Size};
    ///
    /// let corner = Cell::new(0).unwrap();
    /// assert_eq!(Size::Five.cross(corner).bits(), 0b10_0011); // cells 0, 1, 5
    /// assert_eq!(Size::Five.cross(Cell::new(25).unwrap()).len(), 0);
    /// ```
    pub const fn cross(self, cell: Cell) -> Bitboard {
        if !self.contains(cell) {
            return Bitboard::EMPTY;
        }
        let side = self.side();
        let (row, column) = (self.row(cell), self.column(cell));
        let i = cell.index();
        let mut bits = 1u64 << i;
        if row > 0 {
            bits |= 1 << (i - side);
        }
        if row + 1 < side {
            bits |= 1 << (i + side);
        }
        if column > 0 {
            bits |= 1 << (i - 1);
        }
        if column + 1 < side {
            bits |= 1 << (i + 1);
        }
        Bitboard::from_low_bits(bits)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side();
        write!(f, "{side}×{side}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::test_util::cell;

    #[test]
    fn sides_and_cell_counts() {
        let sides: Vec<(u8, u8)> = Size::ALL.iter().map(|s| (s.side(), s.cells())).collect();
        assert_eq!(sides, [(5, 25), (6, 36), (7, 49)]);
        for side in 0..=u8::MAX {
            assert_eq!(
                Size::from_side(side).map(Size::side),
                (5..=7).contains(&side).then_some(side)
            );
        }
        for size in Size::ALL {
            assert_eq!(size.full().len(), size.cells());
            assert_eq!(size.to_string(), format!("{0}×{0}", size.side()));
        }
    }

    #[test]
    fn cells_by_row_and_column_round_trip() {
        for size in Size::ALL {
            for row in 0..size.side() {
                for column in 0..size.side() {
                    let Some(c) = size.cell(row, column) else {
                        panic!("{size}: ({row}, {column}) is on the board")
                    };
                    assert!(size.contains(c));
                    assert_eq!((size.row(c), size.column(c)), (row, column));
                    assert_eq!(size.cell_at_index(c.index()), Some(c));
                }
                assert_eq!(size.cell(row, size.side()), None);
                assert_eq!(size.cell(size.side(), row), None);
            }
            assert_eq!(size.cell_at_index(size.cells()), None);
        }
    }

    /// The cross by the book's `affected`: five candidates, those off the board dropped.
    fn naive_cross(size: Size, row: i32, column: i32) -> Bitboard {
        let side = i32::from(size.side());
        [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .map(|(dr, dc)| (row + dr, column + dc))
            .filter(|&(r, c)| (0..side).contains(&r) && (0..side).contains(&c))
            .map(|(r, c)| {
                let Ok(index) = u8::try_from(r * side + c) else {
                    panic!("index below 49")
                };
                cell(index)
            })
            .collect()
    }

    #[test]
    fn cross_matches_the_book_on_every_cell() {
        for size in Size::ALL {
            let (mut corners, mut edges, mut inner) = (0, 0, 0);
            for index in 0..size.cells() {
                let c = cell(index);
                let (row, column) = (i32::from(size.row(c)), i32::from(size.column(c)));
                let cross = size.cross(c);
                assert_eq!(cross, naive_cross(size, row, column), "{size} cell {c}");
                assert!(cross.contains(c) && cross.is_subset(size.full()));
                match cross.len() {
                    3 => corners += 1,
                    4 => edges += 1,
                    5 => inner += 1,
                    n => panic!("{size} cell {c} toggles {n} cells"),
                }
            }
            let side = i32::from(size.side());
            assert_eq!((corners, edges, inner), (4, 4 * (side - 2), (side - 2) * (side - 2)));
            for index in size.cells()..49 {
                assert_eq!(size.cross(cell(index)), Bitboard::EMPTY);
            }
        }
    }
}
