//! The book's game as a pure transition: state and event in, next state out.
//!
//! The engine draws nothing itself. The page draws the scramble cells at random and reads the clock, and both
//! travel in the events, so a game replays exactly from its events (which is also how a page can restore one
//! after a reload).

use core::fmt;

use super::bitboard::Bitboard;
use super::board::Board;
use super::cell::Cell;
use super::level::Level;
use super::size::Size;
use super::solver::{hint, solve};
use crate::rules::{Refusal, rules_by_apply};

/// Something the player (or the page, for the clock and the dice) does. Timestamps are milliseconds on any
/// clock the page likes; the engine only subtracts them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        tag = "type",
        rename_all = "camelCase",
        rename_all_fields = "camelCase",
        deny_unknown_fields
    )
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum LightsEvent {
    /// Start a new puzzle, replacing whatever was there: press `cells` on a dark board of the level's size.
    NewPuzzle {
        /// The level: the board size and how many cells the scramble must have.
        level: Level,
        /// The scramble, as drawn: distinct cell indices on the board, exactly
        /// [`scramble_presses`](Level::scramble_presses) of them.
        cells: Vec<u8>,
        /// When the puzzle starts.
        at_ms: u64,
    },
    /// Press a cell (as sent: anything from 0 to 255).
    Press {
        /// The cell index; only those on the board are cells.
        cell: u8,
        /// When the press happens; kept if it solves the puzzle.
        at_ms: u64,
    },
    /// Take back the last press.
    Undo,
    /// Show a cell of a minimum solution of the current board.
    Hint,
    /// Back to the scrambled board of this puzzle, with no moves and a fresh clock.
    Restart {
        /// When the new attempt starts.
        at_ms: u64,
    },
}

/// What a puzzle is set up from: [`LightsEvent::NewPuzzle`]'s fields, as [`Lights`]'s
/// [`Setup`](crate::rules::Rules::Setup).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scramble {
    /// The level: the board size and how many cells the scramble must have.
    pub level: Level,
    /// Distinct cell indices on the board, exactly [`scramble_presses`](Level::scramble_presses) of them.
    pub cells: Vec<u8>,
    /// When the puzzle starts.
    pub at_ms: u64,
}

/// Why a scramble cannot make a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScrambleError {
    /// The level needs another number of cells.
    WrongCount {
        /// The level asked for.
        level: Level,
        /// How many cells it needs.
        expected: u8,
        /// How many were given.
        found: usize,
    },
    /// A cell is not on the level's board.
    OffBoard {
        /// The cell index given.
        cell: u8,
        /// The board's size.
        size: Size,
    },
    /// A cell appears twice (pressing it twice would undo it).
    Repeated {
        /// The cell index given twice.
        cell: u8,
    },
}

impl fmt::Display for ScrambleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ScrambleError::WrongCount { level, expected, found } => {
                write!(f, "the {level} level scrambles {expected} cells, got {found}")
            }
            ScrambleError::OffBoard { cell, size } => {
                write!(f, "cell {cell} is not on a {size} board")
            }
            ScrambleError::Repeated { cell } => write!(f, "cell {cell} is scrambled twice"),
        }
    }
}

impl std::error::Error for ScrambleError {}

/// One puzzle being played: the scrambled start, the current board, every board before each press, and the
/// clock's start and finish.
///
/// Made by [`LightsState::new`] and changed only by the rules ([`Lights`]), so the current board is always the
/// start with some presses applied: it always has a solution, and [`LightsState::par`] and [`LightsState::hint`] always
/// answer from the exact solver, not from the scramble record as the book's hint does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LightsState {
    level: Level,
    scramble: Bitboard,
    initial: Board,
    board: Board,
    /// The board before each counted press, oldest first: undo pops a copy, so it restores exactly.
    history: Vec<Board>,
    hint: Option<Cell>,
    started_at_ms: u64,
    solved_at_ms: Option<u64>,
}

