//! A set of cells packed into the low 49 bits of a `u64`.

use super::cell::{Cell, MAX_CELLS};

/// A set of cells: bit `i` is cell `i`. It holds lit lights on a [`Board`](super::Board), or the cells pressed
/// by a [`Solution`](super::Solution).
///
/// ```text
///  5×5 board        bits (cell i is bit i)
///  1 1 0 0 0        0x0000_0003  cells 0, 1
///  1 0 0 0 0        0x0000_0020  cell 5
///  0 0 0 0 0
///  0 0 0 0 0
///  0 0 0 0 0        together 0x23
/// ```
///
/// Bits 49 to 63 are always zero: [`Bitboard::from_bits`] refuses them and every operation keeps them clear, so
/// `bits()` can be stored or compared as it is. The set knows nothing of a board's size;
/// [`Size::full`](super::Size::full) is the set of cells a size has.
///
/// ```
/// use marubatsu_engine::lights::{Bitboard, Cell};
///
/// let corner = Cell::new(0).unwrap();
/// let set = Bitboard::from_bits(0x23).unwrap();
/// assert!(set.contains(corner));
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.without(corner).bits(), 0x22);
/// assert_eq!(set.toggle(corner), set.without(corner));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bitboard(u64);

/// The 49 bits a cell can have.
const CELL_BITS: u64 = (1 << MAX_CELLS) - 1;

impl Bitboard {
    /// No cells.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set with these bits, or `None` if any bit above bit 48 is set.
    pub const fn from_bits(bits: u64) -> Option<Bitboard> {
        if bits & !CELL_BITS == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The set with the low 49 of these bits; the rest are dropped. For callers that only set low bits.
    pub(super) const fn from_low_bits(bits: u64) -> Bitboard {
        Bitboard(bits & CELL_BITS)
    }

    /// The raw bits; only the low 49 can be set.
    pub const fn bits(self) -> u64 {
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

    /// This set with `cell` added if it was absent and removed if it was present.
    #[must_use]
    pub const fn toggle(self, cell: Cell) -> Bitboard {
        Bitboard(self.0 ^ Bitboard::single(cell).0)
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

    /// Cells in exactly one of the sets: addition over GF(2), which is what pressing does to the lights.
    #[must_use]
    pub const fn xor(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ other.0)
    }

    /// Whether every cell of `self` is in `other`.
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the set has no cells.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells in the set, `0..=49`.
    pub const fn len(self) -> u8 {
        // At most 49 bits are set, so the count always fits.
        self.0.count_ones() as u8
    }

    /// Whether the set and `other` share an odd number of cells: the GF(2) dot product of the two as vectors.
    pub const fn odd_overlap(self, other: Bitboard) -> bool {
        (self.0 & other.0).count_ones() & 1 == 1
    }

    /// The lowest cell in the set.
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            // trailing_zeros of a non-zero value with only the low 49 bits set is below 49.
            Cell::new(self.0.trailing_zeros() as u8)
        }
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
    use crate::lights::test_util::{RandomSource, SplitMix64, cell};

    fn set(indices: &[u8]) -> Bitboard {
        indices.iter().map(|&i| cell(i)).collect()
    }

    #[test]
    fn from_bits_refuses_bits_above_48() {
        assert_eq!(Bitboard::from_bits(0), Some(Bitboard::EMPTY));
        assert_eq!(Bitboard::from_bits((1 << 49) - 1).map(Bitboard::len), Some(49));
        for bit in 49..64 {
            assert_eq!(Bitboard::from_bits(1 << bit), None, "bit {bit}");
        }
        assert_eq!(Bitboard::from_bits(u64::MAX), None);
        assert_eq!(Bitboard::from_low_bits(u64::MAX).len(), 49);
    }

    #[test]
    fn set_operations() {
        let a = set(&[0, 1, 48]);
        let b = set(&[1, 7]);
        assert_eq!(a.union(b), set(&[0, 1, 7, 48]));
        assert_eq!(a.intersect(b), set(&[1]));
        assert_eq!(a.xor(b), set(&[0, 7, 48]));
        assert!(set(&[1]).is_subset(a) && !b.is_subset(a));
        assert!(a.odd_overlap(b) && !a.odd_overlap(set(&[0, 1])));
        assert_eq!(a.len(), 3);
        assert!(Bitboard::EMPTY.is_empty() && !a.is_empty());
        assert!(a.contains(cell(48)) && !a.without(cell(48)).contains(cell(48)));
        assert_eq!(a.toggle(cell(7)), a.with(cell(7)));
        assert_eq!(a.toggle(cell(0)), a.without(cell(0)));
        assert_eq!(Bitboard::single(cell(48)).bits(), 1 << 48);
        assert_eq!(a.first(), Some(cell(0)));
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn cells_iterate_ascending_and_round_trip() {
        let mut rng = SplitMix64::new(0xB17B0A2D);
        for _ in 0..2_000 {
            let Some(set) = Bitboard::from_bits(rng.next_u64() & ((1 << 49) - 1)) else {
                panic!("masked to 49 bits")
            };
            let cells: Vec<Cell> = set.iter().collect();
            assert_eq!(cells.len(), usize::from(set.len()));
            assert_eq!(set.iter().len(), cells.len());
            assert!(cells.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(cells.iter().copied().collect::<Bitboard>(), set);
            assert_eq!(set.into_iter().next(), set.first());
        }
    }
}
