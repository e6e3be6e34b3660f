//! Boards typed by a person: rows of `0` and `1`, checked with an error that says what is wrong.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::board::Board;
use super::size::Size;
use super::solver::{Solution, solve};

/// Why a text is not a board. Rows and columns are counted from 1, as a person reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseError {
    /// There are no rows at all.
    Empty,
    /// A character other than `0` or `1` inside a row.
    BadCharacter {
        /// The row it is in, from 1.
        row: usize,
        /// Its column in the row, from 1, not counting spaces before the row.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A row whose length differs from the first row's.
    WrongRowLength {
        /// The row, from 1.
        row: usize,
        /// The length of the first row.
        expected: usize,
        /// The length of this row.
        found: usize,
    },
    /// Every row has the same length, but there are not as many rows as columns.
    NotSquare {
        /// The number of rows.
        rows: usize,
        /// The number of cells in each row.
        columns: usize,
    },
    /// A square board of a size the game does not have.
    UnsupportedSize {
        /// The number of rows and columns.
        side: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Empty => f.write_str("the board is empty: give rows of 0 and 1"),
            ParseError::BadCharacter { row, column, found } => write!(
                f,
                "row {row}, column {column}: {found:?} is not a light (use 0 for off, 1 for on)"
            ),
            ParseError::WrongRowLength { row, expected, found } => {
                write!(f, "row {row} has {found} cells but the first row has {expected}")
            }
            ParseError::NotSquare { rows, columns } => {
                write!(f, "the board has {rows} rows of {columns} cells; it must be square")
            }
            ParseError::UnsupportedSize { side } => {
                write!(f, "a {side}×{side} board is not supported (5×5, 6×6 or 7×7)")
            }
        }
    }
}

impl std::error::Error for ParseError {}

impl Board {
    /// Reads a board from rows of `0` (off) and `1` (on), top row first: what [`Board`]'s `Display` writes.
    ///
    /// Rows are separated by newlines (`\n` or `\r\n`) or by `/`; spaces and tabs around a row, and blank lines
    /// before the first row and after the last, are ignored. Errors are reported in reading order: a bad
    /// character or a row of the wrong length first, then a board that is not square, then one whose size is not
    /// 5, 6 or 7. Never panics, whatever the text.
    ///
    /// ```
    /// use marubatsu_engine::lights::{Board, ParseError, Size};
    ///
    /// let board = Board::parse("01100\n10000\n10000\n00000\n00000\n")?;
    /// assert_eq!((board.size(), board.lit().len()), (Size::Five, 4));
    /// assert_eq!(Board::parse("00000/00000/00100/00000/00000")?.lit().len(), 1);
    ///
    /// assert_eq!(Board::parse("0000/0000/0000/0000"), Err(ParseError::UnsupportedSize { side: 4 }));
    /// assert_eq!(
    ///     Board::parse("00000/00x00"),
    ///     Err(ParseError::BadCharacter { row: 2, column: 3, found: 'x' }),
    /// );
    /// # Ok::<(), ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '/');
        if trimmed.is_empty() {
            return Err(ParseError::Empty);
        }
        let mut rows: Vec<u64> = Vec::new();
        let mut width = 0;
        for (r, line) in trimmed.split(['\n', '/']).enumerate() {
            let line = line.trim_matches([' ', '\t', '\r']);
            let mut bits = 0u64;
            let mut length = 0;
            for (c, found) in line.chars().enumerate() {
                match found {
                    // Cells past the 64th are still checked but cannot be stored; such a row is refused below.
                    '1' if c < 64 => bits |= 1 << c,
                    '0' | '1' => {}
                    _ => {
                        return Err(ParseError::BadCharacter {
                            row: r + 1,
                            column: c + 1,
                            found,
                        });
                    }
                }
                length += 1;
            }
            if r == 0 {
                width = length;
            } else if length != width {
                return Err(ParseError::WrongRowLength {
                    row: r + 1,
                    expected: width,
                    found: length,
                });
            }
            rows.push(bits);
        }
        if rows.len() != width {
            return Err(ParseError::NotSquare {
                rows: rows.len(),
                columns: width,
            });
        }
        let size = u8::try_from(width)
            .ok()
            .and_then(Size::from_side)
            .ok_or(ParseError::UnsupportedSize { side: width })?;
        let side = size.side();
        let lit = rows
            .iter()
            .enumerate()
            .fold(0u64, |acc, (r, &bits)| acc | bits << (r * usize::from(side)));
        // The rows are `side` cells wide, so the bits stay within the board.
        Board::new(size, Bitboard::from_low_bits(lit)).ok_or(ParseError::UnsupportedSize { side: width })
    }
}

impl FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::parse(text)
    }
}

