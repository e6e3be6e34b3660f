//! One cell of the 3×3 board, and the order in which the CPU prefers cells.

use core::fmt;

/// One of the nine cells, numbered row-major from the top left:
///
/// ```text
///  0 | 1 | 2
/// ---+---+---
///  3 | 4 | 5
/// ---+---+---
///  6 | 7 | 8
/// ```
///
/// The only way to make a `Cell` from a number is [`Cell::new`], so a `Cell` is always in `0..=8` and every
/// function taking one can index with it freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, in ascending order.
    pub const ALL: [Cell; 9] = [
        Cell(0),
        Cell(1),
        Cell(2),
        Cell(3),
        Cell(4),
        Cell(5),
        Cell(6),
        Cell(7),
        Cell(8),
    ];

    /// The cell with this index, or `None` if `index` is 9 or more.
    ///
    /// ```
    /// use marubatsu_engine::tictactoe::Cell;
    ///
    /// assert_eq!(Cell::new(4).map(Cell::index), Some(4));
    /// assert_eq!(Cell::new(9), None);
    /// ```
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 9 { Some(Cell(index)) } else { None }
    }

    /// The index of the cell, `0..=8`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The row, `0..=2` from the top.
    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    /// The column, `0..=2` from the left.
    pub const fn column(self) -> u8 {
        self.0 % 3
    }
}

/// The CPU's tie-break: centre, then corners, then sides.
///
/// A cell is worth as much as the winning lines through it: the centre lies on 4 lines, a corner on 3, a side
/// on 2. Within a group the order is ascending, which is what the contract does too.
///
/// ```text
///  2nd | 6th | 3rd          0 | 1 | 2
/// -----+-----+-----        ---+---+---
///  7th | 1st | 8th    =     3 | 4 | 5
/// -----+-----+-----        ---+---+---
///  4th | 9th | 5th          6 | 7 | 8
/// ```
pub const PREFERRED_ORDER: [Cell; 9] = [
    Cell(4),
    Cell(0),
    Cell(2),
    Cell(6),
    Cell(8),
    Cell(1),
    Cell(3),
    Cell(5),
    Cell(7),
];

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Cell> for u8 {
    fn from(cell: Cell) -> u8 {
        cell.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_accepts_exactly_the_nine_cells() {
        for index in 0..=u8::MAX {
            assert_eq!(Cell::new(index).is_some(), index < 9, "index {index}");
        }
        for (i, cell) in Cell::ALL.iter().enumerate() {
            assert_eq!(usize::from(cell.index()), i);
            assert_eq!(Cell::new(cell.index()), Some(*cell));
        }
    }

    #[test]
    fn preferred_order_is_a_permutation_centre_corners_sides() {
        let indices: Vec<u8> = PREFERRED_ORDER.iter().map(|c| c.index()).collect();
        assert_eq!(indices, [4, 0, 2, 6, 8, 1, 3, 5, 7]);
        let mut sorted = PREFERRED_ORDER;
        sorted.sort();
        assert_eq!(sorted, Cell::ALL);
    }

    #[test]
    fn row_column_and_display() {
        let Some(cell) = Cell::new(7) else {
            panic!("7 is a cell")
        };
        assert_eq!((cell.row(), cell.column()), (2, 1));
        assert_eq!(cell.to_string(), "7");
        assert_eq!(u8::from(cell), 7);
    }
}
