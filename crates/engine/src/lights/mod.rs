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
//! - [`solve`], [`hint`], [`Solution`]: the exact minimum by Gaussian elimination over GF(2); [`rank`],
//!   [`nullity`], [`null_space`], [`is_solvable`] describe the press matrix.
//! - [`Level`]: the seed's three levels.
//! - [`Board::parse`], [`solve_text`], [`ParseError`]: boards typed as rows of `0` and `1`.

mod bitboard;
mod board;
mod cell;
mod level;
mod parse;
mod size;
mod solver;
#[cfg(test)]
mod test_util;

pub use bitboard::{Bitboard, Cells};
pub use board::Board;
pub use cell::Cell;
pub use level::Level;
pub use parse::{ParseError, solve_text};
pub use size::Size;
pub use solver::{Solution, hint, is_solvable, null_space, nullity, rank, solve};