/// Reads a board as [`Board::parse`] does and [`solve`]s it: the entry point for a command line.
///
/// `Ok(None)` means the text is a board that no set of presses turns dark.
///
/// ```
/// use marubatsu_engine::lights::solve_text;
///
/// let solution = solve_text("11000\n10000\n00000\n00000\n00000")?.unwrap();
/// assert_eq!((solution.par(), solution.solutions()), (1, 4));
/// assert_eq!(solve_text("10000\n00000\n00000\n00000\n00000")?, None);
/// assert!(solve_text("1\n").is_err());
/// # Ok::<(), marubatsu_engine::lights::ParseError>(())
/// ```
pub fn solve_text(text: &str) -> Result<Option<Solution>, ParseError> {
    Board::parse(text).map(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::test_util::{RandomSource, SplitMix64, random_board};

    #[test]
    fn display_and_parse_round_trip() {
        let mut rng = SplitMix64::new(2024);
        for size in Size::ALL {
            for _ in 0..200 {
                let board = random_board(&mut rng, size);
                let text = board.to_string();
                assert_eq!(Board::parse(&text), Ok(board));
                assert_eq!(Board::parse(&format!("{text}\n")), Ok(board));
                assert_eq!(Board::parse(&text.replace('\n', "\r\n")), Ok(board));
                assert_eq!(Board::parse(&text.replace('\n', "/")), Ok(board));
                assert_eq!(
                    Board::parse(&format!("\n  {}  \n\n", text.replace('\n', "\n\t"))),
                    Ok(board)
                );
            }
        }
    }

    #[test]
    fn each_error() {
        let cases: [(&str, ParseError); 10] = [
            ("", ParseError::Empty),
            (" \n\n/ ", ParseError::Empty),
            (
                "00000\n00000\n00200\n00000\n00000",
                ParseError::BadCharacter {
                    row: 3,
                    column: 3,
                    found: '2',
                },
            ),
            (
                "0 0 0 0 0",
                ParseError::BadCharacter {
                    row: 1,
                    column: 2,
                    found: ' ',
                },
            ),
            (
                "00000\n0000\n00000\n00000\n00000",
                ParseError::WrongRowLength {
                    row: 2,
                    expected: 5,
                    found: 4,
                },
            ),
            (
                "00000\n\n00000",
                ParseError::WrongRowLength {
                    row: 2,
                    expected: 5,
                    found: 0,
                },
            ),
            (
                "00000\n00000\n00000\n00000",
                ParseError::NotSquare { rows: 4, columns: 5 },
            ),
            ("1", ParseError::UnsupportedSize { side: 1 }),
            (&"00000000\n".repeat(8), ParseError::UnsupportedSize { side: 8 }),
            (
                "11111\n1111é",
                ParseError::BadCharacter {
                    row: 2,
                    column: 5,
                    found: 'é',
                },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(Board::parse(text), Err(error), "{text:?}");
            assert_eq!(text.parse::<Board>(), Err(error));
            assert_eq!(solve_text(text), Err(error));
        }
    }

    #[test]
    fn huge_and_odd_inputs_are_errors_not_panics() {
        let wide = "1".repeat(100);
        assert_eq!(
            Board::parse(&wide),
            Err(ParseError::NotSquare { rows: 1, columns: 100 })
        );
        let square = format!("{wide}\n").repeat(100);
        assert_eq!(Board::parse(&square), Err(ParseError::UnsupportedSize { side: 100 }));
        // Random texts over a small alphabet: any outcome but a panic, and an Ok is a board that prints back.
        let alphabet = ['0', '1', '\n', '/', ' ', '\r', 'x'];
        let mut rng = SplitMix64::new(11);
        for _ in 0..20_000 {
            let Ok(len) = usize::try_from(rng.below_u64(60)) else {
                panic!("below 60")
            };
            let text: String = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
            if let Ok(board) = Board::parse(&text) {
                assert_eq!(Board::parse(&board.to_string()), Ok(board));
            }
        }
    }

    #[test]
    fn messages_are_lowercase_and_name_the_place() {
        assert_eq!(
            ParseError::BadCharacter {
                row: 2,
                column: 4,
                found: 'x'
            }
            .to_string(),
            "row 2, column 4: 'x' is not a light (use 0 for off, 1 for on)"
        );
        assert_eq!(
            ParseError::WrongRowLength {
                row: 3,
                expected: 5,
                found: 6
            }
            .to_string(),
            "row 3 has 6 cells but the first row has 5"
        );
        assert_eq!(
            ParseError::NotSquare { rows: 4, columns: 5 }.to_string(),
            "the board has 4 rows of 5 cells; it must be square"
        );
        assert_eq!(
            ParseError::UnsupportedSize { side: 4 }.to_string(),
            "a 4×4 board is not supported (5×5, 6×6 or 7×7)"
        );
        assert_eq!(
            ParseError::Empty.to_string(),
            "the board is empty: give rows of 0 and 1"
        );
    }

    #[test]
    fn solve_text_answers_unsolvable_boards_with_none() {
        assert_eq!(solve_text("10000\n00000\n00000\n00000\n00000"), Ok(None));
        let Ok(Some(solution)) = solve_text(&"111111\n".repeat(6)) else {
            panic!("6×6 is invertible")
        };
        assert_eq!((solution.par(), solution.solutions()), (28, 1));
    }
}
