//! The CPU player: one rule-based procedure, cut off at three depths.
//!
//! This is the reference model for the solo contract's CPU. The contract must choose the same cell as
//! [`cpu_move`] on every board, for every level and seed, so the procedure is written for reading, one rule per
//! function, in the order of the spec:
//!
//! | step | rule                                                | Easy | Normal | Hard |
//! |------|-----------------------------------------------------|------|--------|------|
//! | 1    | win now                                             | yes  | yes    | yes  |
//! | 2    | random empty cell from the seed                     | yes  |        |      |
//! | 3    | block the opponent's win                            |      | yes    | yes  |
//! | 4    | make a fork                                         |      |        | yes  |
//! | 5    | force a reply after which the CPU can fork (v2) *   |      |        | yes  |
//! | 6    | take the opponent's only fork cell                  |      |        | yes  |
//! | 7    | force a reply that is not an opponent's fork cell   |      |        | yes  |
//! | 8    | else take one of the opponent's fork cells (v2)     |      |        | yes  |
//! | 9    | preferred cell: centre, corners, sides              |      | yes    | yes  |
//!
//! Whenever several cells pass a rule, the first in [`PREFERRED_ORDER`] wins the tie. (*) Step 5 applies only
//! when the opponent can fork at one cell at most; with several, steps 7 and 8 decide.
//!
//! Steps 5 and 8 are the two rules that version 2 added to Newell and Simon's procedure so that Hard keeps the
//! game-theoretic value on every legal position (a public preview may be asked about any of them), not only on
//! those its own games reach. Without step 8 Hard turns a draw into a loss on 8 positions, where the opponent
//! has two fork cells and the CPU no threat at all to force with, so only occupying a fork cell holds. Without
//! step 5 it lets a win slip on 36: there the only winning moves are threats whose forced reply leaves the CPU a
//! fork (the reply may itself threaten, and then the CPU's fork must be the cell that blocks it).

use core::fmt;
use core::num::NonZeroU8;

use super::bitboard::Bitboard;
use super::cell::{Cell, PREFERRED_ORDER};
use super::seed::Seed;

/// How far down the procedure the CPU goes. The numbers are the Solidity enum's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[repr(u8)]
pub enum Difficulty {
    /// Wins when it can, otherwise plays a seeded random cell.
    Easy = 0,
    /// Wins, blocks, otherwise takes the preferred cell. Loses to a fork.
    Normal = 1,
    /// Wins, blocks, makes and prevents forks, forces its way to a fork. Keeps the game's value from every
    /// legal position, so it never loses.
    Hard = 2,
}

impl Difficulty {
    /// The three levels in ascending order.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The level with this Solidity enum value, or `None` above 2.
    pub const fn from_u8(value: u8) -> Option<Difficulty> {
        match value {
            0 => Some(Difficulty::Easy),
            1 => Some(Difficulty::Normal),
            2 => Some(Difficulty::Hard),
            _ => None,
        }
    }

    /// The Solidity enum value; the same as `difficulty as u8`.
    pub const fn as_u8(self) -> u8 {
        self as u8
    }

    /// The lowercase name: `easy`, `normal` or `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule of the procedure that chose a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The cell completes one of the CPU's lines.
    Win,
    /// Easy's seeded pick among the empty cells.
    Random,
    /// The cell would complete one of the opponent's lines.
    Block,
    /// The cell gives the CPU two or more winning threats at once.
    Fork,
    /// The cell makes one threat, and after the forced reply the CPU can fork (at the cell that blocks the
    /// reply's own threat, if the reply makes one).
    ForceFork,
    /// The opponent could fork at this cell and nowhere else.
    BlockFork,
    /// The cell makes one threat whose forced reply gives the opponent no fork.
    Force,
    /// The opponent can fork at several cells and no forcing move helps: the CPU takes one of them.
    TakeFork,
    /// No rule applied; the first empty cell in [`PREFERRED_ORDER`].
    Preferred,
}

