//! An exact solver: Gaussian elimination over GF(2), then the fewest presses over the null space.
//!
//! Pressing is addition over GF(2): a press toggles its cross, pressing twice undoes it, and the order does not
//! matter. So a set of presses `x` (a vector of `n²` bits) turns off the lights `b` exactly when `A·x = b`,
//! where column `j` of the `n²×n²` matrix `A` is the cross of cell `j`. `A` is symmetric: cell `i` is in the
//! cross of `j` exactly when `j` is in the cross of `i`.
//!
//! For each [`Size`] the elimination of `A` runs once, at compile time (a `const fn` into a `static`); solving a
//! board is then one parity per row and, on 5×5, a choice among the four solutions.

use core::fmt;

use super::bitboard::Bitboard;
use super::board::{Board, write_rows};
use super::cell::{Cell, MAX_CELLS};
use super::size::Size;

/// The press matrix of one size in reduced row echelon form over GF(2), with the row operations that made it.
///
/// Layout, for `n` cells (`n` = 25, 36 or 49) and rank `r`; every `u64` is a set of cells, bit `i` cell `i`:
///
/// ```text
///  k        combination[k]: the lights whose equations were added up to make row k of the reduced matrix
///  0 .. r   row k has pivot column pivots[k] and no other pivot column, so it reads
///           x[pivots[k]] + (free columns) = combination[k]·b
///  r .. n   row k is zero: a check, every solvable b has combination[k]·b = 0
/// ```
///
/// `kernel[0..n-r]` is a basis of the null space, one vector per free column. The reduced rows themselves are
/// needed only to build the kernel, so they are not kept; a test rebuilds them from the combinations.
struct System {
    size: Size,
    rank: u8,
    combination: [u64; MAX_CELLS as usize],
    pivots: [u8; MAX_CELLS as usize],
    kernel: [Bitboard; MAX_CELLS as usize],
}

impl System {
    /// Gauss-Jordan elimination of the press matrix of `size`, tracking the row operations.
    const fn new(size: Size) -> System {
        let n = size.cells() as usize;
        let mut coefficients = [0u64; MAX_CELLS as usize];
        let mut combination = [0u64; MAX_CELLS as usize];
        // Row i starts as the equation of light i: the presses that toggle it (the cross of i, since A is
        // symmetric) sum to b[i].
        let mut i = 0;
        while i < n {
            let cell = match Cell::new(i as u8) {
                Some(cell) => cell,
                None => panic!("n is at most 49"),
            };
            coefficients[i] = size.cross(cell).bits();
            combination[i] = 1 << i;
            i += 1;
        }

        let mut pivots = [0u8; MAX_CELLS as usize];
        let mut free = 0u64;
        let mut rank = 0;
        let mut column = 0;
        while column < n {
            let bit = 1u64 << column;
            let mut found = rank;
            while found < n && coefficients[found] & bit == 0 {
                found += 1;
            }
            if found == n {
                free |= bit;
                column += 1;
                continue;
            }
            // Move the pivot row up to position `rank`.
            let (c, m) = (coefficients[found], combination[found]);
            coefficients[found] = coefficients[rank];
            combination[found] = combination[rank];
            coefficients[rank] = c;
            combination[rank] = m;
            // Clear the column from every other row, above and below.
            let mut other = 0;
            while other < n {
                if other != rank && coefficients[other] & bit != 0 {
                    coefficients[other] ^= c;
                    combination[other] ^= m;
                }
                other += 1;
            }
            pivots[rank] = column as u8;
            rank += 1;
            column += 1;
        }

        // One null vector per free column f: x[f] = 1, the other free columns 0, and each pivot variable equal to
        // its row's coefficient on f, so that every row sums to zero.
        let mut kernel = [Bitboard::EMPTY; MAX_CELLS as usize];
        let mut found = 0;
        let mut f = 0;
        while f < n {
            if free & (1 << f) != 0 {
                let mut vector = 1u64 << f;
                let mut k = 0;
                while k < rank {
                    if coefficients[k] & (1 << f) != 0 {
                        vector |= 1 << pivots[k];
                    }
                    k += 1;
                }
                kernel[found] = Bitboard::from_low_bits(vector);
                found += 1;
            }
            f += 1;
        }

        System {
            size,
            rank: rank as u8,
            combination,
            pivots,
            kernel,
        }
    }

    const fn nullity(&self) -> u8 {
        self.size.cells() - self.rank
    }

    /// Whether `lit` (cells of this size) is `A·x` for some `x`: every check row has even parity with it.
    fn is_solvable(&self, lit: Bitboard) -> bool {
        self.combination[usize::from(self.rank)..usize::from(self.size.cells())]
            .iter()
            .all(|&check| !Bitboard::from_low_bits(check).odd_overlap(lit))
    }

