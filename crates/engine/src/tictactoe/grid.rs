//! The board as a terminal draws it for the people who type cells: a 3×3 grid whose empty cells show their
//! numbers, so that the next move can be read off the picture. The CLI prints games with it and the proofs draw
//! their counterexamples with it.

use core::fmt;

/// The board of X's cells and O's cells (bit `i` is cell `i`) as a numbered grid:
///
/// ```
/// use marubatsu_engine::tictactoe::NumberedGrid;
///
/// let grid = NumberedGrid::new(0b000_010_001, 0b000_000_100);
/// assert_eq!(grid.to_string(), " X | 1 | O\n---+---+---\n 3 | X | 5\n---+---+---\n 6 | 7 | 8");
/// ```
///
/// The masks are drawn as given — a board read from a contract is shown even if no legal game reaches it — and a
/// cell both sides claim shows X. Bits above cell 8 are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberedGrid {
    x: u16,
    o: u16,
}

impl NumberedGrid {
    /// The grid of X's cells `x` and O's cells `o`.
    pub const fn new(x: u16, o: u16) -> NumberedGrid {
        NumberedGrid { x, o }
    }

    /// The grid of a side to move's cells and the other side's, given which mark the side to move has.
    pub const fn of_mover(mine: u16, theirs: u16, mover_is_x: bool) -> NumberedGrid {
        if mover_is_x {
            NumberedGrid::new(mine, theirs)
        } else {
            NumberedGrid::new(theirs, mine)
        }
    }
}

impl fmt::Display for NumberedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u16 {
            if row > 0 {
                f.write_str("\n---+---+---\n")?;
            }
            for column in 0..3u16 {
                let cell = row * 3 + column;
                f.write_str(if column == 0 { " " } else { " | " })?;
                if self.x >> cell & 1 == 1 {
                    f.write_str("X")?;
                } else if self.o >> cell & 1 == 1 {
                    f.write_str("O")?;
                } else {
                    write!(f, "{cell}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mover_grid_puts_each_mark_on_its_side() {
        let (mine, theirs) = (1 << 5, (1 << 2) | (1 << 3));
        assert_eq!(
            NumberedGrid::of_mover(mine, theirs, false).to_string(),
            " 0 | 1 | X\n---+---+---\n X | 4 | O\n---+---+---\n 6 | 7 | 8"
        );
        assert_eq!(
            NumberedGrid::of_mover(mine, theirs, true),
            NumberedGrid::new(mine, theirs)
        );
    }

    #[test]
    fn high_bits_are_not_drawn() {
        assert_eq!(
            NumberedGrid::new(0xfe00, 0).to_string(),
            NumberedGrid::new(0, 0).to_string()
        );
    }
}