/// The CPU's cell and the rule that chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// The cell to play.
    pub cell: Cell,
    /// Why.
    pub rule: Rule,
}

/// The CPU's move, where `mine` are the CPU's stones and `theirs` the opponent's.
///
/// `None` only when no cell is empty, or when `mine` and `theirs` overlap (which the caller should never pass).
/// The procedure does not check whether someone has already won; ask it only about games still in progress.
/// `seed` is read by Easy alone.
///
/// ```text
///  X | . | .      Hard as O, to move. X threatens to fork at 2 and at 6, so
/// ---+---+---     blocking one leaves the other. O plays 1 instead: a threat
///  . | O | .      at 7 that X must answer, and 7 is not a fork cell for X.
/// ---+---+---     (Normal takes corner 2; X must block at 6 and then forks
///  . | . | X      at 3 and 7.)
/// ```
///
/// ```
/// use marubatsu_engine::tictactoe::{cpu_move, Bitboard, Cell, Difficulty, Seed};
///
/// let x = Bitboard::from_bits(0b1_0000_0001).unwrap(); // cells 0 and 8
/// let o = Bitboard::from_bits(0b0_0001_0000).unwrap(); // cell 4
/// assert_eq!(cpu_move(o, x, Difficulty::Hard, &Seed::ZERO), Cell::new(1));
/// assert_eq!(cpu_move(o, x, Difficulty::Normal, &Seed::ZERO), Cell::new(2));
/// ```
pub fn cpu_move(mine: Bitboard, theirs: Bitboard, difficulty: Difficulty, seed: &Seed) -> Option<Cell> {
    cpu_decision(mine, theirs, difficulty, seed).map(|decision| decision.cell)
}

/// [`cpu_move`] together with the rule that chose the cell.
pub fn cpu_decision(mine: Bitboard, theirs: Bitboard, difficulty: Difficulty, seed: &Seed) -> Option<Decision> {
    if !mine.intersect(theirs).is_empty() {
        return None;
    }
    let empty = mine.union(theirs).complement();
    let decide = |rule| move |cell| Decision { cell, rule };

    if let Some(decision) = first_preferred(winning_cells(mine, empty)).map(decide(Rule::Win)) {
        return Some(decision);
    }
    if difficulty == Difficulty::Easy {
        return seeded_cell(empty, seed).map(decide(Rule::Random));
    }
    if let Some(decision) = first_preferred(winning_cells(theirs, empty)).map(decide(Rule::Block)) {
        return Some(decision);
    }
    if difficulty == Difficulty::Hard
        && let Some(decision) = fork_rules(mine, theirs, empty)
    {
        return Some(decision);
    }
    first_preferred(empty).map(decide(Rule::Preferred))
}

/// Hard's fork rules, in order: make a fork; if the opponent can fork at one cell at most, force a reply that
/// leaves a fork, else take that one fork cell; if at several, force a harmless reply, else take one of them.
fn fork_rules(mine: Bitboard, theirs: Bitboard, empty: Bitboard) -> Option<Decision> {
    let decide = |rule| move |cell| Decision { cell, rule };
    if let Some(decision) = first_preferred(fork_cells(mine, empty)).map(decide(Rule::Fork)) {
        return Some(decision);
    }
    let their_forks = fork_cells(theirs, empty);
    match their_forks.len() {
        // Nothing or one cell to guard: attacking first wins where it can. (With several fork cells to guard,
        // forcing is already the plan, and the forcing rule below keeps the value there.)
        0 | 1 => first_preferred(force_fork_cells(mine, theirs, empty))
            .map(decide(Rule::ForceFork))
            // One fork cell: occupying it is enough.
            .or_else(|| their_forks.first().map(decide(Rule::BlockFork))),
        // Taking one fork cell would leave another, so keep the opponent busy answering a threat instead; with
        // no such threat, occupying a fork cell is the only hope left (and on a legal board it holds the draw).
        _ => first_preferred(forcing_cells(mine, empty, their_forks))
            .map(decide(Rule::Force))
            .or_else(|| first_preferred(their_forks).map(decide(Rule::TakeFork))),
    }
}

