//! Helpers shared by the tests of the lights module: draws from the engine's generator, and shorthands.

use super::bitboard::Bitboard;
use super::board::Board;
use super::cell::Cell;
use super::size::Size;

pub(crate) use crate::random::{RandomSource, SplitMix64};

/// `count` distinct cell indices of a board of `size`, in the order drawn, as the book's page draws a scramble.
pub(crate) fn distinct_cells(rng: &mut SplitMix64, size: Size, count: u8) -> Vec<u8> {
    let mut drawn = Vec::new();
    while drawn.len() < usize::from(count) {
        let Ok(index) = u8::try_from(rng.below_u64(u64::from(size.cells()))) else {
            panic!("below 49")
        };
        if !drawn.contains(&index) {
            drawn.push(index);
        }
    }
    drawn
}

/// A cell from its index; panics on a bad index, which only a broken test passes.
pub(crate) fn cell(index: u8) -> Cell {
    Cell::new(index).unwrap_or_else(|| panic!("test uses cell {index}"))
}

/// A board of `size` with each light on with probability one half.
pub(crate) fn random_board(rng: &mut SplitMix64, size: Size) -> Board {
    let lit = Bitboard::from_low_bits(rng.next_u64()).intersect(size.full());
    Board::new(size, lit).unwrap_or_else(|| panic!("lights within {size}"))
}
