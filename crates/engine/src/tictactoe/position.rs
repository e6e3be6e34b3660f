//! A board with both sides' stones, and the rules for playing on it.

use core::fmt;

use super::bitboard::Bitboard;
use super::cell::Cell;
use crate::rules::{Refusal, Rules};

/// A player. X always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Side {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::X => "X",
            Side::O => "O",
        })
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side has a line.
    Win(Side),
    /// The board is full and nobody has a line.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(side) => write!(f, "{side} won"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Why [`Position::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The cell already holds a stone.
    CellTaken {
        /// The cell that was asked for.
        cell: Cell,
    },
    /// The game has already ended.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::CellTaken { cell } => write!(f, "cell {cell} is taken"),
            MoveError::GameOver { outcome } => write!(f, "the game is over ({outcome})"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Refusal for MoveError {
    fn code(&self) -> &'static str {
        match self {
            MoveError::CellTaken { .. } => "cell_taken",
            MoveError::GameOver { .. } => "game_over",
        }
    }
}

/// Tic-tac-toe on one board as one [`Rules`] transition: [`Position::play`], with the position given back on a
/// refusal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe;

impl Rules for TicTacToe {
    type State = Position;
    type Event = Cell;
    type Refusal = MoveError;
    type Setup = ();
    type SetupError = core::convert::Infallible;

    /// Every game begins on the empty board.
    fn setup(_: &()) -> Result<Position, core::convert::Infallible> {
        Ok(Position::empty())
    }

    fn transition(state: Position, cell: &Cell) -> Result<Position, (Position, MoveError)> {
        state.play(*cell).map_err(|error| (state, error))
    }
}

/// Both sides' stones. The side to move is not stored: it follows from the counts, because X moves first.
///
/// ```text
///  X | O | .      x = 0b000_010_001  (cells 0, 4)
/// ---+---+---     o = 0b000_000_010  (cell 1)
///  . | X | .      side to move: O (X has one stone more)
/// ---+---+---
///  . | . | .
/// ```
///
/// The two boards never overlap ([`Position::new`] refuses that), but a `Position` may still be one that no
/// game reaches, such as O having moved first; [`Position::is_legal`] tells. Every method is total on every
/// `Position`, so nothing here panics on such a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    x: Bitboard,
    o: Bitboard,
}

impl Position {
    /// The empty board, X to move.
    pub const fn empty() -> Position {
        Position {
            x: Bitboard::EMPTY,
            o: Bitboard::EMPTY,
        }
    }

    /// The position with these stones, or `None` if a cell holds both an X and an O.
    pub const fn new(x: Bitboard, o: Bitboard) -> Option<Position> {
        if x.intersect(o).is_empty() {
            Some(Position { x, o })
        } else {
            None
        }
    }

    /// Builds a position from boards the caller already knows to be disjoint.
    ///
    /// Not `unsafe`: an overlap would only make the position illegal, which every method handles.
    pub(crate) const fn from_disjoint(x: Bitboard, o: Bitboard) -> Position {
        Position { x, o }
    }

    /// X's stones.
    pub const fn x(self) -> Bitboard {
        self.x
    }

    /// O's stones.
    pub const fn o(self) -> Bitboard {
        self.o
    }

    /// The stones of `side`.
    pub const fn board(self, side: Side) -> Bitboard {
        match side {
            Side::X => self.x,
            Side::O => self.o,
        }
    }

    /// Every cell holding a stone.
    pub const fn occupied(self) -> Bitboard {
        self.x.union(self.o)
    }

    /// The number of stones on the board, which is the number of moves played.
    pub const fn ply(self) -> u8 {
        self.occupied().len()
    }

    /// Whose turn it is: X when both have as many stones, otherwise O.
    ///
    /// This says nothing about whether the game is over; see [`Position::outcome`].
    pub const fn side_to_move(self) -> Side {
        if self.x.len() <= self.o.len() { Side::X } else { Side::O }
    }

    /// Whether a game played by the rules from the empty board can reach this position.
    ///
    /// The conditions: the boards do not overlap; X has as many stones as O or one more; not both sides have a
    /// line; and a side with a line made the last move (so play stopped there). Exactly 5,478 positions pass,
    /// and they are exactly those [`legal_positions`](super::legal_positions) reaches.
    pub const fn is_legal(self) -> bool {
        let (nx, no) = (self.x.len(), self.o.len());
        let x_won = self.x.has_line();
        let o_won = self.o.has_line();
        self.x.intersect(self.o).is_empty()
            && (nx == no || nx == no + 1)
            && !(x_won && o_won)
            // X moved last exactly when X has one stone more.
            && (!x_won || nx == no + 1)
            && (!o_won || nx == no)
    }