/// The empty cells that would complete a line for `side`: its threats.
///
/// ```text
///  X | X | .      side = X, empty = {2, 5, 6, 7, 8}
/// ---+---+---     winning cells = {2}
///  O | O | .
/// ---+---+---
///  . | . | .
/// ```
fn winning_cells(side: Bitboard, empty: Bitboard) -> Bitboard {
    empty.iter().filter(|&cell| side.with(cell).has_line()).collect()
}

/// The empty cells after which `side` would have two or more threats, so the other side cannot block them all.
///
/// ```text
///  X | O | .      side = X: playing 6 threatens 3 (column 0-3-6) and
/// ---+---+---     2 (diagonal 2-4-6) at once. 3 is a fork cell too
///  . | X | .      (threats 5 and 6).
/// ---+---+---
///  . | . | O
/// ```
fn fork_cells(side: Bitboard, empty: Bitboard) -> Bitboard {
    empty
        .iter()
        .filter(|&cell| winning_cells(side.with(cell), empty.without(cell)).len() >= 2)
        .collect()
}

/// The empty cells after which `mine` has exactly one threat, and the opponent's forced reply (the threat cell
/// itself) is not one of `their_forks`.
fn forcing_cells(mine: Bitboard, empty: Bitboard, their_forks: Bitboard) -> Bitboard {
    empty
        .iter()
        .filter(|&cell| {
            let threats = winning_cells(mine.with(cell), empty.without(cell));
            threats.len() == 1 && threats.intersect(their_forks).is_empty()
        })
        .collect()
}

/// The empty cells after which `mine` has exactly one threat and, once the opponent has taken the threat cell
/// (the forced reply), a fork: any fork cell if the reply threatens nothing, else the one cell that blocks the
/// reply's threat, if that is a fork cell. A reply with two threats wins for the opponent, so it disqualifies.
///
/// ```text
///  . | X | .      X to move. X plays 0: a threat at 2, which O must take;
/// ---+---+---     O then threatens 4 (diagonal 2-4-6), and X blocks there
///  . | . | .      with a fork: 7 (column 1-4-7) and 8 (diagonal 0-4-8).
/// ---+---+---     Cell 0 is the only winning move; Hard before version 2
///  O | . | .      took the centre and drew.
/// ```
fn force_fork_cells(mine: Bitboard, theirs: Bitboard, empty: Bitboard) -> Bitboard {
    empty
        .iter()
        .filter(|&cell| {
            let after = mine.with(cell);
            let rest = empty.without(cell);
            let threats = winning_cells(after, rest);
            let Some(reply) = threats.first().filter(|_| threats.len() == 1) else {
                return false;
            };
            let rest = rest.without(reply);
            let their_threats = winning_cells(theirs.with(reply), rest);
            let forks = fork_cells(after, rest);
            match their_threats.len() {
                0 => !forks.is_empty(),
                1 => !forks.intersect(their_threats).is_empty(),
                _ => false,
            }
        })
        .collect()
}

/// Easy's pick: `k = seed mod (number of empty cells)`, then the `k`-th empty cell in ascending order, counting
/// from 0. `None` if no cell is empty.
fn seeded_cell(empty: Bitboard, seed: &Seed) -> Option<Cell> {
    let n = NonZeroU8::new(empty.len())?;
    empty.iter().nth(usize::from(seed.rem(n)))
}

