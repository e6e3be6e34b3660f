//! A set of cells packed into the low nine bits of a `u16`.

use super::cell::Cell;

/// A set of cells: bit `i` is cell `i`.
///
/// ```text
///  board            bit values
///  0 | 1 | 2        0x001 | 0x002 | 0x004
/// ---+---+---       ------+-------+------
///  3 | 4 | 5        0x008 | 0x010 | 0x020
/// ---+---+---       ------+-------+------
///  6 | 7 | 8        0x040 | 0x080 | 0x100
/// ```
///
/// Bits 9 to 15 are always zero: [`Bitboard::from_bits`] refuses them and every operation keeps them clear, so
/// `bits()` can be stored or compared as it is. This is the same layout as the contract's `uint16` masks.
///
/// ```
/// use marubatsu_engine::tictactoe::{Bitboard, Cell};
///
/// let centre = Cell::new(4).unwrap();
/// let diagonal = Bitboard::from_bits(0b1_0001_0001).unwrap(); // cells 0, 4, 8
/// assert!(diagonal.contains(centre));
/// assert!(diagonal.has_line());
/// assert!(!diagonal.without(centre).has_line());
/// assert_eq!(Bitboard::EMPTY.with(centre).bits(), 0x010);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bitboard(u16);

impl Bitboard {
    /// No cells.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// All nine cells.
    pub const FULL: Bitboard = Bitboard(0x1FF);

    /// The eight winning lines: three rows, three columns, two diagonals.
    ///
    /// ```text
    ///  rows      0x007  0x038  0x1C0     X X X | . . . | . . .
    ///                                    . . . | X X X | . . .
    ///                                    . . . | . . . | X X X
    ///
    ///  columns   0x049  0x092  0x124     X . . | . X . | . . X
    ///                                    X . . | . X . | . . X
    ///                                    X . . | . X . | . . X
    ///
    ///  diagonals 0x111  0x054            X . . | . . X
    ///                                    . X . | . X .
    ///                                    . . X | X . .
    /// ```
    pub const LINES: [Bitboard; 8] = [
        Bitboard(0x007),
        Bitboard(0x038),
        Bitboard(0x1C0),
        Bitboard(0x049),
        Bitboard(0x092),
        Bitboard(0x124),
        Bitboard(0x111),
        Bitboard(0x054),
    ];

    /// The set with these bits, or `None` if any bit above bit 8 is set.
    pub const fn from_bits(bits: u16) -> Option<Bitboard> {
        if bits & !Bitboard::FULL.0 == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The raw bits; only the low nine can be set.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding just `cell`.
    pub const fn single(cell: Cell) -> Bitboard {
        Bitboard(1 << cell.index())
    }

    /// This set plus `cell`.
    #[must_use]
    pub const fn with(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 | Bitboard::single(cell).0)
    }

    /// This set minus `cell`.
    #[must_use]
    pub const fn without(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 & !Bitboard::single(cell).0)
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & Bitboard::single(cell).0 != 0
    }

    /// Cells in either set.
    #[must_use]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Cells in both sets.
    #[must_use]
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// The cells of the board that are not in the set (never bits 9 to 15).
    #[must_use]
    pub const fn complement(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }

    /// Whether the set has no cells.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells in the set, `0..=9`.
    pub const fn len(self) -> u8 {
        // At most nine bits are set, so the count always fits.
        self.0.count_ones() as u8
    }

    /// The lowest cell in the set.
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            // trailing_zeros of a non-zero value with only the low nine bits set is below 9.
            Cell::new(self.0.trailing_zeros() as u8)
        }
    }

    /// Whether the set contains all three cells of at least one of the [`LINES`](Bitboard::LINES).
    pub const fn has_line(self) -> bool {
        let mut i = 0;
        while i < Bitboard::LINES.len() {
            let line = Bitboard::LINES[i].0;
            if self.0 & line == line {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The cells of the set in ascending order.
    pub const fn iter(self) -> Cells {
        Cells(self)
    }
}

crate::cell_set::ascending_members!(Bitboard, Cells, Cell);
crate::cell_set::set_operators!(Bitboard);

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive definition of a line, to check the hand-written masks against.
    fn naive_lines() -> Vec<[u8; 3]> {
        let mut lines = Vec::new();
        for r in 0..3 {
            lines.push([3 * r, 3 * r + 1, 3 * r + 2]);
        }
        for c in 0..3 {
            lines.push([c, c + 3, c + 6]);
        }
        lines.push([0, 4, 8]);
        lines.push([2, 4, 6]);
        lines
    }

    fn board(indices: &[u8]) -> Bitboard {
        indices.iter().filter_map(|&i| Cell::new(i)).collect()
    }

    #[test]
    fn lines_match_rows_columns_diagonals() {
        let expected: Vec<Bitboard> = naive_lines().iter().map(|l| board(l)).collect();
        assert_eq!(Bitboard::LINES.to_vec(), expected);
    }

    #[test]
    fn from_bits_refuses_high_bits() {
        assert_eq!(Bitboard::from_bits(0x1FF), Some(Bitboard::FULL));
        assert_eq!(Bitboard::from_bits(0), Some(Bitboard::EMPTY));
        assert_eq!(Bitboard::from_bits(0x200), None);
        assert_eq!(Bitboard::from_bits(0x8000), None);
        assert_eq!(Bitboard::from_bits(u16::MAX), None);
    }

    #[test]
    fn has_line_agrees_with_naive_check_on_every_set() {
        for bits in 0..=0x1FF {
            let Some(set) = Bitboard::from_bits(bits) else {
                panic!("{bits:#x} is within nine bits")
            };
            let naive = naive_lines()
                .iter()
                .any(|line| line.iter().all(|&i| bits & (1 << i) != 0));
            assert_eq!(set.has_line(), naive, "{bits:#011b}");
        }
    }

    #[test]
    fn set_operations() {
        let a = board(&[0, 1, 4]);
        let b = board(&[1, 8]);
        assert_eq!(a.union(b), board(&[0, 1, 4, 8]));
        assert_eq!(a.intersect(b), board(&[1]));
        assert_eq!(a.complement(), board(&[2, 3, 5, 6, 7, 8]));
        assert_eq!(Bitboard::EMPTY.complement(), Bitboard::FULL);
        assert_eq!(Bitboard::FULL.complement(), Bitboard::EMPTY);
        assert_eq!(a.len(), 3);
        assert!(Bitboard::EMPTY.is_empty() && !a.is_empty());
        let Some(four) = Cell::new(4) else {
            panic!("4 is a cell")
        };
        assert!(a.contains(four) && !a.without(four).contains(four));
        assert_eq!(a.without(four).with(four), a);
        assert_eq!(Bitboard::single(four).bits(), 0x010);
    }

    #[test]
    fn cells_iterate_ascending_and_round_trip() {
        for bits in 0..=0x1FF {
            let Some(set) = Bitboard::from_bits(bits) else {
                panic!("{bits:#x} is within nine bits")
            };
            let cells: Vec<Cell> = set.iter().collect();
            assert_eq!(cells.len(), usize::from(set.len()));
            assert!(cells.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(cells.iter().copied().collect::<Bitboard>(), set);
            assert_eq!(set.first(), cells.first().copied());
        }
    }
}
