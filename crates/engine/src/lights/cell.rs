//! One cell of a cross light board, by its row-major index.

use core::fmt;

/// The largest number of cells on a supported board: 7×7.
pub(super) const MAX_CELLS: u8 = 49;

/// One cell, numbered row-major from the top left as the book's page numbers its buttons.
///
/// ```text
///  5×5:   0  1  2  3  4        7×7:   0  1  2  3  4  5  6
///         5  6  7  8  9               7  8  9 10 11 12 13
///        10 11 12 13 14              ...
///        15 16 17 18 19              42 43 44 45 46 47 48
///        20 21 22 23 24
/// ```
///
/// A `Cell` is always below 49, so it fits every [`Bitboard`](super::Bitboard); whether it lies on a given board
/// depends on the board's [`Size`](super::Size), which [`Size::contains`](super::Size::contains) tells. Rows and
/// columns depend on the size too: see [`Size::row`](super::Size::row) and [`Size::cell`](super::Size::cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this index, or `None` if `index` is 49 or more.
    ///
    /// ```
    /// use marubatsu_engine::lights::Cell;
    ///
    /// assert_eq!(Cell::new(48).map(Cell::index), Some(48));
    /// assert_eq!(Cell::new(49), None);
    /// ```
    pub const fn new(index: u8) -> Option<Cell> {
        if index < MAX_CELLS { Some(Cell(index)) } else { None }
    }

    /// The index of the cell, `0..49`.
    pub const fn index(self) -> u8 {
        self.0
    }
}

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
    fn new_accepts_exactly_the_49_cells() {
        for index in 0..=u8::MAX {
            let cell = Cell::new(index);
            assert_eq!(cell.is_some(), index < 49, "index {index}");
            assert_eq!(cell.map(Cell::index), (index < 49).then_some(index));
        }
    }

    #[test]
    fn display_and_conversion_give_the_index() {
        let Some(cell) = Cell::new(17) else {
            panic!("17 is a cell")
        };
        assert_eq!(cell.to_string(), "17");
        assert_eq!(u8::from(cell), 17);
    }
}