    /// The solution of a solvable `lit` with every free variable zero: pivot variable `pivots[k]` is row `k`'s
    /// right-hand side.
    fn particular(&self, lit: Bitboard) -> Bitboard {
        let mut x = 0u64;
        for k in 0..usize::from(self.rank) {
            if Bitboard::from_low_bits(self.combination[k]).odd_overlap(lit) {
                x |= 1 << self.pivots[k];
            }
        }
        Bitboard::from_low_bits(x)
    }
}

/// The eliminated systems of the three sizes, in the order of [`Size::ALL`].
static SYSTEMS: [System; 3] = [
    System::new(Size::Five),
    System::new(Size::Six),
    System::new(Size::Seven),
];

fn system(size: Size) -> &'static System {
    match size {
        Size::Five => &SYSTEMS[0],
        Size::Six => &SYSTEMS[1],
        Size::Seven => &SYSTEMS[2],
    }
}

/// The rank over GF(2) of the press matrix of `size`: 23 for 5×5, 36 for 6×6, 49 for 7×7.
pub fn rank(size: Size) -> u8 {
    system(size).rank
}

/// The dimension of the null space of the press matrix: the sets of presses that change nothing. 2 for 5×5,
/// 0 for 6×6 and 7×7. A solvable board has `2^nullity` solutions, and one board in `2^nullity` is solvable.
pub fn nullity(size: Size) -> u8 {
    system(size).nullity()
}

/// A basis of the null space of `size`: each vector is a set of presses that leaves every board unchanged.
///
/// On 5×5 the basis spans the three well-known quiet patterns:
///
/// ```text
///  0 1 1 1 0    1 0 1 0 1    1 1 0 1 1
///  1 0 1 0 1    1 0 1 0 1    0 0 0 0 0
///  1 1 0 1 1    0 0 0 0 0    1 1 0 1 1
///  1 0 1 0 1    1 0 1 0 1    0 0 0 0 0
///  0 1 1 1 0    1 0 1 0 1    1 1 0 1 1
/// ```
pub fn null_space(size: Size) -> &'static [Bitboard] {
    let system = system(size);
    &system.kernel[..usize::from(system.nullity())]
}

/// Whether some set of presses turns every light of `board` off.
pub fn is_solvable(board: Board) -> bool {
    system(board.size()).is_solvable(board.lit())
}

/// A minimum solution of a board, and how many solutions it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    size: Size,
    presses: Bitboard,
    solutions: u64,
}

impl Solution {
    /// The size of the board solved.
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The cells to press, each once, in any order.
    pub const fn presses(&self) -> Bitboard {
        self.presses
    }

    /// The number of presses: the fewest that solve the board ("par").
    pub const fn par(&self) -> u8 {
        self.presses.len()
    }

    /// How many sets of presses solve the board: `2^nullity`, so 4 on 5×5 and 1 on 6×6 and 7×7.
    pub const fn solutions(&self) -> u64 {
        self.solutions
    }

    /// A cell to press next: the lowest cell of the minimum solution, or `None` if the board is already dark.
    pub const fn hint(&self) -> Option<Cell> {
        self.presses.first()
    }
}

/// The presses as rows of `0` and `1` (`1` = press), like a [`Board`].
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, self.size, self.presses)
    }
}

/// The minimum-press solution of `board`, or `None` if no set of presses turns it dark.
///
/// Among several minimum solutions (only 5×5 has more than one solution) the one with the smallest
/// [`bits`](Bitboard::bits) is chosen, so the answer is deterministic.
///
/// ```
/// use marubatsu_engine::lights::{solve, Board, Size};
///
/// let solution = solve(Board::all_lit(Size::Five)).unwrap();
/// assert_eq!((solution.par(), solution.solutions()), (15, 4));
/// assert!(Board::all_lit(Size::Five).press_all(solution.presses()).unwrap().is_dark());
///
/// // A single light in a corner of 5×5 cannot be turned off.
/// let corner = "10000\n00000\n00000\n00000\n00000".parse::<Board>()?;
/// assert_eq!(solve(corner), None);
/// # Ok::<(), marubatsu_engine::lights::ParseError>(())
/// ```
pub fn solve(board: Board) -> Option<Solution> {
    let system = system(board.size());
    let lit = board.lit();
    if !system.is_solvable(lit) {
        return None;
    }
    let basis = null_space(board.size());
    let particular = system.particular(lit);
    // Every solution is the particular one plus a subset of the basis. The sizes have at most two basis vectors,
    // so this looks at most at four candidates.
    let best = (0..1u64 << basis.len())
        .map(|subset| {
            basis
                .iter()
                .enumerate()
                .filter(|&(i, _)| subset & (1 << i) != 0)
                .fold(particular, |x, (_, v)| x.xor(*v))
        })
        .min_by_key(|x| (x.len(), x.bits()))
        .unwrap_or(particular);
    Some(Solution {
        size: board.size(),
        presses: best,
        solutions: 1 << basis.len(),
    })
}