    /// How the game has ended, or `None` if it goes on.
    ///
    /// A line wins; a full board without a line is a draw. On a position that is not legal and where both
    /// sides have a line, X's line is reported.
    pub const fn outcome(self) -> Option<Outcome> {
        if self.x.has_line() {
            Some(Outcome::Win(Side::X))
        } else if self.o.has_line() {
            Some(Outcome::Win(Side::O))
        } else if self.occupied().complement().is_empty() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The cells the side to move may play: every empty cell, or none once the game is over.
    pub const fn legal_moves(self) -> Bitboard {
        if self.outcome().is_some() {
            Bitboard::EMPTY
        } else {
            self.occupied().complement()
        }
    }

    /// The position after the side to move plays `cell`: the transition of [`TicTacToe`]'s rules.
    ///
    /// `self` is never changed; a refused move leaves the caller holding the same position, and the error says
    /// why.
    ///
    /// ```
    /// use marubatsu_engine::rules::Rules;
    /// use marubatsu_engine::tictactoe::{Cell, MoveError, Position, Side, TicTacToe};
    ///
    /// let centre = Cell::new(4).unwrap();
    /// let after = TicTacToe::transition(Position::empty(), &centre).unwrap();
    /// assert!(after.x().contains(centre));
    /// assert_eq!(after.side_to_move(), Side::O);
    /// assert_eq!(
    ///     TicTacToe::transition(after, &centre),
    ///     Err((after, MoveError::CellTaken { cell: centre }))
    /// );
    /// ```
    pub(crate) const fn play(self, cell: Cell) -> Result<Position, MoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver { outcome });
        }
        if self.occupied().contains(cell) {
            return Err(MoveError::CellTaken { cell });
        }
        Ok(match self.side_to_move() {
            Side::X => Position {
                x: self.x.with(cell),
                o: self.o,
            },
            Side::O => Position {
                x: self.x,
                o: self.o.with(cell),
            },
        })
    }

    /// The position as a base-3 number, cell `i` being digit `i` (0 empty, 1 X, 2 O): a dense key in
    /// `0..3^9` for tables over every board.
    pub(crate) const fn ternary_index(self) -> usize {
        let mut index = 0;
        let mut i = 9;
        while i > 0 {
            i -= 1;
            let bit = 1 << i;
            let digit = if self.x.bits() & bit != 0 {
                1
            } else if self.o.bits() & bit != 0 {
                2
            } else {
                0
            };
            index = index * 3 + digit;
        }
        index
    }

    /// The inverse of [`Position::ternary_index`], for `index < 3^9`; larger indices lose their high digits.
    pub(crate) const fn from_ternary_index(mut index: usize) -> Position {
        let (mut x, mut o) = (0u16, 0u16);
        let mut i = 0;
        while i < 9 {
            match index % 3 {
                1 => x |= 1 << i,
                2 => o |= 1 << i,
                _ => {}
            }
            index /= 3;
            i += 1;
        }
        Position {
            x: bitboard_from_low_bits(x),
            o: bitboard_from_low_bits(o),
        }
    }
}

/// Keeps the low nine bits; the callers only ever set those.
const fn bitboard_from_low_bits(bits: u16) -> Bitboard {
    match Bitboard::from_bits(bits & Bitboard::FULL.bits()) {
        Some(board) => board,
        None => Bitboard::EMPTY,
    }
}

/// Three rows of `X`, `O` and `.`, top row first.
///
/// ```text
/// X O .
/// . X .
/// . . .
/// ```
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in Cell::ALL {
            let mark = if self.x.contains(cell) {
                'X'
            } else if self.o.contains(cell) {
                'O'
            } else {
                '.'
            };
            write!(f, "{mark}")?;
            f.write_str(match cell.column() {
                2 if cell.row() < 2 => "\n",
                2 => "",
                _ => " ",
            })?;
        }
        Ok(())
    }
}

/// Test helpers shared by the modules of this crate.
#[cfg(test)]
pub(crate) mod test_util {
    use super::*;

    /// A set from cell indices; panics on a bad index, which only a broken test passes.
    pub(crate) fn board(indices: &[u8]) -> Bitboard {
        indices
            .iter()
            .map(|&i| Cell::new(i).unwrap_or_else(|| panic!("test uses cell {i}")))
            .collect()
    }

    /// A cell from its index, for tests.
    pub(crate) fn cell(index: u8) -> Cell {
        Cell::new(index).unwrap_or_else(|| panic!("test uses cell {index}"))
    }