impl LightsState {
    /// A new puzzle: `cells` pressed on a dark board of the level's size, at `at_ms`.
    ///
    /// The cells must be exactly [`scramble_presses`](Level::scramble_presses) distinct cells of the board;
    /// the first one that is not says why. A valid scramble never leaves the board dark: on 6×6 and 7×7 only
    /// the empty set of presses does nothing, and on 5×5 the smallest such set has 12 cells.
    ///
    /// ```
    /// use marubatsu_engine::lights::{Level, LightsState, ScrambleError};
    ///
    /// let game = LightsState::new(Level::Easy, &[0, 6, 12, 18, 24, 4, 20], 0)?;
    /// assert!(!game.is_solved());
    /// assert!(game.par() <= 7);
    /// assert_eq!(
    ///     LightsState::new(Level::Easy, &[0, 6, 12, 18, 24, 4, 4], 0),
    ///     Err(ScrambleError::Repeated { cell: 4 }),
    /// );
    /// # Ok::<(), ScrambleError>(())
    /// ```
    pub fn new(level: Level, cells: &[u8], at_ms: u64) -> Result<LightsState, ScrambleError> {
        let expected = level.scramble_presses();
        if cells.len() != usize::from(expected) {
            return Err(ScrambleError::WrongCount {
                level,
                expected,
                found: cells.len(),
            });
        }
        let size = level.size();
        let mut scramble = Bitboard::EMPTY;
        for &index in cells {
            let Some(cell) = size.cell_at_index(index) else {
                return Err(ScrambleError::OffBoard { cell: index, size });
            };
            if scramble.contains(cell) {
                return Err(ScrambleError::Repeated { cell: index });
            }
            scramble = scramble.with(cell);
        }
        let initial = Board::dark(size)
            .press_all(scramble)
            // Every cell was checked to be on the board.
            .unwrap_or(Board::dark(size));
        Ok(LightsState {
            level,
            scramble,
            initial,
            board: initial,
            history: Vec::new(),
            hint: None,
            started_at_ms: at_ms,
            solved_at_ms: None,
        })
    }

    /// The state after `event`, or why the event means nothing now:
    ///
    /// - [`NewPuzzle`](LightsEvent::NewPuzzle) with a scramble [`LightsState::new`] refuses;
    /// - [`Press`](LightsEvent::Press) on a cell off the board, or once the puzzle is solved;
    /// - [`Undo`](LightsEvent::Undo) with no press to take back, or once the puzzle is solved (as in the book);
    /// - [`Hint`](LightsEvent::Hint) once the puzzle is solved, or when that hint is already shown;
    /// - [`Restart`](LightsEvent::Restart) before any press.
    pub(crate) fn apply(&self, event: &LightsEvent) -> Result<LightsState, LightsRefusal> {
        match *event {
            LightsEvent::NewPuzzle {
                level,
                ref cells,
                at_ms,
            } => LightsState::new(level, cells, at_ms).map_err(LightsRefusal::Scramble),
            LightsEvent::Press { cell, at_ms } => self.press(cell, at_ms),
            LightsEvent::Undo => self.undo(),
            LightsEvent::Hint => self.show_hint(),
            LightsEvent::Restart { at_ms } => self.restart(at_ms),
        }
    }

    fn press(&self, index: u8, at_ms: u64) -> Result<LightsState, LightsRefusal> {
        if self.is_solved() {
            return Err(LightsRefusal::Solved);
        }
        let off_board = LightsRefusal::OffBoard { cell: index };
        let cell = self.board.size().cell_at_index(index).ok_or(off_board)?;
        let board = self.board.press(cell).ok_or(off_board)?;
        let mut history = self.history.clone();
        history.push(self.board);
        Ok(LightsState {
            board,
            history,
            hint: None,
            solved_at_ms: board.is_dark().then_some(at_ms),
            ..self.clone()
        })
    }

    fn undo(&self) -> Result<LightsState, LightsRefusal> {
        if self.is_solved() {
            return Err(LightsRefusal::Solved);
        }
        let mut history = self.history.clone();
        let board = history.pop().ok_or(LightsRefusal::NoPress)?;
        Ok(LightsState {
            board,
            history,
            hint: None,
            ..self.clone()
        })
    }

    fn show_hint(&self) -> Result<LightsState, LightsRefusal> {
        // Only a dark board has no hint: every board this type holds is solvable.
        let cell = hint(self.board).ok_or(LightsRefusal::Solved)?;
        if self.hint == Some(cell) {
            return Err(LightsRefusal::HintShown);
        }
        Ok(LightsState {
            hint: Some(cell),
            ..self.clone()
        })
    }

    fn restart(&self, at_ms: u64) -> Result<LightsState, LightsRefusal> {
        if self.history.is_empty() {
            return Err(LightsRefusal::NoPress);
        }
        Ok(LightsState {
            board: self.initial,
            history: Vec::new(),
            hint: None,
            started_at_ms: at_ms,
            solved_at_ms: None,
            ..self.clone()
        })
    }

