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
//! - [`Level`], [`LightsState`], [`LightsEvent`], [`Lights`] (the [`Rules`](crate::rules::Rules)): the book's game
//!   as a pure state machine.
//! - [`Board::parse`], [`solve_text`], [`ParseError`]: boards typed as rows of `0` and `1`.
//!
//! ```
//! use marubatsu_engine::lights::{solve, Level, Lights, LightsEvent, LightsState};
//! use marubatsu_engine::rules::Rules;
//!
//! // The page draws 7 distinct cells for an easy puzzle and passes them in, with the time.
//! let mut game = LightsState::new(Level::Easy, &[2, 7, 11, 13, 17, 22, 24], 0)?;
//! let par = game.par();
//! assert_eq!(solve(game.board()).map(|s| s.par()), Some(par));
//!
//! // Ask for a hint and press it, until every light is off: exactly par presses.
//! while !game.is_solved() {
//!     Lights::step(&mut game, &LightsEvent::Hint).unwrap();
//!     let cell = game.hint().unwrap().index();
//!     Lights::step(&mut game, &LightsEvent::Press { cell, at_ms: 1_000 }).unwrap();
//! }
//! assert_eq!(game.moves(), usize::from(par));
//! # Ok::<(), marubatsu_engine::lights::ScrambleError>(())
//! ```

mod bitboard;
mod board;
mod cell;
mod game;
mod level;
mod parse;
mod size;
mod solver;
#[cfg(test)]
mod test_util;

pub use bitboard::{Bitboard, Cells};
pub use board::Board;
pub use cell::Cell;
pub use game::{Lights, LightsEvent, LightsRefusal, LightsState, Scramble, ScrambleError};
pub use level::{Level, UnknownLevel};
pub use parse::{ParseError, solve_text};
pub use size::Size;
pub use solver::{Solution, hint, is_solvable, null_space, nullity, rank, solve};