/// The first of `candidates` in [`PREFERRED_ORDER`].
fn first_preferred(candidates: Bitboard) -> Option<Cell> {
    PREFERRED_ORDER.into_iter().find(|&cell| candidates.contains(cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::legal_positions;
    use crate::tictactoe::position::test_util::{board, cell, position};

    /// The CPU's move when it plays the side to move in `drawing`.
    fn decide(drawing: &str, difficulty: Difficulty, seed: u64) -> Option<Decision> {
        let p = position(drawing);
        let side = p.side_to_move();
        cpu_decision(p.board(side), p.board(side.other()), difficulty, &Seed::from_u64(seed))
    }

    fn expect(drawing: &str, difficulty: Difficulty, index: u8, rule: Rule) {
        assert_eq!(
            decide(drawing, difficulty, 0),
            Some(Decision {
                cell: cell(index),
                rule
            }),
            "{difficulty} on\n{}",
            position(drawing)
        );
    }

    #[test]
    fn difficulty_round_trips_through_u8() {
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::from_u8(d as u8), Some(d));
            assert_eq!(d.as_u8(), d as u8);
        }
        assert_eq!(Difficulty::from_u8(3), None);
        assert_eq!(Difficulty::from_u8(u8::MAX), None);
    }

    #[test]
    fn every_level_wins_before_blocking() {
        // X to move can win at 2 or block O at 5; all levels win.
        for d in Difficulty::ALL {
            expect("XX. OO. X.O", d, 2, Rule::Win);
        }
    }

    #[test]
    fn several_wins_go_to_the_preferred_cell() {
        // X wins at 2 (row) and at 4 (diagonal 0-4-8): the centre comes first.
        expect("XX. O.O .OX", Difficulty::Normal, 4, Rule::Win);
        // Centre taken: 2 (row) and 6 (column) both win, and corner 2 comes before corner 6.
        expect("XX. XOO .O.", Difficulty::Normal, 2, Rule::Win);
    }

    #[test]
    fn normal_and_hard_block() {
        // O to move, X threatens 2.
        expect("XX. .O. ...", Difficulty::Normal, 2, Rule::Block);
        expect("XX. .O. ...", Difficulty::Hard, 2, Rule::Block);
    }

    #[test]
    fn easy_does_not_block_and_follows_the_seed() {
        // O to move, X threatens 2; empty cells are 2, 3, 5, 6, 7, 8.
        let drawing = "XX. .O. ...";
        let empties = [2, 3, 5, 6, 7, 8];
        for seed in 0..20 {
            let expected = empties[(seed % 6) as usize];
            assert_eq!(
                decide(drawing, Difficulty::Easy, seed),
                Some(Decision {
                    cell: cell(expected),
                    rule: Rule::Random
                }),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn easy_on_the_empty_board_uses_the_whole_seed() {
        let seed = Seed::from_be_bytes([0xFF; 32]);
        // (2^256 - 1) mod 9 = 6, and the 6th empty cell counting from 0 is cell 6.
        assert_eq!(
            cpu_move(Bitboard::EMPTY, Bitboard::EMPTY, Difficulty::Easy, &seed),
            Some(cell(6))
        );
    }

    #[test]
    fn normal_takes_centre_then_corners_then_sides() {
        expect("... ... ...", Difficulty::Normal, 4, Rule::Preferred);
        expect("... .X. ...", Difficulty::Normal, 0, Rule::Preferred);
        expect("X.. .O. ...", Difficulty::Normal, 2, Rule::Preferred);
    }

    #[test]
    fn hard_makes_a_fork() {
        // X: 0, 4; O: 1, 8. Fork cells for X are 3 (threats 5, 6) and 6 (threats 2, 3); corner 6 first.
        expect("XO. .X. ..O", Difficulty::Hard, 6, Rule::Fork);
        // Normal just takes the first preferred empty cell.
        expect("XO. .X. ..O", Difficulty::Normal, 2, Rule::Preferred);
    }

    #[test]
    fn hard_takes_the_only_fork_cell_of_the_opponent() {
        // X: 0, 7; O: 4, O to move. X forks only at 6 (threats 3 and 8).
        expect("X.. .O. .X.", Difficulty::Hard, 6, Rule::BlockFork);
        expect("X.. .O. .X.", Difficulty::Normal, 2, Rule::Preferred);
    }

    #[test]
    fn hard_forces_when_the_opponent_has_two_fork_cells() {
        // X: 0, 8; O: 4. X forks at 2 and at 6. Corner 2 threatens 6, a fork cell; side 1 threatens 7, which is not.
        expect("X.. .O. ..X", Difficulty::Hard, 1, Rule::Force);
        expect("X.. .O. ..X", Difficulty::Normal, 2, Rule::Preferred);
    }

    #[test]
    fn hard_forces_its_way_to_a_fork() {
        // X: 1; O: 6. Cell 0 threatens 2; O's forced reply there threatens 4; X blocks at 4 with a fork.
        expect(".X. ... O..", Difficulty::Hard, 0, Rule::ForceFork);
        // X: 0; O: 2. Cell 6 threatens 3, O's reply threatens nothing, and X then forks at 8.
        expect("X.O ... ...", Difficulty::Hard, 6, Rule::ForceFork);
        // Normal takes the centre on both, which only draws.
        expect(".X. ... O..", Difficulty::Normal, 4, Rule::Preferred);
        expect("X.O ... ...", Difficulty::Normal, 4, Rule::Preferred);
    }

    #[test]
    fn hard_takes_a_fork_cell_when_it_cannot_force() {
        // X: 0, 7; O: 1, O to move. X forks at 6 and at 8; O's lines through 1 are both blocked, so no threat
        // can keep X busy. Taking a fork cell (6 comes first) holds the draw; the centre would lose.
        expect("XO. ... .X.", Difficulty::Hard, 6, Rule::TakeFork);
    }

    #[test]
    fn overlapping_or_full_boards_give_none() {
        let d = Difficulty::Hard;
        assert_eq!(cpu_move(board(&[0]), board(&[0]), d, &Seed::ZERO), None);
        let full = position("XOX XOO OXX");
        for d in Difficulty::ALL {
            assert_eq!(cpu_move(full.x(), full.o(), d, &Seed::ZERO), None);
        }
    }

    #[test]
    fn the_move_is_always_an_empty_cell() {
        for p in legal_positions().into_iter().filter(|p| p.outcome().is_none()) {
            let side = p.side_to_move();
            for d in Difficulty::ALL {
                for seed in [0, 1, 5, u64::MAX] {
                    let Some(c) = cpu_move(p.board(side), p.board(side.other()), d, &Seed::from_u64(seed)) else {
                        panic!("no move on\n{p}")
                    };
                    assert!(p.legal_moves().contains(c), "{d} chose taken cell {c} on\n{p}");
                }
            }
        }
    }

    /// How often each of Hard's rules decides, over every legal position still in play with Hard to move.
    /// Every rule must be used somewhere, or a test above is not testing what it thinks.
    #[test]
    fn hard_uses_every_rule() {
        let mut tally = std::collections::HashMap::new();
        for p in legal_positions().into_iter().filter(|p| p.outcome().is_none()) {
            let side = p.side_to_move();
            if let Some(d) = cpu_decision(p.board(side), p.board(side.other()), Difficulty::Hard, &Seed::ZERO) {
                *tally.entry(d.rule).or_insert(0u32) += 1;
            }
        }
        let count = |rule| tally.get(&rule).copied().unwrap_or(0);
        let counts = [
            count(Rule::Win),
            count(Rule::Block),
            count(Rule::Fork),
            count(Rule::ForceFork),
            count(Rule::BlockFork),
            count(Rule::Force),
            count(Rule::TakeFork),
            count(Rule::Preferred),
        ];
        assert_eq!(count(Rule::Random), 0);
        assert_eq!(counts.iter().sum::<u32>(), 4_520, "{tally:?}");
        // Win, Block, Fork, ForceFork, BlockFork, Force, TakeFork, Preferred. Before version 2 (no ForceFork, no
        // TakeFork) the same positions split as Win 2,358, Block 1,484, Fork 192, BlockFork 120, Force 118,
        // Preferred 248.
        assert_eq!(counts, [2_358, 1_484, 192, 66, 104, 118, 16, 182], "{tally:?}");
    }
}