    /// The level of the puzzle.
    pub const fn level(&self) -> Level {
        self.level
    }

    /// The cells the scramble pressed.
    pub const fn scramble(&self) -> Bitboard {
        self.scramble
    }

    /// The scrambled board the puzzle started from, which [`Restart`](LightsEvent::Restart) goes back to.
    pub const fn initial(&self) -> Board {
        self.initial
    }

    /// The board now.
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The presses counted so far: one per press, one less per undo, zero after a restart.
    pub const fn moves(&self) -> usize {
        self.history.len()
    }

    /// Whether every light is off.
    pub const fn is_solved(&self) -> bool {
        self.board.is_dark()
    }

    /// The cell the last [`Hint`](LightsEvent::Hint) pointed at, until the next press, undo or restart.
    pub const fn hint(&self) -> Option<Cell> {
        self.hint
    }

    /// The fewest presses that solve the current board ("par"); 0 once solved.
    pub fn par(&self) -> u8 {
        // The board is the scramble plus presses, so it always has a solution; 0 would only show on a board
        // this type never holds.
        solve(self.board).map_or(0, |solution| solution.par())
    }

    /// When this attempt started: the new puzzle's or the last restart's timestamp.
    pub const fn started_at_ms(&self) -> u64 {
        self.started_at_ms
    }

    /// When the press that solved the puzzle happened, or `None` while it is unsolved.
    pub const fn solved_at_ms(&self) -> Option<u64> {
        self.solved_at_ms
    }

    /// The time spent: up to the solving press if solved, else up to `now_ms`. Zero if the clock went back.
    pub const fn elapsed_ms(&self, now_ms: u64) -> u64 {
        let end = match self.solved_at_ms {
            Some(at) => at,
            None => now_ms,
        };
        end.saturating_sub(self.started_at_ms)
    }
}

/// The state after `event`, or `state` unchanged if it is refused: a shorthand for the module's tests.
#[cfg(test)]
pub(crate) fn transition(state: &LightsState, event: &LightsEvent) -> LightsState {
    state.apply(event).unwrap_or_else(|_| state.clone())
}

rules_by_apply!(
    /// Cross light's rules as one [`Rules`](crate::rules::Rules) transition: [`LightsState::apply`], with the game
    /// given back on a refusal.
    ///
    /// ```
    /// use marubatsu_engine::lights::{Level, Lights, LightsEvent, LightsState};
    /// use marubatsu_engine::rules::Rules;
    ///
    /// let game = LightsState::new(Level::Easy, &[0, 1, 2, 3, 4, 5, 6], 1_000)?;
    /// // Press the scramble back, one cell at a time.
    /// let mut now = game.clone();
    /// for (i, cell) in (0..7).enumerate() {
    ///     Lights::step(&mut now, &LightsEvent::Press { cell, at_ms: 2_000 + i as u64 }).unwrap();
    /// }
    /// assert!(now.is_solved());
    /// assert_eq!((now.moves(), now.elapsed_ms(99_999)), (7, 1_006));
    /// // Solved: a press or an undo is refused.
    /// assert!(Lights::step(&mut now, &LightsEvent::Press { cell: 12, at_ms: 9_000 }).is_err());
    /// assert!(Lights::step(&mut now, &LightsEvent::Undo).is_err());
    /// // Restart goes back to the scrambled board.
    /// assert_eq!(Lights::transition(now, &LightsEvent::Restart { at_ms: 1_000 }), Ok(game));
    /// # Ok::<(), marubatsu_engine::lights::ScrambleError>(())
    /// ```
    Lights: LightsState, LightsEvent, LightsRefusal,
    setup: Scramble, ScrambleError, |scramble: &Scramble| LightsState::new(scramble.level, &scramble.cells, scramble.at_ms),
    setup_in: |event: &LightsEvent| match event {
        LightsEvent::NewPuzzle { level, cells, at_ms } => Some(Scramble {
            level: *level,
            cells: cells.clone(),
            at_ms: *at_ms,
        }),
        _ => None,
    }
);

/// Why cross light refused an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LightsRefusal {
    /// A new puzzle's scramble does not check.
    Scramble(ScrambleError),
    /// The puzzle is solved: presses, undos and hints wait for a restart or a new puzzle.
    Solved,
    /// The cell is not on this board.
    OffBoard {
        /// The index that was pressed.
        cell: u8,
    },
    /// Nothing has been pressed since the puzzle or the last restart: nothing to undo or restart.
    NoPress,
    /// The hint asked for is already shown.
    HintShown,
}

