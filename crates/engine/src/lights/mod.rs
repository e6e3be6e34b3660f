//! Cross light (Lights Out): pressing a cell toggles it and its orthogonal neighbours; the goal is to turn every
//! light off.
//!
//! ```text
//!  before        press 12       after
//!  0 0 0 0 0                    0 0 0 0 0
//!  0 0 1 0 0     . . . . .      0 0 0 0 0
//!  0 1 1 1 0     . . X . .      0 0 0 0 0
//!  0 0 1 0 0     . X X X .      0 0 0 0 0
//!  0 0 0 0 0     . . X . .      0 0 0 0 0
//! ```
//!
//! - [`Cell`], [`Bitboard`], [`Size`], [`Board`]: the vocabulary; [`Board::press`] is the rule.
//! - [`Level`]: the seed's three levels.

mod bitboard;
mod board;
mod cell;
mod level;
mod size;
#[cfg(test)]
mod test_util;

pub use bitboard::{Bitboard, Cells};
pub use board::Board;
pub use cell::Cell;
pub use level::Level;
pub use size::Size;