    /// A position drawn as nine marks, row by row; spaces and `/` are ignored: `"XO. .X. ..."`.
    pub(crate) fn position(drawing: &str) -> Position {
        let marks: Vec<char> = drawing.chars().filter(|c| !matches!(c, ' ' | '/' | '\n')).collect();
        assert_eq!(marks.len(), 9, "drawing {drawing:?}");
        let (mut x, mut o) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for (cell, mark) in Cell::ALL.into_iter().zip(marks) {
            match mark {
                'X' => x = x.with(cell),
                'O' => o = o.with(cell),
                '.' => {}
                other => panic!("bad mark {other:?} in {drawing:?}"),
            }
        }
        Position::from_disjoint(x, o)
    }
}

#[cfg(test)]
mod tests {
    use super::test_util::{board, cell, position};
    use super::*;

    #[test]
    fn new_refuses_overlap() {
        assert_eq!(Position::new(board(&[0]), board(&[0, 1])), None);
        assert!(Position::new(board(&[0]), board(&[1])).is_some());
    }

    #[test]
    fn side_to_move_follows_counts() {
        assert_eq!(Position::empty().side_to_move(), Side::X);
        assert_eq!(position("X.. ... ...").side_to_move(), Side::O);
        assert_eq!(position("XO. ... ...").side_to_move(), Side::X);
    }

    #[test]
    fn outcome_win_draw_and_none() {
        assert_eq!(position("XXX OO. ...").outcome(), Some(Outcome::Win(Side::X)));
        assert_eq!(position("X.X OOO X..").outcome(), Some(Outcome::Win(Side::O)));
        assert_eq!(position("XOX XOO OXX").outcome(), Some(Outcome::Draw));
        assert_eq!(position("XO. ... ...").outcome(), None);
    }

    #[test]
    fn a_full_board_with_a_line_is_a_win_not_a_draw() {
        assert_eq!(position("XXX OOX OXO").outcome(), Some(Outcome::Win(Side::X)));
    }

    #[test]
    fn is_legal_conditions() {
        assert!(Position::empty().is_legal());
        assert!(position("XXX OO. ...").is_legal());
        // O moved first.
        assert!(!position("O.. ... ...").is_legal());
        // X two ahead.
        assert!(!position("XX. ... ...").is_legal());
        // Both have lines.
        assert!(!position("XXX OOO X..").is_legal());
        // X won but O moved after.
        assert!(!position("XXX OOO ...").is_legal() && !position("XXX OO. O..").is_legal());
        // O won but X moved after.
        assert!(!position("X.X OOO XX.").is_legal());
        // X's last move, at 0, completed two lines at once.
        assert!(position("XXX XOO XOO").is_legal());
    }

    #[test]
    fn play_places_the_side_to_move_and_leaves_self_alone() {
        let start = Position::empty();
        let Ok(after) = start.play(cell(4)) else {
            panic!("empty board accepts a move")
        };
        assert_eq!(start, Position::empty());
        assert_eq!(after.x(), board(&[4]));
        let Ok(after) = after.play(cell(0)) else {
            panic!("cell 0 is empty")
        };
        assert_eq!(after.o(), board(&[0]));
        assert_eq!(after.play(cell(0)), Err(MoveError::CellTaken { cell: cell(0) }));
    }

    #[test]
    fn play_after_the_end_is_refused() {
        let won = position("XXX OO. ...");
        assert_eq!(
            won.play(cell(8)),
            Err(MoveError::GameOver {
                outcome: Outcome::Win(Side::X)
            })
        );
        assert_eq!(won.legal_moves(), Bitboard::EMPTY);
        assert_eq!(position("XO. ... ...").legal_moves(), board(&[2, 3, 4, 5, 6, 7, 8]));
    }

    #[test]
    fn errors_read_in_lowercase() {
        assert_eq!(MoveError::CellTaken { cell: cell(3) }.to_string(), "cell 3 is taken");
        assert_eq!(
            MoveError::GameOver { outcome: Outcome::Draw }.to_string(),
            "the game is over (draw)"
        );
    }

    #[test]
    fn display_draws_three_rows() {
        assert_eq!(position("XO. .X. ..O").to_string(), "X O .\n. X .\n. . O");
    }

    #[test]
    fn ternary_index_round_trips_every_board() {
        for index in 0..19_683 {
            let p = Position::from_ternary_index(index);
            assert!(p.x().intersect(p.o()).is_empty());
            assert_eq!(p.ternary_index(), index);
        }
    }
}