/// A cell of a minimum solution of `board` to press next, or `None` if the board is dark or has no solution.
///
/// Pressing it leaves a board whose minimum is one press fewer, so following hints solves a board in exactly
/// its par.
pub fn hint(board: Board) -> Option<Cell> {
    solve(board).and_then(|solution| solution.hint())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::test_util::{SplitMix64, cell, random_board};

    fn board(rows: &str) -> Board {
        rows.parse().unwrap_or_else(|e| panic!("test board {rows:?}: {e}"))
    }

    /// `A·x`, straight from the definition: the lights toggled by pressing every cell of `x` once.
    fn apply(size: Size, x: Bitboard) -> Board {
        Board::dark(size)
            .press_all(x)
            .unwrap_or_else(|| panic!("presses on {size}"))
    }

    #[test]
    fn ranks_and_nullities() {
        let table: Vec<(u8, u8)> = Size::ALL.iter().map(|&s| (rank(s), nullity(s))).collect();
        assert_eq!(table, [(23, 2), (36, 0), (49, 0)]);
        for size in Size::ALL {
            assert_eq!(null_space(size).len(), usize::from(nullity(size)));
        }
    }

    #[test]
    fn the_elimination_is_in_reduced_row_echelon_form() {
        for size in Size::ALL {
            let s = system(size);
            let n = usize::from(size.cells());
            let r = usize::from(s.rank);
            let pivot_bits = s.pivots[..r].iter().fold(0u64, |acc, &p| acc | 1 << p);
            // Row k of the reduced matrix is the sum of the original equations its combination names.
            let row = |k: usize| {
                Bitboard::from_low_bits(s.combination[k])
                    .iter()
                    .fold(0u64, |acc, c| acc ^ size.cross(c).bits())
            };
            for k in 0..r {
                assert_eq!(row(k) & pivot_bits, 1 << s.pivots[k], "{size} row {k}");
            }
            for k in r..n {
                assert_ne!(s.combination[k], 0, "{size} check {k} is a real combination");
                assert_eq!(row(k), 0, "{size} check {k}");
            }
            assert!(s.pivots[..r].windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn the_5x5_null_space_is_the_three_quiet_patterns() {
        let quiet = [
            board("01110\n10101\n11011\n10101\n01110").lit(),
            board("10101\n10101\n00000\n10101\n10101").lit(),
            board("11011\n00000\n11011\n00000\n11011").lit(),
        ];
        for pattern in quiet {
            assert!(apply(Size::Five, pattern).is_dark(), "quiet:\n{pattern:?}");
        }
        let [a, b] = null_space(Size::Five) else {
            panic!("5×5 has a two-dimensional null space")
        };
        let mut spanned = vec![*a, *b, a.xor(*b)];
        spanned.sort();
        let mut expected = quiet.to_vec();
        expected.sort();
        assert_eq!(spanned, expected);
    }

    #[test]
    fn null_vectors_press_to_nothing() {
        for size in Size::ALL {
            for &v in null_space(size) {
                assert!(!v.is_empty() && apply(size, v).is_dark());
            }
        }
    }

    /// Every 5×5 press set, in Gray-code order so each step is one press: the 2^23 boards they reach are exactly
    /// those the solver calls solvable, and the fewest presses over each board's four solutions never exceeds 15.
    #[test]
    fn exhaustive_5x5_solvability_and_the_hardest_board() {
        let size = Size::Five;
        let [n1, n2] = [
            board("01110\n10101\n11011\n10101\n01110").lit().bits(),
            board("10101\n10101\n00000\n10101\n10101").lit().bits(),
        ];
        let crosses: Vec<u64> = (0..25).map(|i| size.cross(cell(i)).bits()).collect();
        let mut reached = vec![0u64; 1 << 19];
        let (mut x, mut lit) = (0u64, 0u64);
        let mut hardest = 0;
        let mut par_histogram = [0u64; 26];
        for step in 0u64..1 << 25 {
            if step > 0 {
                let bit = step.trailing_zeros();
                x ^= 1 << bit;
                lit ^= crosses[bit as usize];
            }
            reached[(lit >> 6) as usize] |= 1 << (lit & 63);
            let fewest = [x, x ^ n1, x ^ n2, x ^ n1 ^ n2]
                .iter()
                .map(|v| v.count_ones())
                .min()
                .unwrap_or(0);
            hardest = hardest.max(fewest);
            // Each board is reached by its four solutions, so every board is counted four times.
            par_histogram[fewest as usize] += 1;
            if step % 61 == 0 {
                let b = Board::new(size, Bitboard::from_low_bits(lit)).unwrap_or_else(|| panic!("25 bits"));
                assert_eq!(solve(b).map(|s| u32::from(s.par())), Some(fewest));
            }
        }
        let reachable: u32 = reached.iter().map(|w| w.count_ones()).sum();
        assert_eq!(reachable, 1 << 23);
        assert_eq!(hardest, 15);
        assert_eq!(par_histogram.iter().sum::<u64>(), 4 << 23);
        let boards_by_par = par_histogram.map(|n| n / 4);
        // Up to 5 presses every set is the only minimum (two solutions differ by a quiet pattern of at least 12
        // cells), so those counts are binomials C(25, k); the rest is this test's own count, kept as a regression.
        let mut binomial = 1u64;
        for k in 0..=5u64 {
            assert_eq!(boards_by_par[k as usize], binomial, "C(25, {k})");
            binomial = binomial * (25 - k) / (k + 1);
        }
        assert_eq!(
            boards_by_par[6..=16],
            [
                176_176, 467_104, 982_335, 1_596_279, 1_935_294, 1_684_446, 1_004_934, 383_670, 82_614, 7_350, 0
            ]
        );

        let mut solvable = 0u32;
        for bits in 0u64..1 << 25 {
            let b = Board::new(size, Bitboard::from_low_bits(bits)).unwrap_or_else(|| panic!("25 bits"));
            let is_reached = reached[(bits >> 6) as usize] & 1 << (bits & 63) != 0;
            assert_eq!(is_solvable(b), is_reached, "{bits:#x}");
            solvable += u32::from(is_reached);
        }
        assert_eq!(solvable, 1 << 23);
    }

    #[test]
    fn the_all_lit_boards() {
        let pars: Vec<Option<(u8, u64)>> = Size::ALL
            .iter()
            .map(|&size| solve(Board::all_lit(size)).map(|s| (s.par(), s.solutions())))
            .collect();
        assert_eq!(pars, [Some((15, 4)), Some((28, 1)), Some((33, 1))]);
    }

    #[test]
    fn solutions_clear_random_boards_and_every_6x6_and_7x7_board_is_solvable() {
        let mut rng = SplitMix64::new(0x5EED);
        for size in Size::ALL {
            for _ in 0..3_000 {
                let b = random_board(&mut rng, size);
                let Some(solution) = solve(b) else {
                    assert_eq!(size, Size::Five, "{size} is invertible");
                    assert!(!is_solvable(b));
                    continue;
                };
                assert!(is_solvable(b));
                assert_eq!(solution.size(), size);
                assert_eq!(solution.solutions(), 1 << nullity(size));
                assert_eq!(b.press_all(solution.presses()).map(Board::is_dark), Some(true));
                // No other solution is shorter.
                for &v in null_space(size) {
                    assert!(solution.presses().xor(v).len() >= solution.par());
                }
            }
        }
    }

    #[test]
    fn single_lights_on_5x5() {
        // A single light is solvable exactly when it has even overlap with every quiet pattern (A is symmetric, so
        // its image is the orthogonal complement of its null space): the five cells outside all three patterns.
        let size = Size::Five;
        let solvable: Vec<u8> = (0..25)
            .filter(|&i| {
                let single = Board::new(size, Bitboard::single(cell(i)));
                single.is_some_and(is_solvable)
            })
            .collect();
        assert_eq!(solvable, [6, 8, 12, 16, 18]);
    }

    #[test]
    fn the_dark_board_needs_nothing() {
        for size in Size::ALL {
            let Some(solution) = solve(Board::dark(size)) else {
                panic!("dark is solved")
            };
            assert_eq!(solution.par(), 0);
            assert_eq!(solution.hint(), None);
            assert_eq!(hint(Board::dark(size)), None);
        }
    }

    #[test]
    fn following_hints_takes_exactly_par_presses() {
        let mut rng = SplitMix64::new(31337);
        for size in Size::ALL {
            for _ in 0..300 {
                let mut b = apply(size, random_board(&mut rng, size).lit());
                let Some(par) = solve(b).map(|s| s.par()) else {
                    panic!("reached by presses, so solvable")
                };
                let mut presses = 0;
                while let Some(c) = hint(b) {
                    b = b.press(c).unwrap_or_else(|| panic!("hint on the board"));
                    presses += 1;
                    assert_eq!(solve(b).map(|s| s.par()), Some(par - presses));
                }
                assert!(b.is_dark());
                assert_eq!(presses, par);
            }
        }
    }

    #[test]
    fn display_draws_the_presses() {
        let Some(solution) = solve(board("11000\n10000\n00000\n00000\n00000")) else {
            panic!("one press")
        };
        assert_eq!(solution.par(), 1);
        assert_eq!(solution.hint(), Some(cell(0)));
        assert_eq!(solution.to_string(), "10000\n00000\n00000\n00000\n00000");
    }
}