impl Refusal for ScrambleError {
    fn code(&self) -> &'static str {
        "bad_scramble"
    }
}

impl Refusal for LightsRefusal {
    fn code(&self) -> &'static str {
        match self {
            LightsRefusal::Scramble(error) => error.code(),
            LightsRefusal::Solved => "solved",
            LightsRefusal::OffBoard { .. } => "off_board",
            LightsRefusal::NoPress => "no_press",
            LightsRefusal::HintShown => "hint_shown",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::solver::null_space;
    use crate::lights::test_util::{RandomSource, SplitMix64, distinct_cells};

    fn new_game(rng: &mut SplitMix64, level: Level) -> LightsState {
        let cells = distinct_cells(rng, level.size(), level.scramble_presses());
        LightsState::new(level, &cells, 0).unwrap_or_else(|e| panic!("{cells:?}: {e}"))
    }

    fn press(game: &LightsState, cell: u8) -> LightsState {
        transition(game, &LightsEvent::Press { cell, at_ms: 0 })
    }

    /// Every event worth trying on a state: each possible press, undo, hint, restart, and bad new puzzles.
    fn events(level: Level) -> Vec<LightsEvent> {
        let mut events: Vec<LightsEvent> = (0..=u8::MAX)
            .map(|cell| LightsEvent::Press { cell, at_ms: 5 })
            .collect();
        events.extend([LightsEvent::Undo, LightsEvent::Hint, LightsEvent::Restart { at_ms: 5 }]);
        let n = level.scramble_presses();
        let off = level.size().cells();
        for cells in [
            (0..n - 1).collect::<Vec<u8>>(),
            (0..=n).collect(),
            Vec::new(),
            (0..n - 1).chain([0]).collect(),
            (0..n - 1).chain([off]).collect(),
            (0..n - 1).chain([u8::MAX]).collect(),
        ] {
            events.push(LightsEvent::NewPuzzle { level, cells, at_ms: 5 });
        }
        events
    }

    #[test]
    fn a_new_puzzle_is_the_scramble_pressed_on_a_dark_board() {
        let mut rng = SplitMix64::new(1);
        for level in Level::ALL {
            for _ in 0..100 {
                let cells = distinct_cells(&mut rng, level.size(), level.scramble_presses());
                let Ok(game) = LightsState::new(level, &cells, 42) else {
                    panic!("valid scramble {cells:?}")
                };
                let scramble: Bitboard = cells.iter().filter_map(|&i| Cell::new(i)).collect();
                assert_eq!(game.scramble(), scramble);
                assert_eq!(Board::dark(level.size()).press_all(scramble), Some(game.board()));
                assert_eq!(game.initial(), game.board());
                assert_eq!((game.moves(), game.hint(), game.level()), (0, None, level));
                assert_eq!((game.started_at_ms(), game.solved_at_ms()), (42, None));
                assert!(!game.is_solved());
                assert!(game.par() <= level.scramble_presses());
            }
        }
    }

    #[test]
    fn no_valid_scramble_leaves_the_board_dark() {
        // A scramble of k distinct cells is dark only if it is a non-empty null vector with k cells. 6×6 and 7×7
        // have none; on 5×5 the three have 16, 12 and 12 cells, more than the 7 a scramble presses.
        let mut weights: Vec<u8> = null_space(Size::Five).iter().map(|v| v.len()).collect();
        if let [a, b] = null_space(Size::Five) {
            weights.push(a.xor(*b).len());
        }
        weights.sort();
        assert_eq!(weights, [12, 12, 16]);
        assert!(null_space(Size::Six).is_empty() && null_space(Size::Seven).is_empty());
        assert!(weights[0] > Level::Easy.scramble_presses());
    }

    #[test]
    fn scramble_validation() {
        use ScrambleError::{OffBoard, Repeated, WrongCount};
        let cases: [(Level, Vec<u8>, ScrambleError); 8] = [
            (
                Level::Easy,
                vec![0, 1, 2, 3, 4, 5],
                WrongCount {
                    level: Level::Easy,
                    expected: 7,
                    found: 6,
                },
            ),
            (
                Level::Normal,
                (0..13).collect(),
                WrongCount {
                    level: Level::Normal,
                    expected: 12,
                    found: 13,
                },
            ),
            (
                Level::Hard,
                Vec::new(),
                WrongCount {
                    level: Level::Hard,
                    expected: 18,
                    found: 0,
                },
            ),
            (
                Level::Easy,
                vec![0, 1, 2, 3, 4, 5, 25],
                OffBoard {
                    cell: 25,
                    size: Size::Five,
                },
            ),
            (
                Level::Normal,
                (0..11).chain([36]).collect(),
                OffBoard {
                    cell: 36,
                    size: Size::Six,
                },
            ),
            (
                Level::Hard,
                (0..17).chain([255]).collect(),
                OffBoard {
                    cell: 255,
                    size: Size::Seven,
                },
            ),
            (Level::Easy, vec![3, 1, 2, 3, 4, 5, 6], Repeated { cell: 3 }),
            // The first problem in order wins: 24 repeats before 99 is off the board.
            (Level::Easy, vec![24, 1, 24, 99, 4, 5, 6], Repeated { cell: 24 }),
        ];
        let mut rng = SplitMix64::new(3);
        let game = new_game(&mut rng, Level::Normal);
        for (level, cells, error) in cases {
            assert_eq!(LightsState::new(level, &cells, 0), Err(error), "{cells:?}");
            let event = LightsEvent::NewPuzzle { level, cells, at_ms: 0 };
            assert_eq!(game.apply(&event), Err(LightsRefusal::Scramble(error)));
            assert_eq!(transition(&game, &event), game);
        }
        assert_eq!(
            WrongCount {
                level: Level::Hard,
                expected: 18,
                found: 2
            }
            .to_string(),
            "the hard level scrambles 18 cells, got 2"
        );
        assert_eq!(
            OffBoard {
                cell: 30,
                size: Size::Five
            }
            .to_string(),
            "cell 30 is not on a 5×5 board"
        );
        assert_eq!(Repeated { cell: 3 }.to_string(), "cell 3 is scrambled twice");
    }

    #[test]
    fn every_event_that_means_nothing_returns_the_same_state() {
        let mut rng = SplitMix64::new(4);
        for level in Level::ALL {
            let fresh = new_game(&mut rng, level);
            let hinted = transition(&fresh, &LightsEvent::Hint);
            let pressed = press(&fresh, 0);
            let mut solved = fresh.clone();
            while let Some(cell) = hint(solved.board()) {
                solved = press(&solved, cell.index());
            }
            assert!(solved.is_solved());
            let cells = level.size().cells();
            for state in [&fresh, &hinted, &pressed, &solved] {
                for event in events(level) {
                    let next = state.apply(&event).ok();
                    let expect_nothing = match event {
                        LightsEvent::NewPuzzle { .. } => true,
                        LightsEvent::Press { cell, .. } => state.is_solved() || cell >= cells,
                        LightsEvent::Undo => state.is_solved() || state.moves() == 0,
                        LightsEvent::Hint => state.is_solved() || state.hint().is_some(),
                        LightsEvent::Restart { .. } => state.moves() == 0,
                    };
                    assert_eq!(next.is_none(), expect_nothing, "{event:?} on {state:?}");
                    if next.is_none() {
                        assert_eq!(&transition(state, &event), state);
                    } else {
                        assert_ne!(next.as_ref(), Some(state), "{event:?} changes something");
                    }
                }
            }
        }
    }

    #[test]
    fn press_then_undo_restores_the_state_exactly() {
        let mut rng = SplitMix64::new(5);
        for level in Level::ALL {
            for _ in 0..20 {
                let start = new_game(&mut rng, level);
                // A random walk of presses and undos, checked against a plain list of boards.
                let mut game = start.clone();
                let mut boards = vec![start.board()];
                let mut before: Vec<LightsState> = Vec::new();
                for _ in 0..60 {
                    if game.is_solved() {
                        break;
                    }
                    if rng.below(3) == 0 {
                        let undone = transition(&game, &LightsEvent::Undo);
                        if let Some(previous) = before.pop() {
                            assert_eq!(undone, previous);
                            boards.pop();
                        } else {
                            assert_eq!(undone, game);
                        }
                        game = undone;
                    } else {
                        let Ok(cell) = u8::try_from(rng.below_u64(u64::from(level.size().cells()))) else {
                            panic!("below 49")
                        };
                        before.push(game.clone());
                        game = press(&game, cell);
                        let c = Cell::new(cell).unwrap_or_else(|| panic!("on the board"));
                        let expected = boards.last().and_then(|b| b.press(c));
                        boards.extend(expected);
                    }
                    assert_eq!(Some(&game.board()), boards.last());
                    assert_eq!(game.moves() + 1, boards.len());
                }
                // Undo all the way back reaches the start itself.
                while game.moves() > 0 && !game.is_solved() {
                    game = transition(&game, &LightsEvent::Undo);
                }
                if !game.is_solved() {
                    assert_eq!(game, start);
                }
            }
        }
    }

    #[test]
    fn solving_stops_the_clock_and_freezes_the_board() {
        let Ok(game) = LightsState::new(Level::Easy, &[12, 0, 4, 20, 24, 7, 17], 1_000) else {
            panic!("valid scramble")
        };
        assert_eq!(game.elapsed_ms(1_500), 500);
        assert_eq!(game.elapsed_ms(10), 0, "a clock going back gives zero");
        let mut now = game.clone();
        for (i, &cell) in [12u8, 0, 4, 20, 24, 7].iter().enumerate() {
            now = transition(
                &now,
                &LightsEvent::Press {
                    cell,
                    at_ms: 2_000 + i as u64,
                },
            );
            assert!(!now.is_solved());
            assert_eq!(now.solved_at_ms(), None);
        }
        now = transition(&now, &LightsEvent::Press { cell: 17, at_ms: 3_000 });
        assert!(now.is_solved());
        assert_eq!((now.solved_at_ms(), now.elapsed_ms(50_000)), (Some(3_000), 2_000));
        assert_eq!((now.moves(), now.par(), now.hint()), (7, 0, None));

        let again = transition(&now, &LightsEvent::Restart { at_ms: 60_000 });
        assert_eq!(again.board(), game.board());
        assert_eq!((again.moves(), again.solved_at_ms()), (0, None));
        assert_eq!(again.started_at_ms(), 60_000);
        assert_eq!(transition(&again, &LightsEvent::Restart { at_ms: 1 }), again);
    }

    #[test]
    fn a_hint_is_shown_until_the_next_press_or_undo() {
        let mut rng = SplitMix64::new(6);
        let game = new_game(&mut rng, Level::Hard);
        let hinted = transition(&game, &LightsEvent::Hint);
        let Some(cell) = hinted.hint() else {
            panic!("an unsolved board has a hint")
        };
        assert_eq!(Some(cell), hint(game.board()));
        assert_eq!((hinted.board(), hinted.moves()), (game.board(), 0), "a hint is free");
        let pressed = press(&hinted, cell.index());
        assert_eq!(pressed.hint(), None);
        assert_eq!(pressed.par() + 1, game.par());
        let undone = transition(&transition(&pressed, &LightsEvent::Hint), &LightsEvent::Undo);
        assert_eq!(undone.hint(), None);
        assert_eq!(undone, game);
    }

    /// Many deterministic scrambles on every level: the solver's solution clears the board and is no longer than
    /// the scramble, and following hints through the game's own events solves it in exactly par presses.
    #[test]
    fn property_solutions_and_hints_on_scrambles() {
        let mut rng = SplitMix64::new(0xC0FFEE);
        for level in Level::ALL {
            for _ in 0..500 {
                let game = new_game(&mut rng, level);
                let Some(solution) = solve(game.board()) else {
                    panic!("a scramble is solvable")
                };
                assert!(solution.par() <= level.scramble_presses());
                assert_eq!(solution.par(), game.par());
                assert_eq!(
                    game.board().press_all(solution.presses()).map(|b| b.is_dark()),
                    Some(true)
                );
                if level.size() != Size::Five {
                    // Invertible: the only solution is the scramble itself.
                    assert_eq!(solution.presses(), game.scramble());
                }

                let par = game.par();
                let mut now = game;
                while !now.is_solved() {
                    now = transition(&now, &LightsEvent::Hint);
                    let Some(cell) = now.hint() else {
                        panic!("unsolved boards have a hint")
                    };
                    now = transition(
                        &now,
                        &LightsEvent::Press {
                            cell: cell.index(),
                            at_ms: 9,
                        },
                    );
                    assert!(now.moves() <= usize::from(par));
                }
                assert_eq!(now.moves(), usize::from(par));
                assert_eq!(now.solved_at_ms(), Some(9));
            }
        }
    }
}
