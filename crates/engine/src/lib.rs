//! Pure game rules for marubatsu: no I/O, no clock, no entropy (randomness is handed in, through [`random`]); no
//! dependencies but the Unicode tables that player names are compared and counted with.
//!
//! Each game is a set of values and pure functions; the on-chain contracts are checked against them, and the
//! off-chain games are transitions from a state and an event to the next state:
//!
//! - [`tictactoe`]: the board, the rules, the CPU the solo contract must copy move for move, a solver, and the
//!   solo game;
//! - [`lights`]: cross light (Lights Out) boards, presses, and a GF(2) solver for hints and par;
//! - [`relay`]: the know-it-all relay party game, its avoid-last shuffle and its fairness figures;
//! - [`werewolf`]: quantum werewolf without a game master, with its legal events and cascade log;
//! - [`names`]: player names as people read them (one name however it is typed, lengths in what is seen);
//! - [`rules`]: the one shape of every game's transition, [`Rules`](rules::Rules), and its refusals;
//! - [`random`]: the one way callers hand randomness in, and the project's one seeded generator.
//!
//! ```
//! use marubatsu_engine::rules::Rules;
//! use marubatsu_engine::tictactoe::{cpu_move, solve, Cell, Difficulty, Position, Seed, Side, TicTacToe, Value};
//!
//! // X takes a corner; Hard, playing O, answers in the centre.
//! let corner = Cell::new(0).unwrap();
//! let mut position = Position::empty();
//! TicTacToe::step(&mut position, &corner)?;
//! let reply = cpu_move(position.o(), position.x(), Difficulty::Hard, &Seed::ZERO);
//! assert_eq!(reply, Cell::new(4));
//!
//! // Both sides can still hold the draw, and nobody has won yet.
//! TicTacToe::step(&mut position, &Cell::new(4).unwrap())?;
//! assert_eq!(solve(position), Value::Draw);
//! assert_eq!(position.outcome(), None);
//! assert_eq!(position.side_to_move(), Side::X);
//!
//! // A move on a taken cell is refused and the position is unchanged.
//! assert!(TicTacToe::step(&mut position, &corner).is_err());
//! # Ok::<(), marubatsu_engine::tictactoe::MoveError>(())
//! ```

mod cell_set;
pub mod lights;
pub mod names;
pub mod random;
pub mod relay;
pub mod rules;
pub mod tictactoe;
pub mod werewolf;
